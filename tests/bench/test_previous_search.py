"""The frozen previous search player (``bench/previous_search``, issue 35's yardstick: the
search as it was at 56c25df) plays today's engine legally and decides as the old code did.

``previous_search_decisions.json`` holds the old code's own decisions: recorded in a
``git worktree`` of 56c25df with ``players.search.thunee:thunee_search``,
``players.search.nigerian:nigerian_search`` and
``players.search.three_o_four:three_o_four_search`` in all four seats (48 rollouts, no
clock cap, so the decisions are deterministic), the first 40 decisions with a choice of
seeds 3 and 4, each situation's generator seeded as ``bench.level_match.play_timed`` seeds
it. They span
the cut, bids, trump, calls, Jodis and card play in Thunee (TH-9, TH-12, TH-14, TH-21),
the throw-in, bids and play in Nigerian Thunee (NG-6, NG-7, NG-10), and the cut, both
rounds of bidding, the trump, the mode and card play in 304 (T3-5.4, T3-6.5, T3-7.1, T3-8.1,
T3-9.1, T3-10.1).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bench.previous_search import previous_player
from bench.previous_search.budget import SearchBudget as PreviousBudget
from bench.strength import play_match
from players.base import Situation
from players.budget import SearchBudget
from rules import registry

ROOT = Path(__file__).resolve().parent.parent.parent
RECORDED: dict[str, list[list[int | str]]] = json.loads(
    (Path(__file__).with_name("previous_search_decisions.json")).read_text()
)


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_decides_as_the_old_code_did_th9_th21_ng7_t3_6(key: str) -> None:
    game, _, seed_text = key.partition(":")
    seed = int(seed_text)
    player = previous_player(game, PreviousBudget(rollouts=48, time_cap_ms=0))
    spec = registry.get(game)
    teams = spec.teams(4)
    match = spec.new_match(4, None, seed=seed)
    expected = RECORDED[key]
    got: list[list[int | str]] = []
    step = 0
    while len(got) < len(expected):
        seat = min(match.to_act)
        rng = random.Random(seed * 1_000_003 + step * 31 + seat)
        situation = Situation.at(match, seat, rng, teams)
        action = player.choose(situation)
        if len(situation.legal) > 1:
            got.append([step, seat, situation.phase, action.kind, action.value])
            # stop at the first difference: later positions differ with it
            assert got[-1] == expected[len(got) - 1], (key, got[-1])
        match.apply(seat, action)
        step += 1
    assert {d[2] for d in got} >= {"bidding", "play"}


@pytest.mark.parametrize("game", ["thunee", "nigerian_thunee", "304"])
def test_plays_legal_full_matches_th21_ng10_t3_10(game: str) -> None:
    """A whole match against today's beginner, both sides of one deal: the engine refuses
    an illegal action (``IllegalAction``), so finishing is the test; the old player must
    have decided (searched) in it."""
    budget = SearchBudget(rollouts=12)
    for team in (0, 1):
        score, times, _, previous_times = play_match(
            game, 7, team, budget, "previous", 4, None, "beginner"
        )
        assert score in (0.0, 1.0)
        assert times and previous_times


def test_the_copy_is_the_old_code() -> None:
    """The files under bench/previous_search are 56c25df's, rewritten only as the freezing
    script says (a hand edit would make the yardstick something else). Needs the commit in
    the checkout's history (not in a shallow clone or an unpacked archive)."""
    known = subprocess.run(
        ["git", "cat-file", "-e", "56c25df^{commit}"], cwd=ROOT, capture_output=True
    )
    if known.returncode != 0:
        pytest.skip("56c25df is not in this checkout's history")
    run = subprocess.run(
        [sys.executable, "bench/freeze_previous_search.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_previous_only_for_the_games_frozen() -> None:
    with pytest.raises(KeyError):
        previous_player("tonk")

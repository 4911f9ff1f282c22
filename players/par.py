"""Par for a hand: the same deal, from the same seats, played again by the computers.

After a hand, ``run_par`` rebuilds the match as it stood when that hand was dealt (the
stored identity and action log: the same seed and stacked deals give the same cards, and
the original actions of the deal's own phases, the cut, are kept), then plays the hand
again several times with computers in every seat, the seat under study at the strongest
level, and reports what that seat's side made each time beside what it really made.

Pure and deterministic given the request (each replay's players draw from a seed made of
the request's seed and the replay number): it runs in a worker process (``tables.par``),
so a request and its result are plain picklable values, the game named by its registry
key. Only its own CPU time can end it early (``time_budget_s``, counted in the process's
CPU seconds, so a worker paused while the bot answers (``tables.par``) or starved by other
processes still plays its replays; the replays finished count).

What a side "made" is the game's own measure of a hand (``hand_measure``): in a trick
game the plugin's ``tally`` (card points, tricks) of the seat's team; otherwise what the
hand awarded the seat (or its team), in the game's score unit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from players.base import Situation
from players.budget import SearchBudget
from players.endgame import clone_match
from players.levels import player_of
from rules.contract import GameSpec, Match, snapshot_deal_version
from rules.plugin import LEVELS, GamePlugin
from rules.registry import BUILTIN, GameRegistry

STRONGEST = LEVELS[-1]
"""The level that stands in for the seat under study (``search``; whatever
``players.levels`` makes of it for the game, so a stronger search applies by itself)."""
MAX_ACTIONS_PER_HAND = 10_000
"""Guard against an engine that never ends a hand under computer play."""


@dataclass(frozen=True, slots=True)
class ParRequest:
    snapshot: dict[str, Any]
    """The match (``Match.snapshot()``) at or after the end of the hand."""
    hand: int
    """The hand's index in ``hand_results`` (0 for the first)."""
    seat: int
    """The seat under study (the human's)."""
    levels: tuple[str | None, ...] = ()
    """Each seat's computer level at the table (``None``: a human, replayed at the
    strongest level); empty: every seat at the strongest."""
    replays: int = 5
    rollouts: int = 48
    """The search players' rollouts per decision in the replays (the CPU cost knob)."""
    time_budget_s: float = 30.0
    """No replay starts past this many CPU seconds of the worker; ``0``: no limit."""
    seed: int = 0


@dataclass(frozen=True, slots=True)
class ParResult:
    game: str
    hand: int
    seat: int
    made: int
    """What the seat's side made in the hand as it was played."""
    replays: tuple[int, ...]
    """What it made in each replay (fewer than asked when the time budget ran out)."""
    start_zones: dict[str, list[str]]
    """Where every card lay when the hand was dealt (the same for every replay)."""
    cpu_seconds: float

    @property
    def mean(self) -> float | None:
        return sum(self.replays) / len(self.replays) if self.replays else None


def run_par(request: ParRequest, registry: GameRegistry = BUILTIN) -> ParResult:
    """The par of ``request.hand`` (see the module doc); the pool's entry point."""
    started_cpu = time.process_time()
    snapshot = request.snapshot
    plugin = registry.plugin(snapshot["game"])
    spec = plugin.spec
    start = hand_start(spec, plugin, snapshot, request.hand)
    zones = start.card_zones()
    played = spec.restore(snapshot)
    made = hand_measure(plugin, played, played.hand_results[request.hand], request.seat)
    levels = replay_levels(request.levels, start.players, request.seat)
    budget = SearchBudget(rollouts=request.rollouts, time_cap_ms=0)
    results: list[int] = []
    for replay in range(request.replays):
        if request.time_budget_s and time.process_time() - started_cpu > request.time_budget_s:
            break
        match = clone_match(start)
        rng = random.Random(f"par:{request.seed}:{replay}")
        result = play_hand(match, plugin, levels, budget, rng)
        results.append(hand_measure(plugin, match, result, request.seat))
    return ParResult(
        game=spec.name,
        hand=request.hand,
        seat=request.seat,
        made=made,
        replays=tuple(results),
        start_zones=zones,
        cpu_seconds=time.process_time() - started_cpu,
    )


def hand_start(
    spec: GameSpec[Any], plugin: GamePlugin, snapshot: Mapping[str, Any], hand: int
) -> Match[Any]:
    """The match of ``snapshot`` as it stood when hand ``hand`` was dealt: its earlier
    hands and the hand's deal phases (``GamePlugin.deal_phases``) replayed from the log."""
    match = spec.new_match(
        snapshot["players"],
        snapshot["options"],
        snapshot["seed"],
        snapshot.get("deals") or (),
        deal_version=snapshot_deal_version(snapshot),
    )
    actions = list(snapshot.get("actions", ()))
    index = 0
    while len(match.hand_results) < hand:
        if index >= len(actions):
            raise ValueError(f"the log ends before hand {hand + 1} is dealt")
        seat, action_id = actions[index]
        match.apply(seat, action_id)
        index += 1
    while match.phase in plugin.deal_phases and index < len(actions):
        seat, action_id = actions[index]
        match.apply(seat, action_id)
        index += 1
    return match


def replay_levels(levels: Sequence[str | None], players: int, seat: int) -> list[str]:
    """Each seat's level in a replay: the seat under study and every human at the
    strongest level, the table's computers at their own."""
    out = []
    for s in range(players):
        level = levels[s] if s < len(levels) else None
        out.append(STRONGEST if s == seat or level is None else level)
    return out


def play_hand(
    match: Match[Any],
    plugin: GamePlugin,
    levels: Sequence[str],
    budget: SearchBudget,
    rng: random.Random,
) -> dict[str, Any]:
    """Play the current hand of ``match`` to its end with computers (``levels`` by seat);
    its hand result. Seats act in seat order when several may (a call window)."""
    hands = len(match.hand_results)
    players = {level: player_of(plugin, level, budget) for level in set(levels)}
    teams = match.spec.teams(match.players)
    for _ in range(MAX_ACTIONS_PER_HAND):
        if len(match.hand_results) > hands:
            return match.hand_results[hands]
        if match.is_over:
            break
        seat = min(match.to_act)
        situation = Situation.at(match, seat, random.Random(rng.getrandbits(64)), teams)
        match.apply(seat, players[levels[seat]].choose(situation))
    raise RuntimeError(f"a {match.spec.name} hand did not end under computer play")


def hand_measure(
    plugin: GamePlugin, match: Match[Any], result: Mapping[str, Any], seat: int
) -> int:
    """What ``seat``'s side made in a finished hand (``result``, one of
    ``match.hand_results``): the plugin's ``tally`` for its team in a trick game, else
    what the hand's awards gave the seat or its team."""
    teams = match.spec.teams(match.players)
    team_index = next((i for i, t in enumerate(teams or ()) if seat in t), None)
    if plugin.tally and plugin.tally in result:
        counts = list(result[plugin.tally])
        if teams is not None and len(counts) != len(teams):
            return sum(counts[s] for s in teams[team_index or 0])
        return int(counts[team_index if team_index is not None else seat])
    total = 0
    for entry in result.get("awards", ()):
        mine = seat if entry["to"] == "seat" else team_index
        if entry["index"] == mine:
            total += entry["amount"]
    return total

"""tonk.md §12 invariants INV-TK-1 .. INV-TK-11 over random legal matches.

CI runs a few dozen matches of mixed options; ``-m soak`` runs thousands.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules.contract import Action
from rules.rummy import RUN, meld_from_cards
from rules.tonk import SPEC, Tonk, dealt_hand_size
from tests.conformance.checks import random_options

OUTCOMES = {
    "tonk_on_deal",
    "void_deal",
    "drop",
    "caught",
    "tonk_out",
    "out_on_discard",
    "showdown",
    "stock_void",
}


def check_spreads(match: Tonk) -> None:
    """INV-TK-5: every spread is valid (books 3-4, runs one suit ace low, 2 naturals)."""
    for meld in match.spreads:
        assert meld_from_cards(meld.cards, match.rules) == meld
        if meld.kind == RUN:
            assert meld.low >= 1 and meld.high <= 13  # no Q-K-A, no wrap
        else:
            assert 3 <= len(meld.cards) <= 4
        if match.options.twos_wild:
            assert meld.naturals >= 2


def choose(actions: list[Action], rng: random.Random, weights: dict[str, float] | None) -> Action:
    table = {**SPEC.random_play_weights, **(weights or {})}
    return rng.choices(actions, weights=[table.get(a.kind, 1.0) for a in actions])[0]


def play_checked(
    players: int, options: dict[str, Any], seed: int, weights: dict[str, float] | None = None
) -> Tonk:
    match = SPEC.new_match(players, options, seed=seed)
    assert isinstance(match, Tonk)
    rng = random.Random(seed)
    size = dealt_hand_size(match.options, players)
    hands_with_actions: set[int] = set()
    scores = list(match.scores)
    for result in match.hand_results:  # hands decided on the deal, before any action
        check_result(match, result, hands_with_actions)
    seen_hands = len(match.hand_results)
    steps = 0
    while not match.is_over:
        hand = match.hand_number
        seat = next(iter(match.to_act))
        assert not match.eliminated[seat]  # INV-TK-10
        action = choose(match.legal_actions(seat), rng, weights)
        if action.kind == "drop":
            assert not match.drawn  # INV-TK-7
        turn_start = match.phase in ("draw", "final_draw")
        before_hand = len(match.hands[seat])
        before_table = sum(len(m.cards) for m in match.spreads)
        match.apply(seat, action)
        hands_with_actions.add(hand)
        steps += 1
        assert steps < 20_000
        # INV-TK-1: conservation
        zones = match.card_zones()
        assert Counter(c for cards in zones.values() for c in cards) == Counter(match.deck())
        same_hand = match.hand_number == hand and len(match.hand_results) == seen_hands
        if same_hand:
            check_spreads(match)
            if not match.options.hoyle:
                # INV-TK-8: nobody holds 0 cards while the hand goes on
                assert all(match.hands[s] for s in range(players))
            if action.kind == "discard" and match.phase in ("draw", "final_draw"):
                # INV-TK-9: the turn passes to the next seat still in
                assert match.turn == match._next_seat(seat) or match.options.hoyle
            if turn_start:
                assert len(match.hands[seat]) == before_hand + 1
            else:
                placed = sum(len(m.cards) for m in match.spreads) - before_table
                drop = 1 if action.kind in ("discard", "tunk") else 0
                assert len(match.hands[seat]) == before_hand - placed - drop  # INV-TK-3
        for result in match.hand_results[seen_hands:]:
            check_result(match, result, hands_with_actions)
        if len(match.hand_results) > seen_hands and not match.is_over:
            # INV-TK-2: a fresh deal
            active = [s for s in range(players) if not match.eliminated[s]]
            assert all(len(match.hands[s]) == size for s in active)
            assert len(match.discard) == 1
            assert len(match.stock) == 52 - size * len(active) - 1
        seen_hands = len(match.hand_results)
        if match.options.hoyle:
            assert all(a >= b for a, b in zip(match.scores, scores, strict=True))  # INV-TK-10
            scores = list(match.scores)
    result = match.result
    assert result is not None and result["winners"]
    if match.options.hoyle:
        assert len(result["winners"]) == 1 or len({match.scores[w] for w in result["winners"]}) == 1
    # INV-TK-11: the same seed and log give the same outcome
    again = SPEC.restore(match.snapshot())
    assert again.hand_results == match.hand_results and again.result == match.result
    return match


def check_result(match: Tonk, result: dict[str, Any], with_actions: set[int]) -> None:
    if match.options.hoyle:
        assert result["outcome"] in {"tunk", "stock_void"}
        return
    assert result["outcome"] in OUTCOMES  # INV-TK-4: exactly one TK-45 outcome
    assert sum(result["payments"]) == 0  # INV-TK-4: zero-sum
    if result["outcome"] in ("tonk_on_deal", "void_deal"):
        assert result["hand"] not in with_actions  # INV-TK-6
    assert sum(result["ledger"]) == 0


def random_cases(count: int, seed: int) -> list[tuple[int, dict[str, Any], int]]:
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        players = rng.choice((2, 3, 4))
        options = random_options(SPEC, rng)
        options["hands"] = rng.choice((2, 3, 5))
        try:
            SPEC.new_match(players, options, seed=0)
        except Exception:
            continue
        cases.append((players, options, rng.randrange(10**9)))
    return cases


@pytest.mark.parametrize(("players", "options", "seed"), random_cases(24, 1))
def test_inv_tk_invariants_over_random_matches(
    players: int, options: dict[str, Any], seed: int
) -> None:
    """INV-TK-1 .. INV-TK-11 along random matches (mixed options, Hoyle included)."""
    play_checked(players, options, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_inv_tk_10_hoyle_game_ends_with_winners(players: int) -> None:
    """INV-TK-10: Hoyle scores only grow, eliminated players never act, the game ends."""
    for seed in range(3):
        match = play_checked(players, {"hoyle": True}, seed)
        assert match.result is not None
        winners = match.result["winners"]
        assert all(not match.eliminated[w] for w in winners)


def test_inv_tk_4_all_outcomes_occur() -> None:
    """Random play reaches every standard outcome (so the invariants are exercised)."""
    seen: set[str] = set()
    for seed in range(16):
        options = {"hands": 10, "hand_size": 7 if seed % 2 else 5}
        match = play_checked(4, options, seed, weights={"drop": 0.05})
        seen |= {r["outcome"] for r in match.hand_results}
    assert {"drop", "caught", "out_on_discard", "showdown", "tonk_out"} <= seen


@pytest.mark.soak
def test_inv_tk_soak() -> None:
    for players, options, seed in random_cases(3000, 99):
        play_checked(players, options, seed)

"""The ``search`` computer (issue 13): legal, blind to hidden cards, deterministic for a
seed, within its budget; its worlds agree with the seat's view."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from players import default_registry
from players.search import SearchBudget, SearchPlayer, search_for
from players.search.nigerian import NigerianWorlds, voids_shown
from players.search.sampling import NoConsistentDeal, Zone, deal_unseen
from rules.cards import card_strs, deck32, shuffled
from rules.contract import Deal
from rules.nigerian_thunee import SPEC, NigerianThunee
from rules.random_play import choose as random_choice
from tests.players.search_matches import play_with_search, situation

SMALL = SearchBudget(rollouts=24, time_cap_ms=0)


def player(budget: SearchBudget = SMALL) -> SearchPlayer:
    p = search_for("nigerian_thunee", budget)
    assert isinstance(p, SearchPlayer)
    return p


def random_position(seed: int) -> NigerianThunee:
    """A match advanced by random legal actions to a random point of some hand (every
    third one with the highest bid lowered to 3, NG-7.2's option)."""
    rng = random.Random(seed)
    match = SPEC.new_match(4, {"ng_max_bid": 3} if seed % 3 == 2 else None, seed=seed)
    for _ in range(rng.randrange(0, 60)):
        if match.is_over:
            break
        seat = min(match.to_act)
        match.apply(seat, random_choice(SPEC, match.legal_actions(seat), rng))
    if match.is_over:
        return random_position(seed + 1000)
    assert isinstance(match, NigerianThunee)
    return match


def test_search_is_registered_as_the_hard_level() -> None:
    registry = default_registry()
    assert registry.levels()[:4] == ["random", "beginner", "club", "expert"]
    chosen = registry.get("search", "nigerian_thunee")
    assert chosen.level == "expert" and chosen.blocking


def test_search_finishes_whole_matches_with_legal_actions_only() -> None:
    """Search on both teams (and against random seats): every choice is legal."""
    search = player(SearchBudget(rollouts=12, time_cap_ms=0))
    for seed in (1, 2):
        play_with_search(SPEC.new_match(4, seed=seed), search, seed, random_odd=seed == 2)


@pytest.mark.parametrize("seed", range(12))
def test_search_acts_legally_from_random_positions(seed: int) -> None:
    match = random_position(seed)
    sit = situation(match)
    assert player().choose(sit) in sit.legal


@pytest.mark.parametrize("seed", range(40))
def test_sampled_worlds_agree_with_the_view(seed: int) -> None:
    """A world is the seat's view exactly, hidden cards aside: the same hand, bids,
    trump, cards played, trick, counts and scores, and the same legal actions."""
    match = random_position(seed)
    sit = situation(match)
    worlds = NigerianWorlds(sit)
    rng = random.Random(seed)
    for _ in range(5):
        world = worlds.sample(rng)
        assert world.view(sit.seat) == sit.view
        assert world.legal_actions(sit.seat) == sit.legal


def _stacked(seed: int) -> list[list[str]]:
    cards = card_strs(shuffled(deck32(), random.Random(seed)))
    return [cards[i * 8 : i * 8 + 8] for i in range(4)]


def _hidden_swapped(hands: list[list[str]], own_undealt: bool) -> list[list[str]]:
    """Seat 0's first 5 cards kept; seats 1 and 3 swap hands; with ``own_undealt`` seat
    0's own 3 undealt cards (hidden from it until trump is named) trade places with
    seat 2's."""
    swapped = [list(h) for h in hands]
    swapped[1], swapped[3] = hands[3], hands[1]
    if own_undealt:
        swapped[0] = hands[0][:5] + hands[2][5:]
        swapped[2] = hands[2][:5] + hands[0][5:]
    return swapped


@pytest.mark.parametrize(("seed", "own_undealt"), [(s, u) for s in range(3) for u in (True, False)])
def test_search_never_reads_hidden_cards(seed: int, own_undealt: bool) -> None:
    """Two matches identical in seat 0's view, different in cards it cannot see (its own
    undealt cards too) give the same decisions for the same rng seed: at the auction, at
    the choice of trump and (when its own cards are the same) at the first lead."""
    hands = _stacked(seed)
    matches = [
        SPEC.new_match(4, seed=seed, deals=[Deal(dealer=3, hands=h)])
        for h in (hands, _hidden_swapped(hands, own_undealt))
    ]
    assert matches[0].card_zones() != matches[1].card_zones()
    for m in matches:
        for _ in range(4):
            m.apply(min(m.to_act), "keep")
    search = player(SearchBudget(rollouts=60, time_cap_ms=0))
    decisions = 0
    # Seat 0 bids first (dealer 3); the others pass; a forced dealer names spades.
    while matches[0].phase != "play" or (not own_undealt and min(matches[0].to_act) == 0):
        views = [m.view(0) for m in matches]
        assert views[0] == views[1]
        seat = min(matches[0].to_act)
        if seat == 0:
            choices = [search.choose(situation(m, 0, seed=99)) for m in matches]
            assert choices[0] == choices[1]
            action = choices[0].id
            decisions += 1
            if matches[0].phase == "play":
                break
        else:
            action = "pass" if matches[0].phase == "bidding" else "trump:S"
        for m in matches:
            m.apply(seat, action)
    assert decisions >= 1


def test_search_is_deterministic_for_a_seed() -> None:
    search = player(SearchBudget(rollouts=80, time_cap_ms=0))
    for seed in range(6):
        match = random_position(100 + seed)
        first = search.choose(situation(match, seed=seed))
        stats = search.last
        again = search.choose(situation(match, seed=seed))
        assert first == again and search.last.rollouts == stats.rollouts


def test_search_spends_at_most_its_rollout_budget() -> None:
    match = random_position(3)
    while len(match.legal_actions(min(match.to_act))) < 2:
        match = random_position(match.seed + 1)
    sit = situation(match)
    for rollouts in (10, 37, 100):
        search = player(SearchBudget(rollouts=rollouts, time_cap_ms=0))
        search.choose(sit)
        assert 0 < search.last.rollouts <= max(rollouts, len(sit.legal))
        assert search.last.rollouts % len(sit.legal) == 0  # every action on every world


def test_search_stops_at_its_time_cap() -> None:
    """A huge rollout budget under a 20 ms cap: it stops soon after the cap (one rollout
    late at most, on the thread's CPU clock, which a busy machine does not advance)."""
    match = SPEC.new_match(4, seed=5)  # the auction: the longest rollouts
    for _ in range(4):
        match.apply(min(match.to_act), "keep")
    sit = situation(match)
    search = player(SearchBudget(rollouts=1_000_000, time_cap_ms=20))
    start = time.thread_time()
    action = search.choose(sit)
    elapsed = time.thread_time() - start
    assert action in sit.legal
    assert search.last.capped and search.last.rollouts < 1_000_000
    assert elapsed < 0.25


def test_voids_come_from_failures_to_follow_and_a_first_trump_lead() -> None:
    """NG-10.2: not following shows a void; NG-10.1: leading a trump to the first trick
    shows a hand of trumps only."""
    # Trump hearts (1). Trick 1: seat 1 leads 9H (a trump, so only trumps in hand);
    # seat 2 follows JH; seat 3 plays 7S (void in hearts); seat 0 plays 10H.
    played = [(1, 7 + 13), (2, 9 + 13), (3, 5), (0, 8 + 13)]
    voids = voids_shown(played, trump=1)
    assert voids[1] == {0, 2, 3}
    assert voids[3] == {1}
    assert voids[0] == set() and voids[2] == set()


def test_deal_unseen_respects_sizes_and_voids() -> None:
    unseen = list(range(0, 8)) + list(range(13, 21))  # 8 spades, 8 hearts
    zones = [Zone("a", 8, {0}), Zone("b", 4), Zone("c", 4, {1})]
    for seed in range(20):
        dealt = deal_unseen(unseen, zones, random.Random(seed))
        assert sorted(c for cards in dealt.values() for c in cards) == sorted(unseen)
        assert all(13 <= c < 26 for c in dealt["a"])  # no spades
        assert all(c < 13 for c in dealt["c"])  # no hearts
        assert len(dealt["b"]) == 4


def test_deal_unseen_refuses_an_impossible_record() -> None:
    with pytest.raises(NoConsistentDeal):
        deal_unseen([0, 1, 2], [Zone("a", 3, {0})], random.Random(1))
    with pytest.raises(NoConsistentDeal):
        deal_unseen([0, 1], [Zone("a", 3)], random.Random(1))


def test_nigerian_view_lists_the_cards_played_this_hand() -> None:
    """The search's memory is the view: ``played`` holds this hand's cards in order (all
    public), and a new hand starts it afresh."""
    match = SPEC.new_match(4, seed=11)
    rng = random.Random(11)
    hand = match.view(0)["hand_number"]
    seen: list[list[Any]] = []
    while match.view(0)["hand_number"] == hand:
        seat = min(match.to_act)
        action = random_choice(SPEC, match.legal_actions(seat), rng)
        if action.kind == "throw_in":
            action = next(a for a in match.legal_actions(seat) if a.kind == "keep")
        match.apply(seat, action)
        if action.kind == "play":
            seen.append([seat, action.value])
            if len(seen) < 32:
                assert match.public_view()["played"] == seen
    assert len(seen) == 32
    assert match.is_over or match.public_view()["played"] == []


def test_deal_unseen_finds_the_only_deals_left_late_in_a_hand() -> None:
    """Three clubs left and one seat that may still hold clubs with room for exactly
    three: every sample gives it those clubs (a greedy deal failed here 34 times in 35)."""
    clubs = [3 * 13 + r for r in (7, 8, 12)]  # 9C 10C AC
    spades = [8, 10, 11]  # 10S QS KS
    others = [13 + 5, 13 + 6, 2 * 13 + 5, 2 * 13 + 6]  # 7H 8H 7D 8D
    zones = [Zone("hand0", 3, {0}), Zone("hand2", 4, {3}), Zone("hand3", 3, {3})]
    for seed in range(30):
        dealt = deal_unseen(clubs + spades + others, zones, random.Random(seed))
        assert sorted(dealt["hand0"]) == sorted(clubs)


def test_games_without_a_search_model_get_the_heuristic() -> None:
    """Tonk is not a trick game: the hard level plays its heuristic."""
    for game in ("tonk",):
        assert search_for(game).level == "beginner"

"""The ``search`` computer for 304 (issue 13): card play searched and bids simulated from
the seat's view only; legal, blind to hidden cards, deterministic for a seed, within its
budget; its worlds agree with everything the seat has seen."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from players.base import Situation
from players.heuristic import heuristic_for
from players.search import SearchBudget, search_for
from players.search.three_o_four import ThreeOFourSearch, ThreeOFourWorlds
from rules.cards import card_strs, deck32
from rules.contract import Deal
from rules.random_play import choose as random_choice
from rules.shuffle import LEGACY_DEAL_VERSION
from rules.three_o_four import SPEC, ThreeOFourMatch
from rules.three_o_four import actions as A
from rules.three_o_four.caps import Knowledge
from tests.players.search_matches import play_with_search, situation
from tests.rules.three_o_four.helpers import offered

SMALL = SearchBudget(rollouts=24, time_cap_ms=0)


def player(budget: SearchBudget = SMALL) -> ThreeOFourSearch:
    p = search_for("304", budget)
    assert isinstance(p, ThreeOFourSearch)
    return p


def random_position(seed: int, play_phase: bool = False) -> ThreeOFourMatch:
    """A match moved on by the heuristic with random twists (closed trump chosen most of
    the time, a third of the cards played at random) to a random point of some hand."""
    rng = random.Random(seed)
    match = SPEC.new_match(4, {"starting_tokens": 3}, seed=seed)
    heuristic = heuristic_for("304")
    for step in range(rng.randrange(5, 160)):
        if match.is_over:
            break
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        if A.CLOSED in legal and rng.random() < 0.8:
            action = A.CLOSED
        elif match.phase == "play" and rng.random() < 0.3:
            action = random_choice(SPEC, offered(match, seat), rng)
        else:
            action = heuristic.choose(situation(match, seat, seed * 1000 + step))
        match.apply(seat, action)
    wanted = not play_phase or (
        match.phase == "play" and len(offered(match, min(match.to_act))) > 1
    )
    if match.is_over or not wanted:
        return random_position(seed + 1000, play_phase)
    assert isinstance(match, ThreeOFourMatch)
    return match


def test_search_is_the_hard_level_for_304() -> None:
    chosen = search_for("304")
    assert chosen.level == "expert" and chosen.blocking


def test_search_finishes_whole_matches_with_legal_actions_only() -> None:
    """Search on both teams, then against random seats: every choice is legal and the
    matches end."""
    search = player(SearchBudget(rollouts=8, time_cap_ms=0))
    for seed in (1, 2):
        play_with_search(
            SPEC.new_match(4, {"starting_tokens": 2}, seed=seed), search, seed, random_odd=seed == 2
        )


@pytest.mark.parametrize("seed", range(16))
def test_search_acts_legally_from_random_positions(seed: int) -> None:
    match = random_position(seed)
    sit = situation(match)
    assert player().choose(sit) in sit.legal


@pytest.mark.parametrize("seed", range(30))
def test_sampled_worlds_agree_with_the_view(seed: int) -> None:
    """A world is the seat's view exactly, hidden cards aside: the seat's legal cards,
    every holding's size, the tricks won, whether trump is revealed, exhausted trumps, the
    indicator on the table, the trump (when the seat knows it) and the card points (when
    no face-down card is hidden from it)."""
    match = random_position(seed, play_phase=True)
    sit = situation(match)
    worlds = ThreeOFourWorlds(sit)
    rng = random.Random(seed)
    want = sorted(
        worlds.own_indicator if a.kind == "indicator" else A.PLAY_CARD[a.value]
        for a in sit.legal
        if a.kind in ("play", "indicator")
    )
    hidden = any(card is None for _, card, _, _ in worlds.history)
    for _ in range(5):
        world = worlds.sample(rng)
        assert sorted(worlds.rules.legal(world, sit.seat)) == want
        assert [len(h) for h in world.hands] == [len(h) for h in match.hands]
        assert world.winners == match.trick_winners
        assert world.revealed == match.revealed and world.exhausted == match.exhausted
        assert (world.indicator is not None) == match.indicator_down
        assert [p[0] for p in world.trick] == [p[0] for p in match.trick]
        if match.revealed or sit.seat == match.trumper:
            assert world.trump == match.trump
        if not hidden:
            assert world.points == match.points
        cards = [c for h in world.hands for c in h] + [p[1] for p in world.trick]
        if world.indicator is not None:
            cards.append(world.indicator)
        assert len(set(cards)) == len(cards)


def _deal(swap: bool) -> Deal:
    """Seat 0 holds the same eight cards either way; seats 1 and 3 trade hands, and seat
    2's 9H trades places with seat 3's 9C (seat 0 cannot see any of it)."""
    hands = [
        "JS 9S AS 7D 10S KS QC 8H",
        "JH AH KH QH 10H 8D 7S 8S",
        "9H JD AD 10D KD 7H 9D QS",
        "9C JC AC 10C KC QD 8C 7C",
    ]
    split = [h.split() for h in hands]
    if swap:
        i2, i3 = split[2].index("9H"), split[3].index("9C")
        split[2][i2], split[3][i3] = "9C", "9H"
        split[1], split[3] = split[3], split[1]
    return Deal(dealer=3, hands=split)


def _pair() -> list[ThreeOFourMatch]:
    out = []
    for swap in (False, True):
        m = SPEC.new_match(4, {"first_dealer": 3}, seed=3, deals=[_deal(swap)])
        assert isinstance(m, ThreeOFourMatch)
        m.apply(2, "no_cut")
        out.append(m)
    assert out[0].card_zones() != out[1].card_zones()
    return out


def test_search_never_reads_hidden_cards_at_the_auction_and_the_play() -> None:
    """Two matches identical in seat 0's view but different in cards it cannot see (the
    other hands and its own undealt batch's neighbours) give the same decisions for the
    same rng seed: its bid, its choice of indicator and its first lead."""
    matches = _pair()
    search = player(SearchBudget(rollouts=40, time_cap_ms=0))
    decisions = 0
    while matches[0].phase != "play" or min(matches[0].to_act) == 0:
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
        elif matches[0].phase in ("bidding", "second_bidding"):
            action = "pass"
        else:
            action = matches[0].legal_actions(seat)[0].id
        for m in matches:
            m.apply(seat, action)
    assert decisions >= 3  # the bid, the indicator and the first lead at least


def test_search_never_reads_the_hidden_trump() -> None:
    """Seat 1 does not know trump (closed): two matches whose indicator differs (so the
    trump suit differs), identical in seat 1's view, give seat 1 the same card."""
    matches = []
    for indicator in ("JS", "7D"):
        m = SPEC.new_match(4, {"first_dealer": 3}, seed=5, deals=[_deal(False)])
        assert isinstance(m, ThreeOFourMatch)
        m.apply(2, "no_cut")
        m.apply(0, "bid:160")
        for seat in (1, 2, 3):
            m.apply(seat, "pass")
        m.apply(0, f"trump:{indicator}")
        for seat in (0, 1, 2, 3):
            m.apply(seat, "pass")
        m.apply(0, "closed")
        m.apply(0, "play:QC")
        matches.append(m)
    assert matches[0].trump != matches[1].trump
    assert matches[0].view(1) == matches[1].view(1)
    search = player(SearchBudget(rollouts=60, time_cap_ms=0))
    choices = [search.choose(situation(m, 1, seed=4)) for m in matches]
    assert choices[0] == choices[1] and choices[0] in matches[0].legal_actions(1)


def test_search_is_deterministic_for_a_seed() -> None:
    search = player(SearchBudget(rollouts=60, time_cap_ms=0))
    for seed in range(6):
        match = random_position(100 + seed)
        first = search.choose(situation(match, seed=seed))
        stats = search.last
        again = search.choose(situation(match, seed=seed))
        assert first == again and search.last.rollouts == stats.rollouts


def test_search_spends_at_most_its_rollout_budget() -> None:
    match = random_position(3, play_phase=True)
    sit = situation(match)
    plays = [a for a in sit.legal if a.kind in ("play", "indicator")]
    for rollouts in (10, 37, 100):
        search = player(SearchBudget(rollouts=rollouts, time_cap_ms=0))
        search.choose(sit)
        assert 0 < search.last.rollouts <= max(rollouts, len(plays))
        assert search.last.rollouts % len(plays) == 0  # every card on every world


def test_search_stops_at_its_time_cap() -> None:
    """A huge rollout budget under a 20 ms cap, at the auction (whole hands simulated)
    and in the play: it stops soon after the cap and still answers legally."""
    auction = SPEC.new_match(4, seed=5)
    auction.apply(min(auction.to_act), "no_cut")
    for match in (auction, random_position(8, play_phase=True)):
        sit = situation(match)
        search = player(SearchBudget(rollouts=1_000_000, time_cap_ms=20))
        start = time.thread_time()
        action = search.choose(sit)
        elapsed = time.thread_time() - start
        assert action in sit.legal
        # rollouts, or with few tricks left worlds solved exactly (players/search/exact.py)
        assert search.last.rollouts + search.last.exact > 0
        assert search.last.rollouts < 1_000_000 and search.last.worlds < 1_000_000
        assert elapsed < 0.5  # a million rollouts would take minutes; load adds some


def _opening(hand: str) -> ThreeOFourMatch:
    """Seat 0 to speak first in the four-card auction holding ``hand`` (its first batch)."""
    cards = hand.split()
    rest = [c for c in card_strs(deck32()) if c not in cards]
    hands = [cards + rest[:4]] + [rest[4 + 8 * i : 12 + 8 * i] for i in range(3)]
    m = SPEC.new_match(4, {"first_dealer": 3}, seed=1, deals=[Deal(dealer=3, hands=hands)])
    assert isinstance(m, ThreeOFourMatch)
    m.apply(2, "no_cut")
    return m


def test_search_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    """Simulated hands: the top four spades (81 points and trump control) are worth a bid;
    four low cards of four suits (no points) are not."""
    search = player(SearchBudget(rollouts=120, time_cap_ms=0))
    strong = search.choose(situation(_opening("JS 9S AS 10S")))
    assert strong.kind == "bid"
    weak = search.choose(situation(_opening("7H 8D 7C QS")))
    assert weak == A.PASS


def test_search_names_its_strong_suit_as_trump() -> None:
    """After winning the auction with J 9 A of spades and a small heart, the indicator is
    a spade, the cheapest one (the ace: 11 points)."""
    m = _opening("JS 9S AS 7H")
    m.apply(0, "bid:160")
    for seat in (1, 2, 3):
        m.apply(seat, "pass")
    assert m.phase == "trump"
    choice = player(SearchBudget(rollouts=120, time_cap_ms=0)).choose(situation(m, 0))
    assert choice.id == "trump:AS"


def test_search_calls_caps_exactly_when_certain_we6() -> None:
    """WE-6 (T3-16.4, ED-27): N is not certain at his leads to tricks 2 to 4 and does not
    call; at his lead to trick 5, CP(16), he is, calls with a sound order, and the hand
    scores a correct Caps with its bonus (T3-17.4 rows 1 and 5: +2 tokens)."""
    from tests.rules.three_o_four.test_caps import play_rest, play_upto, we6

    m = we6()
    search = player(SearchBudget(rollouts=16, time_cap_ms=0))
    for k in (4, 8, 12):
        play_upto(m, k)
        assert min(m.to_act) == 2 and any(a.kind == "caps" for a in m.legal_actions(2))
        assert search.choose(situation(m, 2)).kind != "caps", k
    play_upto(m, 16)
    call = search.choose(situation(m, 2))
    assert call.kind == "caps"
    m.apply(2, call)
    play_rest(m)
    result = m.hand_results[0]
    assert result["caps"]["0"] == "correct" and result["delta"] == 2


def assert_view_knowledge_is_the_judges(match: ThreeOFourMatch, sit: Situation) -> Knowledge:
    """K(p, k) read from the seat's view (the search's ``knowledge``) equals the engine
    judge's at this call point (its hand in any order); returns it."""
    from players.search.three_o_four_caps import knowledge

    mine = knowledge(ThreeOFourWorlds(sit))
    theirs = match.judge().knowledge(sit.seat, len(match.history))
    assert sorted(mine.hand) == sorted(theirs.hand)
    mine.hand = theirs.hand
    assert mine == theirs
    return mine


@pytest.mark.parametrize("seed", range(4))
def test_caps_knowledge_from_the_view_is_the_judges(seed: int) -> None:
    """The seat's knowledge read from its view is exactly the engine judge's K(p, k)
    (ED-27), at every turn where it may call Caps, open and closed trump alike."""
    rng = random.Random(seed)
    match = SPEC.new_match(4, seed=seed)
    heuristic = heuristic_for("304")
    compared = 0
    steps = 0
    while not match.is_over and steps < 1500:
        seat = min(match.to_act)
        sit = situation(match, seat, steps)
        if match.phase == "play" and any(a.kind == "caps" for a in sit.legal):
            assert_view_knowledge_is_the_judges(match, sit)
            compared += 1
        action = heuristic.choose(sit)
        if A.CLOSED in sit.legal and rng.random() < 0.7:
            action = A.CLOSED
        elif match.phase == "play" and rng.random() < 0.2:
            action = rng.choice([a for a in sit.legal if a.kind != "caps"])
        match.apply(seat, action)
        steps += 1
    assert compared >= 5


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {"half_court": True}),
        (4, {"tamil_nadu": True}),
        (4, {"maharashtra_scoring": True, "non_trump_marriages": True}),
        (4, {"external_caps": "modern", "caps_order_required": False}),
        (4, {"points_display": "tenths", "bid_step_above_200": 5}),
        (6, {}),
        (6, {"six_player_deck": "36"}),
        (8, {}),
    ],
)
def test_search_plays_every_variant_legally(
    players: int, options: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """T3V-4, T3V-5, T3V-7, T3V-9, T3V-11, T3V-12 tables: search on one team, random
    play (then the heuristic) on the other, every choice legal, no world it cannot
    explain (the search logs an error and lets the heuristic move), the match ends."""
    search = player(SearchBudget(rollouts=8, time_cap_ms=0))
    heuristic = heuristic_for("304")
    searched = 0
    for seed in range(2):
        match = SPEC.new_match(players, {**options, "starting_tokens": 3}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not match.is_over:
            seat = min(match.to_act)
            sit = situation(match, seat, steps)
            if seat % 2 == seed % 2:
                action = search.choose(sit)
                searched += match.phase == "play" and search.last.rollouts > 0
            elif seed == 0:
                action = random_choice(SPEC, sit.legal, rng)  # Half Court, PCC, asks...
            else:
                action = heuristic.choose(sit)
            assert match.is_legal(seat, action)
            match.apply(seat, action)
            steps += 1
        assert match.result is not None
    assert searched >= 10  # (the heuristic's Caps calls end some hands early)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_a_pinned_indicator_is_always_sampled() -> None:
    """T3-11.6 / T3-11.9(b): spades are led four times; the trumper N (whose only spade
    is the face-down indicator KS) and then everyone else play face down, and no trump
    shows. For E, who does not know trump, every spade but KS has been seen and nobody
    can hold KS: every world has KS as the indicator, so spades are trump."""
    from tests.rules.three_o_four.helpers import E, N, S, W, act, new, play

    m = new(
        S,
        {
            E: "AS TS 9S 7S JH 9H AH TH",
            N: "KS KH QH 8H 7H JD 9D AD",
            W: "8S TD KD QD 8D 7D JC 9C",
            S: "JS QS AC TC KC QC 8C 7C",
        },
    )
    act(m, (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:KS"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "closed"))
    play(m, "E:AS N:7H W:8S S:JS  S:QS E:TS N:8H W:7D  E:9S N:QH W:8D S:7C")
    play(m, "E:7S N:KH W:QD S:8C")
    assert m.view(E)["trump"] is None and min(m.to_act) == E
    worlds = ThreeOFourWorlds(situation(m, E))
    rng = random.Random(3)
    for _ in range(30):
        world = worlds.sample(rng)
        assert world.indicator == A.PLAY_CARD["KS"] and world.trump == 0


def test_search_calls_caps_under_a_higher_trump_already_on_the_table() -> None:
    """T3-16.4 / ED-27: the search player's quick refutation "the other team holds the
    highest trump still out" is no refutation when a higher trump lies in the trick in
    progress. Here (6 players, seed 1, random play without calls, the 129th action) seat 3
    is certain at CP(20) although an opponent holds the highest unplayed trump; the player
    must call (a missed duty is Wrong Caps)."""
    spec = SPEC
    match = spec.new_match(6, seed=1, deal_version=LEGACY_DEAL_VERSION)
    rng = random.Random(1)
    for _ in range(128):
        seat = next(iter(match.to_act))
        legal = match.legal_actions(seat)
        match.apply(seat, rng.choice([a for a in legal if a.kind != "caps"]))
    assert match.to_act == {3} and len(match.history) == 20
    judge = match.judge()
    assert judge.certain(3, 20) is not None
    trump, strength = match.trump, match.layout.strength
    unplayed = {c: s for s in judge.active for c in match._remaining(s) if c // 13 == trump}
    top = max(unplayed, key=lambda c: strength[c])
    assert unplayed[top] % 2 != 3 % 2
    assert any(c // 13 == trump and strength[c] > strength[top] for _, c, _, _ in match.trick)
    call = player(SearchBudget(rollouts=16, time_cap_ms=0)).choose(situation(match, 3))
    assert call.kind == "caps"


def test_search_calls_caps_with_top_cards_before_the_first_card() -> None:
    """T3-16.4: holding the four top trumps and the top card of each other suit, North is
    certain at his first lead (the judge proves it by the cashing order, where its search
    runs out of nodes); the player calls there, and the call is correct with its bonus."""
    from tests.rules.three_o_four.test_caps_refutations import top_cards_match

    m = top_cards_match()
    call = player(SearchBudget(rollouts=16, time_cap_ms=0)).choose(situation(m, 2))
    assert call.kind == "caps"
    m.apply(2, call)
    while m.hand_no == 0:
        seat = next(iter(m.to_act))
        m.apply(seat, m.legal_actions(seat)[0])
    assert m.hand_results[0]["caps"]["0"] == "correct" and m.hand_results[0]["caps_bonus"]


LOST_FIRST = {
    2: "JC 9C AC TC JS 9S JH 7D",  # North
    1: "KC QC 8C 7C AS TS KS QS",  # East
    3: "AH TH KH QH AD TD KD QD",  # West
    0: "8S 7S 9H 8H 7H 9D 8D JD",  # South
}
"""North bids 160 on clubs and leads; his 7D loses trick 1 to West's AD, his JH wins
trick 2, and from his lead to trick 3 his four top trumps and top spades win the rest."""


def test_search_never_calls_caps_once_its_team_lost_a_trick() -> None:
    """T3-16.1 / ED-27 (1) / T3-16.7(d): North's team lost trick 1; at his lead to trick 3
    the remaining tricks are certain (``certain_order`` finds the cashing order), and the
    engine still offers the call, but Caps is impossible and the call would be Wrong Caps
    (T3-17.4 row 6: -2). The search plays on instead and makes the contract (+1)."""
    from players.search.three_o_four_caps import certain_order
    from tests.rules.three_o_four.helpers import E, N, S, W, act, new, play

    m = new(E, LOST_FIRST)
    act(m, (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:JC"))
    act(m, (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    play(m, "N:7D W:AD S:8D E:QS  W:AH S:7H E:KS N:JH")
    assert m.trick_winners == [1, 0] and min(m.to_act) == N
    assert any(a.kind == "caps" for a in m.legal_actions(N))
    sit = situation(m, N)
    assert certain_order(ThreeOFourWorlds(sit), random.Random(1)) is not None
    search = player(SearchBudget(rollouts=16, time_cap_ms=0))
    while m.hand_no == 0:
        seat = min(m.to_act)
        choice = search.choose(situation(m, seat))
        assert choice.kind != "caps"
        m.apply(seat, choice)
    result = m.hand_results[0]
    assert result["caps"]["0"] == "none" and result["made"] and result["delta"] == 1

"""Nigerian Thunee (thunee.md §15): the seed's examples with stacked deals, and the rules.

Seats run clockwise: South=0, West=1, North=2, East=3 (NG-3); team = seat % 2 (NG-1).
"""

from __future__ import annotations

import random

import pytest

from rules import Deal, IllegalAction, registry
from rules.cards import NIGERIAN_ORDER, deck32, parse_card, parse_cards
from rules.nigerian_thunee import (
    NigerianThunee,
    deal_one_at_a_time,
    match_winner,
    team_score,
)
from rules.random_play import random_step
from rules.tricks import trick_winner_index

SPEC = registry.get("nigerian_thunee")
S, W, N, E = 0, 1, 2, 3

# Each seat holds two cards of every suit; each suit's top two sit with one player, so
# whoever leads a suit he tops wins it (everybody can always follow suit).
EX26_HANDS = [
    ["JS", "9S", "AH", "10H", "AD", "10D", "AC", "10C"],  # South
    ["AS", "10S", "JH", "9H", "KD", "QD", "KC", "QC"],  # West
    ["KS", "QS", "KH", "QH", "JD", "9D", "8C", "7C"],  # North
    ["8S", "7S", "8H", "7H", "8D", "7D", "JC", "9C"],  # East
]
EX26_AUCTION = [(W, "bid:1"), (N, "bid:2"), (E, "bid:3"), (S, "pass"), (W, "pass"), (N, "bid:4")]
EX26_PLAY = [
    ["JD", "8D", "AD", "KD"],  # North leads: N wins
    ["9D", "7D", "10D", "QD"],  # N
    ["KS", "8S", "JS", "AS"],  # S
    ["9S", "10S", "QS", "7S"],  # S leads: S
    ["AH", "JH", "KH", "8H"],  # W
    ["9H", "QH", "7H", "10H"],  # W leads: W
    ["KC", "8C", "JC", "AC"],  # E
    ["9C", "10C", "QC", "7C"],  # E leads: E
]

EX27_HANDS = [
    ["9S", "7S", "AH", "10H", "AD", "10D", "AC", "10C"],  # South
    ["JS", "8S", "JH", "9H", "KD", "QD", "KC", "QC"],  # West
    ["AS", "10S", "KH", "QH", "JD", "9D", "8C", "7C"],  # North
    ["KS", "QS", "8H", "7H", "8D", "7D", "JC", "9C"],  # East
]
EX27_AUCTION = [(W, "bid:1"), (N, "pass"), (E, "bid:3"), (S, "pass"), (W, "pass")]
EX27_PLAY = [
    ["JC", "AC", "KC", "8C"],  # East leads: E
    ["9C", "10C", "QC", "7C"],  # E
    ["8D", "AD", "KD", "JD"],  # N
    ["9D", "7D", "10D", "QD"],  # N leads: N
    ["KH", "8H", "AH", "JH"],  # W
    ["9H", "QH", "7H", "10H"],  # W leads: W
    ["JS", "10S", "QS", "7S"],  # W
    ["8S", "AS", "KS", "9S"],  # W leads: S
]


def play_hand(
    match: NigerianThunee, auction: list[tuple[int, str]], trump: str, tricks: list[list[str]]
) -> None:
    """Keep cards all round, run the auction, name trump, then play the tricks in order."""
    for _ in range(4):
        match.apply(next(iter(match.to_act)), "keep")
    for seat, action in auction:
        match.apply(seat, action)
    bidder = next(iter(match.to_act))
    match.apply(bidder, f"trump:{trump}")
    for trick in tricks:
        for card in trick:
            seat = next(iter(match.to_act))
            match.apply(seat, f"play:{card}")


def new_match(*deals: list[list[str]], dealer: int = S, seed: int = 1) -> NigerianThunee:
    match = SPEC.new_match(4, seed=seed, deals=[Deal(dealer=dealer, hands=h) for h in deals])
    assert isinstance(match, NigerianThunee)
    return match


def test_ex26_ng_example_1_contracts_and_passing_trick() -> None:
    """EX-26, NG-11.1, NG-11.2, NG-11.3: E+W score 4; N+S fail their 4 and keep South's 1."""
    match = new_match(EX26_HANDS)
    for _ in range(4):
        match.apply(next(iter(match.to_act)), "keep")
    for seat, action in EX26_AUCTION:
        match.apply(seat, action)
    match.apply(E, "pass")  # S, W and E have passed: North wins at 4 (NG-7.4)
    assert match.phase == "trump" and match.to_act == {N}
    match.apply(N, "trump:C")
    for trick in EX26_PLAY:
        for card in trick:
            match.apply(next(iter(match.to_act)), f"play:{card}")
    result = match.hand_results[0]
    assert result["tricks"] == [2, 2, 2, 2]
    assert result["contracts"] == [4, 3]
    assert result["made_bid"] == [False, True, True, True]
    assert result["team_points"] == [1, 4]
    assert match.scores == [1, 4]


def test_ex27_ng_example_2_passers_count_one_trick_each() -> None:
    """EX-27: E wins at 3; tricks W3 N2 E2 S1; E+W score 5, N+S (contract 0) score 2."""
    match = new_match(EX27_HANDS)
    play_hand(match, EX27_AUCTION, "S", EX27_PLAY)
    result = match.hand_results[0]
    assert result["bidder"] == E and result["contracts"] == [0, 3]
    assert result["tricks"] == [1, 3, 2, 2]
    assert result["team_points"] == [2, 5]


def test_ng12_scores_accumulate_and_ng4_2_most_tricks_deals_next() -> None:
    """NG-4.2: West won the most tricks (3) so West deals next; NG-12: scores add up."""
    match = new_match(EX27_HANDS)
    play_hand(match, EX27_AUCTION, "S", EX27_PLAY)
    assert match.dealer == W and match.hand_number == 2
    assert match.to_act == {N}  # the throw-in window starts at the new dealer's left (NG-6)
    match.apply(N, "throw_in")  # E+W gain 3 on top of their 5
    assert match.scores == [2, 8]


def test_ng4_3_tie_between_teams_goes_to_the_higher_team_then_a_draw() -> None:
    """NG-4.3 (engine decision): all four won 2; E+W lead 4-1, so West or East deals."""
    dealers = set()
    for seed in range(20):
        match = new_match(EX26_HANDS, seed=seed)
        play_hand(match, [*EX26_AUCTION, (E, "pass")], "C", EX26_PLAY)
        dealers.add(match.dealer)
    assert dealers == {W, E}


def test_ex28_ng11_4_capture_scores_ten_to_nothing() -> None:
    """EX-28, NG-11.4, NG-10.1: South holds all 8 hearts, may lead trump, takes every trick."""
    others = ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"]
    others += ["JD", "9D", "AD", "10D", "KD", "QD", "8D", "7D"]
    others += ["JC", "9C", "AC", "10C", "KC", "QC", "8C", "7C"]
    hearts = ["JH", "9H", "AH", "10H", "KH", "QH", "8H", "7H"]
    match = new_match([hearts, others[0:8], others[8:16], others[16:24]], dealer=E)
    for _ in range(4):
        match.apply(next(iter(match.to_act)), "keep")
    match.apply(S, "bid:1")
    for seat in (W, N, E):
        match.apply(seat, "pass")
    match.apply(S, "trump:H")
    # only trumps in hand: leading one to trick 1 is allowed (NG-10.1 engine decision)
    assert {a.id for a in match.legal_actions(S)} == {f"play:{c}" for c in hearts}
    for card in hearts:
        match.apply(S, f"play:{card}")
        for _ in range(3):
            seat = next(iter(match.to_act))
            match.apply(seat, match.legal_actions(seat)[0])
    result = match.hand_results[0]
    assert result["outcome"] == "capture" and result["capture_team"] == 0
    assert result["team_points"] == [10, 0]


def test_ex29_ng13_match_end() -> None:
    """EX-29, NG-13: 16 v 12 -> A; 17 v 16 -> A; 16 v 16 -> play on; below 16 -> play on."""
    assert match_winner([16, 12]) == 0
    assert match_winner([17, 16]) == 0
    assert match_winner([16, 17]) == 1
    assert match_winner([16, 16]) is None
    assert match_winner([15, 15]) is None


def test_ex30_ng6_throw_in_gives_opponents_three_and_the_same_dealer_redeals() -> None:
    """EX-30, NG-6, NG-4.4: West throws in for E+W; N+S get 3; South deals again."""
    match = new_match(EX26_HANDS, EX27_HANDS)
    match.apply(W, "throw_in")
    assert match.scores == [3, 0]
    assert match.hand_results[0]["outcome"] == "throw_in"
    assert match.dealer == S and match.hand_number == 2 and match.phase == "throw_in"
    assert match.view(S)["hand"] == EX27_HANDS[S][:5]


def test_ng6_no_throw_in_once_bidding_has_begun() -> None:
    """NG-6: the window closes when bidding starts."""
    match = new_match(EX26_HANDS)
    for _ in range(4):
        match.apply(next(iter(match.to_act)), "keep")
    assert match.phase == "bidding"
    with pytest.raises(IllegalAction):
        match.apply(W, "throw_in")


def test_ng13_throw_in_can_end_the_match() -> None:
    """NG-13 engine decision: the match-end test also runs after a throw-in."""
    match = new_match(*([EX26_HANDS] * 7))
    for hand in range(6):
        match.apply(next(iter(match.to_act)), "throw_in")  # West throws in: N+S +3
        assert match.is_over == (hand == 5)
    assert match.scores == [18, 0]
    first = match.hand_results[0]  # the common core: NG-6, the opponents of West gain 3
    assert first["why"] == {"code": "throw_in", "params": {"seat": first["thrown_in_by"]}}
    assert first["winners"] == [0, 2]
    assert first["awards"] == [{"to": "team", "index": 0, "amount": 3, "unit": "points"}]
    assert match.result == {
        "winner_team": 0,
        "winners": [0, 2],
        "scores": [18, 0],
        "hands": 6,
        "score": {
            "unit": "points",
            "by": "team",
            "values": [18, 0],
            "target": 16,
            "lower_wins": False,
        },
    }


def test_ng7_auction_turns_raises_and_passes() -> None:
    """NG-7.1 dealer's left first; NG-7.2 each bid higher, max 8; NG-7.3 no bid after a pass."""
    match = new_match(EX26_HANDS)
    for _ in range(4):
        match.apply(next(iter(match.to_act)), "keep")
    assert match.to_act == {W}
    assert [a.id for a in match.legal_actions(W)] == [f"bid:{n}" for n in range(1, 9)] + ["pass"]
    match.apply(W, "bid:3")
    with pytest.raises(IllegalAction, match="Bid more than 3"):
        match.apply(N, "bid:2")
    match.apply(N, "pass")
    match.apply(E, "bid:5")
    match.apply(S, "pass")
    assert match.to_act == {W}  # North has passed and is skipped
    match.apply(W, "bid:8")
    assert match.to_act == {E}
    assert [a.id for a in match.legal_actions(E)] == ["pass"]
    match.apply(E, "pass")
    assert match.phase == "trump" and match.to_act == {W}


def test_ng7_5_three_passes_force_the_dealer_to_bid_one() -> None:
    """NG-7.5: W, N, E pass; South (dealer) is forced to 1, which counts as a bid (NG-11)."""
    match = new_match(EX26_HANDS)
    for _ in range(4):
        match.apply(next(iter(match.to_act)), "keep")
    for seat in (W, N, E):
        match.apply(seat, "pass")
    assert match.phase == "trump" and match.to_act == {S}
    assert match.bidder == S and match.high_bid == 1 and match.made_bid[S]
    assert match.contracts == [1, 0]


def test_ng8_ng9_trump_is_public_and_three_more_cards_follow() -> None:
    """NG-8: trump named on 5 cards, public; NG-9: then 3 more each, 8 in all."""
    match = new_match(EX26_HANDS)
    assert match.view(S)["hand"] == EX26_HANDS[S][:5]
    assert len(match.view(N)["hand"]) == 5
    play_hand(match, [*EX26_AUCTION, (E, "pass")], "C", [])
    assert match.public_view()["trump"] == "C"
    assert all(match.view(s)["hand"] == EX26_HANDS[s] for s in range(4))


def test_ng10_1_no_trump_lead_to_trick_one_but_allowed_later() -> None:
    """NG-10.1, NG-10.5: North may not lead a club (trump) first; from trick 2 he may."""
    match = new_match(EX26_HANDS)
    play_hand(match, [*EX26_AUCTION, (E, "pass")], "C", [])
    legal = {a.id for a in match.legal_actions(N)}
    assert "play:8C" not in legal and "play:JD" in legal
    with pytest.raises(IllegalAction, match="may not lead a trump"):
        match.apply(N, "play:8C")
    for card in EX26_PLAY[0]:
        match.apply(next(iter(match.to_act)), f"play:{card}")
    assert "play:8C" in {a.id for a in match.legal_actions(N)}


def test_ng10_2_follow_suit_if_able() -> None:
    """NG-10.2: East must follow diamonds; a club is refused with a readable message."""
    match = new_match(EX26_HANDS)
    play_hand(match, [*EX26_AUCTION, (E, "pass")], "C", [["JD"]])
    assert {a.id for a in match.legal_actions(E)} == {"play:8D", "play:7D"}
    with pytest.raises(IllegalAction, match="follow diamonds"):
        match.apply(E, "play:JC")
    with pytest.raises(IllegalAction, match="don't hold"):
        match.apply(E, "play:JD")


def test_ex33_ng2_ng10_3_ranking_and_trick_winner() -> None:
    """EX-33, NG-2, NG-10.3 (AMB-32): trump D; 7C 8C JH QC -> QC; with 7D for JH -> 7D."""
    assert NIGERIAN_ORDER.ranks == ("J", "9", "A", "10", "K", "Q", "8", "7")
    diamonds = 2
    assert (
        trick_winner_index(parse_cards(["7C", "8C", "JH", "QC"]), diamonds, NIGERIAN_ORDER.strength)
        == 3
    )
    assert (
        trick_winner_index(parse_cards(["7C", "8C", "7D", "QC"]), diamonds, NIGERIAN_ORDER.strength)
        == 2
    )


def test_ng2_ng5_pack_and_one_at_a_time_deal() -> None:
    """NG-2: 32 cards; NG-5/NG-9: from the dealer's left, 5 then 3 each, one at a time."""
    pack = deck32()
    assert len(pack) == 32 and len(set(pack)) == 32
    hands = deal_one_at_a_time(pack, dealer=S)
    assert hands[W][:2] == [pack[0], pack[4]] and hands[S][4] == pack[19]
    assert hands[W][5] == pack[20] and hands[S][7] == pack[31]


def test_ng1_ng3_teams_and_clockwise_turns() -> None:
    """NG-1: partners opposite; NG-3: clockwise, seat s+1 acts after s."""
    assert SPEC.teams(4) == ((0, 2), (1, 3))
    match = new_match(EX26_HANDS)
    order = []
    for _ in range(4):
        seat = next(iter(match.to_act))
        order.append(seat)
        match.apply(seat, "keep")
    assert order == [W, N, E, S]


def test_ng4_1_first_dealer_is_random_but_seeded() -> None:
    """NG-4.1: the first dealer is drawn with the match's RNG."""
    dealers = {SPEC.new_match(4, seed=seed).dealer for seed in range(40)}  # type: ignore[attr-defined]
    assert dealers == {0, 1, 2, 3}
    assert SPEC.new_match(4, seed=9).dealer == SPEC.new_match(4, seed=9).dealer  # type: ignore[attr-defined]


def test_ng11_team_score_formula() -> None:
    """NG-11.3: made -> counted tricks; failed -> 1 if a pass-only member won a trick."""
    assert team_score((0, 2), 4, [2, 0, 2, 0], [False, False, True, False]) == 1
    assert team_score((0, 2), 3, [2, 0, 2, 0], [True, False, True, False]) == 4
    assert team_score((0, 2), 5, [2, 0, 2, 0], [True, False, True, False]) == 0
    assert team_score((0, 2), 0, [0, 0, 0, 0], [False, False, False, False]) == 0


def test_ng14_no_south_african_calls() -> None:
    """NG-14: no Thunee, Jodi or balls: only throw-in, bidding, trump and plays exist."""
    kinds = {SPEC.parse_action(i).kind for i in SPEC.actions.ids()}
    assert kinds == {"play", "bid", "pass", "throw_in", "keep", "trump"}
    for bad in ("call:thunee", "jodi:20", "double"):
        with pytest.raises(IllegalAction):
            SPEC.parse_action(bad)


def test_bad_deals_are_rejected() -> None:
    """A stacked deal must hold the 32-card pack: 4 hands of 8, no duplicates."""
    short = [h[:7] for h in EX26_HANDS]
    with pytest.raises(IllegalAction, match="8 cards"):
        new_match(short)
    dup = [list(h) for h in EX26_HANDS]
    dup[0][0] = dup[1][0]
    with pytest.raises(IllegalAction, match="exactly once"):
        new_match(dup)
    with pytest.raises(IllegalAction, match="not a card"):
        new_match([["XX", *h[1:]] for h in EX26_HANDS])


@pytest.mark.parametrize("seed", range(150))
def test_inv23_inv24_over_random_matches(seed: int) -> None:
    """INV-23: hand scores in [0, 10], capture (10, 0), failed team <= 1, bids rise within
    1..8, nobody bids after passing, three passes end the auction. INV-24: no trump lead to
    trick 1 unless the leader holds only trumps. INV-3: 8 cards each after the second deal;
    INV-5: 8 tricks whose counts sum to 8."""
    match = SPEC.new_match(4, seed=seed)
    assert isinstance(match, NigerianThunee)
    rng = random.Random(seed)
    while not match.is_over:
        if match.phase == "play" and match.tricks_played == 0 and not match.trick:
            assert sorted(len(h) for h in match.hands) == [8, 8, 8, 8]
            leader = next(iter(match.to_act))
            trumps = {c for c in match.hands[leader] if c // 13 == match.trump}
            led = {parse_card(a.value) for a in match.legal_actions(leader)}
            if trumps != set(match.hands[leader]):
                assert not led & trumps
        seat, action = random_step(match, rng)
        match.apply(seat, action)
    for result in match.hand_results:
        points = result["team_points"]
        assert all(0 <= p <= 10 for p in points)
        if result["outcome"] == "throw_in":
            assert sorted(points) == [0, 3]
            continue
        assert sum(result["tricks"]) == 8
        if result["outcome"] == "capture":
            assert sorted(points) == [0, 10]
            continue
        bids = [b for _, b in result["bids"] if b]
        assert bids == sorted(set(bids)) and all(1 <= b <= 8 for b in bids)
        passed: set[int] = set()
        for seat, bid in result["bids"]:
            assert seat not in passed or seat == result["bidder"]
            if not bid:
                passed.add(seat)
        assert len(passed) == 3
        for team in (0, 1):
            contract = result["contracts"][team]
            counted = sum(
                result["tricks"][p] if result["made_bid"][p] else min(result["tricks"][p], 1)
                for p in (team, team + 2)
            )
            if counted < contract:
                assert points[team] <= 1
            for p in (team, team + 2):
                if not result["made_bid"][p]:
                    assert min(result["tricks"][p], 1) <= 1
    winner = match.result["winner_team"]  # type: ignore[index]
    assert match.scores[winner] >= 16 and match.scores[winner] > match.scores[1 - winner]

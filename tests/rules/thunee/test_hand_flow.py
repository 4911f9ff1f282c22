"""The hand flow on stacked deals: dealing, trump, bidding, the count, rotation
(shared/rules/thunee.md TH-3 to TH-10, TH-19, TH-23 to TH-25, TH-29 to TH-31)."""

from __future__ import annotations

import pytest

from rules.contract import IllegalAction
from rules.thunee.dealing import BLACK_JACKS
from tests.rules.thunee.helpers import (
    DEAL_36,
    DEAL_A,
    SCRIPT_A,
    SCRIPT_A_LAST,
    act,
    deal,
    ids,
    new,
    pass_poll,
    play,
    play_any,
    to_play,
)


def test_th1_th3_seats_teams_and_roles() -> None:
    """TH-1.1 / TH-3.3 / TH-3.4 / TH-3.5: teams s%2; cutter d-1, trumper d+1, leader TM+1."""
    match = new(DEAL_A)
    assert match.spec.teams(4) == ((0, 2), (1, 3))
    assert (match.dealer, match.cutter, match.trumper) == (0, 3, 1)
    assert match.to_act == {3} and match.phase == "cut"
    to_play(match, "JH")
    assert match.tm == 1 and match.turn == 2 and match.phase == "play"


def test_th4_black_jack_first_dealer() -> None:
    """TH-4.2: cards dealt face up from seat 0 until a black jack; its receiver deals."""
    for seed in range(20):
        match = new(seed=seed)
        draw = match.first_dealer_draw
        assert draw[0][0] == 0
        assert [s for s, _ in draw] == [i % 4 for i in range(len(draw))]
        assert draw[-1][1] in BLACK_JACKS
        assert not any(c in BLACK_JACKS for _, c in draw[:-1])
        assert match.dealer == draw[-1][0]
        assert match.score.balls == [0, 0]  # TH-4.1
    started = new(seed=3, first_dealer_start_seat=2).first_dealer_draw
    assert started[0][0] == 2
    assert 0 <= new(seed=3, first_dealer_method="random").dealer < 4


def test_th5_cut_is_asked_on_a_stacked_deal_and_declining_is_legal() -> None:
    """TH-5.2 / engine-api: the cutter is asked even when the deal is stacked."""
    for choice in ("cut", "no_cut"):
        match = new(DEAL_A)
        assert ids(match, 3) == ["cut", "no_cut"]
        act(match, 3, choice)
        assert match.view(1)["hand"] == ["JH", "9H", "AH", "10H"]


def _dealt_order(match: object) -> list[int]:
    full = match.full  # type: ignore[attr-defined]
    d = match.dealer  # type: ignore[attr-defined]
    seats = [(d + 1 + i) % 4 for i in range(4)]
    return [c for s in seats for c in full[s][:4]] + [c for s in seats for c in full[s][4:]]


@pytest.mark.parametrize("method", ["bottom", "table", "three"])
def test_thv2_cut_methods_rearrange_the_shuffled_pack(method: str) -> None:
    """THV-2 / TH-5.3 / TH-6.1 / TH-3.6: bottom packet on top, top packet to the bottom,
    or three packets restacked C+B+A; batches go trumper first, dealer last."""
    match = new(seed=11, cut_method=method)
    pack = list(match.pack)
    act(match, match.cutter, "cut")
    dealt = _dealt_order(match)
    assert sorted(dealt) == sorted(pack)
    if method == "three":
        found = any(
            dealt == pack[j:] + pack[i:j] + pack[:i] for i in range(1, 23) for j in range(i + 1, 24)
        )
    else:
        found = any(dealt == pack[k:] + pack[:k] for k in range(1, 24))
    assert found
    uncut = new(seed=11, cut_method=method)
    act(uncut, uncut.cutter, "no_cut")
    assert _dealt_order(uncut) == pack  # TH-5.2: declining deals the pack as shuffled


def test_th6_four_then_two_and_the_last_card() -> None:
    """TH-6.1 / TH-6.3 / TH-6.4 / INV-3: four each, bidding, then two each; the 6th is last."""
    match = new(DEAL_A)
    act(match, 3, "no_cut")
    assert [len(match.view(s)["hand"]) for s in range(4)] == [4, 4, 4, 4]
    assert match.card_zones()["pack"] and len(match.card_zones()["pack"]) == 8
    act(match, 1, "last_card")
    pass_poll(match, "bidding")
    hands = [match.view(s)["hand"] for s in range(4)]
    assert [len(h) for h in hands] == [6, 6, 6, 6]
    assert len({c for h in hands for c in h}) == 24
    # TH-7.2(b): seat 1's 6th card is QS, so trump is spades, known only to him (TH-10.5)
    assert match.view(1)["trump"] == "S"
    assert all(match.view(s)["trump"] is None for s in (0, 2, 3))


def test_th7_trumper_choices_and_visibility() -> None:
    """TH-7.2 / TH-7.4 / TH-32: four face-down choices or last card; the card is private."""
    match = new(DEAL_A)
    act(match, 3, "no_cut")
    assert ids(match, 1) == ["trump:JH", "trump:9H", "trump:AH", "trump:10H", "last_card"]
    assert all(ids(match, s) == [] for s in (0, 2, 3))
    act(match, 1, "trump:AH")
    assert match.view(1)["trump_card"] == "AH" and "AH" not in match.view(1)["hand"]
    for seat in (0, 2, 3):
        assert "trump_card" not in match.view(seat) and match.view(seat)["trump"] is None
        assert match.view(seat)["trump_card_face_down"] is True
    assert match.public_view()["trump_choice"] == "card"


def test_th8_redeal_keeps_dealer_and_balls() -> None:
    """TH-8 / TH-27.1 / INV-4: QQKK in four suits lets the trumper ask for a redeal."""
    bad = deal(
        0,
        "JS 9S AS 10S JH 9H",
        "QS QH KD KC AH 10H",
        "JD 9D AD 10D KS KH",
        "JC 9C AC 10C QD QC",
    )
    match = new(bad, DEAL_A)
    act(match, 3, "no_cut")
    assert "redeal" in ids(match, 1)
    act(match, 1, "redeal")
    result = match.hand_results[-1]
    assert result["outcome"] == "redeal" and result["balls"] == 0
    assert match.dealer == 0 and match.score.balls == [0, 0]
    assert match.phase == "cut" and match.hand_number == 2
    act(match, 3, "no_cut")
    assert "redeal" not in ids(match, 1)


def test_th9_sequential_polling_order() -> None:
    """TH-9.3 / TH-9.6 / INV-10: the dealer's team opens (d+2 then d); then the two
    opponents of the high bidder, counter-clockwise from him; one rung each."""
    match = new(DEAL_A)
    act(match, 3, "no_cut")
    act(match, 1, "trump:JH")
    assert match.to_act == {2} and ids(match, 2) == ["bid:10", "pass"]
    act(match, 2, "pass")
    assert match.to_act == {0}
    act(match, 0, "bid:10")
    assert match.to_act == {1}  # the trumper may win the right back (TH-9.3)
    act(match, 1, "pass")
    assert match.to_act == {3}
    act(match, 3, "bid:20")
    assert match.to_act == {0}
    act(
        match,
        0,
        "pass",
    )
    act(match, 2, "pass")
    assert match.phase == "trump" and match.to_act == {3}
    assert [b["value"] for b in match.bids] == [10, 20]
    assert [b["seat"] % 2 for b in match.bids] == [0, 1]


def test_ex7b_bidder_lays_a_card_and_last_card_is_cancelled() -> None:
    """EX-7b / TH-10.2 / TH-10.3 / INV-11: LAST_CARD cancelled; the bidder lays a card."""
    match = new(DEAL_A)
    act(match, 3, "no_cut")
    act(match, 1, "last_card")
    act(match, 2, "bid:10")
    act(match, 3, "pass")
    act(match, 1, "pass")
    assert match.phase == "trump" and match.to_act == {2}
    assert ids(match, 2) == ["trump:JD", "trump:9D", "trump:AD", "trump:10D"]
    act(match, 2, "trump:9D")
    assert match.trump_choice == "card" and match.tm == 2
    pass_poll(match, "calls")
    assert match.turn == 3  # TH-19.1: the leader is on the trump maker's right


def test_th10_no_bid_trumper_makes_trump() -> None:
    """TH-10.1 / TH-19.1: no bid: TM is the trumper and the dealer's partner leads."""
    match = to_play(new(DEAL_A), "10H")
    assert match.tm == 1 and match.high_bidder is None and match.turn == 2


def test_ex11_count_after_losing_the_last_trick() -> None:
    """EX-11 / TH-24 / TH-25: no bid, no Jodi, last trick lost: 115 needed; 81 + 0 - 10 =
    71 < 105, so the trump team gains 1 ball (TH-23.1: six tricks)."""
    match = to_play(new(DEAL_A), "JH")
    play(match, *SCRIPT_A)
    result = match.hand_results[-1]
    assert result["count"]["needed_card_points"] == 115
    assert result["card_points"] == [81, 223] and sum(result["card_points"]) == 304
    assert result["count"]["total"] == 71 and result["count"]["last_trick"] == -10
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("trump_team_won", 1, 1)
    assert result["last_trick"] == {"seat": 1, "team": 1, "points": 10}
    assert len(result["tricks"]) == 6
    # the common core (rules.results): why, as a code with its numbers, and who won what
    assert result["why"] == {
        "code": "trump_team_won",
        "params": {"total": 71, "target": 105, "card_points": 81, "needed_card_points": 115},
    }
    assert result["winners"] == [1, 3] and result["hand_number"] == 1
    assert result["awards"] == [{"to": "team", "index": 1, "amount": 1, "unit": "balls"}]
    assert result["score"]["unit"] == "balls" and result["score"]["values"] == [0, 1]


def test_ex11_count_after_winning_the_last_trick() -> None:
    """EX-11: with the last trick won the counting team needs 95; 43 + 10 = 53 loses."""
    match = to_play(new(DEAL_A), "JH")
    play(match, *SCRIPT_A_LAST)
    result = match.hand_results[-1]
    assert result["count"]["needed_card_points"] == 95
    assert result["count"]["total"] == 53 and result["last_trick"]["team"] == 0
    assert result["balls_to"] == 1 and result["balls"] == 1


def test_ex4_bid_of_40_pays_the_counting_team() -> None:
    """EX-4 / TH-9.5 / TH-24.1 / TH-25: a 40 bid by seat 1; the counting team lost the last
    trick so it needs 75; 81 + 40 - 10 = 111 wins 2 balls (a bid was made)."""
    match = to_play(new(DEAL_A), "JH", bids=4, bidder_card="JH")
    assert [b["value"] for b in match.bids] == [10, 20, 30, 40] and match.tm == 1
    play(match, *SCRIPT_A)
    result = match.hand_results[-1]
    assert result["bid"] == {"value": 40, "seat": 1, "blind": False}
    assert result["count"]["needed_card_points"] == 75
    assert result["count"]["total"] == 111
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("counting_team_won", 0, 2)
    assert result["why"]["code"] == "counting_team_won"
    assert result["why"]["params"]["total"] == 111
    assert result["awards"] == [{"to": "team", "index": 0, "amount": 2, "unit": "balls"}]


def test_ex35_dealer_rotation_on_the_engine() -> None:
    """EX-35 / TH-30.2 / INV-21: 0-1 keeps seat 0 dealing; 2-1 passes the deal to seat 1."""
    match = to_play(new(DEAL_A, DEAL_A), "JH")
    play(match, *SCRIPT_A)
    assert match.score.balls == [0, 1] and match.dealer == 0
    to_play(match, "JH", bids=4, bidder_card="JH")
    play(match, *SCRIPT_A)
    assert match.score.balls == [2, 1] and match.dealer == 1
    assert match.hand_results[-1]["next_dealer"] == 1


@pytest.mark.parametrize(
    ("rotation", "dealer"), [("scoring_team_behind", 1), ("dealer_team_lost", 0)]
)
def test_ex35_th30_3_and_thv1_rotation_variants(rotation: str, dealer: int) -> None:
    """EX-35 / TH-30.3 / THV-1: after 0-1 the scoring team leads (deal passes to seat 1);
    under THV-1 the dealer's team lost, so seat 0 deals again."""
    match = to_play(new(DEAL_A, dealer_rotation=rotation), "JH")
    play(match, *SCRIPT_A)
    assert match.dealer == dealer


def test_ex36_annulled_when_defenders_hold_no_trump() -> None:
    """EX-36 / TH-20 / INV-4: trump C, the counting team holds no club: void, same dealer."""
    match = new(DEAL_36)
    act(match, 3, "no_cut")
    act(match, 1, "trump:JC")
    pass_poll(match, "bidding")
    assert match.phase == "play"  # TH-12.4: six of one suit: nobody may call, W4 is skipped
    play(match, "JD")
    result = match.hand_results[-1]
    assert result["outcome"] == "annulled" and result["balls"] == 0
    assert match.score.balls == [0, 0] and match.dealer == 0 and match.phase == "cut"


def test_th29_match_ends_at_the_target() -> None:
    """TH-29.1 / EX-3 / INV-20: 11 + 1 reaches 12 and ends the match."""
    match = to_play(new(DEAL_A), "JH")
    match.score.balls = [0, 11]
    play(match, *SCRIPT_A)
    assert match.is_over and match.phase == "match_over"
    assert match.result is not None and match.result["winner_team"] == 1
    assert match.result["winners"] == [1, 3] and match.to_act == frozenset()
    with pytest.raises(IllegalAction, match="over"):
        match.apply(0, "pass")


def test_thv8_13_ball_game_and_thv9_deuce_on_the_engine() -> None:
    """THV-8.2 / THV-9.1 / THV-9.5: at 12-11 in a 13-ball game with two to clear, the trump
    team's ball makes 12-12: both reset to 0-0 and rotation uses the reset scores."""
    match = to_play(new(DEAL_A, target_balls=13, two_to_clear="always"), "JH")
    match.score.balls = [12, 11]
    play(match, *SCRIPT_A)
    result = match.hand_results[-1]
    assert result["deuce_started"] and match.score.balls == [0, 0] and match.score.deuce
    assert not match.is_over and match.dealer == 1


def test_th23_th31_hand_flow_phases() -> None:
    """TH-31 / TH-23.1: cut -> trump -> bidding -> calls -> play -> next hand's cut."""
    match = new(DEAL_A)
    seen = [match.phase]
    act(match, 3, "no_cut")
    seen.append(match.phase)
    act(match, 1, "trump:JH")
    seen.append(match.phase)
    pass_poll(match, "bidding")
    seen.append(match.phase)
    pass_poll(match, "calls")
    seen.append(match.phase)
    play_any(match)
    seen.append(match.phase)
    assert seen == ["cut", "trump", "bidding", "calls", "play", "cut"]


def test_ex12_bid_jodi_and_last_trick_on_the_engine() -> None:
    """EX-12 / TH-24.3: seat 0 bids 30 and makes diamonds trump, declares the trump K-Q
    (40) after his team's first trick, and his team takes the last trick: the counting
    team's total starts at 30 - 40 - 10 = -20 and it needs 125; with 0 points the trump
    team gains 1 ball."""
    deal_12 = deal(
        0,
        "KD QD 9S AS 10S JS",
        "JH 9H AH 10H KS QS",
        "9D AD 10C JD KC QC",
        "JC 9C AC 10D KH QH",
    )
    match = new(deal_12)
    act(match, 3, "no_cut")
    act(match, 1, "trump:JH")
    act(match, 2, "bid:10")
    act(match, 3, "bid:20")
    act(match, 0, "bid:30")
    act(match, 1, "pass")
    act(match, 3, "pass")
    act(match, 0, "trump:KD")
    pass_poll(match, "calls")
    for card in ("KS", "10C", "QH", "10S"):
        match.apply(match.turn, f"play:{card}")
    act(match, 0, "jodi:D:40")
    play(
        match,
        *[
            "JS",
            "QS",
            "KC",
            "9C",
            "KD",
            "9H",
            "9D",
            "10D",
            "JD",
            "JC",
            "QD",
            "10H",
            "AD",
            "AC",
            "9S",
            "JH",
            "QC",
            "KH",
            "AS",
            "AH",
        ],
    )
    result = match.hand_results[-1]
    count = result["count"]
    assert (count["bid"], count["trump_team_jodi"], count["last_trick"]) == (30, 40, -10)
    assert count["card_points"] == 0 and count["total"] == -20
    assert count["needed_card_points"] == 125
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("trump_team_won", 0, 1)


def test_th5_1_fast_shuffle_is_random_shuffle_exactly() -> None:
    """TH-5.1: the engine's pack shuffle gives ``random.shuffle``'s permutation and leaves
    the RNG where ``random.shuffle`` leaves it (seeded matches replay unchanged)."""
    import random

    from rules.cards import shuffled
    from rules.thunee.dealing import DECK, shuffle_pack

    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert shuffle_pack(ours) == shuffled(DECK, theirs)
        assert ours.random() == theirs.random()

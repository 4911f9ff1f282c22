"""Six-player Thunee on stacked deals (shared/rules/thunee.md §13, TH6-1 to TH6-11, EX-23,
EX-24, EX-31). Dealer 0: cutter 5, trumper 1; teams (0, 2, 4) and (1, 3, 5)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cards import parse_cards
from rules.contract import IllegalAction
from rules.thunee.cardplay import moenie_eligible, redeal_eligible, trip_eligible
from tests.rules.thunee.helpers import act, deal, ids, new_n, pass_poll, play, play_any

# Seat 1 holds three 9s first (a Trip); his 4th card decides trick 4 (EX-23).
TRIP_HANDS = {
    1: "9S 9H 9D QC",
    2: "JH AH 10H 10C",
    3: "JD AD 10D AC",
    4: "KS QS KH 9C",
    5: "QH KD QD JC",
    0: "JS AS 10S KC",
}


def six(dealer: int, hands: dict[int, str]) -> object:
    return deal(dealer, *(hands[s] for s in range(6)))


def trip_deal(**swap: str) -> object:
    hands = dict(TRIP_HANDS)
    for seat, cards in swap.items():
        hands[int(seat[1:])] = cards
    return six(0, hands)


# Seat 1: top spades and the top heart last (Blind Thunee, Double, Jodi, the count).
DEAL_S = six(
    0,
    {
        1: "JS 9S AS JH",
        2: "10S KS QS 9H",
        3: "AH 10H KH QH",
        4: "JD 9D AD 10D",
        5: "KD QD JC 9C",
        0: "AC 10C KC QC",
    },
)

# EX-15 in six: seat 1 calls Thunee; seat 3's only heart AH beats his KH after seat 2's QH.
DEAL_CATCH = six(
    0,
    {
        1: "JS 9S KH JD",
        2: "QH AS 10S KS",
        3: "AH JC 9C AC",
        4: "JH 9H 10H QS",
        5: "9D AD 10D KD",
        0: "10C KC QC QD",
    },
)


def moenie_deal(declarer: str, holder: int, pair: str) -> object:
    """Seat 1 holds four spades headed by the jack; ``holder`` holds the other two."""
    rest = ["JH 9H", "AH 10H KH QH", "JD 9D AD 10D", "KD QD JC 9C", "AC 10C KC QC"]
    hands = {1: declarer, holder: pair + " " + rest[0]}
    others = [s for s in (2, 3, 4, 5, 0) if s != holder]
    for seat, cards in zip(others, rest[1:], strict=True):
        hands[seat] = cards
    return six(0, hands)


def start(match: object, trump_card: str = "JS") -> None:
    """No cut; no Trip; the trumper (seat 1) lays ``trump_card``; every bid passed."""
    act(match, 5, "no_cut")  # type: ignore[arg-type]
    pass_poll(match, "trip")  # type: ignore[arg-type]
    act(match, 1, f"trump:{trump_card}")  # type: ignore[arg-type]
    pass_poll(match, "bidding")  # type: ignore[arg-type]


def test_th6_1_ex31_seats_teams_and_the_three_plus_one_deal() -> None:
    """TH6-1 / TH6-3 / EX-31 / INV-3 / INV-5: two teams of three alternating; cutter d-1,
    trumper d+1; three cards, bidding, one more card: 4 tricks of 6 cards."""
    match = new_n(6, DEAL_S)
    assert match.spec.teams(6) == ((0, 2, 4), (1, 3, 5))
    assert (match.dealer, match.cutter, match.trumper) == (0, 5, 1)
    act(match, 5, "no_cut")
    assert [len(match.view(s)["hand"]) for s in range(6)] == [3] * 6
    assert len(match.card_zones()["pack"]) == 6
    act(match, 1, "trump:JS")
    pass_poll(match, "bidding")
    hands = [match.view(s)["hand"] for s in range(6)]
    assert [len(h) for h in hands] == [4, 3, 4, 4, 4, 4]  # seat 1's JS lies face down
    assert match.view(1)["trump_card"] == "JS"
    pass_poll(match, "calls")
    assert match.turn == 2  # TH-19.1: the leader is on the trump maker's right
    play_any(match)
    result = match.hand_results[-1]
    assert len(result["tricks"]) == 4
    assert sum(result["card_points"]) == 304
    assert match.hand_number == 2 and match.hand_results[-1]["mode"] == "count"


def test_th6_4_redeal_on_three_kings_or_queens_and_last_card_is_the_fourth() -> None:
    """TH6-4: three K/Q of three suits (at most 10) allow a redeal (``six_player_redeal``);
    LAST_CARD names the suit of the trumper's 4th card."""
    assert redeal_eligible(parse_cards(["QS", "QH", "KD"]))
    assert not redeal_eligible(parse_cards(["QS", "KS", "KD"]))
    assert not redeal_eligible(parse_cards(["QS", "QH", "AD"]))
    bad = six(
        0,
        {
            1: "QS QH KD 9C",
            2: "JH AH 10H 10C",
            3: "JD AD 10D AC",
            4: "KS 9S KH QC",
            5: "9H 9D QD JC",
            0: "JS AS 10S KC",
        },
    )
    match = new_n(6, bad, DEAL_S)
    act(match, 5, "no_cut")
    pass_poll(match, "trip")
    assert "redeal" in ids(match, 1) and "last_card" in ids(match, 1)
    act(match, 1, "redeal")
    assert match.hand_results[-1]["outcome"] == "redeal" and match.dealer == 0
    off = new_n(6, bad, six_player_redeal=False)
    act(off, 5, "no_cut")
    pass_poll(off, "trip")
    assert "redeal" not in ids(off, 1)
    last = new_n(6, DEAL_S)
    act(last, 5, "no_cut")
    act(last, 1, "last_card")
    pass_poll(last, "bidding")
    assert last.view(1)["trump"] == "H"  # seat 1's 4th card is JH


def test_th6_5_bidding_polls_three_players_per_round() -> None:
    """TH6-5 / TH-9.6: the dealer's team opens, polled from the trumper's right (2, 4, 0);
    then the three opponents of the high bidder from his right."""
    match = new_n(6, DEAL_S)
    act(match, 5, "no_cut")
    act(match, 1, "trump:JS")
    order = []
    for _ in range(2):
        order.append(match.turn)
        act(match, match.turn, "pass")
    order.append(match.turn)
    act(match, match.turn, "bid:10")
    assert order == [2, 4, 0]
    polled = []
    for _ in range(3):
        polled.append(match.turn)
        act(match, match.turn, "pass")
    assert polled == [1, 3, 5]
    assert match.phase == "trump" and match.to_act == {0}  # TH-10.3: the bidder lays a card


def test_th6_6_thunee_partner_catch_by_either_partner_is_eight() -> None:
    """TH6-6 / TH-12.11: W4 polls TM first; the caller must win 4 tricks; a card of either
    partner that beats his is a partner catch: 8 balls (6 under THV-4)."""
    for catch_balls in (8, 6):
        match = new_n(6, DEAL_CATCH, thunee_partner_catch_balls=catch_balls)
        start(match)
        assert match.phase == "calls" and match.turn == 1
        assert ids(match, 1) == ["call:thunee", "pass"]
        act(match, 1, "call:thunee")
        play(match, "JS", "AS", "JC", "QS", "9D", "10C")
        assert match.tricks[-1].winner == 1
        play(match, "KH", "QH", "AH")
        result = match.hand_results[-1]
        assert result["outcome"] == "contract_partner_catch"
        assert (result["balls_to"], result["balls"]) == (0, catch_balls)


def test_th6_7_blind_thunee_on_three_cards() -> None:
    """TH6-7 / THV-11: Blind Thunee on the first three; the 4th stays face down until the
    caller has won three tricks, then it must win too: 6 balls."""
    match = new_n(6, DEAL_S, blind_thunee=True)
    start(match)
    assert match.phase == "blind_calls" and match.turn == 1
    act(match, 1, "call:blind_thunee")
    assert match.view(1)["hand"] == ["JS", "9S", "AS"]
    assert match.public_view()["blind_face_down"] == 1
    for _ in range(3):
        assert [a.id for a in match.legal_actions(1)] != [] and "play:JH" not in ids(match, 1)
        card = ids(match, 1)[0].split(":")[1]
        play(match, card)
        while match.turn != 1 and match.hand_number == 1:
            act(match, match.turn, match.legal_actions(match.turn)[0])
    assert match.view(1)["hand"] == ["JH"]
    play(match, "JH")
    while match.hand_number == 1:
        act(match, match.turn, match.legal_actions(match.turn)[0])
    result = match.hand_results[-1]
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("contract_success", 1, 6)


def test_th6_8_jodi_after_first_trick_and_double_on_trick_four() -> None:
    """TH6-8 / TH6-2: Jodi after a team's 1st trick; Double means all 4 tricks with the
    caller taking trick 4: 2 balls."""
    match = new_n(6, DEAL_S)
    start(match)
    pass_poll(match, "calls")
    play(match, "9H", "AH", "JD", "KD", "AC")
    act(match, 1, "play:JH")  # seat 1 must follow hearts; JH wins trick 1 for team 1
    assert match.phase == "jodi" and match.turn == 3
    assert ids(match, 3) == ["jodi:H:20", "jodi:H:20:shown", "pass"]
    act(match, 3, "jodi:H:20")
    play(match, "JS", "10S", "10H", "9D", "QD", "10C")
    play(match, "9S", "KS", "KH", "AD", "JC", "KC")
    assert "call:double" in ids(match, 1)
    act(match, 1, "call:double")
    play(match, "AS", "QS", "QH", "10D", "9C", "QC")
    result = match.hand_results[-1]
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_success", 1, 2)


def test_th6_2_ordinary_count_as_in_four_players() -> None:
    """TH6-2 / TH-24: the same 105 target; the trump team's 20 Jodi and last trick count."""
    match = new_n(6, DEAL_S)
    start(match)
    pass_poll(match, "calls")
    play(match, "9H", "AH", "JD", "KD", "AC")
    act(match, 1, "play:JH")
    act(match, 3, "jodi:H:20")
    play(match, "JS", "10S", "10H", "9D", "QD", "10C")
    play(match, "9S", "KS", "KH", "AD", "JC", "KC")
    play(match, "AS", "QS", "QH", "10D", "9C", "QC")
    result = match.hand_results[-1]
    count = result["count"]
    assert result["card_points"] == [0, 304]
    assert (count["target"], count["trump_team_jodi"], count["last_trick"]) == (105, 20, -10)
    assert count["total"] == -30 and count["needed_card_points"] == 135
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("trump_team_won", 1, 1)


def test_th6_8_annulment_when_none_of_three_opponents_holds_trump() -> None:
    """TH6-8 / TH-20: trump C and every club is with team 1: annulled, same dealer."""
    annul = six(
        0,
        {
            1: "JC 9C AC JS",
            3: "10C KC QC 9S",
            5: "AS 10S KS QS",
            0: "JH 9H AH 10H",
            2: "KH QH JD 9D",
            4: "AD 10D KD QD",
        },
    )
    match = new_n(6, annul)
    start(match, "JC")
    pass_poll(match, "calls")
    play(match, "KH")
    result = match.hand_results[-1]
    assert (result["outcome"], result["balls"]) == ("annulled", 0)
    assert match.dealer == 0 and match.score.balls == [0, 0]


def test_th6_9_trip_and_moenie_exist_only_with_six() -> None:
    """TH6-9: four players never see a Trip window or a Moenie call."""
    four = deal(
        0, "JS 9S AS 10S KH QH", "JH 9H AH 10H KS QS", "JD 9D AD 10D KC QC", "JC 9C AC 10C KD QD"
    )
    match = new_n(4, four)
    act(match, 3, "no_cut")
    assert match.phase == "trump"
    act(match, 1, "trump:JH")
    pass_poll(match, "bidding")
    assert all("call:moenie" not in ids(match, s) for s in range(4))
    assert trip_eligible(parse_cards(["9S", "9H", "9D"]))
    assert not trip_eligible(parse_cards(["9S", "9H", "AD"]))
    assert moenie_eligible(parse_cards(["JS", "10S", "KS", "QS"]))
    assert not moenie_eligible(parse_cards(["9S", "AS", "KS", "QS"]))  # no jack


def test_th6_10_trip_window_before_trump_declarer_leads_and_wins_three() -> None:
    """TH6-10.2 / TH6-10.3 / TH6-10.4 / TH6-10.7: the Trip window follows the first deal;
    no trump, no other window; the 4th card stays face down and unseen; his equal card beats
    even the jack of its suit in tricks 1-3."""
    match = new_n(6, trip_deal())
    act(match, 5, "no_cut")
    assert match.phase == "trip" and match.to_act == {1}
    assert ids(match, 1) == ["call:trip", "pass"]
    act(match, 1, "call:trip")
    assert match.phase == "play" and match.turn == 1
    assert match.view(1)["hand"] == ["9S", "9H", "9D"]  # his 4th card is unseen
    assert "QC" not in str(match.view(1)) and match.public_view()["blind_face_down"] == 1
    play(match, "9S", "JH", "AD", "KS", "QH", "JS")
    assert match.tricks[0].winner == 1 and match.trump is None  # 9S beats JS
    assert match.trump_revealed is False and match.high_bid is None


def test_th6_10_trip_window_polls_eligible_players_in_order() -> None:
    """TH6-10.2: eligible players counter-clockwise from the dealer's right; the first
    declaration wins; a pass moves on, then the trumper decides."""
    two_trips = six(
        0,
        {
            1: "9S 9H 9D QC",
            4: "JS JH JD 9C",
            2: "KS AH 10H 10C",
            3: "QS AD 10D AC",
            5: "QH KD QD JC",
            0: "KH AS 10S KC",
        },
    )
    match = new_n(6, two_trips)
    act(match, 5, "no_cut")
    assert match.to_act == {1}
    act(match, 1, "pass")
    assert match.phase == "trip" and match.to_act == {4}
    act(match, 4, "pass")
    assert match.phase == "trump" and match.to_act == {1}


@pytest.mark.parametrize(
    ("swap", "catch_balls", "expected"),
    [
        ({"s1": "9S 9H 9D JC", "s5": "QH KD QD QC"}, 3, ("contract_success", 1, 3)),
        ({"s4": "KS QS KH JC", "s5": "QH KD QD 9C"}, 3, ("contract_failure", 0, 3)),
        ({}, 3, ("contract_partner_catch", 0, 3)),
        ({}, 6, ("contract_partner_catch", 0, 6)),
    ],
)
def test_ex23_trip_trick_four_decides(
    swap: dict[str, str], catch_balls: int, expected: tuple[str, int, int]
) -> None:
    """EX-23 / TH6-10.5 / TH6-10.6: the declarer wins trick 4: +3 to his team; an opponent
    wins it: +3 to the opponents; a partner wins it: +3, or +6 with the variant."""
    match = new_n(6, trip_deal(**swap), trip_partner_catch_balls=catch_balls)
    act(match, 5, "no_cut")
    act(match, 1, "call:trip")
    play_any(match)
    result = match.hand_results[-1]
    assert len(result["tricks"]) == 4 and result["tricks"][:3] == [1, 1, 1]
    assert (result["outcome"], result["balls_to"], result["balls"]) == expected


def play_moenie(match: Any, leads: list[str]) -> None:
    """Seat 1 calls Moenie and leads ``leads`` while the hand lasts; the others play their
    first legal card."""
    act(match, 1, "call:moenie")
    for lead in leads:
        if match.hand_number != 1:
            break
        play(match, lead)
        while match.hand_number == 1 and match.turn != 1:
            act(match, match.turn, match.legal_actions(match.turn)[0])


def test_th6_11_ex24_moenie_success_failure_and_partner_catch() -> None:
    """TH6-11 / EX-24: four spades headed by the jack: Moenie in W4 (Thunee is not open to
    a one-suit hand); +4, +4 to the opponents, +8 on a partner catch. With J-10-K-Q and a
    partner holding 9S and AS, his second forced spade beats the declarer's card."""
    cases = [
        (
            moenie_deal("JS 9S AS 10S", 2, "KS QS"),
            ["JS", "9S", "AS", "10S"],
            ("contract_success", 1, 4),
        ),
        (moenie_deal("JS 10S KS QS", 2, "9S AS"), ["JS", "10S"], ("contract_failure", 0, 4)),
        (moenie_deal("JS 10S KS QS", 3, "9S AS"), ["JS", "10S"], ("contract_partner_catch", 0, 8)),
    ]
    for stacked, leads, expected in cases:
        match = new_n(6, stacked)
        start(match)
        assert match.phase == "calls" and ids(match, 1) == ["call:moenie", "pass"]
        play_moenie(match, leads)
        result = match.hand_results[-1]
        assert result["trump"] == "S"  # TH6-11.3: the Moenie suit
        assert (result["outcome"], result["balls_to"], result["balls"]) == expected


def test_th6_11_4_th20_2_a_moenie_is_never_annulled() -> None:
    """TH6-11.4 / TH-20.2 (amended): TH-20 does not apply to a Moenie. Every spade is with
    the declarer's team (seat 1: J-10-K-Q, partner seat 3: 9-A), so no opponent holds a
    trump, yet the hand is played out: the partner catch of EX-24, 8 balls, not annulled."""
    match = new_n(6, moenie_deal("JS 10S KS QS", 3, "9S AS"))
    start(match)
    spades = {c for s in (0, 2, 4) for c in match.full[s] if c // 13 == 0}  # type: ignore[attr-defined]
    assert match.trump == 0 and not spades and len(match.full[0]) == 4  # type: ignore[attr-defined]
    play_moenie(match, ["JS", "10S"])
    result = match.hand_results[-1]
    assert result["outcome"] != "annulled"
    assert (result["outcome"], result["balls_to"], result["balls"]) == (
        "contract_partner_catch",
        0,
        8,
    )


def test_th6_6_thunee_needs_two_suits_with_four_cards() -> None:
    """TH6-6: a four-card hand all of one suit may not call Thunee (only Moenie)."""
    match = new_n(6, moenie_deal("JS 9S AS 10S", 2, "KS QS"))
    start(match)
    with pytest.raises(IllegalAction):
        act(match, 1, "call:thunee")

"""EX-10 on the engine: a trump-team 50 Jodi against a counting-team 20 Jodi; the trump
team's Khanuck succeeds at 39 counting points and fails at 40 (TH-16.4, TH-16.10)."""

from __future__ import annotations

import pytest

from rules.thunee.match import ThuneeMatch
from tests.rules.thunee.helpers import act, deal, new, pass_poll, play

# Team 0 takes one trick JS KS KD KC = 39; seat 0 was dealt KD QD (a 20 Jodi, jodi_hold_rule
# 'dealt' since KD is in that trick); seat 1 holds the trump K-Q-J (50).
DEAL_39 = deal(
    0,
    "KD QD 10H JC 9D AD",
    "JH KH QH 9H KC AH",
    "JS 9S AS 10S QS 10D",
    "KS JD 9C AC 10C QC",
)
PLAYS_39 = (
    ["JS", "KS", "KD", "KC"],
    ["10D", "JD", "QD", "9H"],
    ["AH", "9S", "9C", "10H"],
    ["QH", "AS", "AC", "JC"],
    ["KH", "10S", "10C", "9D"],
)
LAST_39 = ["JH", "QS", "QC", "AD"]

# Team 0 takes one trick 10D 10S 10H 10C = 40 (seat 0 trumps); seat 0 holds K-Q of spades.
DEAL_40 = deal(
    0,
    "10H KS QS KC QC JC",
    "JH KH QH 9H AH 10C",
    "JD 9D AD 10D KD QD",
    "10S JS 9S AS 9C AC",
)
PLAYS_40 = (
    ["10D", "10S", "10H", "10C"],
    ["QS", "AH", "JD", "JS"],
    ["9H", "9D", "9S", "KS"],
    ["QH", "AD", "AS", "JC"],
    ["KH", "KD", "9C", "KC"],
)
LAST_40 = ["JH", "QD", "AC", "QC"]


def _bid_60_by_seat_1(match: ThuneeMatch) -> None:
    """Seat 2 opens; seat 1 answers every bid until his 60 stands; he lays JH."""
    act(match, 2, "bid:10")
    act(match, 3, "pass")
    act(match, 1, "bid:20")
    act(match, 2, "bid:30")
    act(match, 3, "pass")
    act(match, 1, "bid:40")
    act(match, 2, "bid:50")
    act(match, 3, "pass")
    act(match, 1, "bid:60")
    act(match, 2, "pass")
    act(match, 0, "pass")
    act(match, 1, "trump:JH")


def _khanuck(
    match: ThuneeMatch, plays: tuple[list[str], ...], last: list[str], jodi: str, bid: bool
) -> dict[str, object]:
    act(match, 3, "no_cut")
    act(match, 1, "trump:JH")
    if bid:
        _bid_60_by_seat_1(match)
    else:
        pass_poll(match, "bidding")
    pass_poll(match, "calls")
    for card in plays[0]:
        match.apply(match.turn, f"play:{card}")
    declared = False
    while match.phase == "jodi":
        seat = match.turn
        match.apply(seat, f"jodi:{jodi}" if seat == 0 and not declared else "pass")
        declared = declared or seat == 0
    for card in plays[1]:
        match.apply(match.turn, f"play:{card}")
    assert match.phase == "jodi" and match.turn == 1
    act(match, 1, "jodi:H:50")
    for trick in plays[2:]:
        play(match, *trick)
    assert match.turn == 1
    act(match, 1, "call:khanuck")
    play(match, *last)
    return match.hand_results[-1]


@pytest.mark.parametrize("bid", [False, True])
def test_ex10_khanuck_succeeds_at_39(bid: bool) -> None:
    """EX-10: 20 + 39 - 50 - 10 = -1 < 0: the trump team gains 3 balls (bid 60 or not)."""
    match = new(DEAL_39, jodi_hold_rule="dealt")
    result = _khanuck(match, PLAYS_39, LAST_39, "D:20", bid)
    assert result["card_points"][0] == 39
    assert sorted((j["team"], j["value"]) for j in result["jodis"]) == [(0, 20), (1, 50)]
    assert result["khanuck_count"] == -1
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_success", 1, 3)
    if bid:
        assert result["bid"] == {"value": 60, "seat": 1, "blind": False}


@pytest.mark.parametrize("bid", [False, True])
def test_ex10_khanuck_fails_at_40(bid: bool) -> None:
    """EX-10: 20 + 40 - 50 - 10 = 0 is not below zero: the counting team gains 4 balls."""
    match = new(DEAL_40)
    result = _khanuck(match, PLAYS_40, LAST_40, "S:20", bid)
    assert result["card_points"][0] == 40
    assert result["khanuck_count"] == 0
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_failure", 0, 4)

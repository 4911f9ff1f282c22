"""Sealed (simultaneous) bidding and the blind bid (TH-9.7, THV-3, THV-10)."""

from __future__ import annotations

from rules.thunee.match import ThuneeMatch
from tests.rules.thunee.helpers import DEAL_A, act, ids, new, pass_poll, play_any


def _sealed(**options: object) -> ThuneeMatch:
    match = new(DEAL_A, bidding_protocol="sealed", **options)
    act(match, 3, "no_cut")
    act(match, 1, "trump:JH")
    return match


def test_ex5_sealed_simultaneous_bids_rise_two_rungs() -> None:
    """EX-5 / TH-9.7: seat 2 opens 10; both opponents bid at once: 30, and the high bidder
    (seat 2) chooses which of them makes trump."""
    match = _sealed()
    assert match.to_act == {0, 2}
    act(match, 2, "bid:10")
    assert match.to_act == {0}
    assert match.public_view()["sealed_answered"] == [2]
    assert match.view(2)["my_sealed_answer"] == "bid" and "my_sealed_answer" not in match.view(0)
    act(match, 0, "pass")
    assert match.high_bid == 10 and match.high_bidder == 2 and match.to_act == {1, 3}
    act(match, 1, "bid:20")
    act(match, 3, "bid:20")
    assert match.phase == "choose_bidder" and match.to_act == {2}
    assert ids(match, 2) == ["choose:3", "choose:1"]
    act(match, 2, "choose:3")
    assert match.high_bid == 30 and match.high_bidder == 3
    pass_poll_sealed(match)
    assert match.phase == "trump" and match.to_act == {3}


def pass_poll_sealed(match: ThuneeMatch) -> None:
    while match.phase == "bidding":
        for seat in sorted(match.to_act):
            act(match, seat, "pass")


def test_ex6_thv3_simultaneous_opening_bids() -> None:
    """EX-6 / THV-3: both dealer-team players open at once: 10 under THV-3 (20 under the
    main rule); the trumper (an opponent) chooses who makes trump."""
    for extra, expected in ((False, 10), (True, 20)):
        match = _sealed(simultaneous_bid_extra_step=extra)
        act(match, 0, "bid:10")
        act(match, 2, "bid:10")
        assert match.to_act == {1}  # the trumper chooses (AMB-8)
        act(match, 1, "choose:0")
        assert (match.high_bid, match.high_bidder) == (expected, 0)


def test_ex7_sealed_cap_at_104() -> None:
    """EX-7: in sealed mode a simultaneous bid from 90 goes to 104 and bidding ends."""
    match = _sealed()
    match.high_bid, match.high_bidder = 90, 2
    match._open_bid_round(blind=False)
    act(match, 1, "bid:100")
    act(match, 3, "bid:100")
    act(match, 2, "choose:1")
    assert match.high_bid == 104 and match.phase == "trump" and match.to_act == {1}


def test_thv10_blind_bid_before_the_deal() -> None:
    """THV-10.1 / THV-10.2 / THV-10.3 / THV-10.7: the dealer's team bids blind between the
    cut and the deal; no sighted bidding follows; the blind bidder lays a card (no last
    card, no redeal)."""
    match = new(DEAL_A, blind_bid=True)
    act(match, 3, "no_cut")
    assert match.phase == "blind_bid" and match.to_act == {2}
    assert match.view(2)["hand"] == []
    act(match, 2, "bid:10")
    act(match, 3, "pass")
    act(match, 1, "pass")
    assert match.phase == "trump" and match.to_act == {2}
    assert ids(match, 2) == ["trump:JD", "trump:9D", "trump:AD", "trump:10D"]
    act(match, 2, "trump:JD")
    assert match.phase == "calls" and match.blind_bid_made
    pass_poll(match, "calls")
    play_any(match)
    result = match.hand_results[-1]
    assert result["bid"] == {"value": 10, "seat": 2, "blind": True}
    # EX-21: an ordinary win is worth 2 to either side against a blind bid
    assert result["balls"] == 2


def test_thv10_no_blind_bid_goes_on_normally() -> None:
    """THV-10.2: a blind window with no bid leaves the trumper's choice and bidding."""
    match = new(DEAL_A, blind_bid=True)
    act(match, 3, "no_cut")
    act(match, 2, "pass")
    act(match, 0, "pass")
    assert match.phase == "trump" and match.to_act == {1}
    assert "last_card" in ids(match, 1)

"""The auctions of a 304 hand as the match takes them: the four-card auction with its
partner requests and redeal (T3-6), or the single auction (T3V-5), then the eight-card
round (T3-8); the contract set. The auctions' own bookkeeping is ``auction``.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any, Final

from rules.contract import Action, Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import BID_VALUE, PASS, kind_value
from rules.three_o_four.auction import FULL_COURT, HALF_COURT, PCC, OneRoundAuction
from rules.three_o_four.hand_end import cancel
from rules.three_o_four.prebuilt import (
    ASKED,
    BID_EVENTS,
    CONTRACT,
    EIGHT_BID_EVENTS,
    EIGHT_CARD_CONTRACT,
)
from rules.three_o_four.trump import after_trump_fixed

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


REDEAL_BELOW: Final = 15
"""T3-6.13: the dealer's right may ask for a redeal with fewer than 15 points."""

LOGGED_BID: Final[dict[str, int | str]] = {
    value: A.BID_TEXT.get(A.BID_VALUE[value], A.BID_VALUE[value]) for value in A.BID_VALUE
}
"""A bid action's value as the auction record shows it (numbers, or PCC / HC / FC)."""
BID_LOGGED: Final[tuple[dict[str, Any], ...]] = tuple(
    {value: (s, "bid", shown) for value, shown in LOGGED_BID.items()} for s in range(8)
)
"""``BID_LOGGED[seat][value]``: the auction record's entry for a bid (shared: immutable)."""
PASS_LOGGED: Final[tuple[Any, ...]] = tuple((s, "pass", None) for s in range(8))
PASS_ONLY: Final = [A.PASS]


def legal_bidding(m: ThreeOFourMatch, seat: int) -> list[Action]:
    if m.called:
        return legal_called_auction(m)
    auc = m.auction4
    if auc is not None:
        # T3-6.6 / T3-6.7 (ED-9): a seat that has spoken, or whose teammate holds the
        # high bid, starts at 200 (``auc.floor``); then above the high bid. Both as
        # ladder positions: the later one is where this seat's bids start.
        high_seat = auc.high_seat
        if auc.spoken[seat] or (high_seat is not None and high_seat % 2 == seat % 2):
            start = m._start_200
        else:
            start = 0
        high = auc.high
        if high is not None:
            above = m._start_above[high]
            if above > start:
                start = above
        may_ask = auc.answerer is None
        if (
            may_ask
            and not auc.acted
            and seat == m.first_leader  # the dealer's right opens (T3-6.13)
            and sum([m.layout.points[c] for c in m.hands[seat]]) < REDEAL_BELOW
        ):
            out = [PASS, *m._asks[seat], A.REDEAL, *m._bids[start:]]
            if m._half_court_on:
                out.append(A.BID[HALF_COURT])
            return out
        return m._four_card_calls[seat][may_ask][start]  # prebuilt, shared
    rnd = m.round
    assert rnd is not None
    # the high bid is a ladder bid (the only bids offered here)
    start = 0 if rnd.high is None else m._start_above[rnd.high]
    return m._single_calls[rnd.index > 0][start]  # prebuilt, shared


def apply_bidding(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    """A four-card auction or single-round call; while the auction goes on the turn
    passes at once, a contract or a cancelled hand settles it from the new phase."""
    kind, value = kind_value(action)
    auc = m.auction4
    if auc is not None:
        if kind == "pass":
            m.bid_log.append(PASS_LOGGED[seat])
            outcome = auc.record(None)
        elif kind == "bid":
            m.bid_log.append(BID_LOGGED[seat][value])
            outcome = auc.record(BID_VALUE[value])
        elif kind == "ask":  # T3-6.9: the asked teammate answers at once
            mate = int(value)
            auc.ask(mate)
            m.bid_log.append((seat, "ask", mate))
            m._hand_to(mate)
            return [ASKED[seat][mate]]
        else:
            m.bid_log.append((seat, "redeal", None))
            return m._settled(cancel(m, "redeal", same_dealer=True))
        events = [BID_EVENTS[seat][value]]
        if outcome is None:
            m._hand_to(auc.turn)
            return events
        if outcome == "all_pass":
            return m._settled(events + cancel(m, "all_pass", same_dealer=False))
        assert auc.high is not None and auc.high_seat is not None
        set_contract(m, auc.high_seat, auc.high, "four")
        events.append(CONTRACT[m.trumper][auc.high])
        m._hand_to(m.chooser)  # the trumper places the indicator
        return events
    rnd = m.round
    assert rnd is not None
    events = [BID_EVENTS[seat][value]]
    speaker = _record_round_call(m, rnd, seat, kind == "bid", value)
    if speaker >= 0:
        m._hand_to(speaker)
        return events
    assert rnd.high is not None and rnd.high_seat is not None
    set_contract(m, rnd.high_seat, rnd.high, "single")
    events.append(CONTRACT[m.trumper][rnd.high])
    m._hand_to(m.chooser)  # the trumper places the indicator
    return events


def legal_called_auction(m: ThreeOFourMatch) -> list[Action]:
    """ED-V8: the eight-card auction with the T3-6 turns, passes and ends, but no
    under-200 restrictions, partner requests or redeals; Full Court above 300."""
    auc = m.auction4
    assert auc is not None
    start = 0 if auc.high is None else bisect_left(m.ladder, auc.high + 1)
    return [PASS, *m._bids[start:], A.BID[FULL_COURT]]


def legal_second(m: ThreeOFourMatch, seat: int) -> list[Action]:
    """T3-8.3 / T3-8.5 / T3-8.11."""
    rnd = m.round
    assert rnd is not None
    high_seat = rnd.high_seat
    if high_seat is not None and high_seat % 2 == seat % 2:
        return PASS_ONLY
    high = rnd.high
    if high == PCC:
        return PASS_ONLY
    floor = m.contract + 1  # above the contract, the high call and 250
    if high is not None and high >= floor:
        floor = high + 1
    if floor < m._bid_250:
        floor = m._bid_250
    return m._eight_card_calls[bisect_left(m.ladder, floor)]  # prebuilt, shared


def apply_second(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    """T3-8: one turn each; the turn passes at once until the round is over."""
    rnd = m.round
    assert rnd is not None
    kind, value = kind_value(action)
    events = [EIGHT_BID_EVENTS[seat][value]]
    speaker = _record_round_call(m, rnd, seat, kind == "bid", value)
    if speaker >= 0:
        m._hand_to(speaker)
        return events
    if rnd.high is None:  # T3-8.6
        m.round = None
        return m._settled(events + after_trump_fixed(m))
    assert rnd.high_seat is not None
    old = m.trumper
    assert m.indicator is not None
    m.hands[old].append(m.indicator)  # T3-8.7: the old indicator goes back
    m.indicator, m.indicator_down = None, False
    m.trumper, m.contract, m.contract_round = rnd.high_seat, rnd.high, "eight"
    m.chooser = rnd.high_seat
    m.round = None
    m.phase_name = "trump"
    if rnd.high == PCC:
        _go_solo(m, rnd.high_seat)
    events.append(EIGHT_CARD_CONTRACT[m.trumper][value])
    m._hand_to(m.chooser)  # the new trumper places his indicator
    return events


def _record_round_call(
    m: ThreeOFourMatch, rnd: OneRoundAuction, seat: int, bid: bool, value: str
) -> int:
    """A bid (its text ``value``) or a pass in a one-round auction, and in the log;
    returns the next seat to speak (-1: the round is over)."""
    if bid:
        m.bid_log.append(BID_LOGGED[seat][value])
        return rnd.record(BID_VALUE[value])
    m.bid_log.append(PASS_LOGGED[seat])
    return rnd.record(None)


def log_bid(m: ThreeOFourMatch, seat: int, what: str, value: int | None = None) -> None:
    m.bid_log.append((seat, what, None if value is None else A.BID_TEXT.get(value, value)))


def set_contract(m: ThreeOFourMatch, seat: int, value: int, round_name: str) -> None:
    m.trumper, m.contract, m.contract_round = seat, value, round_name
    m.auction4 = None
    m.round = None
    m.chooser = seat
    m.phase_name = "trump"
    if value == HALF_COURT:
        if not m.called:  # T3V-8.2: the Maharashtra bidder plays with his partner
            _go_solo(m, seat)
        for s in range(m.players):  # T3V-4: nothing more is dealt
            m.stock += m.second[s]
            m.second[s] = []


def _go_solo(m: ThreeOFourMatch, seat: int) -> None:
    """T3-15.1 / T3-15.3 / ED-V7: the bidder's teammates sit out; the bidder leads."""
    m.solo = True
    m.sitting_out = m._solo_out[seat]
    m.first_leader = seat

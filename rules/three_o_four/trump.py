"""The trump of a 304 hand: the indicator placed face down (T3-7, T3-8.7), the spoilt-trumps
check on the opponents' hands and its claims (T3-14, ED-22, ED-23), the open or closed
choice offered (T3-9, ED-14), and the indicator revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rules.cards import Card
from rules.contract import Action, Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import PLAY_CARD, new_event
from rules.three_o_four.auction import OneRoundAuction
from rules.three_o_four.dealing import deal_second
from rules.three_o_four.hand_end import cancel
from rules.three_o_four.prebuilt import (
    INDICATOR_CHOSEN,
    INDICATOR_PLACED,
    SECOND_DEAL,
    SUIT,
    SUIT_CARDS,
    TRUMP_REVEALED,
)

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


OPEN_ONLY: Final = [A.OPEN]
OPEN_OR_CLOSED: Final = [A.OPEN, A.CLOSED]


def place_indicator(m: ThreeOFourMatch, seat: int, card: Card) -> list[Event]:
    """T3-7.1 / T3-8.7: the indicator goes face down; trump is its suit."""
    m.hands[seat].remove(card)
    m.indicator, m.indicator_down, m.trump = card, True, SUIT[card]
    events = [INDICATOR_PLACED[seat], INDICATOR_CHOSEN[seat][card]]
    if any(m.second):
        deal_second(m)
        if m.layout.two_auctions and m.contract_round == "four":
            m.round = OneRoundAuction(m.players, m._order_from[seat])
            m.phase_name = "second_bidding"
            return [*events, SECOND_DEAL]
        events.append(SECOND_DEAL)
    if m.called:
        m.phase_name = "partner"  # T3V-8.1: he also names a card
        return events
    return events + after_trump_fixed(m)


def opponents(m: ThreeOFourMatch) -> list[int]:
    if m.called:
        return [s for s in range(m.players) if s not in m.pair]
    return m._team_seats[1 - m.trumper % 2]


def after_trump_fixed(m: ThreeOFourMatch) -> list[Event]:
    """ED-22 / ED-23: test spoilt trumps on the opponents' full hands."""
    trumps = SUIT_CARDS[m.trump]
    hands = m.hands
    spoilt = True
    for s in opponents(m):
        if not trumps.isdisjoint(hands[s]):
            spoilt = False
            break
    m.spoilt = spoilt
    if spoilt and not m._claims_on:  # "auto" mode
        return cancel(m, "spoilt", same_dealer=True)
    m.phase_name = "mode"
    return []


def _closed_blocked(m: ThreeOFourMatch) -> bool:
    """ED-14: CLOSED is not offered when the trumper leads and holds only trumps."""
    if m.first_leader != m.trumper:
        return False
    return SUIT_CARDS[m.trump].issuperset(m.hands[m.trumper])


def legal_mode(m: ThreeOFourMatch, seat: int) -> list[Action]:
    return OPEN_ONLY if _closed_blocked(m) else OPEN_OR_CLOSED


def apply_trump_choice(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    """The indicator placed; the trumper speaks next: he opens the eight-card round
    (T3-8.2), names his partner's card (T3V-8.1) or chooses open or closed (T3-9.1);
    a hand cancelled for spoilt trumps settles the turn from the new phase."""
    events = place_indicator(m, seat, PLAY_CARD[action.value])
    phase = m.phase_name
    if phase == "mode" or phase == "partner" or phase == "second_bidding":
        m._hand_to(m.trumper)
        return events
    return m._settled(events)


def reveal(m: ThreeOFourMatch, by_call: bool = False) -> list[Event]:
    """The indicator is shown; if still on the table it joins the trumper's hand."""
    if m.revealed:
        return []
    m.revealed = True
    if not by_call:
        m.reveal_cp = len(m.history)
    assert m.indicator is not None
    if m.indicator_down:
        m.indicator_down = False
        m.hands[m.trumper].append(m.indicator)
    return [TRUMP_REVEALED[m.trump][m.indicator]]


def apply_claim(m: ThreeOFourMatch, seat: int) -> list[Event]:
    """ED-23 claim mode: upheld if the opponents had no trump once trump was fixed."""
    m.claimed.add(seat)
    if m.spoilt:
        claim = new_event("spoilt_claim", {"seat": seat, "upheld": True})
        return [claim, *cancel(m, "spoilt", same_dealer=True)]
    return [new_event("spoilt_claim", {"seat": seat, "upheld": False})]

"""Caps calls during the play (T3-16): which teams may call this hand, the call offered
with its default order (ED-29), and a call made: the caller's cards exposed and, from
then on, played for him in the stated order (T3-16.5, ED-28; ``cardplay.auto_play``).
Whether a call was right is the judge's (``caps_judge``), at the hand's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.cards import card_strs
from rules.contract import Action, Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import new_event
from rules.three_o_four.trump import reveal

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


def calling_teams(m: ThreeOFourMatch) -> list[int]:
    if not m.layout.caps or m.solo:
        return []
    teams = [m.trumper % 2]
    if m._external_caps != "off":
        teams.append(1 - m.trumper % 2)
    return teams


def may_call_caps(m: ThreeOFourMatch, seat: int) -> bool:
    """T3-16.2 / ED-25 / ED-30: a calling-team member, once per team; also after his
    team has lost a trick, when the call is accepted and charged Wrong Caps (T3-16.7(d))."""
    team = seat % 2
    return (
        m.phase_name == "play"
        and team in m._caps_teams
        and team not in m.calls
        and bool(m.hands[seat] or (seat == m.trumper and m.indicator_down))
    )


def add_optional_calls(m: ThreeOFourMatch, seat: int, out: list[Action]) -> list[Action]:
    """The calls a seat may make on turn or off it (Caps, a spoilt-trumps claim),
    appended to ``out``, which is returned."""
    if m._caps_teams and may_call_caps(m, seat):  # no calling team: no call
        out.append(caps_action(m, seat))
    if m._claims_on and seat not in m.claimed:
        out.append(A.CLAIM_SPOILT)
    return out


def caps_action(m: ThreeOFourMatch, seat: int) -> Action:
    """ED-29: the Caps call offered with the judge's default order of the seat's cards.
    That order depends only on the cards and on whether the seat knows trump, so the
    action is kept per seat until it plays a card or trump is revealed (its cards
    only leave during the play; the indicator joining the hand keeps them the same):
    it was built for the same cards in hand, indicator down with them and trump
    revealed (one int: 4 * cards + 2 * indicator + revealed)."""
    if not m._caps_order_required:
        return A.CAPS_ANY_ORDER
    key = len(m.hands[seat]) * 4
    if seat == m.trumper and m.indicator_down:
        key += 2
    if m.revealed:
        key += 1
    offered = m._caps_offered[seat]
    if offered is not None and m._caps_offer_keys[seat] == key:
        return offered
    action = A.caps_action(m.judge().default_order(seat, m._remaining(seat)))
    m._caps_offered[seat] = action
    m._caps_offer_keys[seat] = key
    return action


def apply_caps(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    """T3-16.5: the caller's cards become public and are played in the stated order."""
    order = A.parse_order(action.value) if action.value else m.judge().server_order(seat)
    cp = len(m.history)
    m.calls[seat % 2] = (seat, cp, order)
    m.exposed[seat] = list(order)
    events = [new_event("caps_called", {"seat": seat, "order": card_strs(order), "call_point": cp})]
    if m.hidden:
        events += reveal(m, by_call=True)  # ED-28
    return events

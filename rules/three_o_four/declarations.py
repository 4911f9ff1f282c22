"""The declarations of the play that change the score: T3V-9 marriages (ED-V9), declared
at any call point, and T3V-13's Double (ED-V13), announced on the lead to trick 6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.cards import SUITS
from rules.contract import Action, Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import new_event
from rules.three_o_four.prebuilt import SUIT

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


def marriage_actions(m: ThreeOFourMatch, seat: int) -> list[Action]:
    """ED-V9: declared at any call point (on your turn or off it) once trump is
    revealed and your team has won a trick, while you hold K and Q of the suit; each
    marriage once."""
    if not m.options.maharashtra_scoring or not m.revealed or m.solo:
        return []
    if seat % 2 not in m.trick_winners:
        return []
    out = []
    for suit in range(4):
        if suit != m.trump and not m.options.non_trump_marriages:
            continue
        if any(m[1] == suit for m in m.marriages):
            continue
        ranks = {c % 13 for c in m.hands[seat] if SUIT[c] == suit}
        if {10, 11} <= ranks:
            out.append(A.MARRIAGE[suit])
    return out


def double_allowed(m: ThreeOFourMatch, seat: int) -> bool:
    """ED-V13: the winner of trick 5, at CP(20), if his team won tricks 1 to 5."""
    return (
        m.layout.double
        and m.double_team < 0
        and not m.solo
        and m.tricks_done == 5
        and not m.trick
        and seat == m.leader
        and all(t == seat % 2 for t in m.trick_winners)
    )


def apply_marriage(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    m.marriages.append((seat, SUITS.index(action.value)))
    return [new_event("marriage", {"seat": seat, "suit": action.value})]


def apply_double(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    m.double_team = seat % 2
    return [new_event("double", {"seat": seat})]

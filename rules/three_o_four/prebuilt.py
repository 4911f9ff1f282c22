"""What a 304 hand's hot path would otherwise build at every action, built once at import
and shared by every match (all frozen): the events that depend only on (seat, card,
value), the play actions and records of each card, the suit tables.

``new_event`` is cheap, but the hot path builds one or two events per action.
"""

from __future__ import annotations

from typing import Any, Final

from rules.cards import CARD_STRINGS, SUITS, Card
from rules.contract import Action, Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import new_event

SUIT: Final = tuple(c // 13 for c in range(52))
SUIT_CARDS: Final[tuple[frozenset[Card], ...]] = tuple(
    frozenset(c for c in range(52) if c // 13 == s) for s in range(4)
)
PLAY_OF: Final[tuple[Action, ...]] = tuple(A.PLAY[c] for c in range(52))
"""``PLAY_OF[card]``: the prebuilt play action (a tuple index on the hot path)."""
HAND_PLAY_RECORD: Final[tuple[tuple[tuple[Any, ...], ...], ...]] = tuple(
    tuple(tuple((s, c, down, 0) for c in range(52)) for s in range(8)) for down in (False, True)
)
"""``HAND_PLAY_RECORD[face down][seat][card]``: the ``PlayRecord`` of a card played from the
hand (records are immutable, so one per play is built at import)."""
CHOOSE_OF: Final[tuple[Action, ...]] = tuple(A.CHOOSE[c] for c in range(52))
"""``CHOOSE_OF[card]``: the prebuilt action placing that card as the trump indicator."""
SINGLE: Final = tuple(frozenset({s}) for s in range(8))
"""``SINGLE[seat]``: that seat alone (whose turn it is; who may see an event)."""

_BID_TEXTS: Final = ["", *(a.value for a in A.BID.values())]
BID_EVENTS: Final[tuple[dict[str, Event], ...]] = tuple(
    {v: new_event("bid", {"seat": s, "bid": v or "pass"}) for v in _BID_TEXTS} for s in range(8)
)
EIGHT_BID_EVENTS: Final[tuple[dict[str, Event], ...]] = tuple(
    {v: new_event("bid", {"seat": s, "bid": v or "pass", "round": "eight"}) for v in _BID_TEXTS}
    for s in range(8)
)
CARD_PLAYED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(new_event("card_played", {"seat": s, "card": CARD_STRINGS[c]}) for c in range(52))
    for s in range(8)
)
INDICATOR_PLACED: Final[tuple[Event, ...]] = tuple(
    new_event("indicator_placed", {"trumper": s}) for s in range(8)
)
INDICATOR_CHOSEN: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(
        new_event("indicator_chosen", {"card": CARD_STRINGS[c]}, frozenset({s})) for c in range(52)
    )
    for s in range(8)
)
TRICK_WON: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(new_event("trick_won", {"seat": s, "team": s % 2, "trick": t}) for t in range(14))
    for s in range(8)
)
SECOND_DEAL: Final = new_event("second_deal", {})
NO_TRUMP_FACE_DOWN: Final = new_event("no_trump_face_down", {})
CONTRACT: Final[tuple[dict[int, Event], ...]] = tuple(
    {v: new_event("contract", {"trumper": s, "bid": v}) for v in A.BID_VALUE.values()}
    for s in range(8)
)
"""``CONTRACT[trumper][bid]``: a contract won in the four-card or the single auction."""
EIGHT_CARD_CONTRACT: Final[tuple[dict[str, Event], ...]] = tuple(
    {v: new_event("contract", {"trumper": s, "bid": v, "round": "eight"}) for v in _BID_TEXTS}
    for s in range(8)
)
"""``EIGHT_CARD_CONTRACT[trumper][value]``: a contract won in the eight-card round, with the
value of the round's last call (a pass: ``""``), as this event has always given it."""
FACE_DOWN_PLAYED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    (
        new_event("card_played", {"seat": s, "face_down": True, "source": "from_hand"}),
        new_event("card_played", {"seat": s, "face_down": True, "source": "indicator"}),
    )
    for s in range(8)
)
"""``FACE_DOWN_PLAYED[seat][from the indicator]``: what the table sees of a face-down card."""
FACE_DOWN_OWN: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(
        new_event("card_played", {"seat": s, "card": CARD_STRINGS[c]}, SINGLE[s]) for c in range(52)
    )
    for s in range(8)
)
"""``FACE_DOWN_OWN[seat][card]``: the face-down card as its player sees it."""
CUT_EVENTS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(new_event("cut", {"seat": s, "cut": c}) for c in range(53)) for s in range(8)
)
ASKED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(new_event("asked", {"seat": s, "teammate": t}) for t in range(8)) for s in range(8)
)
MODE_EVENTS: Final = {m: new_event("mode", {"mode": m}) for m in ("open", "closed")}
TRUMP_REVEALED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(
        new_event("trump_revealed", {"trump": SUITS[t], "indicator": CARD_STRINGS[c]})
        for c in range(52)
    )
    for t in range(4)
)
"""``TRUMP_REVEALED[trump][indicator]``."""

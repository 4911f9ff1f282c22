"""Every 304 action, built once at import (ids travel through buttons and logs)."""

from __future__ import annotations

from typing import Any, Final, TypeVar

from pydantic import BaseModel

from rules.cards import CARD_STRINGS, JOKER, SUIT_NAMES, SUITS, pretty
from rules.contract import Action, ActionTable, Event, IllegalAction
from rules.three_o_four.auction import FULL_COURT, HALF_COURT, PCC

ACTIONS: Final = ActionTable()

PASS: Final = ACTIONS.add("pass", label="Pass")
REDEAL: Final = ACTIONS.add("redeal", label="Ask for a redeal")
NO_CUT: Final = ACTIONS.add("no_cut", label="Don't cut")
OPEN: Final = ACTIONS.add("open", label="Play open trump")
CLOSED: Final = ACTIONS.add("closed", label="Play closed trump")
INDICATOR: Final = ACTIONS.add("indicator", label="Play the trump indicator")
CLAIM_SPOILT: Final = ACTIONS.add("claim_spoilt", label="Claim spoilt trumps")
DOUBLE: Final = ACTIONS.add("double", label="Announce Double")
CAPS_ANY_ORDER: Final = ACTIONS.add("caps", label="Call Caps")

CUT: Final[dict[int, Action]] = {
    c: ACTIONS.add("cut", str(c), f"Cut {c} card" + ("s" if c != 1 else "")) for c in range(1, 40)
}
ASK: Final[dict[int, Action]] = {
    s: ACTIONS.add("ask", str(s), f"Ask seat {s} to bid") for s in range(8)
}

BID_TEXT: Final[dict[int, str]] = {PCC: "PCC", HALF_COURT: "HC", FULL_COURT: "FC"}
BID: Final[dict[int, Action]] = {
    v: ACTIONS.add("bid", str(v), f"Bid {v}") for v in range(100, 1001, 5)
}
BID[PCC] = ACTIONS.add("bid", "PCC", "Bid Partner Close Caps")
BID[HALF_COURT] = ACTIONS.add("bid", "HC", "Bid Half Court")
BID[FULL_COURT] = ACTIONS.add("bid", "FC", "Bid Full Court")
SHORTHAND: Final = {"60": 160, "70": 170, "80": 180, "90": 190}
"""ED-12: spoken shorthand below 200."""

CHOOSE: Final[dict[int, Action]] = {
    c: ACTIONS.add("trump", CARD_STRINGS[c], f"Trump indicator {pretty(c)}") for c in range(JOKER)
}
PLAY: Final[dict[int, Action]] = {
    c: ACTIONS.add("play", CARD_STRINGS[c], f"Play {pretty(c)}") for c in range(JOKER)
}
PARTNER: Final[dict[int, Action]] = {
    c: ACTIONS.add("partner", CARD_STRINGS[c], f"Call {pretty(c)} as your partner")
    for c in range(JOKER)
}
"""T3V-8.1: the Maharashtra bid winner names a card; its holder is his partner."""
MARRIAGE: Final[dict[int, Action]] = {
    s: ACTIONS.add("marriage", SUITS[s], f"Declare the {SUIT_NAMES[SUITS[s]]} marriage")
    for s in range(4)
}


def bid_value(action: Action) -> int:
    text = action.value
    if text == "PCC":
        return PCC
    if text == "HC":
        return HALF_COURT
    if text == "FC":
        return FULL_COURT
    return int(text)


BID_VALUE: Final[dict[str, int]] = {action.value: value for value, action in BID.items()}
"""Bid text to its value (as ``bid_value``, by one lookup)."""

PLAY_CARD: Final[dict[str, int]] = {CARD_STRINGS[c]: c for c in range(JOKER)}
"""Card text to card int for the card-valued actions."""


FIELDS_BY_ID: Final[dict[int, tuple[str, str]]] = {
    id(action): (action.kind, action.value) for action in ACTIONS.actions()
}
"""Each prebuilt action's ``(kind, value)`` by its ``id`` (they live as long as the
process), for ``kind_value``."""


def kind_value(action: Action) -> tuple[str, str]:
    """``(action.kind, action.value)``: one lookup for a prebuilt action, where compiled
    code reads each field of a pydantic model by a generic attribute lookup through its
    ``__getattr__`` hook, which costs more than the lookup for two fields (less for
    one). An action rebuilt by a caller is read field by field."""
    found = FIELDS_BY_ID.get(id(action))
    if found is None:
        return action.kind, action.value
    return found


def caps_action(order: list[int]) -> Action:
    """T3-16.5: ``caps:JH,9H,8C`` calls Caps stating the order of every remaining card
    (built per state for eligible callers, so without validation)."""
    strings = _CARD_STRINGS
    values = {"kind": "caps", "value": ",".join([strings[c] for c in order]), "label": "Call Caps"}
    return built(_ACTION, values, _ACTION_FIELDS)


def new_event(kind: str, data: dict[str, Any], visible_to: frozenset[int] | None = None) -> Event:
    """``Event.make(kind, visible_to, **data)`` without its interpreted frame (``built``)."""
    return built(_EVENT, {"kind": kind, "data": data, "visible_to": visible_to}, _EVENT_FIELDS)


ModelT = TypeVar("ModelT", bound=BaseModel)


def built(model: type[ModelT], values: dict[str, Any], fields: frozenset[str]) -> ModelT:
    """A model from known-good engine data, in the state ``Event.make`` (rules.contract)
    gives one: ``values`` as its fields, every one of them set (``fields``), no extra or
    private state. Compiled, each ``object.__setattr__`` is one C call (the generic
    setter, which stores through the slot's descriptor), where calling ``Event.make``
    costs an interpreted frame and a call per slot through a method wrapper: a Caps
    offer is built per state and a few events per hand."""
    item = _new_object(model)
    object.__setattr__(item, "__dict__", values)
    object.__setattr__(item, "__pydantic_fields_set__", fields)
    object.__setattr__(item, "__pydantic_extra__", None)
    object.__setattr__(item, "__pydantic_private__", None)
    return item


# Module constants for the builders below.
_CARD_STRINGS: Final = CARD_STRINGS
_ACTION: Final = Action
_EVENT: Final = Event
_ACTION_FIELDS: Final = frozenset(Action.model_fields)
_EVENT_FIELDS: Final = frozenset(Event.model_fields)
_new_object: Final = object.__new__


def parse_order(text: str) -> list[int]:
    cards = []
    for part in text.split(","):
        card = PLAY_CARD.get(part)
        if card is None:
            raise IllegalAction(
                "{text} is not a card (write them like JH,9H,8C).",
                code="caps_order_not_a_card",
                text=repr(part),
            )
        cards.append(card)
    return cards

"""Telefunken's action ids and their labels.

Fixed actions (draw, buy, discard a card...) are built once in ``ACTIONS``. Melds,
layoffs and joker moves name cards and table melds, so they are built on demand by
``action(kind, value)``; a label is a pure function of the id, which is what lets
``parse_action(a.id) == a`` hold for them too.
"""

from __future__ import annotations

import functools

from rules.cards import CARD_STRINGS, CardError, parse_card, pretty
from rules.contract import Action, ActionTable, not_game_action

ACTIONS = ActionTable()

FIXED_LABELS: dict[str, str] = {
    "draw": "Draw from the stock",
    "take_upcard": "Take the upcard",
    "take_discard": "Take the discard",
    "buy": "Buy the discard",
    "pass": "Pass",
    "cancel": "Take back the staged melds",
    "goout": "Go out with these melds",
    "handin": "Hand in the chosen cards",
    "keepall": "Hand in nothing",
    "cut": "Cut",
}
for _kind, _text in FIXED_LABELS.items():
    ACTIONS.add(_kind, label=_text)
for _card in CARD_STRINGS:
    ACTIONS.add("discard", _card, f"Discard {pretty(CARD_STRINGS.index(_card))}")
    ACTIONS.add("give", _card, f"Hand in {pretty(CARD_STRINGS.index(_card))}")
    ACTIONS.add("ungive", _card, f"Keep {pretty(CARD_STRINGS.index(_card))}")

DYNAMIC_KINDS = ("meld", "lay", "takejoker", "movejoker", "swap", "cut", "contract")


def _cards_label(text: str) -> str:
    return " ".join(pretty(parse_card(c)) for c in text.split(","))


@functools.lru_cache(maxsize=65536)
def action(kind: str, value: str) -> Action:
    """The action ``kind:value`` with its label; bad text raises ``IllegalAction``."""
    try:
        label = _label(kind, value)
    except (CardError, ValueError, IndexError) as exc:
        raise not_game_action(f"{kind}:{value}", "Telefunken") from exc
    return Action(kind=kind, value=value, label=label)


def _label(kind: str, value: str) -> str:
    parts = value.split(":")
    if kind == "meld":
        return "Meld " + _cards_label(value)
    if kind == "lay":
        meld_id, card = int(parts[0]), parse_card(parts[1])
        where = {"low": " at the low end", "high": " at the high end"}
        end = where[parts[2]] if len(parts) > 2 else ""
        if len(parts) > 3 or meld_id < 0:
            raise ValueError(value)
        return f"Lay {pretty(card)} on meld {meld_id}{end}"
    if kind == "takejoker":
        meld_id = int(parts[0])
        if len(parts) != 2 or meld_id < 0:
            raise ValueError(value)
        return f"Take the joker from meld {meld_id} with {_cards_label(parts[1])}"
    if kind == "movejoker":
        meld_id = int(parts[0])
        if len(parts) != 2 or parts[1] not in ("low", "high") or meld_id < 0:
            raise ValueError(value)
        return f"Put the joker's card in meld {meld_id}, joker to the {parts[1]} end"
    if kind == "swap":
        meld_id, natural, wild = int(parts[0]), parse_card(parts[1]), parse_card(parts[2])
        if len(parts) != 3 or meld_id < 0:
            raise ValueError(value)
        return f"Swap {pretty(natural)} for the {pretty(wild)} in meld {meld_id}"
    if kind == "cut":
        size = int(value)
        if size < 1 or str(size) != value:
            raise ValueError(value)
        return f"Cut leaving {size} card" + ("s" if size != 1 else "")
    if kind == "contract":
        number = int(value)
        if number < 1 or str(number) != value:
            raise ValueError(value)
        return f"Play contract {number}"
    raise ValueError(kind)


def parse(action_id: str) -> Action:
    """The action for an id that is not in ``ACTIONS`` (melds, layoffs, joker moves)."""
    if not isinstance(action_id, str) or len(action_id) > 80 or ":" not in action_id:
        raise not_game_action(action_id, "Telefunken")
    kind, value = action_id.split(":", 1)
    if kind not in DYNAMIC_KINDS or not value:
        raise not_game_action(action_id, "Telefunken")
    return action(kind, value)

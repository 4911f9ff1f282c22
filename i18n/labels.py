"""Engine wording translated at the UI boundary: action labels, suits, cards and phases.

Engines write English (``Action.label``). The UI never translates that text word by word:
an Action's label is rebuilt from its ``kind`` and ``value`` with a catalog template.
Anything not recognised falls back to the engine's English, so a new engine action is
never lost, only untranslated. Refusals are translated by code (``i18n.refusals``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from i18n import N_, plural
from rules.contract import Action
from rules.registry import BUILTIN

Translate = Callable[[str], str]

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
_CARD = re.compile(r"^(10|[2-9JQKA])([SHDC])$")

# Labels that do not depend on a value, keyed by action id: the ones several games share.
# A game's own are in its plugin (``GamePlugin.labels``).
FIXED: dict[str, str] = {
    "pass": N_("Pass"),
    "cut": N_("Cut"),
    "no_cut": N_("Don't cut"),
    "redeal": N_("Ask for a redeal"),
}


@functools.cache
def _fixed_labels() -> dict[str, tuple[str, ...]]:
    """Every fixed label by action id: the shared ones, then each game's (an id two games
    word differently has both: the one matching the engine's English is used)."""
    labels: dict[str, tuple[str, ...]] = {k: (v,) for k, v in FIXED.items()}
    for plugin in BUILTIN:
        for action_id, label in plugin.labels.items():
            if label not in labels.get(action_id, ()):
                labels[action_id] = (*labels.get(action_id, ()), label)
    return labels


def card_text(card: str, t: Translate | None = None) -> str:
    """``"10H"`` -> ``"10♥"`` as the engines' labels write it (``rules.cards.pretty``); a
    joker ``"*"`` is ``"Joker"`` there too (translated with ``t``)."""
    if card == "*":
        return t(JOKER_TEXT) if t is not None else JOKER_TEXT
    match = _CARD.match(card)
    return match.group(1) + SUIT_SYMBOLS[match.group(2)] if match else card


def suit_name(letter: str, t: Translate) -> str:
    return t(SUIT_NAMES[letter]) if letter in SUIT_NAMES else letter


CARD_TEMPLATES = {
    "play": N_("Play {card}"),
    "discard": N_("Discard {card}"),
    "tunk": N_("Tunk, discarding {card}"),
    "give": N_("Hand in {card}"),
    "ungive": N_("Keep {card}"),
    "lay": N_("Lay {card} on the next face-down card"),
}


JOKER_TEXT = N_("Joker")


def _cards(value: str, t: Translate | None = None) -> str | None:
    cards = value.split(",")
    if not all(c == "*" or _CARD.match(c) for c in cards):
        return None
    return " ".join(card_text(c, t) for c in cards)


def _templated(kind: str, value: str, t: Translate, hint: str = "") -> str | None:
    """The translated label for a value-carrying action, or None when the shape is unknown.

    ``hint`` is the engine's English label: where two games word one kind and value
    differently (``cut:5``, ``trump:JS``) it picks the wording, which the caller then checks
    reproduces the English exactly."""
    if kind == "cut" and value.isdigit() and not hint.startswith("Cut leaving"):
        return plural("Cut {n} card", "Cut {n} cards", int(value), t).format(n=value)
    if kind == "trump" and _CARD.match(value) and hint.startswith("Trump indicator"):
        return t(N_("Trump indicator {card}")).format(card=card_text(value, t))
    if kind == "ask" and value.isdigit():
        return t(N_("Ask seat {n} to bid")).format(n=value)
    if kind == "partner" and _CARD.match(value):
        return t(N_("Call {card} as your partner")).format(card=card_text(value, t))
    if kind == "marriage" and value in SUIT_NAMES:
        return t(N_("Declare the {suit} marriage")).format(suit=suit_name(value, t))
    if kind in CARD_TEMPLATES and (_CARD.match(value) or value == "*"):
        template = CARD_TEMPLATES[kind]
        return t(template).format(card=card_text(value, t))
    if kind == "bid" and value.isdigit():
        return t(N_("Bid {n}")).format(n=value)
    if kind == "trump" and value in SUIT_SYMBOLS:
        return t(N_("Trump {symbol} {suit}")).format(
            symbol=SUIT_SYMBOLS[value], suit=suit_name(value, t)
        )
    if kind == "trump" and _CARD.match(value):
        return t(N_("Trump with {card} (face down)")).format(card=card_text(value, t))
    if kind == "choose" and value.isdigit():
        return t(N_("Seat {n} makes trump")).format(n=value)
    if kind == "challenge" and value.isdigit():
        return t(N_("Challenge seat {n}'s card")).format(n=value)
    if kind == "challenge_jodi" and value.isdigit():
        return t(N_("Challenge seat {n}'s Jodi")).format(n=value)
    if kind == "jodi":
        parts = value.split(":")
        if len(parts) >= 2 and parts[0] in SUIT_NAMES and parts[1].isdigit():
            suit = suit_name(parts[0], t)
            if parts[2:] == ["shown"]:
                return t(N_("Declare {points} Jodi in {suit}")).format(points=parts[1], suit=suit)
            if len(parts) == 2 and parts[1] in ("20", "30"):
                return t(N_("Declare {points} Jodi ({suit}, suit kept secret)")).format(
                    points=parts[1], suit=suit
                )
            if len(parts) == 2:
                return t(N_("Declare {points} Jodi ({suit})")).format(points=parts[1], suit=suit)
    if kind in ("spread", "meld"):
        cards = _cards(value, t)
        if cards:
            template = N_("Spread {cards}") if kind == "spread" else N_("Meld {cards}")
            return t(template).format(cards=cards)
    parts = value.split(":")
    if kind == "lay" and len(parts) in (2, 3) and parts[0].isdigit() and _cards(parts[1], t):
        card = _cards(parts[1], t)
        if len(parts) == 2:
            return t(N_("Lay {card} on meld {n}")).format(card=card, n=parts[0])
        if parts[2] in ("low", "high"):
            template = (
                N_("Lay {card} on meld {n} at the low end")
                if parts[2] == "low"
                else N_("Lay {card} on meld {n} at the high end")
            )
            return t(template).format(card=card, n=parts[0])
    if kind == "takejoker" and len(parts) == 2 and parts[0].isdigit() and _cards(parts[1], t):
        return t(N_("Take the joker from meld {n} with {cards}")).format(
            n=parts[0], cards=_cards(parts[1], t)
        )
    if kind == "movejoker" and len(parts) == 2 and parts[0].isdigit():
        joker_end = {
            "low": N_("Put the joker's card in meld {n}, joker to the low end"),
            "high": N_("Put the joker's card in meld {n}, joker to the high end"),
        }.get(parts[1])
        if joker_end:
            return t(joker_end).format(n=parts[0])
    if kind == "swap" and len(parts) == 3 and parts[0].isdigit():
        natural, wild = _cards(parts[1], t), _cards(parts[2], t)
        if natural and wild:
            return t(N_("Swap {natural} for the {wild} in meld {n}")).format(
                natural=natural, wild=wild, n=parts[0]
            )
    if kind == "cut" and value.isdigit():
        return plural("Cut leaving {n} card", "Cut leaving {n} cards", int(value), t).format(
            n=value
        )
    if kind == "contract" and value.isdigit():
        return t(N_("Play contract {n}")).format(n=value)
    if kind == "hit":
        match = re.match(r"^([0-9JQKA]{1,2}[SHDC])>m([0-9]+)(?::(low|high))?$", value)
        if match:
            card, number, end = match.groups()
            if end:
                end_text = t(N_("low")) if end == "low" else t(N_("high"))
                return t(N_("Hit {card} on spread {n} ({end} end)")).format(
                    card=card_text(card), n=number, end=end_text
                )
            return t(N_("Hit {card} on spread {n}")).format(card=card_text(card), n=number)
    return None


def _english(text: str) -> str:
    return text


def action_label(action: Action, t: Translate) -> str:
    """The label a player reads for ``action``: translated from its kind and value.

    A template is used only when it reproduces the engine's English label exactly, so two
    games giving one kind different meanings (``trump:JS``) never get the wrong wording;
    otherwise the engine's label is looked up as it is, then shown in English."""
    fixed = _fixed_labels().get(action.id, ())
    for label in fixed:
        if not action.label or label == action.label:
            return t(label)
    english = _templated(action.kind, action.value, _english, action.label)
    if english is not None and (not action.label or english == action.label):
        return _templated(action.kind, action.value, t, action.label) or english
    if action.label:
        return t(action.label)
    return action.id


PHASES = {
    "bidding": N_("bidding"),
    "buy": N_("buying"),
    "calls": N_("calls"),
    "cut": N_("cut"),
    "deal": N_("deal"),
    "draw": N_("draw"),
    "exchange": N_("card exchange"),
    "half_court": N_("Half Court"),
    "partner": N_("partner card"),
    "jodi": N_("Jodi"),
    "play": N_("play"),
    "throw_in": N_("throw in"),
    "trip": N_("Trip"),
    "trump": N_("trump"),
    "second_bidding": N_("second bidding"),
    "contract": N_("contract"),
    "final_draw": N_("last draw"),
    "final_play": N_("last play"),
}


def phase_name(phase: str, t: Translate) -> str:
    """An engine phase as a word in the reader's language (unknown phases as they are)."""
    return t(PHASES[phase]) if phase in PHASES else phase

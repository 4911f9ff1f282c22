"""Engine wording translated at the UI boundary: action labels and ``IllegalAction`` messages.

Engines write English (``Action.label``, refusal messages). The UI never translates that
text word by word: an Action's label is rebuilt from its ``kind`` and ``value`` with a
catalog template, and a refusal message is matched against the engines' message shapes.
Anything not recognised falls back to the engine's English, so a new engine action is
never lost, only untranslated.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from i18n import N_
from rules.contract import Action
from rules.registry import BUILTIN

Translate = Callable[[str], str]

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_BY_NAME = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
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
        return t(N_("Cut {n} cards")).format(n=value)
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
        return t(N_("Cut leaving {n} cards")).format(n=value)
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


# Engine refusal messages: (pattern over the English text, catalog template). Named groups
# fill the template; a group named ``label`` is itself translated, ``suit`` names a suit.
MESSAGES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), template)
    for p, template in [
        (r"^It is not your turn\.$", N_("It is not your turn.")),
        (r"^You can't call Caps now\.$", N_("You can't call Caps now.")),
        (
            r"^A Caps call must list every card you hold, in the order you will play them\.$",
            N_("A Caps call must list every card you hold, in the order you will play them."),
        ),
        (r"^You must follow the suit led\.$", N_("You must follow the suit led.")),
        (
            r"^You may not lead that card now \(closed trump or exhausted trumps\)\.$",
            N_("You may not lead that card now (closed trump or exhausted trumps)."),
        ),
        (r"^That bid is not allowed now\.$", N_("That bid is not allowed now.")),
        (
            r"^You have melded: you can't buy again this deal\.$",
            N_("You have melded: you can't buy again this deal."),
        ),
        (r"^You have no chips left to buy with\.$", N_("You have no chips left to buy with.")),
        (r"^There is no buying in this deal\.$", N_("There is no buying in this deal.")),
        (
            r"^You have already answered this discard\.$",
            N_("You have already answered this discard."),
        ),
        (r"^Lay your contract before laying off\.$", N_("Lay your contract before laying off.")),
        (r"^That card can't go on that meld now\.$", N_("That card can't go on that meld now.")),
        (
            r"^This deal's contract must go down with the rest of your hand at once\.$",
            N_("This deal's contract must go down with the rest of your hand at once."),
        ),
        (
            r"^Those cards aren't a meld you can lay now\.$",
            N_("Those cards aren't a meld you can lay now."),
        ),
        (
            r"^Finish your melds, or take them back, before you discard\.$",
            N_("Finish your melds, or take them back, before you discard."),
        ),
        (
            r"^Only the first player of the deal may take the upcard, instead of drawing\.$",
            N_("Only the first player of the deal may take the upcard, instead of drawing."),
        ),
        (
            r"^You can work with jokers from the turn after your contract\.$",
            N_("You can work with jokers from the turn after your contract."),
        ),
        (r"^Draw first\.$", N_("Draw first.")),
        (r"^The match is over\.$", N_("The match is over.")),
        (r"^You can't do that now \((?P<label>.+)\)\.$", N_("You can't do that now ({label}).")),
        (
            r"^(?P<label>.+) is not possible now \((?P<phase>[a-z_]+)\)\.$",
            N_("{label} is not possible now ({phase})."),
        ),
        (r"^(?P<label>.+) is not possible now\.$", N_("{label} is not possible now.")),
        (r"^You don't hold that card\.$", N_("You don't hold that card.")),
        (r"^You don't hold (?P<card>\S+)\.$", N_("You don't hold {card}.")),
        (r"^You must follow suit \((?P<suit>[SHDC])\)\.$", N_("You must follow suit ({suit}).")),
        (
            r"^You must follow (?P<suit>spades|hearts|diamonds|clubs)\.$",
            N_("You must follow {suit}."),
        ),
        (
            r"^You may not lead a trump to the first trick\.$",
            N_("You may not lead a trump to the first trick."),
        ),
        (
            r"^You may not undercut the trump already played while you hold a non-trump\.$",
            N_("You may not undercut the trump already played while you hold a non-trump."),
        ),
        (
            r"^Bid more than (?P<high>\d+), at most (?P<max>\d+)\.$",
            N_("Bid more than {high}, at most {max}."),
        ),
        (
            r"^Draw first: from the stock or the discard pile\.$",
            N_("Draw first: from the stock or the discard pile."),
        ),
        (r"^You have already drawn this turn\.$", N_("You have already drawn this turn.")),
        (r"^The stock is empty\.$", N_("The stock is empty.")),
        (
            r"^You may take the discard only if you can spread or hit it at once\.$",
            N_("You may take the discard only if you can spread or hit it at once."),
        ),
        (
            r"^You may drop only at the start of your turn, before drawing\.$",
            N_("You may drop only at the start of your turn, before drawing."),
        ),
        (
            r"^You can't discard (?P<card>\S+): you just took it from the discard pile\.$",
            N_("You can't discard {card}: you just took it from the discard pile."),
        ),
        (
            r"^First spread or hit the card you took from the discard pile\.$",
            N_("First spread or hit the card you took from the discard pile."),
        ),
        (
            r"^Tunk belongs to the Hoyle game; drop at the start of your turn instead\.$",
            N_("Tunk belongs to the Hoyle game; drop at the start of your turn instead."),
        ),
        (
            r"^You may tunk only with (?P<limit>\d+) or fewer unmatched points left\.$",
            N_("You may tunk only with {limit} or fewer unmatched points left."),
        ),
        # issue 34: Telefunken joker and wild-card refusals (rules/telefunken/wild_refusals.py)
        (
            r"^Jokers are not taken into the hand in this game\.$",
            N_("Jokers are not taken into the hand in this game."),
        ),
        (r"^There is no meld (?P<meld>\d+)\.$", N_("There is no meld {meld}.")),
        (
            r"^Meld (?P<meld>\d+) is a run: its joker stays on the table\.$",
            N_("Meld {meld} is a run: its joker stays on the table."),
        ),
        (r"^Meld (?P<meld>\d+) has no joker\.$", N_("Meld {meld} has no joker.")),
        (
            r"^You can't take a joker from your own meld\.$",
            N_("You can't take a joker from your own meld."),
        ),
        (
            r"^Taking the joker from meld (?P<meld>\d+) takes (?P<count>\d+) cards of its rank\.$",
            N_("Taking the joker from meld {meld} takes {count} cards of its rank."),
        ),
        (
            r"^Jokers in runs do not move in this game\.$",
            N_("Jokers in runs do not move in this game."),
        ),
        (
            r"^Meld (?P<meld>\d+) is not a run with a joker\.$",
            N_("Meld {meld} is not a run with a joker."),
        ),
        (
            r"^The joker in meld (?P<meld>\d+) is no longer at an end, so it can't move\.$",
            N_("The joker in meld {meld} is no longer at an end, so it can't move."),
        ),
        (
            r"^You don't hold (?P<card>\S+), the card the joker stands for\.$",
            N_("You don't hold {card}, the card the joker stands for."),
        ),
        (r"^The joker can't go beyond the ace\.$", N_("The joker can't go beyond the ace.")),
        (
            r"^Wild cards are not swapped in this game\.$",
            N_("Wild cards are not swapped in this game."),
        ),
        (
            r"^In this game you take a joker while laying your contract\.$",
            N_("In this game you take a joker while laying your contract."),
        ),
        (
            r"^You can swap for a wild card once your contract is down\.$",
            N_("You can swap for a wild card once your contract is down."),
        ),
        (
            r"^You can take a joker only from another player's contract meld\.$",
            N_("You can take a joker only from another player's contract meld."),
        ),
        (
            r"^Only a run's wild card can be swapped in this game\.$",
            N_("Only a run's wild card can be swapped in this game."),
        ),
        (
            r"^Meld (?P<meld>\d+) has no (?P<card>\S+) as a wild card\.$",
            N_("Meld {meld} has no {card} as a wild card."),
        ),
        (
            r"^The wild card in meld (?P<meld>\d+) doesn't stand for (?P<card>\S+)\.$",
            N_("The wild card in meld {meld} doesn't stand for {card}."),
        ),
        (
            r"^Lay (?P<count>\d+) of these cards as a meld, then lay off the rest\.$",
            N_("Lay {count} of these cards as a meld, then lay off the rest."),
        ),
        (
            r"^You couldn't use that wild card at once in a new meld\.$",
            N_("You couldn't use that wild card at once in a new meld."),
        ),
    ]
]

# English label text -> the Action it came from, for labels quoted inside messages.
_LABEL_ACTIONS: dict[str, Action] = {}


def _label_action(label: str) -> Action | None:
    if not _LABEL_ACTIONS:
        from rules import registry

        for name in registry.names():
            table = registry.get(name).actions
            for action_id in table.ids():
                action = table.get(action_id)
                if action is not None and action.label:
                    _LABEL_ACTIONS.setdefault(action.label, action)
    return _LABEL_ACTIONS.get(label)


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
}


def phase_name(phase: str, t: Translate) -> str:
    """An engine phase as a word in the reader's language (unknown phases as they are)."""
    return t(PHASES[phase]) if phase in PHASES else phase


def engine_message(message: str, t: Translate) -> str:
    """A refusal message from an engine in the player's language (English when unknown)."""
    for pattern, template in MESSAGES:
        match = pattern.match(message)
        if match is None:
            continue
        params = match.groupdict()
        if "label" in params:
            action = _label_action(params["label"])
            params["label"] = action_label(action, t) if action is not None else params["label"]
        if "suit" in params:
            suit = params["suit"]
            letter = SUIT_BY_NAME.get(suit, suit)
            params["suit"] = suit_name(letter, t)
        if "phase" in params:
            params["phase"] = phase_name(params["phase"], t)
        return t(template).format(**params)
    return t(message)

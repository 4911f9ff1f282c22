"""A game option's title and description in the reader's language.

``rules.option_fields`` describes every field of a game's ``Options`` in English; that
English (the title, the one-line description) is the stable message id the catalog
translates, as for every other text. A text the catalog lacks shows in English. So does a
choice's value in words (``black_jack`` -> ``black jack``), for the pickers: a typed option
keeps the engine's value.
"""

from __future__ import annotations

from i18n.labels import Translate
from rules.option_fields import OptionField, OptionValue, option_fields
from rules.registry import GameRegistry


def option_title(field: OptionField, t: Translate) -> str:
    return t(field.title)


def option_description(field: OptionField, t: Translate) -> str:
    return t(field.description) if field.description else ""


def value_words(value: str) -> str:
    return value.replace("_", " ")


def option_value_text(value: OptionValue, t: Translate) -> str:
    """A choice as a picker shows it: on/off, automatic (none), words, or the number."""
    if value is True:
        return t("on")
    if value is False:
        return t("off")
    if value is None:
        return t("automatic")
    if isinstance(value, str):
        return t(value_words(value))
    return str(value)


def option_messages(games: GameRegistry) -> list[str]:
    """Every option title, description and choice (in words) of every game, once each, in
    menu order.

    They come from the ``Options`` models at run time, so ``python -m i18n extract`` adds
    them to the catalog template itself (pybabel only finds marked literals)."""
    messages: dict[str, None] = {}
    for plugin in games:
        for field in option_fields(games.get(plugin.name).Options):
            for text in (field.title, field.description):
                if text:
                    messages[text] = None
            for value in field.choices or ():
                if isinstance(value, str):
                    messages[value_words(value)] = None
    return list(messages)

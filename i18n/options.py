"""A game option's title and description in the reader's language.

``rules.option_fields`` describes every field of a game's ``Options`` in English; that
English (the title, the one-line description) is the stable message id the catalog
translates, as for every other text. A text the catalog lacks shows in English.
"""

from __future__ import annotations

from i18n.labels import Translate
from rules.option_fields import OptionField, option_fields
from rules.registry import GameRegistry


def option_title(field: OptionField, t: Translate) -> str:
    return t(field.title)


def option_description(field: OptionField, t: Translate) -> str:
    return t(field.description) if field.description else ""


def option_messages(games: GameRegistry) -> list[str]:
    """Every option title and description of every game, once each, in menu order.

    They come from the ``Options`` models at run time, so ``python -m i18n extract`` adds
    them to the catalog template itself (pybabel only finds marked literals)."""
    messages: dict[str, None] = {}
    for plugin in games:
        for field in option_fields(games.get(plugin.name).Options):
            for text in (field.title, field.description):
                if text:
                    messages[text] = None
    return list(messages)

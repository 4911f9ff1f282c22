"""A game option's title and description in the reader's language.

``rules.option_fields`` describes every field of a game's ``Options`` in English; that
English (the title, the one-line description) is the stable message id the catalog
translates, as for every other text. A text the catalog lacks shows in English.
"""

from __future__ import annotations

from i18n.labels import Translate
from rules.option_fields import OptionField


def option_title(field: OptionField, t: Translate) -> str:
    return t(field.title)


def option_description(field: OptionField, t: Translate) -> str:
    return t(field.description) if field.description else ""

"""Engine values the table message shows as words: hand outcomes, contract kinds and keys.

The table view turns such a value into text as ``t(value.replace("_", " "))``; the terms
are listed in the games' plugins (``GamePlugin.terms``) and here (the shared ones), marked
for extraction, so the catalogs carry them. A value missing there shows in English
(tests/i18n checks the ones met in play are listed).
"""

from __future__ import annotations

from i18n import N_
from rules.registry import BUILTIN

SHARED: tuple[str, ...] = (
    N_("played"),
    N_("redeal"),
    N_("penalty"),
)
"""Hand outcomes several games use; a game's own terms are in its plugin."""


def _terms() -> tuple[str, ...]:
    every = dict.fromkeys(SHARED)
    for plugin in BUILTIN:
        every.update(dict.fromkeys(plugin.terms))
    return tuple(every)


TERMS: tuple[str, ...] = _terms()
"""Every term a built-in game's table may show."""


def term(value: str) -> str:
    """The catalog form of an engine value (``"trump_team_won"`` -> ``"trump team won"``)."""
    return value.replace("_", " ")

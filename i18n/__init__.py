"""The one translation catalog every player-facing string goes through (gettext via Babel).

English is the source language. Catalogs live in ``locales/<lang>/LC_MESSAGES/cardtable.po``
and are compiled to ``.mo`` by ``python -m i18n compile`` (the install step runs it).
Usage: ``t = translator("es"); t("It is not your turn.")``; in modules that only mark
strings for extraction, ``N_("...")`` marks without translating.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable
from pathlib import Path

DOMAIN = "cardtable"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"
SOURCE_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "es", "fa")
RTL_LANGUAGES: frozenset[str] = frozenset({"fa"})


def N_(text: str) -> str:
    """Mark a string for extraction without translating it here."""
    return text


def normalise(locale: str | None) -> str:
    """A supported language code for a Discord locale like ``"es-ES"``; English otherwise."""
    if not locale:
        return SOURCE_LANGUAGE
    code = locale.replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE_LANGUAGE


@functools.cache
def _catalog(language: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def translator(locale: str | None) -> Callable[[str], str]:
    """The gettext function for a locale; unknown locales and missing entries give English."""
    return _catalog(normalise(locale)).gettext

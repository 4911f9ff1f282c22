"""The one translation catalog every player-facing string goes through (gettext via Babel).

English is the source language. Catalogs live in ``locales/<lang>/LC_MESSAGES/cardtable.po``
and are compiled to ``.mo`` by ``python -m i18n compile`` (the install step runs it).
Usage: ``t = translator("es"); t("It is not your turn.")``; in modules that only mark
strings for extraction, ``N_("...")`` marks without translating.
"""

from __future__ import annotations

import functools
import gettext
import re
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


FSI = "\u2068"  # first-strong isolate: the inserted text picks its own direction
PDI = "\u2069"  # pop directional isolate


def isolate(text: object) -> str:
    """``text`` wrapped in a direction isolate, so a card (``10♥``), a number or a Latin
    name inside right-to-left text keeps its own order and does not reorder its neighbours."""
    return f"{FSI}{text}{PDI}"


# Left as they are: placeholders, Discord markup (<t:...:R>, <#id>, <@id>) and links.
_KEEP = re.compile(r"(\{[^}]*\}|<[^>]*>|https?://\S+)")
# A run of left-to-right text: Latin words, digits, card ranks and suits ("J 9 A 10 K Q").
_LTR_RUN = re.compile(
    r"[A-Za-z0-9♠♥♦♣][A-Za-z0-9♠♥♦♣+_./'-]*(?: +[A-Za-z0-9♠♥♦♣+][A-Za-z0-9♠♥♦♣+_./'-]*)*"
)
_IN_MARKUP = re.compile(r"<[^>]*\{(\w+)\}[^>]*>")


def isolate_ltr_runs(text: str) -> str:
    """Every left-to-right run (``Thunee``, ``J 9 A 10 K Q``, ``304``) in RTL text isolated;
    placeholders, Discord markup and links are left untouched."""
    parts = _KEEP.split(text)
    for i in range(0, len(parts), 2):  # even parts are plain text, odd ones were kept
        parts[i] = _LTR_RUN.sub(lambda m: isolate(m.group(0)), parts[i])
    return "".join(parts)


class IsolatingTemplate(str):
    """A translated right-to-left template whose ``format`` isolates every inserted value.

    The UI formats every template with ``.format``; in Persian each value (a card, a number,
    a player's name) is isolated there, in one place. Values inside Discord markup
    (``<t:{deadline}:R>``) are not: Discord must still read the markup."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        in_markup = set(_IN_MARKUP.findall(self))
        return str.format(
            self,
            *(isolate(a) for a in args),
            **{k: v if k in in_markup else isolate(v) for k, v in kwargs.items()},
        )


def rtl_text(text: str) -> IsolatingTemplate:
    """The one bidi helper for right-to-left output: Latin runs in a translated text are
    isolated now, and values inserted by ``.format`` are isolated then."""
    return IsolatingTemplate(isolate_ltr_runs(text))


def is_rtl(locale: str | None) -> bool:
    return normalise(locale) in RTL_LANGUAGES


class Translator:
    """The gettext function for one language: ``t(message)``; plural forms through
    ``ngettext`` (use ``i18n.plural``, which works with any translate function)."""

    __slots__ = ("_catalog", "_rtl")

    def __init__(self, language: str) -> None:
        self._catalog = _catalog(language)
        self._rtl = language in RTL_LANGUAGES

    def __call__(self, message: str) -> str:
        text = self._catalog.gettext(message)
        return rtl_text(text) if self._rtl else text

    def ngettext(self, singular: str, plural_: str, n: int) -> str:
        text = self._catalog.ngettext(singular, plural_, n)
        return rtl_text(text) if self._rtl else text


@functools.cache
def translator(locale: str | None) -> Translator:
    """The gettext function for a locale; unknown locales and missing entries give English.

    Missing compiled catalogs (``.mo`` not built yet) also give English, not an error."""
    return Translator(normalise(locale))


def plural(singular: str, plural_: str, n: int, t: Callable[[str], str]) -> str:
    """The form of a counted message for ``n`` in ``t``'s language (``"{n} card"`` /
    ``"{n} cards"``; Spanish and Persian have their own rules in their catalogs). A plain
    translate function (a test's) gets the English rule. ``t`` comes last because Babel's
    extractor loses a call whose arguments contain another keyword (``t``) before the
    message ids."""
    if isinstance(t, Translator):
        return t.ngettext(singular, plural_, n)
    return t(singular if n == 1 else plural_)

"""Issue 14: the catalogs are complete for every message id the code marks, placeholders
survive translation, and every message fits Discord's limits in every language."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cogs.hand_view import render_hand
from cogs.layout import components_of
from cogs.table_view import render_table
from i18n import DOMAIN, LOCALE_DIR, translator
from i18n.__main__ import KEYWORDS, SOURCES
from rules import registry
from storage import TableStatus
from tests.cogs.test_hand_view import seat_view, state
from tests.cogs.test_table_view import PUBLIC, table
from tests.e2e.fake_discord.limits import IS_COMPONENTS_V2, validate_message

TRANSLATED = ("es", "fa")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The message ids in the code now (extraction runs here, not from a stale .pot)."""
    pot = tmp_path_factory.mktemp("pot") / "extracted.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", *KEYWORDS,
         "-o", str(pot), "--no-location", *SOURCES],
        check=True, cwd=ROOT, capture_output=True,
    )  # fmt: skip
    with pot.open("rb") as f:
        return read_po(f)


def catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return read_po(f, locale=lang)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_extracted_message_has_a_translation(extracted: Catalog, lang: str) -> None:
    """Fails when a user-facing string is marked in the code but not translated."""
    translations = catalog(lang)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        entry = translations.get(message.id)
        if entry is None or not entry.string or entry.fuzzy:
            missing.append(message.id)
    assert not missing, f"untranslated in {lang}: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_and_discord_markup_survive_translation(lang: str) -> None:
    for message in catalog(lang):
        if not message.id or not message.string:
            continue
        assert isinstance(message.id, str) and isinstance(message.string, str)
        assert fields(message.string) == fields(message.id), message.id
        markup = re.findall(r"<[#@t][^>]*>", message.id)
        assert re.findall(r"<[#@t][^>]*>", message.string) == markup, message.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_used(lang: str) -> None:
    t = translator(lang)
    assert t("Refresh") != "Refresh"
    assert t("Seat {n}").format(n=3) != "Seat 3"


@pytest.mark.parametrize("lang", ["en", "es", "fa"])
@pytest.mark.parametrize("status", list(TableStatus))
@pytest.mark.parametrize("players", [2, 4, 8])
def test_table_and_hand_messages_fit_discord_limits_in_every_language(
    lang: str, status: TableStatus, players: int
) -> None:
    t = translator(lang)
    last_hand = {"hand": 7, "outcome": "capture", "team_points": [10, 0]}
    rendered = render_table(table(players, status, True, **PUBLIC), t, last_hand)
    payload = {"flags": IS_COMPONENTS_V2, "components": components_of(rendered.view())}
    errors = validate_message(payload)
    assert not errors, errors.flat()


@pytest.mark.parametrize("lang", ["en", "es", "fa"])
@pytest.mark.parametrize("game", registry.names())
def test_every_engine_action_label_fits_a_button_in_every_language(lang: str, game: str) -> None:
    t = translator(lang)
    actions = registry.get(game).actions
    legal = [a for a in (actions.get(i) for i in actions.ids()) if a is not None]
    hand = ["JS", "9H", "AD", "10C", "KS"]
    for start in range(0, len(legal), 20):
        message = render_hand(seat_view(hand, legal[start : start + 20]), state(), t)
        payload = {"flags": IS_COMPONENTS_V2, "components": components_of(message.view(t))}
        errors = validate_message(payload)
        assert not errors, errors.flat()


SAMPLE = "W" * 32  # a long Discord display name, the widest value a template takes


@pytest.mark.parametrize("lang", ["en", "es", "fa"])
def test_every_template_with_sample_data_fits_discord_limits(lang: str) -> None:
    """Every catalog text, its placeholders filled with long sample values, fits a message
    (2000), and every label template fits a button (80)."""
    from i18n.labels import CARD_TEMPLATES, FIXED

    t = translator(lang)
    for message in catalog("es"):
        if not message.id or not isinstance(message.id, str):
            continue
        text = t(message.id).format(**{name: SAMPLE for name in fields(message.id)})
        assert len(text) <= 2000, message.id
    for template in [*FIXED.values(), *CARD_TEMPLATES.values()]:
        assert len(t(template).format(card="10♥")) <= 80, template

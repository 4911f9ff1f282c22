"""Issue 27: every game option's title and description, which a front end shows in its
pickers and help, is in the Spanish and Persian catalogs and reaches the console."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from i18n import DOMAIN, LOCALE_DIR, translator
from i18n.options import option_messages, option_title
from rules.option_fields import option_fields
from rules.registry import BUILTIN
from tables.console import games_epilog


@pytest.mark.parametrize("lang", ["es", "fa"])
def test_every_option_title_and_description_of_every_game_is_translated(lang: str) -> None:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    texts = option_messages(BUILTIN)
    assert len(texts) > 100  # every registered game's fields, not an empty list
    missing = []
    for text in texts:
        entry = catalog.get(text)
        if entry is None or not entry.string or entry.fuzzy:
            missing.append(text)
    assert not missing, f"option texts untranslated in {lang}: {missing}"


def test_the_console_help_shows_option_titles_in_the_players_language() -> None:
    field = option_fields(BUILTIN.get("tonk").Options)[0]
    spanish = translator("es")
    assert option_title(field, spanish) != field.title
    assert option_title(field, spanish) in games_epilog(spanish, BUILTIN)
    assert field.title not in games_epilog(spanish, BUILTIN).replace(f"--option {field.name}", "")

"""Persian reads right to left with cards, numbers and Latin terms isolated; the language
is chosen player > server > Discord locale > English (issue 14)."""

from __future__ import annotations

from i18n import FSI, PDI, isolate_ltr_runs, rtl_text, translator
from i18n.choice import LanguageChoices, resolve_language


def test_ltr_runs_are_isolated_but_placeholders_markup_and_links_are_not() -> None:
    text = "اعلام Khanuck با J 9 A در {seat} و <t:{deadline}:R> https://x.y/z"
    out = isolate_ltr_runs(text)
    assert f"{FSI}Khanuck{PDI}" in out
    assert f"{FSI}J 9 A{PDI}" in out
    assert "{seat}" in out and "<t:{deadline}:R>" in out and "https://x.y/z" in out
    assert out.replace(FSI, "").replace(PDI, "") == text


def test_inserted_values_are_isolated_except_inside_discord_markup() -> None:
    template = rtl_text("نوبت {names}؛ زمان <t:{deadline}:R> تمام می‌شود")
    out = template.format(names="alice, bob", deadline=1900000000)
    assert f"{FSI}alice, bob{PDI}" in out
    assert "<t:1900000000:R>" in out


def test_persian_translator_isolates_and_other_languages_do_not() -> None:
    assert translator("fa")("Seat {n}").format(n=3) == f"صندلی {FSI}3{PDI}"
    assert translator("es")("Seat {n}").format(n=3) == "Asiento 3"
    assert FSI not in translator("en")("Seat {n}").format(n=3)


def test_resolution_order_player_then_server_then_discord_locale_then_english() -> None:
    assert resolve_language("fa", "es", "en-US") == "fa"
    assert resolve_language(None, "es", "en-US") == "es"
    assert resolve_language(None, None, "es-419") == "es"
    assert resolve_language(None, None, "fr") == "en"
    assert resolve_language(None, None, None) == "en"
    assert resolve_language("xx", None, "es-ES") == "es"  # an unknown stored code is ignored


class MemoryStore:
    def __init__(self) -> None:
        self.guilds: dict[int, str] = {5: "es"}
        self.users: dict[int, str] = {}

    async def all(self) -> tuple[dict[int, str], dict[int, str]]:
        return dict(self.guilds), dict(self.users)

    async def set_guild(self, guild_id: int, language: str | None) -> None:
        self.guilds[guild_id] = language or ""

    async def set_user(self, user_id: int, language: str | None) -> None:
        self.users[user_id] = language or ""


async def test_choices_load_from_storage_and_answer_from_memory() -> None:
    choices = LanguageChoices(MemoryStore())
    await choices.load()
    assert choices.for_server(5, "en-US") == "es"
    assert choices.for_player(1, 5, "en-US") == "es"
    await choices.set_user(1, "fa")
    assert choices.for_player(1, 5, "en-US") == "fa"
    assert choices.for_server(5, "en-US") == "es"  # the table message keeps the server's
    await choices.set_user(1, None)
    assert choices.for_player(1, 6, "es-ES") == "es"


def test_slash_commands_are_localised_for_spanish_discord_locales_only() -> None:
    from discord.app_commands import TranslationContextLocation as Where

    from i18n.discord_commands import translate_command_text

    description = "A short summary of a game's rules"
    assert translate_command_text(description, "es-ES", Where.command_description)
    assert translate_command_text(description, "es-419", Where.command_description)
    assert translate_command_text(description, "en-US", Where.command_description) is None
    assert translate_command_text("rules", "es-ES", Where.command_name) == "reglas"
    assert translate_command_text("unknown", "es-ES", Where.command_name) is None
    # Persian has no Discord locale; an unrelated locale is left English.
    assert translate_command_text(description, "fr", Where.command_description) is None

"""The settings view without Discord (issue 31): the packed state reads back to the same
options, every page of every game fits Discord's limits in every language, presets are
playable at their table size, and the typed options complete within the limits."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field

from cogs.option_autocomplete import option_choices
from cogs.option_picker import Draft, pages, picker_fields
from cogs.settings_view import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    Where,
    _changed,
    _labelled,
    preset_draft,
    refusal,
    render,
)
from i18n import translator
from rules.option_fields import option_fields
from rules.registry import BUILTIN
from tables.manager import default_player_count
from tests.e2e.fake_discord.limits import validate_message

GAMES = BUILTIN.names()
LANGUAGES = ("en", "es", "fa")


def every_value_at_its_last(game: str) -> Draft:
    """The draft whose packed state is longest (every digit at its highest)."""
    draft = Draft.of(game, BUILTIN.get(game).Options, 8, {})
    return Draft(game, 8, draft.fields, tuple(f.radix - 1 for f in draft.fields), slow=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_control(game: str) -> None:
    """Every option of the built-in games is bounded: none is left to typing only."""
    options = BUILTIN.get(game).Options
    assert [f.name for f in picker_fields(options)] == [f.name for f in option_fields(options)]


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(GAMES), data=st.data())
def test_a_packed_draft_reads_back_to_the_same_options(game: str, data: st.DataObject) -> None:
    spec = BUILTIN.get(game)
    fields = picker_fields(spec.Options)
    digits = tuple(data.draw(st.integers(0, f.radix - 1)) for f in fields)
    draft = Draft(game, None, tuple(fields), digits)
    back = Draft.unpacked(game, spec.Options, None, draft.packed())
    assert back == draft
    again = Draft.of(game, spec.Options, None, draft.options())
    assert again.options() == draft.options() and again.digits == draft.digits


def test_a_state_drawn_for_other_options_is_not_misread() -> None:
    thunee = BUILTIN.get("thunee").Options
    packed = Draft.of("thunee", thunee, None, {"target_balls": 13}).packed()
    assert Draft.unpacked("thunee", thunee, None, packed) is not None
    assert Draft.unpacked("304", BUILTIN.get("304").Options, None, packed) is None
    assert Draft.unpacked("thunee", thunee, None, "zz" + packed) is None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("mode", ["p", "c"])
def test_every_page_of_every_game_fits_discords_limits(lang: str, mode: str) -> None:
    t = translator(lang)
    drawn = render(mode, None, 0, t, BUILTIN)
    assert not validate_message(_payload(drawn)).flat()
    for game in GAMES:
        draft = every_value_at_its_last(game)
        if mode == "c":
            draft = draft.with_players(None)
        count = len(pages(list(draft.fields)))
        for page in range(count + 1):
            drawn = render(mode, draft, page, t, BUILTIN, notice="x" * 300)
            errors = validate_message(_payload(drawn)).flat()
            assert not errors, (game, page, errors)


def _payload(drawn: dict[str, object]) -> dict[str, object]:
    view = drawn["view"]
    return {"content": drawn["content"], "components": view.to_components()}  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_every_preset_is_playable_at_its_table_size(game: str) -> None:
    """T3V-12 (Tamil Nadu 504 at six), TFV-EC, TH-29.1, ...: no preset is refused."""
    plugin = BUILTIN.plugin(game)
    start = Draft.of(game, plugin.spec.Options, None, {})
    t = translator("en")
    for index, preset in enumerate(plugin.presets, start=1):
        draft = preset_draft(start, plugin, index, "p")
        assert refusal(plugin.spec, draft, "p", t) is None, preset.title
        assert draft.players == preset.players
        assert draft.options() == dict(preset.options)
        count = preset.players or default_player_count(plugin.spec)
        plugin.spec.new_match(count, draft.options(), seed=1)


def test_an_impossible_combination_is_refused_with_the_engines_reason() -> None:
    """T3V-12: Tamil Nadu 504 needs the 36-card six-player deck."""
    spec = BUILTIN.get("304")
    draft = Draft.of("304", spec.Options, 6, {"tamil_nadu": True})
    reason = refusal(spec, draft, "p", translator("en"))
    assert reason is not None and "choose the 36-card six-player deck" in reason
    assert refusal(spec, draft.with_players(4), "p", translator("en")) is None
    # As server defaults it must suit every table size, six included.
    assert refusal(spec, draft.with_players(None), "c", translator("en")) is not None


@pytest.mark.parametrize("game", GAMES)
def test_typed_options_complete_within_discords_limits(game: str) -> None:
    t = translator("en")
    long_prefix = ", ".join(f"{f.name}=1" for f in option_fields(BUILTIN.get(game).Options))
    for typed in (
        "",
        "a",
        "x=",
        long_prefix + ", ",
        *(f"{f.name}=" for f in option_fields(BUILTIN.get(game).Options)),
    ):
        choices = option_choices(BUILTIN, game, typed, t)
        assert len(choices) <= 25
        for choice in choices:
            assert 1 <= len(choice.name) <= 100 and 1 <= len(str(choice.value)) <= 100


def test_a_typed_number_is_checked_and_empty_means_automatic() -> None:
    """TF-57: the stock-rebuild bound is 0-1000 or none; TK-8 the stake at least 1."""
    plugin = BUILTIN.plugin("telefunken")
    draft = Draft.of("telefunken", plugin.spec.Options, None, {})
    field = next(f for f in draft.fields if f.name == "max_stock_rebuilds")
    assert field.kind == "number" and field.field.nullable
    t = translator("es")
    item = f"v{field.index}"
    cleared = _changed(plugin, draft, "p", item, [""], t)
    assert isinstance(cleared, Draft) and cleared.value(field) is None
    assert cleared.options() == {"max_stock_rebuilds": None}
    title = t("Max stock rebuilds")
    too_many = _changed(plugin, draft, "p", item, ["1001"], t)
    assert too_many == f"{title} debe ser un número entero de 0 a 1000."
    assert isinstance(_changed(plugin, draft, "p", item, [" 12 "], t), Draft)
    tonk = BUILTIN.plugin("tonk")
    stake = Draft.of("tonk", tonk.spec.Options, None, {})
    refused = _changed(tonk, stake, "p", "v2", ["x"], translator("en"))
    assert refused == "Stake must be a whole number from 1 to 1000000."


def _custom_ids(drawn: dict[str, Any]) -> list[str]:
    return [str(c["custom_id"]) for row in drawn["view"].to_components() for c in row["components"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_slow_game_travels_in_every_custom_id_of_play_only(lang: str) -> None:
    """The slow-game toggle is on /play's first page, in the reader's language; every
    component of a slow draft reads back as slow; server defaults never carry it."""
    t = translator(lang)
    draft = Draft.of("tonk", BUILTIN.get("tonk").Options, 3, {}).with_slow(True)
    english = translator("en")("Slow game (no turn timer): {state}")
    for mode in ("p", "c"):
        for page in (0, 1):
            drawn = render(mode, draft, page, t, BUILTIN)
            ids = _custom_ids(drawn)
            toggles = [i for i in ids if i.endswith(":s")]
            assert len(toggles) == (1 if (mode, page) == ("p", 0) else 0)
            for custom_id in ids:
                match = re.fullmatch(BUTTON_TEMPLATE, custom_id) or re.fullmatch(
                    SELECT_TEMPLATE, custom_id
                )
                assert match is not None, custom_id
                where = Where.of(match)
                assert (where.slow, where.players) == (mode == "p", 3)
                back = Draft.unpacked(
                    "tonk", BUILTIN.get("tonk").Options, 3, where.state, slow=where.slow
                )
                assert back == draft.with_slow(mode == "p")
            if (mode, page) == ("p", 0):
                label = next(
                    str(c["label"])
                    for row in drawn["view"].to_components()
                    for c in row["components"]
                    if str(c.get("custom_id", "")).endswith(":s")
                )
                assert label == t(english).format(state=t("on"))
                assert (label == english.format(state="on")) == (lang == "en")
                assert t("A slow game: no turn timer.") in str(drawn["content"])
    # Before a game is chosen the slow game waits in the game menu's id.
    (game_menu,) = _custom_ids(render("p", None, 0, t, BUILTIN, slow=True))
    match = re.fullmatch(SELECT_TEMPLATE, game_menu)
    assert match is not None and Where.of(match).slow


def test_a_long_title_is_cut_before_the_value() -> None:
    """A button or chosen menu entry always shows the value, the thing a click changes."""
    label = _labelled("A very long option title " * 5, "traditional", 80)
    assert len(label) == 80 and label.endswith("…: traditional")
    assert _labelled("Stake", "7", 80) == "Stake: 7"


def test_a_wide_number_is_a_modal_without_listing_its_values() -> None:
    """Tonk's stake spans a million values; a range the size of this one could not even
    be listed, so it is counted, not enumerated, before it is given a modal."""

    class Wide(BaseModel):
        pot: int = Field(1, ge=1, le=10**15)
        seats: int | None = Field(None, ge=2, le=26)

    wide, seats = picker_fields(Wide)
    assert (wide.kind, wide.radix) == ("number", 10**15)
    assert seats.kind == "number" and seats.radix == 26  # 25 sizes and "automatic"

"""The settings view: a game, its table size and its rules chosen by clicking (issue 31).

One private message, redrawn on each click with one interaction response: the first page
holds the game, the players, the presets (the rules' own first, then the plugin's named
variants, each described by what it sets) and at ``/play`` the slow-game toggle, the next
pages one select or toggle per option (a number too wide for a select opens a modal).
Everything chosen travels in the custom_ids (``cogs.option_picker`` packs it), so the
message needs no memory in the bot and works after a restart:

- ``ct:o:<mode>:<game>:<players>[s]:<page>:<state>:<item>`` where ``mode`` is ``p``
  (``/play``: the last button opens the table) or ``c`` (``/config defaults``: it saves the
  server's defaults), ``s`` marks a slow game (``/play`` only: no turn timer), and ``item``
  names the component (``g`` game, ``n`` players, ``r`` preset, ``s`` the slow-game toggle,
  ``f<i>`` option ``i``'s select, ``t<i>`` its toggle, ``m<i>`` its modal button and ``v<i>``
  the modal, ``p<k>`` page ``k``, ``go``).

A change the engine refuses (``check_options``) is not applied: the message is redrawn as
it was, with the engine's reason in the reader's language. The cog that owns a mode
(``SettingsOwner``) supplies the starting values and does what ``go`` means.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from cogs import games as game_titles
from cogs.controller import is_admin, user_locale
from cogs.option_picker import Draft, PickerField, pages
from i18n import translator
from i18n.labels import Translate
from i18n.options import option_description, option_title, option_value_text
from i18n.refusals import refusal_text
from rules.contract import GameSpec, IllegalAction
from rules.option_fields import OptionValue
from rules.plugin import GamePlugin, Preset
from rules.registry import GameRegistry
from tables.errors import TableError, UnknownGame, quote
from tables.manager import default_player_count

log = logging.getLogger(__name__)

_WHERE = (
    r"ct:o:(?P<mode>[pc]):(?P<game>[\w-]*):(?P<players>\d*)(?P<slow>s?):(?P<page>\d+):"
    r"(?P<state>(?:[0-9A-Za-z]*\.[0-9A-Za-z]{2})?):"
)
BUTTON_TEMPLATE = _WHERE + r"(?P<item>[tmp]\d+|go|s)"
SELECT_TEMPLATE = _WHERE + r"(?P<item>[gnr]|f\d+)"
MODAL_TEMPLATE = _WHERE + r"(?P<item>v\d+)"
OWNERS = {"p": "PlayCog", "c": "ConfigCog"}
"""The cog answering each mode's ``go`` (``SettingsOwner``)."""
SELECT_MAX = 25
LABEL_MAX = 100
BUTTON_LABEL_MAX = 80
MODAL_TITLE_MAX = 45
PLACEHOLDER_MAX = 150


class SettingsOwner(Protocol):
    async def settings_defaults(
        self, interaction: discord.Interaction[Any], game: str
    ) -> dict[str, Any]:
        """The values a draft of ``game`` starts from (the server's defaults)."""
        ...

    async def settings_done(
        self, interaction: discord.Interaction[Any], draft: Draft
    ) -> str | None:
        """Do what ``go`` means; a notice to redraw the view with, or None when the
        interaction was answered otherwise."""
        ...

    async def settings_slow_refusal(self, interaction: discord.Interaction[Any]) -> str | None:
        """Why this table cannot be a slow game (the server's rule), or None."""
        ...


@dataclass(frozen=True)
class Where:
    """Which settings message a component belongs to, read from its custom_id."""

    mode: str
    game: str
    players: int | None
    page: int
    state: str
    slow: bool = False

    @classmethod
    def of(cls, match: re.Match[str]) -> Where:
        players = match["players"]
        return cls(
            match["mode"],
            match["game"],
            int(players) if players else None,
            int(match["page"]),
            match["state"],
            match["mode"] == "p" and bool(match["slow"]),
        )


def custom_id(mode: str, draft: Draft | None, page: int, item: str, *, slow: bool = False) -> str:
    """``slow`` marks a slow game before a game (and so a draft) is chosen."""
    if draft is None:
        return f"ct:o:{mode}::{'s' if slow and mode == 'p' else ''}:0::{item}"
    players = "" if draft.players is None else str(draft.players)
    if draft.slow and mode == "p":
        players += "s"
    return f"ct:o:{mode}:{draft.game}:{players}:{page}:{draft.packed()}:{item}"


def value_text(value: OptionValue, t: Translate) -> str:
    return option_value_text(value, t)


def refusal(spec: GameSpec[Any], draft: Draft, mode: str, t: Translate) -> str | None:
    """The engine's reason these options cannot be played, or None. ``/play`` checks its
    table size; server defaults must suit every size (as ``/config options`` checks)."""
    counts = [draft.players or default_player_count(spec)] if mode == "p" else spec.player_counts
    try:
        parsed = spec.parse_options(draft.options())
        for count in counts:
            spec.check_options(count, parsed)
    except IllegalAction as exc:
        return t("Those options can't be played: {reason}").format(reason=refusal_text(exc, t))
    return None


# -- drawing ----------------------------------------------------------------------------


def render(
    mode: str,
    draft: Draft | None,
    page: int,
    t: Translate,
    games: GameRegistry,
    notice: str | None = None,
    *,
    slow: bool = False,
) -> dict[str, Any]:
    """The settings message: ``content`` and ``view`` (send or edit keywords); ``slow``
    is a slow game asked for before the game is chosen."""
    view = discord.ui.View(timeout=None)
    lines = [notice] if notice else []
    if draft is None or draft.game not in games:
        # Only the game can be chosen yet.
        view.add_item(_game_select(mode, None, t, games, slow=slow))
        lines.append(t("Choose a game."))
        view.stop()
        return {"content": "\n".join(lines), "view": view}
    plugin = games.plugin(draft.game)
    spec = plugin.spec
    title = game_titles.title(draft.game, games)
    if mode == "p":
        players = draft.players or default_player_count(spec)
        lines.append(t("**{game}** for {n} players").format(game=title, n=players))
        if draft.slow:
            lines.append(t("A slow game: no turn timer."))
    else:
        lines.append(t("Default rules for **{game}** on this server").format(game=title))
    changed = [
        f"{option_title(f.field, t)}: {value_text(draft.value(f), t)}"
        for f in draft.fields
        if f.name in draft.options()
    ]
    lines.append(
        t("Changed from the rules' own: {changes}").format(changes="; ".join(changed))
        if changed
        else t("The rules' own, unchanged.")
    )
    option_pages = pages(list(draft.fields))
    page = min(page, len(option_pages))
    if page == 0:
        view.add_item(_game_select(mode, draft, t, games))
        if mode == "p":
            view.add_item(_players_select(draft, spec, t))
        if plugin.presets:  # the rules' own alone would be a menu of one
            view.add_item(_preset_select(mode, draft, plugin, t))
        if mode == "p":
            view.add_item(_slow_toggle(draft, t))
        if option_pages:
            lines.append(t("Each rule can be changed on the next pages."))
    else:
        lines.append(t("Page {page} of {pages}").format(page=page, pages=len(option_pages)))
        for row, fields in enumerate(option_pages[page - 1]):
            for field in fields:
                described = option_description(field.field, t)
                title = f"**{option_title(field.field, t)}**"
                lines.append(f"{title}: {described}" if described else title)
                view.add_item(_control(mode, draft, page, field, row, t))
    _add_page_buttons(view, mode, draft, page, len(option_pages), t)
    view.stop()  # never stored: the items are dynamic and the state is in their ids
    return {"content": "\n".join(lines)[:2000], "view": view}


def _game_select(
    mode: str, draft: Draft | None, t: Translate, games: GameRegistry, *, slow: bool = False
) -> SettingsSelect:
    options = [
        discord.SelectOption(
            label=title[:LABEL_MAX],
            value=name,
            description=_players_text(games.get(name).player_counts, t),
            default=draft is not None and draft.game == name,
        )
        for name, title in list(game_titles.playable(games).items())[:SELECT_MAX]
    ]
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id(mode, draft, 0, "g", slow=slow),
        placeholder=t("Choose a game")[:PLACEHOLDER_MAX],
        options=options,
        row=0,
    )
    return SettingsSelect(select)


def _players_text(counts: tuple[int, ...], t: Translate) -> str:
    """``2-5 players`` for a run of sizes, ``2/4/6 players`` otherwise."""
    low, high = min(counts), max(counts)
    run = len(counts) > 2 and tuple(counts) == tuple(range(low, high + 1))
    shown = f"{low}–{high}" if run else "/".join(str(n) for n in counts)
    return t("{n} players").format(n=shown)[:LABEL_MAX]


def _short(text: str, limit: int = LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _labelled(title: str, value: str, limit: int) -> str:
    """``title: value`` within ``limit``, the title cut first: the value is what changes."""
    room = max(limit - len(value) - 2, 1)
    return _short(f"{_short(title, room)}: {value}", limit)


def _players_select(draft: Draft, spec: GameSpec[Any], t: Translate) -> SettingsSelect:
    chosen = draft.players or default_player_count(spec)
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id("p", draft, 0, "n"),
        options=[
            discord.SelectOption(
                label=t("{n} players").format(n=n)[:LABEL_MAX], value=str(n), default=n == chosen
            )
            for n in spec.player_counts[:SELECT_MAX]
        ],
        row=1,
    )
    return SettingsSelect(select)


def preset_draft(draft: Draft, plugin: GamePlugin, index: int, mode: str) -> Draft:
    """Preset ``index`` applied (0: the rules' own). At ``/play`` a preset's table size
    comes with it; server defaults have no table size."""
    if index == 0:
        return draft.with_options({}, draft.players)
    preset = plugin.presets[index - 1]
    players = preset.players if preset.players and mode == "p" else draft.players
    return draft.with_options(preset.options, players)


def _preset_text(draft: Draft, preset: Preset, mode: str, t: Translate) -> str:
    """What a preset sets, in words: its table size (at ``/play``) and its rules."""
    parts = [t("{n} players").format(n=preset.players)] if preset.players and mode == "p" else []
    titles = {f.name: f.field for f in draft.fields}
    for name, value in preset.options.items():
        field = titles.get(name)
        shown = option_title(field, t) if field is not None else name
        parts.append(f"{shown}: {value_text(value, t)}")
    return _short(" · ".join(parts))


def _preset_select(mode: str, draft: Draft, plugin: GamePlugin, t: Translate) -> SettingsSelect:
    options = []
    for index in range(len(plugin.presets) + 1)[:SELECT_MAX]:
        preset = plugin.presets[index - 1] if index else None
        matches = preset_draft(draft, plugin, index, mode) == draft
        description = _preset_text(draft, preset, mode, t) if preset is not None else None
        options.append(
            discord.SelectOption(
                label=(t(preset.title) if preset else t("The rules' own"))[:LABEL_MAX],
                value=str(index),
                description=description,
                default=matches,
            )
        )
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id(mode, draft, 0, "r"),
        placeholder=t("Presets")[:PLACEHOLDER_MAX],
        options=options,
        row=2 if mode == "p" else 1,
    )
    return SettingsSelect(select)


def _slow_toggle(draft: Draft, t: Translate) -> SettingsButton:
    state = t("on") if draft.slow else t("off")
    button: discord.ui.Button[Any] = discord.ui.Button(
        custom_id=custom_id("p", draft, 0, "s"),
        label=t("Slow game (no turn timer): {state}").format(state=state)[:BUTTON_LABEL_MAX],
        style=discord.ButtonStyle.success if draft.slow else discord.ButtonStyle.secondary,
        row=3,
    )
    return SettingsButton(button)


def _control(
    mode: str, draft: Draft, page: int, field: PickerField, row: int, t: Translate
) -> discord.ui.Item[Any]:
    title = option_title(field.field, t)
    value = draft.value(field)
    if field.kind == "select":
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id(mode, draft, page, f"f{field.index}"),
            placeholder=title[:PLACEHOLDER_MAX],
            options=[
                discord.SelectOption(
                    # The chosen value carries the title: it is all a closed menu shows.
                    label=_labelled(title, value_text(v, t), LABEL_MAX)
                    if chosen
                    else _short(value_text(v, t)),
                    value=str(i),
                    default=chosen,
                    description=t("the rules' own")[:LABEL_MAX]
                    if v == field.field.default
                    else None,
                )
                for i, v in enumerate(field.values)
                for chosen in [v == value and type(v) is type(value)]
            ],
            row=row,
        )
        return SettingsSelect(select)
    if field.kind == "toggle":
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=custom_id(mode, draft, page, f"t{field.index}"),
            label=_labelled(title, value_text(value, t), BUTTON_LABEL_MAX),
            style=discord.ButtonStyle.success if value else discord.ButtonStyle.secondary,
            row=row,
        )
        return SettingsButton(button)
    button = discord.ui.Button(
        custom_id=custom_id(mode, draft, page, f"m{field.index}"),
        label=_labelled(title, value_text(value, t), BUTTON_LABEL_MAX),
        style=discord.ButtonStyle.primary,
        row=row,
    )
    return SettingsButton(button)


def _add_page_buttons(
    view: discord.ui.View, mode: str, draft: Draft, page: int, count: int, t: Translate
) -> None:
    row = 4 if page or mode == "p" else 2

    def add(item: str, label: str, style: discord.ButtonStyle) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=custom_id(mode, draft, page, item),
            label=label[:BUTTON_LABEL_MAX],
            style=style,
            row=row,
        )
        view.add_item(SettingsButton(button))

    if page > 0:
        add(f"p{page - 1}", t("Back"), discord.ButtonStyle.secondary)
    if page < count:
        label = t("Change each rule") if page == 0 else t("Next page")
        add(f"p{page + 1}", label, discord.ButtonStyle.secondary)
    go = t("Open the table") if mode == "p" else t("Save as this server's defaults")
    add("go", go, discord.ButtonStyle.success)


# -- answering ----------------------------------------------------------------------------


def _owner(interaction: discord.Interaction[Any], mode: str) -> SettingsOwner:
    owner: SettingsOwner = interaction.client.get_cog(OWNERS[mode])
    return owner


async def start(
    interaction: discord.Interaction[Any],
    mode: str,
    game: str | None,
    players: int | None,
    typed: dict[str, Any] | None = None,
    *,
    slow: bool = False,
) -> dict[str, Any]:
    """The first drawing of a settings message (``game`` None: the game is chosen first),
    from the server's defaults under what was typed with the command."""
    t = translator(user_locale(interaction))
    registry: GameRegistry = interaction.client.games
    owner = _owner(interaction, mode)
    notice = await owner.settings_slow_refusal(interaction) if slow else None
    slow = slow and notice is None
    if game is None or game not in registry:
        return render(mode, None, 0, t, registry, notice, slow=slow)
    spec = registry.get(game)
    defaults = await owner.settings_defaults(interaction, game)
    if players not in spec.player_counts:
        players = None
    draft = Draft.of(game, spec.Options, players, {**defaults, **(typed or {})}, slow=slow)
    return render(mode, draft, 0, t, registry, notice or refusal(spec, draft, mode, t))


async def answer(
    interaction: discord.Interaction[Any], where: Where, item: str, values: list[str]
) -> None:
    """One click (or modal submit) on a settings message: one response, always."""
    t = translator(user_locale(interaction))
    try:
        await _answer(interaction, where, item, values, t)
    except TableError as exc:
        await _say(interaction, exc.translated(t))
    except Exception:
        log.exception("a settings click failed")
        await _say(interaction, t("Something went wrong; please try again."))


async def _say(interaction: discord.Interaction[Any], text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def _answer(
    interaction: discord.Interaction[Any], where: Where, item: str, values: list[str], t: Translate
) -> None:
    registry: GameRegistry = interaction.client.games
    if where.mode == "c" and not is_admin(interaction):
        await _say(
            interaction, t("Only members who can manage the server can change its settings.")
        )
        return
    owner = _owner(interaction, where.mode)
    page = where.page
    notice: str | None = None
    draft: Draft | None = None
    if where.game in registry:
        options_model = registry.get(where.game).Options
        draft = Draft.unpacked(
            where.game, options_model, where.players, where.state, slow=where.slow
        )
        if draft is None:
            defaults = await owner.settings_defaults(interaction, where.game)
            draft = Draft.of(where.game, options_model, where.players, defaults, slow=where.slow)
            notice = t("These settings were drawn for other rules; here they are afresh.")
            page, item = 0, ""
    if item == "g":
        game = values[0] if values else ""
        if game not in registry:
            raise UnknownGame(game=quote(game))
        defaults = await owner.settings_defaults(interaction, game)
        draft = Draft.of(game, registry.get(game).Options, None, defaults, slow=where.slow)
        page = 0
    elif draft is None:
        drawn = render(where.mode, None, 0, t, registry, slow=where.slow)
        await interaction.response.edit_message(**drawn)
        return
    elif item == "s" and where.mode == "p":
        # Asked again at each click: the server may have turned slow games off since.
        notice = None if draft.slow else await owner.settings_slow_refusal(interaction)
        if notice is None:
            draft = draft.with_slow(not draft.slow)
    elif item.startswith("p") and item[1:].isdigit():
        page = int(item[1:])
    elif item == "go":
        notice = refusal(registry.get(draft.game), draft, where.mode, t)
        if notice is None:
            notice = await owner.settings_done(interaction, draft)
            if notice is None:
                return
    elif item.startswith("m"):
        field = _field(draft, item)
        if field is not None:
            await interaction.response.send_modal(number_modal(where.mode, draft, page, field, t))
            return
    elif item:
        changed = _changed(registry.plugin(draft.game), draft, where.mode, item, values, t)
        if isinstance(changed, str):
            notice = changed
        else:
            notice = refusal(registry.get(draft.game), changed, where.mode, t)
            if notice is None:
                draft = changed
    await interaction.response.edit_message(**render(where.mode, draft, page, t, registry, notice))


def _field(draft: Draft, item: str) -> PickerField | None:
    index = int(item[1:]) if item[1:].isdigit() else -1
    return next((f for f in draft.fields if f.index == index), None)


def _changed(
    plugin: GamePlugin, draft: Draft, mode: str, item: str, values: list[str], t: Translate
) -> Draft | str:
    """The draft after the click on ``item`` (not yet checked), or why it cannot be."""
    chosen = values[0] if values else ""
    if item == "n" and chosen.isdigit() and int(chosen) in plugin.spec.player_counts:
        return draft.with_players(int(chosen))
    if item == "r" and chosen.isdigit() and int(chosen) <= len(plugin.presets):
        return preset_draft(draft, plugin, int(chosen), mode)
    field = _field(draft, item)
    if field is None:
        return t("That choice is no longer offered.")
    if item.startswith("f") and chosen.isdigit() and int(chosen) < len(field.values):
        return draft.with_value(field, field.values[int(chosen)])
    if item.startswith("t") and field.kind == "toggle":
        return draft.with_value(field, not draft.value(field))
    if item.startswith("v") and field.kind == "number":
        return _typed_number(draft, field, chosen, t)
    return t("That choice is no longer offered.")


def _typed_number(draft: Draft, field: PickerField, text: str, t: Translate) -> Draft | str:
    low, high = field.bounds
    text = text.strip()
    if not text and field.field.nullable:
        return draft.with_value(field, None)
    try:
        number = int(text)
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        return t("{option} must be a whole number from {low} to {high}.").format(
            option=option_title(field.field, t), low=low, high=high
        )
    return draft.with_value(field, number)


def number_modal(
    mode: str, draft: Draft, page: int, field: PickerField, t: Translate
) -> discord.ui.Modal:
    title = option_title(field.field, t)
    modal = discord.ui.Modal(
        title=_short(title, MODAL_TITLE_MAX),
        custom_id=custom_id(mode, draft, page, f"v{field.index}"),
        timeout=None,
    )
    low, high = field.bounds
    current = draft.value(field)
    modal.add_item(
        discord.ui.TextInput(
            label=_short(title, MODAL_TITLE_MAX),
            custom_id="value",
            default="" if current is None else str(current),
            placeholder=t("A whole number from {low} to {high}").format(low=low, high=high)[
                :LABEL_MAX
            ],
            required=not field.field.nullable,
            max_length=12,
        )
    )
    modal.stop()  # answered by ``on_settings_interaction`` from its custom_id, never stored
    return modal


class SettingsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(self, button: discord.ui.Button[Any]) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SettingsButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        match = re.fullmatch(BUTTON_TEMPLATE, self.item.custom_id or "")
        assert match is not None
        await answer(interaction, Where.of(match), match["item"], [])


class SettingsSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(self, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SettingsSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        match = re.fullmatch(SELECT_TEMPLATE, self.item.custom_id or "")
        assert match is not None
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await answer(interaction, Where.of(match), match["item"], values)


async def on_settings_interaction(interaction: discord.Interaction[Any]) -> None:
    """A number typed in a settings modal (discord.py keeps no such modal: see
    ``number_modal``), and a settings id discord.py drops unanswered: one it cannot find
    on the message (forged, or sent as another component type)."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id") or "")
    if interaction.type is discord.InteractionType.modal_submit:
        match = re.fullmatch(MODAL_TEMPLATE, custom_id)
        if match is not None:
            await answer(interaction, Where.of(match), match["item"], [_submitted(data)])
        return
    if interaction.type is not discord.InteractionType.component:
        return
    templates = (BUTTON_TEMPLATE, SELECT_TEMPLATE)
    if any(re.fullmatch(p, custom_id) for p in templates) and not _on_message(
        interaction, custom_id, data.get("component_type")
    ):
        t = translator(user_locale(interaction))
        await _say(interaction, t("That button is no longer in use."))


def _on_message(interaction: discord.Interaction[Any], custom_id: str, kind: Any) -> bool:
    """Whether discord.py will find this component on the clicked message (and answer)."""
    for row in interaction.message.components if interaction.message else []:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id and child.type.value == kind:
                return True
    return False


def _submitted(data: dict[str, Any]) -> str:
    """The text input's value, in an action row (classic) or a label (Components v2)."""
    for row in data.get("components") or []:
        children = row.get("components") or [row.get("component") or {}]
        for child in children:
            if child.get("custom_id") == "value":
                return str(child.get("value") or "")
    return ""


def install(bot: Any) -> None:
    """Register the settings components and the modal listener once (both owners call)."""
    if SettingsButton in bot.library_items:
        return
    bot.add_dynamic_items(SettingsButton, SettingsSelect)
    bot.add_listener(on_settings_interaction, "on_interaction")

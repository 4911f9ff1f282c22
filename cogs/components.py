"""Restart-safe buttons and selects (discord.py ``DynamicItem``): everything a click needs
is in its custom_id; the callback hands it to the bot's ``TableController``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs import custom_ids

if TYPE_CHECKING:
    from cogs.controller import TableController


def send_only(view: discord.ui.View) -> discord.ui.View:
    """A view that is sent but never stored: its items are dynamic, so discord.py need not
    keep a per-message copy (memory per table stays flat, clicks still dispatch)."""
    view.stop()
    return view


def controller_of(interaction: discord.Interaction[Any]) -> TableController:
    controller: TableController = interaction.client.controller
    return controller


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.TABLE_TEMPLATE
):
    """A table-message or hand-view utility button: join, start, hand, refresh, ..."""

    def __init__(self, table: int, verb: str, arg: str | None, button: discord.ui.Button[Any]):
        super().__init__(button)
        self.table, self.verb, self.arg = table, verb, arg

    @classmethod
    def build(
        cls,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle,
        *,
        disabled: bool = False,
        row: int | None = None,
    ) -> TableButton:
        match = re.fullmatch(custom_ids.TABLE_TEMPLATE, custom_id)
        assert match is not None, custom_id
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label[:80], style=style, custom_id=custom_id, disabled=disabled, row=row
        )
        return cls(int(match["table"]), match["verb"], match["arg"], button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["table"]), match["verb"], match["arg"], item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).on_table_button(
            interaction, self.table, self.verb, self.arg
        )


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.ACTION_TEMPLATE
):
    """Play one engine action (its id is in the custom_id) for the clicking user's seat."""

    def __init__(self, table: int, seq: int, action: str, button: discord.ui.Button[Any]):
        super().__init__(button)
        self.table, self.seq, self.action = table, seq, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["table"]), int(match["seq"]), match["action"], item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).on_action(interaction, self.table, self.seq, self.action)


class IndexedActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.INDEX_TEMPLATE
):
    """An action whose id is too long for a custom_id, named by its index at ``seq``."""

    def __init__(self, table: int, seq: int, index: int, button: discord.ui.Button[Any]):
        super().__init__(button)
        self.table, self.seq, self.index = table, seq, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> IndexedActionButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["table"]), int(match["seq"]), int(match["index"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).on_indexed_action(
            interaction, self.table, self.seq, self.index
        )


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=custom_ids.SELECT_TEMPLATE
):
    """A menu of actions (values are action ids) when there are too many for buttons."""

    def __init__(self, table: int, seq: int, select: discord.ui.Select[Any]):
        super().__init__(select)
        self.table, self.seq = table, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["table"]), int(match["seq"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        action = str(values[0]) if values else ""
        await controller_of(interaction).on_action(interaction, self.table, self.seq, action)


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.CARD_TEMPLATE):
    """A card in the hand that cannot be played now (shown disabled)."""

    def __init__(self, table: int, button: discord.ui.Button[Any]):
        super().__init__(button)
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["table"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).on_table_button(interaction, self.table, "refresh", None)


class HandSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=custom_ids.HAND_TEMPLATE):
    """A rummy hand's card menu: choosing cards shows what can be done with them."""

    def __init__(self, table: int, seq: int, select: discord.ui.Select[Any]):
        super().__init__(select)
        self.table, self.seq = table, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["table"]), int(match["seq"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await controller_of(interaction).on_hand_select(interaction, self.table, self.seq, values)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    ActionButton,
    IndexedActionButton,
    ActionSelect,
    CardButton,
    HandSelect,
)


async def dispatch_click(interaction: discord.Interaction[Any]) -> bool:
    """Run the click's item callback straight from its custom_id; False (after a one-line
    refusal: every click is answered) when the custom_id is none of ``DYNAMIC_ITEMS``', is
    longer than Discord allows, or comes from a component of another type (a forged or
    mangled id: issue 29).

    The bot dispatches these itself rather than registering them with discord.py
    (``add_dynamic_items``), which rebuilds a ``View`` of the whole clicked message (every
    button of a hand) on each click only to find the clicked one: nothing here reads it,
    and at hundreds of tables that was ~0.4 ms of the event loop per click.
    """
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    component_type = data.get("component_type")
    if isinstance(custom_id, str) and len(custom_id) <= custom_ids.CUSTOM_ID_MAX:
        for factory in DYNAMIC_ITEMS:
            match = factory.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is None:
                continue
            base: discord.ui.Item[Any]
            if component_type == discord.ComponentType.button.value:
                base = discord.ui.Button(custom_id=custom_id)
            elif component_type == discord.ComponentType.select.value:
                base = discord.ui.Select(custom_id=custom_id)
            else:
                break
            if not isinstance(base, _ITEM_TYPES[factory]):
                break
            item = await factory.from_custom_id(interaction, base, match)
            await item.callback(interaction)
            return True
    await controller_of(interaction).refuse_unknown(interaction)
    return False


_ITEM_TYPES: dict[type[discord.ui.DynamicItem[Any]], type[discord.ui.Item[Any]]] = {
    TableButton: discord.ui.Button,
    ActionButton: discord.ui.Button,
    IndexedActionButton: discord.ui.Button,
    ActionSelect: discord.ui.Select,
    CardButton: discord.ui.Button,
    HandSelect: discord.ui.Select,
}
"""The component each custom_id template is drawn on (a select's id sent as a button's
is refused, not half-parsed)."""

"""The private hand view: the seat's cards and its legal actions as buttons or menus.

Cards are grouped by suit, one row per suit (coloured per suit); cards the seat may not
play are shown disabled. Other actions (bids, calls, trump) get a row of buttons, or menus
when there are more than five. The last row holds Refresh. At most 5 rows of 5, sent as
one Components v2 card (``cogs.layout``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs import custom_ids
from cogs import layout as cards_layout
from cogs.cards_text import by_suit, card_text, hand_text, is_card, style_for
from cogs.components import TableButton
from cogs.rummy_view import is_rummy, rummy_layout
from cogs.slots import Slot
from cogs.table_pictures import HAND_FILE, attachments, show_in
from cogs.table_view import public_fields
from i18n.labels import action_label
from rules.contract import Action
from rules.registry import BUILTIN, GameRegistry
from tables.table import SeatView, TableState

Translate = Callable[[str], str]

ROWS = 5
PER_ROW = 5
SELECT_OPTIONS = 25
ACTION_ROWS = ROWS - 1  # the last row is Refresh


def _label(action: Action, t: Translate) -> str:
    return action_label(action, t)[:80]


def layout(
    view: SeatView,
    t: Translate,
    game: str = "",
    selected: tuple[int, ...] = (),
    known: GameRegistry = BUILTIN,
) -> list[list[Slot]]:
    """Rows of components for the hand view (without the Refresh row); ``known``: the
    games the table's may be one of (a game it does not know gets the trick layout)."""
    plugin = known.plugin(game) if game in known else None
    if plugin is not None and is_rummy(plugin):
        return rummy_layout(view, plugin.meld_kind, t, selected)
    tid, seq = view.table_id, view.seq
    hand: list[str] = [str(c) for c in view.view.get("hand") or []]
    card_actions: dict[str, tuple[int, Action]] = {}
    others: list[tuple[int, Action]] = []
    for index, action in enumerate(view.legal):
        if is_card(action.value) and action.value in hand and action.value not in card_actions:
            card_actions[action.value] = (index, action)
        else:
            others.append((index, action))

    def action_slot(index: int, action: Action, label: str, style: discord.ButtonStyle) -> Slot:
        return Slot(custom_ids.action_id(tid, seq, action.id, index), label, style)

    other_rows: list[list[Slot]] = []
    if len(others) <= PER_ROW:
        if others:
            other_rows.append(
                [action_slot(i, a, _label(a, t), discord.ButtonStyle.primary) for i, a in others]
            )
    else:
        for n, start in enumerate(range(0, len(others), SELECT_OPTIONS)):
            chunk = others[start : start + SELECT_OPTIONS]
            options = tuple((a.id, _label(a, t)[:100]) for _, a in chunk)
            placeholder = t("Choose…") if n == 0 else t("More choices…")
            other_rows.append(
                [Slot(custom_ids.select_id(tid, seq, n), placeholder, options=options)]
            )

    def card_slots(cards: list[str], offset: int) -> list[Slot]:
        slots = []
        for n, card in enumerate(cards):
            if card in card_actions:
                index, action = card_actions[card]
                # Playing shows just the card; any other use of it says what it does.
                label = card_text(card) if action.kind == "play" else _label(action, t)
                slots.append(action_slot(index, action, label, style_for(card)))
            else:
                slots.append(
                    Slot(
                        custom_ids.card_id(tid, offset + n), card_text(card), style_for(card), True
                    )
                )
        return slots

    budget = ACTION_ROWS - len(other_rows)
    ordered = [c for _, group in by_suit(hand) for c in group]
    # Duplicate card strings (two-deck games) would repeat a custom_id: keep one button each.
    unique = list(dict.fromkeys(ordered))
    suit_rows = [
        group[i : i + PER_ROW]
        for _, group in by_suit(unique)
        for i in range(0, len(group), PER_ROW)
    ]
    packed = [unique[i : i + PER_ROW] for i in range(0, len(unique), PER_ROW)]
    if len(suit_rows) <= budget:
        card_rows = suit_rows
    elif len(packed) <= budget:
        card_rows = packed
    else:
        card_rows = []
    rows: list[list[Slot]] = []
    offset = 0
    for cards in card_rows:
        rows.append(card_slots(cards, offset))
        offset += len(cards)
    if not card_rows and card_actions:
        playable = sorted(card_actions.values(), key=lambda pair: pair[0])
        for n, start in enumerate(range(0, len(playable), SELECT_OPTIONS)):
            if len(rows) + len(other_rows) >= ACTION_ROWS:
                break
            chunk = playable[start : start + SELECT_OPTIONS]
            options = tuple((a.id, card_text(a.value)) for _, a in chunk)
            rows.append(
                [Slot(custom_ids.select_id(tid, seq, 10 + n), t("Play a card…"), options=options)]
            )
    return rows + other_rows


def _item(slot: Slot, row: int | None) -> discord.ui.Item[Any]:
    """A plain button or select: the view is only sent (``send_only``), and a click is
    dispatched by its custom_id to the registered DynamicItems, so wrapping each item in
    its DynamicItem here would only cost time (a regex match per item)."""
    if slot.options:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=slot.custom_id,
            placeholder=slot.label[:150],
            options=[
                discord.SelectOption(label=label, value=value, default=value in slot.chosen)
                for value, label in slot.options
            ],
            min_values=1,
            max_values=len(slot.options) if slot.multi else 1,
            row=row,
        )
        return select
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=slot.label,
        style=slot.style,
        custom_id=slot.custom_id,
        disabled=slot.disabled,
        row=row,
    )
    return button


@dataclass(frozen=True)
class HandMessage:
    embed: discord.Embed
    rows: list[list[Slot]]
    table_id: int
    picture: bytes | None = None
    """The hand drawn (legal plays raised), shown in the embed; None: text only."""

    def attachments(self) -> list[discord.File]:
        return attachments(self.picture, HAND_FILE)

    def view(self, t: Translate) -> discord.ui.LayoutView:
        """The hand as one card (``cogs.layout``), Refresh on the last row."""
        rows: list[list[discord.ui.Item[Any]]] = [
            [_item(slot, None) for slot in row] for row in self.rows
        ]
        refresh = TableButton.build(
            custom_ids.table_id(self.table_id, "refresh"),
            t("Refresh"),
            discord.ButtonStyle.secondary,
        )
        rows.append([refresh])
        return cards_layout.card(self.embed, rows)

    def kwargs(self, t: Translate) -> dict[str, Any]:
        """For an edit or an answer (``reply`` turns attachments into files)."""
        return {
            "content": None,
            "embed": None,
            "view": self.view(t),
            "attachments": self.attachments(),
        }


def render_hand(
    view: SeatView,
    state: TableState,
    t: Translate,
    notice: str = "",
    selected: tuple[int, ...] = (),
    picture: bytes | None = None,
    known: GameRegistry = BUILTIN,
) -> HandMessage:
    public = {k: v for k, v in view.view.items() if k != "hand"}
    hand = [str(c) for c in view.view.get("hand") or []]
    embed = discord.Embed(
        title=t("{game} — your hand (seat {n})").format(game=state.title, n=view.seat + 1),
        description=hand_text(hand),
        colour=0x6A1B9A,
    )
    for name, value in public_fields(state, public, t):
        embed.add_field(name=name, value=value, inline=True)
    if view.seat in state.to_act and view.legal:
        turn = t("Your turn.")
        if view.deadline is not None:
            turn += " " + t("Time runs out <t:{deadline}:R>.").format(deadline=int(view.deadline))
    elif state.to_act:
        names = ", ".join(state.seats[s].name or "?" for s in sorted(state.to_act))
        turn = t("Waiting for {names}.").format(names=names)
        if view.legal:
            # an optional action open off turn (304's Caps call): nobody waits for it
            turn += " " + t("It is not your turn, but you may use the buttons below now.")
    else:
        turn = ""
    if view.away:
        turn += " " + t("A computer is playing for you; play a move to take your seat back.")
    if notice:
        turn = notice + ("\n" + turn if turn else "")
    if turn:
        embed.add_field(name=t("Turn"), value=turn.strip(), inline=False)
    embed.set_footer(text=t("Only you can see this. Refresh when it is your turn."))
    show_in(embed, picture, HAND_FILE)
    rows = layout(view, t, state.game, selected, known)
    return HandMessage(embed, rows, view.table_id, picture)

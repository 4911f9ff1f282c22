"""The hand view of a rummy game (its plugin's family): select cards, then act on them.

Rummy actions name cards (``spread:3S,3H,2D``, ``hit:7C>m2``, ``discard:7C``), too many to
list as buttons. So the hand is a multi-select menu of its cards (values are hand
positions, so a two-deck hand may hold the same card twice); choosing cards re-renders the
view with the legal actions that use exactly those cards (meld, lay off on a chosen meld,
swap a joker, discard). The selection travels in the buttons' custom_ids (restart-safe).
Actions naming no card (draw, take the discard, drop, buy, pass) are plain buttons.

The engine's legal actions are the authority: when no legal action uses the selected cards,
the view still offers "Meld these cards" (and "Discard" for one card) built from the
selection, so that the engine answers with its reason (shown ephemerally).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import discord

from cogs import custom_ids
from cogs.cards_text import card_text
from cogs.slots import Slot
from i18n.labels import action_label
from rules.contract import Action
from rules.plugin import GamePlugin
from tables.table import SeatView

Translate = Callable[[str], str]

ROWS = 5
PER_ROW = 5
PRIMARY = discord.ButtonStyle.primary
SUCCESS = discord.ButtonStyle.success
DANGER = discord.ButtonStyle.danger
SELECT_OPTIONS = 25

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[SHDC](?![A-Za-z0-9])|\*")


def is_rummy(plugin: GamePlugin) -> bool:
    return plugin.family == "rummy"


def cards_named(action: Action) -> tuple[str, ...]:
    """The cards an action's value names, in order (``hit:2C>m2:high`` names the 2C)."""
    return tuple(CARD_TOKEN.findall(action.value or ""))


def parse_selection(values: list[str], hand: list[str]) -> tuple[int, ...]:
    """Hand positions from a menu's values, ignoring any that do not fit the hand."""
    picked = {int(v) for v in values if v.isdigit() and int(v) < len(hand)}
    return tuple(sorted(picked))


def _label(action: Action, t: Translate) -> str:
    return action_label(action, t)[:80]


def _fits(custom_id: str) -> bool:
    return len(custom_id) <= custom_ids.CUSTOM_ID_MAX


def rummy_layout(
    view: SeatView, meld_kind: str, t: Translate, selected: tuple[int, ...] = ()
) -> list[list[Slot]]:
    """Rows of components for a rummy hand view, without the Refresh row; ``meld_kind``:
    the action kind that lays a new meld in this game (``GamePlugin.meld_kind``)."""
    tid, seq = view.table_id, view.seq
    hand = [str(c) for c in view.view.get("hand") or []]
    legal = view.legal
    rows: list[list[Slot]] = []

    for n, start in enumerate(range(0, len(hand), SELECT_OPTIONS)):
        positions = range(start, min(start + SELECT_OPTIONS, len(hand)))
        rows.append(
            [
                Slot(
                    custom_ids.hand_select_id(tid, seq, n),
                    t("Select cards…") if n == 0 else t("More cards…"),
                    options=tuple((str(i), card_text(hand[i])) for i in positions),
                    chosen=frozenset(str(i) for i in selected if i in positions),
                    multi=True,
                )
            ]
        )

    held = Counter(hand)
    # Actions naming no card in the hand (draw, buy, pass, move a joker, keep a handed-in
    # card) are buttons of their own; the others come with a selection.
    plain = [(i, a) for i, a in enumerate(legal) if not Counter(cards_named(a)) & held]
    if len(plain) <= PER_ROW:
        if plain:
            rows.append(
                [
                    Slot(custom_ids.action_id(tid, seq, a.id, i), _label(a, t), PRIMARY)
                    for i, a in plain
                ]
            )
    else:
        options = tuple((a.id, _label(a, t)[:100]) for _, a in plain[:SELECT_OPTIONS])
        rows.append([Slot(custom_ids.select_id(tid, seq, 0), t("Choose…"), options=options)])

    if not selected:
        return rows
    chosen = Counter(hand[i] for i in selected)
    # An action fits when the hand cards it names are exactly the selection (a joker swap
    # also names the wild it takes from the table, which is not in the hand).
    fitting = [
        (i, a)
        for i, a in enumerate(legal)
        if cards_named(a) and Counter(cards_named(a)) & held == chosen
    ]
    buttons = [
        Slot(
            custom_ids.action_id(tid, seq, a.id, i),
            _label(a, t),
            DANGER if a.kind == "discard" else SUCCESS,
        )
        for i, a in fitting
    ]
    kinds = {a.kind for _, a in fitting}
    cards = [hand[i] for i in selected]
    # Offered even when illegal, so the engine can say why (e.g. "That is not a run.").
    built: list[tuple[str, str]] = []
    if len(cards) >= 3 and meld_kind not in kinds:
        built.append((f"{meld_kind}:{','.join(cards)}", t("Meld these cards")))
    if len(cards) == 1 and "discard" not in kinds:
        built.append((f"discard:{cards[0]}", t("Discard")))
    for action_id, label in built:
        custom_id = f"ct:a:{tid}:{seq}:{action_id}"
        if _fits(custom_id):
            buttons.append(Slot(custom_id, label))
    room = ROWS - 1 - len(rows)  # the last row is Refresh
    if len(buttons) <= PER_ROW * room:
        rows.extend(buttons[start : start + PER_ROW] for start in range(0, len(buttons), PER_ROW))
    elif room > 0:
        options = tuple((a.id, _label(a, t)[:100]) for _, a in fitting[:SELECT_OPTIONS])
        rows.append(
            [Slot(custom_ids.select_id(tid, seq, 1), t("What to do with them…"), options=options)]
        )
    return rows

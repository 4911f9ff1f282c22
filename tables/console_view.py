"""The console's table drawn with Rich from one seat's typed view.

Rich because it draws tables and panels as plain text and adds colour only on a terminal:
in a pipe (the tests, ``make run | tee``) the same layout comes out with no escape codes.
Textual would not do: it is a full-screen application framework and needs a terminal.
Team letters stay next to the colours, so a pipe or a colour-blind player loses nothing.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from rich import box
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from i18n import plural
from i18n.labels import SUIT_NAMES, phase_name
from rules.views import AnyTable, RummyTable, TrickCard, TrickTable
from tables.console_log import SUITS, pretty_card, score_text, sort_hand

Translate = Callable[[str], str]
Names = Callable[[int], str]

TEAM_MARKS = "ABCDEFGH"
TEAM_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow")
RED_SUITS = frozenset("♥♦")
PIPE_WIDTH = 100
"""Columns in a pipe: wide enough for eight seats' names, fixed so captures are stable."""


def make_console(terminal: bool, width: int | None = None) -> Console:
    """A console that renders to a string: colours only when ``terminal``; no markup, so a
    player's name such as ``[A]`` is printed as it is."""
    return Console(
        file=io.StringIO(),
        force_terminal=terminal,
        color_system="auto" if terminal else None,
        no_color=not terminal,
        width=width or PIPE_WIDTH,
        markup=False,
        highlight=False,
        emoji=False,
    )


def rendered(console: Console, renderable: RenderableType) -> str:
    with console.capture() as capture:
        console.print(renderable)
    return "\n".join(line.rstrip() for line in capture.get().rstrip("\n").split("\n"))


def grid(header: Sequence[str], rows: Sequence[Sequence[Text]], right: frozenset[int]) -> Text:
    """Columns padded to their widest cell (as Rich measures it: wide and zero-width
    characters count right), a rule under the header. What a ``rich.table.Table`` draws,
    at a tenth of its cost (it took ~6 ms a render, and the console renders every turn)."""
    lines = [[Text(h, style="bold") for h in header], *[list(row) for row in rows]]
    columns = [i for i in range(len(header)) if any(line[i].plain for line in lines)]
    widths = {i: max(line[i].cell_len for line in lines) for i in columns}
    out = Text()
    for number, cells in enumerate(lines):
        line = Text()
        for place, i in enumerate(columns):
            if place:
                line.append("   ")
            pad = " " * (widths[i] - cells[i].cell_len)
            if i in right:
                line.append(pad)
                line.append_text(cells[i])
            else:
                line.append_text(cells[i])
                line.append(pad)
        line.rstrip()
        if number:
            out.append("\n")
        out.append_text(line)
        if number == 0:
            out.append("\n" + "─" * (sum(widths.values()) + 3 * (len(columns) - 1)), style="dim")
    return out


def card_text(card: str, style: str = "") -> Text:
    text = pretty_card(card)
    red = bool(text) and text[-1] in RED_SUITS
    return Text(text, style=" ".join(s for s in (style, "red" if red else "") if s))


def team_of(table: AnyTable, seat: int) -> int | None:
    for index, team in enumerate(table.teams or []):
        if seat in team:
            return index
    return None


def team_mark(team: int) -> Text:
    mark = TEAM_MARKS[team] if team < len(TEAM_MARKS) else str(team + 1)
    return Text(mark, style=TEAM_STYLES[team % len(TEAM_STYLES)])


class TableView:
    """Draws ``table`` for the seat ``me``; ``names`` names a seat, ``t`` translates."""

    def __init__(self, t: Translate, names: Names, me: int) -> None:
        self.t = t
        self.names = names
        self.me = me

    def table(self, table: AnyTable) -> Panel:
        t = self.t
        title = (
            f"{table.title} · "
            + t("hand {number}").format(number=table.hand_number)
            + f" · {phase_name(table.phase, t)}"
        )
        parts: list[Text] = [self.seats(table)]
        if isinstance(table, TrickTable):
            parts.extend(self.trick_lines(table))
        elif isinstance(table, RummyTable):
            parts.extend(self.rummy_lines(table))
        score = score_text(table.score, t, self.score_name(table))
        parts.append(Text(t("Score") + " — " + score))
        # one Text, not a Group of them: Rich lays out each renderable on its own, and the
        # console draws a table every turn
        body = Text("\n").join(parts)
        return Panel(body, title=title, title_align="left", box=box.ROUNDED, expand=False)

    def score_name(self, table: AnyTable) -> Names:
        def name(index: int) -> str:
            if table.score.by == "team" and table.teams:
                members = sorted(table.teams[index], key=lambda s: s != self.me)
                mark = TEAM_MARKS[index] if index < len(TEAM_MARKS) else str(index + 1)
                return f"[{mark}] " + self.t(" and ").join(self.names(s) for s in members)
            return self.names(index)

        return name

    def seats(self, table: AnyTable) -> Text:
        t = self.t
        header = ["", t("Seat"), t("Player")]
        if table.teams:
            header.append(t("Team"))
        header.append(t("Cards"))
        trick: dict[int, TrickCard] = {}
        if isinstance(table, TrickTable):
            shown = table.trick or table.last_trick
            trick = {c.seat: c for c in shown}
            header.append(t("Trick") if table.trick or not shown else t("Last trick"))
        header.append("")
        mine = team_of(table, self.me)
        rows = []
        for seat in range(table.players):
            team = team_of(table, seat)
            style = TEAM_STYLES[team % len(TEAM_STYLES)] if team is not None else ""
            notes = []
            if team is not None and team == mine and seat != self.me:
                notes.append(t("partner"))
            if seat == table.dealer:
                notes.append(t("dealer"))
            size = table.hand_sizes[seat] if seat < len(table.hand_sizes) else None
            row = [
                Text("▶" if seat in table.to_act else ""),
                Text(str(seat + 1)),
                Text(self.names(seat), style=style + (" underline" if seat == self.me else "")),
            ]
            if table.teams:
                row.append(team_mark(team) if team is not None else Text(""))
            row.append(Text("" if size is None else str(size)))
            if isinstance(table, TrickTable):
                played = trick.get(seat)
                if played is None:
                    row.append(Text(""))
                elif played.card and not played.face_down:
                    row.append(card_text(played.card, "bold"))
                else:
                    row.append(Text(t("face down"), style="dim"))
            row.append(Text(", ".join(notes), style="dim"))
            rows.append(row)
        cards = header.index(t("Cards"))
        return grid(header, rows, right=frozenset({1, cards}))

    def trump_text(self, table: TrickTable) -> str:
        t = self.t
        suit = table.trump.suit
        if suit:
            name = t(SUIT_NAMES[suit]) if suit in SUIT_NAMES else suit
            return f"{SUITS.get(suit, suit)} {name}"
        if table.trump.face_down_card:
            return t("a card face down")
        return t("not known yet")

    def trick_lines(self, table: TrickTable) -> list[Text]:
        t = self.t
        lines: list[Text] = [Text(t("Trump") + ": " + self.trump_text(table))]
        if table.bids:
            # each seat's latest call, in the order they were made: a second round of
            # bidding replaces the first instead of doubling the line
            latest: dict[int, int | str | None] = {}
            for bid in table.bids:
                latest.pop(bid.seat, None)
                latest[bid.seat] = bid.value
            bids = [
                f"{self.names(seat)} {value if value is not None else t('pass')}"
                for seat, value in latest.items()
            ]
            lines.append(Text(t("Bids") + ": " + " · ".join(bids)))
        return lines

    def rummy_lines(self, table: RummyTable) -> list[Text]:
        t = self.t
        lines: list[Text] = []
        if table.melds:
            rows = [
                [
                    Text(str(meld.number)),
                    Text(self.names(meld.owner)),
                    Text(" ").join(card_text(c) for c in meld.cards),
                ]
                for meld in table.melds
            ]
            lines.append(grid([t("Meld"), t("Player"), t("Cards")], rows, right=frozenset({0})))
        else:
            lines.append(Text(t("No melds on the table yet.")))
        if not table.discard_size:
            empty = t("Stock: {stock} · Discard: empty").format(stock=table.stock_size)
            lines.append(Text(empty))
            return lines
        top = pretty_card(table.discard_top) if table.discard_top else "-"
        stock = plural(
            "Stock: {stock} · Discard: {top} ({size} card)",
            "Stock: {stock} · Discard: {top} ({size} cards)",
            table.discard_size,
            t,
        )
        lines.append(Text(stock.format(stock=table.stock_size, top=top, size=table.discard_size)))
        return lines

    def hand(self, table: AnyTable, playable: Sequence[str]) -> Text:
        """The hand by suit, ``*`` (and bold on a terminal) on the cards you may play."""
        text = Text(self.t("Your hand") + ": ")
        can = set(playable) & set(table.hand)
        for number, suit in enumerate(sort_hand(table.hand)):
            if number:
                text.append("   ")
            for index, card in enumerate(suit):
                if index:
                    text.append(" ")
                style = "bold" if card in can else "dim" if can else ""
                text.append_text(card_text(card, style))
                if card in can:
                    text.append("*", style="bold")
        return text

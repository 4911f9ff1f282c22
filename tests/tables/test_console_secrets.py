"""Issue 30: the console never writes a card the human seat may not know, in any game and
player count (the log is built from the seat's view, not from the others' actions)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules.registry import BUILTIN
from tables.console import ConsoleGame, pretty_card, run
from tests.tables.test_console import scripted

CARD = re.compile(r"(10|[2-9AKQJ])([♠♥♦♣])")
LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)


class Witness:
    """Everything the human seat's view has shown so far, and every card written outside it."""

    def __init__(self) -> None:
        self.game: ConsoleGame | None = None
        self.known: set[str] = set()
        self.leaks: list[str] = []
        self.lines: list[str] = []

    def watch(self, game: ConsoleGame) -> None:
        self.game = game

    def write(self, line: str) -> None:
        self.lines.append(line)
        game = self.game
        if game is None:
            return
        match = game.manager.match_of(game.table_id)
        if match is not None:
            self.known.update(cards_in(match.typed_view(game.seat).model_dump(mode="json")))
        for rank, suit in CARD.findall(line):
            if rank + LETTER[suit] not in self.known:
                self.leaks.append(line)


CASES = [(name, n) for name in BUILTIN.names() for n in BUILTIN.get(name).player_counts]


@pytest.mark.parametrize(("game", "players"), CASES)
async def test_no_card_outside_the_seat_view_is_ever_written(game: str, players: int) -> None:
    witness = Witness()
    lines = witness.lines
    shown_reader, shown = scripted([], random.Random(players))

    def write(line: str) -> None:
        witness.write(line)
        shown.append(line)

    argv = [game, "--players", str(players), "--seed", "5", "--level", "random"]
    if "max_stock_rebuilds" in BUILTIN.get(game).Options.model_fields:
        # random play seldom goes out: a deal ends when the stock first runs out, so the
        # seven deals cost seconds, not tens of seconds (what is shown is the same kind)
        argv += ["--option", "max_stock_rebuilds=0"]
    code = await run(argv, shown_reader, write, watch=witness.watch)
    assert code == 0
    assert "Match over." in "\n".join(lines)
    assert witness.leaks == []


async def test_a_planted_leak_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control: a console that names a computer's card is caught by the witness."""
    original = ConsoleGame.on_update

    def leaky(self: ConsoleGame, update: Any) -> None:
        original(self, update)
        match = self.manager.match_of(self.table_id)
        if match is not None:
            other = (self.seat + 1) % match.players
            hand = match.typed_view(other).table.hand
            if hand:
                self.write("Computer holds " + pretty_card(hand[0]))

    monkeypatch.setattr(ConsoleGame, "on_update", leaky)
    witness = Witness()
    shown_reader, shown = scripted(["q"], random.Random(1))

    def write(line: str) -> None:
        witness.write(line)
        shown.append(line)

    await run(
        ["tonk", "--seed", "5", "--level", "random"], shown_reader, write, watch=witness.watch
    )
    assert witness.leaks and "Computer holds" in witness.leaks[0]

"""The terminal front end: ``python bot.py console GAME [--players N] [--seat S]`` plays a
whole match against computer players through the same ``TableManager`` the bot uses.

Each turn shows the table (scores, trump, the trick), your hand and your legal actions
numbered; type a number (or an action id) to act, ``?`` to show the table again, ``q`` to
leave. Events other seats may not see are never printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from i18n import N_, translator
from i18n.labels import action_label, phase_name
from players.budget import SearchBudget
from rules.cards import SUIT_SYMBOLS, CardError, parse_card
from rules.registry import BUILTIN, GameRegistry
from storage import SqliteStorage
from tables.config import TableSettings
from tables.errors import TableError
from tables.manager import TableManager, default_player_count
from tables.updates import TableUpdate

USER_ID = 1
ReadLine = Callable[[str], Awaitable[str | None]]
Write = Callable[[str], None]

SHOWN_KEYS: dict[str, str] = {
    "scores": N_("Scores"),
    "balls": N_("Balls"),
    "tokens": N_("Tokens"),
    "ledger": N_("Ledger"),
    "dealer": N_("Dealer"),
    "trump": N_("Trump"),
    "high_bid": N_("High bid"),
    "contract": N_("Contract"),
    "contracts": N_("Contracts"),
    "bid": N_("Bid"),
    "discard_top": N_("Discard"),
}
"""View keys shown above the hand when the game's view has them."""


def pretty_card(text: str) -> str:
    """``"10H"`` -> ``"10♥"``; anything that is not a card is returned as it is."""
    try:
        parse_card(text)
    except (CardError, TypeError):
        return str(text)
    if text == "*":
        return "🃏"
    return text[:-1] + SUIT_SYMBOLS.get(text[-1], text[-1])


def pretty_value(value: Any) -> str:
    if isinstance(value, str):
        return pretty_card(value)
    if isinstance(value, list):
        return "[" + ", ".join(pretty_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {pretty_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def parse_option(text: str) -> tuple[str, Any]:
    key, _, raw = text.partition("=")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def build_parser(t: Callable[[str], str], games: GameRegistry = BUILTIN) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bot.py console", description=t("Play a card game in the terminal.")
    )
    parser.add_argument("game", help=t("one of: ") + ", ".join(games.names()))
    parser.add_argument("--players", type=int, default=None, help=t("number of players"))
    parser.add_argument("--seat", type=int, default=0, help=t("your seat (0 is first)"))
    parser.add_argument("--level", default="heuristic", help=t("computer level"))
    parser.add_argument("--seed", type=int, default=None, help=t("fix the shuffle"))
    parser.add_argument("--option", action="append", default=[], help="name=value")
    parser.add_argument("--db", default=":memory:", help=t("SQLite file for the game log"))
    parser.add_argument("--lang", default=None, help=t("language (en, es, fa)"))
    return parser


class ConsoleGame:
    """One match in the terminal: renders the table and reads the player's choices."""

    def __init__(
        self, manager: TableManager, table_id: int, seat: int, t: Callable[[str], str], write: Write
    ) -> None:
        self.manager = manager
        self.table_id = table_id
        self.seat = seat
        self.t = t
        self.write = write
        manager.subscribe(self.on_update)

    def on_update(self, update: TableUpdate) -> None:
        if update.table_id != self.table_id:
            return
        t = self.t
        state = self.manager.state(self.table_id)
        if update.kind == "action" and update.seat is not None and update.action_id:
            who = state.seats[update.seat].name or "?"
            try:
                label = action_label(
                    self.manager.match_spec(self.table_id).parse_action(update.action_id), t
                )
            except ValueError:
                label = update.action_id
            self.write(
                t("{who} (seat {seat}): {action}").format(
                    who=who, seat=update.seat, action=label or update.action_id
                )
            )
            for event in update.events_for(self.seat):
                if event.kind == "card_played":
                    continue
                details = ", ".join(f"{k}={pretty_value(v)}" for k, v in event.data.items())
                self.write(f"  · {event.kind}" + (f" ({details})" if details else ""))
        elif update.kind in ("finished", "stopped"):
            result = update.data.get("result")
            self.write(t("Match over.") + (f" {pretty_value(result)}" if result else ""))

    def render(self) -> None:
        t = self.t
        view = self.manager.seat_view(self.table_id, USER_ID)
        data = view.view
        self.write("")
        # Marked outside the f-string: extraction does not look inside f-strings.
        phase = t("phase")
        self.write("— " + t("Your turn") + f" ({phase}: {phase_name(view.phase, t)}) —")
        for key, title in SHOWN_KEYS.items():
            if data.get(key) not in (None, [], ""):
                self.write(f"{t(title)}: {pretty_value(data[key])}")
        trick = data.get("trick")
        if trick:
            self.write(t("Trick") + ": " + pretty_value(trick))
        hand = data.get("hand") or []
        self.write(t("Your hand") + ": " + " ".join(pretty_card(c) for c in hand))
        for number, action in enumerate(view.legal, start=1):
            self.write(f"  {number:>2}. {action_label(action, t)}")

    async def play(self, read_line: ReadLine) -> int:
        t = self.t
        while True:
            state = self.manager.state(self.table_id)
            if not state.status.is_open:
                return 0
            if self.seat not in state.to_act:
                # computers act inside the manager; nothing else can be waiting
                self.write(t("Waiting for the other players."))
                return 1
            self.render()
            legal = self.manager.seat_view(self.table_id, USER_ID).legal
            answer = await read_line(t("Your choice (number, ? or q): "))
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                await self.manager.stop(self.table_id, USER_ID)
                self.write(t("You left the table."))
                return 0
            answer = answer.strip()
            if answer in ("", "?"):
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                action_id = legal[int(answer) - 1].id
            else:
                action_id = answer
            try:
                await self.manager.act(self.table_id, USER_ID, action_id)
            except TableError as exc:
                self.write(exc.translated(t))


async def run(
    argv: Sequence[str],
    read_line: ReadLine,
    write: Write,
    games: GameRegistry = BUILTIN,
    search: SearchBudget | None = None,
) -> int:
    """Play the match ``argv`` asks for, among the games of ``games``; a ``search``
    computer thinks within ``search`` (the caller's settings; the defaults otherwise)."""
    locale = None
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            locale = argv[index + 1]
    t = translator(locale or os.environ.get("LANG"))
    args = build_parser(t, games).parse_args(list(argv))
    if args.game not in games:
        write(t("There is no game called {game}.").format(game=args.game))
        write(t("Games: ") + ", ".join(games.names()))
        return 2
    spec = games.get(args.game)
    players = args.players or default_player_count(spec)
    if not 0 <= args.seat < players:
        write(t("There is no seat {seat} at this table.").format(seat=args.seat))
        return 2
    storage = await SqliteStorage.open(args.db)
    # No turn timer in the terminal; windows stay open a day (the player answers them).
    settings = TableSettings(
        takeover_level=args.level, window_seconds=86_400.0, search=search or SearchBudget()
    )
    manager = TableManager(storage, settings, games=games)
    try:
        try:
            state = await manager.create(
                channel_id=0,
                game=args.game,
                host_id=USER_ID,
                host_name=t("You"),
                players=players,
                options=dict(parse_option(o) for o in args.option),
                slow=True,
                seed=args.seed,
                join=False,
            )
            await manager.join(state.id, USER_ID, t("You"), seat=args.seat)
            game = ConsoleGame(manager, state.id, args.seat, t, write)
            write(t("{title}: you are seat {seat}.").format(title=spec.title, seat=args.seat))
            await manager.start(state.id, USER_ID, fill_with=args.level)
        except TableError as exc:
            write(exc.translated(t))
            return 2
        return await game.play(read_line)
    finally:
        await manager.close()
        await storage.close()


async def _read_stdin(prompt: str) -> str | None:
    try:
        return await asyncio.to_thread(input, prompt)
    except EOFError:
        return None


def main(argv: Sequence[str] | None = None, search: SearchBudget | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    return asyncio.run(run(args, _read_stdin, print, search=search))


if __name__ == "__main__":
    sys.exit(main())

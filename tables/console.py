"""The terminal front end: ``python bot.py console GAME [--players N] [--seat S]`` plays a
whole match against computer players through the same ``TableManager`` the bot uses.

Each turn draws the table from the seat's typed view (seats, teams, dealer, trick, trump,
score; rummy: melds, stock, discard, card counts), your hand by suit with the playable cards
marked, and your choices, short and grouped. What the others did is told from what your
view shows (``tables.console_log``), never from their actions, so nothing hidden leaks.
Drawn with Rich (``tables.console_view``): colours on a terminal, the same plain text in a
pipe (tests).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from i18n import N_, translator
from i18n.labels import action_label, phase_name
from i18n.options import option_description, option_title
from players.budget import SearchBudget
from players.level_ratings import shipped
from players.par import ParResult
from players.review import review_hand
from rules.cards import CardError, parse_card
from rules.contract import Action
from rules.option_fields import OptionField, option_fields
from rules.plugin import KNOWN_LEVELS, LEVEL_SUMMARIES, LEVELS
from rules.registry import BUILTIN, GameRegistry
from rules.views import AnyTable
from storage import SqliteStorage, TableStatus
from tables import reports
from tables.config import TableSettings
from tables.console_log import SeatLog, pretty_card, score_text, sort_hand
from tables.console_par import ConsolePar, PoolFactory, background_process
from tables.console_view import TableView, make_console, rendered
from tables.duplicate_text import review_lines
from tables.errors import TableError
from tables.manager import TableManager, default_player_count
from tables.par import par_text
from tables.updates import TableUpdate

__all__ = ["ConsoleGame", "build_parser", "main", "pretty_card", "run"]

USER_ID = 1
ReadLine = Callable[[str], Awaitable[str | None]]
Write = Callable[[str], None]
Translate = Callable[[str], str]

GROUPED = 6
"""A kind with this many choices or more, each one plain value (not a card, not a list of
cards), goes on one line (a cut, a bid ladder); cards and melds stay numbered."""
DANGEROUS = frozenset({"drop"})
"""Kinds that end your hand at once: typed as a word, never on a stray number."""


def ladder(actions: Sequence[Action]) -> bool:
    """Whether ``actions`` (one kind) are shown as one line of values to type."""
    return len(actions) >= GROUPED and all(
        a.value and "," not in a.value and not is_card(a.value) for a in actions
    )


def grouped(legal: Sequence[Action]) -> dict[str, list[Action]]:
    """The actions by kind, in the engine's order of kinds; a kind whose values are all
    cards in the hand's order (by suit, high first), so choice 1 is the hand's first card."""
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    for kind, actions in by_kind.items():
        if all(a.value and is_card(a.value) for a in actions):
            order = {
                c: i
                for i, c in enumerate(c for s in sort_hand([a.value for a in actions]) for c in s)
            }
            by_kind[kind] = sorted(actions, key=lambda a: order[a.value])
    return by_kind


def is_card(text: str) -> bool:
    try:
        parse_card(text)
    except (CardError, TypeError):
        return False
    return True


def parse_option(text: str) -> tuple[str, Any]:
    key, _, raw = text.partition("=")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def option_help(field: OptionField, t: Translate) -> str:
    """`` — Title: description`` in the reader's language, after an option's value."""
    description = option_description(field, t)
    return f" — {option_title(field, t)}" + (f": {description}" if description else "")


def games_epilog(t: Translate, games: GameRegistry) -> str:
    """Every game with its player counts, its options and what they mean."""
    lines = [t("Games:")]
    for plugin in games:
        spec = plugin.spec
        counts = ", ".join(str(n) for n in spec.player_counts)
        lines.append(f"  {plugin.name}: {plugin.title} ({t('players')}: {counts})")
        if plugin.summary:
            lines.append("      " + t(plugin.summary).split(". ")[0].rstrip(".") + ".")
        for field in option_fields(spec.Options):
            described = option_help(field, t)
            lines.append(f"      --option {field.name}={json.dumps(field.default)}{described}")
    lines.append(t("Computer levels: ") + ", ".join(LEVELS))
    return "\n".join(lines)


class ConsoleParser(argparse.ArgumentParser):
    """Writes the games epilog only when help is shown: it loads every game's engine
    (their options), about half of the console's start-up, which a game needs only its own."""

    def __init__(self, epilog_of: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.epilog_of = epilog_of

    def format_help(self) -> str:
        if self.epilog is None:
            self.epilog = self.epilog_of()
        return super().format_help()


def build_parser(t: Translate, games: GameRegistry = BUILTIN) -> argparse.ArgumentParser:
    parser = ConsoleParser(
        lambda: games_epilog(t, games),
        prog="bot.py console",
        description=t("Play a card game in the terminal."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "game", nargs="?", default=None, help=t("one of: ") + ", ".join(games.names())
    )
    parser.add_argument(
        "--replay", default=None, help=t("show the state of an exported hand report (a file)")
    )
    parser.add_argument("--players", type=int, default=None, help=t("number of players"))
    parser.add_argument(
        "--seat", type=int, default=1, help=t("your seat, counted from 1 as on the table")
    )
    parser.add_argument(
        "--level", default="beginner", choices=KNOWN_LEVELS, help=t("computer level")
    )
    parser.add_argument("--seed", type=int, default=None, help=t("fix the shuffle"))
    parser.add_argument("--option", action="append", default=[], help="name=value")
    parser.add_argument("--db", default=":memory:", help=t("SQLite file for the game log"))
    parser.add_argument("--lang", default=None, help=t("language (en, es, fa)"))
    parser.add_argument(
        "--no-par",
        action="store_true",
        help=t("after each hand, do not replay it with computers in your seat (par)"),
    )
    return parser


class ConsoleGame:
    """One match in the terminal: draws the table and reads the player's choices."""

    def __init__(
        self,
        manager: TableManager,
        table_id: int,
        seat: int,
        t: Translate,
        write: Write,
        games: GameRegistry = BUILTIN,
        terminal: bool = False,
        width: int | None = None,
    ) -> None:
        self.manager = manager
        self.table_id = table_id
        self.seat = seat
        self.t = t
        self.write = write
        self.plugin = games.plugin(manager.state(table_id).game)
        self.log = SeatLog(t, self.name, self.plugin.reasons)
        self.console = make_console(terminal, width)
        self.view = TableView(t, self.name, seat)
        self.last: AnyTable | None = None
        self.hands_told = 0
        self.par: ConsolePar | None = None
        """Par after each hand (``run`` sets it unless ``--no-par``)."""
        manager.subscribe(self.on_update)

    # -- names --------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        if seat == self.seat:
            return self.t("You")
        seats = self.manager.state(self.table_id).seats
        record = seats[seat] if 0 <= seat < len(seats) else None
        return (record.name if record is not None else "") or self.t("Seat {n}").format(n=seat + 1)

    def side(self, to: str, index: int) -> str:
        table = self.table()
        if to == "team" and table is not None and table.teams:
            members = sorted(table.teams[index], key=lambda s: s != self.seat)
            return self.t(" and ").join(self.name(s) for s in members)
        return self.name(index)

    def table(self) -> AnyTable | None:
        match = self.manager.match_of(self.table_id)
        return match.typed_view(self.seat).table if match is not None else None

    # -- what happened ------------------------------------------------------------------

    def on_update(self, update: TableUpdate) -> None:
        if update.table_id != self.table_id:
            return
        t = self.t
        match = self.manager.match_of(self.table_id)
        after = self.table()
        if update.kind == "action" and update.seat is not None and after is not None:
            before = self.last
            if update.seat == self.seat and update.action_id:
                try:
                    label = action_label(
                        self.manager.match_spec(self.table_id).parse_action(update.action_id), t
                    )
                except ValueError:
                    label = update.action_id
                self.write(t("You: {action}").format(action=label))
            elif before is not None:
                lines = self.log.changes(update.seat, before, after)
                for line in lines or [self.unseen_move(update.seat, before, after)]:
                    self.write("  " + line)
            if before is not None:
                for line in self.log.trick_won(before, after, self.side):
                    self.write("  " + line)
        if match is not None:
            results = match.typed_hand_results()
            for result in results[self.hands_told :]:
                self.write("")
                for line in self.log.hand_over(result, self.side):
                    self.write("» " + line)
                self.write("» " + score_text(result.score, t, self.score_name))
            self.hands_told = len(results)
        self.last = after
        # A stopped table is the player leaving: ``play`` says so, there is no match result.
        if update.kind == "finished":
            final = match.typed_result() if match is not None else None
            if final is None:
                self.write(t("Match over."))
                return
            winners = sorted(final.winners, key=lambda s: s != self.seat)
            names = t(" and ").join(self.name(s) for s in winners)
            self.write(
                t("Match over.") + " " + self.log.match_over(final, names, self.seat in winners)
            )

    def unseen_move(self, seat: int, before: AnyTable, after: AnyTable) -> str:
        """A move the view does not show: the last of a hand (the table is already the
        next hand's), a cut, or a choice kept secret; said without saying what it was."""
        t, who = self.t, self.name(seat)
        if before.hand_number != after.hand_number:
            return t("{who} made the last move of the hand.").format(who=who)
        if before.phase == "cut":
            return t("{who} cut the cards.").format(who=who)
        return t("{who} chose ({phase}).").format(who=who, phase=phase_name(before.phase, t))

    def score_name(self, index: int) -> str:
        table = self.table()
        score_by_team = table is not None and table.score.by == "team" and table.teams
        return self.side("team" if score_by_team else "seat", index)

    # -- the table ----------------------------------------------------------------------

    def render(self, legal: Sequence[Action]) -> None:
        table = self.table()
        if table is None:
            return
        playable = [a.value for a in legal]
        self.write("")
        self.write(rendered(self.console, self.view.table(table)))
        self.write(rendered(self.console, self.view.hand(table, playable)))
        if set(playable) & set(table.hand):
            self.write("  " + self.t("(* can be played now)"))
        self.choice_lines(legal)

    def choice_lines(self, legal: Sequence[Action]) -> None:
        t = self.t
        number = 0
        for kind, actions in grouped(legal).items():
            if kind in DANGEROUS:
                for action in actions:
                    word = action.id.replace(":", " ")
                    self.write(f"      {action_label(action, t)}  → {word}")
                continue
            if ladder(actions):
                first, last = action_label(actions[0], t), action_label(actions[-1], t)
                values = " ".join(a.value for a in actions)
                example = f"{kind} {actions[len(actions) // 2].value}"
                hint = t("type the word and a value, as in: {example}").format(example=example)
                self.write(f"      {first} … {last} — {hint}")
                self.write(f"        {kind}: {values}")
                continue
            for action in actions:
                number += 1
                self.write(f"  {number:>2}. {action_label(action, t)}")

    def numbered(self, legal: Sequence[Action]) -> list[Action]:
        """The actions shown with a number, in the order ``choice_lines`` shows them."""
        return [
            a
            for kind, actions in grouped(legal).items()
            if kind not in DANGEROUS and not ladder(actions)
            for a in actions
        ]

    def help_lines(self) -> None:
        t = self.t
        self.write("")
        self.write(f"── {self.plugin.title} ──")
        if self.plugin.summary:
            self.write(t(self.plugin.summary))
        match = self.manager.match_of(self.table_id)
        if match is not None:
            self.write(t("Options:"))
            fields = {f.name: f for f in option_fields(type(match.options))}
            for key, value in match.options.model_dump(mode="json").items():
                field = fields.get(key)
                described = option_help(field, t) if field else ""
                self.write(f"  {key} = {json.dumps(value)}{described}")
        self.write(
            t(
                "Type a number, or a word and a value (bid 160); Enter draws the table again; "
                "q, Ctrl-C or Ctrl-D leaves."
            )
        )
        self.write(
            t(
                "r reviews the last finished hand: every seat's cards, trick by trick, and the "
                "cards that gave away part of the best result."
            )
        )

    def tell_par(self, results: Sequence[ParResult] | None = None) -> None:
        """The pars that are in (``ConsolePar.ready``: never waits), one line each."""
        if self.par is None:
            return
        for result in self.par.ready() if results is None else results:
            self.write("» " + par_text(result, self.t))

    async def review_last(self) -> None:
        """The last finished hand, trick by trick, its lost cards marked (``r``)."""
        t = self.t
        match = self.manager.match_of(self.table_id)
        if self.plugin.family != "trick" or not self.plugin.tally:
            self.write(t("There is no hand review for this game."))
            return
        if match is None or not match.hand_results:
            self.write(t("No hand is over yet."))
            return
        snapshot = match.snapshot()
        # The solver takes up to seconds: off the event loop, on a copy of the log.
        hand = len(match.hand_results) - 1
        review = await asyncio.to_thread(review_hand, snapshot, hand, registry=self.manager.games)
        self.write("")
        for line in review_lines(review, t, self.name):
            self.write(line)

    # -- the loop -----------------------------------------------------------------------

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
            legal = self.manager.seat_view(self.table_id, USER_ID).legal
            self.tell_par()
            self.render(legal)
            numbered = self.numbered(legal)
            answer = await read_line(t("Your choice (number, ? for help, q to leave): "))
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                await self.manager.stop(self.table_id, USER_ID)
                self.write(t("You left the table."))
                return 0
            answer = answer.strip()
            if answer == "":
                continue
            if answer == "?":
                self.help_lines()
                continue
            if answer.lower() == "r":
                await self.review_last()
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(numbered):
                action_id = numbered[int(answer) - 1].id
            else:
                action_id = ":".join(answer.split(None, 1)) if " " in answer else answer
            try:
                await self.manager.act(self.table_id, USER_ID, action_id)
            except TableError as exc:
                self.write(exc.translated(t))


def language(argv: Sequence[str]) -> Translate:
    locale = None
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            locale = argv[index + 1]
    return translator(locale or os.environ.get("LANG"))


async def run(
    argv: Sequence[str],
    read_line: ReadLine,
    write: Write,
    games: GameRegistry = BUILTIN,
    search: SearchBudget | None = None,
    watch: Callable[[ConsoleGame], None] | None = None,
    terminal: bool = False,
    par_pool: PoolFactory | None = None,
) -> int:
    """Play the match ``argv`` asks for, among the games of ``games``; a ``search``
    computer thinks within ``search`` (the caller's settings; the defaults otherwise).
    ``watch`` is shown the game before it starts (tests check what it writes); colours
    only when ``terminal``. ``par_pool`` makes the worker par runs in after each hand
    (``main``: a background process); ``None`` or ``--no-par``: no par."""
    t = language(argv)
    args = build_parser(t, games).parse_args(list(argv))
    if args.replay is not None:
        return await show_replay(args.replay, args.seat - 1, t, write, games, terminal)
    if args.game not in games:
        write(t("There is no game called {game}.").format(game=args.game))
        write(t("Games: ") + ", ".join(games.names()))
        return 2
    spec = games.get(args.game)
    players = args.players or default_player_count(spec)
    if not 1 <= args.seat <= players:
        write(
            t("There is no seat {seat} at this table: choose 1 to {players}.").format(
                seat=args.seat, players=players
            )
        )
        return 2
    seat = args.seat - 1
    storage = await SqliteStorage.open(args.db)
    # No turn timer in the terminal; windows stay open a day (the player answers them).
    settings = TableSettings(
        takeover_level=args.level, window_seconds=86_400.0, search=search or SearchBudget()
    )
    manager = TableManager(storage, settings, games=games)
    par: ConsolePar | None = None
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
            await manager.join(state.id, USER_ID, t("You"), seat=seat)
            width = shutil.get_terminal_size().columns if terminal else None
            game = ConsoleGame(manager, state.id, seat, t, write, games, terminal, width)
            if par_pool is not None and not args.no_par:
                registry = None if games is BUILTIN else games
                par = ConsolePar(manager, state.id, USER_ID, par_pool, registry=registry)
                game.par = par
            if watch is not None:
                watch(game)
            write(
                t("{title}: you are seat {seat}. Type ? for help.").format(
                    title=spec.title, seat=args.seat
                )
            )
            await manager.start(state.id, USER_ID, fill_with=args.level)
        except TableError as exc:
            write(exc.translated(t))
            return 2
        code = await game.play(read_line)
        if par is not None and manager.state(state.id).status is TableStatus.FINISHED:
            # The match is over: no prompt waits now, so the last hand's par is awaited.
            game.tell_par(await asyncio.to_thread(par.finish))
        return code
    finally:
        if par is not None:
            par.close()
        await manager.close()
        await storage.close()


async def show_replay(
    path: str,
    seat: int,
    t: Translate,
    write: Write,
    games: GameRegistry = BUILTIN,
    terminal: bool = False,
) -> int:
    """An exported hand report (``tables.reports``) rebuilt and drawn as seat ``seat``
    sees it. The match goes through the manager's own restart path (a stored table and
    its log, replayed on recovery), so the state shown is the one the bot would rebuild."""
    try:
        with open(path, encoding="utf-8") as f:
            exported = json.load(f)
        replayed = reports.replay(exported, games)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        write(t("That file does not replay: {reason}").format(reason=str(exc)[:200]))
        return 2
    players = int(exported["players"])
    if not 0 <= seat < players:
        write(
            t("There is no seat {seat} at this table: choose 1 to {players}.").format(
                seat=seat + 1, players=players
            )
        )
        return 2
    storage = await SqliteStorage.open(":memory:")
    manager = TableManager(storage, TableSettings(window_seconds=86_400.0), games=games)
    try:
        table_id = await reports.store_for_replay(storage, exported, seat_user=(seat, USER_ID))
        await manager.recover()
        await manager.ready(table_id)
        write(
            t("Report {report}, table {table}, hand {hand}, move {move}: {text}").format(
                report=exported.get("report"),
                table=exported.get("table"),
                hand=exported.get("hand"),
                move=exported.get("move"),
                text=exported.get("text"),
            )
        )
        width = shutil.get_terminal_size().columns if terminal else None
        game = ConsoleGame(manager, table_id, seat, t, write, games, terminal, width)
        game.render(manager.seat_view(table_id, USER_ID).legal)
        match = manager.match_of(table_id)
        same = match is not None and match.public_view() == replayed.public_view()
        return 0 if same else 1
    finally:
        await manager.close()
        await storage.close()


async def read_stdin(prompt: str) -> str | None:
    """A line from the terminal; ``None`` on Ctrl-D or Ctrl-C (both mean leave).

    Read on the loop's own thread: a reader thread would keep the process waiting for
    Enter after Ctrl-C. Nothing else runs meanwhile (computers act inside ``act``)."""
    return ask_stdin(prompt)


LEFT = N_("Left the game.")


def first_sentence(text: str) -> str:
    return text.split(". ")[0].rstrip(".") + "." if text else ""


def offer(
    ask: Callable[[str], str | None], write: Write, t: Translate, games: GameRegistry = BUILTIN
) -> list[str] | None:
    """The games with one line each, then game, player count and level, each asked again
    until it is one of them; ``None`` when the player leaves (Ctrl-C, Ctrl-D, ``q``)."""
    plugins = list(games)
    for number, plugin in enumerate(plugins, start=1):
        summary = first_sentence(t(plugin.summary)) if plugin.summary else ""
        write(f"  {number}. {plugin.title} ({plugin.name}) — {summary}")

    def pick(prompt: str, allowed: Sequence[str], default: str) -> str | None:
        while True:
            answer = ask(prompt.format(default=default))
            if answer is None or answer.strip().lower() == "q":
                return None
            answer = answer.strip() or default
            if answer in allowed:
                return answer
            write(t("Please answer one of: {choices}.").format(choices=", ".join(allowed)))

    names = [p.name for p in plugins]
    by_number = {str(n): p.name for n, p in enumerate(plugins, start=1)}
    game = pick(t("Game (number or name) [{default}]: "), [*names, *by_number], names[0])
    if game is None:
        return None
    game = by_number.get(game, game)
    spec = games.get(game)
    counts = [str(n) for n in spec.player_counts]
    players = pick(
        t("Players ({choices}) [{default}]: ").replace("{choices}", "/".join(counts)),
        counts,
        str(default_player_count(spec)),
    )
    if players is None:
        return None
    for line in level_lines(game, int(players), t):
        write("  " + line)
    level = pick(
        t("Computer level ({choices}) [{default}]: ").replace("{choices}", "/".join(LEVELS)),
        LEVELS,
        "beginner",
    )
    if level is None:
        return None
    return [game, "--players", players, "--level", level]


def level_lines(game: str, players: int, t: Translate) -> list[str]:
    """What each level does, with its rating at this table size when it has one (the
    computers' matches against each other, ``players.level_ratings``)."""
    rated = shipped().at(game, players)
    lines = []
    for level in LEVELS:
        line = t(LEVEL_SUMMARIES[level])
        rating = rated.get(level)
        if rating is not None:
            line += " " + t("Rated {rating} from {matches} matches ({players} players).").format(
                rating=rating.rating, matches=rating.matches, players=players
            )
        lines.append(line)
    return lines


def ask_stdin(prompt: str) -> str | None:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def offer_and_play(locale: str | None = None, search: SearchBudget | None = None) -> int | None:
    """``make run`` without a token: ask whether to play, which game, then play it;
    ``None`` when the player does not want to."""
    t = translator(locale or os.environ.get("LANG"))
    answer = ask_stdin(t("Play a game in the terminal now? [y/N] "))
    if answer is None or answer.strip().lower() not in {"y", "yes", "s", "si", "sí"}:
        return None
    argv = offer(ask_stdin, print, t)
    if argv is None:
        print(t(LEFT))
        return 0
    return main(argv, search=search)


def main(argv: Sequence[str] | None = None, search: SearchBudget | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    # Not asyncio.run: its SIGINT handler cancels the task instead of interrupting input(),
    # so Ctrl-C at a prompt would wait for Enter.
    loop = asyncio.new_event_loop()
    try:
        playing = run(
            args,
            read_stdin,
            print,
            search=search,
            terminal=sys.stdout.isatty(),
            par_pool=background_process,
        )
        return loop.run_until_complete(playing)
    except KeyboardInterrupt:
        print()
        print(language(args)(LEFT))
        return 130
    finally:
        loop.close()


if __name__ == "__main__":
    sys.exit(main())

"""The per-channel game manager: lobby, acting, computer players, timers and recovery.

Every front end (Discord cogs, the terminal console) drives tables only through
``TableManager``. Each table has one asyncio lock; under it an action is validated by the
engine, appended to the durable log, applied, and its events published, so actions are
applied in log order and a double click applies once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from leagues.recording import record_match
from players import PlayerRegistry, default_registry
from rules.contract import Action, GameSpec, IllegalAction, Match, snapshot_deal_version
from rules.plugin import strongest_level
from rules.registry import BUILTIN, GameRegistry
from rules.shuffle import DEAL_VERSION, LEGACY_DEAL_VERSION
from storage import (
    ChannelTaken,
    LoggedAction,
    QuarantinedTable,
    SeatRecord,
    ShardSet,
    Storage,
    TableRecord,
    TableStatus,
    unpack_log,
)
from tables.clock import Clock, RealClock
from tables.config import TableSettings
from tables.deal_script import SETTING as DEAL_SCRIPT
from tables.deal_script import next_scripted
from tables.deciders import ComputerDecisions
from tables.errors import (
    REASON_SHOWN,
    AlreadyPlayed,
    AlreadySeated,
    BadOptions,
    ChannelBusy,
    IllegalMove,
    Kicked,
    NoSuchSeat,
    NoSuchTable,
    NotAComputer,
    NotAway,
    NoTeams,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotYourSeat,
    NotYourTurn,
    SeatTaken,
    StaleView,
    TableClosed,
    TableError,
    TableFull,
    TableNotRunning,
    TableQuarantined,
    TableRestoring,
    TableRunning,
    TeamFull,
    UnknownGame,
    UnknownPlayerLevel,
)
from tables.stages import timed, timed_lock
from tables.table import SeatView, Table, TableState
from tables.updates import Listener, Publisher, TableUpdate

log = logging.getLogger(__name__)

PASS_KINDS = frozenset({"pass", "decline", "skip", "no", "done"})
"""Action kinds that close a call/buy window for a seat when its timer runs out."""
MAX_COMPUTER_RUN = 100_000
SETTLE_EVERY = 16
"""Most actions applied before waiting for their commit in a run of computer moves: a
click's answers (a few) share one commit, while computers playing on alone commit (and
let the event loop serve others) every so often instead of holding it for a whole match."""
"""Guard against an engine that never ends a computer-only match."""
REPLAY_SLICE = 0.002
"""Seconds of log replay after which a rebuild lets the event loop serve others."""
WARM_FREEZE_EVERY = 0.1
"""Seconds of warm-up after which the matches rebuilt so far are frozen (``gc.freeze``).
They live until their tables close, and unfrozen every full collection would scan all of
them with the loop stopped: 10-136 ms pauses, growing with the tables rebuilt, at 1,000
tables (the bot's ``cogs.heap`` freezes survivors the same way once it is connected)."""


CloseHook = Callable[[TableRecord, "Match[Any] | None"], Awaitable[None]]
"""Called with the closed table (its ``status`` says finished or stopped) and its match."""


@dataclass(frozen=True, slots=True)
class RecoveryReport:
    tables: int
    running: int
    failed: list[int]


def new_match(spec: GameSpec[Any], record: TableRecord) -> Match[Any]:
    """The record's match from its first deal. A table stored before ``deal_version`` was
    recorded in its settings was dealt by CPython's shuffle (``rules.shuffle``), and is
    dealt the same way again so that its log replays."""
    version = record.settings.get("deal_version", LEGACY_DEAL_VERSION)
    return spec.new_match(
        record.players, record.options, seed=record.seed, deals=record.deals, deal_version=version
    )


def has_state_snapshot(match: Match[Any]) -> bool:
    """The engine saves its state in ``snapshot()`` and restores it without replay. The
    contract's default saves the action log and its ``restore`` replays it (304 and Tonk
    only keep that log's ids faster): storing one would save no restart time, cost a
    write of the whole log every ``snapshot_every`` actions and make restarts read it."""
    return (
        type(match).snapshot is not Match.snapshot
        and type(match.spec).restore is not GameSpec.restore
    )


def default_player_count(spec: GameSpec[Any]) -> int:
    """Four when the game allows it (the usual table), else its smallest count."""
    return 4 if 4 in spec.player_counts else min(spec.player_counts)


class TableManager:
    def __init__(
        self,
        storage: Storage,
        settings: TableSettings | None = None,
        clock: Clock | None = None,
        players: PlayerRegistry | None = None,
        games: GameRegistry = BUILTIN,
    ) -> None:
        self.storage = storage
        self.settings = settings or TableSettings()
        self.clock: Clock = clock or RealClock()
        self.games = games
        """The games this manager runs (the front ends read their plugins here)."""
        self.players = players or default_registry(games, self.settings.search)
        self.decisions = ComputerDecisions(
            self.players, games, self.settings.search,
            workers=self.settings.decision_workers, own_players=players is not None,
        )  # fmt: skip
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._publisher = Publisher()
        self._close_hooks: list[CloseHook] = []
        self._warm_task: asyncio.Task[list[int]] | None = None
        self._reloads: set[asyncio.Task[Table]] = set()
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self._urgent: dict[int, int] = {}
        """Per table: clicks rebuilding it just now (the warm-up waits for them)."""
        self._urgent_done = asyncio.Event()
        self._shards: ShardSet | None = None

    # -- reading ---------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self._publisher.subscribe(listener)

    def on_close(self, hook: CloseHook) -> None:
        """Await ``hook(record, match)`` whenever a table finishes or is stopped, under the
        table's lock, before subscribers hear of it (match records and leagues, issue 9).
        A failing hook is logged and does not stop the table from closing."""
        self._close_hooks.append(hook)

    def table_in_channel(self, channel_id: int) -> int | None:
        """The id of the open table in a channel (or thread), if any."""
        table_id = self._by_channel.get(channel_id)
        if table_id is None:
            return None
        table = self._tables.get(table_id)
        return table_id if table is not None and table.status.is_open else None

    def open_tables(self) -> list[int]:
        return [t.id for t in self._tables.values() if t.status.is_open]

    def state(self, table_id: int) -> TableState:
        table = self._table(table_id)
        match = table.match
        record = table.record
        return TableState(
            id=table.id,
            game=record.game,
            title=table.spec.title,
            status=record.status,
            channel_id=record.channel_id,
            guild_id=record.guild_id,
            host_id=record.host_id,
            players=record.players,
            options=dict(record.options),
            slow=table.slow,
            seats=table.seat_states(),
            teams=table.teams,
            seq=table.seq,
            phase=match.phase if match is not None else None,
            to_act=match.to_act if match is not None else frozenset(),
            deadline=table.deadline,
            public=self._public_of(table),
            result=match.result if match is not None else None,
            stop_votes=frozenset(table.stop_votes),
            restoring=table.needs_replay,
        )

    @staticmethod
    def _public_of(table: Table) -> dict[str, Any] | None:
        """The match's public view, built once per ``seq`` (not while a restart rebuilds it:
        the match is then changing under a ``seq`` that does not)."""
        match = table.match
        if match is None:
            return None
        memo = table.public_memo
        if memo is not None and memo[0] is match and memo[1] == table.seq:
            return memo[2]
        public = match.public_view()
        if not table.needs_replay:
            table.public_memo = (match, table.seq, public)
        return public

    def seat_view(self, table_id: int, user_id: int) -> SeatView:
        """The private view of the user's seat and its legal actions."""
        table = self._table(table_id)
        if table.needs_replay:
            raise TableRestoring()
        seat = self._seat_of(table, user_id)
        match = self._running_match(table)
        record = table.seats[seat]
        if record is not None and record.kicked:
            raise Kicked()
        return SeatView(
            table_id=table.id,
            seat=seat,
            seq=table.seq,
            phase=match.phase,
            view=match.view(seat),
            legal=match.legal_actions(seat),
            deadline=table.deadline if seat in match.to_act else None,
            away=record is not None and record.away,
        )

    async def ready(self, table_id: int) -> TableState:
        """The table's state once its match is rebuilt (at once, unless the bot has just
        restarted and this table was not warmed up yet)."""
        await self._ready(table_id)
        return self.state(table_id)

    def match_spec(self, table_id: int) -> GameSpec[Any]:
        return self._table(table_id).spec

    def match_of(self, table_id: int) -> Match[Any] | None:
        """The engine match (read only: mutate it only through ``act``)."""
        return self._table(table_id).match

    def table_setting(self, table_id: int, key: str) -> Any:
        """One of the table's own settings (``None`` when never set): what services
        beside the manager keep per table (par on or off)."""
        return self._table(table_id).record.settings.get(key)

    async def set_table_setting(self, table_id: int, key: str, value: Any) -> None:
        """Store one of the table's own settings (``None`` clears it)."""
        table = self._table(table_id)
        async with table.lock:
            if value is None:
                table.record.settings.pop(key, None)
            else:
                table.record.settings[key] = value
            await self.storage.tables.update_settings(table.id, table.record.settings)

    # -- lobby -----------------------------------------------------------------------

    async def create(
        self,
        *,
        channel_id: int,
        game: str,
        host_id: int,
        host_name: str,
        guild_id: int | None = None,
        options: Mapping[str, Any] | None = None,
        players: int | None = None,
        slow: bool = False,
        turn_seconds: float | None = None,
        seed: int | None = None,
        deals: Iterable[Mapping[str, Any]] = (),
        join: bool = True,
        seat_entrants: Mapping[int, tuple[int, bool]] | None = None,
    ) -> TableState:
        """Open a lobby in a channel; the host takes seat 0 unless ``join`` is False.
        ``seat_entrants`` (seat -> entrant id, substitute?) is kept with the table for its
        match record: a match night says whom each seat played for."""
        spec = self._spec(game)
        count = players if players is not None else default_player_count(spec)
        try:
            # new_match checks the count and the options exactly as start will.
            opts = spec.parse_options(options)
            spec.new_match(count, opts, seed=0 if seed is None else seed, deals=list(deals))
        except IllegalAction as exc:
            raise BadOptions(exc) from exc
        lock = self._channel_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            if self.table_in_channel(channel_id) is not None:
                raise ChannelBusy()
            seats: list[SeatRecord | None] = [None] * count
            if join:
                seats[0] = SeatRecord(name=host_name, user_id=host_id)
            record = TableRecord(
                game=spec.name,
                players=count,
                options=opts.model_dump(mode="json"),
                seed=seed if seed is not None else secrets.randbits(62),
                channel_id=channel_id,
                guild_id=guild_id,
                host_id=host_id,
                seats=seats,
                deals=[dict(d) for d in deals],
                settings={"slow": slow, "turn_seconds": turn_seconds, "deal_version": DEAL_VERSION},
            )
            if seat_entrants:
                # the form league recording reads (leagues.recording.ENTRANTS_SETTING)
                record.settings["league_entrants"] = {
                    str(seat): {"entrant": entrant, "substitute": bool(sub)}
                    for seat, (entrant, sub) in seat_entrants.items()
                }
            try:
                record = await self.storage.tables.create(record)
            except ChannelTaken as exc:
                raise ChannelBusy() from exc
            table = Table(record, spec)
            previous = self._by_channel.get(channel_id)
            if previous is not None:
                self._tables.pop(previous, None)  # a closed table leaves memory here
            self._tables[table.id] = table
            self._by_channel[channel_id] = table.id
        self._publish(table, "lobby")
        return self.state(table.id)

    async def quick_play(
        self,
        *,
        channel_id: int,
        game: str,
        user_id: int,
        name: str,
        level: str | None = None,
        **create_args: Any,
    ) -> TableState:
        """A table that starts at once, computers in every seat but the user's."""
        fill_with = level or self.settings.default_level
        # Refused before the table opens: a level typed that is none would leave a lobby.
        self._check_level(fill_with, game)
        state = await self.create(
            channel_id=channel_id, game=game, host_id=user_id, host_name=name, **create_args
        )
        return await self.start(state.id, user_id, fill_with=fill_with)

    async def join(
        self, table_id: int, user_id: int, name: str, seat: int | None = None
    ) -> TableState:
        table = await self._ready(table_id)
        async with table.lock:
            self._require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise AlreadySeated()
            if user_id in table.kicked:
                raise Kicked()
            index = self._free_seat(table, seat)
            table.seats[index] = SeatRecord(name=name, user_id=user_id)
            await self._save_seats(table)
        return self.state(table_id)

    async def leave(self, table_id: int, user_id: int) -> TableState:
        """Leave a lobby; leaving a running game hands the seat to a computer for good."""
        table = await self._ready(table_id)
        async with table.lock:
            seat = self._seat_of(table, user_id)
            if table.status is TableStatus.RUNNING:
                record = table.seats[seat]
                assert record is not None
                record.away = True
                await self._save_seats(table)
                self._publish(table, "away", seat=seat, data={"left": True})
                await self._after_change(table)
                return self.state(table_id)
            self._require_lobby(table)
            await self._vacate(table, seat, user_id)
        return self.state(table_id)

    async def _vacate(self, table: Table, seat: int, user_id: int) -> None:
        """Free a lobby seat; the host's leaving passes the table to the next human, or
        stops it when none is left."""
        table.seats[seat] = None
        if table.record.host_id == user_id:
            humans = table.humans()
            if not humans:
                await self._close(table, TableStatus.STOPPED)
                return
            table.record.host_id = humans[0]
            await self.storage.tables.update_status(table.id, table.status, host_id=humans[0])
        await self._save_seats(table)

    async def kick(
        self, table_id: int, user_id: int, *, by: int, is_admin: bool = False
    ) -> TableState:
        """The host (or an admin) removes a player, for the rest of this match: a running
        seat goes to a computer for good (the player's clicks no longer take it back), a
        lobby seat is freed and the player may not join this table again."""
        table = await self._ready(table_id)
        async with table.lock:
            if not table.status.is_open:
                raise TableClosed()
            self._require_host(table, by, is_admin)
            seat = self._seat_of(table, user_id)
            record = table.seats[seat]
            assert record is not None
            if table.status is TableStatus.RUNNING:
                record.away = record.kicked = True
                await self._save_seats(table)
                self._publish(table, "away", seat=seat, data={"kicked": True})
                await self._after_change(table)
                return self.state(table_id)
            table.record.settings["kicked"] = sorted(table.kicked | {user_id})
            await self.storage.tables.update_settings(table.id, table.record.settings)
            await self._vacate(table, seat, user_id)
        return self.state(table_id)

    async def choose_seat(self, table_id: int, user_id: int, seat: int) -> TableState:
        table = await self._ready(table_id)
        async with table.lock:
            self._require_lobby(table)
            current = self._seat_of(table, user_id)
            if seat == current:
                return self.state(table_id)
            index = self._free_seat(table, seat)
            table.seats[index], table.seats[current] = table.seats[current], None
            await self._save_seats(table)
        return self.state(table_id)

    async def choose_team(self, table_id: int, user_id: int, team: int) -> TableState:
        table = await self._ready(table_id)
        teams = table.teams
        if teams is None:
            raise NoTeams()
        if not 0 <= team < len(teams):
            raise NoSuchSeat(seat=team)
        current = table.seat_of(user_id)
        if current is not None and current in teams[team]:
            return self.state(table_id)
        free = [s for s in teams[team] if table.seats[s] is None]
        if not free:
            raise TeamFull()
        return await self.choose_seat(table_id, user_id, free[0])

    async def add_computer(
        self, table_id: int, user_id: int, seat: int | None = None, level: str | None = None
    ) -> TableState:
        table = await self._ready(table_id)
        level = level or self.settings.default_level
        self._check_level(level, table.spec.name)
        async with table.lock:
            self._require_lobby(table)
            self._require_seated_or_host(table, user_id)
            index = self._free_seat(table, seat)
            table.seats[index] = self._computer_seat(table, index, level)
            await self._save_seats(table)
        return self.state(table_id)

    async def remove_computer(self, table_id: int, user_id: int, seat: int) -> TableState:
        table = await self._ready(table_id)
        async with table.lock:
            self._require_lobby(table)
            self._require_seated_or_host(table, user_id)
            if not 0 <= seat < len(table.seats):
                raise NoSuchSeat(seat=seat)
            record = table.seats[seat]
            if record is None or record.computer is None:
                raise NotAComputer(seat=seat)
            table.seats[seat] = None
            await self._save_seats(table)
        return self.state(table_id)

    async def start(
        self,
        table_id: int,
        user_id: int,
        *,
        fill_with: str | None = None,
        is_admin: bool = False,
    ) -> TableState:
        """Start the match; ``fill_with`` a level puts computers in the empty seats first."""
        table = await self._ready(table_id)
        if fill_with is not None:
            self._check_level(fill_with, table.spec.name)
        async with table.lock:
            self._require_lobby(table)
            self._require_host(table, user_id, is_admin)
            if fill_with is not None:
                for index, seat in enumerate(table.seats):
                    if seat is None:
                        table.seats[index] = self._computer_seat(table, index, fill_with)
            missing = sum(1 for s in table.seats if s is None)
            if missing:
                raise NotEnoughPlayers(missing=missing)
            record = table.record
            table.match = new_match(table.spec, record)
            await self.storage.tables.start(table.id, record.seats, record.seed, record.players)
            record.status = TableStatus.RUNNING
            self._publish(table, "started")
            await self._after_change(table)
        return self.state(table_id)

    async def stop(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableState:
        """The host or an admin ends the table now (a running match is abandoned)."""
        table = await self._ready(table_id)
        async with table.lock:
            if not table.status.is_open:
                raise TableClosed()
            self._require_host(table, user_id, is_admin)
            await self._close(table, TableStatus.STOPPED)
        return self.state(table_id)

    async def vote_stop(self, table_id: int, user_id: int) -> TableState:
        """A seated player votes to stop; a majority of the seated humans stops the table."""
        table = await self._ready(table_id)
        async with table.lock:
            if not table.status.is_open:
                raise TableClosed()
            self._seat_of(table, user_id)
            table.stop_votes.add(user_id)
            humans = table.humans()
            votes = len(table.stop_votes & set(humans))
            if votes * 2 > len(humans):
                await self._close(table, TableStatus.STOPPED)
            else:
                self._publish(table, "lobby", data={"stop_votes": votes, "voters": len(humans)})
        return self.state(table_id)

    async def rematch(self, table_id: int, user_id: int) -> TableState:
        """A new match in the same channel with the same game, options and seats (of a
        closed table still here, or read back from storage once ``release``d)."""
        old = await self._closed_or_ready(table_id)
        if old.status.is_open:
            raise TableRunning()
        if old.seat_of(user_id) is None and old.record.host_id != user_id:
            raise NotSeated()
        record = old.record
        seats = [
            (
                self._computer_seat(old, i, self._takeover_level(old))
                if s.kicked
                else SeatRecord(name=s.name, user_id=s.user_id, computer=s.computer)
            )
            if s
            else None
            for i, s in enumerate(record.seats)
        ]
        host = record.host_id if record.host_id in old.humans() else user_id
        state = await self.create(
            channel_id=record.channel_id,
            game=record.game,
            host_id=host,
            host_name="",
            guild_id=record.guild_id,
            options=record.options,
            players=record.players,
            slow=old.slow,
            turn_seconds=old.record.settings.get("turn_seconds"),
            join=False,
        )
        table = self._table(state.id)
        async with table.lock:
            table.record.seats[:] = seats
            await self._save_seats(table)
        return await self.start(state.id, host, is_admin=True)

    def release(self, table_id: int) -> None:
        """Forget a closed table once its last message is shown (the front end that shows
        it calls this): the manager drops it, its channel's entries and lock, and every
        per-table cache drops its own on the ``released`` update, so memory does not grow
        with every table played (tables in threads: a channel each). An open or unknown
        table is left alone."""
        table = self._tables.get(table_id)
        if table is None or table.status.is_open or table.lock.locked():
            return
        table.cancel_timer()
        if table.computer_timer is not None:
            table.computer_timer.cancel()
        del self._tables[table_id]
        channel = table.record.channel_id
        if self._by_channel.get(channel) == table_id:
            del self._by_channel[channel]
            lock = self._channel_locks.get(channel)
            if lock is not None and not lock.locked():
                del self._channel_locks[channel]
        self._publish(table, "released")

    async def _closed_or_ready(self, table_id: int) -> Table:
        if table_id in self._tables:
            return await self._ready(table_id)
        record = await self.storage.tables.get(table_id)
        if record is None or record.status.is_open:
            raise NoSuchTable()  # (an open table is always in memory)
        return Table(record, self._spec(record.game))

    # -- acting ----------------------------------------------------------------------

    async def act(
        self, table_id: int, user_id: int, action_id: str, *, seen_seq: int | None = None
    ) -> TableState:
        """Play ``action_id`` for the user's seat.

        ``seen_seq`` (the ``seq`` of the view the user clicked on, if the front end knows
        it) tells a repeated click apart from a new move of the same action.
        """
        table = await self._ready(table_id)
        async with timed_lock(table.lock):  # the wait for it: a stage (tables.stages)
            if table.status is not TableStatus.RUNNING:
                raise TableNotRunning()
            match = self._running_match(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotYourSeat()
            record = table.seats[seat]
            assert record is not None
            if record.kicked:
                raise Kicked()
            if record.away:
                # Any click is coming back: the computer hands the seat back at once.
                record.away = False
                await self._save_seats(table)
                self._publish(table, "back", seat=seat)
                self._arm_timer(table)
            seq_clicked_at = table.seq
            # Computers whose off-turn answer at this call point waits on the computer
            # delay answer first: the click must not take their call point from them.
            flushed = await self._answer_due_off_turn(table)
            waiting = match.to_act
            # An off-turn action leaves the seats to act their running deadline.
            keep = table.deadline if seat not in waiting else None
            try:
                action = self._checked(table, match, seat, action_id, seen_seq, seq_clicked_at)
                await self._prepare(table, seat, action)
                self._commit(table, seat, action, "player")
            except TableError:
                if flushed:
                    await self._after_change(table)  # commit them and move on regardless
                raise
            await self._after_change(table, keep if match.to_act == waiting else None)
        return self.state(table_id)

    def _checked(
        self,
        table: Table,
        match: Match[Any],
        seat: int,
        action_id: str,
        seen_seq: int | None,
        seq_clicked_at: int,
    ) -> Action:
        """The user's action for ``seat``, checked (``act`` under the lock).

        A view drawn at another log position than the table's when the click arrived
        (``seq_clicked_at``) is stale: refused even if its action is legal now, since the
        player chose it seeing an older table (a double click says so first)."""
        last = table.last_by_seat.get(seat)
        repeated = last is not None and last[0] == action_id
        if repeated and seen_seq is not None and last is not None and last[1] > seen_seq:
            raise AlreadyPlayed()
        if seen_seq is not None and seen_seq != seq_clicked_at:
            raise StaleView()
        if seat not in match.to_act and seat not in match.off_turn:
            # (an off-turn seat may take its optional actions, e.g. 304's Caps call;
            # timers wait only on to_act, computers are asked at each call point)
            if repeated:
                raise AlreadyPlayed()
            raise TableClosed() if match.is_over else NotYourTurn()
        try:
            action = table.spec.parse_action(action_id)
        except IllegalAction as exc:
            raise IllegalMove(exc) from exc
        if seat not in match.to_act and action.kind not in table.spec.off_turn_kinds:
            raise NotYourTurn()
        if not match.is_legal(seat, action):  # (a Caps call may state any order)
            if repeated:
                raise AlreadyPlayed()
            raise IllegalMove(match.explain_illegal(seat, action))
        return action

    async def _prepare(self, table: Table, seat: int, action: Action) -> None:
        """The engine's expensive part of an action (``Match.prepare``: 304's end-of-hand
        Caps judge) in a worker thread, the table's lock held so nothing changes the
        match meanwhile: the other tables' clicks are answered while it runs."""
        assert table.match is not None
        work = table.match.prepare(seat, action)
        if work is not None:
            await asyncio.to_thread(work)

    async def come_back(self, table_id: int, user_id: int) -> TableState:
        """The player takes their seat back from the computer that played it."""
        table = await self._ready(table_id)
        async with table.lock:
            seat = self._seat_of(table, user_id)
            record = table.seats[seat]
            assert record is not None
            if record.kicked:
                raise Kicked()
            if not record.away:
                raise NotAway()
            record.away = False
            await self._save_seats(table)
            self._publish(table, "back", seat=seat)
            await self._after_change(table)
        return self.state(table_id)

    def _commit(self, table: Table, seat: int, action: Action, by: str) -> None:
        """Apply, queue for the log, publish. The caller holds the lock and has checked
        that the action is legal, so the engine accepts it (if not, nothing changes).

        Durable at the next ``_settle``: every flow that commits ends in
        ``_after_change``, which settles before the flow returns, so nothing is
        acknowledged before it is committed, while a player's move and the computers'
        answers share one commit instead of waiting for one each."""
        match = table.match
        assert match is not None
        on_turn = seat in match.to_act
        events = match.apply(seat, action)
        seq = table.seq + 1
        if on_turn:
            table.turn_seq = seq
        table.unsettled.append(
            self.storage.actions.enqueue(
                LoggedAction(table.id, seq, seat, action.id, self.clock.now(), by)
            )
        )
        table.seq = seq
        if by == "player":
            table.last_by_seat[seat] = (action.id, seq)
        self._publish(
            table, "action", seq=seq, seat=seat, action_id=action.id, by=by, events=tuple(events)
        )
        every = self.settings.snapshot_every
        if every and seq % every == 0 and has_state_snapshot(match):
            table.snapshot_due = True

    async def _settle(self, table: Table) -> None:
        """Wait until the actions applied since the last settle are committed, then save
        a snapshot that fell due and close a finished match. If the log refused one, the
        table goes back to what the log holds (rebuilt on its next use) and the error
        propagates: whoever waits hears of a failure, and nothing unlogged stays."""
        pending, table.unsettled = table.unsettled, []
        if pending:
            with timed("commit"):
                results = await self.storage.actions.settle(pending)
            failure = next((r for r in results if isinstance(r, BaseException)), None)
            if failure is not None:
                log.error("table %s: the action log refused a write; reloading", table.id)
                table.cancel_timer()
                table.needs_replay = True
                table.snapshot_due = False
                table.last_by_seat.clear()
                self.storage.actions.forgive(table.id)
                # Rebuilt as soon as the lock is free (when this error has propagated).
                reload = asyncio.ensure_future(self._ready(table.id))
                self._reloads.add(reload)
                reload.add_done_callback(self._reloaded)
                raise failure
        match = table.match
        if match is None:
            return
        if table.snapshot_due:
            table.snapshot_due = False
            await self.storage.tables.save_snapshot(table.id, match.snapshot(), table.seq)
        if match.is_over and table.status is TableStatus.RUNNING:
            await self._close(table, TableStatus.FINISHED)

    def _reloaded(self, task: asyncio.Task[Table]) -> None:
        self._reloads.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table could not be rebuilt from its log", exc_info=task.exception())

    async def _after_change(self, table: Table, keep_deadline: float | None = None) -> None:
        """Let computers act where it is their turn, then arm the timer for the humans
        (``keep_deadline``: the same seats still wait, so their deadline stands)."""
        seq = table.seq
        waiting = table.match.to_act if table.match is not None else None
        try:
            await self._run_computers(table)
        finally:
            await self._settle(table)
        self._arm_timer(table, keep_deadline if self._same_wait(table, seq, waiting) else None)

    @staticmethod
    def _same_wait(table: Table, seq: int, waiting: frozenset[int] | None) -> bool:
        """Since ``seq`` the same seats wait for the same turn: nothing was applied, or
        only off-turn actions (a computer's Caps call) that left ``to_act`` as it was."""
        if table.seq == seq:
            return True
        match = table.match
        return table.turn_seq <= seq and match is not None and match.to_act == waiting

    async def _run_computers(self, table: Table) -> None:
        """At each call point the computers that may act off turn are asked first (once
        per point: an answer is a new point), then a computer to act moves."""
        delay = self.settings.computer_delay
        for _ in range(MAX_COMPUTER_RUN):
            match = table.match
            if table.status is not TableStatus.RUNNING or match is None:
                return
            askers = self._off_turn_askers(table, match)
            seats = [s for s in sorted(match.to_act) if table.computer_plays(s)]
            if not seats and not askers:
                return
            if delay > 0:
                seq = table.seq
                if table.computer_timer is not None:
                    table.computer_timer.cancel()
                table.computer_timer = self.clock.call_at(
                    self.clock.now() + delay, functools.partial(self._computer_turn, table.id, seq)
                )
                return
            if askers and await self._ask_off_turn(table, askers):
                pass  # a new call point: ask again, then the seats to act
            elif seats:
                seat = seats[0]
                await self._computer_acts(table, seat, self._level_of(table, seat))
            else:
                return
            if len(table.unsettled) >= SETTLE_EVERY:
                await self._settle(table)  # computers alone: durable progress, and a yield
        # Computers alone went round in circles (an engine or player bug): abandon the
        # table rather than spin for ever.
        log.error("table %s: %d computer actions in a row; stopped", table.id, MAX_COMPUTER_RUN)
        await self._close(table, TableStatus.STOPPED)

    async def _computer_turn(self, table_id: int, seq: int) -> None:
        table = self._tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            match = table.match
            if table.seq != seq or table.status is not TableStatus.RUNNING or match is None:
                return
            keep, waiting = table.deadline, match.to_act
            askers = self._off_turn_askers(table, match)
            if not (askers and await self._ask_off_turn(table, askers)):
                seats = [s for s in sorted(match.to_act) if table.computer_plays(s)]
                if seats:
                    await self._computer_acts(table, seats[0], self._level_of(table, seats[0]))
            # (an off-turn answer alone leaves the humans to act their running deadline)
            await self._after_change(table, keep if self._same_wait(table, seq, waiting) else None)

    async def _answer_due_off_turn(self, table: Table) -> bool:
        """With ``computer_delay``, computers answer off turn when the computer timer
        fires; a click arriving first has them answer now, at the call point they were
        due at (a Caps call may have to be made there, T3-16.8). True when one did."""
        match = table.match
        if self.settings.computer_delay <= 0 or match is None:
            return False
        askers = self._off_turn_askers(table, match)
        return bool(askers) and await self._ask_off_turn(table, askers)

    def _off_turn_askers(self, table: Table, match: Match[Any]) -> list[int]:
        """The computer seats to ask for an optional action at this call point: not to
        act, with an off-turn action legal (``match.off_turn``), not yet asked at this
        ``seq``. Games without off-turn kinds never compute ``off_turn``."""
        if table.off_turn_asked == table.seq or not table.spec.off_turn_kinds:
            return []
        off = match.off_turn
        if not off:
            return []
        to_act = match.to_act
        return [s for s in sorted(off) if s not in to_act and table.computer_plays(s)]

    async def _ask_off_turn(self, table: Table, seats: list[int]) -> bool:
        """Ask each of ``seats`` once at this call point (``ComputerPlayer.off_turn``) and
        commit the first answer, as a computer's move is; True when one was committed
        (a new call point, where every seat may be asked again)."""
        match = table.match
        assert match is not None
        table.off_turn_asked = table.seq
        kinds = table.spec.off_turn_kinds
        for seat in seats:
            level = self._level_of(table, seat)
            seq = table.seq
            action, legal = await self.decisions.off_turn(
                match, seat, level, table.computer_rng, table.teams
            )
            if self._moved_on(table, match, seq):
                return False  # (nothing to commit for a table that changed meanwhile)
            if action is None:
                continue
            if action.kind not in kinds or not (action in legal or match.is_legal(seat, action)):
                log.error("computer %s answered off turn with an illegal %s", level, action.kind)
                continue
            self._commit(table, seat, action, level)
            return True
        return False

    @staticmethod
    def _moved_on(table: Table, match: Match[Any], seq: int) -> bool:
        """While a computer decided (in a worker), the table changed: its match, its log
        position or its status. The decision is dropped: it answered a table that is gone."""
        return (
            table.match is not match or table.seq != seq or table.status is not TableStatus.RUNNING
        )

    def _level_of(self, table: Table, seat: int) -> str:
        record = table.seats[seat]
        if record is not None and record.computer is not None:
            return record.computer
        return self._takeover_level(table)

    def _takeover_level(self, table: Table) -> str:
        """Who plays for an away seat: the level of the table's own computers (the
        strongest, if they differ), so a table chosen as expert stays expert; else the
        settings' takeover level."""
        levels = [s.computer for s in table.seats if s is not None and s.computer is not None]
        return strongest_level(levels) or self.settings.takeover_level

    async def _computer_acts(self, table: Table, seat: int, level: str, by: str = "") -> None:
        """``level`` moves for ``seat`` (``tables.deciders``: a search in a worker
        process, the lock held meanwhile, so a click waits for it and is never lost)."""
        match = table.match
        assert match is not None
        scripted = self._scripted_deal_action(table, match, seat)
        if scripted is not None:  # a linked table repeats its twin's cut
            await self._prepare(table, seat, scripted)
            self._commit(table, seat, scripted, by or level)
            return
        seq = table.seq
        action, legal = await self.decisions.choose(
            match, seat, level, table.computer_rng, table.teams
        )
        if self._moved_on(table, match, seq):
            log.info("table %s moved on while a computer decided; dropped", table.id)
            return
        if action not in legal and not match.is_legal(seat, action):
            # (``is_legal``: a 304 Caps call may state any order of the caller's cards)
            log.error("computer %s chose an illegal %s; playing at random", level, action.kind)
            action = legal[table.computer_rng.randrange(len(legal))]
        await self._prepare(table, seat, action)
        self._commit(table, seat, action, by or level)

    def _scripted_deal_action(self, table: Table, match: Match[Any], seat: int) -> Action | None:
        """The table's ``deal_script`` action for this seat now (``tables.deal_script``),
        when it has one, the match is in a deal phase and the action is legal."""
        script = table.record.settings.get(DEAL_SCRIPT)
        if not script or match.phase not in self.games.plugin(table.spec.name).deal_phases:
            return None
        hand = len(match.hand_results)
        done_hand, used = table.script_used
        used = used if done_hand == hand else 0
        action_id = next_scripted(script, hand, used, seat)
        if action_id is None:
            return None
        try:
            action = table.spec.parse_action(action_id)
        except ValueError:
            return None
        if not match.is_legal(seat, action):
            return None
        table.script_used = (hand, used + 1)
        return action

    # -- timers ----------------------------------------------------------------------

    def _arm_timer(self, table: Table, keep_deadline: float | None = None) -> None:
        table.cancel_timer()
        match = table.match
        if table.status is not TableStatus.RUNNING or match is None:
            return
        to_act = match.to_act
        if not any(not table.computer_plays(s) for s in to_act):
            return  # only computers to act: they have been scheduled or have acted
        window = self._in_window(table, match)
        if table.slow and not window:
            return
        if window:
            # A window keeps the deadline it opened with while seats answer one by one.
            if table.window_deadline is None:
                table.window_deadline = self.clock.now() + self.settings.window_seconds
            table.deadline = table.window_deadline
        else:
            table.deadline = (
                keep_deadline
                if keep_deadline is not None
                else self.clock.now() + self._turn_seconds(table)
            )
        seq = table.seq
        table.timer = self.clock.call_at(table.deadline, lambda: self._on_timeout(table.id, seq))

    @staticmethod
    def _in_window(table: Table, match: Match[Any]) -> bool:
        """A call/buy window: several seats may act at once; it lasts, in the same phase,
        until the last of them has answered."""
        phase = match.phase
        if len(match.to_act) > 1:
            if table.window_phase != phase:
                table.window_phase, table.window_deadline = phase, None
            return True
        if table.window_phase == phase:
            return True
        table.window_phase, table.window_deadline = None, None
        return False

    def _turn_seconds(self, table: Table) -> float:
        value = table.record.settings.get("turn_seconds")
        return float(value) if value else self.settings.turn_seconds

    async def _on_timeout(self, table_id: int, seq: int) -> None:
        table = self._tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            match = table.match
            if table.seq != seq or table.status is not TableStatus.RUNNING or match is None:
                return
            table.timer, table.deadline = None, None
            window = self._in_window(table, match)
            table.window_phase, table.window_deadline = None, None
            for seat in sorted(match.to_act):
                if match.is_over or seat not in match.to_act or table.computer_plays(seat):
                    continue
                prescribed = match.timeout_action(seat)
                if prescribed is not None:
                    # the game's own rule for a player out of time (TK-21, TF-19, TF-23a)
                    if not window:
                        await self._strike(table, seat)
                    await self._prepare(table, seat, prescribed)
                    self._commit(table, seat, prescribed, "timeout")
                    if table.status is not TableStatus.RUNNING:
                        return
                    continue
                if window:
                    passes = [a for a in match.legal_actions(seat) if a.kind in PASS_KINDS]
                    if passes:
                        self._commit(table, seat, passes[0], "timeout")
                        continue
                else:
                    await self._strike(table, seat)
                await self._computer_acts(table, seat, self._takeover_level(table), "timeout")
                if table.status is not TableStatus.RUNNING:
                    return
            await self._after_change(table)

    async def _strike(self, table: Table, seat: int) -> None:
        """Count a timeout; enough of them and a computer takes the seat over."""
        record = table.seats[seat]
        assert record is not None
        record.timeouts += 1
        if record.timeouts >= self.settings.timeouts_before_takeover:
            record.away = True
            self._publish(table, "away", seat=seat, data={"timeouts": record.timeouts})
        await self._save_seats(table)

    # -- recovery --------------------------------------------------------------------

    async def recover(self, shards: ShardSet | None = None, *, warm: bool = True) -> RecoveryReport:
        """Take back every open table after a restart.

        Only the table rows are read here. A running table's match is rebuilt by replaying
        its log (from its snapshot when one is stored) on its first use, or by
        ``warm_up()``, which ``warm`` runs now (otherwise start it in the background: the
        manager serves meanwhile). Rebuilt tables resume their computers and timers.

        A sharded process passes its ``shards``: it claims them (another live process with
        one of them raises ``ShardTaken``) and rebuilds only the tables of its guilds.
        """
        if shards is not None:
            await self.storage.claim_shards(shards)
        self._shards = shards
        records = await self.storage.tables.list_open(shards)
        failed: list[int] = []
        running = 0
        for record in records:
            try:
                spec = self.games.get(record.game)
            except KeyError:
                log.warning("table %s: unknown game %r, quarantined", record.id, record.game)
                await self.storage.tables.quarantine(record.id, f"unknown game {record.game!r}")
                failed.append(record.id)
                continue
            table = Table(record, spec)
            if record.status is TableStatus.RUNNING:
                table.needs_replay = True
                running += 1
            self._tables[table.id] = table
            self._by_channel[record.channel_id] = table.id
        if warm:
            broken = await self.warm_up()
            failed += broken
            running -= len(broken)
        return RecoveryReport(len(records) - len(failed), running, failed)

    def start_warm_up(self) -> asyncio.Task[list[int]]:
        """Run ``warm_up()`` in the background (after ``recover(warm=False)``: the bot
        serves at once); ``close()`` cancels it."""
        if self._warm_task is None or self._warm_task.done():
            self._warm_task = asyncio.create_task(self.warm_up())
        return self._warm_task

    async def warm_up(self, chunk: int = 256) -> list[int]:
        """Rebuild every table still waiting since ``recover(warm=False)``, reading their
        logs a chunk at a time; returns the ids of tables whose log did not replay.

        The event loop is never held longer than ``REPLAY_SLICE`` of replay: the warm-up
        yields after each table and inside a long log, and stands aside while a click
        rebuilds its own table (``_ready``), so that table is served first."""
        failed: list[int] = []
        waiting = [t.id for t in self._tables.values() if t.needs_replay]
        freeze_at = time.perf_counter() + WARM_FREEZE_EVERY
        for start in range(0, len(waiting), chunk):
            ids = [i for i in waiting[start : start + chunk] if self._waits_for_replay(i)]
            if not ids:
                continue
            packed = await self.storage.actions.packed_logs(ids)
            for table_id in ids:
                await self._clicks_first()
                table = self._tables.get(table_id)
                text = packed.pop(table_id, "")
                if table is None or not table.needs_replay:
                    continue  # rebuilt meanwhile by a click
                async with table.lock:
                    if table.needs_replay and not await self._rebuild(
                        table, unpack_log(table_id, text), background=True
                    ):
                        failed.append(table_id)
                if time.perf_counter() > freeze_at:
                    gc.freeze()
                    freeze_at = time.perf_counter() + WARM_FREEZE_EVERY
                await asyncio.sleep(0)  # let clicks through while warming up
        return failed

    def _waits_for_replay(self, table_id: int) -> bool:
        table = self._tables.get(table_id)
        return table is not None and table.needs_replay

    async def _clicks_first(self, rebuilding: int | None = None) -> None:
        """Wait while a click is rebuilding its table (the warm-up stands aside), unless
        that is the table the warm-up holds (``rebuilding``): the click waits for it."""
        while self._urgent and (rebuilding is None or set(self._urgent) != {rebuilding}):
            self._urgent_done.clear()
            await self._urgent_done.wait()

    async def _ready(self, table_id: int) -> Table:
        """The table, its match rebuilt first if the bot has just restarted (ahead of the
        background warm-up, which waits meanwhile)."""
        table = self._table(table_id)
        if table.needs_replay:
            self._urgent[table_id] = self._urgent.get(table_id, 0) + 1
            try:
                async with table.lock:
                    if table.needs_replay:
                        tail = await self.storage.actions.for_table(
                            table.id, after_seq=table.record.snapshot_seq
                        )
                        if not await self._rebuild(table, tail):
                            raise TableQuarantined()
            finally:
                left = self._urgent.pop(table_id) - 1
                if left:
                    self._urgent[table_id] = left
                self._urgent_done.set()  # the warm-up looks again
        return table

    async def _rebuild(
        self, table: Table, actions: list[LoggedAction], *, background: bool = False
    ) -> bool:
        """Replay a recovered table's log (the caller holds its lock) and resume it; a log
        that does not replay quarantines the table and returns False."""
        try:
            await self._replay(table, actions, background)
        except (IllegalAction, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("table %s: log does not replay (%s), quarantined", table.id, exc)
            await self._quarantine(table, f"log does not replay: {exc}")
            return False
        table.needs_replay = False
        match = table.match
        if match is not None and match.is_over:
            await self._close(table, TableStatus.FINISHED)
        else:
            await self._after_change(table)
        return True

    async def _quarantine(self, table: Table, reason: str) -> None:
        """Set a damaged table aside: marked in storage with the reason (which frees its
        channel there), forgotten here, and published (``"quarantined"``) so a front end
        tells its channel."""
        table.cancel_timer()
        if table.computer_timer is not None:
            table.computer_timer.cancel()
        await self.storage.tables.quarantine(table.id, reason)
        table.record.status = TableStatus.QUARANTINED
        self._tables.pop(table.id, None)
        if self._by_channel.get(table.record.channel_id) == table.id:
            del self._by_channel[table.record.channel_id]
        self._publish(table, "quarantined", data={"reason": reason[:REASON_SHOWN]})

    async def quarantined(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        untold: bool = False,
    ) -> list[QuarantinedTable]:
        """Tables set aside (newest first), of this process's shards when ``untold``."""
        return await self.storage.tables.list_quarantined(
            guild_id=guild_id,
            channel_id=channel_id,
            untold=untold,
            shards=self._shards if untold else None,
        )

    async def quarantine_told(self, table_id: int) -> None:
        await self.storage.tables.mark_told(table_id)

    async def export_quarantined(self, table_id: int, guild_id: int | None) -> dict[str, Any]:
        """A quarantined table's stored rows for a bug report (of this guild only)."""
        found = [q for q in await self.quarantined(guild_id=guild_id) if q.id == table_id]
        exported = await self.storage.tables.export(table_id) if found else None
        if exported is None:
            raise NoSuchTable()
        return exported

    async def _replay(self, table: Table, actions: list[LoggedAction], background: bool) -> None:
        """Rebuild the match: from the snapshot (then ``actions`` are its tail) or from the
        start; ``seq`` must run on without a gap. A long log is replayed in slices of
        ``REPLAY_SLICE`` seconds with the event loop served in between (the warm-up's
        slices also wait for clicks rebuilding their own tables)."""
        record = table.record
        spec = table.spec
        start = 0
        snapshot = record.stored_snapshot()
        replayed: list[tuple[int, str]] = []
        if snapshot is not None and record.snapshot_seq > 0:
            start = record.snapshot_seq
            if type(spec).restore is GameSpec.restore:
                if snapshot.get("game") != spec.name:
                    raise ValueError(f"a snapshot of {snapshot.get('game')!r}")
                # A snapshot that is the action log (stored by an older version): replayed
                # here in slices, as the contract's restore would in one go.
                match = spec.new_match(
                    snapshot["players"],
                    snapshot["options"],
                    snapshot["seed"],
                    snapshot.get("deals") or (),
                    deal_version=snapshot_deal_version(snapshot),
                )
                replayed = [(seat, action_id) for seat, action_id in snapshot.get("actions", ())]
            else:
                match = spec.restore(snapshot)
        else:
            match = new_match(spec, record)
        expected = start
        for entry in actions:
            if entry.seq <= start:
                continue
            expected += 1
            if entry.seq != expected:
                raise ValueError(f"gap in the log before seq {entry.seq}")
        clock = time.perf_counter
        until = clock() + REPLAY_SLICE
        for seat, action_id in replayed:
            match.apply(seat, action_id)
            if clock() > until:
                await self._yield_replay(table, background)
                until = clock() + REPLAY_SLICE
        for entry in actions:
            if entry.seq <= start:
                continue
            match.apply(entry.seat, entry.action_id)
            if entry.by == "player":
                table.last_by_seat[entry.seat] = (entry.action_id, entry.seq)
            if clock() > until:
                await self._yield_replay(table, background)
                until = clock() + REPLAY_SLICE
        table.match = match
        table.seq = expected

    async def _yield_replay(self, table: Table, background: bool) -> None:
        await asyncio.sleep(0)
        if background:
            await self._clicks_first(rebuilding=table.id)

    # -- helpers ---------------------------------------------------------------------

    async def close(self) -> None:
        """Cancel every timer, the warm-up and reloads (the storage is closed by its
        owner)."""
        for reload in list(self._reloads):
            reload.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reload
        if self._warm_task is not None and not self._warm_task.done():
            self._warm_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._warm_task
        for table in self._tables.values():
            table.cancel_timer()
            if table.computer_timer is not None:
                table.computer_timer.cancel()
        await self.decisions.close()

    async def _close(self, table: Table, status: TableStatus) -> None:
        table.cancel_timer()
        if table.computer_timer is not None:
            table.computer_timer.cancel()
        match = table.match
        table.record.status = status  # hooks see the final status; storage follows below
        for hook in self._close_hooks:
            try:
                await hook(table.record, match)
            except Exception:
                log.exception("close hook failed for table %s", table.id)
        data: dict[str, Any] = {}
        if match is not None:
            # Recorded before the status changes: a crash in between leaves the table open,
            # recovery closes it again, and recording is idempotent per table.
            outcome = await record_match(
                self.storage, table.record, table.spec, match,
                ended_at=self.clock.now(), actions=table.seq, games=self.games,
            )  # fmt: skip
            data = {"result": match.result, "hand_results": match.hand_results}
            if outcome is not None:
                data.update(match_id=outcome.match_id, rating_changes=outcome.changes)
        await self.storage.tables.update_status(table.id, status)
        self._publish(table, "finished" if status is TableStatus.FINISHED else "stopped", data=data)

    def _publish(self, table: Table, kind: str, **fields: Any) -> None:
        fields.setdefault("seq", table.seq)
        self._publisher.publish(TableUpdate(table.id, kind, **fields))

    async def _save_seats(self, table: Table) -> None:
        await self.storage.tables.update_seats(table.id, table.seats)
        if table.status is TableStatus.LOBBY:
            self._publish(table, "lobby")

    def _table(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            raise NoSuchTable()
        return table

    def _spec(self, game: str) -> GameSpec[Any]:
        try:
            return self.games.get(game)
        except KeyError as exc:
            raise UnknownGame(game=game) from exc

    def _check_level(self, level: str, game: str) -> None:
        if level not in self.players:
            raise UnknownPlayerLevel(level=level)

    def _running_match(self, table: Table) -> Match[Any]:
        if table.match is None:
            raise TableNotRunning()
        return table.match

    def _seat_of(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        return seat

    def _require_lobby(self, table: Table) -> None:
        if table.status is TableStatus.RUNNING:
            raise TableRunning()
        if table.status is not TableStatus.LOBBY:
            raise TableClosed()

    def _require_host(self, table: Table, user_id: int, is_admin: bool) -> None:
        if not is_admin and table.record.host_id != user_id:
            raise NotHost()

    def _require_seated_or_host(self, table: Table, user_id: int) -> None:
        if table.record.host_id != user_id and table.seat_of(user_id) is None:
            raise NotSeated()

    def _free_seat(self, table: Table, seat: int | None) -> int:
        seats = table.seats
        if seat is None:
            for index, record in enumerate(seats):
                if record is None:
                    return index
            raise TableFull()
        if not 0 <= seat < len(seats):
            raise NoSuchSeat(seat=seat)
        if seats[seat] is not None:
            raise SeatTaken(seat=seat)
        return seat

    def _computer_seat(self, table: Table, index: int, level: str) -> SeatRecord:
        return SeatRecord(name=f"Computer {index + 1}", computer=level)

"""Running a match night or a knockout: check-in, pairing, one table per fixture, series,
walkovers, substitutes, the next round and the standings (issue 32).

The fixtures come from ``leagues.night`` (pure), the rows live in ``storage.nights``, and
the tables are ordinary tables of the ``TableManager`` (each game a recorded match). What
players see is the front end's: it is the ``NightHost`` that opens a thread for a fixture
and says what happened. Every step reads the night back from storage, so a restart in the
middle of a night loses nothing (``recover`` re-arms the walkover timers).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from i18n import N_
from leagues.entrants import entrant_size
from leagues.night import FORMATS, Format, champion, plan_round, standings, total_rounds
from leagues.series import series_of
from leagues.tiebreaks import order_table
from rules.contract import GameSpec, IllegalAction
from storage import EntrantRefused, Storage
from storage.nights import Fixture, LineupSeat, Night, NightEntrant
from storage.records import TableRecord
from tables.clock import Clock, Timer
from tables.deal_script import SETTING as DEAL_SCRIPT
from tables.deal_script import deal_script
from tables.errors import BadOptions, TableError, UnknownGame
from tables.linked import LINK, LinkedTables, compare_linked, open_linked_table, table_snapshot
from tables.manager import TableManager, default_player_count
from tables.updates import TableUpdate

log = logging.getLogger(__name__)

MAX_BEST_OF = 9
MAX_SWISS_ROUNDS = 15
REPLAYS_PER_GAME = 2
"""A series ends after ``best_of * (1 + REPLAYS_PER_GAME)`` games even if drawn games kept
it open (the side with more wins, else the better seed, takes it)."""


# -- what a player can get wrong: one line each, nothing changed --------------------------


class NightError(TableError):
    code: ClassVar[str] = "night"
    template = N_("That can't be done at this match night.")


class NoSuchNight(NightError):
    code = "night_unknown"
    template = N_("There is no match night {night} here.")


class BadFormat(NightError):
    code = "night_format"
    template = N_("A night's format is swiss, round_robin or knockout.")


class BadBestOf(NightError):
    code = "night_best_of"
    template = N_("Best of must be an odd number from 1 to {most}.")


class BadRounds(NightError):
    code = "night_rounds"
    template = N_("A Swiss night has from 1 to {most} rounds.")


class NotOrganiser(NightError):
    code = "night_organiser"
    template = N_("Only the night's organiser can do that.")


class NotAnEntrant(NightError):
    code = "night_no_entrant"
    template = N_("You are not a member of an entrant of this league.")


class CheckInClosed(NightError):
    code = "night_closed"
    template = N_("Check-in for this night is closed.")


class NightStarted(NightError):
    code = "night_started"
    template = N_("This night has already started.")


class TooFewEntrants(NightError):
    code = "night_too_few"
    template = N_("A night needs at least two entrants checked in.")


class NotInLineup(NightError):
    code = "night_not_in_lineup"
    template = N_("{name} does not play for an entrant tonight.")


class AlreadyPlaying(NightError):
    code = "night_already_playing"
    template = N_("{name} already plays for an entrant tonight.")


class NotTwoSides(NightError):
    code = "night_players"
    template = N_("A night's tables seat two entrants: {game} at {players} players does not.")


class NotTeamsNight(NightError):
    code = "night_duplicate_teams"
    template = N_("Duplicate between tables needs a game played in two teams.")


class NotYourEntrant(NightError):
    code = "night_not_your_entrant"
    template = N_("Only the organiser or a member of that entrant can name a substitute.")


# -- what the night needs from around it ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entrant:
    """What a night needs of a league entrant: an id, a name and its members in seat
    order (user id, display name). The leagues' own entrant records adapt to this."""

    id: int
    name: str
    members: tuple[tuple[int, str], ...]


class EntrantBook(Protocol):
    async def entrant_of(
        self, guild_id: int, game: str, size: int, user_id: int, name: str
    ) -> Entrant | None:
        """The entrant of ``size`` members that ``user_id`` (shown as ``name``) plays for
        in the guild's league of ``game``; None when they are in none."""


class LeagueEntrants:
    """The league's own entrants (``storage.entrants``): fixed pairs and trios, and players
    on their own, who are an entrant of their own from their first night or match."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def entrant_of(
        self, guild_id: int, game: str, size: int, user_id: int, name: str
    ) -> Entrant | None:
        found = await self.storage.entrants.of_user(guild_id, game, user_id, size=size)
        if not found and size == 1:
            try:
                found = [await self.storage.entrants.create(guild_id, game, 1, name, [user_id])]
            except EntrantRefused:  # the name is taken: the player's own, made unique
                label = f"{name} #{user_id % 10000:04d}"
                found = [await self.storage.entrants.create(guild_id, game, 1, label, [user_id])]
        entrant = next((e for e in found if e.complete), None)
        if entrant is None:
            return None
        # Members not here yet are named when they check in (only those here sit).
        members = tuple((m, name if m == user_id else f"<@{m}>") for m in entrant.members)
        return Entrant(entrant.id, entrant.name, members)


@dataclass(frozen=True, slots=True)
class NightNews:
    """Something players should hear about a night (the front end says it)."""

    kind: str
    """``round`` (a round's pairings), ``results`` (a round's results), ``walkover``,
    ``over`` (the final standings), ``table`` (a fixture's game is ready)."""
    night: Night
    round: int = 0
    fixtures: tuple[Fixture, ...] = ()
    names: dict[int, str] = field(default_factory=dict)
    standings: tuple[tuple[int, float], ...] = ()
    champion: int | None = None
    table_id: int | None = None
    mentions: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class NightReport:
    night: Night
    names: dict[int, str]
    missing: dict[int, list[int]]
    """Per entrant checked in, the members not here yet (and not stood in for)."""
    fixtures: tuple[Fixture, ...]
    """The current round's."""


class NightHost(Protocol):
    async def open_channel(
        self, night: Night, fixture: Fixture, names: dict[int, str], turned: bool = False
    ) -> int:
        """A channel (a thread of the night's channel) for the fixture's tables;
        ``turned``: a duplicate night's second table, the seats turned."""

    async def announce(self, news: NightNews) -> None: ...


# -- the runner -------------------------------------------------------------------------


def seats_of(spec: GameSpec[Any], players: int, first: int) -> tuple[list[int], list[int]]:
    """The seats of the two sides of a fixture: the game's two teams when it has teams,
    else the first ``first`` seats and the rest."""
    teams = spec.teams(players)
    if teams and len(teams) == 2:
        return list(teams[0]), list(teams[1])
    return list(range(first)), list(range(first, players))


class NightRunner:
    def __init__(
        self,
        storage: Storage,
        manager: TableManager,
        host: NightHost,
        book: EntrantBook | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.storage = storage
        self.manager = manager
        self.host = host
        self.book: EntrantBook = book or LeagueEntrants(storage)
        self.clock = clock or manager.clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, Timer] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.seeds: Callable[[], int] = lambda: secrets.randbits(62)
        """A duplicate night's deal seeds (a test fixes them)."""
        self._unsubscribe = manager.subscribe(self._on_update)

    def close(self) -> None:
        self._unsubscribe()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

    async def idle(self) -> None:
        """Wait until every game-over and walkover under way is handled (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _spec(self, game: str) -> GameSpec[Any]:
        try:
            return self.manager.games.get(game)
        except KeyError:
            raise UnknownGame(game=game) from None

    def _lock(self, night_id: int) -> asyncio.Lock:
        return self._locks.setdefault(night_id, asyncio.Lock())

    async def _night(self, night_id: int, guild_id: int | None = None) -> Night:
        night = await self.storage.nights.get(night_id)
        if night is None or (guild_id is not None and night.guild_id != guild_id):
            raise NoSuchNight(night=night_id)
        return night

    # -- organiser and members ----------------------------------------------------------

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        organiser_id: int,
        format: str = "swiss",
        rounds: int = 3,
        best_of: int = 1,
        walkover_seconds: float = 600.0,
        options: dict[str, Any] | None = None,
        players: int | None = None,
        duplicate: bool = False,
    ) -> Night:
        if format not in FORMATS:
            raise BadFormat()
        if best_of < 1 or best_of > MAX_BEST_OF or best_of % 2 == 0:
            raise BadBestOf(most=MAX_BEST_OF)
        if format == "swiss" and not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise BadRounds(most=MAX_SWISS_ROUNDS)
        spec = self._spec(game)
        count = players if players is not None else default_player_count(spec)
        try:
            parsed = spec.parse_options(options or {}).model_dump(mode="json")
            spec.new_match(count, spec.parse_options(parsed), seed=0)
        except IllegalAction as exc:
            raise BadOptions(exc) from exc
        if count != 2 * entrant_size(spec, count):
            raise NotTwoSides(game=spec.title, players=count)
        teams = spec.teams(count)
        if duplicate and (not teams or len(teams) != 2):
            raise NotTeamsNight()
        night = Night(
            guild_id=guild_id,
            channel_id=channel_id,
            game=spec.name,
            format=format,
            organiser_id=organiser_id,
            players=count,
            rounds=rounds if format == "swiss" else 0,
            best_of=best_of,
            walkover_seconds=float(max(0.0, walkover_seconds)),
            options=parsed,
            duplicate=duplicate,
        )
        return await self.storage.nights.create(night)

    async def set_message(self, night_id: int, message_id: int) -> None:
        await self.storage.nights.update(night_id, message_id=message_id)

    async def check_in(self, night_id: int, user_id: int, name: str, guild_id: int) -> str:
        """Check a member in for their entrant; the entrant's name. A member who comes
        once the night runs may still complete a waiting fixture before its walkover."""
        async with self._lock(night_id):
            night = await self._night(night_id, guild_id)
            if night.status == "finished":
                raise CheckInClosed()
            if await self.storage.nights.check_in(night_id, user_id, name):
                entrant = await self._entrant_of_user(night_id, user_id)
            else:
                size = night.players // 2
                found = await self.book.entrant_of(guild_id, night.game, size, user_id, name)
                if found is None:
                    raise NotAnEntrant()
                if night.status != "checkin" and night.format != "swiss":
                    raise NightStarted()  # a bracket or a round robin is fixed at the start
                await self.storage.nights.enter(night_id, found.id, found.name, found.members)
                await self.storage.nights.check_in(night_id, user_id, name)
                entrant = found.id
            if night.status == "running":
                await self._open_waiting(night)
            names = await self._names(night_id)
            return names.get(entrant, "?")

    async def substitute(
        self,
        night_id: int,
        guild_id: int,
        by: int,
        absent: int,
        user_id: int,
        name: str,
        absent_name: str = "",
    ) -> str:
        """``user_id`` stands in for ``absent`` tonight (recorded as a substitute)."""
        async with self._lock(night_id):
            night = await self._night(night_id, guild_id)
            if night.status == "finished":
                raise CheckInClosed()
            lineup = await self.storage.nights.lineups(night_id)
            member = next(
                (s for s in lineup if s.user_id == absent and s.substitute_for is None), None
            )
            if member is None:
                raise NotInLineup(name=absent_name or str(absent))
            if any(s.user_id == user_id for s in lineup):
                raise AlreadyPlaying(name=name)
            side = {s.user_id for s in lineup if s.entrant_id == member.entrant_id}
            if by != night.organiser_id and by not in side:
                raise NotYourEntrant()
            await self.storage.nights.substitute(night_id, member.entrant_id, absent, user_id, name)
            if night.status == "running":
                await self._open_waiting(night)
            return (await self._names(night_id)).get(member.entrant_id, "?")

    async def start(self, night_id: int, guild_id: int, by: int, *, is_admin: bool) -> Night:
        async with self._lock(night_id):
            night = await self._night(night_id, guild_id)
            if by != night.organiser_id and not is_admin:
                raise NotOrganiser()
            if night.status != "checkin":
                raise NightStarted()
            if len(await self.storage.nights.entrants(night_id)) < 2:
                raise TooFewEntrants()
            await self.storage.nights.update(night_id, status="running")
            night.status = "running"
            await self._begin_round(night, 1)
            return night

    # -- rounds -------------------------------------------------------------------------

    async def _names(self, night_id: int) -> dict[int, str]:
        return {e.entrant_id: e.name for e in await self.storage.nights.entrants(night_id)}

    async def _entrant_of_user(self, night_id: int, user_id: int) -> int:
        lineup = await self.storage.nights.lineups(night_id)
        return next(s.entrant_id for s in lineup if s.user_id == user_id)

    async def _seeded(self, night_id: int) -> list[NightEntrant]:
        return await self.storage.nights.entrants(night_id)

    async def _begin_round(self, night: Night, number: int) -> None:
        entrants = [e.entrant_id for e in await self._seeded(night.id)]
        fixtures = await self.storage.nights.fixtures(night.id)
        # A Swiss round of 128 entrants is ~0.7 s of matching (bench/swiss_pairing.py): off
        # the event loop, so tables keep answering while it pairs.
        slots = await asyncio.to_thread(plan_round, _format(night), entrants, fixtures, number)
        due = self.clock.now() + night.walkover_seconds
        planned = [
            Fixture(night.id, number, slot, a, b, "waiting", due_at=due)
            if b is not None
            else Fixture(night.id, number, slot, a, None, "done", winner=a)
            for slot, (a, b) in enumerate(slots)
        ]
        added = await self.storage.nights.add_fixtures(planned)
        await self.storage.nights.update(night.id, round=number)
        night.round = number
        names = await self._names(night.id)
        await self.host.announce(NightNews("round", night, number, tuple(added), names))
        await self._open_waiting(night)
        for fixture in added:
            if fixture.status == "waiting":
                self._arm_walkover(night.id, fixture)

    def _arm_walkover(self, night_id: int, fixture: Fixture) -> None:
        if fixture.due_at is None or fixture.id in self._timers:
            return

        async def due() -> None:
            self._timers.pop(fixture.id, None)
            await self._walkover(night_id, fixture.id)

        self._timers[fixture.id] = self.clock.call_at(fixture.due_at, due)

    def _lineup(self, lineup: Sequence[LineupSeat], entrant: int) -> list[tuple[int, str]] | None:
        """Who plays for ``entrant`` now, in seat order; None while someone is missing."""
        seats = [s for s in lineup if s.entrant_id == entrant]
        playing: list[tuple[int, str]] = []
        for member in (s for s in seats if s.substitute_for is None):
            if member.checked_in:
                playing.append((member.user_id, member.name))
                continue
            sub = next(
                (s for s in seats if s.substitute_for == member.user_id and s.checked_in), None
            )
            if sub is None:
                return None
            playing.append((sub.user_id, sub.name))
        return playing or None

    async def _open_waiting(self, night: Night) -> None:
        lineup = await self.storage.nights.lineups(night.id)
        for fixture in await self.storage.nights.fixtures(night.id):
            if fixture.round != night.round or fixture.status != "waiting":
                continue
            assert fixture.b is not None
            a, b = self._lineup(lineup, fixture.a), self._lineup(lineup, fixture.b)
            if a is not None and b is not None:
                await self._try_open_game(night, fixture, a, b)

    async def _try_open_game(
        self,
        night: Night,
        fixture: Fixture,
        a: list[tuple[int, str]],
        b: list[tuple[int, str]],
    ) -> bool:
        """Open the fixture's next game; a failure (Discord down, a refused seat) leaves
        the fixture waiting, to be tried again when the lineups change or at its walkover
        time, instead of leaving the rest of the round unopened."""
        try:
            await self._open_game(night, fixture, a, b)
        except Exception:
            log.exception("night %s: fixture %s could not open a table", night.id, fixture.id)
            return False
        return True

    async def _open_game(
        self,
        night: Night,
        fixture: Fixture,
        a: list[tuple[int, str]],
        b: list[tuple[int, str]],
    ) -> None:
        if night.duplicate:
            await self._open_linked(night, fixture, a, b)
            return
        spec = self._spec(night.game)
        players = night.players
        seats_a, seats_b = seats_of(spec, players, len(a))
        if fixture.channel_id is None:
            fixture.channel_id = await self.host.open_channel(
                night, fixture, await self._names(night.id)
            )
        host_id, host_name = a[0]
        lineup = await self.storage.nights.lineups(night.id)
        subs = {s.user_id for s in lineup if s.substitute_for is not None}
        seat_entrants = {
            seat: (entrant, user in subs)
            for side, seats, entrant in ((a, seats_a, fixture.a), (b, seats_b, fixture.b))
            for seat, (user, _) in zip(seats, side, strict=True)
            if entrant is not None
        }
        state = await self.manager.create(
            channel_id=fixture.channel_id,
            game=night.game,
            host_id=host_id,
            host_name=host_name,
            guild_id=night.guild_id,
            options=night.options,
            players=players,
            join=False,
            seat_entrants=seat_entrants,
        )
        for seat, (user, name) in [*zip(seats_a, a, strict=True), *zip(seats_b, b, strict=True)]:
            await self.manager.join(state.id, user, name, seat=seat)
        fixture.status, fixture.table_id, fixture.due_at = "playing", state.id, None
        await self._start_game(
            night, fixture, state.id, host_id, await self._names(night.id), a + b
        )

    async def _open_linked(
        self,
        night: Night,
        fixture: Fixture,
        a: list[tuple[int, str]],
        b: list[tuple[int, str]],
    ) -> None:
        """A duplicate night's game, its first table (``tables.linked``): each side's
        members in its team's seats, in order (a pair plays together, as at any night),
        from a fresh seed. The second table, the same seed with the seats turned, opens
        when this one is over (``_linked_table_over``): its seats are computers alone
        (a night's entrants are one team's worth), and a table of computers played
        alongside would show the first table's cards in its public thread."""
        names = await self._names(night.id)
        if fixture.channel_id is None:
            fixture.channel_id = await self.host.open_channel(night, fixture, names)
        host_id, host_name = a[0]
        first = await open_linked_table(
            self.manager, turned=False, seed=self.seeds(), game=night.game,
            channel_id=fixture.channel_id, host_id=host_id, host_name=host_name,
            team_a=a, team_b=b, guild_id=night.guild_id, options=night.options,
            players=night.players,
        )  # fmt: skip
        fixture.status, fixture.due_at = "playing", None
        fixture.table_id, fixture.other_table_id = first.id, None
        await self._start_game(night, fixture, first.id, host_id, names, a + b)

    async def _start_game(
        self,
        night: Night,
        fixture: Fixture,
        table_id: int,
        host_id: int,
        names: dict[int, str],
        players: list[tuple[int, str]],
    ) -> None:
        """A fixture's table is ready: record it (before it starts: a restart must find
        it), stop the fixture's no-show timer, start the table and tell the night."""
        await self.storage.nights.save_fixture(fixture)
        timer = self._timers.pop(fixture.id, None)
        if timer is not None:
            timer.cancel()
        await self.manager.start(table_id, host_id)
        news = NightNews(
            "table",
            night,
            fixture.round,
            (fixture,),
            names,
            table_id=table_id,
            mentions=tuple(user for user, _ in players),
        )
        await self.host.announce(news)

    async def _open_turned(self, night: Night, fixture: Fixture, first: TableRecord) -> None:
        """The second table of the game: the first's seed, options and players, the
        seats turned, computers in every seat (they play it to its end by themselves).
        Recorded before it starts: a table of computers may end inside ``start``."""
        assert fixture.b is not None and fixture.table_id is not None
        names = await self._names(night.id)
        if fixture.other_channel_id is None:
            fixture.other_channel_id = await self.host.open_channel(
                night, fixture, names, turned=True
            )
        host = first.host_id if first.host_id is not None else night.organiser_id
        host_name = next((s.name for s in first.seats if s and s.user_id == host), "")
        second = await open_linked_table(
            self.manager, turned=True, seed=first.seed, game=night.game,
            channel_id=fixture.other_channel_id, host_id=host, host_name=host_name,
            team_a=(), team_b=(), guild_id=night.guild_id, options=first.options,
            players=first.players,
        )  # fmt: skip
        link = {"other": fixture.table_id, "turned": True}
        await self.manager.set_table_setting(second.id, LINK, link)
        # The first table's cuts, repeated by the computers here: the same cards.
        played = await table_snapshot(self.storage, fixture.table_id)
        script = deal_script(played, self.manager.games) if played is not None else {}
        if script:
            await self.manager.set_table_setting(second.id, DEAL_SCRIPT, script)
        fixture.other_table_id = second.id
        await self.storage.nights.save_fixture(fixture)
        await self.manager.start(second.id, host, fill_with=self.manager.settings.default_level)

    # -- results ------------------------------------------------------------------------

    def _on_update(self, update: TableUpdate) -> None:
        if update.kind not in ("finished", "stopped"):
            return
        winners: list[int] = []
        match = self.manager.match_of(update.table_id)
        typed = match.typed_result() if match is not None and match.is_over else None
        if typed is not None:
            winners = sorted(typed.winners)
        players = self.manager.state(update.table_id).players
        match_id = update.data.get("match_id")
        task = asyncio.get_running_loop().create_task(
            self._game_over(update.table_id, players, winners, match_id)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _game_over(
        self, table_id: int, players: int, winners: list[int], match_id: Any
    ) -> None:
        fixture = await self.storage.nights.fixture_at_table(table_id)
        if fixture is None or fixture.status != "playing" or fixture.b is None:
            return
        try:
            async with self._lock(fixture.night_id):
                if (await self._night(fixture.night_id)).duplicate:
                    await self._linked_table_over(table_id, match_id)
                    return
                await self._record_game(fixture, players, winners, match_id)
        except Exception:
            log.exception(
                "night %s: the game at table %s was not handled", fixture.night_id, table_id
            )

    async def _linked_table_over(self, table_id: int, match_id: Any) -> None:
        """One of a duplicate game's tables closed (under the night's lock): its match is
        kept; the first's end opens the second, the second's end compares the two, and
        the comparison decides the game (level: drawn, replayed like any drawn game)."""
        fixture = await self.storage.nights.fixture_at_table(table_id)
        if fixture is None or fixture.status != "playing" or fixture.b is None:
            return  # decided already
        if match_id is None:  # its end was not heard (a restart): the stored record's
            stored = await self.storage.matches.get_by_table(table_id)
            match_id = stored.id if stored is not None else None
        if isinstance(match_id, int) and match_id not in fixture.match_ids:
            fixture.match_ids.append(match_id)
            await self.storage.nights.save_fixture(fixture)
        night = await self._night(fixture.night_id)
        if table_id == fixture.table_id and fixture.other_table_id is None:
            first = await self.storage.tables.get(table_id)
            if first is not None:
                await self._open_turned(night, fixture, first)
            return
        if table_id != fixture.other_table_id or fixture.table_id is None:
            return
        linked = LinkedTables(fixture.table_id, table_id, 0)
        comparison = await compare_linked(self.storage, linked, self.manager.games)
        fixture.swings.append(comparison.total)
        side = comparison.winner
        winner = fixture.a if side == 0 else fixture.b if side == 1 else None
        await self._record_winner(fixture, winner)

    async def _record_game(
        self, fixture: Fixture, players: int, winners: list[int], match_id: Any
    ) -> None:
        assert fixture.b is not None
        night = await self._night(fixture.night_id)
        size_a = players // 2
        spec = self._spec(night.game)
        seats_a, seats_b = seats_of(spec, players, size_a)
        won = set(winners)
        winner = (
            fixture.a
            if won and won <= set(seats_a)
            else fixture.b
            if won and won <= set(seats_b)
            else None
        )
        if isinstance(match_id, int):
            fixture.match_ids.append(match_id)
        await self._record_winner(fixture, winner)

    async def _record_winner(self, fixture: Fixture, winner: int | None) -> None:
        """A game of the fixture won by ``winner`` (None: drawn, replayed): the series
        goes on with the next game, or is decided."""
        assert fixture.b is not None
        night = await self._night(fixture.night_id)
        lineup = await self.storage.nights.lineups(night.id)
        fixture.games.append(winner)
        series = series_of(night.best_of, (fixture.a, fixture.b), fixture.games)
        if series.winner is None and len(fixture.games) < night.best_of * (1 + REPLAYS_PER_GAME):
            await self.storage.nights.save_fixture(fixture)
            a, b = self._lineup(lineup, fixture.a), self._lineup(lineup, fixture.b)
            if a is None or b is None or not await self._try_open_game(night, fixture, a, b):
                # A side left mid-series (a substitute named later completes it) or the
                # table did not open: the fixture waits again, with a walkover time.
                fixture.status, fixture.table_id = "waiting", None
                fixture.other_table_id = None
                fixture.due_at = self.clock.now() + night.walkover_seconds
                await self.storage.nights.save_fixture(fixture)
                self._arm_walkover(night.id, fixture)
            return
        fixture.status = "done"
        fixture.winner = series.winner
        if fixture.winner is None:
            fixture.winner = (
                fixture.a if series.wins(fixture.a) >= series.wins(fixture.b) else fixture.b
            )
        await self.storage.nights.save_fixture(fixture)
        if night.best_of > 1:
            await self.storage.entrant_standings.add_series_won(
                night.guild_id, night.game, fixture.winner, at=self.clock.now()
            )
        await self._after_fixture(night)

    async def _walkover(self, night_id: int, fixture_id: int) -> None:
        async with self._lock(night_id):
            night = await self._night(night_id)
            fixture = next(
                (f for f in await self.storage.nights.fixtures(night_id) if f.id == fixture_id),
                None,
            )
            if fixture is None or fixture.status != "waiting" or fixture.b is None:
                return
            lineup = await self.storage.nights.lineups(night_id)
            a, b = self._lineup(lineup, fixture.a), self._lineup(lineup, fixture.b)
            # Both sides here but their table could not open: no walkover, once more.
            if a is not None and b is not None and await self._try_open_game(night, fixture, a, b):
                return
            a_here, b_here = a is not None, b is not None
            if a_here and b_here:  # still no table: the series so far, else nobody
                series = series_of(night.best_of, (fixture.a, fixture.b), fixture.games)
                a_here = series.wins(fixture.a) > series.wins(fixture.b)
                b_here = series.wins(fixture.b) > series.wins(fixture.a)
            fixture.status, fixture.walkover, fixture.due_at = "done", True, None
            fixture.winner = fixture.a if a_here else fixture.b if b_here else None
            await self.storage.nights.save_fixture(fixture)
            if fixture.winner is not None:  # recorded as a walkover: counted, never rated
                loser = fixture.b if fixture.winner == fixture.a else fixture.a
                await self.storage.entrant_standings.record_walkover(
                    night.guild_id, night.game, fixture.winner, loser, at=self.clock.now()
                )
            names = await self._names(night_id)
            await self.host.announce(NightNews("walkover", night, fixture.round, (fixture,), names))
            await self._after_fixture(night)

    async def _after_fixture(self, night: Night) -> None:
        """When the round is complete: its results, then the next round or the end."""
        fixtures = await self.storage.nights.fixtures(night.id)
        this_round = tuple(f for f in fixtures if f.round == night.round)
        if any(f.status != "done" for f in this_round):
            return
        names = await self._names(night.id)
        entrants = [e.entrant_id for e in await self._seeded(night.id)]
        await self.host.announce(NightNews("results", night, night.round, this_round, names))
        fmt = _format(night)
        last = total_rounds(fmt, len(entrants), night.rounds)
        winner = champion(fmt, entrants, fixtures)
        if night.round < last and winner is None:
            await self._begin_round(night, night.round + 1)
            return
        await self.storage.nights.update(night.id, status="finished")
        night.status = "finished"
        table = tuple(night_table(fmt, entrants, fixtures))
        await self.host.announce(
            NightNews("over", night, night.round, tuple(fixtures), names, table, winner)
        )

    async def recover(self) -> int:
        """After a restart: re-arm the walkover timers of waiting fixtures (those already
        due run at once). Games in play finish through their tables as usual."""
        armed = 0
        for night in await self.storage.nights.unfinished():
            for fixture in await self.storage.nights.fixtures(night.id):
                if fixture.status == "waiting" and fixture.round == night.round:
                    self._arm_walkover(night.id, fixture)
                    armed += 1
                elif night.duplicate and fixture.status == "playing":
                    await self._resume_linked(fixture)
        return armed

    async def _resume_linked(self, fixture: Fixture) -> None:
        """A duplicate game whose table closed while the bot was down (its end was never
        heard): the step it would have taken, opening the second table or comparing."""
        latest = fixture.other_table_id or fixture.table_id
        if latest is None:
            return
        record = await self.storage.tables.get(latest)
        if record is None or record.status.is_open:
            return  # still in play: its end is heard as usual
        try:
            async with self._lock(fixture.night_id):
                await self._linked_table_over(latest, None)
        except Exception:
            log.exception("night %s: fixture %s was not resumed", fixture.night_id, fixture.id)

    async def report(self, night_id: int, guild_id: int) -> NightReport:
        """Where a night stands: who is missing from each entrant, this round's fixtures."""
        night = await self._night(night_id, guild_id)
        lineup = await self.storage.nights.lineups(night_id)
        missing: dict[int, list[int]] = {}
        for entrant in await self._seeded(night_id):
            seats = [s for s in lineup if s.entrant_id == entrant.entrant_id]
            covered = {s.substitute_for for s in seats if s.checked_in and s.substitute_for}
            missing[entrant.entrant_id] = [
                s.user_id
                for s in seats
                if s.substitute_for is None and not s.checked_in and s.user_id not in covered
            ]
        fixtures = [
            f for f in await self.storage.nights.fixtures(night_id) if f.round == night.round
        ]
        return NightReport(night, await self._names(night_id), missing, tuple(fixtures))


def night_table(
    fmt: Format, entrants: Sequence[int], fixtures: Sequence[Fixture]
) -> list[tuple[int, float]]:
    """The night's final order: points, then head-to-head, then Buchholz (Swiss), then the
    seeding (the leagues' tie-breaks, ``leagues.tiebreaks``)."""
    points = {e: int(p) for e, p in standings(entrants, fixtures)}
    meetings = [
        [(f.a, int(f.winner == f.a)), (f.b, int(f.winner == f.b))]
        for f in fixtures
        if f.b is not None and not f.walkover
    ]
    seeding = {e: -float(i) for i, e in enumerate(entrants)}
    ordered = order_table(points, seeding, meetings, swiss=fmt == "swiss")
    return [(entry.entrant_id, float(entry.points)) for entry in ordered]


def _format(night: Night) -> Format:
    assert night.format in FORMATS, night.format
    return night.format

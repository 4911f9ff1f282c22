"""Duplicate events at the table manager: open an event, play its deals, post its table.

An event (``open_event``) draws one seed per deal and publishes their commitment
(``leagues.duplicate.commitment``); the seeds stay in storage until the event closes.
An entrant plays the deals in order (``play_next``), each at a table of its own opened
from the deal's seed, in the event's seat for that deal, computers of the event's level in
every other seat; the hand is the try. Starting a deal is recorded before the table opens,
so a deal is never played twice and never seen before it is played (only the entrant's
own seat view shows its cards, as at any table).

The same seed deals the same cards wherever it is played, as long as nobody's choice
changes them: the cut (``GamePlugin.deal_phases``). The event gives entrants a seat that
has no choice in those phases (``entrant_seat``) and the computers always decline the cut,
so every entrant holds the same cards; each try stores the hash of the cards it was dealt
(``deal_hash``), which the event table checks.

When the hand ends the service stores the result (``players.par.hand_measure``), the hash
and the hand's actions, and stops the table. ``close_due`` reveals events whose window has
passed and returns their tables (``leagues.duplicate.event_table``) for a front end to post.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from i18n import N_
from leagues.duplicate import EventLine, commitment, event_table, verify
from players.par import hand_measure, hand_start
from rules.contract import GameSpec, IllegalAction
from rules.plugin import LEVELS, GamePlugin
from storage.duplicate import AlreadyEntered, DuplicateEntry, DuplicateEvent
from storage.repositories import Storage
from tables.errors import BadOptions, TableError, UnknownGame
from tables.manager import TableManager, default_player_count
from tables.table import TableState
from tables.updates import TableUpdate

log = logging.getLogger(__name__)

TRY = "duplicate_try"
"""The table setting naming the try a table plays: ``{"event", "user", "deal", "seat"}``."""

MAX_DEALS = 24
MAX_HOURS = 24 * 14


class NoSuchEvent(TableError):
    template = N_("There is no duplicate event {event}.")


class EventClosed(TableError):
    template = N_("Duplicate event {event} has closed.")


class AllDealsPlayed(TableError):
    template = N_("You have played every deal of duplicate event {event}.")


class DealUnfinished(TableError):
    template = N_("Finish deal {deal} of duplicate event {event} first.")


class BadEventSize(TableError):
    template = N_(
        "A duplicate event has 1 to {most_deals} deals and lasts up to {most_hours} hours."
    )


@dataclass(frozen=True, slots=True)
class EventResult:
    """A closed event: its revealed seeds (checked against the commitment) and table."""

    event: DuplicateEvent
    lines: list[EventLine]
    verified: bool
    same_cards: bool
    """Every try of each deal was dealt the same cards (their stored hashes agree)."""


@dataclass(frozen=True, slots=True)
class _Try:
    event_id: int
    user_id: int
    deal: int
    seat: int


def deal_hash(zones: dict[str, list[str]]) -> str:
    """The fingerprint of where every card lay when a hand was dealt."""
    return hashlib.sha256(json.dumps(zones, sort_keys=True).encode()).hexdigest()


def entrant_seat(plugin: GamePlugin, players: int, options: dict[str, Any], seed: int) -> int:
    """The lowest seat with no choice in the deal's own phases (the cut), so the seed
    deals the entrant the same cards at every table (seat 0 when none is free)."""
    match = plugin.spec.new_match(players, options, seed)
    deciders: set[int] = set()
    while match.phase in plugin.deal_phases and not match.is_over:
        deciders |= match.to_act
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        match.apply(seat, legal[-1])
    return next((s for s in range(players) if s not in deciders), 0)


class DuplicateService:
    def __init__(self, manager: TableManager, storage: Storage) -> None:
        self.manager = manager
        self.storage = storage
        self._done: set[int] = set()
        """Duplicate tables whose hand is over (the try is being stored)."""
        self._finishing: set[asyncio.Task[None]] = set()
        manager.subscribe(self._on_update)

    def _plugin(self, game: str) -> GamePlugin:
        if game not in self.manager.games:
            raise UnknownGame(game=game)
        return self.manager.games.plugin(game)

    async def open_event(
        self,
        *,
        channel_id: int,
        organiser_id: int,
        game: str,
        deals: int,
        hours: float,
        guild_id: int | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        level: str = LEVELS[-1],
        seeds: list[int] | None = None,
    ) -> DuplicateEvent:
        """A new event open for ``hours`` from now, with ``deals`` fresh seeds (or the
        ``seeds`` given: a replayed event, a test)."""
        plugin = self._plugin(game)
        spec: GameSpec[Any] = plugin.spec
        if not 1 <= deals <= MAX_DEALS or not 0 < hours <= MAX_HOURS:
            raise BadEventSize(most_deals=MAX_DEALS, most_hours=MAX_HOURS)
        count = players if players is not None else default_player_count(spec)
        try:
            opts = spec.parse_options(options).model_dump(mode="json")
            spec.new_match(count, opts, seed=0)
        except IllegalAction as exc:
            raise BadOptions(exc) from exc
        if seeds is None:
            seeds = [secrets.randbits(62) for _ in range(deals)]
        elif len(seeds) != deals:
            raise BadEventSize(most_deals=MAX_DEALS, most_hours=MAX_HOURS)
        salt = secrets.token_hex(16)
        now = self.manager.clock.now()
        event = DuplicateEvent(
            game=plugin.name,
            players=count,
            options=opts,
            level=level,
            seeds=seeds,
            seats=[entrant_seat(plugin, count, opts, seed) for seed in seeds],
            salt=salt,
            commitment=commitment(seeds, salt),
            channel_id=channel_id,
            organiser_id=organiser_id,
            opened_at=now,
            closes_at=now + hours * 3600.0,
            guild_id=guild_id,
        )
        return await self.storage.duplicate.create(event)

    async def event(self, event_id: int) -> DuplicateEvent:
        event = await self.storage.duplicate.get(event_id)
        if event is None:
            raise NoSuchEvent(event=event_id)
        return event

    async def check_can_play(self, event_id: int, user_id: int) -> tuple[DuplicateEvent, int]:
        """The event and the entrant's next deal, or the reason they cannot play now."""
        event = await self.event(event_id)
        if event.revealed or self.manager.clock.now() >= event.closes_at:
            raise EventClosed(event=event_id)
        mine = await self.storage.duplicate.entries_of(event_id, user_id)
        unfinished = next((e for e in mine if e.status != "done"), None)
        if unfinished is not None:
            raise DealUnfinished(deal=unfinished.deal + 1, event=event_id)
        if len(mine) >= event.deals:
            raise AllDealsPlayed(event=event_id)
        return event, len(mine)

    async def play_next(
        self, event_id: int, user_id: int, name: str, *, channel_id: int
    ) -> tuple[int, TableState]:
        """Open the entrant's next deal at a new table in ``channel_id`` (the deal's
        index and the running table); the start is the one try."""
        event, deal = await self.check_can_play(event_id, user_id)
        try:
            await self.storage.duplicate.start_entry(
                DuplicateEntry(
                    event_id, user_id, deal, name, "playing",
                    started_at=self.manager.clock.now(),
                )
            )  # fmt: skip
        except AlreadyEntered as exc:  # a double click raced this one
            raise DealUnfinished(deal=deal + 1, event=event_id) from exc
        state = await self.manager.create(
            channel_id=channel_id,
            game=event.game,
            host_id=user_id,
            host_name=name,
            guild_id=event.guild_id,
            options=event.options,
            players=event.players,
            seed=event.seeds[deal],
        )
        seat = event.seats[deal]
        if seat != 0:
            await self.manager.choose_seat(state.id, user_id, seat)
        # Kept in the table's own settings: a restart finds the try with its table.
        await self.manager.set_table_setting(
            state.id, TRY, {"event": event_id, "user": user_id, "deal": deal, "seat": seat}
        )
        await self.storage.duplicate.set_table(event_id, user_id, deal, state.id)
        state = await self.manager.start(state.id, user_id, fill_with=event.level)
        return deal, state

    def _on_update(self, update: TableUpdate) -> None:
        if update.kind != "action" or update.table_id in self._done:
            return
        # The first hand's end, whatever ended it (a 304 redeal is no "hand_scored").
        match = self.manager.match_of(update.table_id)
        if match is None or not match.hand_results:
            return
        stored = self.manager.table_setting(update.table_id, TRY)
        if not stored:
            return
        attempt = _Try(stored["event"], stored["user"], stored["deal"], stored["seat"])
        # Taken now, under the table's lock: the log ends with this hand.
        snapshot = match.snapshot()
        self._done.add(update.table_id)
        task = asyncio.get_running_loop().create_task(
            self._finish(update.table_id, attempt, snapshot)
        )
        self._finishing.add(task)
        task.add_done_callback(self._finishing.discard)

    async def _finish(self, table_id: int, attempt: _Try, snapshot: dict[str, Any]) -> None:
        plugin = self._plugin(snapshot["game"])
        spec = plugin.spec
        played = spec.restore(snapshot)
        score = hand_measure(plugin, played, played.hand_results[0], attempt.seat)
        zones = hand_start(spec, plugin, snapshot, 0).card_zones()
        await self.storage.duplicate.finish_entry(
            attempt.event_id, attempt.user_id, attempt.deal,
            score=score, deal_hash=deal_hash(zones), actions=snapshot["actions"],
            at=self.manager.clock.now(),
        )  # fmt: skip
        with contextlib.suppress(TableError):  # closed meanwhile
            await self.manager.stop(table_id, attempt.user_id, is_admin=True)
        self._done.discard(table_id)

    async def drain(self) -> None:
        """Wait until every finished try is stored (tests, shutdown)."""
        while self._finishing:
            await asyncio.gather(*list(self._finishing), return_exceptions=True)

    async def standings(self, event_id: int) -> list[EventLine]:
        """The event table so far (finished tries only)."""
        entries = await self.storage.duplicate.entries(event_id)
        # Compared within the same deal *and* the same cards (a deal dealt differently,
        # which the seat choice and the computers' declined cut should never allow, is
        # scored apart rather than against other cards).
        return event_table(
            [
                (e.user_id, e.name, (e.deal, e.deal_hash), e.score)
                for e in entries
                if e.score is not None
            ]
        )

    async def close(self, event_id: int) -> EventResult:
        """Reveal the event (whatever its window) and score it."""
        event = await self.event(event_id)
        if not event.revealed:
            await self.storage.duplicate.reveal(event_id)
            event.revealed = True
        entries = await self.storage.duplicate.entries(event_id)
        hashes: dict[int, set[str]] = {}
        for e in entries:
            if e.deal_hash is not None:
                hashes.setdefault(e.deal, set()).add(e.deal_hash)
        return EventResult(
            event=event,
            lines=await self.standings(event_id),
            verified=verify(event.commitment, event.seeds, event.salt),
            same_cards=all(len(h) == 1 for h in hashes.values()),
        )

    async def close_due(self) -> list[EventResult]:
        """Close every event whose window has passed (a front end's periodic check)."""
        due = await self.storage.duplicate.due(self.manager.clock.now())
        return [await self.close(event.id) for event in due]

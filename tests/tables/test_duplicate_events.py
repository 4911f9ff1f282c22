"""Duplicate events (tables/duplicate.py, leagues/duplicate.py): 3 deals, 4 entrants whose
seats are played by simple stand-ins; everyone gets the same cards from the same seat,
one try per deal, matchpoints as counted by hand, and the seed commitment verifies."""

from __future__ import annotations

import random

import pytest

from leagues.duplicate import commitment, matchpoints, verify
from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from players.par import hand_measure
from rules.registry import BUILTIN
from storage import SqliteStorage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.duplicate import (
    AllDealsPlayed,
    BadEventSize,
    DuplicateService,
    EventClosed,
    NoSuchEvent,
    entrant_seat,
)
from tables.errors import BadOptions, UnknownGame
from tables.manager import TableManager

ENTRANTS = (101, 102, 103, 104)


async def play_try(manager: TableManager, table_id: int, user_id: int, style: int) -> None:
    """The entrant's seat, played by a computer standing in for the human (heuristic for
    even ``style``, random for odd), through ``act`` like the human's clicks."""
    level = ("heuristic", "random")[style % 2]
    player = player_of(BUILTIN.plugin(manager.state(table_id).game), level, SearchBudget(8, 0))
    rng = random.Random(style)
    while True:
        match = manager.match_of(table_id)
        if match is None or match.hand_results or not manager.state(table_id).status.is_open:
            return  # the hand is the try
        view = manager.seat_view(table_id, user_id)
        if not view.legal or view.seat not in match.to_act:
            return
        choice = player.choose(Situation.at(match, view.seat, rng))
        await manager.act(table_id, user_id, choice.id)


async def test_a_duplicate_event_scores_the_same_deals_for_everyone(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    manager = TableManager(storage, settings, clock)
    service = DuplicateService(manager, storage)
    try:
        event = await service.open_event(
            channel_id=1, organiser_id=9, game="thunee", deals=3, hours=2, level="heuristic",
            seeds=[11, 22, 33],
        )  # fmt: skip
        assert event.commitment == commitment(event.seeds, event.salt)
        plugin = BUILTIN.plugin("thunee")
        for deal, seed in enumerate(event.seeds):
            assert event.seats[deal] == entrant_seat(plugin, 4, event.options, seed)
        for index, user in enumerate(ENTRANTS):
            for expected in range(3):
                deal, state = await service.play_next(
                    event.id, user, f"p{user}", channel_id=500 + user
                )
                assert deal == expected
                seat = manager.state(state.id).seats[event.seats[deal]]
                assert seat.user_id == user  # the event's seat for this deal
                await play_try(manager, state.id, user, index)
                await service.drain()
            with pytest.raises(AllDealsPlayed):
                await service.play_next(event.id, user, "again", channel_id=500 + user)

        await clock.advance(3 * 3600)
        closed = await service.close_due()
        assert [r.event.id for r in closed] == [event.id]
        result = closed[0]
        assert result.verified and result.same_cards
        assert verify(event.commitment, result.event.seeds, result.event.salt)
        assert not verify(event.commitment, [s + 1 for s in result.event.seeds], event.salt)

        entries = await storage.duplicate.entries(event.id)
        assert len(entries) == 12 and all(e.status == "done" for e in entries)
        for deal in range(3):
            hashes = {e.deal_hash for e in entries if e.deal == deal}
            assert len(hashes) == 1  # the same cards for everyone
        # Every stored result replays from the stored seed and log.
        spec = plugin.spec
        for e in entries:
            assert e.actions is not None and e.score is not None
            match = spec.new_match(4, event.options, event.seeds[e.deal])
            for seat, action_id in e.actions:
                match.apply(seat, action_id)
            assert (
                hand_measure(plugin, match, match.hand_results[0], event.seats[e.deal]) == e.score
            )

        # The stand-ins played differently: the deals did not all end the same.
        assert len({(e.deal, e.score) for e in entries}) > 3
        # Matchpoints counted by hand: 2 per entrant beaten, 1 per tie, on each deal.
        by_hand = dict.fromkeys(ENTRANTS, 0)
        for deal in range(3):
            scores = {e.user_id: e.score for e in entries if e.deal == deal}
            for user in ENTRANTS:
                for other in ENTRANTS:
                    if other != user:
                        mine, theirs = scores[user], scores[other]
                        assert mine is not None and theirs is not None
                        by_hand[user] += 2 if mine > theirs else 1 if mine == theirs else 0
        lines = {line.user_id: line for line in result.lines}
        assert {u: lines[u].matchpoints for u in ENTRANTS} == by_hand
        assert all(line.possible == 3 * 2 * 3 and line.deals == 3 for line in lines.values())
        percents = [line.percent for line in result.lines]
        assert percents == sorted(percents, reverse=True)

        with pytest.raises(EventClosed):
            await service.play_next(event.id, 999, "late", channel_id=7)
    finally:
        await manager.close()


def test_matchpoints_count_wins_and_ties() -> None:
    assert matchpoints({1: 80, 2: 80, 3: 50}) == {1: 3, 2: 3, 3: 0}


async def test_a_try_survives_a_restart(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    """The try is named in its table's settings: a restarted manager finishes it."""
    manager = TableManager(storage, settings, clock)
    service = DuplicateService(manager, storage)
    event = await service.open_event(
        channel_id=1, organiser_id=9, game="304", deals=1, hours=1, level="heuristic", seeds=[5]
    )
    _, state = await service.play_next(event.id, 101, "ana", channel_id=77)
    await manager.close()
    again = TableManager(storage, settings, clock)
    try:
        await again.recover()
        await again.ready(state.id)  # rebuilt from its log
        restarted = DuplicateService(again, storage)
        await play_try(again, state.id, 101, 0)
        await restarted.drain()
        (entry,) = await storage.duplicate.entries(event.id)
        assert entry.status == "done" and entry.table_id == state.id
        assert entry.score is not None and entry.deal_hash
    finally:
        await again.close()


async def test_bad_event_requests_are_refused_with_a_reason(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    manager = TableManager(storage, settings, clock)
    service = DuplicateService(manager, storage)
    try:
        for deals, hours in ((0, 1), (25, 1), (3, 0), (3, 24 * 15)):
            with pytest.raises(BadEventSize):
                await service.open_event(
                    channel_id=1, organiser_id=9, game="304", deals=deals, hours=hours
                )
        with pytest.raises(UnknownGame):
            await service.open_event(channel_id=1, organiser_id=9, game="x", deals=1, hours=1)
        with pytest.raises(BadOptions):
            await service.open_event(
                channel_id=1, organiser_id=9, game="304", deals=1, hours=1, options={"no": 1}
            )
        with pytest.raises(NoSuchEvent):
            await service.play_next(99, 1, "ana", channel_id=5)
        assert await storage.duplicate.open_events(None) == []
    finally:
        await manager.close()

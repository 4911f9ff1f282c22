"""Duplicate between tables: two tables play the same deals with the seats turned, and
comparing them decides the match (the teams-of-four form of duplicate bridge).

``open_linked_tables`` opens both from one seed: at the first table team A holds the
first team's seats (``spec.teams``) and team B the second's; at the second table they
swap, so team A holds at table 1 the cards team B holds at table 2. Each table's settings
name the other (``LINK``), so the pair is found again after a restart. Once both are over
(or whenever asked), ``compare_linked`` reads both from storage and compares them hand by
hand: the swing of a hand is what team A made minus what team B made, at both tables,
halved (``players.par.hand_measure``: card points, tricks, or the hand's awards), which
with a fixed total per hand is exactly "A's result with these cards minus B's". Hands
that were dealt differently at the two tables (a human cut) or played at one table only
are listed and left out of the total. A positive total wins the match for team A.

A duplicate league night (``tables.nights``, ``/night open duplicate:``) calls
``open_linked_tables`` for each game of a pairing of teams instead of opening one table,
and compares the pair (``compare_linked``) once both tables have closed, to record the
winner (docs/nights.md). ``LinkedResults`` is the same as a close hook, for callers
without a night.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from i18n import N_
from players.par import hand_measure, hand_start
from rules.registry import BUILTIN, GameRegistry
from storage.records import TableRecord
from storage.repositories import Storage
from tables.duplicate import deal_hash
from tables.errors import TableError
from tables.manager import TableManager, default_player_count
from tables.table import TableState

LINK = "duplicate_link"
"""The table setting: ``{"other": table id, "turned": bool}``."""


class NoTeamGame(TableError):
    template = N_("Duplicate between tables needs a game played in two teams.")


@dataclass(frozen=True, slots=True)
class LinkedTables:
    first: int
    second: int
    seed: int


@dataclass(frozen=True, slots=True)
class HandSwing:
    hand: int
    """The hand's index (0 for the first)."""
    same_deal: bool
    a_first: int
    b_first: int
    a_second: int
    b_second: int

    @property
    def swing(self) -> float:
        """What team A gained on team B with the same cards (0 when dealt differently)."""
        if not self.same_deal:
            return 0.0
        return ((self.a_first - self.b_first) + (self.a_second - self.b_second)) / 2


@dataclass(frozen=True, slots=True)
class LinkedComparison:
    hands: list[HandSwing]

    @property
    def total(self) -> float:
        return sum(h.swing for h in self.hands)

    @property
    def compared(self) -> int:
        return sum(1 for h in self.hands if h.same_deal)

    @property
    def winner(self) -> int | None:
        """0: team A, 1: team B, None: level."""
        return None if self.total == 0 else 0 if self.total > 0 else 1


async def open_linked_tables(
    manager: TableManager,
    *,
    game: str,
    channel_ids: tuple[int, int],
    host_id: int,
    host_name: str,
    team_a: Sequence[tuple[int, str] | None],
    team_b: Sequence[tuple[int, str] | None],
    guild_id: int | None = None,
    options: dict[str, Any] | None = None,
    players: int | None = None,
    level: str | None = None,
    seed: int | None = None,
) -> tuple[LinkedTables, TableState, TableState]:
    """Open and start the two tables. ``team_a`` and ``team_b`` list each team's players
    (``(user_id, name)``, or ``None`` for a computer): the first half sit at table 1, the
    rest at table 2, in the order of the team's seats; missing players are computers
    (``level``, the manager's default otherwise)."""
    if seed is None:
        seed = secrets.randbits(62)
    opened: list[TableState] = []
    for index, channel in enumerate(channel_ids):
        state = await open_linked_table(
            manager, turned=index == 1, seed=seed, game=game, channel_id=channel,
            host_id=host_id, host_name=host_name, team_a=team_a, team_b=team_b,
            guild_id=guild_id, options=options, players=players,
        )  # fmt: skip
        opened.append(state)
    first, second = opened
    await manager.set_table_setting(first.id, LINK, {"other": second.id, "turned": False})
    await manager.set_table_setting(second.id, LINK, {"other": first.id, "turned": True})
    fill = level or manager.settings.default_level
    started = [await manager.start(s.id, host_id, fill_with=fill) for s in opened]
    return LinkedTables(first.id, second.id, seed), started[0], started[1]


async def open_linked_table(
    manager: TableManager,
    *,
    turned: bool,
    seed: int,
    game: str,
    channel_id: int,
    host_id: int,
    host_name: str,
    team_a: Sequence[tuple[int, str] | None],
    team_b: Sequence[tuple[int, str] | None],
    guild_id: int | None = None,
    options: dict[str, Any] | None = None,
    players: int | None = None,
) -> TableState:
    """One of the pair, not started: the first (``turned`` False: team A in the first
    team's seats, the first half of each team's list seated) or the second (the seats
    turned, the second half seated). A caller may open the second once the first is over
    (a league night, whose second table is computers alone: played while the first is,
    its public thread would show the first table's cards)."""
    spec = manager.games.get(game)
    count = players if players is not None else default_player_count(spec)
    teams = spec.teams(count)
    if teams is None or len(teams) != 2:
        raise NoTeamGame()
    size = len(teams[0])
    index = 1 if turned else 0
    state = await manager.create(
        channel_id=channel_id, game=game, host_id=host_id, host_name=host_name,
        guild_id=guild_id, options=options, players=count, seed=seed, join=False,
    )  # fmt: skip
    seats_a, seats_b = (teams[1], teams[0]) if turned else (teams[0], teams[1])
    for team, seats in ((team_a, seats_a), (team_b, seats_b)):
        half = list(team[index * size : (index + 1) * size])
        for seat, person in zip(seats, half, strict=False):
            if person is not None:
                await manager.join(state.id, person[0], person[1], seat=seat)
    return state


LinkedResult = Callable[[LinkedTables, LinkedComparison], Awaitable[None]]


class LinkedResults:
    """Calls ``on_result`` once per pair of linked tables, when the second one closes
    (finished or stopped), with the pair and its comparison."""

    def __init__(self, manager: TableManager, storage: Storage, on_result: LinkedResult) -> None:
        self.storage = storage
        self.on_result = on_result
        self.registry = manager.games
        manager.on_close(self._closed)

    async def _closed(self, record: TableRecord, match: Any) -> None:
        link = record.settings.get(LINK)
        if not link:
            return
        other = await self.storage.tables.get(int(link["other"]))
        if other is None or other.status.is_open:
            return  # the first of the pair to close: the second one compares
        first, second = (other.id, record.id) if link["turned"] else (record.id, other.id)
        linked = LinkedTables(first, second, record.seed)
        await self.on_result(linked, await compare_linked(self.storage, linked, self.registry))


async def table_snapshot(storage: Storage, table_id: int) -> dict[str, Any] | None:
    """A table's match as ``Match.snapshot()`` writes it, from its stored row and log."""
    record = await storage.tables.get(table_id)
    if record is None:
        return None
    log = await storage.actions.for_table(table_id)
    return {
        "game": record.game,
        "players": record.players,
        "options": record.options,
        "seed": record.seed,
        "deal_version": record.settings.get("deal_version", 1),
        "deals": record.deals,
        "actions": [[a.seat, a.action_id] for a in log],
    }


async def compare_linked(
    storage: Storage, linked: LinkedTables, registry: GameRegistry = BUILTIN
) -> LinkedComparison:
    """The comparison of the two tables as stored now (see the module doc)."""
    first = await table_snapshot(storage, linked.first)
    second = await table_snapshot(storage, linked.second)
    if first is None or second is None:
        return LinkedComparison([])
    return compare_snapshots(first, second, registry)


def compare_snapshots(
    first: dict[str, Any], second: dict[str, Any], registry: GameRegistry = BUILTIN
) -> LinkedComparison:
    """Hand by hand: team A holds the first team's seats in ``first``, the second's in
    ``second``."""
    plugin = registry.plugin(first["game"])
    spec = plugin.spec
    one, two = spec.restore(first), spec.restore(second)
    teams = spec.teams(one.players)
    assert teams is not None
    seat_x, seat_y = teams[0][0], teams[1][0]
    hands: list[HandSwing] = []
    for hand in range(min(len(one.hand_results), len(two.hand_results))):
        same = deal_hash(hand_start(spec, plugin, first, hand).card_zones()) == deal_hash(
            hand_start(spec, plugin, second, hand).card_zones()
        )
        r1, r2 = one.hand_results[hand], two.hand_results[hand]
        hands.append(
            HandSwing(
                hand=hand,
                same_deal=same,
                a_first=hand_measure(plugin, one, r1, seat_x),
                b_first=hand_measure(plugin, one, r1, seat_y),
                a_second=hand_measure(plugin, two, r2, seat_y),
                b_second=hand_measure(plugin, two, r2, seat_x),
            )
        )
    return LinkedComparison(hands)

"""Building blocks for the league tests: a manager over a backend, a human driver, and
hand-made match records for the storage-level cases."""

from __future__ import annotations

import random
from collections.abc import Sequence

from storage import MatchRecord, MatchSeat, MatchStatus, Storage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager
from tables.updates import TableUpdate
from tests.tables.toy_game import GAMES

GUILD = 1 << 22 | 5  # shard 1 of 2


def manager_over(store: Storage) -> tuple[TableManager, FakeClock, list[TableUpdate]]:
    clock = FakeClock()
    settings = TableSettings(turn_seconds=60, window_seconds=15)
    manager = TableManager(store, settings, clock, games=GAMES)
    updates: list[TableUpdate] = []
    manager.subscribe(updates.append)
    return manager, clock, updates


async def play_out(
    manager: TableManager,
    clock: FakeClock,
    table_id: int,
    rng: random.Random,
    steps: int | None = None,
) -> int:
    """Seated humans click random legal actions, a second apart, until the match ends (or
    ``steps`` clicks); computers answer inside each call."""
    done = 0
    while steps is None or done < steps:
        state = manager.state(table_id)
        if state.status != "running":
            break
        humans = [s for s in sorted(state.to_act) if state.seats[s].computer is None]
        assert humans, "computers left a running match waiting"
        user = state.seats[rng.choice(humans)].user_id
        assert user is not None
        await clock.advance(1.0)
        view = manager.seat_view(table_id, user)
        await manager.act(table_id, user, rng.choice(view.legal).id)
        done += 1
    return done


def a_record(
    seats: Sequence[tuple[int | None, str]],
    winners: Sequence[int],
    *,
    game: str = "toy",
    guild: int | None = GUILD,
    teams: list[list[int]] | None = None,
    status: MatchStatus = MatchStatus.FINISHED,
    at: float = 1_700_000_000.0,
) -> MatchRecord:
    """A hand-made record (no engine): ``seats`` as (user id or None for a computer, name)."""
    team_of = {s: i for i, team in enumerate(teams or []) for s in team}
    return MatchRecord(
        game=game,
        players=len(seats),
        options={},
        seed=1,
        status=status,
        seats=[
            MatchSeat(
                seat=i,
                name=name,
                user_id=user,
                computer=None if user is not None else "random",
                team=team_of.get(i),
            )
            for i, (user, name) in enumerate(seats)
        ],
        ended_at=at,
        started_at=at - 600,
        guild_id=guild,
        channel_id=77,
        teams=teams,
        winners=list(winners),
        scores=[1, 0],
        result={"winners": list(winners)},
        hand_results=[{"hand": 1}],
    )

"""League entrants: fixed pairs and trios (or single players) with a name, members and a
captain, one active entrant per player and kind of league (guild, game, size). Dialect-
neutral SQL over ``storage.db``; the recording transaction finds a match's entrants here
(``entrants_for_groups``)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence

from storage.db import Db, Row, Tx
from storage.entrant_records import Entrant, EntrantMatch, EntrantRefused

log = logging.getLogger(__name__)

NAME_MAX = 40
_ENTRANT_COLUMNS = "id, guild_id, game, size, name, captain_id, created_at, retired_at"
_MATCH_COLUMNS = (
    "match_id, entrant_id, team, outcome, rated, rating_before, rating_after, substitutes,"
    " ended_at, season"
)


def name_key(name: str) -> str:
    """Names are unique per league whatever their case or spacing."""
    return " ".join(name.split()).casefold()


def _clean_name(name: str) -> str:
    cleaned = " ".join(str(name).split())
    if not cleaned or len(cleaned) > NAME_MAX:
        raise EntrantRefused(
            "A name must have 1 to {max} characters.", code="entrant_name_length", max=NAME_MAX
        )
    return cleaned


def _plays_for(user_id: int, name: str) -> EntrantRefused:
    return EntrantRefused(
        "<@{user}> already plays for {name}.", code="entrant_member_taken",
        user=user_id, name=name,
    )  # fmt: skip


def _require_member(entrant: Entrant, user_id: int) -> None:
    if user_id not in entrant.members:
        raise EntrantRefused(
            "<@{user}> is not a member of {name}.", code="entrant_not_member",
            user=user_id, name=entrant.name,
        )  # fmt: skip


async def _load(db: Tx | Db, rows: Sequence[Row]) -> list[Entrant]:
    """Entrants from their rows, with their members (captain first, then by joining)."""
    if not rows:
        return []
    ids = [int(r[0]) for r in rows]
    marks = ",".join("?" * len(ids))
    members: dict[int, list[int]] = {i: [] for i in ids}
    for m in await db.fetch(
        f"SELECT entrant_id, user_id FROM entrant_members WHERE entrant_id IN ({marks})"
        " ORDER BY entrant_id, joined_at, user_id",
        *ids,
    ):
        members[int(m[0])].append(int(m[1]))
    found = []
    for r in rows:
        captain = None if r[5] is None else int(r[5])
        people = members[int(r[0])]
        if captain in people:
            people.remove(captain)
            people.insert(0, captain)
        found.append(
            Entrant(
                id=int(r[0]),
                guild_id=int(r[1]),
                game=str(r[2]),
                size=int(r[3]),
                name=str(r[4]),
                captain_id=captain,
                members=tuple(people),
                created_at=float(r[6]),
                retired_at=None if r[7] is None else float(r[7]),
            )
        )
    return found


async def _one(db: Tx | Db, entrant_id: int) -> Entrant | None:
    rows = await db.fetch(f"SELECT {_ENTRANT_COLUMNS} FROM entrants WHERE id = ?", entrant_id)
    loaded = await _load(db, rows)
    return loaded[0] if loaded else None


async def _taken_by(
    tx: Tx, guild_id: int, game: str, size: int, users: Iterable[int]
) -> tuple[int, str] | None:
    """A (user, entrant name) among ``users`` already in an active entrant of this kind."""
    people = list(users)
    if not people:
        return None
    marks = ",".join("?" * len(people))
    row = await tx.fetchone(
        "SELECT m.user_id, e.name FROM entrant_members m JOIN entrants e ON e.id = m.entrant_id"
        f" WHERE m.guild_id = ? AND m.game = ? AND m.size = ? AND m.active = 1"
        f" AND m.user_id IN ({marks}) ORDER BY m.user_id LIMIT 1",
        guild_id,
        game,
        size,
        *people,
    )
    return None if row is None else (int(row[0]), str(row[1]))


def _lock_name(guild_id: int, game: str) -> str:
    return f"entrants:{guild_id}:{game}"


async def _insert_entrant(
    tx: Tx,
    guild_id: int,
    game: str,
    size: int,
    name: str,
    members: Sequence[int],
    captain_id: int | None,
    at: float,
) -> int:
    row = await tx.fetchone(
        "INSERT INTO entrants (guild_id, game, size, name, name_key, captain_id, created_at,"
        " retired_at) VALUES (?,?,?,?,?,?,?,NULL) RETURNING id",
        guild_id,
        game,
        size,
        name,
        name_key(name),
        captain_id,
        at,
    )
    assert row is not None
    entrant_id = int(row[0])
    await tx.executemany(
        "INSERT INTO entrant_members (entrant_id, user_id, guild_id, game, size, active,"
        " joined_at) VALUES (?,?,?,?,?,1,?)",
        [(entrant_id, u, guild_id, game, size, at + i * 1e-6) for i, u in enumerate(members)],
    )
    return entrant_id


# -- used inside the recording transaction (storage.matches) -----------------------------


async def entrants_for_groups(
    tx: Tx,
    guild_id: int,
    game: str,
    groups: Sequence[Sequence[tuple[int, str]]],
    known: dict[int, list[tuple[int, int]]] | None = None,
) -> list[int | None]:
    """The active entrant whose members are exactly each group's players (user id, name),
    or None. ``known`` (user -> their (entrant, size) pairs in this league) is a batch's
    cache: only players not in it are read, in one query. A player on their own counts for
    an entrant only once they have one (``SqlEntrantRepository.individual``: a match
    night's check-in makes it), so open play costs one small read at most."""
    memberships = {} if known is None else known
    missing = sorted({u for group in groups for u, _ in group} - set(memberships))
    if missing:
        for user in missing:
            memberships[user] = []
        marks = ",".join("?" * len(missing))
        for entrant, size, user in await tx.fetch(
            "SELECT entrant_id, size, user_id FROM entrant_members WHERE guild_id = ?"
            f" AND game = ? AND active = 1 AND user_id IN ({marks})",
            guild_id,
            game,
            *missing,
        ):
            memberships[int(user)].append((int(entrant), int(size)))
    found: list[int | None] = []
    for group in groups:
        users = {u for u, _ in group}
        # An entrant of k members holding k distinct players of the group is exactly them.
        common: set[tuple[int, int]] | None = None
        for user in users:
            mine = {m for m in memberships.get(user, []) if m[1] == len(group)}
            common = mine if common is None else common & mine
        picked = sorted(common or ()) if len(users) == len(group) else []
        found.append(picked[0][0] if len(picked) == 1 else None)
    return found


async def _individual(tx: Tx, guild_id: int, game: str, user: int, name: str, at: float) -> int:
    await tx.lock(_lock_name(guild_id, game))
    row = await tx.fetchone(
        "SELECT entrant_id FROM entrant_members WHERE guild_id = ? AND game = ? AND size = 1"
        " AND active = 1 AND user_id = ?",
        guild_id,
        game,
        user,
    )
    if row is not None:
        return int(row[0])
    # A display name may repeat: the player's own entrant is named by them, made unique.
    label = _clean_name(name or str(user))[: NAME_MAX - 8]
    clash = await tx.fetchone(
        "SELECT 1 FROM entrants WHERE guild_id = ? AND game = ? AND size = 1"
        " AND name_key = ? AND retired_at IS NULL",
        guild_id,
        game,
        name_key(label),
    )
    if clash is not None:
        label = f"{label} #{user % 10_000:04d}"
    return await _insert_entrant(tx, guild_id, game, 1, label, [user], user, at)


# -- the repository ----------------------------------------------------------------------


class SqlEntrantRepository:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def create(
        self,
        guild_id: int,
        game: str,
        size: int,
        name: str,
        members: Sequence[int],
        *,
        captain_id: int | None = None,
        at: float | None = None,
    ) -> Entrant:
        """A new entrant of ``size`` members (up to ``size`` given now; the others join
        with ``add_member``). The captain is the first member unless named. Refused
        (``EntrantRefused``) when the name is taken in this kind of league, a member is
        already in one, or the members do not fit."""
        name = _clean_name(name)
        people = list(dict.fromkeys(int(u) for u in members))
        if size < 1 or not 1 <= len(people) <= size:
            raise EntrantRefused(
                "An entrant of this league has {size} members.", code="entrant_size", size=size
            )
        captain = people[0] if captain_id is None else int(captain_id)
        if captain not in people:
            raise EntrantRefused("The captain must be a member.", code="entrant_captain")
        people.remove(captain)
        people.insert(0, captain)
        when = float(at if at is not None else time.time())
        async with self._db.transaction() as tx:
            await tx.lock(_lock_name(guild_id, game))
            clash = await tx.fetchone(
                "SELECT 1 FROM entrants WHERE guild_id = ? AND game = ? AND size = ?"
                " AND name_key = ? AND retired_at IS NULL",
                guild_id,
                game,
                size,
                name_key(name),
            )
            if clash is not None:
                raise EntrantRefused(
                    "There is already an entrant called {name}.", code="entrant_name_taken",
                    name=name,
                )  # fmt: skip
            taken = await _taken_by(tx, guild_id, game, size, people)
            if taken is not None:
                raise _plays_for(*taken)
            entrant_id = await _insert_entrant(
                tx, guild_id, game, size, name, people, captain, when
            )
            made = await _one(tx, entrant_id)
        assert made is not None
        return made

    async def get(self, entrant_id: int) -> Entrant | None:
        return await _one(self._db, entrant_id)

    async def individual(
        self, guild_id: int, game: str, user_id: int, name: str, *, at: float | None = None
    ) -> Entrant:
        """The player's own entrant in the game's individual league, made on first ask
        (named after them, made unique when a name repeats): a match night's check-in."""
        when = float(at if at is not None else time.time())
        async with self._db.transaction() as tx:
            entrant_id = await _individual(tx, guild_id, game, user_id, name, when)
            made = await _one(tx, entrant_id)
        assert made is not None
        return made

    async def many(self, entrant_ids: Iterable[int]) -> dict[int, Entrant]:
        """Entrants by id (missing ids left out)."""
        ids = sorted(set(entrant_ids))
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self._db.fetch(
            f"SELECT {_ENTRANT_COLUMNS} FROM entrants WHERE id IN ({marks})", *ids
        )
        return {e.id: e for e in await _load(self._db, rows)}

    async def find(self, guild_id: int, game: str, size: int, name: str) -> Entrant | None:
        """The active entrant of this name (any case) in this kind of league."""
        rows = await self._db.fetch(
            f"SELECT {_ENTRANT_COLUMNS} FROM entrants WHERE guild_id = ? AND game = ?"
            " AND size = ? AND name_key = ? AND retired_at IS NULL",
            guild_id,
            game,
            size,
            name_key(name),
        )
        loaded = await _load(self._db, rows)
        return loaded[0] if loaded else None

    async def of_user(
        self, guild_id: int, game: str, user_id: int, *, size: int | None = None
    ) -> list[Entrant]:
        """The active entrants a player belongs to in a game's leagues (one per size)."""
        sql = (
            f"SELECT {', '.join('e.' + c.strip() for c in _ENTRANT_COLUMNS.split(','))}"
            " FROM entrant_members m JOIN entrants e ON e.id = m.entrant_id"
            " WHERE m.user_id = ? AND m.guild_id = ? AND m.game = ? AND m.active = 1"
        )
        params: list[object] = [user_id, guild_id, game]
        if size is not None:
            sql += " AND m.size = ?"
            params.append(size)
        rows = await self._db.fetch(sql + " ORDER BY e.size, e.id", *params)
        return await _load(self._db, rows)

    async def in_league(
        self, guild_id: int, game: str, *, size: int | None = None, retired: bool = False
    ) -> list[Entrant]:
        """A league's entrants by name (active ones; ``retired`` adds the others)."""
        sql = f"SELECT {_ENTRANT_COLUMNS} FROM entrants WHERE guild_id = ? AND game = ?"
        params: list[object] = [guild_id, game]
        if size is not None:
            sql += " AND size = ?"
            params.append(size)
        if not retired:
            sql += " AND retired_at IS NULL"
        rows = await self._db.fetch(sql + " ORDER BY name_key, id", *params)
        return await _load(self._db, rows)

    async def add_member(
        self, entrant_id: int, user_id: int, *, at: float | None = None
    ) -> Entrant:
        when = float(at if at is not None else time.time())
        entrant = await self._active(entrant_id)
        async with self._db.transaction() as tx:
            await tx.lock(_lock_name(entrant.guild_id, entrant.game))
            entrant = await self._active(entrant_id, tx)
            if user_id in entrant.members:
                raise _plays_for(user_id, entrant.name)
            if entrant.complete:
                raise EntrantRefused(
                    "{name} already has {size} members.", code="entrant_full",
                    name=entrant.name, size=entrant.size,
                )  # fmt: skip
            taken = await _taken_by(tx, entrant.guild_id, entrant.game, entrant.size, [user_id])
            if taken is not None:
                raise _plays_for(*taken)
            await tx.execute(
                "INSERT INTO entrant_members (entrant_id, user_id, guild_id, game, size, active,"
                " joined_at) VALUES (?,?,?,?,?,1,?)",
                entrant.id,
                user_id,
                entrant.guild_id,
                entrant.game,
                entrant.size,
                when,
            )
            if entrant.captain_id is None:
                await tx.execute(
                    "UPDATE entrants SET captain_id = ? WHERE id = ?", user_id, entrant.id
                )
            done = await _one(tx, entrant.id)
        assert done is not None
        return done

    async def remove_member(self, entrant_id: int, user_id: int) -> Entrant:
        """A member leaves; the captaincy passes to the next member. The last member cannot
        leave (``retire`` the entrant instead): its matches keep a team behind them."""
        entrant = await self._active(entrant_id)
        async with self._db.transaction() as tx:
            await tx.lock(_lock_name(entrant.guild_id, entrant.game))
            entrant = await self._active(entrant_id, tx)
            _require_member(entrant, user_id)
            if len(entrant.members) == 1:
                raise EntrantRefused(
                    "{name} would have no members left: retire it instead.",
                    code="entrant_last_member", name=entrant.name,
                )  # fmt: skip
            await tx.execute(
                "DELETE FROM entrant_members WHERE entrant_id = ? AND user_id = ?",
                entrant.id,
                user_id,
            )
            if entrant.captain_id == user_id:
                heir = next(m for m in entrant.members if m != user_id)
                await tx.execute(
                    "UPDATE entrants SET captain_id = ? WHERE id = ?", heir, entrant.id
                )
            done = await _one(tx, entrant.id)
        assert done is not None
        return done

    async def set_captain(self, entrant_id: int, user_id: int) -> Entrant:
        async with self._db.transaction() as tx:
            entrant = await self._active(entrant_id, tx)
            _require_member(entrant, user_id)
            await tx.execute("UPDATE entrants SET captain_id = ? WHERE id = ?", user_id, entrant_id)
            done = await _one(tx, entrant_id)
        assert done is not None
        return done

    async def retire(self, entrant_id: int, *, at: float | None = None) -> Entrant:
        """The entrant stops (its name and members are free again); its record stays."""
        when = float(at if at is not None else time.time())
        async with self._db.transaction() as tx:
            entrant = await self._active(entrant_id, tx)
            await tx.execute("UPDATE entrants SET retired_at = ? WHERE id = ?", when, entrant.id)
            await tx.execute(
                "UPDATE entrant_members SET active = 0 WHERE entrant_id = ?", entrant.id
            )
            done = await _one(tx, entrant.id)
        assert done is not None
        return done

    async def for_members(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> Entrant | None:
        """The active entrant whose members are exactly these players."""
        users = sorted(set(user_ids))
        if not users:
            return None
        marks = ",".join("?" * len(users))
        row = await self._db.fetchone(
            "SELECT entrant_id FROM entrant_members WHERE guild_id = ? AND game = ?"
            f" AND size = ? AND active = 1 AND user_id IN ({marks})"
            " GROUP BY entrant_id HAVING COUNT(*) = ?",
            guild_id,
            game,
            len(users),
            *users,
            len(users),
        )
        return None if row is None else await self.get(int(row[0]))

    async def matches(
        self, entrant_id: int, *, before: int | None = None, limit: int = 50
    ) -> list[EntrantMatch]:
        """The entrant's recorded matches, newest first (``before``: a match id)."""
        sql = f"SELECT {_MATCH_COLUMNS} FROM match_entrants WHERE entrant_id = ?"
        params: list[object] = [entrant_id]
        if before is not None:
            sql += " AND match_id < ?"
            params.append(before)
        rows = await self._db.fetch(
            sql + " ORDER BY match_id DESC LIMIT ?", *params, max(1, min(int(limit), 1000))
        )
        return [_entrant_match(r) for r in rows]

    async def match_sides(self, match_id: int) -> list[EntrantMatch]:
        """Every entrant's side of one match, by team."""
        rows = await self._db.fetch(
            f"SELECT {_MATCH_COLUMNS} FROM match_entrants WHERE match_id = ? ORDER BY team",
            match_id,
        )
        return [_entrant_match(r) for r in rows]

    async def substitute_appearances(self, entrant_id: int) -> list[tuple[int, int, int]]:
        """(match id, seat, user id) of every match a substitute played for the entrant."""
        rows = await self._db.fetch(
            "SELECT match_id, seat, user_id FROM match_players WHERE entrant_id = ?"
            " AND substitute = 1 ORDER BY match_id, seat",
            entrant_id,
        )
        return [(int(r[0]), int(r[1]), int(r[2])) for r in rows if r[2] is not None]

    async def _active(self, entrant_id: int, db: Tx | Db | None = None) -> Entrant:
        entrant = await _one(db or self._db, entrant_id)
        if entrant is None or not entrant.active:
            raise EntrantRefused("There is no such entrant.", code="entrant_unknown")
        return entrant


def _entrant_match(r: Row) -> EntrantMatch:
    return EntrantMatch(
        match_id=int(r[0]),
        entrant_id=int(r[1]),
        team=int(r[2]),
        outcome=str(r[3]),
        rated=bool(r[4]),
        rating_before=None if r[5] is None else float(r[5]),
        rating_after=None if r[6] is None else float(r[6]),
        substitutes=int(r[7]),
        ended_at=float(r[8]),
        season=None if r[9] is None else int(r[9]),
    )

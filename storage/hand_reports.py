"""Hand reports (issue 31): what a player said about a hand, with what replays it.
Dialect-neutral SQL over ``storage.db``, so SQLite and PostgreSQL share it."""

from __future__ import annotations

import json
from typing import Any

from storage.db import Db, Row
from storage.records import HandReport

_COLUMNS = (
    "id, guild_id, channel_id, table_id, hand_number, move_number, user_id, text, game,"
    " players, seed, options, actions, at"
)


def _report(row: Row) -> HandReport:
    options = json.loads(str(row[11]))
    evidence = json.loads(str(row[12]))
    return HandReport(
        id=int(row[0]),
        guild_id=None if row[1] is None else int(row[1]),
        channel_id=int(row[2]),
        table_id=int(row[3]),
        hand_number=int(row[4]),
        move_number=int(row[5]),
        user_id=int(row[6]),
        text=str(row[7]),
        game=str(row[8]),
        players=int(row[9]),
        seed=int(row[10]),
        options=dict(options),
        deals=list(evidence.get("deals") or []),
        deal_version=int(evidence.get("deal_version") or 0),
        actions=[(int(seq), int(seat), str(a)) for seq, seat, a in evidence.get("actions") or []],
        at=float(row[13]),
    )


class SqlHandReportRepository:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def add(self, report: HandReport) -> int:
        evidence: dict[str, Any] = {
            "deals": report.deals,
            "deal_version": report.deal_version,
            "actions": [list(a) for a in report.actions],
        }
        async with self.db.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO hand_reports (guild_id, channel_id, table_id, hand_number,"
                " move_number, user_id, text, game, players, seed, options, actions, at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                report.guild_id,
                report.channel_id,
                report.table_id,
                report.hand_number,
                report.move_number,
                report.user_id,
                report.text,
                report.game,
                report.players,
                report.seed,
                json.dumps(report.options, sort_keys=True),
                json.dumps(evidence, separators=(",", ":")),
                report.at,
            )
        assert row is not None
        return int(row[0])

    async def for_guild(self, guild_id: int | None, limit: int = 20) -> list[HandReport]:
        """The server's latest reports, newest first."""
        if guild_id is None:  # a table outside any server (the console)
            rows = await self.db.fetch(
                f"SELECT {_COLUMNS} FROM hand_reports WHERE guild_id IS NULL"
                " ORDER BY id DESC LIMIT ?",
                limit,
            )
        else:
            rows = await self.db.fetch(
                f"SELECT {_COLUMNS} FROM hand_reports WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
                guild_id,
                limit,
            )
        return [_report(r) for r in rows]

    async def get(self, report_id: int) -> HandReport | None:
        row = await self.db.fetchone(f"SELECT {_COLUMNS} FROM hand_reports WHERE id = ?", report_id)
        return None if row is None else _report(row)

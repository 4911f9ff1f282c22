"""Hand reports (issue 31): a player's sentence about a hand, with the evidence attached.

A report copies the table's set-up (game, players, options, seed, deals, deal version) and
its action log up to the move it was made at, so that an exported report (``export``, a
JSON file) rebuilds the very match the player saw (``replay``): the console loads one with
``python bot.py console --replay FILE``. Nothing in a report is secret beyond what the
action log already holds; the file goes to a server admin, never to a channel.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from i18n import N_
from rules.contract import Match
from rules.registry import BUILTIN, GameRegistry
from rules.shuffle import LEGACY_DEAL_VERSION
from storage import Storage
from storage.records import HandReport, LoggedAction, SeatRecord, TableRecord, TableStatus
from tables.errors import NoSuchTable, TableError
from tables.manager import TableManager

REPORT_TEXT_MAX = 1000
"""Characters a report's sentence may have (the modal's limit too)."""
EXPORT_FORMAT = "card-table-hand-report/1"
REPLAY_CHANNEL = 1
REPLAY_USERS = 1_000_000


class NoSuchReport(TableError):
    template = N_("There is no such report.")


class EmptyReport(TableError):
    template = N_("Write what went wrong in a sentence.")


async def file_report(
    manager: TableManager, table_id: int, user_id: int, hand_number: int, text: str
) -> HandReport:
    """Store ``user_id``'s report about hand ``hand_number`` of the table, as stored now
    (read from storage: a finished table's last hand is reported after it has left
    memory too)."""
    text = " ".join(text.split())[:REPORT_TEXT_MAX]
    if not text:
        raise EmptyReport()
    record = await manager.storage.tables.get(table_id)
    if record is None:
        raise NoSuchTable()
    logged = await manager.storage.actions.for_table(table_id)
    actions = [(a.seq, a.seat, a.action_id) for a in logged]
    report = HandReport(
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        table_id=table_id,
        hand_number=hand_number,
        move_number=actions[-1][0] if actions else 0,
        user_id=user_id,
        text=text,
        game=record.game,
        players=record.players,
        seed=record.seed,
        options=dict(record.options),
        deals=[dict(d) for d in record.deals],
        deal_version=int(record.settings.get("deal_version", LEGACY_DEAL_VERSION)),
        actions=actions,
        at=time.time(),
    )
    report_id = await manager.storage.hand_reports.add(report)
    return HandReport(**{**report.__dict__, "id": report_id})


def export(report: HandReport) -> dict[str, Any]:
    """The report as one JSON-able object (what the admin command sends as a file)."""
    return {
        "format": EXPORT_FORMAT,
        "report": report.id,
        "table": report.table_id,
        "hand": report.hand_number,
        "move": report.move_number,
        "user": report.user_id,
        "text": report.text,
        "at": report.at,
        "game": report.game,
        "players": report.players,
        "seed": report.seed,
        "options": report.options,
        "deals": report.deals,
        "deal_version": report.deal_version,
        "actions": [list(a) for a in report.actions],
    }


def replay(exported: Mapping[str, Any], games: GameRegistry = BUILTIN) -> Match[Any]:
    """The match of an exported report, rebuilt to the move the report was made at.
    Raises ``ValueError`` (with why) for a file that is not a report or does not replay."""
    if exported.get("format") != EXPORT_FORMAT:
        raise ValueError("not a hand report export")
    game = str(exported.get("game"))
    if game not in games:
        raise ValueError(f"unknown game {game!r}")
    spec = games.get(game)
    match = spec.new_match(
        int(exported["players"]),
        dict(exported.get("options") or {}),
        seed=int(exported["seed"]),
        deals=list(exported.get("deals") or []),
        deal_version=int(exported.get("deal_version") or LEGACY_DEAL_VERSION),
    )
    move = int(exported.get("move") or 0)
    for seq, seat, action_id in exported.get("actions") or []:
        if int(seq) > move:
            break
        match.apply(int(seat), str(action_id))
    return match


async def store_for_replay(
    storage: Storage, exported: Mapping[str, Any], *, seat_user: tuple[int, int]
) -> int:
    """Store an exported report as a running table and its log (in a scratch database),
    for a manager's recovery to rebuild it the way a restart would; ``seat_user`` puts a
    user in one seat (the one to draw), the others hold placeholder users (nobody moves
    them, so the state stays as reported). Returns the table's id."""
    players = int(exported["players"])
    seat, user = seat_user
    seats: list[SeatRecord | None] = [
        SeatRecord(f"Seat {i + 1}", user_id=user if i == seat else REPLAY_USERS + i)
        for i in range(players)
    ]
    record = await storage.tables.create(
        TableRecord(
            game=str(exported["game"]),
            players=players,
            options=dict(exported.get("options") or {}),
            seed=int(exported["seed"]),
            channel_id=REPLAY_CHANNEL,
            status=TableStatus.RUNNING,
            seats=seats,
            deals=list(exported.get("deals") or []),
            settings={"deal_version": int(exported.get("deal_version") or LEGACY_DEAL_VERSION)},
        )
    )
    move = int(exported.get("move") or 0)
    await storage.actions.append_many(
        [
            LoggedAction(record.id, int(seq), int(s), str(action_id), 0.0)
            for seq, s, action_id in exported.get("actions") or []
            if int(seq) <= move
        ]
    )
    return record.id

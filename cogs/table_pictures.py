"""Card pictures in the table message and the hand view (issue 12).

The table picture is drawn from the table's public view, the hand picture from the seat's
view and legal actions (``pictures.from_views``); the renderer caches by scene, so a state
is drawn once however many times its message is rendered. The picture rides in the same
REST call as the text: an edit passes ``attachments=[file]`` (which also replaces the old
picture), a new message passes ``files=[file]`` (``send_kwargs``), and the embed shows it
through ``attachment://<name>``.

Whether a server sees pictures is its ``/config pictures`` setting (on by default). The
renders are synchronous, so the setting is cached per guild here: read once from storage
(``load``), updated when ``/config`` changes it (``remember``).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from pictures import render_hand, render_table
from pictures.from_views import hand_scene, table_scene
from rules import registry
from storage import TableStatus
from storage.repositories import GuildSettingsRepository
from tables.table import SeatView, TableState

log = logging.getLogger(__name__)

Translate = Callable[[str], str]

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"


def table_picture(state: TableState, names: list[str], t: Translate) -> bytes | None:
    """The running table as a PNG, or None (no match on the table, or a view the builders
    cannot draw: the text still says everything, so a picture is never worth an error)."""
    if state.status is not TableStatus.RUNNING or not state.public:
        return None
    try:
        spec = registry.get(state.game)
        return render_table(table_scene(state.public, spec, names, translate=t))
    except Exception:
        log.exception("table %s: no picture for this state", state.id)
        return None


def hand_picture(view: SeatView) -> bytes | None:
    """The seat's hand as a PNG (legal plays raised), or None when it holds no card."""
    if not view.view.get("hand"):
        return None
    try:
        return render_hand(hand_scene(view.view, view.legal))
    except Exception:
        log.exception("table %s seat %s: no hand picture", view.table_id, view.seat)
        return None


def attachments(picture: bytes | None, filename: str) -> list[discord.File]:
    """What an edit passes as ``attachments``: the picture, or nothing (which also removes
    a picture the message carried)."""
    return [] if picture is None else [discord.File(io.BytesIO(picture), filename)]


def show_in(embed: discord.Embed, picture: bytes | None, filename: str) -> None:
    if picture is not None:
        embed.set_image(url=f"attachment://{filename}")


def send_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Edit keywords made fit for creating a message: ``attachments`` become ``files``."""
    out = dict(kwargs)
    files = out.pop("attachments", None)
    if files:
        out["files"] = files
    return out


class PictureSettings:
    """Per guild: whether pictures are shown (``/config pictures``; default on)."""

    def __init__(self, guilds: GuildSettingsRepository | None = None) -> None:
        self._guilds = guilds
        self._on: dict[int, bool] = {}

    def on(self, guild_id: int | None) -> bool:
        return guild_id is None or self._on.get(guild_id, True)

    def remember(self, guild_id: int, on: bool) -> None:
        self._on[guild_id] = on

    async def load(self, guild_id: int | None) -> None:
        """Read the guild's setting once (later renders use the cached value)."""
        if guild_id is None or guild_id in self._on or self._guilds is None:
            return
        try:
            settings = await self._guilds.get(guild_id)
        except Exception:
            log.exception("guild %s: settings unreadable, pictures stay on", guild_id)
            return
        self._on[guild_id] = settings.pictures

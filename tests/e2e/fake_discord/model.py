"""The fake's world: snowflakes, a clock tests can move, users, channels, messages,
interactions, and recorded REST calls. Objects render themselves as Discord payloads."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15
ALL_PERMISSIONS = str((1 << 50) - 1)
MEMBER_PERMISSIONS = str(0x0000_0000_0006_4C41)  # view, send, read history, use app commands


class FakeClock:
    """Real monotonic time plus an offset that tests advance (``advance(16 * 60)``)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


class Snowflakes:
    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self, age: float = 0.0) -> int:
        """A new id whose timestamp is ``age`` seconds ago."""
        ms = int((time.time() - age) * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class FakeUser:
    id: int
    username: str
    locale: str = "en-US"
    bot: bool = False
    permissions: str = MEMBER_PERMISSIONS

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.username,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_payload(self) -> dict[str, Any]:
        return {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": self.permissions,
        }


@dataclass
class FakeChannel:
    id: int
    guild_id: int
    name: str
    type: int = 0  # 0 text, 11 public thread
    parent_id: int | None = None
    position: int = 0

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "name": self.name,
            "type": self.type,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }
        if self.type == 11:
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso_now(),
                "locked": False,
            }
            data["owner_id"] = "0"
            data["message_count"] = 0
            data["member_count"] = 0
        return data


UPLOADS = "__uploads__"
"""Key under which the server hands a body's uploaded files (``files[n]`` parts) to
``FakeMessage.apply``; never a Discord field."""


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes
    content_type: str


_ATTACHMENT_IDS = itertools.count(1)


@dataclass
class FakeMessage:
    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None  # a user id for ephemeral messages
    interaction_id: int | None = None
    edits: int = 0
    deleted: bool = False
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    attachments: list[dict[str, Any]] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)
    """Attachment id -> the uploaded bytes (what a user would download)."""
    uploads: int = 0
    """Files uploaded to this message over its life (each edit's new ones count)."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def apply(self, body: dict[str, Any], *, edit: bool) -> None:
        """A create or edit body: only keys present change (Discord's PATCH semantics)."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = list(body["embeds"] or [])
        if "attachments" in body or UPLOADS in body:
            self._apply_attachments(body.get("attachments"), body.get(UPLOADS) or {})
        if "components" in body:
            self.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            keep = self.flags & (EPHEMERAL | IS_COMPONENTS_V2)  # neither can be removed
            self.flags = (int(body["flags"]) & ~LOADING) | keep
        if edit:
            self.flags &= ~LOADING
            self.edits += 1
            self.edited_timestamp = iso_now()

    def _apply_attachments(
        self, listed: list[dict[str, Any]] | None, uploads: dict[str, Upload]
    ) -> None:
        """Discord's rule: ``attachments`` lists what the message keeps (existing ids) and
        describes new files (``id`` = the upload's index); without it, the existing ones are
        kept and every upload is added."""
        existing = {a["id"]: a for a in self.attachments}
        if listed is None:
            listed = [{"id": key} for key in existing] + [{"id": key} for key in uploads]
        kept: list[dict[str, Any]] = []
        for entry in listed:
            key = str(entry.get("id"))
            if key in uploads:
                upload = uploads[key]
                new_id = str(next(_ATTACHMENT_IDS))
                filename = str(entry.get("filename") or upload.filename)
                kept.append(
                    {
                        "id": new_id,
                        "filename": filename,
                        "size": len(upload.data),
                        "content_type": upload.content_type,
                        "url": f"https://cdn.fake/attachments/{self.id}/{new_id}/{filename}",
                        "proxy_url": f"https://media.fake/{self.id}/{new_id}/{filename}",
                    }
                )
                self.files[new_id] = upload.data
                self.uploads += 1
            elif key in existing:
                kept.append(existing[key])
        self.files = {a["id"]: self.files[a["id"]] for a in kept if a["id"] in self.files}
        self.attachments = kept

    def attachment(self, filename: str) -> bytes | None:
        """The bytes of the attachment named ``filename``, if the message carries one."""
        for a in self.attachments:
            if a["filename"] == filename:
                return self.files.get(a["id"])
        return None

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags,
        }

    # -- what a user sees ------------------------------------------------------------

    def walk(self) -> list[dict[str, Any]]:
        """Every component, however deep (a Components v2 card nests rows in a container,
        a button may be a section's accessory), in display order."""
        # A stack, not a recursive closure: the load bench's users walk every message they
        # click on (a few percent of its process's CPU).
        found: list[dict[str, Any]] = []
        stack = self.components[::-1]
        while stack:
            c = stack.pop()
            found.append(c)
            accessory = c.get("accessory")
            if isinstance(accessory, dict):
                stack.append(accessory)  # after the children, which go on top
            children = c.get("components")
            if children:
                stack.extend(reversed(children))
        return found

    @property
    def components_v2(self) -> bool:
        return bool(self.flags & IS_COMPONENTS_V2)

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.walk() if c.get("type") == 3]

    def text_displays(self) -> list[str]:
        return [str(c.get("content") or "") for c in self.walk() if c.get("type") == 10]

    def images(self) -> list[str]:
        """The media urls of the message's galleries (``attachment://table.png``)."""
        return [
            str((item.get("media") or {}).get("url") or "")
            for c in self.walk()
            if c.get("type") == 12
            for item in c.get("items") or []
        ]

    def button(
        self, label: str | None = None, *, custom_id_prefix: str | None = None
    ) -> dict[str, Any]:
        """The button with this exact label (or custom_id prefix); KeyError lists them."""
        for b in self.buttons():
            if label is not None and b.get("label") == label:
                return b
            if custom_id_prefix is not None and str(b.get("custom_id", "")).startswith(
                custom_id_prefix
            ):
                return b
        labels = [b.get("label") for b in self.buttons()]
        raise KeyError(f"no button {label or custom_id_prefix!r}; buttons: {labels}")

    def text(self) -> str:
        """Content, every text display and every embed's text, for assertions."""
        parts = [self.content, *self.text_displays()]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((e.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)


@dataclass
class RecordedCall:
    method: str
    path: str
    route: str  # the route template, e.g. "PATCH /channels/{channel_id}/messages/{message_id}"
    status: int
    at: float
    body: Any = None
    interaction_id: int | None = None


@dataclass
class FakeInteraction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    created_at: float
    sent_at_monotonic: float
    message: FakeMessage | None = None  # the message a component sits on
    response_type: int | None = None
    acked_at: float | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    acked: asyncio.Event = field(default_factory=asyncio.Event)
    settled: asyncio.Event = field(default_factory=asyncio.Event)
    ack_latency: float | None = None
    modal: dict[str, Any] | None = None
    """The modal the bot answered with (callback type 9), for the user to fill in."""
    settle_latency: float | None = None
    """Seconds from INTERACTION_CREATE to the answer itself (after a defer, its edit or
    follow-up; otherwise the acknowledgement)."""

    def settle(self) -> None:
        if not self.settled.is_set():
            self.settle_latency = time.monotonic() - self.sent_at_monotonic
            self.settled.set()

"""The fake Discord: REST and gateway on 127.0.0.1 (see shared/design/testing.md).

The bot reaches it only through settings (``api_base_url``, ``gateway_url``). Every REST call
is recorded; limits, acknowledgement deadlines, token expiry and a per-channel edit rate
limit behave like Discord's, and anything unknown is recorded as a failure that the test
fixtures turn into a failed test.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import re
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from aiohttp import WSMsgType, web

from tests.e2e.fake_discord import multipart
from tests.e2e.fake_discord.limits import validate_message
from tests.e2e.fake_discord.model import (
    ALL_PERMISSIONS,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    UPLOADS,
    FakeChannel,
    FakeClock,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    RecordedCall,
    Snowflakes,
    Upload,
)
from tests.e2e.fake_discord.picker_limits import picker_response_errors
from tests.e2e.fake_discord.spec import allowance, spec_errors, spec_present, warm_up

API_PREFIX = "/api/v10"
ACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
HEARTBEAT_INTERVAL_MS = 41250

Handler = Callable[[web.Request, dict[str, str]], Awaitable[web.Response]]


FILE_PART = re.compile(r"files\[(\d+)\]")

BODY: web.RequestKey[Any] = web.RequestKey("body", Any)
ARRIVED: web.RequestKey[float] = web.RequestKey("arrived", float)
"""When this fake started on a request (``time.monotonic``), before reading its body."""


def json_bytes(data: Any) -> bytes:
    """JSON of ``data`` by orjson (the load benchmark's fake serialises every message it
    returns; the stdlib's encoder was a tenth of its CPU); the stdlib's for what orjson
    refuses (integer keys, integers past 64 bits)."""
    try:
        return orjson.dumps(data)
    except TypeError:
        return json.dumps(data).encode()


def json_text(data: Any) -> str:
    return json_bytes(data).decode()


def json_loads(text: str | bytes) -> Any:
    return orjson.loads(text)


def json_response(
    data: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """Exactly ``application/json`` (discord.py parses JSON only with that content type)."""
    return web.Response(
        body=json_bytes(data),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


class EditRateLimiter:
    """At most ``limit`` message writes per ``window`` seconds per channel (fake clock)."""

    def __init__(self, clock: FakeClock, limit: int, window: float) -> None:
        self.clock, self.limit, self.window = clock, limit, window
        self._hits: dict[int, collections.deque[float]] = collections.defaultdict(collections.deque)
        self.rejections = 0

    def check(self, channel_id: int) -> tuple[float | None, int, float]:
        """``(retry_after or None, remaining, reset_after)``; records the hit if allowed."""
        now = self.clock.now()
        hits = self._hits[channel_id]
        while hits and now - hits[0] >= self.window:
            hits.popleft()
        if len(hits) >= self.limit:
            self.rejections += 1
            return max(0.001, hits[0] + self.window - now), 0, hits[0] + self.window - now
        hits.append(now)
        return None, self.limit - len(hits), hits[0] + self.window - now


class FakeDiscord:
    def __init__(
        self,
        *,
        edit_limit: int = 5,
        edit_window: float = 5.0,
        ack_deadline: float = ACK_DEADLINE,
    ) -> None:
        self.clock = FakeClock()
        self.ids = Snowflakes()
        self.bot_token = "fake-bot-token-" + secrets.token_hex(8)
        self.bot_user = FakeUser(self.ids.next(), "Card Table", bot=True)
        self.owner = FakeUser(self.ids.next(), "owner", permissions=ALL_PERMISSIONS)
        self.application_id = self.bot_user.id
        self.guild_id = self.ids.next()
        self.guild_locale = "en-US"
        self.users: dict[int, FakeUser] = {self.owner.id: self.owner}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self._by_token: weakref.WeakValueDictionary[str, FakeInteraction] = (
            weakref.WeakValueDictionary()
        )
        """``interactions`` by token (a webhook call names its interaction by token only:
        scanning them all cost the load benchmark's fake O(interactions) per call)."""
        self.calls: list[RecordedCall] = []
        self.failures: list[str] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.ack_deadline = ack_deadline
        self.check_spec = spec_present()
        """Every request body is checked against Discord's OpenAPI spec when it is beside
        the checkout (``../shared/discord-api-spec``; CI lays it there)."""
        self.settle_timeout = 5.0
        """How long a simulated user waits for a deferred answer before failing."""
        self.limiter = EditRateLimiter(self.clock, edit_limit, edit_window)
        self.main_channel = self.add_channel("games")
        self.ready = asyncio.Event()
        self.identified_count = 0
        self.resumed_count = 0
        self._sessions: set[str] = set()
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], str, Handler]] = []
        self._add_routes()

    # -- lifecycle -----------------------------------------------------------------

    async def start(self) -> None:
        if self.check_spec:
            warm_up()
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._dispatch_http)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        if self._ws is not None and not self._ws.closed:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    # -- the world -------------------------------------------------------------------

    def add_channel(self, name: str) -> FakeChannel:
        channel = FakeChannel(self.ids.next(), self.guild_id, name, position=len(self.channels))
        self.channels[channel.id] = channel
        return channel

    def add_user(self, name: str, *, locale: str = "en-US", admin: bool = False) -> FakeUser:
        user = FakeUser(self.ids.next(), name, locale=locale)
        if admin:
            user.permissions = ALL_PERMISSIONS
        self.users[user.id] = user
        return user

    def channel_messages(self, channel_id: int | None = None) -> list[FakeMessage]:
        """Non-ephemeral, undeleted messages in a channel, oldest first."""
        cid = channel_id or self.main_channel.id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == cid and not m.ephemeral and not m.deleted
        ]

    async def wait_for_call(
        self, route_prefix: str, interaction_id: int | None = None, timeout: float = 5.0
    ) -> RecordedCall:
        """The first recorded call on that route (for that interaction), waiting for it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for call in self.calls:
                if call.route.startswith(route_prefix) and (
                    interaction_id is None or call.interaction_id == interaction_id
                ):
                    return call
            await asyncio.sleep(0.01)
        raise AssertionError(f"no call to {route_prefix} within {timeout}s")

    def calls_matching(self, route_prefix: str) -> list[RecordedCall]:
        return [c for c in self.calls if c.route.startswith(route_prefix)]

    def guild_payload(self) -> dict[str, Any]:
        everyone = {
            "id": str(self.guild_id),
            "name": "@everyone",
            "permissions": "2248473465835073",
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        members = [u.member_payload() for u in (self.bot_user, *self.users.values())]
        return {
            "id": str(self.guild_id),
            "name": "Card Table Test Server",
            "icon": None,
            "owner_id": str(self.owner.id),
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [c.payload() for c in self.channels.values() if c.type != 11],
            "threads": [c.payload() for c in self.channels.values() if c.type == 11],
            "members": members,
            "member_count": len(members),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "large": False,
            "unavailable": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "preferred_locale": self.guild_locale,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
        }

    # -- gateway ---------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._ws = ws
        self._seq = 0
        await ws.send_str(json_text({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            frame = json_loads(msg.data)
            op = frame.get("op")
            if op == 1:
                await ws.send_str(json_text({"op": 11}))
            elif op == 2:
                await self._identify(ws, frame["d"])
            elif op == 6:
                await self._resume(ws, frame["d"])
            elif op in (3, 4, 8):
                pass
            else:
                self.failures.append(f"gateway: unexpected op {op}")
        if self._ws is ws:
            self._ws = None
            self.ready.clear()
        return ws

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        """Resume a known session (no events were missed here); otherwise invalid session."""
        if data.get("token") != self.bot_token or data.get("session_id") not in self._sessions:
            await ws.send_str(json_text({"op": 9, "d": False}))
            return
        self.resumed_count += 1
        self._seq = int(data.get("seq") or 0)
        await self._send_dispatch(ws, "RESUMED", {})
        self.ready.set()

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if data.get("token") != self.bot_token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        self.identified_count += 1
        session = secrets.token_hex(16)
        self._sessions.add(session)
        await self._send_dispatch(
            ws,
            "READY",
            {
                "v": 10,
                "user": self.bot_user.payload(),
                "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                "session_id": session,
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
            },
        )
        await self._send_dispatch(ws, "GUILD_CREATE", self.guild_payload())
        self.ready.set()

    async def _send_dispatch(self, ws: web.WebSocketResponse, event: str, data: Any) -> None:
        self._seq += 1
        await ws.send_str(json_text({"op": 0, "t": event, "s": self._seq, "d": data}))

    async def request_reconnect(self) -> None:
        """Ask the bot to reconnect (op 7), as Discord does now and then."""
        if self._ws is None:
            raise RuntimeError("the bot is not connected to the fake gateway")
        self.ready.clear()
        await self._ws.send_str(json_text({"op": 7, "d": None}))

    async def dispatch(self, event: str, data: Any) -> None:
        if self._ws is None or self._ws.closed:
            raise RuntimeError("the bot is not connected to the fake gateway")
        await self._send_dispatch(self._ws, event, data)

    # -- interactions (what simulated users do) ---------------------------------------

    async def create_interaction(
        self,
        user: FakeUser,
        kind: int,
        data: dict[str, Any],
        *,
        channel_id: int | None = None,
        message: FakeMessage | None = None,
        age: float = 0.0,
    ) -> FakeInteraction:
        """Send INTERACTION_CREATE; ``age`` makes it look that many seconds old already."""
        cid = channel_id or (message.channel_id if message else self.main_channel.id)
        interaction = FakeInteraction(
            id=self.ids.next(age),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            type=kind,
            user=user,
            channel_id=cid,
            created_at=self.clock.now() - age,
            sent_at_monotonic=time.monotonic(),
            message=message,
        )
        self.interactions[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        channel = self.channels[cid]
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": self.guild_locale, "features": []},
            "channel_id": str(cid),
            "channel": channel.payload(),
            "member": user.member_payload(),
            "token": interaction.token,
            "version": 1,
            "app_permissions": ALL_PERMISSIONS,
            "locale": user.locale,
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 8 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message.payload()
        # Timed from here: building the payload is this fake's work, not the bot's.
        interaction.sent_at_monotonic = time.monotonic()
        await self.dispatch("INTERACTION_CREATE", payload)
        return interaction

    def interaction_by_token(self, token: str) -> FakeInteraction:
        interaction = self._by_token.get(token)
        if interaction is None or self.interactions.get(interaction.id) is not interaction:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return interaction

    # -- REST ------------------------------------------------------------------------

    def _add_routes(self) -> None:
        r = self._route
        r("GET", "/users/@me", self._get_me)
        r("GET", "/oauth2/applications/@me", self._get_application)
        r("GET", "/gateway", self._get_gateway)
        r("GET", "/gateway/bot", self._get_gateway_bot)
        r("GET", "/applications/{app_id}/commands", self._get_commands)
        r("PUT", "/applications/{app_id}/commands", self._put_commands)
        r("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self._get_commands)
        r("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self._put_commands)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self._callback)
        r("POST", "/webhooks/{app_id}/{token}", self._followup)
        r("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_get)
        r("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_edit)
        r("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_delete)
        r("GET", "/channels/{channel_id}", self._get_channel)
        r("GET", "/channels/{channel_id}/messages", self._channel_history)
        r("POST", "/channels/{channel_id}/messages", self._channel_post)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self._channel_get)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self._channel_edit)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self._channel_delete)
        r("POST", "/channels/{channel_id}/threads", self._create_thread)
        r(
            "POST",
            "/channels/{channel_id}/messages/{message_id}/threads",
            self._create_thread,
        )
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._no_content)

    def _route(self, method: str, template: str, handler: Handler) -> None:
        pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self._routes.append((method, re.compile(f"^{pattern}$"), template, handler))

    async def _dispatch_http(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._gateway(request)
        sub = path[len(API_PREFIX) :] if path.startswith(API_PREFIX) else None
        request[ARRIVED] = time.monotonic()  # before this fake reads (and checks) the body
        body = await self._read_body(request)
        for method, pattern, template, handler in self._routes:
            match = pattern.match(sub or "")
            if sub is not None and method == request.method and match:
                params = match.groupdict()
                route = f"{method} {template}"
                try:
                    self._check_auth(request, template)
                    self._check_spec(request, sub or "", body)
                    request[BODY] = body
                    response = await handler(request, params)
                except DiscordError as err:
                    response = err.response()
                    if err.status != 429:
                        self.failures.append(f"{route}: {err.status} {err.code} {err.message}")
                self._record(request, route, response.status, body, params)
                return response
        self.failures.append(f"unknown route {request.method} {path}")
        self._record(request, f"{request.method} ?", 404, body, {})
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    def _record(
        self, request: web.Request, route: str, status: int, body: Any, params: dict[str, str]
    ) -> None:
        interaction_id = None
        if "interaction_id" in params:
            interaction_id = int(params["interaction_id"])
        elif "token" in params:
            with contextlib.suppress(DiscordError):
                interaction_id = self.interaction_by_token(params["token"]).id
        self.calls.append(
            RecordedCall(
                request.method, request.path, route, status, self.clock.now(), body, interaction_id
            )
        )

    async def _read_body(self, request: web.Request) -> Any:
        if not request.can_read_body:
            return None
        # The raw header, not ``request.content_type``: aiohttp parses that through the
        # email package on every request whose boundary is new (every upload).
        content_type = request.headers.get("Content-Type", "")
        if multipart.is_multipart(content_type):
            # Discord's upload format: a ``payload_json`` part (the JSON body) and one part
            # per file named ``files[n]``, which the body's ``attachments`` entry with
            # ``id: n`` describes. The files reach the message as ``UPLOADS`` (inside
            # ``data`` for an interaction callback, where the message body sits).
            payload: Any = None
            uploads: dict[str, Upload] = {}
            for part in multipart.parts(content_type, await request.read()):
                if part.name == "payload_json":
                    payload = json_loads(part.text())
                    continue
                found = FILE_PART.fullmatch(part.name)
                if found is None:
                    continue  # not a file part: Discord ignores it too
                uploads[found.group(1)] = Upload(
                    part.filename or "file", part.data, part.content_type
                )
            if uploads and isinstance(payload, dict):
                inner = payload.get("data")
                target: dict[str, Any] = inner if isinstance(inner, dict) else payload
                target[UPLOADS] = uploads
            return payload
        text = await request.text()
        return json_loads(text) if text else None

    def _check_spec(self, request: web.Request, path: str, body: Any) -> None:
        """Reject a body Discord's published spec rejects (``spec.py``)."""
        if body is None or not self.check_spec:
            return
        errors = spec_errors(request.method, path, allowance(body, UPLOADS))
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body (spec)", {"spec": errors[:5]})

    def _check_auth(self, request: web.Request, template: str) -> None:
        if template.startswith(("/interactions/", "/webhooks/")):
            return
        if request.headers.get("Authorization") != f"Bot {self.bot_token}":
            raise DiscordError(401, 0, "401: Unauthorized")

    # -- REST handlers ----------------------------------------------------------------

    async def _get_me(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return json_response(self.bot_user.payload())

    async def _get_application(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return json_response(
            {
                "id": str(self.application_id),
                "name": "Card Table",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
            }
        )

    async def _get_gateway(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    def _command_list(self, p: dict[str, str]) -> list[dict[str, Any]]:
        if "guild_id" in p:
            return self.guild_commands.setdefault(int(p["guild_id"]), [])
        return self.global_commands

    async def _get_commands(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return json_response(self._command_list(p))

    async def _put_commands(self, request: web.Request, p: dict[str, str]) -> web.Response:
        body = request[BODY] or []
        stored = []
        for command in body:
            name = command.get("name", "")
            if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
                raise DiscordError(400, 50035, "Invalid Form Body", {"name": name})
            if len(command.get("description", "")) > 100:
                raise DiscordError(400, 50035, "Invalid Form Body", {"description": name})
            if len(command.get("options") or []) > 25:
                raise DiscordError(400, 50035, "Invalid Form Body", {"options": name})
            data = dict(command)
            data.update(id=str(self.ids.next()), application_id=str(self.application_id))
            data.setdefault("type", 1)
            data.setdefault("version", str(self.ids.next()))
            if "guild_id" in p:
                data["guild_id"] = p["guild_id"]
            stored.append(data)
        target = self._command_list(p)
        target[:] = stored
        return json_response(stored)

    def command(self, name: str, guild: bool | None = None) -> dict[str, Any]:
        """A synced command by name (guild commands first); KeyError if never synced."""
        pools = [*self.guild_commands.values(), self.global_commands]
        for pool in pools:
            for c in pool:
                if c["name"] == name:
                    return c
        raise KeyError(f"command /{name} was not synced")

    async def _callback(self, request: web.Request, p: dict[str, str]) -> web.Response:
        interaction = self.interactions.get(int(p["interaction_id"]))
        if interaction is None or interaction.token != p["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.response_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        latency = self.clock.now() - interaction.created_at
        if latency > self.ack_deadline:
            raise DiscordError(404, 10062, "Unknown interaction")
        body = request[BODY] or {}
        kind = body.get("type")
        data = body.get("data") or {}
        if kind == 4:
            self._validate(data)
        elif kind == 7 and interaction.message is not None:
            self._validate(data, self.messages.get(interaction.message.id))
        picker_errors = picker_response_errors(interaction.type, kind, data)
        if picker_errors:
            raise DiscordError(400, 50035, "Invalid Form Body", picker_errors.tree)
        message: FakeMessage | None = None
        if kind == 4 or kind == 5:
            flags = int(data.get("flags") or 0)
            message = FakeMessage(
                self.ids.next(),
                interaction.channel_id,
                self.bot_user,
                flags=(flags & EPHEMERAL) | (LOADING if kind == 5 else 0),
                visible_to=interaction.user.id if flags & EPHEMERAL else None,
                interaction_id=interaction.id,
            )
            if kind == 4:
                message.apply(data, edit=False)
            self.messages[message.id] = message
        elif kind in (6, 7):
            if interaction.message is None:
                raise DiscordError(400, 40004, "Interaction is not on a message")
            message = self.messages[interaction.message.id]
            if kind == 7:
                message.apply(data, edit=True)
        elif kind == 8:
            pass
        elif kind == 9:
            interaction.modal = data
        else:
            raise DiscordError(400, 50035, "Invalid Form Body", {"type": kind})
        interaction.response_type = kind
        interaction.acked_at = self.clock.now()
        interaction.ack_latency = request[ARRIVED] - interaction.sent_at_monotonic
        interaction.original_message_id = message.id if message else None
        interaction.acked.set()
        if kind in (4, 7, 8, 9):
            interaction.settle()
        if request.query.get("with_response") in ("1", "true", "True"):
            response: dict[str, Any] = {
                "interaction": {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "response_message_id": str(message.id) if message else None,
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": bool(message and message.ephemeral),
                }
            }
            if message is not None:
                response["resource"] = {"type": kind, "message": message.payload()}
            return json_response(response)
        return web.Response(status=204)

    def _live_token(self, token: str) -> FakeInteraction:
        interaction = self.interaction_by_token(token)
        if self.clock.now() - interaction.created_at > TOKEN_LIFETIME:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if interaction.response_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return interaction

    def _webhook_message(self, interaction: FakeInteraction, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if interaction.original_message_id is None:
                raise DiscordError(404, 10008, "Unknown Message")
            mid = interaction.original_message_id
        else:
            mid = int(message_id)
            if mid != interaction.original_message_id and mid not in interaction.followup_ids:
                raise DiscordError(404, 10008, "Unknown Message")
        message = self.messages.get(mid)
        if message is None or message.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def _followup(self, request: web.Request, p: dict[str, str]) -> web.Response:
        interaction = self._live_token(p["token"])
        data = request[BODY] or {}
        self._validate(data)
        flags = int(data.get("flags") or 0)
        if interaction.response_type == 5 and not interaction.settled.is_set():
            # The first followup after a deferred reply fills the "thinking" message.
            message = self.messages[interaction.original_message_id or 0]
            message.apply(data, edit=True)
        else:
            message = FakeMessage(
                self.ids.next(),
                interaction.channel_id,
                self.bot_user,
                flags=flags & EPHEMERAL,
                visible_to=interaction.user.id if flags & EPHEMERAL else None,
                interaction_id=interaction.id,
            )
            message.apply(data, edit=False)
            self.messages[message.id] = message
            interaction.followup_ids.append(message.id)
        interaction.settle()
        return json_response(message.payload())

    async def _webhook_get(self, request: web.Request, p: dict[str, str]) -> web.Response:
        interaction = self._live_token(p["token"])
        return json_response(self._webhook_message(interaction, p["message_id"]).payload())

    async def _webhook_edit(self, request: web.Request, p: dict[str, str]) -> web.Response:
        interaction = self._live_token(p["token"])
        message = self._webhook_message(interaction, p["message_id"])
        data = request[BODY] or {}
        self._validate(data, message)
        message.apply(data, edit=True)
        interaction.settle()
        return json_response(message.payload())

    async def _webhook_delete(self, request: web.Request, p: dict[str, str]) -> web.Response:
        interaction = self._live_token(p["token"])
        self._webhook_message(interaction, p["message_id"]).deleted = True
        interaction.settle()
        return web.Response(status=204)

    def _channel(self, p: dict[str, str]) -> FakeChannel:
        channel = self.channels.get(int(p["channel_id"]))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, p: dict[str, str]) -> FakeMessage:
        channel = self._channel(p)
        message = self.messages.get(int(p["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id:
            raise DiscordError(404, 10008, "Unknown Message")
        if message.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    def _rate_limited(self, channel_id: int) -> dict[str, str]:
        retry_after, remaining, reset_after = self.limiter.check(channel_id)
        headers = {
            "X-RateLimit-Limit": str(self.limiter.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset-After": f"{max(reset_after, 0.0):.3f}",
            "X-RateLimit-Reset": f"{time.time() + max(reset_after, 0.0):.3f}",
            "X-RateLimit-Bucket": f"channel-messages-{channel_id}",
        }
        if retry_after is not None:
            raise RateLimitedError(retry_after, headers)
        return headers

    async def _get_channel(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return json_response(self._channel(p).payload())

    async def _channel_post(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel(p)
        data = request[BODY] or {}
        self._validate(data)
        headers = self._rate_limited(channel.id)
        message = FakeMessage(self.ids.next(), channel.id, self.bot_user)
        message.apply({**data, "flags": 0}, edit=False)
        self.messages[message.id] = message
        return json_response(message.payload(), headers=headers)

    async def _channel_history(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel(p)
        limit = min(int(request.query.get("limit", "50")), 100)
        newest_first = sorted(self.channel_messages(channel.id), key=lambda m: -m.id)
        return json_response([m.payload() for m in newest_first[:limit]])

    async def _channel_get(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return json_response(self._channel_message(p).payload())

    async def _channel_edit(self, request: web.Request, p: dict[str, str]) -> web.Response:
        message = self._channel_message(p)
        data = request[BODY] or {}
        self._validate(data, message)
        headers = self._rate_limited(message.channel_id)
        message.apply(data, edit=True)
        return json_response(message.payload(), headers=headers)

    async def _channel_delete(self, request: web.Request, p: dict[str, str]) -> web.Response:
        self._channel_message(p).deleted = True
        return web.Response(status=204)

    async def _create_thread(self, request: web.Request, p: dict[str, str]) -> web.Response:
        parent = self._channel(p)
        data = request[BODY] or {}
        name = str(data.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise DiscordError(400, 50035, "Invalid Form Body", {"name": name})
        thread = FakeChannel(self.ids.next(), self.guild_id, name, type=11, parent_id=parent.id)
        self.channels[thread.id] = thread
        payload = thread.payload()
        payload["newly_created"] = True
        await self.dispatch("THREAD_CREATE", payload)
        return json_response(thread.payload(), status=201)

    async def _no_content(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return web.Response(status=204)

    def _validate(self, data: dict[str, Any], edited: FakeMessage | None = None) -> None:
        """A create body, or an edit of ``edited``: a Components v2 message stays one (its
        flag cannot be removed, so an edit is checked as v2 whatever flags it sends)."""
        if edited is not None and edited.components_v2:
            data = {**data, "flags": int(data.get("flags") or 0) | IS_COMPONENTS_V2}
        errors = validate_message(data)
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body", errors.tree)


class RateLimitedError(DiscordError):
    def __init__(self, retry_after: float, headers: dict[str, str]) -> None:
        super().__init__(429, 0, "You are being rate limited.")
        self.retry_after = retry_after
        self.headers = headers

    def response(self) -> web.Response:
        headers = {**self.headers, "Via": "1.1 google", "Retry-After": str(self.retry_after)}
        body = {
            "message": self.message,
            "retry_after": round(self.retry_after, 3),
            "global": False,
        }
        return json_response(body, status=429, headers=headers)

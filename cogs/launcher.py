"""Builds and runs the Discord bot: Settings -> Storage -> TableManager -> Bot -> run.

``create_bot`` is what the end-to-end tests use (they bring their own storage and manager);
``run_bot``, ``run_migrate`` and ``run_sync_commands`` are what ``bot.py`` (the
``cardtable`` command) calls. A start that cannot succeed ends with one line naming what to
fix (``StartupFailure``) and a non-zero exit, never a traceback or a process left hanging.
The only place that knows the API can live elsewhere is
``point_at_endpoints``: settings may move the REST base and the gateway (tests use a fake).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket

from cogs.bot import CardTableBot
from cogs.heap import HeapKeeper
from cogs.stage_hooks import StageTimings
from players.budget import SearchBudget
from rules.registry import BUILTIN, GameRegistry
from settings import Settings
from storage import ShardSet, ShardTaken, Storage, StorageUnavailable, open_storage
from storage.migrations import load_migrations
from tables.config import TableSettings
from tables.deciders import default_workers
from tables.manager import TableManager

log = logging.getLogger(__name__)
T = TypeVar("T")

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY = yarl.URL("wss://gateway.discord.gg/")


def point_at_endpoints(settings: Settings) -> None:
    """Aim discord.py's REST and gateway at the configured URLs (Discord's by default)."""
    discord.http.Route.BASE = (settings.api_base_url or DISCORD_API_BASE).rstrip("/")
    gateway = settings.gateway_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway) if gateway else DISCORD_GATEWAY


def create_bot(
    settings: Settings, storage: Storage | None, manager: TableManager | None, **options: Any
) -> CardTableBot:
    """A bot wired to ``storage`` and ``manager``; start it with ``bot.start(token)``."""
    point_at_endpoints(settings)
    return CardTableBot(settings=settings, storage=storage, manager=manager, **options)


LOGIN_TIMEOUT = 4.0
"""Seconds Discord has to accept the token: past them the start fails with one line (a
supervisor restarts it) instead of waiting on a network that does not answer."""


class StartupFailure(Exception):
    """The bot cannot start; the message is one line naming what to fix."""


async def _run(settings: Settings) -> None:
    stop = asyncio.Event()
    watch_stop_signals(stop)
    storage, manager = await open_services_or_fail(settings)
    bot: CardTableBot | None = None
    heap = HeapKeeper(in_flight=lambda: bot.backlog.in_flight if bot is not None else 0)
    timings: StageTimings | None = None
    try:
        bot = create_bot(settings, storage, manager)
        if settings.stage_timings:
            timings = StageTimings(bot, settings.stage_timings)
        # What exists now (modules, discord.py, recovered tables) lives as long as the
        # process: frozen, it is left out of the collector's passes. Measured with 300
        # tables through the fake Discord: the longest full collection fell from 160-196
        # ms to 75 ms.
        gc.collect()
        gc.freeze()
        bot.add_listener(_freeze_when_ready(heap), "on_ready")
        async with bot:
            await log_in(bot, settings)
            await serve_until(bot, stop)
    finally:
        await heap.stop()
        await close_services(storage, manager)
        if timings is not None:
            timings.close()


def watch_stop_signals(stop: asyncio.Event) -> None:
    """SIGINT and SIGTERM set ``stop`` (a graceful shutdown); a second one acts as the
    default would. Installed even where SIGINT was ignored (a background job under a
    non-interactive shell inherits SIG_IGN, and such a bot never stopped)."""
    loop = asyncio.get_running_loop()

    def on_signal() -> None:
        log.info("stopping: no new interactions; flushing the action log")
        stop.set()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, on_signal)


async def open_services_or_fail(
    settings: Settings, *, recover: bool = True
) -> tuple[Storage, TableManager]:
    try:
        return await open_services(settings, recover=recover)
    except StorageUnavailable as exc:
        raise StartupFailure(f"CARDTABLE_DATABASE_URL: {exc}") from exc
    except ShardTaken as exc:
        raise StartupFailure(f"CARDTABLE_SHARD_IDS: {exc}") from exc


async def log_in(bot: CardTableBot, settings: Settings) -> None:
    """Log in (and run ``setup_hook``: cogs, command sync); every way it can fail for a
    reason an admin can fix becomes a ``StartupFailure``."""
    where = (settings.api_base_url or DISCORD_API_BASE).rstrip("/")
    try:
        await asyncio.wait_for(bot.login(settings.discord_token), LOGIN_TIMEOUT)
    except discord.LoginFailure as exc:
        raise StartupFailure(
            "Discord refused the token: set CARDTABLE_DISCORD_TOKEN to the one on the "
            "Developer Portal (your application > Bot > Reset Token)"
        ) from exc
    except TimeoutError as exc:
        raise StartupFailure(
            f"Discord ({where}) did not answer within {LOGIN_TIMEOUT:.0f} s: check this "
            "machine's network (and CARDTABLE_API_BASE_URL, if set)"
        ) from exc
    except (aiohttp.ClientConnectionError, OSError) as exc:
        raise StartupFailure(
            f"cannot reach Discord ({where}): {_reason(exc)}; check this machine's network "
            "(and CARDTABLE_API_BASE_URL, if set)"
        ) from exc
    except discord.HTTPException as exc:
        raise StartupFailure(
            f"Discord answered the login with HTTP {exc.status}: try again later"
        ) from exc


def _reason(exc: BaseException) -> str:
    cause = getattr(exc, "os_error", None) or exc
    return getattr(cause, "strerror", None) or str(cause) or type(cause).__name__


async def serve_until(bot: CardTableBot, stop: asyncio.Event) -> None:
    """Run the gateway until ``stop`` is set (or the connection ends for good), then shut
    down: the gateway first, so no new interaction arrives, then the table messages and
    the picture worker (``bot.close``); the caller closes the tables and the storage."""
    connection = asyncio.create_task(bot.connect(reconnect=True))
    stopping = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({connection, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
        await bot.close()
        if not connection.done():
            connection.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await connection


def _freeze_when_ready(heap: HeapKeeper) -> Callable[[], Coroutine[Any, Any, None]]:
    """An ``on_ready`` listener that freezes, once, what exists when the bot is connected
    (every cog and command loaded, the gateway's guilds cached): it too lives as long as the
    process. A full collection scans every unfrozen object with the event loop stopped; at
    hundreds of tables such pauses are among the slowest answers' causes. From then on
    ``heap`` freezes the survivors now and then (``cogs.heap``)."""
    done = False

    async def freeze() -> None:
        nonlocal done
        if not done:
            done = True
            gc.collect()
            gc.freeze()
            heap.start()

    return freeze


def decision_workers(settings: Settings) -> int:
    """Worker processes for the computers' searches (0: a thread of the bot)."""
    if settings.computer_worker == "thread":
        return 0
    return settings.computer_workers or default_workers()


async def open_services(
    settings: Settings, games: GameRegistry = BUILTIN, *, recover: bool = True
) -> tuple[Storage, TableManager]:
    """Storage and the table manager of ``games`` for these settings, open tables
    recovered."""
    storage = await open_storage(settings.database_url)
    try:
        # Every game imported now: a game's first table would otherwise import it on the
        # event loop (an engine may precompute tables at import: 140-230 ms with every
        # click waiting).
        for plugin in games:
            plugin.spec  # noqa: B018 (imports the engine)
        table_settings = TableSettings(
            turn_seconds=float(settings.turn_timer_seconds),
            timeouts_before_takeover=settings.timeouts_before_takeover,
            search=SearchBudget(settings.search_rollouts, settings.search_time_cap_ms),
            default_level=settings.default_level,
            takeover_level=settings.takeover_level,
            decision_workers=decision_workers(settings),
        )
        manager = TableManager(storage, table_settings, games=games)
        if recover:
            manager.decisions.start()  # the workers import the engines while we log in
            # Serve at once: each running match is rebuilt from its log on first use, and
            # the rest in the background, so 10,000 open tables do not hold up the start.
            shards = ShardSet.from_settings(settings.shard_ids, settings.shard_count)
            report = await manager.recover(shards, warm=False)
            manager.start_warm_up()
            log.info("recovered %d open tables (%d running)", report.tables, report.running)
    except BaseException:
        await storage.close()  # its connection's thread would keep the process alive
        raise
    return storage, manager


async def close_services(storage: Storage | None, manager: TableManager | None) -> None:
    """Stop the tables (timers, computer turns; actions under way finish) and close the
    storage, which commits every action still queued for the log."""
    try:
        if manager is not None:
            await manager.close()
    finally:
        if storage is not None:
            await storage.close()


def loop_factory(choice: str = "uvloop") -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (Linux) and chosen, else None (asyncio's
    own). Measured with ``bench/discord_load.py`` (docs/performance.md, issue 37): the
    bot's CPU per interaction fell with it; the code uses only asyncio's public API."""
    if choice != "uvloop" or not sys.platform.startswith("linux"):
        return None
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def run_async(main: Coroutine[Any, Any, T], choice: str = "uvloop") -> T:
    """``asyncio.run(main)`` on the chosen loop (``loop_factory``)."""
    with asyncio.Runner(loop_factory=loop_factory(choice)) as runner:
        return runner.run(main)


def run_bot(settings: Settings) -> int:
    """Run until SIGINT or SIGTERM; 0 after a clean stop, 1 (and one line on stderr) when
    the start fails."""
    try:
        run_async(_run(settings), settings.event_loop)
    except StartupFailure as exc:
        print(f"Card Table cannot start: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # a second Ctrl-C during the shutdown
        pass
    return 0


async def _migrate(settings: Settings) -> int:
    try:
        storage = await open_storage(settings.database_url)
    except StorageUnavailable as exc:
        raise StartupFailure(f"CARDTABLE_DATABASE_URL: {exc}") from exc
    await storage.close()
    version = len(load_migrations())
    print(f"The database is at schema version {version}.")
    return 0


def _run_once(task: Coroutine[Any, Any, int], doing: str) -> int:
    """Run a one-off command; a failure is one line on stderr and exit status 1."""
    try:
        return asyncio.run(task)
    except StartupFailure as exc:
        print(f"Card Table cannot {doing}: {exc}", file=sys.stderr)
        return 1


def run_migrate(settings: Settings) -> int:
    """``cardtable migrate``: bring the database's schema up to date, then exit."""
    return _run_once(_migrate(settings), "migrate")


async def _sync_commands(settings: Settings) -> int:
    # Pictures drawn inline: this run draws none, and needs no worker process.
    settings = settings.model_copy(update={"picture_worker": "loop"})
    storage, manager = await open_services_or_fail(settings, recover=False)
    try:
        bot = create_bot(settings, storage, manager, sync_on_start=False)
        async with bot:
            await log_in(bot, settings)
            synced = await bot.sync_commands(force=True)
    finally:
        await close_services(storage, manager)
    print(f"Synced {len(synced)} slash commands.")
    return 0


def run_sync_commands(settings: Settings) -> int:
    """``cardtable sync-commands``: sync the slash commands with Discord now, then exit."""
    return _run_once(_sync_commands(settings), "sync the commands")

"""Builds and runs the Discord bot: Settings -> Storage -> TableManager -> Bot -> run.

``create_bot`` is what the end-to-end tests use (they bring their own storage and manager);
``run_bot`` is what ``bot.py`` calls. The only place that knows the API can live elsewhere is
``point_at_endpoints``: settings may move the REST base and the gateway (tests use a fake).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket

from cogs.bot import CardTableBot
from cogs.heap import HeapKeeper
from players.budget import SearchBudget
from rules.registry import BUILTIN, GameRegistry
from settings import Settings
from storage import ShardSet, Storage, open_storage
from tables.config import TableSettings
from tables.manager import TableManager

log = logging.getLogger(__name__)

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


async def _run(settings: Settings) -> None:
    storage, manager = await open_services(settings)
    bot = create_bot(settings, storage, manager)
    # What exists now (modules, discord.py, recovered tables) lives as long as the process:
    # frozen, it is left out of the collector's passes. Measured with 300 tables through the
    # fake Discord: the longest full collection fell from 160-196 ms to 75 ms.
    gc.collect()
    gc.freeze()
    heap = HeapKeeper()
    bot.add_listener(_freeze_when_ready(heap), "on_ready")
    try:
        async with bot:
            await bot.start(settings.discord_token)
    finally:
        await heap.stop()
        await close_services(storage, manager)


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


async def open_services(
    settings: Settings, games: GameRegistry = BUILTIN
) -> tuple[Storage, TableManager]:
    """Storage and the table manager of ``games`` for these settings, open tables
    recovered."""
    # Every game imported now: a game's first table would otherwise import it on the event
    # loop (an engine may precompute tables at import: 140-230 ms with every click waiting).
    for plugin in games:
        plugin.spec  # noqa: B018 (imports the engine)
    storage = await open_storage(settings.database_url)
    table_settings = TableSettings(
        turn_seconds=float(settings.turn_timer_seconds),
        timeouts_before_takeover=settings.timeouts_before_takeover,
        search=SearchBudget(settings.search_rollouts, settings.search_time_cap_ms),
    )
    manager = TableManager(storage, table_settings, games=games)
    # Serve at once: each running match is rebuilt from its log on first use, and the
    # rest in the background, so 10,000 open tables do not hold up the start.
    shards = ShardSet.from_settings(settings.shard_ids, settings.shard_count)
    report = await manager.recover(shards, warm=False)
    manager.start_warm_up()
    log.info("recovered %d open tables (%d running)", report.tables, report.running)
    return storage, manager


async def close_services(storage: Storage | None, manager: TableManager | None) -> None:
    if manager is not None:
        await manager.close()
    if storage is not None:
        await storage.close()


def run_bot(settings: Settings) -> int:
    """Run until interrupted; 0 on a clean stop, 1 when Discord refuses the token."""
    try:
        asyncio.run(_run(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token (CARDTABLE_DISCORD_TOKEN).")
        return 1
    except KeyboardInterrupt:
        pass
    return 0

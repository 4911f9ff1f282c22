"""Interactions when the bot is behind (issue 29): acknowledged first, never done late,
and a bounded backlog.

- An interaction already ``BEHIND_AFTER`` seconds old when its handler starts is
  acknowledged (deferred) before any work, so however long the work then takes, Discord's
  3-second deadline was met by the acknowledgement.
- An interaction whose acknowledgement Discord refuses (too late: 10062) is not worked on
  at all (``TooLate``): nothing is applied that its user was told had failed. (A click
  whose work started in time and whose deferral then fails is the one case left: its move
  stands and shows on the table message.)
- At most ``MAX_UNANSWERED`` interactions are worked on and not yet acknowledged, and at
  most ``MAX_IN_FLIGHT`` in all; beyond either, each is answered at once, in one call,
  "busy, try again" (``Backlog``), so a burst neither queues without bound nor holds
  memory per waiting interaction. (One already acknowledged is safe from the deadline:
  its wait for Discord or a picture is not what makes the next one late.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from i18n import N_, translator
from tables.stages import mark_started

log = logging.getLogger(__name__)

BEHIND_AFTER = 2.0
"""Seconds after its creation past which an interaction is acknowledged before its work."""
MAX_UNANSWERED = 300
"""Interactions worked on and not acknowledged yet: each of them is racing its deadline."""
MAX_IN_FLIGHT = 2000
"""Interactions worked on at once (most of that time is waiting for a table's lock,
storage, a picture or Discord, not CPU): the bound on the memory they hold."""
LULL_LONGEST = 0.5
"""Seconds a piece of background work waits for a lull between answers before it goes
anyway (``Backlog.lull``): it is put off under load, never starved."""
BUSY = N_("The bot is busy; please try again in a moment.")


class TooLate(Exception):
    """Discord refused the acknowledgement: the interaction expired, so nothing is done."""


def age_of(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created the interaction (its snowflake time), at least 0."""
    return max((discord.utils.utcnow() - interaction.created_at).total_seconds(), 0.0)


async def acknowledge_if_behind(
    interaction: discord.Interaction[Any], *, update: bool, ephemeral: bool = True
) -> None:
    """Defer now when the interaction is ``BEHIND_AFTER`` old; ``TooLate`` when Discord no
    longer takes it. ``update``: the answer will edit the clicked message."""
    if interaction.response.is_done() or age_of(interaction) < BEHIND_AFTER:
        return
    await defer_or_give_up(interaction, update=update, ephemeral=ephemeral)


async def defer_or_give_up(
    interaction: discord.Interaction[Any], *, update: bool, ephemeral: bool = True
) -> None:
    """Defer the interaction; ``TooLate`` if Discord refuses (the caller then does nothing)."""
    try:
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    except discord.HTTPException as exc:
        log.info(
            "an interaction %.1f s old could not be acknowledged: %s", age_of(interaction), exc
        )
        raise TooLate() from exc


def user_language(interaction: discord.Interaction[Any]) -> str:
    choices = getattr(interaction.client, "languages", None)
    if choices is None:
        return str(interaction.locale)
    language: str = choices.for_player(
        interaction.user.id, interaction.guild_id, str(interaction.locale)
    )
    return language


class Backlog:
    """Counts the interactions being worked on; past ``limit`` the next is told "busy"."""

    def __init__(
        self,
        limit: int = MAX_UNANSWERED,
        total: int = MAX_IN_FLIGHT,
        on_busy: Callable[[bool], None] | None = None,
    ) -> None:
        self.limit = limit
        self.total = total
        self.on_busy = on_busy
        """Told ``True`` when the first interaction starts being served, ``False`` when
        the last one is done (background work such as par stands still in between)."""
        self._serving: set[discord.Interaction[Any]] = set()
        self._unacked: set[discord.Interaction[Any]] = set()
        """Served and not known to be acknowledged: a superset of the unanswered ones, pruned
        only when it reaches ``limit``, so a check costs O(1) until the bot is truly behind
        (counting every one on each interaction was a fifth of the bot's CPU at 1,000 tables)."""
        self.refused = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._lane = asyncio.Lock()

    @property
    def in_flight(self) -> int:
        return len(self._serving)

    def unanswered(self) -> int:
        """Interactions being served that are not acknowledged yet (exact from ``limit`` up,
        an upper bound below it: all the comparison with ``limit`` needs)."""
        if len(self._unacked) >= self.limit:
            self._unacked = {i for i in self._unacked if not i.response.is_done()}
        return len(self._unacked)

    async def run(
        self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]
    ) -> None:
        if len(self._serving) >= self.total or self.unanswered() >= self.limit:
            self.refused += 1
            t = translator(user_language(interaction))
            with contextlib.suppress(discord.HTTPException):
                if interaction.type is discord.InteractionType.autocomplete:
                    # Typing into an option can only be answered with choices: none.
                    await interaction.response.autocomplete([])
                else:
                    await interaction.response.send_message(t(BUSY), ephemeral=True)
            return
        mark_started()
        self._serving.add(interaction)
        self._unacked.add(interaction)
        if len(self._serving) == 1:
            self._idle.clear()
            if self.on_busy is not None:
                self.on_busy(True)
        try:
            await work()
        finally:
            self._serving.discard(interaction)
            self._unacked.discard(interaction)
            if not self._serving:
                self._idle.set()
                if self.on_busy is not None:
                    self.on_busy(False)
        release(interaction)

    async def lull(self, longest: float = LULL_LONGEST) -> None:
        """Return once no interaction is being served, or after ``longest`` seconds.

        Background work that nobody is waiting on (a table message's coalesced edit) awaits
        this before each stretch of its CPU work, so at 1,000 tables it runs between answers
        rather than ahead of them in the loop's queue (issue 37: the answers' wait is the
        loop's queue). One waiter goes per lull, so a lull does not release a burst.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + longest
        async with self._lane:
            while (remaining := deadline - loop.time()) > 0:
                if not self._serving:
                    # An interaction read in this loop pass is served before the work.
                    await asyncio.sleep(0)
                    if not self._serving:
                        return
                    continue
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(remaining):
                        await self._idle.wait()


def release(interaction: discord.Interaction[Any]) -> None:
    """Break the reference cycles of an interaction whose handler has finished (it is
    answered), so reference counting frees it even if a freeze (``cogs.heap``) took it
    out of the collector's reach: its response object and its answer's message refer
    back to it. Not after a failed handler: discord.py's error path still answers with
    the same response object."""
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]
    with contextlib.suppress(AttributeError):
        interaction._original_response = None


class BoundedTree(app_commands.CommandTree[Any]):
    """The command tree, its commands counted in the bot's ``Backlog`` (``_call`` is where
    discord.py 2.x runs one interaction's command)."""

    def __init__(self, client: Any, *, backlog: Backlog | None = None, **options: Any) -> None:
        super().__init__(client, **options)
        self.backlog = backlog or Backlog()

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        call = super()._call
        await self.backlog.run(interaction, lambda: call(interaction))

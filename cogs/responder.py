"""Answering an interaction in time, with as few REST calls as possible.

A click is answered with one call (the interaction response itself). When the work behind
it (storage, a computer's turn) has not finished after ``DEFER_AFTER`` seconds, the
interaction is deferred so Discord's 3-second deadline holds, and the answer follows.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable
from typing import Any, TypedDict, TypeVar

import discord

from cogs.backlog import acknowledge_if_behind
from cogs.table_pictures import ANSWER_WAIT, send_kwargs

T = TypeVar("T")

DEFER_AFTER = 1.5
ANSWER_BY = 2.0
"""Seconds after its creation by which an undeferred answer should be on its way (Discord
drops it after 3): what is left of it bounds the wait for a picture (``picture_wait``)."""


async def within_deadline(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    *,
    ephemeral: bool = True,
    update: bool = False,
) -> T:
    """Await ``work``; defer the interaction if it is not done ``DEFER_AFTER`` seconds after
    the interaction was created.

    ``update``: the answer will edit the clicked message (a deferred update, no "thinking").
    An interaction already late is acknowledged before the work starts, and the work is
    never started if Discord no longer takes it (``cogs.backlog``).
    """
    try:
        await acknowledge_if_behind(interaction, update=update, ephemeral=ephemeral)
    except BaseException:
        if inspect.iscoroutine(work):
            work.close()  # never started: nothing applied for an expired interaction
        raise
    task = asyncio.ensure_future(work)
    # Count from the interaction's creation (its snowflake time), not from now: when the
    # bot is busy an event may reach this handler already late. Clamped against clock skew.
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    budget = DEFER_AFTER - min(max(age, 0.0), DEFER_AFTER)
    done, _ = await asyncio.wait({task}, timeout=budget) if budget > 0 else (set(), set())
    if not done and not interaction.response.is_done():
        with contextlib.suppress(discord.HTTPException):
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    return await task


def picture_wait(interaction: discord.Interaction[Any]) -> float:
    """How long this answer may wait for its picture: ``ANSWER_WAIT``, less if Discord's
    deadline is near (an answer already deferred has time). Past it, no picture."""
    if interaction.response.is_done():
        return ANSWER_WAIT
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return max(0.0, min(ANSWER_WAIT, ANSWER_BY - max(age, 0.0)))


class PictureTerms(TypedDict):
    wait: float
    acknowledged: bool


def picture_terms(interaction: discord.Interaction[Any]) -> PictureTerms:
    """How an answer's picture is asked for (``PictureDrawer.draw``): how long it may be
    waited for (``picture_wait``), and whether the interaction has its acknowledgement
    already (a deferral), so the picture is not racing the deadline and is drawn after
    those that are."""
    return {"wait": picture_wait(interaction), "acknowledged": interaction.response.is_done()}


CONTENT_MAX = 2000
"""Discord's limit on a message's content: longer content is refused whole (50035)."""


def bounded(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The answer with its content cut to Discord's limit (a last guard: the texts quote
    user input at most ~100 characters already)."""
    content = kwargs.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        return {**kwargs, "content": content[: CONTENT_MAX - 1] + "…"}
    return kwargs


async def reply(
    interaction: discord.Interaction[Any], *, ephemeral: bool = True, **kwargs: Any
) -> int | None:
    """Send a new message answering the interaction; returns its id when known.

    ``attachments`` (files, as for an edit) are uploaded with the message in the same call.
    """
    kwargs = bounded(kwargs)
    if not interaction.response.is_done():
        callback = await interaction.response.send_message(
            ephemeral=ephemeral, **send_kwargs(kwargs)
        )
        return callback.message_id
    if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        original = await interaction.edit_original_response(**kwargs)
        return original.id
    followup = await interaction.followup.send(
        ephemeral=ephemeral, wait=True, **send_kwargs(kwargs)
    )
    return followup.id


async def update(interaction: discord.Interaction[Any], **kwargs: Any) -> None:
    """Edit the message the clicked component sits on (one call, or an edit after a defer)."""
    kwargs = bounded(kwargs)
    if not interaction.response.is_done():
        await interaction.response.edit_message(**kwargs)
    else:
        await interaction.edit_original_response(**kwargs)

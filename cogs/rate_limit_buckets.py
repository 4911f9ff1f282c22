"""Spaces out discord.py's sweep of idle rate-limit buckets.

discord.py keeps one rate-limit bucket per route and major parameter (a channel, an
interaction's token) and, once it holds 256 or more, scans all of them for idle ones each
time a new one is made. At hundreds of tables nearly every table edit in a new channel and
every answer to a fresh interaction makes a new bucket, so the bot scanned ~300 buckets
per request (cProfile at 300 tables: 1,141 scans, ~6% of the event loop's CPU, each a
stall of its own). A bucket counts as idle only after 300 s without requests, so sweeping
once every ``SWEEP_EVERY`` seconds frees the same buckets, a little later.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import discord

SWEEP_EVERY = 30.0


def space_out_bucket_sweeps(http: discord.http.HTTPClient, every: float = SWEEP_EVERY) -> bool:
    """Make ``http`` sweep its idle buckets at most once per ``every`` seconds. False (and
    nothing changed) if this discord.py has no such sweep."""
    sweep: Callable[[], None] | None = getattr(http, "_try_clear_expired_ratelimits", None)
    if sweep is None:
        return False
    last = -every

    def spaced() -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= every:
            last = now
            sweep()

    http._try_clear_expired_ratelimits = spaced  # type: ignore[method-assign]
    return True

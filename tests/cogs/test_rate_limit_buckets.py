"""discord.py's idle-bucket sweep runs at most once per period (not once per new bucket),
and still frees idle buckets."""

from __future__ import annotations

import asyncio

import discord

from cogs.rate_limit_buckets import space_out_bucket_sweeps


async def test_a_burst_of_new_buckets_sweeps_once() -> None:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    sweeps: list[int] = []
    http._try_clear_expired_ratelimits = lambda: sweeps.append(len(http._buckets))  # type: ignore[method-assign]
    assert space_out_bucket_sweeps(http, every=60)
    for n in range(300):
        http.get_ratelimit(f"POST /channels/{n}/messages")
    assert len(sweeps) == 1 and len(http._buckets) == 300


async def test_the_spaced_sweep_still_frees_idle_buckets() -> None:
    loop = asyncio.get_running_loop()
    http = discord.http.HTTPClient(loop)
    assert space_out_bucket_sweeps(http, every=60)
    for n in range(300):
        http._buckets[f"PATCH /channels/{n}/messages"] = bucket = discord.http.Ratelimit(None)
        bucket._last_request = loop.time() - 301  # idle for over 300 s
    http.get_ratelimit("POST /channels/new/messages")
    assert list(http._buckets) == ["POST /channels/new/messages"]

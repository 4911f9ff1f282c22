"""Stage timings of every interaction in the running bot (issue 37), for benchmarks: on
when ``CARDTABLE_STAGE_TIMINGS`` names a file, which gets them (JSON) at shutdown.

Two hooks into discord.py, both on this bot alone: the INTERACTION_CREATE parser opens
the interaction's trace (``tables.stages``) before discord.py starts the handler's tasks,
so they inherit it; and the webhook adapter of those tasks (discord.py's own context
variable) times the acknowledging call and closes the trace. Also counted: the cycle
collector's pauses (they stop the loop with every answer in flight).
"""

from __future__ import annotations

import gc
import json
import time
from pathlib import Path
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from tables.stages import StageRecorder, Trace, current

KINDS = {2: "command", 3: "click", 4: "autocomplete", 5: "modal"}


def snowflake_time(snowflake: int) -> float:
    """The Unix time (seconds) a Discord id was made at."""
    return ((snowflake >> 22) + discord.utils.DISCORD_EPOCH) / 1000


class TimedAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter, the acknowledging call of a traced interaction timed
    (``answer``) and its trace finished when that call returns."""

    def __init__(self, recorder: StageRecorder) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.recorder = recorder

    def create_interaction_response(self, *args: Any, **kwargs: Any) -> Any:
        response = super().create_interaction_response(*args, **kwargs)
        trace = current.get()
        if trace is None or not trace.open:
            return response
        return self._timed(trace, response)

    async def _timed(self, trace: Trace, response: Any) -> Any:
        started = time.perf_counter()
        try:
            return await response
        finally:
            trace.add("answer", time.perf_counter() - started)
            self.recorder.finish(trace)


class CollectorPauses:
    """The cycle collector's passes, by generation: how many, how long each took (wall
    clock), and the CPU time of the longest (on a loaded machine the wall clock also
    counts the time the thread waited for a core)."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.longest_cpu: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
        self.total_cpu: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
        self.full_passes: list[tuple[int, float]] = []
        """Each full pass's objects scanned and CPU seconds: what a full pass costs is its
        size, so the schedule that makes them is read from this."""
        self._started = self._started_cpu = 0.0
        self._scanned = 0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        generation = int(info["generation"])
        if phase == "start":
            if generation == 2:
                # Counted before the clock starts: listing them costs a fraction of the pass.
                self._scanned = sum(len(gc.get_objects(g)) for g in range(3))
            self._started, self._started_cpu = time.perf_counter(), time.thread_time()
        else:
            self.pauses[generation].append(time.perf_counter() - self._started)
            cpu = time.thread_time() - self._started_cpu
            self.longest_cpu[generation] = max(self.longest_cpu[generation], cpu)
            self.total_cpu[generation] += cpu
            if generation == 2:
                self.full_passes.append((self._scanned, cpu))

    def summary(self) -> str:
        """``gen N: count, total ms, max ms`` per generation."""
        parts = []
        for generation, values in sorted(self.pauses.items()):
            longest = max(values, default=0.0) * 1000
            parts.append(
                f"gen {generation}: {len(values)}, {sum(values) * 1000:.0f} ms, "
                f"max {longest:.1f} ms (CPU {self.longest_cpu.get(generation, 0.0) * 1000:.1f}, "
                f"total CPU {self.total_cpu.get(generation, 0.0) * 1000:.0f})"
            )
        if self.full_passes:
            scanned = sorted(n for n, _ in self.full_passes)
            parts.append(
                f"full passes scanned {scanned[0]:,}-{scanned[-1]:,} objects "
                f"(median {scanned[len(scanned) // 2]:,})"
            )
        return "; ".join(parts)


class StageTimings:
    """Installed on one bot; ``write`` saves what it saw."""

    def __init__(self, bot: Any, path: str | Path) -> None:
        self.path = Path(path)
        self.recorder = StageRecorder()
        self.adapter = TimedAdapter(self.recorder)
        self.collector = CollectorPauses()
        parsers: dict[str, Any] = bot._connection.parsers
        parse = parsers["INTERACTION_CREATE"]
        recorder, adapter = self.recorder, self.adapter

        def traced_parse(data: dict[str, Any]) -> None:
            age = time.time() - snowflake_time(int(data["id"]))
            trace = recorder.begin(KINDS.get(int(data.get("type", 0)), "other"), age)
            token = current.set(trace)
            adapter_token = async_context.set(adapter)
            try:
                parse(data)
            finally:
                async_context.reset(adapter_token)
                current.reset(token)

        parsers["INTERACTION_CREATE"] = traced_parse
        gc.callbacks.append(self.collector)

    def close(self) -> None:
        """Stop counting collections and write the file, with the cyclic garbage that
        was left (frozen garbage included: what freezing kept from the collector)."""
        if self.collector in gc.callbacks:
            gc.callbacks.remove(self.collector)
        gc.unfreeze()
        garbage = gc.collect()
        self.path.write_text(
            json.dumps(
                {
                    "stages": self.recorder.to_json(),
                    "timeline": self.recorder.timeline,
                    "collector": {str(g): p for g, p in self.collector.pauses.items()},
                    "collector_cpu": {str(g): c for g, c in self.collector.longest_cpu.items()},
                    "collector_total_cpu": {str(g): c for g, c in self.collector.total_cpu.items()},
                    "full_passes": self.collector.full_passes,
                    "garbage_at_exit": garbage,
                }
            )
        )

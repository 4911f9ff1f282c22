"""Where an interaction's answer waits, by stage (issue 37): a per-interaction trace the
bot's layers add their waits to, and a recorder that keeps every finished trace.

The trace rides in a context variable: the bot opens it where discord.py parses
INTERACTION_CREATE (``cogs.stage_hooks``), every task the handler starts inherits it, and
it closes when the acknowledgement (the interaction's first response) has been sent.
Layers that do not know about Discord (the table manager) time their waits with ``timed``
and ``timed_lock``; with no trace open (no recorder, a computer's timer, a background
edit) those cost one context-variable read.

Stages (seconds, from the interaction's creation to its acknowledgement):

- ``gateway``: the interaction's snowflake time to the bot's parse of the event (the
  sender's own delay, the websocket, the bot's loop before it reads the frame; the
  snowflake has millisecond resolution).
- ``dispatch``: the parse to the handler's start (discord.py's task, the bot's loop).
- ``lock``: waiting for the table's lock (another click or a computer's turn holds it).
- ``act``: the action's turn in the manager, less ``lock`` and ``commit``: the engine and
  the computers' answers.
- ``commit``: waiting for the action log's group commit.
- ``picture``: waiting for a picture not drawn yet (the worker's queue and draw).
- ``answer``: the acknowledging REST call itself (sending it, the server's reply).
- ``other``: the rest (rendering the answer, the handler's own work, loop turns between).
- ``total``: the parse to the acknowledgement's reply (``gateway`` not included).
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import statistics
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

STAGES = ("gateway", "dispatch", "lock", "act", "commit", "picture", "answer", "other", "total")
"""The stages reported, in the order an answer meets them."""


class _Lock(Protocol):
    async def acquire(self) -> Any: ...

    def release(self) -> None: ...


class Trace:
    """One interaction's waits so far (seconds per stage) while it is not acknowledged."""

    __slots__ = ("at", "kind", "open", "received", "waits")

    def __init__(self, kind: str, received: float, gateway: float) -> None:
        self.kind = kind
        self.received = received
        """``time.perf_counter()`` when the bot parsed the event."""
        self.at = time.monotonic()
        """The same moment on the system-wide monotonic clock, which another process (the
        load benchmark) reads too: it places the interaction in the run."""
        self.waits: dict[str, float] = {"gateway": max(gateway, 0.0)}
        self.open = True

    def add(self, stage: str, seconds: float) -> None:
        if self.open:
            self.waits[stage] = self.waits.get(stage, 0.0) + seconds

    def finished(self, now: float) -> dict[str, float]:
        """The stages of the acknowledged interaction (``act`` made exclusive, ``other``
        the remainder), and the trace closed to later waits."""
        self.open = False
        waits = dict(self.waits)
        total = now - self.received
        # ``act`` was timed around the manager's whole call: its lock and commit waits are
        # their own stages.
        if "act" in waits:
            inside = waits.get("lock", 0.0) + waits.get("commit", 0.0)
            waits["act"] = max(waits["act"] - inside, 0.0)
        inner = sum(v for k, v in waits.items() if k != "gateway")
        waits["other"] = max(total - inner, 0.0)
        waits["total"] = total
        return waits


current: contextvars.ContextVar[Trace | None] = contextvars.ContextVar(
    "interaction_trace", default=None
)
"""The trace of the interaction whose handler is running (None: none is being timed)."""


@contextlib.contextmanager
def timed(stage: str) -> Iterator[None]:
    """Add the time spent in the block to ``stage`` of the running interaction's trace."""
    trace = current.get()
    if trace is None or not trace.open:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    finally:
        trace.add(stage, time.perf_counter() - started)


def mark_started(stage: str = "dispatch") -> None:
    """The running interaction's handler starts now: the time since the event was parsed
    is ``stage`` (once: a handler that hands over to another does not count twice)."""
    trace = current.get()
    if trace is not None and trace.open and stage not in trace.waits:
        trace.add(stage, time.perf_counter() - trace.received)


@contextlib.asynccontextmanager
async def timed_lock(lock: _Lock, stage: str = "lock") -> AsyncIterator[None]:
    """``async with lock``, the wait for it added to ``stage``."""
    with timed(stage):
        await lock.acquire()
    try:
        yield
    finally:
        lock.release()


class StageRecorder:
    """Every acknowledged interaction's stages, by kind (``command``, ``click``)."""

    def __init__(self) -> None:
        self.samples: dict[str, dict[str, list[float]]] = {}
        self.timeline: list[tuple[float, dict[str, float]]] = []
        """Each acknowledged interaction's stages with its ``Trace.at``: the stages of a
        stretch of the run (the arrival burst, the steady play) can be read apart."""

    def begin(self, kind: str, gateway: float) -> Trace:
        """A trace for an interaction just parsed (``gateway``: its age then); the caller
        makes it ``current`` where the handler's tasks will inherit it."""
        return Trace(kind, time.perf_counter(), gateway)

    def finish(self, trace: Trace) -> None:
        if not trace.open:
            return
        waits = trace.finished(time.perf_counter())
        _add(self.samples.setdefault(trace.kind, {}), waits)
        self.timeline.append((trace.at, waits))

    def to_json(self) -> dict[str, dict[str, list[float]]]:
        return self.samples

    def write(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json()))


def merged(samples: dict[str, dict[str, list[float]]]) -> dict[str, list[float]]:
    """Every kind's samples together, stage by stage."""
    out: dict[str, list[float]] = {}
    for by_stage in samples.values():
        for stage, values in by_stage.items():
            out.setdefault(stage, []).extend(values)
    return out


def by_window(
    timeline: list[tuple[float, dict[str, float]]], start: float, window: float
) -> dict[int, dict[str, list[float]]]:
    """The timeline's stages grouped by ``window``-second stretches from ``start`` (on
    ``Trace.at``'s clock), ready for ``summary``."""
    out: dict[int, dict[str, list[float]]] = {}
    for at, waits in timeline:
        _add(out.setdefault(int(max(at - start, 0.0) // window), {}), waits)
    return out


def _add(by_stage: dict[str, list[float]], waits: Mapping[str, float]) -> None:
    for stage, seconds in waits.items():
        by_stage.setdefault(stage, []).append(seconds)


def summary(by_stage: dict[str, list[float]]) -> str:
    """``stage p50/p99`` in milliseconds, in ``STAGES`` order (a stage an interaction did
    not meet counts as 0 for it, so the percentiles are over every interaction)."""
    count = max((len(v) for v in by_stage.values()), default=0)
    parts = []
    for stage in STAGES:
        values = by_stage.get(stage)
        if not values:
            continue
        ordered = sorted(values + [0.0] * (count - len(values)))
        p99 = ordered[min(int(len(ordered) * 0.99), len(ordered) - 1)]
        parts.append(f"{stage} {statistics.median(ordered) * 1000:.1f}/{p99 * 1000:.1f}")
    return f"({count}) " + ", ".join(parts)

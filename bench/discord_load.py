"""Many tables at once through the real bot and the fake Discord (tests/e2e).

    python bench/discord_load.py [--tables N] [--actions K] [--think S] [--game GAME]
        [--level LEVEL] [--computer-worker process|thread]

Each table is a ``/quickplay`` in its own channel: one simulated user with computers in the
other seats. The user opens their hand and plays K actions by clicking (Refresh, then an
action), waiting about ``--think`` seconds before each, as a person would. Prints the time
from INTERACTION_CREATE to the bot's callback (p50/p99, over every interaction), REST calls
per player action (the action clicks' own calls plus every table-message write), and the
memory the bot keeps per table. With the bot in its own process it also prints the
computers' move time: from the action before to the computer's own in the action log (with
no computer delay, the decision's wall time with its wait for a worker and the table lock).

By default the bot runs as its own process (``python bot.py``, pointed at the fake by its
settings), so the latency is the bot's alone and memory is the growth of its RSS. With
``--in-process`` everything shares one event loop (the latency then includes the fake's and
the users' work), memory is measured with tracemalloc, and the REST calls per action the
computers applied are reported too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import random
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.heap import HeapKeeper
from cogs.launcher import run_async
from cogs.stage_hooks import CollectorPauses
from tables import stages
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Reply, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, choices, select_a_card, table_id_of

ROOT = Path(__file__).resolve().parent.parent


async def one_table(
    runner: BotRunner,
    user: SimulatedUser,
    channel_id: int,
    game: str,
    actions: int,
    seed: int,
    think: float,
) -> Players:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, think))  # users arrive spread over one think time
    opened = await user.slash("quickplay", channel_id=channel_id, game=game)
    assert opened.message is not None, opened.text
    players = Players(runner, [user], table_id_of(opened.message))
    await players.open_hands()
    seat = players.seats[user.id]
    for _ in range(actions):
        if not players.running():
            break
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        await players.refresh(seat)
        await players.act(seat, rng)
    return players


async def play_tables(
    runner: BotRunner,
    users: list[SimulatedUser],
    channels: list[int],
    game: str,
    actions: int,
    concurrency: int,
    think: float,
) -> list[Players]:
    """Every table played at once; a table whose user gave up is left out (and counted by
    the fake's failures)."""
    gate = asyncio.Semaphore(concurrency)

    async def guarded(n: int) -> Players:
        async with gate:
            return await one_table(runner, users[n], channels[n], game, actions, n, think)

    outcomes = await asyncio.gather(
        *(guarded(n) for n in range(len(users))), return_exceptions=True
    )
    return [o for o in outcomes if isinstance(o, Players)]


class Stages:
    """Where an answer waits, by stage (``--in-process``): the bot's own methods wrapped
    in this process, each call timed. ``picture`` is an answer's wait for a picture not
    cached yet (the picture worker's queue and draw, cut at ``ANSWER_WAIT``); ``act`` a
    click's whole turn in the manager (the table lock, the engine, the computers' answers
    and the commit); ``commit`` the wait for the action log's group commit."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {"picture": [], "act": [], "commit": []}
        self.picture_timeouts = 0
        self.queued: list[int] = []

    def install(self, manager: Any) -> None:
        from cogs import table_pictures

        drawer = table_pictures.drawer
        draw, act, settle = drawer.draw, manager.act, manager._settle

        async def timed_draw(cache: Any, scene: Any, wait: float | None = None) -> Any:
            if wait is None or scene is None or cache.peek(scene) is not None:
                return await draw(cache, scene, wait)
            self.queued.append(len(drawer._pending))
            started = time.perf_counter()
            picture = await draw(cache, scene, wait)
            self.samples["picture"].append(time.perf_counter() - started)
            self.picture_timeouts += picture is None
            return picture

        async def timed_act(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await act(*args, **kwargs)
            finally:
                self.samples["act"].append(time.perf_counter() - started)

        async def timed_settle(table: Any) -> None:
            started = time.perf_counter()
            try:
                await settle(table)
            finally:
                self.samples["commit"].append(time.perf_counter() - started)

        drawer.draw = timed_draw  # type: ignore[method-assign]
        manager.act = timed_act
        manager._settle = timed_settle

    def report(self) -> str:
        parts = []
        for name, values in self.samples.items():
            if values:
                values = sorted(values)
                parts.append(
                    f"{name} ({len(values)}) p50 {statistics.median(values) * 1000:.1f},"
                    f" p99 {values[int(len(values) * 0.99)] * 1000:.1f}"
                )
        queued = sorted(self.queued) or [0]
        parts.append(
            f"pictures given up at the wait limit: {self.picture_timeouts}; pictures pending"
            f" when an answer asked: p50 {statistics.median(queued):.0f}, max {queued[-1]}"
        )
        return "; ".join(parts)


async def run(
    tables: int, actions: int, game: str, concurrency: int, think: float, memory_tables: int
) -> dict[str, Any]:
    fake = FakeDiscord()
    # The fake's spec check (tests/e2e/fake_discord/spec.py) is for the tests: here it
    # would add its own milliseconds to every answer timed.
    fake.check_spec = False
    fake.settle_timeout = 60.0  # a loaded machine may need long for deferred answers
    await fake.start()
    channels = [fake.add_channel(f"table-{n}").id for n in range(tables + memory_tables)]
    with tempfile.TemporaryDirectory() as tmp:
        runner = BotRunner(fake, Path(tmp) / "load.sqlite3")
        users = [runner.user(f"player{n}") for n in range(tables + memory_tables)]
        await runner.start()
        assert runner.bot is not None
        stages = Stages()
        stages.install(runner.bot.manager)
        try:
            result: dict[str, Any] = await measure(
                fake, runner, users[:tables], channels[:tables], game, actions, concurrency, think
            )
            result["stages"] = stages.report()
            result["kb_per_table"] = await memory_per_table(
                fake, runner, users[tables:], channels[tables:], game, actions
            )
            return result
        finally:
            await runner.stop()
            await fake.stop()


async def measure(
    fake: FakeDiscord,
    runner: BotRunner,
    users: list[SimulatedUser],
    channels: list[int],
    game: str,
    actions: int,
    concurrency: int,
    think: float,
) -> dict[str, float]:
    assert runner.bot is not None and runner.bot.manager is not None
    start, cpu_start = time.perf_counter(), time.process_time()
    all_players = await play_tables(runner, users, channels, game, actions, concurrency, think)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    for players in all_players:
        await runner.bot.table_messages.flush(players.table_id)
    latencies = sorted(
        i.ack_latency for i in fake.interactions.values() if i.ack_latency is not None
    )
    action_ids = {i for p in all_players for s in p.seats.values() for i in s.action_interactions}
    played = sum(s.actions for p in all_players for s in p.seats.values())
    by_actions = sum(1 for c in fake.calls if c.interaction_id in action_ids)
    writes = len(fake.calls_matching("PATCH /channels/")) + len(
        fake.calls_matching("POST /channels/")
    )
    applied = sum(runner.bot.manager.state(p.table_id).seq for p in all_players)
    return {
        "tables": len(users),
        "completed": len(all_players),
        "actions": played,
        "seconds": elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99)] * 1000,
        "interactions": len(latencies),
        "rest_per_action": (by_actions + writes) / max(played, 1),
        "rest_per_applied": (by_actions + writes) / max(applied, 1),
        "rest_per_interaction": (answers(fake) + writes) / max(len(latencies), 1),
        "applied": applied,
        "cpu_ms_per_interaction": cpu * 1000 / max(len(latencies), 1),
        "failures": len(fake.failures),
    }


async def memory_per_table(
    fake: FakeDiscord,
    runner: BotRunner,
    users: list[SimulatedUser],
    channels: list[int],
    game: str,
    actions: int,
) -> float:
    """KB the bot keeps per open table: tracemalloc (on only for this pass, it slows Python)
    over fresh tables, after dropping what the fake and the users recorded."""
    fake.messages.clear()
    fake.interactions.clear()
    fake.calls.clear()
    gc.collect()
    tracemalloc.start()
    baseline = tracemalloc.get_traced_memory()[0]
    played = await play_tables(runner, users, channels, game, actions, 20, 0.0)
    assert runner.bot is not None
    for players in played:
        await runner.bot.table_messages.flush(players.table_id)
    fake.messages.clear()
    fake.interactions.clear()
    fake.calls.clear()
    del played
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - baseline
    tracemalloc.stop()
    return kept / max(len(users), 1) / 1024


# -- the bot as its own process ---------------------------------------------------------


def answers(fake: FakeDiscord) -> int:
    """REST calls answering interactions (callbacks, follow-ups, edits of an answer)."""
    return sum(1 for c in fake.calls if c.interaction_id is not None)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


PROFILED_BOT = """
import cProfile, runpy, sys, time
out = sys.argv[1]
sys.argv = ["bot.py"]
# Under the profiler (and a loaded machine) the login with its setup hook can take longer
# than the bot's 4 s guard: the run would end before it began.
import cogs.launcher
cogs.launcher.LOGIN_TIMEOUT = 60.0
profile = cProfile.Profile(time.thread_time)
profile.enable()
try:
    runpy.run_path("bot.py", run_name="__main__")
except (SystemExit, KeyboardInterrupt):
    pass
finally:
    profile.disable()
    profile.dump_stats(out)
"""
"""``--profile``: the bot under cProfile, counting the event loop thread's CPU time only
(on a loaded machine wall-clock profiles mostly show the scheduler)."""


class Watch:
    """A task on this process's loop that samples something until ``stop``."""

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        raise NotImplementedError

    def _cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()


class LoopLag(Watch):
    """How late this process's own event loop wakes up (a 5 ms timer, measured against
    the clock): the fake Discord stamps INTERACTION_CREATE and the callback on this loop,
    so its lag is in every latency measured, not the bot's."""

    PERIOD = 0.005

    def __init__(self) -> None:
        super().__init__()
        self.lags: list[float] = []

    async def _watch(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(self.PERIOD)
            self.lags.append(time.perf_counter() - before - self.PERIOD)

    def stop(self) -> str:
        self._cancel()
        lags = sorted(self.lags) or [0.0]
        return (
            f"p50 {statistics.median(lags) * 1000:.1f} ms, "
            f"p99 {lags[int(len(lags) * 0.99)] * 1000:.1f} ms, max {lags[-1] * 1000:.0f} ms"
        )


class LoopBusy(Watch):
    """The share of each window (one think time) the bot's event loop thread spent on
    the CPU: near 1.0 its loop is saturated and every answer queues."""

    def __init__(self, pid: int, window: float) -> None:
        super().__init__()
        self.pid = pid
        self.window = max(window, 1.0)
        self.shares: list[float] = []

    async def _watch(self) -> None:
        while True:
            before, at = loop_thread_cpu_seconds(self.pid), time.perf_counter()
            await asyncio.sleep(self.window)
            spent = loop_thread_cpu_seconds(self.pid) - before
            self.shares.append(spent / (time.perf_counter() - at))

    def stop(self) -> str:
        self._cancel()
        return ", ".join(f"{share:.2f}" for share in self.shares)


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process, its threads included (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def loop_thread_cpu_seconds(pid: int) -> float:
    """CPU time of the process's main thread alone (the bot's event loop; the picture
    worker and the database thread are other threads)."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The process's child processes (the bot's picture worker)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in path.read_text().split()] if path.exists() else []


def is_decision_worker(pid: int) -> bool:
    """A process of the computers' workers (``-m tables.decision_worker``; the picture
    worker is ``-m pictures.worker``)."""
    return b"tables.decision_worker" in Path(f"/proc/{pid}/cmdline").read_bytes()


def policies(pids: list[int]) -> str:
    """The scheduling policy of each process (the par worker should be ``idle``)."""
    names = {
        getattr(os, "SCHED_OTHER", 0): "normal",
        getattr(os, "SCHED_BATCH", 3): "batch",
        getattr(os, "SCHED_IDLE", 5): "idle",
    }
    found = []
    for pid in pids:
        try:
            found.append(names.get(os.sched_getscheduler(pid), "other"))
        except OSError:  # gone already
            continue
    return ", ".join(found) or "none"


def applied_actions(database: Path) -> int:
    """Actions the bot applied (players' and computers'): the rows of its action log."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        (count,) = db.execute("SELECT count(*) FROM actions").fetchone()
    return int(count)


BUSY_TEXT = "The bot is busy; please try again in a moment."


async def until_not_busy(
    send: Callable[[], Awaitable[Reply]], rng: random.Random, tries: int = 20
) -> Reply:
    """What a person does with "busy, try again": waits a moment and tries again."""
    for _ in range(tries - 1):
        reply = await send()
        if reply.text != BUSY_TEXT:
            return reply
        await asyncio.sleep(rng.uniform(1.0, 3.0))
    return await send()


async def user_session(
    user: SimulatedUser,
    channel_id: int,
    game: str,
    actions: int,
    seed: int,
    think: float,
    level: str | None = None,
) -> list[int]:
    """One table by one user with nothing but clicks; returns the action interactions."""
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, think))
    chosen = {} if level is None else {"level": level}
    opened = await until_not_busy(
        lambda: user.slash("quickplay", channel_id=channel_id, game=game, **chosen), rng
    )
    assert opened.message is not None, opened.text
    table_message = opened.message
    hand_reply = await until_not_busy(lambda: user.click(table_message, "My hand"), rng)
    hand: FakeMessage | None = hand_reply.message
    assert hand is not None
    clicked: list[int] = []
    for _ in range(actions):
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        if not any(b.get("label") == "Refresh" for b in hand.buttons()):
            break  # the match ended (the closed table's hand has no buttons)
        await user.click(hand, "Refresh")
        if not (choices(hand) or hand.selects()):
            break  # the match is over
        await select_a_card(user, hand, rng)  # rummy: a card first, often
        options = choices(hand)
        if not options:
            break  # not this seat's turn (a buy window closed meanwhile)
        custom_id, value = rng.choice(options)
        if value is None:
            reply = await user.click_custom_id(hand, custom_id)
        else:
            reply = await user.choose(hand, custom_id, [value])
        clicked.append(reply.interaction.id)
    return clicked


async def run_separate(
    tables: int,
    actions: int,
    game: str,
    think: float,
    profile: str | None = None,
    par: str = "off",
    level: str | None = None,
    computer_worker: str = "process",
) -> dict[str, Any]:
    fake = FakeDiscord()
    # The fake's spec check (tests/e2e/fake_discord/spec.py) is for the tests: here it
    # would add its own milliseconds to every answer timed.
    fake.check_spec = False
    fake.settle_timeout = 60.0
    await fake.start()
    channels = [fake.add_channel(f"table-{n}").id for n in range(tables)]
    users = [SimulatedUser(fake, fake.add_user(f"player{n}")) for n in range(tables)]
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "load.sqlite3"
        env = {
            **os.environ,
            "CARDTABLE_DISCORD_TOKEN": fake.bot_token,
            "CARDTABLE_API_BASE_URL": fake.api_base,
            "CARDTABLE_GATEWAY_URL": fake.gateway_url,
            "CARDTABLE_DEV_GUILD_ID": str(fake.guild_id),
            "CARDTABLE_DATABASE_URL": f"sqlite:///{database}",
            "CARDTABLE_LOG_LEVEL": "ERROR",
            "CARDTABLE_PAR_WORKER": par,
            "CARDTABLE_COMPUTER_WORKER": computer_worker,
            "CARDTABLE_STAGE_TIMINGS": str(Path(tmp) / "stages.json"),
        }
        command = ["bot.py"] if profile is None else ["-c", PROFILED_BOT, profile]
        bot = await asyncio.create_subprocess_exec(
            sys.executable, *command, cwd=ROOT, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        try:
            await asyncio.wait_for(fake.ready.wait(), 60)
            await asyncio.sleep(3.0)  # discord.py waits for guilds before on_ready
            base_rss = rss_kb(bot.pid)
            base_cpu = cpu_seconds(bot.pid)
            base_loop_cpu = loop_thread_cpu_seconds(bot.pid)
            workers = children(bot.pid)
            base_worker_cpu = sum(cpu_seconds(w) for w in workers)
            deciders = [w for w in workers if is_decision_worker(w)]
            base_decider_cpu = sum(cpu_seconds(w) for w in deciders)
            own_cpu = time.process_time()
            own_collections = CollectorPauses()
            gc.callbacks.append(own_collections)
            # This process's fake and users keep every message, call and interaction: its
            # full collections grew with the run (1,000 tables: up to 225 ms CPU), and the
            # acknowledgements it stamped meanwhile were charged to the bot. Frozen as the
            # bot does (cogs.heap), they are not scanned again.
            gc.collect()
            gc.freeze()
            # No sweep as its heap grows (the users' tables open during the run): one is a
            # whole-heap pass (228,000 objects, 386 ms CPU at 1,000 tables) that would stamp
            # the acknowledgements late; this process's garbage lives only for the run.
            own_heap = HeapKeeper(freeze_every=2.0, sweep_growth=float("inf"))
            own_heap.start()
            lag = LoopLag()
            lag.start()
            start = time.perf_counter()
            started_monotonic = time.monotonic()
            busy = LoopBusy(bot.pid, think)
            busy.start()
            outcomes = await asyncio.gather(
                *(
                    user_session(users[n], channels[n], game, actions, n, think, level)
                    for n in range(tables)
                ),
                return_exceptions=True,
            )
            elapsed = time.perf_counter() - start
            busy_text = busy.stop()
            harness_lag = lag.stop()
            await own_heap.stop()
            gc.callbacks.remove(own_collections)
            harness_cpu = time.process_time() - own_cpu
            await asyncio.sleep(2.5)  # the last coalesced table edits
            grown = rss_kb(bot.pid) - base_rss
            bot_cpu = cpu_seconds(bot.pid) - base_cpu
            loop_cpu = loop_thread_cpu_seconds(bot.pid) - base_loop_cpu
            worker_cpu = sum(cpu_seconds(w) for w in workers) - base_worker_cpu
            decider_cpu = sum(cpu_seconds(w) for w in deciders) - base_decider_cpu
            # Workers started during the run (par's, spawned at the first hand's end).
            late = [c for c in children(bot.pid) if c not in workers]
            late_cpu = sum(cpu_seconds(c) for c in late)
            late_policies = policies(late)
            worker_rss = sum(rss_kb(w) for w in workers)
        finally:
            # SIGINT: discord.py closes cleanly, so a profile (--profile) is written.
            bot.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(bot.wait(), 30)
            except TimeoutError:
                bot.kill()
                await bot.wait()
            await fake.stop()
        applied = applied_actions(database)
        moves = computer_move_seconds(database)
        stage_file = Path(tmp) / "stages.json"
        timings = json.loads(stage_file.read_text()) if stage_file.exists() else None
    decider_text = (
        f"; their worker processes' CPU per computer move {decider_cpu * 1000 / len(moves):.1f} ms"
        if deciders and moves
        else ""
    )
    sessions = [o for o in outcomes if isinstance(o, list)]
    action_ids = {i for s in sessions for i in s}
    latencies = sorted(
        i.ack_latency for i in fake.interactions.values() if i.ack_latency is not None
    )
    by_actions = sum(1 for c in fake.calls if c.interaction_id in action_ids)
    writes = len(fake.calls_matching("PATCH /channels/")) + len(
        fake.calls_matching("POST /channels/")
    )
    return {
        "tables": tables,
        "completed": len(sessions),
        "actions": len(action_ids),
        "seconds": elapsed,
        "interactions": len(latencies),
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99)] * 1000,
        "rest_per_action": (by_actions + writes) / max(len(action_ids), 1),
        "rest_per_applied": (by_actions + writes) / max(applied, 1),
        "rest_per_interaction": (answers(fake) + writes) / max(len(latencies), 1),
        "applied": applied,
        "bot_cpu_ms_per_interaction": bot_cpu * 1000 / max(len(latencies), 1),
        "bot_loop_cpu_ms_per_interaction": loop_cpu * 1000 / max(len(latencies), 1),
        "worker_cpu_ms_per_interaction": worker_cpu * 1000 / max(len(latencies), 1),
        "worker_rss_mb": worker_rss / 1024,
        "kb_per_table": grown / tables,
        "failures": len(fake.failures),
        "late_worker_cpu_s": late_cpu,
        "late_policies": late_policies,
        "pars": sum(1 for m in fake.messages.values() if "You made" in (m.content or "")),
        "missed": missed_deadlines(fake),
        "moves": moves_text(moves) + decider_text,
        "busy": sum(1 for m in fake.messages.values() if m.content == BUSY_TEXT),
        "by_kind": latency_by_kind(fake),
        "over_time": latency_over_time(fake, started_monotonic, think),
        "busy_over_time": busy_text,
        "harness": f"loop lag {harness_lag}, CPU per interaction "
        f"{harness_cpu * 1000 / max(len(latencies), 1):.2f} ms; cycle collections: "
        f"{own_collections.summary()}",
        "stages": stage_report(timings, started_monotonic, think),
    }


def computer_move_seconds(database: Path) -> list[float]:
    """Each computer action's wait since the action before it at its table (the action
    log's ``at``): with no computer delay the computers move at once after it, so this is
    their decision's wall time, its wait for a worker and for the table's lock included.
    Timeouts' stand-ins (``by`` timeout) waited for the clock, not for a decision."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        rows = db.execute("SELECT table_id, at, by FROM actions ORDER BY table_id, seq").fetchall()
    waits = []
    for (table, at, by), (before_table, before_at, _) in zip(rows[1:], rows, strict=False):
        if table == before_table and by not in ("player", "timeout"):
            waits.append(at - before_at)
    return sorted(waits)


def moves_text(waits: list[float]) -> str:
    if not waits:
        return "no computer moves"
    return (
        f"{len(waits)} moves, p50 {statistics.median(waits) * 1000:.0f} ms, "
        f"p99 {waits[int(len(waits) * 0.99)] * 1000:.0f} ms, max {waits[-1] * 1000:.0f} ms"
    )


def stage_report(timings: dict[str, Any] | None, start: float, think: float) -> str:
    """The bot's own per-stage p50/p99 (``tables.stages``, written by the bot at its
    shutdown), every interaction, by kind and by window of the run (as the
    acknowledgements' windows: from ``start``, one per ``think`` time), and its cycle
    collector's pauses."""
    if timings is None:
        return "  per stage: the bot wrote none"
    samples: dict[str, dict[str, list[float]]] = timings["stages"]
    lines = [f"  per stage in the bot, p50/p99 ms, all {stages.summary(stages.merged(samples))}"]
    for kind in ("command", "click"):
        if kind in samples:
            lines.append(f"    {kind}s {stages.summary(samples[kind])}")
    window = max(think, 1.0)
    timeline = [(float(at), waits) for at, waits in timings.get("timeline", [])]
    for n, by_stage in sorted(stages.by_window(timeline, start, window).items()):
        lines.append(f"    {n * window:g}-{(n + 1) * window:g} s {stages.summary(by_stage)}")
    collections = CollectorPauses()
    collections.pauses = {int(g): p for g, p in timings["collector"].items()}
    collections.longest_cpu = {int(g): c for g, c in timings["collector_cpu"].items()}
    collections.total_cpu = {int(g): c for g, c in timings.get("collector_total_cpu", {}).items()}
    collections.full_passes = [(int(n), float(c)) for n, c in timings.get("full_passes", [])]
    lines.append(
        f"    the bot's cycle collections: {collections.summary()}; cyclic garbage left at "
        f"its exit (frozen or not collected yet): {timings['garbage_at_exit']} objects"
    )
    return "\n".join(lines)


def missed_deadlines(fake: FakeDiscord) -> int:
    """Interactions not acknowledged within Discord's 3 s (the fake then refuses the
    acknowledgement with 10062, and the user sees "This interaction failed")."""
    return sum(
        1
        for i in fake.interactions.values()
        if i.response_type is None or (i.ack_latency or 0.0) > fake.ack_deadline
    )


def latency_by_kind(fake: FakeDiscord) -> str:
    """p50/p99 (ms) of slash commands (``/quickplay``: a table opened) and of clicks
    (opening a hand, Refresh, actions), to tell which the tail comes from."""
    kinds: dict[str, list[float]] = {"commands": [], "clicks": []}
    for i in fake.interactions.values():
        if i.ack_latency is not None:
            kinds["commands" if i.type == 2 else "clicks"].append(i.ack_latency * 1000)
    shown = sorted(
        i.settle_latency * 1000
        for i in fake.interactions.values()
        if i.type == 2 and i.settle_latency is not None
    )
    parts = []
    for kind, values in kinds.items():
        if values:
            values.sort()
            parts.append(
                f"{kind} ({len(values)}) p50 {statistics.median(values):.1f}, "
                f"p99 {values[int(len(values) * 0.99)]:.1f}"
            )
    if shown:
        parts.append(
            f"commands' answers shown (after the acknowledgement) p50 "
            f"{statistics.median(shown):.1f}, p99 {shown[int(len(shown) * 0.99)]:.1f}"
        )
    return "; ".join(parts)


def latency_over_time(fake: FakeDiscord, start: float, think: float) -> str:
    """p99 (ms) of the acknowledgements by when the interaction was sent, one window per
    think time: the first holds the users' arrival (every ``/quickplay`` and hand opened),
    so a tail there is the arrival burst, a tail later the steady play."""
    window = max(think, 1.0)
    windows: dict[int, list[float]] = {}
    for i in fake.interactions.values():
        if i.ack_latency is not None:
            n = int(max(i.sent_at_monotonic - start, 0.0) // window)
            windows.setdefault(n, []).append(i.ack_latency * 1000)
    parts = []
    for n in sorted(windows):
        values = sorted(windows[n])
        parts.append(
            f"{n * window:g}-{(n + 1) * window:g} s ({len(values)}) "
            f"p99 {values[int(len(values) * 0.99)]:.0f}"
        )
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", default="500", help="tables at once; several (100,500,1000) run in turn"
    )
    parser.add_argument("--actions", type=int, default=8, help="clicked actions per table")
    parser.add_argument("--game", default="nigerian_thunee")
    parser.add_argument(
        "--level", help="the /quickplay computers' level (default: the bot's default level)"
    )
    parser.add_argument(
        "--computer-worker",
        choices=("process", "thread", "both"),
        default="process",
        help="where the searching computers decide (the bot in its own process only): "
        "worker processes (the default), a thread of the bot, or both in turn",
    )
    parser.add_argument("--concurrency", type=int, default=1000, help="most users active at once")
    parser.add_argument(
        "--think",
        default="3",
        help="mean seconds a user waits between clicks; several (3,10) run in turn",
    )
    parser.add_argument(
        "--memory-tables", type=int, default=100, help="tables opened again to measure memory"
    )
    parser.add_argument("--in-process", action="store_true", help="bot in this process too")
    parser.add_argument(
        "--profile", help="write a cProfile (CPU time of the bot's event loop) to this file"
    )
    parser.add_argument(
        "--par",
        choices=("off", "process", "both"),
        default="off",
        help="par after each hand with computers (issue 33): off (default), in its worker "
        "process, or both in turn in one run (the bot in its own process only)",
    )
    args = parser.parse_args()
    args.thinks = [float(t) for t in str(args.think).split(",")]
    args.think = args.thinks[0]
    logging.basicConfig(level=logging.ERROR)
    for tables in (int(n) for n in args.tables.split(",")):
        run_one(args, tables)


def run_one(args: argparse.Namespace, tables: int) -> None:
    if not args.in_process:
        # Each think time in turn, par off then on within it: the pair to compare is
        # always from the same minutes of the machine's load.
        pars = ("off", "process") if args.par == "both" else (args.par,)
        where = args.computer_worker
        for worker in ("thread", "process") if where == "both" else (where,):
            for think in args.thinks:
                for par in pars:
                    run_separate_one(args, tables, par, worker, think)
        return
    load = os.getloadavg()[0]
    r = run_async(
        run(tables, args.actions, args.game, args.concurrency, args.think, args.memory_tables)
    )
    print(
        f"{r['tables']} tables ({args.game}, {r['completed']} completed), "
        f"{r['actions']} clicked actions "
        f"({r['applied']} applied with the computers') in {r['seconds']:.1f} s, "
        f"{r['interactions']} interactions, load average {load:.1f}\n"
        f"INTERACTION_CREATE -> callback: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms"
        f" (target p99 < 50 ms); CPU per interaction (bot + fake + users): "
        f"{r['cpu_ms_per_interaction']:.2f} ms\n"
        f"REST calls per clicked action: {r['rest_per_action']:.3f}; per applied action: "
        f"{r['rest_per_applied']:.3f} (target <= 1.1); per interaction (every click and "
        f"command): {r['rest_per_interaction']:.3f}\n"
        f"per stage (ms): {r['stages']}\n"
        f"memory kept per table: {r['kb_per_table']:.1f} KB (target <= 64 KB)\n"
        f"fake Discord failures: {r['failures']}"
    )


def run_separate_one(
    args: argparse.Namespace, tables: int, par: str, worker: str, think: float
) -> None:
    load = os.getloadavg()[0]
    # The fake Discord and the users on uvloop too (where installed, as the bot): this
    # process's CPU competes with the bot's for the same cores.
    r = run_async(
        run_separate(tables, args.actions, args.game, think, args.profile, par, args.level, worker)
    )
    print(
        f"{r['tables']} tables ({args.game}, computers {args.level or 'at the default level'}"
        f" deciding in a {worker}, {r['completed']} completed), "
        f"{r['actions']} clicked actions ({r['applied']} applied with the computers') "
        f"in {r['seconds']:.1f} s, {r['interactions']} interactions, "
        f"load average {load:.1f} -> {os.getloadavg()[0]:.1f}; bot in its own process; "
        f"par {par} ({r['pars']} par reports posted, workers started during the run "
        f"{r['late_worker_cpu_s']:.1f} s CPU, scheduled {r['late_policies']}); "
        f"think {think:g} s\n"
        f"INTERACTION_CREATE -> callback: p50 {r['p50_ms']:.1f} ms, "
        f"p99 {r['p99_ms']:.1f} ms (target p99 < 50 ms); bot CPU per interaction "
        f"{r['bot_cpu_ms_per_interaction']:.2f} ms (its event loop's thread "
        f"{r['bot_loop_cpu_ms_per_interaction']:.2f} ms); worker processes (pictures, "
        f"computers, par): "
        f"{r['worker_cpu_ms_per_interaction']:.2f} ms, RSS {r['worker_rss_mb']:.0f} MB\n"
        f"computer move wall time (action log): {r['moves']} (target p99 < 1,000 ms)\n"
        f"  by kind (ms): {r['by_kind']}\n"
        f"  by when sent (ms): {r['over_time']}\n"
        f"  the bot's event loop thread busy (CPU share) by window: {r['busy_over_time']}\n"
        f"  the benchmark's own process (fake Discord and users): {r['harness']}\n"
        f"{r['stages']}\n"
        f"REST calls per clicked action: {r['rest_per_action']:.3f}; "
        f"per applied action: {r['rest_per_applied']:.3f} (target <= 1.1); "
        f"per interaction (every click and command): {r['rest_per_interaction']:.3f}\n"
        f"bot RSS growth per table: {r['kb_per_table']:.1f} KB (target <= 64 KB)\n"
        f"missed acknowledgement deadlines: {r['missed']} (target 0); answered busy: "
        f"{r['busy']}; fake Discord failures: {r['failures']}"
    )


if __name__ == "__main__":
    main()

"""Par after each hand, in the background: "you made 84; with your cards the computers
made 97 on average (5 replays)".

``ParService`` listens to a ``TableManager``: when a hand is scored at a table where a
human plays with computers (the table's ``par`` setting, on by default there), it takes
the match's snapshot (under the table's lock, as listeners run) and hands a
``players.par.ParRequest`` to a worker process. Nothing waits for it: the table plays on,
and when the answer comes back the service tells its own subscribers (the front ends),
which word it in each player's language (``ParReport``). A table that closed meanwhile
still gets its report; a failed or too slow worker is logged and reports nothing.

One worker by default: par is a luxury, and the cores belong to the tables' own clicks.
Idle scheduling alone still lets the worker run on a core the bot's loop wants next (and
its memory traffic slows the loop), so the service also stops it outright while the bot
has interactions in flight (``PauseGate``: ``ParService.busy``, from the front end's
backlog); its replays' budget counts CPU, so a paused par is only later, never shorter.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass

from i18n import N_
from players.par import ParRequest, ParResult, run_par
from tables.manager import TableManager
from tables.updates import TableUpdate

log = logging.getLogger(__name__)

PAR_NICENESS = 19
"""Where ``SCHED_IDLE`` is missing (not Linux): the lowest ordinary CPU priority."""
SETTING = "par"
"""The table setting: ``True``/``False``; unset means on when a human plays with computers."""


PAR_SENTENCE = N_(
    "You made {made}; with your cards the computers made {par} on average ({replays} replays)."
)


def background_priority() -> str:
    """Make this process take only CPU nobody else wants: Linux's ``SCHED_IDLE`` policy
    (a runnable bot thread always preempts it, unlike a niced process, which still gets a
    weighted share of a busy core), else nice 19. The par worker's initializer; which one
    held is returned (for the worker's test)."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return "idle"
    except (AttributeError, OSError):
        try:
            os.nice(PAR_NICENESS)
        except OSError:
            return "normal"
        return "nice"


def par_text(result: ParResult, t: Callable[[str], str]) -> str:
    """The report in a player's language (``t``: the catalog's translator)."""
    mean = result.mean
    par = "-" if mean is None else f"{mean:.0f}" if mean == int(mean) else f"{mean:.1f}"
    return t(PAR_SENTENCE).format(made=result.made, par=par, replays=len(result.replays))


def par_requests(
    manager: TableManager,
    table_id: int,
    *,
    replays: int = 5,
    rollouts: int = 48,
    time_budget_s: float = 30.0,
) -> list[tuple[int, ParRequest]]:
    """One request per human at the table for the hand just scored: (user id, request).
    None when the hand was a redeal or annulled (nothing was played to compare). Called
    as the hand ends (a listener, under the table's lock): the snapshot is that moment's.
    The bot's service and the console both ask this, so both replay alike."""
    match = manager.match_of(table_id)
    if match is None or not match.hand_results:
        return []
    hand = len(match.hand_results) - 1
    if not match.hand_results[hand].get("winners"):
        return []
    seats = manager.state(table_id).seats
    levels = tuple(s.computer for s in seats)
    humans = [(s.seat, s.user_id) for s in seats if s.user_id is not None and not s.computer]
    snapshot = match.snapshot() if humans else {}
    return [
        (
            user_id,
            ParRequest(
                snapshot=snapshot,
                hand=hand,
                seat=seat,
                levels=levels,
                replays=replays,
                rollouts=rollouts,
                time_budget_s=time_budget_s,
                seed=par_seed(match.seed, hand, seat),
            ),
        )
        for seat, user_id in humans
        if user_id is not None
    ]


def par_seed(match_seed: int, hand: int, seat: int) -> int:
    """The replays' seed: the match's, the hand's and the seat's (the same par again)."""
    return match_seed ^ (hand << 8) ^ seat


class PauseGate:
    """Stops a worker process (``SIGSTOP``) while anything holds the gate, and lets it go
    on (``SIGCONT``) when the last holder lets go: the kernel then gives it no CPU at all,
    whatever its priority. Holders are counted; only 0 -> 1 and 1 -> 0 signal. The pid
    comes from the worker itself, later than the first hold maybe (``attach``, from the
    pool's thread: hence the lock). A worker that died meanwhile is ignored."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._holders = 0
        self._stopped = False

    @property
    def stopped(self) -> bool:
        return self._stopped

    @property
    def pid(self) -> int | None:
        """The worker's, once it has named itself."""
        return self._pid

    def attach(self, pid: int) -> None:
        if pid == os.getpid():  # a thread "worker" is this very process: never stop it
            return
        with self._lock:
            self._pid = pid
            self._apply()

    def hold(self) -> None:
        with self._lock:
            self._holders += 1
            if self._holders == 1:
                self._apply()

    def release(self) -> None:
        with self._lock:
            self._holders = max(self._holders - 1, 0)
            if self._holders == 0:
                self._apply()

    def detach(self, *, kill: bool = False) -> None:
        """Forget the worker, first resuming it (or, ``kill``, ending it if it is stopped:
        its work is being thrown away), so no stopped process outlives the service."""
        with self._lock:
            if self._pid is not None and self._stopped:
                self._signal(signal.SIGKILL if kill else signal.SIGCONT)
            self._pid = None
            self._stopped = False

    def _apply(self) -> None:
        want = self._holders > 0
        if self._pid is None or want == self._stopped:
            return
        self._signal(signal.SIGSTOP if want else signal.SIGCONT)
        self._stopped = want and self._pid is not None

    def _signal(self, sig: signal.Signals) -> None:
        assert self._pid is not None
        try:
            os.kill(self._pid, sig)
        except ProcessLookupError:
            self._pid = None


@dataclass(frozen=True, slots=True)
class ParReport:
    table_id: int
    user_id: int
    result: ParResult
    channel_id: int = 0
    """Where the table was when the hand ended (it may have closed since)."""
    guild_id: int | None = None


ParListener = Callable[[ParReport], None]


class ParService:
    def __init__(
        self,
        manager: TableManager,
        *,
        executor: concurrent.futures.Executor | None = None,
        replays: int = 5,
        rollouts: int = 48,
        time_budget_s: float = 30.0,
        max_pending: int = 64,
    ) -> None:
        self.manager = manager
        self.replays = replays
        self.rollouts = rollouts
        self.time_budget_s = time_budget_s
        self.max_pending = max_pending
        """Hands waiting for par beyond this are skipped (logged): a busy bot sheds par
        rather than letting the queue, and its memory, grow."""
        self._executor = executor
        self._own_executor = executor is None
        self._listeners: list[ParListener] = []
        self._pending: set[asyncio.Task[None]] = set()
        self.gate = PauseGate()
        """Holds the own worker still while the bot is answering (``busy``)."""
        self._unsubscribe = manager.subscribe(self._on_update)

    def subscribe(self, listener: ParListener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def busy(self, busy: bool) -> None:
        """The front end has interactions in flight (``True``) or none left (``False``):
        the worker is stopped meanwhile (an executor given to the service is left alone)."""
        if busy:
            self.gate.hold()
        else:
            self.gate.release()

    def enabled(self, table_id: int) -> bool:
        """Whether the table asked for par, or (unset) has both a human and a computer."""
        chosen = self.manager.table_setting(table_id, SETTING)
        if chosen is not None:
            return bool(chosen)
        seats = self.manager.state(table_id).seats
        humans = any(s.user_id is not None and s.computer is None for s in seats)
        return humans and any(s.computer is not None for s in seats)

    def _on_update(self, update: TableUpdate) -> None:
        if update.kind != "action" or not any(e.kind == "hand_scored" for e in update.events):
            return
        try:
            if self.enabled(update.table_id):
                self._schedule(update.table_id)
        except Exception:  # par must never disturb the table it watches
            log.exception("par could not be scheduled for table %s", update.table_id)

    def _schedule(self, table_id: int) -> None:
        if len(self._pending) >= self.max_pending:
            log.warning("par skipped for table %s: %d hands waiting", table_id, self.max_pending)
            return
        requests = par_requests(
            self.manager,
            table_id,
            replays=self.replays,
            rollouts=self.rollouts,
            time_budget_s=self.time_budget_s,
        )
        state = self.manager.state(table_id)
        where = (state.channel_id, state.guild_id)
        for user_id, request in requests:
            task = asyncio.get_running_loop().create_task(
                self._run(table_id, user_id, request, where)
            )
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    def _pool(self) -> concurrent.futures.Executor:
        if self._executor is None:
            # spawn: a fork of a running event loop (and its sockets) is no base for a worker.
            # Idle-scheduled: par is a luxury, and a core it shares belongs to the clicks.
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=background_priority,
            )
            # The worker's own answer names it (the pool keeps its processes private).
            self._executor.submit(os.getpid).add_done_callback(self._attach)
        return self._executor

    def _attach(self, future: concurrent.futures.Future[int]) -> None:
        if not future.cancelled() and future.exception() is None:
            self.gate.attach(future.result())

    async def _run(
        self, table_id: int, user_id: int, request: ParRequest, where: tuple[int, int | None]
    ) -> None:
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(self._pool(), run_par, request)
        except Exception:
            log.exception("par failed for table %s", table_id)
            return
        if not result.replays:
            return
        report = ParReport(table_id, user_id, result, *where)
        for listener in list(self._listeners):
            try:
                listener(report)
            except Exception:
                log.exception("par listener failed")

    async def drain(self) -> None:
        """Wait for every par under way (tests, shutdown)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    async def close(self) -> None:
        self._unsubscribe()
        for task in list(self._pending):
            task.cancel()
        await asyncio.gather(*list(self._pending), return_exceptions=True)
        if self._own_executor and self._executor is not None:
            # A stopped worker would never take the pool's shutdown sentinel; its par is
            # cancelled anyway, so it ends now rather than finishing unwanted replays.
            self.gate.detach(kill=True)
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

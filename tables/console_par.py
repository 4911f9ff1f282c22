"""Par in the terminal: after each hand, "you made 84; with your cards the computers made
97 on average (5 replays)", as the bot says it (``tables.par``), from the same requests
(``par_requests``) and the same replays (``players.par.run_par``).

The console reads its input on the event loop's own thread (``tables.console.read_stdin``),
so an asyncio task would only run between two answers. Par is therefore a plain
``concurrent.futures`` job: submitted when the hand is scored, it runs in a worker (a
background process at idle priority, as in the bot; a thread when the caller gives one),
and ``ready`` hands back the answers that are in, in hand order, without ever waiting.
The console writes them before its next prompt, so no prompt waits for par; at the end of
the match it waits (``finish``, within the time budget) for the last hand's.
"""

from __future__ import annotations

import concurrent.futures
import logging
import multiprocessing
from collections.abc import Callable

from players.par import ParRequest, ParResult, run_par
from rules.registry import GameRegistry
from tables.manager import TableManager
from tables.par import SETTING, background_priority, par_requests
from tables.updates import TableUpdate

log = logging.getLogger(__name__)

PoolFactory = Callable[[], concurrent.futures.Executor]


def background_process() -> concurrent.futures.Executor:
    """The console's par worker: one process, spawned (no copy of the running loop),
    taking only CPU nobody else wants (``tables.par.background_priority``)."""
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=background_priority,
    )


class ConsolePar:
    """Par for the console player (``user_id``) at one table."""

    def __init__(
        self,
        manager: TableManager,
        table_id: int,
        user_id: int,
        pool: PoolFactory = background_process,
        *,
        registry: GameRegistry | None = None,
        replays: int = 5,
        rollouts: int = 48,
        time_budget_s: float = 30.0,
    ) -> None:
        self.manager = manager
        self.table_id = table_id
        self.user_id = user_id
        self.replays = replays
        self.rollouts = rollouts
        self.time_budget_s = time_budget_s
        self._pool_factory = pool
        self._registry = registry
        """Given only to a thread: a process loads the built-in registry itself."""
        self._pool: concurrent.futures.Executor | None = None
        self._waiting: list[concurrent.futures.Future[ParResult]] = []
        self._unsubscribe = manager.subscribe(self._on_update)

    def _on_update(self, update: TableUpdate) -> None:
        if update.table_id != self.table_id or update.kind != "action":
            return
        if not any(e.kind == "hand_scored" for e in update.events):
            return
        if self.manager.table_setting(self.table_id, SETTING) is False:
            return
        try:
            requests = par_requests(
                self.manager,
                self.table_id,
                replays=self.replays,
                rollouts=self.rollouts,
                time_budget_s=self.time_budget_s,
            )
            for user_id, request in requests:
                if user_id == self.user_id:
                    self._waiting.append(self._submit(request))
        except Exception:  # par must never disturb the game it watches
            log.exception("par could not be started for table %s", self.table_id)

    def _submit(self, request: ParRequest) -> concurrent.futures.Future[ParResult]:
        if self._pool is None:
            self._pool = self._pool_factory()
        if self._registry is None:
            return self._pool.submit(run_par, request)
        return self._pool.submit(run_par, request, self._registry)

    @property
    def pending(self) -> int:
        return len(self._waiting)

    def ready(self) -> list[ParResult]:
        """The answers that are in, oldest hand first (a later hand's waits for an earlier
        one's, so they are said in order); never waits. A failed par is logged, not said."""
        done: list[ParResult] = []
        while self._waiting and self._waiting[0].done():
            future = self._waiting.pop(0)
            try:
                result = future.result()
            except Exception:
                log.exception("par failed for table %s", self.table_id)
                continue
            if result.replays:
                done.append(result)
        return done

    def finish(self, timeout: float | None = None) -> list[ParResult]:
        """Wait for the pars still under way (at most ``timeout`` seconds; the time budget
        and as long again for the replay under way by default), then what is in."""
        wait = self.time_budget_s * 2 if timeout is None else timeout
        concurrent.futures.wait(self._waiting, timeout=wait or None)
        return self.ready()

    def close(self) -> None:
        self._unsubscribe()
        for future in self._waiting:
            future.cancel()
        self._waiting.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

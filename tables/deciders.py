"""Where the computers decide: in worker processes, off the event loop (issue 35).

A search (the club and expert levels) takes 10-150 ms of CPU per decision. In a thread of
the bot it holds the interpreter lock that the event loop needs: at 500 tables with club
computers the loop starved and 393 acknowledgements missed Discord's deadline. Here a
searching player's decision, on turn or off (``ComputerPlayer.off_turn``: 304's Caps, a
Thunee challenge), is a ``players.decision.DecisionRequest`` (the seat's view, the legal
action ids, the level, the budget the manager injects, a seed) sent to a pool of spawned
worker processes; the answer is the action's id.

The beginner level (a heuristic) decides on the loop: its decision costs less of the
loop's CPU than the round trip to a worker would (``bench/decision_ipc.py`` measures both;
docs/performance.md keeps the figures).

Each decision draws its seed from the table's dice (``Table.computer_rng``) and decides
with ``random.Random(seed)`` wherever it runs, so a worker's decision is the one the
manager would have made in its own process. A worker that dies breaks the pool: it is
replaced and the decision asked again once; if that fails too, or no answer comes within
``timeout`` seconds, the beginner decides on the loop, so a table never waits for ever and
a decision is never lost. A pool that answered nothing for ``timeout`` seconds is stuck
(a worker in an endless loop) and is replaced as well.

``workers`` 0 keeps the old way (the tests' and the console's): the search in a thread of
this process, the rest on the loop. The pool serves only the built-in games (a worker
imports ``rules.registry.BUILTIN``; a test's own game cannot be pickled to it) and only a
manager whose players are the default registry's (a test's own players stay in process).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import contextlib
import functools
import logging
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from players import PlayerRegistry, Situation
from players.budget import SearchBudget
from players.decision import DecisionRequest, DecisionResult, decide, level_player
from rules.contract import Action, Match
from rules.plugin import LEVELS
from rules.registry import BUILTIN, GameRegistry

log = logging.getLogger(__name__)

FALLBACK_LEVEL = LEVELS[0]
"""Who decides on the loop when no worker answers: the beginner (a heuristic, no search)."""
TIMEOUT = 30.0
"""Seconds a decision may wait for its worker (the queue included) before the beginner
decides instead: far above a search's 250 ms CPU cap, so only a stuck or starved pool
reaches it."""


QUEUED_AHEAD = 8
"""Requests queued in each worker's pipe beyond the one it decides (see ``pool``); a
request queued there is decided even if its wait timed out meanwhile."""


def default_workers() -> int:
    """One worker per core but one (the event loop's), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def _warm(games: tuple[str, ...], budget: SearchBudget) -> int:
    """A new worker's first job: import every engine and build its players, so the first
    table's decision does not wait for them."""
    for game in games:
        for level in LEVELS:
            level_player(BUILTIN, game, level, budget)
    return os.getpid()


def _warmed(future: asyncio.Future[int]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("a computers' worker failed to start", exc_info=future.exception())


class ComputerDecisions:
    def __init__(
        self,
        players: PlayerRegistry,
        games: GameRegistry,
        budget: SearchBudget,
        *,
        workers: int = 0,
        own_players: bool = False,
        timeout: float = TIMEOUT,
        entry: Callable[[DecisionRequest], DecisionResult] = decide,
    ) -> None:
        self.players = players
        self.games = games
        self.budget = budget
        """What a search may spend per decision (the table manager's, from its settings)."""
        self.workers = workers
        self.own_players = own_players
        """The manager was given its players: they decide in this process."""
        self.timeout = timeout
        self.entry = entry
        """What a worker runs (a module-level function: the tests' crashing ones)."""
        self._closed = False
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._answered_at = 0.0
        """Loop time of the pool's last answer (a stuck pool answers nothing)."""
        self.retried = 0
        self.fell_back = 0

    # -- the pool --------------------------------------------------------------------

    def _remote(self, game: str) -> bool:
        """This game's searching decisions go to a worker."""
        return (
            self.workers > 0
            and not self._closed
            and not self.own_players
            and game in BUILTIN
            and self.games.plugin(game) is BUILTIN.plugin(game)
        )

    def pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # The pool hands a worker its next request from a thread of this process,
            # which under load waits for a core and for the interpreter lock longer than a
            # club decision takes (3-10 ms): with one request queued ahead (the pool's
            # default) the worker then idles with decisions waiting. ``QUEUED_AHEAD`` per
            # worker keep it busy; the pool reads its queue's size only when built.
            default = concurrent.futures.process.EXTRA_QUEUED_CALLS
            concurrent.futures.process.EXTRA_QUEUED_CALLS = QUEUED_AHEAD * self.workers
            try:
                # spawn: a fork of a running event loop (and its sockets) is no base
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
                )
            finally:
                concurrent.futures.process.EXTRA_QUEUED_CALLS = default
            self._answered_at = asyncio.get_running_loop().time()
        return self._pool

    def start(self) -> list[asyncio.Future[int]]:
        """Start the workers now (the bot at start), each warming the built-in games'
        players; returns the warm-ups' futures (their workers' pids)."""
        if self.workers <= 0 or self.own_players or self._closed:
            return []
        games = tuple(g for g in self.games.names() if self._remote(g))
        loop = asyncio.get_running_loop()
        pool = self.pool()
        warming = [
            asyncio.wrap_future(pool.submit(_warm, games, self.budget), loop=loop)
            for _ in range(self.workers)
        ]
        for future in warming:
            future.add_done_callback(_warmed)
        return warming

    def _replace(self, broken: concurrent.futures.ProcessPoolExecutor) -> None:
        """Drop ``broken`` (unless a newer pool replaced it already); the next decision
        starts a new one."""
        if self._pool is not broken:
            return
        self._pool = None
        # a stuck worker ends only when killed; a dead one is gone already
        processes: dict[int, Any] = getattr(broken, "_processes", None) or {}
        for process in list(processes.values()):
            with contextlib.suppress(Exception):
                process.kill()
        broken.shutdown(wait=False, cancel_futures=True)

    async def _ask(self, request: DecisionRequest) -> DecisionResult | None:
        """The worker's answer, asked twice if the first pool broke; None when no worker
        answered (the caller decides on the loop)."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self.pool()
            try:
                future = pool.submit(self.entry, request)
            except (BrokenProcessPool, RuntimeError):  # broken, or shut down meanwhile
                self._replace(pool)
                continue
            waiting = asyncio.wrap_future(future, loop=loop)
            try:
                result = await asyncio.wait_for(waiting, self.timeout)
            except BrokenProcessPool:
                log.warning("a computer's worker stopped; asking a new one")
                self._replace(pool)
                if attempt == 0:
                    self.retried += 1
                continue
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not future.cancelled() or (task is not None and task.cancelling()):
                    raise  # our own task was cancelled
                return None  # the pool was shut down (the manager closes): decide here
            except TimeoutError:
                future.cancel()
                if loop.time() - self._answered_at > self.timeout:
                    log.error("the computers' workers answered nothing for %.0f s", self.timeout)
                    self._replace(pool)
                else:
                    log.warning("a computer's decision waited %.0f s for a worker", self.timeout)
                return None
            except Exception:  # the player failed (a bug to fix): the table moves on
                log.exception("a computer's worker failed to decide (%s)", request.game)
                self._answered_at = loop.time()
                return None
            self._answered_at = loop.time()
            return result
        return None

    async def close(self) -> None:
        """Stop the workers; decisions still under way then are made in this process."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    # -- decisions -------------------------------------------------------------------

    async def choose(
        self,
        match: Match[Any],
        seat: int,
        level: str,
        dice: random.Random,
        teams: tuple[tuple[int, ...], ...] | None,
    ) -> tuple[Action, list[Action]]:
        """``level``'s action for ``seat`` (on turn), its dice drawn from ``dice``, and
        the legal actions it chose from."""
        game = match.spec.name
        player = self.players.get(level, game)
        legal = match.legal_actions(seat)
        seed = dice.getrandbits(64)
        if player.blocking and self._remote(game):
            request = DecisionRequest.at(
                match, seat, level=level, budget=self.budget, seed=seed, teams=teams, legal=legal
            )
            result = await self._ask(request)
            if result is not None and result.action is not None:
                return match.spec.parse_action(result.action), legal
            self.fell_back += 1
            player = self.players.get(FALLBACK_LEVEL, game)
        situation = Situation(
            spec=match.spec,
            players=match.players,
            seat=seat,
            options=match.options,
            teams=match.spec.teams(match.players) if teams is None else teams,
            phase=match.phase,
            view=match.view(seat),
            legal=legal,
            rng=random.Random(seed),
        )
        if player.blocking:
            return await asyncio.to_thread(player.choose, situation), legal
        return player.choose(situation), legal

    async def off_turn(
        self,
        match: Match[Any],
        seat: int,
        level: str,
        dice: random.Random,
        teams: tuple[tuple[int, ...], ...] | None,
    ) -> tuple[Action | None, list[Action]]:
        """``level``'s optional action for ``seat`` off turn (or None), and the actions it
        was offered (none: nothing to ask)."""
        game = match.spec.name
        player = self.players.get(level, game)
        legal = match.legal_actions(seat)
        if not legal:
            return None, []
        seed = dice.getrandbits(64)
        blocking = player.blocking
        if blocking and self._remote(game):
            request = DecisionRequest.at(
                match, seat, level=level, budget=self.budget, seed=seed, teams=teams,
                legal=legal, off_turn=True,
            )  # fmt: skip
            result = await self._ask(request)
            if result is not None:
                action = None if result.action is None else match.spec.parse_action(result.action)
                return action, legal
            self.fell_back += 1
            player, blocking = self.players.get(FALLBACK_LEVEL, game), False
        # (the view is built only if the player reads it: most decline from ``legal``;
        # for a thread it is built here, under the lock, while the match stands still)
        situation = Situation(
            spec=match.spec,
            players=match.players,
            seat=seat,
            options=match.options,
            teams=match.spec.teams(match.players) if teams is None else teams,
            phase=match.phase,
            view=match.view(seat) if blocking else None,
            legal=legal,
            rng=random.Random(seed),
            viewer=None if blocking else functools.partial(match.view, seat),
        )
        if blocking:
            return await asyncio.to_thread(player.off_turn, situation), legal
        return player.off_turn(situation), legal

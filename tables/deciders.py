"""Where the computers decide: in worker processes, off the event loop (issue 35).

A search (the club and expert levels) takes 10-150 ms of CPU per decision. In a thread of
the bot it holds the interpreter lock that the event loop needs: at 500 tables with club
computers the loop starved and 393 acknowledgements missed Discord's deadline. Here a
searching player's decision, on turn or off (``ComputerPlayer.off_turn``: 304's Caps, a
Thunee challenge), is a ``players.decision.DecisionRequest`` (the seat's view, the legal
action ids, the level, the budget the manager injects, a seed) sent to one of ``workers``
worker processes (``tables.decision_worker``, fed and read on the event loop: no thread of
the bot's waits for the interpreter lock to hand requests over); the answer is the action's
id.

The beginner level (a heuristic) decides on the loop: its decision costs less of the
loop's CPU than the round trip to a worker would (``bench/decision_ipc.py`` measures both;
docs/performance.md keeps the figures).

Each decision draws its seed from the table's dice (``Table.computer_rng``) and decides
with ``random.Random(seed)`` wherever it runs, so a worker's decision is the one the
manager would have made in its own process. A worker that dies is replaced and the
decision asked again once; if that fails too, or no answer comes within ``timeout``
seconds, the beginner decides on the loop, so a table never waits for ever and a decision
is never lost. A worker that answered nothing for ``timeout`` seconds is stuck (an endless
loop) and is killed.

``workers`` 0 keeps the old way (the tests' and the console's): the search in a thread of
this process, the rest on the loop. The workers serve only the built-in games (a worker
imports ``rules.registry.BUILTIN``; a test's own game cannot be pickled to it) and only a
manager whose players are the default registry's (a test's own players stay in process).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import os
import pickle
import random
import sys
from pathlib import Path
from typing import Any

from players import PlayerRegistry, Situation
from players.budget import SearchBudget
from players.decision import DecisionRequest, DecisionResult
from rules.contract import Action, Match
from rules.plugin import LEVELS
from rules.registry import BUILTIN, GameRegistry
from tables.decision_worker import ENTRY, REPLY, REQUEST

log = logging.getLogger(__name__)

FALLBACK_LEVEL = LEVELS[0]
"""Who decides on the loop when no worker answers: the beginner (a heuristic, no search)."""
TIMEOUT = 30.0
"""Seconds a decision may wait for its worker (the queue included) before the beginner
decides instead: far above a search's 250 ms CPU cap, so only a stuck or starved worker
reaches it."""


ROOT = Path(__file__).resolve().parent.parent
"""Where the worker's modules import from (its working directory)."""


class WorkerDied(Exception):
    """The worker deciding a request stopped before answering."""


def default_workers() -> int:
    """One worker per core. The workers run at a lower CPU priority than the bot
    (``decision_worker.NICE``), so where cores are short the loop's answers still go
    first; at 500 expert tables on a quiet 2-core machine two workers kept the moves' p99
    at 241 ms against 2.3 s with one (issue 35, docs/performance.md)."""
    return os.cpu_count() or 1


class _Worker:
    """One ``python -m tables.decision_worker`` and the answers it owes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.waiting: dict[int, asyncio.Future[DecisionResult]] = {}
        self.answered_at = asyncio.get_running_loop().time()
        self.reader: asyncio.Task[None] | None = None


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
        entry: str = ENTRY,
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
        """What a worker runs, ``module:function`` (the tests' failing ones)."""
        self._closed = False
        self._running: list[_Worker] = []
        self._dropped: list[_Worker] = []
        """Workers stopped or killed, not yet waited for (``close`` reaps them)."""
        self._starting: asyncio.Future[_Worker] | None = None
        self._jobs = itertools.count(1)
        self.retried = 0
        self.fell_back = 0
        self.killed = 0

    # -- the workers -----------------------------------------------------------------

    def _remote(self, game: str) -> bool:
        """This game's searching decisions go to a worker."""
        return (
            self.workers > 0
            and not self._closed
            and not self.own_players
            and game in BUILTIN
            and self.games.plugin(game) is BUILTIN.plugin(game)
        )

    @property
    def pids(self) -> list[int]:
        """The running workers' process ids."""
        return [w.process.pid for w in self._running]

    def start(self) -> list[asyncio.Future[_Worker]]:
        """Start the workers now (the bot at start: they import the engines meanwhile);
        returns their starts (tests wait for them)."""
        if self.workers <= 0 or self.own_players or self._closed:
            return []
        return [asyncio.ensure_future(self._spawn()) for _ in range(self.workers)]

    async def _spawn(self) -> _Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tables.decision_worker", self.entry,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT,
        )  # fmt: skip
        worker = _Worker(process)
        worker.reader = asyncio.ensure_future(self._read(worker))
        self._running.append(worker)
        return worker

    async def _worker(self) -> _Worker:
        """The running worker with the fewest answers owed, a new one if fewer run than
        ``workers``."""
        running = [w for w in self._running if w.process.returncode is None]
        if len(running) < self.workers:
            if self._starting is None or self._starting.done():
                self._starting = asyncio.ensure_future(self._spawn())
            if not running:
                return await asyncio.shield(self._starting)
        return min(running, key=lambda w: len(w.waiting))

    async def _read(self, worker: _Worker) -> None:
        stdout = worker.process.stdout
        assert stdout is not None
        loop = asyncio.get_running_loop()
        try:
            while True:
                header = await stdout.readexactly(REPLY.size)
                job, ok, length = REPLY.unpack(header)
                data = await stdout.readexactly(length)
                worker.answered_at = loop.time()
                future = worker.waiting.pop(job, None)
                if future is None or future.done():
                    continue
                if ok:
                    future.set_result(pickle.loads(data))
                else:
                    future.set_exception(RuntimeError(data.decode(errors="replace")))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        self._drop(worker)

    def _drop(self, worker: _Worker) -> None:
        """Forget ``worker`` (stopped, or killed as stuck): what it owed fails."""
        if worker in self._running:
            self._running.remove(worker)
            self._dropped.append(worker)
        if worker.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                worker.process.kill()
        waiting, worker.waiting = worker.waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(WorkerDied())

    async def _ask(self, request: DecisionRequest) -> DecisionResult | None:
        """A worker's answer, asked again once if its worker died; None when no worker
        answered (the caller decides on the loop)."""
        loop = asyncio.get_running_loop()
        payload = pickle.dumps(request, pickle.HIGHEST_PROTOCOL)
        for attempt in range(2):
            try:
                worker = await self._worker()
            except OSError:
                log.exception("no computers' worker could start")
                return None
            stdin = worker.process.stdin
            if stdin is None or worker.process.returncode is not None:
                self._drop(worker)
                continue
            job = next(self._jobs)
            future: asyncio.Future[DecisionResult] = loop.create_future()
            worker.waiting[job] = future
            stdin.write(REQUEST.pack(job, len(payload)) + payload)
            try:
                return await asyncio.wait_for(future, self.timeout)
            except WorkerDied:
                log.warning("a computer's worker stopped; asking again")
                if attempt == 0:
                    self.retried += 1
            except TimeoutError:
                worker.waiting.pop(job, None)
                if loop.time() - worker.answered_at > self.timeout:
                    log.error("a computers' worker answered nothing for %.0f s", self.timeout)
                    self.killed += 1
                    self._drop(worker)
                else:
                    log.warning("a computer's decision waited %.0f s for a worker", self.timeout)
                return None
            except Exception:  # the player failed (a bug to fix): the table moves on
                log.exception("a computer's worker failed to decide (%s)", request.game)
                return None
        return None

    async def close(self) -> None:
        """Stop the workers; decisions still under way then are made in this process."""
        self._closed = True
        for worker in list(self._running):
            if worker.reader is not None:
                worker.reader.cancel()
            self._drop(worker)
        dropped, self._dropped = self._dropped, []
        for worker in dropped:
            with contextlib.suppress(Exception):
                await worker.process.wait()
            if worker.reader is not None:
                with contextlib.suppress(BaseException):
                    await worker.reader

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

"""The bot's side of the picture worker process (``pictures.worker``).

``PictureProcess`` starts ``python -m pictures.worker`` on first use, sends it scenes with a
priority, and resolves each request's future when its PNG comes back; all on the event
loop, with no thread of the bot's own. A worker that dies fails what it was drawing (the
answers go without their pictures) and a new one starts at the next request.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pictures.worker import REPLY, REQUEST

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent
"""Where ``pictures`` can be imported from (the worker's working directory)."""


class PictureError(Exception):
    """The worker could not draw a scene (its message says why), or it stopped."""


WORKER_COMMAND = (sys.executable, "-m", "pictures.worker")
QUICK_EXIT = 10.0
"""A worker that stops within this many seconds of starting counts as failing to start."""
GIVE_UP_AFTER = 3
"""Quick exits in a row after which the worker is not started again (``broken``)."""


class PictureProcess:
    def __init__(self, command: tuple[str, ...] = WORKER_COMMAND) -> None:
        self.command = command
        self.quick_exits = 0
        self._started_at = 0.0
        self._process: asyncio.subprocess.Process | None = None
        self._starting: asyncio.Future[asyncio.subprocess.Process] | None = None
        self._reader: asyncio.Task[None] | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[bytes]] = {}
        self._deferred: set[asyncio.Task[None]] = set()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def _running(self) -> asyncio.subprocess.Process | None:
        process = self._process
        return process if process is not None and process.returncode is None else None

    def start_soon(self) -> None:
        """Start the worker in the background unless it runs or is starting (raises
        RuntimeError with no running loop)."""
        asyncio.get_running_loop()
        if self._running() is None and (self._starting is None or self._starting.done()):
            self._starting = asyncio.ensure_future(self._spawn())

    async def start(self) -> asyncio.subprocess.Process:
        """The running worker (started now if there is none)."""
        running = self._running()
        if running is not None:
            return running
        self.start_soon()
        assert self._starting is not None
        return await asyncio.shield(self._starting)

    @property
    def broken(self) -> bool:
        """The worker stopped right after starting ``GIVE_UP_AFTER`` times in a row (it
        cannot run here): starting it again would only burn CPU."""
        return self.quick_exits >= GIVE_UP_AFTER

    async def _spawn(self) -> asyncio.subprocess.Process:
        if self.broken:
            raise PictureError("the picture worker keeps stopping at start")
        self._started_at = asyncio.get_running_loop().time()
        process = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT,
        )  # fmt: skip
        self._process = process
        self._reader = asyncio.ensure_future(self._read(process))
        return process

    def submit(self, draw: Callable[[Any], bytes], scene: Any, priority: int) -> int:
        """Queue ``draw(scene)`` (``draw`` must be a module-level function) once the worker
        runs; returns the job id for ``move_up`` and ``result``."""
        job_id = next(self._ids)
        self._waiting[job_id] = asyncio.get_running_loop().create_future()
        payload = pickle.dumps((draw, scene), protocol=pickle.HIGHEST_PROTOCOL)
        self._send(REQUEST.pack(job_id, priority, len(payload)) + payload)
        return job_id

    def move_up(self, job_id: int, priority: int) -> None:
        """Draw a queued job at ``priority`` (a no-op when it is drawn already)."""
        if job_id in self._waiting:
            self._send(REQUEST.pack(job_id, priority, 0))

    def result(self, job_id: int) -> asyncio.Future[bytes]:
        return self._waiting[job_id]

    def _send(self, frame: bytes) -> None:
        process = self._running()
        if process is not None and process.stdin is not None:
            process.stdin.write(frame)
            return

        # Not started yet (or restarting): send once it runs.
        async def later() -> None:
            try:
                started = await self.start()
            except (OSError, PictureError) as exc:
                self._fail_all(PictureError(f"no picture worker: {exc}"))
                return
            assert started.stdin is not None
            started.stdin.write(frame)

        task = asyncio.ensure_future(later())
        self._deferred.add(task)
        task.add_done_callback(self._deferred.discard)

    async def _read(self, process: asyncio.subprocess.Process) -> None:
        assert process.stdout is not None
        try:
            while True:
                header = await process.stdout.readexactly(REPLY.size)
                job_id, ok, length = REPLY.unpack(header)
                data = await process.stdout.readexactly(length)
                self.quick_exits = 0  # it drew: it runs here
                future = self._waiting.pop(job_id, None)
                if future is None or future.done():
                    continue
                if ok:
                    future.set_result(data)
                else:
                    future.set_exception(PictureError(data.decode(errors="replace")))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        if self._process is process:
            self._process = None
            code = await process.wait()
            if asyncio.get_running_loop().time() - self._started_at < QUICK_EXIT:
                self.quick_exits += 1
            log.warning("the picture worker stopped (exit %s)", code)
            self._fail_all(PictureError("the picture worker stopped"))

    def _fail_all(self, error: PictureError) -> None:
        waiting, self._waiting = self._waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(error)

    def close(self) -> asyncio.subprocess.Process | None:
        """Stop the worker: it ends when its input closes. Returns it (to wait for)."""
        process, self._process = self._process, None
        if self._reader is not None:
            self._reader.cancel()
        for task in self._deferred:
            task.cancel()
        if process is not None and process.stdin is not None and process.returncode is None:
            process.stdin.close()
        for future in self._waiting.values():
            future.cancel()
        self._waiting.clear()
        return process

    async def aclose(self, timeout: float = 5.0) -> None:
        """Stop the worker and wait for it to end (killed after ``timeout`` seconds)."""
        process = self.close()
        if process is None:
            return
        try:
            await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            process.kill()
            await process.wait()

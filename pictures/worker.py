"""The picture worker process: draws the scenes the bot sends, most urgent first.

    python -m pictures.worker

The bot (``pictures.worker_client.PictureProcess``) writes requests to this process's
stdin and reads pictures from its stdout. Drawing in a process of its own keeps the
bot's event loop from sharing the interpreter lock with Pillow's Python code: with a
drawing thread in the bot, the loop waited for the lock after nearly every socket write
and poll (each wait up to the switch interval), which was most of a click's tail latency
at hundreds of tables.

Frames (little-endian): a request is ``job id (u32), priority (u8), length (u32)`` then a
pickle of ``(draw, scene)`` (``draw`` a module-level function such as
``pictures.render._draw_table``); a request with length 0 moves an earlier job to the
given priority (up, or down: a job's latest priority is the one it is drawn at). A reply
is ``job id (u32), ok (u8), length (u32)`` then the PNG bytes, or the error's text when ok
is 0. Lower priority numbers are drawn first; urgent ones (0: an answer waits) newest
first, since the oldest are the likeliest to have stopped waiting; others in arrival
order. The process ends when stdin closes, so it never outlives the bot.
"""

from __future__ import annotations

import itertools
import pickle
import queue
import struct
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, BinaryIO

REQUEST = struct.Struct("<IBI")
REMEMBERED = frozenset({"pictures.render._draw_hand"})
"""Drawings whose pictures the worker keeps (``Remembered``): a hand is asked for again
at every Refresh of an unchanged hand, often after the bot's own small cache has let it
go (the load benchmark at 100 tables: 296 of 941 requests were hands drawn before,
64 to 1,024 requests earlier). A table picture is never asked for twice (the table's
editor skips an unchanged scene)."""
REMEMBERED_BYTES = 32 * 1024 * 1024
"""~5,000 hand pictures: enough for the hands of the 1,000 tables of issue 37."""
REPLY = struct.Struct("<IBI")
STOP = -1
"""Priority of the end-of-input marker: ahead of any queued drawing."""
URGENT = 0


def queue_order(priority: int, arrival: int) -> int:
    """Where a job goes among those of its priority: urgent ones newest first (when the
    drawing falls behind, first in first out would draw, one after the other, pictures
    whose answers have gone without them, and every newer answer would wait its full
    limit behind them), others first come first served."""
    return -arrival if priority == URGENT else arrival


def read_requests(
    source: BinaryIO,
    jobs: queue.PriorityQueue[tuple[int, int, int]],
    payloads: dict[int, bytes],
    current: dict[int, int],
) -> None:
    """Reader thread: requests from ``source`` into the queue; a marker at end of input."""
    order = itertools.count()
    while True:
        header = source.read(REQUEST.size)
        if len(header) < REQUEST.size:
            break
        job_id, priority, length = REQUEST.unpack(header)
        if length:
            payload = source.read(length)
            if len(payload) < length:
                break
            payloads[job_id] = payload
        current[job_id] = priority  # (before it is queued: the drawer checks it)
        jobs.put((priority, queue_order(priority, next(order)), job_id))
    jobs.put((STOP, next(order), 0))


class Remembered:
    """The pictures of ``REMEMBERED`` drawings by scene, least recently used dropped first
    once they hold more than ``budget`` bytes. A picture is fully determined by its scene
    (the scene names every card shown), so an equal scene may be given the same bytes
    whoever asks: no other seat's cards, no stale picture."""

    def __init__(self, budget: int = REMEMBERED_BYTES) -> None:
        self.budget = budget
        self.size = 0
        self._items: OrderedDict[tuple[Callable[[Any], bytes], Any], bytes] = OrderedDict()

    @staticmethod
    def wanted(draw: Callable[[Any], bytes]) -> bool:
        return f"{draw.__module__}.{draw.__qualname__}" in REMEMBERED

    def draw(self, draw: Callable[[Any], bytes], scene: Any) -> bytes:
        """``draw(scene)``, from memory when it was drawn before."""
        if not self.wanted(draw):
            return draw(scene)
        key = (draw, scene)
        data = self._items.get(key)
        if data is not None:
            self._items.move_to_end(key)
            return data
        data = draw(scene)
        self._items[key] = data
        self.size += len(data)
        while self.size > self.budget:
            _, dropped = self._items.popitem(last=False)
            self.size -= len(dropped)
        return data


def serve(source: BinaryIO, sink: BinaryIO) -> None:
    """Draw requests from ``source`` until it closes, replying on ``sink``."""
    jobs: queue.PriorityQueue[tuple[int, int, int]] = queue.PriorityQueue()
    payloads: dict[int, bytes] = {}
    current: dict[int, int] = {}
    """Each queued job's latest priority: an entry at another one was moved since."""
    remembered = Remembered()
    threading.Thread(
        target=read_requests,
        args=(source, jobs, payloads, current),
        name="requests",
        daemon=True,
    ).start()
    while True:
        priority, _, job_id = jobs.get()
        if priority == STOP:
            return
        if current.get(job_id, priority) != priority:
            continue  # moved since: drawn at its new place
        current.pop(job_id, None)
        payload = payloads.pop(job_id, None)
        if payload is None:
            continue  # moved earlier and drawn then
        try:
            draw, scene = pickle.loads(payload)
            data = remembered.draw(draw, scene)
            ok = 1
        except Exception as exc:
            data, ok = f"{type(exc).__name__}: {exc}".encode(), 0
        sink.write(REPLY.pack(job_id, ok, len(data)) + data)
        sink.flush()


def warm_up() -> None:
    """Draw the card sprites, the fonts and the palette once (the first picture's cost:
    ~65 ms for a first table, which an answer would otherwise wait for)."""
    from pictures.render import render_hand, render_table
    from pictures.scenes import HandScene, ScoreLine, SeatScene, TableScene

    draw_hand: Callable[[Any], bytes] = render_hand.__wrapped__
    draw_table: Callable[[Any], bytes] = render_table.__wrapped__
    draw_hand(HandScene(cards=("JS", "9S")))
    seats = tuple(SeatScene(f"{n}", card="AH", team=n % 2, hand_count=5) for n in range(4))
    scores = (ScoreLine("a", "1"),)
    draw_table(TableScene(title="t", seats=seats, trump="S", scores=scores, status="s"))
    rummy = tuple(SeatScene(f"{n}", melds=(("2C", "3C", "4C"),)) for n in range(4))
    draw_table(TableScene(title="t", seats=rummy, stock_count=40, discard_top="KD"))


def main() -> None:
    warm_up()
    serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    main()

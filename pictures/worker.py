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
given priority. A reply is ``job id (u32), ok (u8), length (u32)`` then the PNG bytes, or
the error's text when ok is 0. Lower priority numbers are drawn first, equal ones in
arrival order. The process ends when stdin closes, so it never outlives the bot.
"""

from __future__ import annotations

import itertools
import pickle
import queue
import struct
import sys
import threading
from collections.abc import Callable
from typing import Any, BinaryIO

REQUEST = struct.Struct("<IBI")
REPLY = struct.Struct("<IBI")
STOP = -1
"""Priority of the end-of-input marker: ahead of any queued drawing."""


def read_requests(
    source: BinaryIO, jobs: queue.PriorityQueue[tuple[int, int, int]], payloads: dict[int, bytes]
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
        jobs.put((priority, next(order), job_id))
    jobs.put((STOP, next(order), 0))


def serve(source: BinaryIO, sink: BinaryIO) -> None:
    """Draw requests from ``source`` until it closes, replying on ``sink``."""
    jobs: queue.PriorityQueue[tuple[int, int, int]] = queue.PriorityQueue()
    payloads: dict[int, bytes] = {}
    threading.Thread(
        target=read_requests, args=(source, jobs, payloads), name="requests", daemon=True
    ).start()
    while True:
        priority, _, job_id = jobs.get()
        if priority == STOP:
            return
        payload = payloads.pop(job_id, None)
        if payload is None:
            continue  # moved up earlier and drawn then
        try:
            draw, scene = pickle.loads(payload)
            data: bytes = draw(scene)
            ok = 1
        except Exception as exc:
            data, ok = f"{type(exc).__name__}: {exc}".encode(), 0
        sink.write(REPLY.pack(job_id, ok, len(data)) + data)
        sink.flush()


def warm_up() -> None:
    """Draw the card sprites and the palette once (the first picture's cost)."""
    from pictures.render import render_hand
    from pictures.scenes import HandScene

    draw: Callable[[Any], bytes] = render_hand.__wrapped__
    draw(HandScene(cards=("JS", "9S")))


def main() -> None:
    warm_up()
    serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    main()

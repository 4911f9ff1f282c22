"""A computers' decision worker process: decides the requests the bot sends, in order.

    python -m tables.decision_worker [module:function]

The bot (``tables.deciders.ComputerDecisions``) writes requests to this process's stdin
and reads the answers from its stdout, both on its event loop: no thread of the bot's
hands requests over (a ``ProcessPoolExecutor``'s threads wait for the interpreter lock
behind a busy loop, and the worker then idled with decisions waiting), and requests
queued in the pipe are read as soon as the previous one is answered.

Frames (little-endian): a request is ``job id (u32), length (u32)`` then a pickle of a
``players.decision.DecisionRequest``; an answer is ``job id (u32), ok (u8), length (u32)``
then a pickle of the ``DecisionResult``, or the error's text when ok is 0. The function
that decides is ``players.decision:decide`` unless named (the tests' failing ones). The
process ends when stdin closes, so it never outlives the bot.
"""

from __future__ import annotations

import importlib
import os
import pickle
import struct
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

REQUEST = struct.Struct("<II")
REPLY = struct.Struct("<IBI")
ENTRY = "players.decision:decide"


def entry_of(path: str) -> Callable[[Any], Any]:
    module, _, name = path.partition(":")
    function: Callable[[Any], Any] = getattr(importlib.import_module(module), name)
    return function


def serve(entry: Callable[[Any], Any], requests: BinaryIO, answers: BinaryIO) -> None:
    while True:
        header = requests.read(REQUEST.size)
        if len(header) < REQUEST.size:
            return  # the bot closed the pipe
        job, length = REQUEST.unpack(header)
        payload = requests.read(length)
        try:
            data, ok = pickle.dumps(entry(pickle.loads(payload)), pickle.HIGHEST_PROTOCOL), 1
        except Exception as exc:  # the bot logs it and lets the beginner move
            data, ok = f"{type(exc).__name__}: {exc}".encode(), 0
        answers.write(REPLY.pack(job, ok, len(data)) + data)
        answers.flush()


NICE = 5
"""How much lower than the bot's the worker's CPU priority is: where cores are short (two
workers and the loop on 2 cores, or other work on the machine), the loop's acknowledgements
go first and the decisions take what is left; on idle cores it changes nothing. At 500
club tables on 2 shared cores (load 9-12), 2 workers at +5 completed 500 of 500 tables
with 0 missed acknowledgements in two runs, un-niced 363 with 137 missed (docs/performance.md)."""


def main() -> None:
    os.nice(NICE)
    answers = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the answers' frames
    entry = entry_of(sys.argv[1] if len(sys.argv) > 1 else ENTRY)
    from rules.registry import BUILTIN

    for plugin in BUILTIN:  # every engine imported before the first request
        plugin.spec  # noqa: B018
    serve(entry, sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()

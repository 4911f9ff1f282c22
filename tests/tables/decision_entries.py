"""Worker entry points that fail (``ComputerDecisions(entry=...)``): run in the spawned
decision workers, so they live in a module the workers can import."""

from __future__ import annotations

import os
import time
from pathlib import Path

from players.decision import DecisionRequest, DecisionResult, decide

MARKER = "CARDTABLE_TEST_DIED_ONCE"
"""A file the first worker creates before dying (its path in the environment the workers
inherit), so the worker started after it decides."""


def die(request: DecisionRequest) -> DecisionResult:
    os._exit(3)


def die_once(request: DecisionRequest) -> DecisionResult:
    marker = Path(os.environ[MARKER])
    if not marker.exists():
        marker.write_text(str(os.getpid()))
        os._exit(3)
    return decide(request)


def hang(request: DecisionRequest) -> DecisionResult:
    time.sleep(3600)
    return decide(request)


def fail(request: DecisionRequest) -> DecisionResult:
    raise RuntimeError("a player's bug")

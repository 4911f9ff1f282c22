"""Runs the installed entry point (``bot.py``) as its own process, as a server admin would,
and collects what it printed and how it ended."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXIT_BOUND = 30.0
"""Seconds a failing start may take in a test before it counts as hanging. The bot's own
waits are at most 4 s (login, PostgreSQL connect); this bound only absorbs a loaded
machine's slow interpreter start, and a hang still fails the test."""


@dataclass
class Ended:
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.strip()]

    @property
    def problem(self) -> str:
        """The line that names what to fix (the last one printed)."""
        return self.lines[-1] if self.lines else ""


def clean_env(**values: str) -> dict[str, str]:
    """The environment without any CARDTABLE_ setting of the developer's, plus ``values``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDTABLE_")}
    env.update(values)
    return env


def run_entry(
    args: Sequence[str], env: dict[str, str], cwd: Path, *, wrap: Sequence[str] = ()
) -> Ended:
    """``python bot.py ARGS`` in its own process group; fails the test if it has not ended
    within ``EXIT_BOUND``, and checks that nothing of its group is left running."""
    started = time.monotonic()
    process = subprocess.Popen(
        [*wrap, sys.executable, str(ROOT / "bot.py"), *args],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=EXIT_BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError(f"bot.py {' '.join(args)} did not exit: it hangs") from None
    seconds = time.monotonic() - started
    assert_group_gone(process.pid)
    return Ended(process.returncode, stdout, stderr, seconds)


def assert_group_gone(pgid: int) -> None:
    """No process of the bot's session is left (a picture worker, a stray child)."""
    deadline = time.monotonic() + 5.0
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        if time.monotonic() > deadline:
            os.killpg(pgid, signal.SIGKILL)
            raise AssertionError("a process of the bot was left running")
        time.sleep(0.05)


def assert_one_line_failure(ended: Ended, *fragments: str) -> None:
    """A non-zero exit, no traceback, and the last line names what to fix."""
    assert ended.returncode != 0, ended
    assert "Traceback" not in ended.stderr, ended.stderr
    for fragment in fragments:
        assert fragment in ended.problem, ended.stderr
    assert "\n" not in ended.problem

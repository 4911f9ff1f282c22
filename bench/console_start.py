"""Console start to first prompt (issue 30): wall time from launching
``python -m tables.console GAME`` in a pipe to its first ``Your choice`` prompt.

Run: ``python bench/console_start.py [GAME ...]``; prints one line per game (median of 3):
the wall time to the prompt, and the child's CPU time for the whole run (start, first
table, leave), which a loaded machine inflates far less than the wall time.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROMPT = b"Your choice"


def first_prompt(game: str) -> tuple[float, float]:
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "tables.console", game, "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert process.stdout is not None and process.stdin is not None
    seen = b""
    while PROMPT not in seen:
        chunk = os.read(process.stdout.fileno(), 4096)
        if not chunk:
            raise SystemExit(f"{game}: no prompt; output:\n{seen.decode(errors='replace')}")
        seen += chunk
    elapsed = time.perf_counter() - start
    process.stdin.write(b"q\n")
    process.stdin.close()
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped above; keeps Popen from waiting again
    return elapsed, usage.ru_utime + usage.ru_stime


def build() -> None:
    """A built checkout has its bytecode: compile the project once, as an install does
    (with ``PYTHONDONTWRITEBYTECODE`` set, every start would compile ~50 modules again,
    about 0.45 s of CPU, and measure the compiler instead of the console)."""
    root = Path(__file__).resolve().parent.parent
    for package in ("rules", "players", "tables", "storage", "i18n", "leagues", "pictures"):
        compileall.compile_dir(root / package, quiet=1)
    compileall.compile_file(root / "settings.py", quiet=1)


def main(games: list[str]) -> None:
    build()
    print(f"load {Path('/proc/loadavg').read_text().split()[0]}")
    for game in games or ["thunee", "nigerian_thunee", "304", "tonk", "telefunken"]:
        runs = [first_prompt(game) for _ in range(3)]
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"console start to first prompt, {game}: {wall:.2f} s wall, {cpu:.2f} s CPU")


if __name__ == "__main__":
    main(sys.argv[1:])

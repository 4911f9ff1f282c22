"""Console start to first prompt (issue 30): wall time from launching
``python -m tables.console GAME`` in a pipe to its first ``Your choice`` prompt.

Run: ``python bench/console_start.py [GAME ...]``; prints one line per game (median of 3).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

PROMPT = b"Your choice"


def first_prompt(game: str) -> float:
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
        chunk = process.stdout.read1(4096)
        if not chunk:
            raise SystemExit(f"{game}: no prompt; output:\n{seen.decode(errors='replace')}")
        seen += chunk
    elapsed = time.perf_counter() - start
    process.stdin.write(b"q\n")
    process.stdin.close()
    process.wait()
    return elapsed


def main(games: list[str]) -> None:
    for game in games or ["thunee", "nigerian_thunee", "304", "tonk", "telefunken"]:
        times = [first_prompt(game) for _ in range(3)]
        print(f"console start to first prompt, {game}: {statistics.median(times):.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])

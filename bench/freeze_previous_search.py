"""Write bench/previous_search/: the search player as it was before issue 35's work.

    python bench/freeze_previous_search.py [--check]

The Thunee, Nigerian Thunee and 304 search players (and the heuristic they fall back on)
are copied from commit ``PREVIOUS`` (56c25df, the parent of f254297, issue 35's first players
commit) with ``git show``, so ``bench/strength.py --opponent previous`` plays the very code
the bot then played instead of today's search with one guard removed (``raw``). Only
what today's tree requires is changed:

- imports of the copied modules point into the copy (``players.search.X``,
  ``players.tricks``, ``players.budget``, ``players.three_o_four_calls`` ->
  ``bench.previous_search.X``); ``players.base`` (unchanged since) and ``rules`` stay
  today's: the copy plays today's engine (imports re-sorted);
- the cap's clock: ``time.perf_counter`` (wall time then) becomes ``time.thread_time``
  (the deciding thread's CPU, as today's budget counts it), so a loaded machine does not
  starve the old player; its budget is what the bot then gave it (240 rollouts, 50 ms).

The copy is a benchmark opponent, never a product level (``players`` does not import it).
``--check`` exits 1 when the files on disk differ from what would be written.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

PREVIOUS = "56c25df2b4a5771fe8e32e08d44f4ea5ade99636"
ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "bench" / "previous_search"

SOURCES = {
    "players/budget.py": "budget.py",
    "players/tricks.py": "tricks.py",
    "players/search/model.py": "model.py",
    "players/search/player.py": "player.py",
    "players/search/sampling.py": "sampling.py",
    "players/search/thunee.py": "thunee.py",
    "players/search/thunee_calls.py": "thunee_calls.py",
    "players/search/thunee_challenge.py": "thunee_challenge.py",
    "players/search/thunee_playout.py": "thunee_playout.py",
    "players/search/thunee_worlds.py": "thunee_worlds.py",
    "players/search/nigerian.py": "nigerian.py",
    "players/search/three_o_four.py": "three_o_four.py",
    "players/search/three_o_four_caps.py": "three_o_four_caps.py",
    "players/three_o_four_calls.py": "three_o_four_calls.py",
}

REWRITES = (
    ("players.search.", "bench.previous_search."),
    ("players.tricks", "bench.previous_search.tricks"),
    ("players.budget", "bench.previous_search.budget"),
    ("players.three_o_four_calls", "bench.previous_search.three_o_four_calls"),
    ("time.perf_counter", "time.thread_time"),
)

HEADER = (
    "# {path} at {commit}, frozen: do not edit.\n# Written by bench/freeze_previous_search.py\n"
)


def frozen(path: str) -> str:
    text = subprocess.run(
        ["git", "show", f"{PREVIOUS}:{path}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for old, new in REWRITES:
        text = text.replace(old, new)
    # the rewritten imports sort differently (bench before players): ruff's own order
    sorted_text = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "I", "--fix-only", "--quiet", "-"],
        cwd=ROOT,
        input=text,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return HEADER.format(path=path, commit=PREVIOUS[:7]) + sorted_text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    stale = []
    for path, name in SOURCES.items():
        text, out = frozen(path), TARGET / name
        if args.check:
            if not out.exists() or out.read_text() != text:
                stale.append(name)
        else:
            out.write_text(text)
    if stale:
        print("stale:", ", ".join(stale))
        sys.exit(1)


if __name__ == "__main__":
    main()

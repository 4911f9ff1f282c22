"""Par in the console (issue 33), in a real pseudo-terminal: after a hand played with
computers, the console says what the player made and what the computers made with the
same cards from the same seat, from a background worker process, and the game's prompts
go on meanwhile. The line printed is exactly what ``run_par`` makes of the stored game's
hand from that seat."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import re
import sys
from pathlib import Path

import pytest

from players.par import ParRequest, hand_start, run_par
from rules.registry import BUILTIN
from storage import SqliteStorage
from tables.console import run
from tables.linked import table_snapshot
from tables.par import PAR_SENTENCE, par_seed, par_text
from tests.tables.test_console_terminal import PROMPT, Terminal, console, play_until, terminals

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

__all__ = ["terminals"]  # the fixture, used by name

PAR_LINE = (
    r"^» You made (-?\d+); with your cards the computers made (\S+) on average"
    r" \((\d+) replays\)\.$"
)


async def stored_snapshot(path: Path) -> dict[str, object]:
    storage = await SqliteStorage.open(str(path))
    try:
        snapshot = await table_snapshot(storage, 1)
    finally:
        await storage.close()
    assert snapshot is not None
    return snapshot


def test_par_follows_a_hand_in_the_console_from_the_same_deal_and_seat(
    terminals: list[Terminal], tmp_path: Path
) -> None:
    assert PAR_SENTENCE.startswith("You made {made};")  # the pattern above is its English
    db = tmp_path / "console.sqlite3"
    terminal = console(
        terminals, "thunee", "--seed", "3", "--seat", "2", "--level", "random", "--db", str(db)
    )
    terminal.expect(PROMPT)
    play_until(terminal, r"^» Hand 1 over\.", random.Random(3))
    # The next prompt does not wait for par: play on until its line shows, before a later
    # prompt or, if the match ends first, after the end (the last wait is for par alone).
    text = play_until(terminal, PAR_LINE + r"|^Match over\.", random.Random(4))
    if re.search(PAR_LINE, text, re.M):
        terminal.expect(PROMPT)
        terminal.send("q\n")
        terminal.expect("You left the table.")
    else:
        terminal.expect(PAR_LINE)
    assert terminal.finish() == 0
    text = terminal.text
    assert "Traceback" not in text
    line = re.findall(PAR_LINE, text, re.M)[0]
    # A prompt came between the hand's end and its par: the worker spawns a whole Python
    # (a fraction of a second at least) while the next table is drawn at once.
    after_hand = text.split("» Hand 1 over.", 1)[1]
    assert re.search(PROMPT.rstrip("$"), after_hand.split("» You made", 1)[0])
    # The same par, computed here from the game the console stored: hand 1, seat 2.
    snapshot = asyncio.run(stored_snapshot(db))
    replays = int(line[2])
    request = ParRequest(
        snapshot=snapshot,
        hand=0,
        seat=1,
        levels=("random", None, "random", "random"),
        replays=replays,
        time_budget_s=0,
        seed=par_seed(int(snapshot["seed"]), 0, 1),  # type: ignore[call-overload]
    )
    result = run_par(request)
    assert "» " + par_text(result, lambda s: s) in text.split("\n")
    assert (result.seat, result.hand) == (1, 0)
    plugin = BUILTIN.plugin("thunee")
    assert result.start_zones == hand_start(plugin.spec, plugin, snapshot, 0).card_zones()


async def test_no_par_leaves_par_out() -> None:
    """``--no-par``: no worker is made and no par line is said; without it the same game
    says its hand's par once the match is over (a thread here, the test's own pool)."""
    made: list[int] = []

    def pool() -> concurrent.futures.Executor:
        made.append(1)
        return concurrent.futures.ThreadPoolExecutor(max_workers=1)

    async def first_choice(prompt: str) -> str | None:
        return "1"

    for flags, lines in (([], 1), (["--no-par"], 0)):
        shown: list[str] = []
        argv = ["tonk", "--seed", "5", "--level", "random", "--option", "hands=1", *flags]
        code = await run(argv, first_choice, shown.append, par_pool=pool)
        assert code == 0 and "Match over." in "\n".join(shown)
        assert sum(1 for s in shown if re.match(PAR_LINE, s)) == lines
    assert made == [1]

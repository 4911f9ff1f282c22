"""Issue 30 in a real pseudo-terminal (stdlib ``pty``, no new dependency): the table as a
player sees it, one hand of a trick game and of a rummy game, Ctrl-C and Ctrl-D at every
kind of prompt, and the end-of-match sentence."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator

import pytest

from tests.tables.test_console import choose_shown

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
"""A colour (or other terminal) code: the text is read without them, ``raw`` keeps them."""
PATIENCE = 60.0
"""Seconds to wait for an expected text: generous, so a loaded machine never fails a test."""


def become_a_terminal_session() -> None:
    """In the child: the pty is the controlling terminal and SIGINT is not ignored (a
    runner may ignore or block it, and a child keeps both across exec)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """A child process on a pseudo-terminal: ``expect`` reads until a pattern shows after
    the last one found."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "LANG": "en", "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
        # A session of its own with the pty as controlling terminal, so Ctrl-C is a SIGINT.
        self.process = subprocess.Popen(
            [sys.executable, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=become_a_terminal_session,
        )
        os.close(slave)
        self.text = ""
        self.raw = ""
        self.cursor = 0

    def expect(self, pattern: str) -> re.Match[str]:
        found = re.compile(pattern, re.M)
        while True:
            match = found.search(self.text, self.cursor)
            if match is not None:
                self.cursor = match.end()
                return match
            ready, _, _ = select.select([self.master], [], [], PATIENCE)
            if not ready:
                raise AssertionError(f"{pattern!r} never showed; the screen:\n{self.text[-3000:]}")
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the child closed the terminal
                chunk = b""
            if not chunk:
                raise AssertionError(
                    f"{pattern!r} never showed before the end:\n{self.text[-3000:]}"
                )
            decoded = chunk.decode("utf-8", "replace").replace("\r\n", "\n")
            self.raw += decoded
            self.text = ESCAPE.sub("", self.raw)

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def press(self, key: str) -> None:
        """A control key, as a person presses it: after the prompt has settled. A SIGINT
        that lands between the prompt's write and the terminal read is only seen when the
        read returns (a CPython race no person can hit), so give the read time to start."""
        time.sleep(0.5)
        self.send(key)

    def finish(self) -> int:
        code = self.process.wait(timeout=PATIENCE)
        os.close(self.master)
        return code


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    made: list[Terminal] = []
    yield made
    for terminal in made:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()


def console(made: list[Terminal], *argv: str) -> Terminal:
    terminal = Terminal("-m", "tables.console", *argv)
    made.append(terminal)
    return terminal


PROMPT = r"Your choice \(number, \? for help, q to leave\): $"


def play_until(terminal: Terminal, pattern: str, rng: random.Random) -> str:
    """Answer every prompt with a random offered choice until ``pattern`` shows."""
    goal = re.compile(pattern, re.M)
    while True:
        terminal.send(choose_shown(terminal.text.split("\n"), rng) + "\n")
        seen = terminal.expect(PROMPT + "|" + pattern)
        if goal.search(seen.group(0)):
            return terminal.text


def test_a_hand_of_thunee_draws_the_table(terminals: list[Terminal]) -> None:
    terminal = console(terminals, "thunee", "--seed", "3", "--level", "random")
    terminal.expect(PROMPT)
    screen = terminal.text
    # seats by number with team, card count and notes; ▶ on whoever must act
    assert re.search(r"▶\s+1\s+You\s+A\s+\d+", screen)
    assert re.search(r"3\s+Computer 3\s+A\s+\d+\s+partner", screen)
    assert re.search(r"\s[24]\s+Computer [24]\s+B\s", screen)
    assert "dealer" in screen and "Trump: " in screen
    assert re.search(
        r"balls: \[A\] You and Computer 3 0 · \[B\] Computer 2 and Computer 4 0 \(target 12\)",
        screen,
    )
    assert "\x1b[" in terminal.raw  # colours on a terminal (a pipe gets none: test_console)
    play_until(terminal, r"^» Hand 1 over\.", random.Random(3))
    terminal.expect(PROMPT)
    terminal.send("q\n")
    terminal.expect("You left the table.")
    assert terminal.finish() == 0


def test_a_hand_of_tonk_shows_melds_stock_and_counts(terminals: list[Terminal]) -> None:
    terminal = console(terminals, "tonk", "--seed", "5", "--level", "random", "--option", "hands=1")
    terminal.expect(PROMPT)
    assert re.search(r"Stock: \d+ · Discard: ", terminal.text)
    assert re.search(r"^│\s+2\s+Computer 2\s+\d+\s", terminal.text, re.M)  # counts by seat
    text = play_until(terminal, r"^Match over\. .+ won -?\d+ chips? to -?\d+\.", random.Random(5))
    assert "» Hand 1 over." in text
    assert terminal.finish() == 0


@pytest.mark.parametrize("key", ["\x03", "\x04"], ids=["ctrl-c", "ctrl-d"])
def test_ctrl_c_and_ctrl_d_leave_a_game_prompt(terminals: list[Terminal], key: str) -> None:
    terminal = console(terminals, "304", "--seed", "2", "--level", "random")
    terminal.expect(PROMPT)
    terminal.press(key)
    terminal.expect("You left the table.")
    assert terminal.finish() == 0
    assert "Traceback" not in terminal.text


OFFER = "import sys; from tables.console import offer_and_play; sys.exit(offer_and_play('en') or 0)"


@pytest.mark.parametrize("key", ["\x03", "\x04"], ids=["ctrl-c", "ctrl-d"])
@pytest.mark.parametrize("answers", [0, 1, 2, 3], ids=["y/N", "game", "players", "level"])
def test_ctrl_c_and_ctrl_d_leave_every_offer_prompt(
    terminals: list[Terminal], key: str, answers: int
) -> None:
    terminal = Terminal("-c", OFFER)
    terminals.append(terminal)
    prompts = [
        r"\[y/N\] $",
        r"Game \(number or name\) \[\w+\]: $",
        r"Players \(",
        r"Computer level \(",
    ]
    replies = ["y", "tonk", "3"]
    for prompt, reply in zip(prompts[:answers], replies, strict=False):
        terminal.expect(prompt)
        terminal.send(reply + "\n")
    terminal.expect(prompts[answers])
    terminal.press(key)
    if answers:
        terminal.expect("Left the game.")
    assert terminal.finish() == 0
    assert "Traceback" not in terminal.text


def test_the_offer_asks_again_on_a_wrong_game_name(terminals: list[Terminal]) -> None:
    terminal = Terminal("-c", OFFER)
    terminals.append(terminal)
    terminal.expect(r"\[y/N\] $")
    terminal.send("y\n")
    terminal.expect(r"Tonk \(tonk\) — ")
    terminal.send("chess\n")
    terminal.expect("Please answer one of: ")
    terminal.expect(r"Game \(number or name\)")
    terminal.send("q\n")
    terminal.expect("Left the game.")
    assert terminal.finish() == 0

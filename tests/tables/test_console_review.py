"""The console's ``r``: after a hand, its review (every seat's cards, trick by trick);
before any hand is over it says so; a hand in play is never reviewed."""

from __future__ import annotations

import random

from tables.console import run
from tests.tables.test_console import choose_shown


async def test_r_reviews_the_last_finished_hand() -> None:
    shown: list[str] = []
    rng = random.Random(2)
    said = {"early": False, "review": False}

    async def read_line(prompt: str) -> str | None:
        if not said["early"]:
            said["early"] = True
            return "r"
        if said["review"]:
            return "q"
        if any(line.startswith("» ") for line in shown):
            said["review"] = True
            return "r"
        if shown and "2. Keep cards" in shown[-1]:
            return "2"  # keep: a hand with tricks to review
        return choose_shown(shown, rng)

    code = await run(["nigerian_thunee", "--seed", "5", "--seat", "1"], read_line, shown.append)
    text = "\n".join(shown)
    assert code == 0
    assert "No hand is over yet." in text
    assert "Review of hand 1" in text and "Trick 1" in text
    review = text.split("Review of hand 1", 1)[1]
    assert "You: " in review  # the seat's cards, and each other seat's

"""The table message's history: the last hands in words, from their typed results.

The sentences are the console's (``tables.console_log.SeatLog.hand_over``: one per reason
code, the game's own codes from its plugin), so Discord and the console tell a hand the
same way; here a hand is one line: "Hand 3 over. Anna made the 40 call. Team 1: +1 balls."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rules.results import HandResult
from tables.console_log import SeatLog
from tables.table import TableState

Translate = Callable[[str], str]

HANDS_SHOWN = 3
"""Hands the history shows (the latest last): enough to follow, short on a phone."""
LINE_MAX = 300


def history_lines(
    state: TableState,
    results: Sequence[HandResult],
    t: Translate,
    reasons: Mapping[str, str],
    shown: int = HANDS_SHOWN,
) -> tuple[str, ...]:
    """One line per hand for the last ``shown`` hands, oldest first."""

    def name(seat: int) -> str:
        record = state.seats[seat] if 0 <= seat < len(state.seats) else None
        return (record.name if record is not None else "") or t("Seat {n}").format(n=seat + 1)

    def side(to: str, index: int) -> str:
        teams = state.teams or ()
        if to == "team" and 0 <= index < len(teams):
            return t(" and ").join(name(s) for s in sorted(teams[index]))
        return name(index)

    log = SeatLog(t, name, reasons)
    lines = []
    for result in results[-shown:] if shown > 0 else ():
        line = " ".join(log.hand_over(result, side))
        lines.append(line if len(line) <= LINE_MAX else line[: LINE_MAX - 1] + "…")
    return tuple(lines)

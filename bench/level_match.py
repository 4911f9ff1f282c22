"""A match of computer levels, played straight on the engine as a table asks its
computers, with one player's decisions timed: the loop ``bench/strength.py`` and
``bench/levels.py`` measure with.

At each call point the match's ``off_turn`` seats are asked once, in seat order, before the
seat to act moves (``ComputerPlayer.off_turn``, as the table manager asks): the first answer
is applied. Every seat's situation draws from its own generator, seeded by the match's seed,
the step and the seat, so the same seed plays the same match whatever is measured.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from players.base import ComputerPlayer, Situation
from rules.contract import Action, Event, Match

MAX_STEPS = 50_000
"""A match still going after this many actions is a bug in an engine or a player."""

Times = list[tuple[float, float]]
"""(wall seconds, the thread's CPU seconds) per decision that had a choice."""


class Timed:
    """A player whose decisions with a choice are timed (wall, the thread's CPU), and
    counted when its search stopped at the CPU cap (``last.capped``)."""

    def __init__(self, inner: ComputerPlayer) -> None:
        self.inner = inner
        self.level = inner.level
        self.blocking = inner.blocking
        self.times: Times = []
        self.capped = 0

    def choose(self, situation: Situation) -> Action:
        start, cpu = time.perf_counter(), time.thread_time()
        action = self.inner.choose(situation)
        if len(situation.legal) > 1:
            self.times.append((time.perf_counter() - start, time.thread_time() - cpu))
            self.capped += bool(getattr(getattr(self.inner, "last", None), "capped", False))
        return action

    def off_turn(self, situation: Situation) -> Action | None:
        return self.inner.off_turn(situation)


def play_timed(
    game: str,
    match: Match[Any],
    seats: Mapping[int, ComputerPlayer],
    teams: tuple[tuple[int, ...], ...] | None,
    seed: int,
    timed: ComputerPlayer | None,
    *,
    chose: Callable[[Situation, Action], None] | None = None,
    applied: Callable[[int, Action, list[Event]], None] | None = None,
) -> Times:
    """Play ``match`` to its end with ``seats[seat]`` in each seat; the times of ``timed``'s
    decisions (none when ``timed`` is None). ``chose`` sees each of ``timed``'s decisions
    (the situation and the action, before it is applied), ``applied`` every action applied
    (the seat, the action and the events it made)."""
    clock = Timed(timed) if timed is not None else None
    step = 0
    asked_at = -1

    def situation_of(seat: int) -> Situation:
        return Situation.at(match, seat, random.Random(seed * 1_000_003 + step * 31 + seat), teams)

    def apply(seat: int, action: Action) -> None:
        events = match.apply(seat, action)
        if applied is not None:
            applied(seat, action, events)

    while not match.is_over:
        awaiting = match.to_act
        if asked_at != step:
            asked_at = step
            answered = False
            for seat in sorted(match.off_turn - awaiting):
                call = seats[seat].off_turn(situation_of(seat))
                if call is not None:
                    apply(seat, call)
                    answered = True
                    break
            if answered:
                step += 1
                continue
        seat = min(awaiting)
        situation = situation_of(seat)
        if clock is not None and seats[seat] is timed:
            action = clock.choose(situation)
            if chose is not None:
                chose(situation, action)
        else:
            action = seats[seat].choose(situation)
        apply(seat, action)
        step += 1
        if step > MAX_STEPS:
            raise RuntimeError(f"{game} seed {seed} did not end")
    return clock.times if clock is not None else []


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

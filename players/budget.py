"""How much a search player may think per decision: given to it by the table manager (or a
benchmark), never read from settings by the player (the bot and the console build it from
theirs, at the edge).

The budget is counted in work, not in wall time: rollouts decide, and the safety cap is the
deciding thread's CPU time (``work_clock``), so a machine busy with other tables or other
processes slows a decision down but never makes it weaker (issue 35)."""

from __future__ import annotations

import time
from dataclasses import dataclass

MIN_WORLDS = 6
"""Fewer solved worlds than this do not decide an exact search: a world may take at most
this share of the budget (``nodes // MIN_WORLDS``), or the search plays rollouts. Here,
not in ``players.search.exact``, so the partner-sense veto can read it too (the search
imports the veto)."""

work_clock = time.thread_time
"""The clock a decision's cap is measured on: CPU seconds of the calling thread (the
manager's worker thread), which other threads and processes do not advance."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    rollouts: int = 240
    """Rollouts per decision (all actions together): the deterministic budget."""
    time_cap_ms: float = 250.0
    """Stop early past this much CPU time of the deciding thread (checked after every
    rollout; a decision then rests on the worlds finished); ``0`` = no cap. A safety net
    for unusually long rollouts: at the default budget a decision's CPU p99 is well below
    it (docs/performance.md), so the rollouts, not the clock, decide."""
    memory: int | None = None
    """Finished tricks of the hand the search remembers for who is out of which suit
    (``None``: all): easier levels forget (issue 35), they do not blunder at random."""
    inference: bool = True
    """Whether worlds are weighted by what the other seats bid and threw away
    (``players.search.sampling.deal_likely``); without it they are dealt uniformly."""

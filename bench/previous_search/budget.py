# players/budget.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""How much a search player may think per decision: given to it, never read from settings
(the bot and the console build it from theirs, at the edge)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SearchBudget:
    rollouts: int = 240
    """Rollouts per decision (all actions together): the deterministic budget."""
    time_cap_ms: float = 50.0
    """Stop early past this much wall time (checked after every rollout; a decision then
    rests on the worlds finished); ``0`` = no cap. Only the cap depends on the clock."""

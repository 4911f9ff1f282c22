"""The search player before issue 35 (commit 56c25df), frozen for ``bench/strength.py
--opponent previous``: written by ``bench/freeze_previous_search.py`` (its docstring says
what was changed to run on today's tree). A benchmark opponent, not a product level."""

from __future__ import annotations

from bench.previous_search.budget import SearchBudget
from bench.previous_search.nigerian import nigerian_search
from bench.previous_search.three_o_four import three_o_four_search
from bench.previous_search.thunee import thunee_search
from players.base import ComputerPlayer

PREVIOUS_BUDGET = SearchBudget(rollouts=240, time_cap_ms=50.0)
"""What the bot gave the search at 56c25df (``settings.search_rollouts`` 240,
``search_time_cap_ms`` 50, ``.env.example``), the cap now counted in the thread's CPU."""

FACTORIES = {
    "thunee": thunee_search,
    "nigerian_thunee": nigerian_search,
    "304": three_o_four_search,
}


def previous_player(game: str, budget: SearchBudget = PREVIOUS_BUDGET) -> ComputerPlayer:
    """``game``'s search player as it was at 56c25df (Thunee, Nigerian Thunee, 304)."""
    if game not in FACTORIES:
        raise KeyError(f"no previous search player for {game!r}: {', '.join(FACTORIES)}")
    return FACTORIES[game](game, budget)

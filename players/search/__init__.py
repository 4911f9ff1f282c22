"""The ``search`` level (issue 13): determinized Monte Carlo search for the trick games."""

from __future__ import annotations

from players.base import ComputerPlayer
from players.heuristic import heuristic_for
from players.search.model import SearchModel
from players.search.player import SearchBudget, SearchPlayer, SearchStats

__all__ = ["SearchBudget", "SearchPlayer", "SearchStats", "search_for"]


def _models() -> dict[str, SearchModel]:
    from players.search.nigerian import NigerianModel

    return {"nigerian_thunee": NigerianModel()}


def search_for(game: str, budget: SearchBudget | None = None) -> ComputerPlayer:
    """The search player of ``game``; games without a search model get the heuristic."""
    fallback = heuristic_for(game)
    if game == "thunee":
        from players.search.thunee import ThuneeSearch

        return ThuneeSearch(fallback, budget)
    if game == "304":
        from players.search.three_o_four import ThreeOFourSearch

        return ThreeOFourSearch(fallback, budget)
    model = _models().get(game)
    if model is None:
        return fallback
    return SearchPlayer(model, fallback, budget)

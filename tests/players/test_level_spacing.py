"""Levels spaced per table size (issue 35): a game may give a level its own share of the
search budget at one table size, where the default share leaves the steps between levels
uneven there; every other size keeps the default (``players.levels.LEVEL_WORK``)."""

from __future__ import annotations

from players.budget import SearchBudget
from players.levels import LEVEL_WORK, LevelPlayer, player_of
from rules import registry
from rules.registry import BUILTIN
from tests.players.search_matches import situation

THUNEE = BUILTIN.plugin("thunee")
BUDGET = SearchBudget(time_cap_ms=0.0)
"""No CPU cap: the rollouts alone decide how far a decision looks, on a loaded machine too."""


def first_play_rollouts(level: str, players: int) -> tuple[LevelPlayer, int]:
    """Thunee's ``level`` at a table of ``players``, and the rollouts its first card
    play with at least three choices spent."""
    player = player_of(THUNEE, level, BUDGET)
    assert isinstance(player, LevelPlayer)
    match = registry.get("thunee").new_match(players, seed=3)
    while match.phase != "play" or len(match.legal_actions(min(match.to_act))) < 3:
        seat = min(match.to_act)
        match.apply(seat, match.legal_actions(seat)[0])
    player.choose(situation(match))
    return player, player.last.rollouts


def test_thunee_club_looks_less_far_at_four_players_than_at_two() -> None:
    """At 4 players Thunee's club spends its own (smaller) share of the budget; at 2 it
    spends the default quarter. The rollouts each decision spent are counted (at 6 the
    hands are short enough that the first play is solved exactly, without rollouts)."""
    share = THUNEE.level_work[("club", 4)]
    assert share < LEVEL_WORK["club"]
    own, default = int(BUDGET.rollouts * share), int(BUDGET.rollouts * LEVEL_WORK["club"])
    _, at_four = first_play_rollouts("club", 4)
    assert 0 < at_four <= own
    _, at_two = first_play_rollouts("club", 2)
    assert own < at_two <= default


def test_the_expert_keeps_the_whole_budget_at_four_players() -> None:
    """Only the club is cut at 4 players: the expert there spends more rollouts than the
    club's default quarter allows, and no more than the whole budget."""
    expert, spent = first_play_rollouts("expert", 4)
    assert 4 not in expert.sized
    assert int(BUDGET.rollouts * LEVEL_WORK["club"]) < spent <= BUDGET.rollouts


def test_the_expert_looks_further_than_the_whole_budget_at_two_players() -> None:
    """At 2 players Thunee gives the expert more than the whole budget (its step over
    the club was 54.8% at the whole): its first play spends more rollouts than the
    budget holds, and no more than its own share allows."""
    share = THUNEE.level_work[("expert", 2)]
    assert share > 1.0
    _, at_two = first_play_rollouts("expert", 2)
    assert BUDGET.rollouts < at_two <= int(BUDGET.rollouts * share)


def test_the_club_gets_its_own_smaller_share_at_six_players() -> None:
    """At 6 players the club's search gets its own share, smaller than at 4 (the step
    from club to expert was 53.5% at a quarter); 2 players keep the default quarter."""
    club = player_of(THUNEE, "club", BUDGET)
    assert isinstance(club, LevelPlayer)
    share = THUNEE.level_work[("club", 6)]
    assert share < THUNEE.level_work[("club", 4)]
    assert club.sized[6].budget.rollouts == int(BUDGET.rollouts * share)  # type: ignore[attr-defined]
    assert 2 not in club.sized


def test_the_sized_share_keeps_the_levels_memory() -> None:
    """The club's own share at 4 players cuts its look-ahead only: it still forgets old
    tricks' voids and the auction, as the club does at every size."""
    club, _ = first_play_rollouts("club", 4)
    sized = club.sized[4]
    assert (sized.budget.memory, sized.budget.inference) == (2, False)  # type: ignore[attr-defined]

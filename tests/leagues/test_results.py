"""A league record's winners and scores come from the one typed result core
(``rules.results.MatchResult``) of every game, checked against each game's own words."""

from __future__ import annotations

import random
from typing import Any

import pytest

from leagues.recording import build_match_record, final_scores, winning_seats
from rules import registry
from rules.contract import Match
from rules.random_play import play_out
from storage import SeatRecord, TableRecord


def _finished(game: str, players: int, seed: int) -> Match[Any]:
    match = registry.get(game).new_match(players, seed=seed)
    play_out(match, random.Random(seed))
    return match


def _record_of(game: str, match: Match[Any]) -> Any:
    table = TableRecord(
        game=game,
        players=match.players,
        options={},
        seed=match.seed,
        channel_id=1,
        seats=[SeatRecord(f"u{s}", user_id=s + 1) for s in range(match.players)],
    )
    return build_match_record(table, match.spec, match, ended_at=1.0, actions=1)


def _winners_in_the_games_words(game: str, result: dict[str, Any], players: int) -> list[int]:
    """Who won, read the way each game words it (what ``leagues`` no longer does)."""
    if game in ("thunee", "nigerian_thunee", "304"):  # TH-29, NG-13, T3-17.9: a team
        return [s for s in range(players) if s % 2 == result["winner_team"]]
    if game == "tonk":  # TK-46: the best ledger
        best = max(result["scores"])
        return [s for s in range(players) if result["scores"][s] == best]
    best = min(result["scores"])  # TF-62: the lowest penalty total
    return [s for s in range(players) if result["scores"][s] == best]


@pytest.mark.parametrize("game", registry.names())
def test_the_record_names_the_winners_and_scores_of_the_typed_result(game: str) -> None:
    spec = registry.get(game)
    players = spec.player_counts[0] if game != "thunee" else 4
    match = _finished(game, players, seed=3)
    typed = match.typed_result()
    assert typed is not None and match.result is not None
    record = _record_of(game, match)
    assert record.winners == sorted(typed.winners)
    assert record.winners == _winners_in_the_games_words(game, match.result, players)
    assert [s.won for s in record.seats] == [s in typed.winners for s in range(players)]
    assert record.scores == typed.score.values
    assert record.result == match.result  # the engine's whole dict is kept as it is
    if spec.teams(players) is not None:
        assert typed.winner_team is not None
        assert sorted(typed.winners) == list(spec.teams(players)[typed.winner_team])  # type: ignore[index]


def test_an_abandoned_match_has_no_winners() -> None:
    match = registry.get("tonk").new_match(2, seed=1)
    record = _record_of("tonk", match)
    assert record.winners == [] and record.scores == [] and record.result is None
    assert winning_seats(None, 2) == [] and final_scores(None) == []

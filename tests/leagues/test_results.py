"""Reading winners and scores from every engine's ``result`` wording."""

from __future__ import annotations

from leagues.recording import final_scores, winning_seats

TEAMS = [[0, 2], [1, 3]]


def test_winners_named_as_seats_as_a_team_index_or_not_at_all() -> None:
    assert winning_seats({"winners": [3, 1], "winner_team": 1}, 4, TEAMS) == [1, 3]
    assert winning_seats({"winner_team": 0, "balls": [13, 4]}, 4, TEAMS) == [0, 2]
    assert winning_seats({"winner": 1, "scores": [1, 3]}, 4, TEAMS) == [1, 3]  # the toy game
    assert winning_seats({"winner": 1}, 2, None) == [1]
    assert winning_seats({"winners": [0, 2]}, 3, None) == [0, 2]  # a tie in a rummy game
    assert winning_seats({"winners": [7]}, 4, None) == []  # no such seat
    assert winning_seats({"winner_team": 5}, 4, TEAMS) == []
    assert winning_seats({"winner": True}, 2, None) == []
    assert winning_seats(None, 4, TEAMS) == [] and winning_seats({}, 4, TEAMS) == []


def test_scores_under_each_engines_name() -> None:
    assert final_scores({"scores": [10, 4]}) == [10, 4]
    assert final_scores({"winners": [0], "balls": [13, 2]}) == [13, 2]
    assert final_scores({"tokens": [11, 0]}) == [11, 0]
    assert final_scores({"winners": [1]}) == [] and final_scores(None) == []

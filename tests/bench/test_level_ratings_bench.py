"""bench/level_ratings.py on a tiny run: the levels' matches rated as openskill rates a
league's entrants (one Plackett-Luce call per match, winners rank 0), the same ratings for
the same seed, and a file the bot's loader reads."""

from __future__ import annotations

from pathlib import Path

from openskill.models import PlackettLuce

from bench.level_ratings import ANCHOR_RATING, POINTS_PER_MU, play, rate, schedule, write
from players.budget import SearchBudget
from players.level_ratings import load


def test_every_level_meets_every_other_from_every_side() -> None:
    assert schedule("tonk", 2, ("random", "beginner", "club")) == [
        ("random", "beginner"),
        ("beginner", "random"),
        ("random", "club"),
        ("club", "random"),
        ("beginner", "club"),
        ("club", "beginner"),
    ]
    # Three seats of Tonk are three sides: each trio of levels in its three rotations.
    rotations = schedule("tonk", 3, ("random", "beginner", "club", "expert"))
    assert len(rotations) == 4 * 3 and ("club", "expert", "random") in rotations


def test_ratings_are_openskill_over_the_played_matches_in_order() -> None:
    levels = ("random", "beginner")
    ratings = rate("tonk", 2, 3, levels=levels, seed=11)
    # The same matches replayed and rated straight through openskill, one call per match.
    model = PlackettLuce()
    by_level = {level: model.rating() for level in levels}
    for r in range(3):
        for i, seating in enumerate(schedule("tonk", 2, levels)):
            won = play("tonk", 2, seating, 11 + r + i // 2, SearchBudget())
            draw = all(won) or not any(won)
            ranks: list[float] = [0 if draw or w else 1 for w in won]
            new = model.rate([[by_level[level]] for level in seating], ranks=ranks)
            for level, [rating] in zip(seating, new, strict=True):
                by_level[level] = rating
    for level in levels:
        row = ratings.rows[level]
        assert (row.mu, row.sigma) == (by_level[level].mu, by_level[level].sigma)
        assert row.rated_matches == 6
    assert ratings.shown("random") == ANCHOR_RATING
    gap = ratings.shown("beginner") - ANCHOR_RATING
    assert abs(gap - POINTS_PER_MU * (by_level["beginner"].mu - by_level["random"].mu)) <= 0.5
    assert gap > 0  # the rules of thumb beat random moves at Tonk


def test_a_seed_gives_the_same_ratings_and_the_file_reads_back(tmp_path: Path) -> None:
    levels = ("random", "beginner")
    first = rate("tonk", 3, 1, levels=(*levels, "club"), seed=4)
    again = rate("tonk", 3, 1, levels=(*levels, "club"), seed=4)
    assert first.entry("cmd", "today") == again.entry("cmd", "today")
    path = tmp_path / "ratings.json"
    write(path, "tonk", 3, first.entry("cmd", "today"))
    write(path, "tonk", 2, rate("tonk", 2, 1, levels=levels, seed=4).entry("cmd2", "today"))
    loaded = load(path)
    assert {n for n in loaded.tables["tonk"]} == {2, 3}  # a second run keeps the first's
    for level, row in first.rows.items():
        line = loaded.of("tonk", level, 3)
        assert line is not None and line.matches == row.rated_matches == 3
        assert line.rating == first.shown(level)

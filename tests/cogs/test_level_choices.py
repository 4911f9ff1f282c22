"""Issue 35: the ``level:`` autocomplete's labels come from the ratings at the game's usual
table (the size a /quickplay opens), never from another size's."""

from __future__ import annotations

from cogs.option_autocomplete import level_choices
from i18n import translator
from players.level_ratings import LevelRating, LevelRatings, TableRatings
from rules.registry import BUILTIN

CLUB = LevelRating(rating=2180, mu=30.0, sigma=3.0, matches=60)


def ratings_at(players: int) -> LevelRatings:
    return LevelRatings(
        tables={"tonk": {players: TableRatings(players=players, levels={"club": CLUB}, matches=60)}}
    )


def test_a_level_rated_at_the_usual_table_shows_its_rating_and_the_others_their_description() -> (
    None
):
    t = translator("en")
    choices = level_choices(BUILTIN, "Tonk", "", t, ratings_at(4))
    assert [(c.name, c.value) for c in choices] == [
        ("Beginner: plays by rules of thumb from its own hand and remembers nothing.", "beginner"),
        ("Club (rated 2180)", "club"),
        ("Expert: remembers every card it has seen and thinks each move through.", "expert"),
    ]


def test_a_rating_at_another_table_size_is_not_shown() -> None:
    t = translator("fa")
    choices = level_choices(BUILTIN, "tonk", "", t, ratings_at(2))
    assert [c.name for c in choices][1] == t(
        "Club: remembers the cards played and looks a few moves ahead."
    )
    assert all(0 < len(c.name) <= 100 for c in choices)
    assert level_choices(BUILTIN, "no such game", "exp", t, ratings_at(4))[0].value == "expert"

"""The console's game offer shows each computer level's line and its rating at the chosen
table size before asking for the level (issue 35's rated yardsticks)."""

from __future__ import annotations

from i18n import translator
from players.level_ratings import shipped
from tables.console import offer
from tests.tables.toy_game import GAMES


def test_the_level_prompt_is_preceded_by_the_levels_and_their_ratings() -> None:
    answers = iter(["tonk", "2", "expert"])
    written: list[str] = []
    chosen = offer(lambda prompt: next(answers), written.append, translator("en"), GAMES)
    assert chosen == ["tonk", "--players", "2", "--level", "expert"]
    expert = shipped().of("tonk", "expert", 2)
    assert expert is not None
    assert (
        f"  Expert: remembers every card it has seen and thinks each move through. Rated"
        f" {expert.rating} from {expert.matches} matches (2 players)." in written
    ), written


def test_an_unrated_game_lists_the_levels_without_ratings() -> None:
    answers = iter(["toy", "", ""])
    written: list[str] = []
    offer(lambda prompt: next(answers), written.append, translator("en"), GAMES)
    assert "  Club: remembers the cards played and looks a few moves ahead." in written
    assert not any("Rated " in line for line in written)

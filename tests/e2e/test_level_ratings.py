"""Issue 35's rated yardsticks through Discord: ``/rules`` lists each computer level with
its one line and its rating from the computers' matches against each other, and the
lobby's "Add computer" buttons carry the rating at the table's size (none when unrated)."""

from __future__ import annotations

from players.level_ratings import shipped
from rules.plugin import LEVELS
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner
from tests.e2e.players import table_id_of


async def test_rules_shows_every_levels_rating_from_the_ratings_file(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    # Tonk's usual table is four seats: its ratings there.
    table = shipped().preferred("tonk", 4)
    assert table is not None and table.players == 4, "players/level_ratings.json rates Tonk"
    reply = await runner.user("alice").slash("rules", game="tonk")
    lines = reply.text.splitlines()
    for level, title in zip(LEVELS, ("Beginner: ", "Club: ", "Expert: "), strict=True):
        rated = table.levels[level]
        line = next(line for line in lines if line.startswith(title))
        assert line.endswith(
            f"Rated {rated.rating} from {rated.matches} matches ({table.players} players)."
        ), line
    assert "(random play is 1000); they are not league ratings." in reply.text


async def test_rules_in_spanish_names_the_rating_in_spanish(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    table = shipped().preferred("tonk", 4)
    assert table is not None
    expert = table.levels["expert"]
    reply = await runner.user("ana", locale="es-ES").slash("rules", game="tonk")
    assert (
        f"Puntuación {expert.rating} en {expert.matches} partidas ({table.players} jugadores)."
        in reply.text
    ), reply.text


async def test_the_lobby_buttons_carry_each_levels_rating_at_the_table_size(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    opened = await alice.slash("play", game="tonk", players=2)
    assert opened.message is not None, opened.text
    lobby = opened.message
    rated = shipped().at("tonk", 2)
    for level, title in zip(LEVELS, ("Beginner", "Club", "Expert"), strict=True):
        button = lobby.button(custom_id_prefix=f"ct:t:{table_id_of(lobby)}:computer:{level}")
        assert button["label"] == f"Add computer: {title} (rated {rated[level].rating})"
    await alice.click(lobby, f"Add computer: Expert (rated {rated['expert'].rating})")
    assert "🤖 Computer 2 · Expert" in lobby.text(), lobby.text()
    await alice.click(lobby, "Cancel")


async def test_an_unrated_game_keeps_the_plain_labels(fake: FakeDiscord, runner: BotRunner) -> None:
    assert shipped().best_rated("toy") is None
    alice = runner.user("alice")
    opened = await alice.slash("play", game="toy")
    assert opened.message is not None, opened.text
    lobby = opened.message
    assert lobby.button("Add computer: Expert")["custom_id"].endswith(":computer:expert")
    rules = await alice.slash("rules", game="toy")
    assert "Rated " not in rules.text and "not league ratings" not in rules.text
    await alice.click(lobby, "Cancel")

"""A duplicate match night through the fake Discord (issue 33): two pairs, one game each
way, the game played at two linked tables from one seed with the seats turned. The pairs'
seats at the first table are played by scripted users standing in for the humans; the
second table is computers holding the same cards the other way round. The result posted
is the one the comparison of the two tables decides (``tables.linked.compare_linked``),
not the first table's own winner, and the night's standings follow it."""

from __future__ import annotations

import random

from tables.linked import LINK, LinkedTables, compare_linked
from tables.manager import TableManager
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.test_nights import check_in_message, night_cog, night_posts

SEED = 45
"""The game's deal seed (a night draws one at random): one where the comparison and the
first table's own result disagree."""


async def test_a_duplicate_night_is_decided_by_comparing_the_two_tables(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users = [runner.user(f"d{n}") for n in range(4)]
    organiser = SimulatedUser(fake, fake.add_user("organiser", admin=True))
    cog = night_cog(runner)
    for n in range(2):
        captain, partner = users[2 * n], users[2 * n + 1]
        await captain.slash(
            "pair", subcommand="create", game="toy", team=f"Pair {n + 1}", partner=partner
        )
    refused = await organiser.slash(
        "night", subcommand="open", game="toy", players=2, duplicate=True
    )
    assert refused.text == "Duplicate between tables needs a game played in two teams."
    opened = await organiser.slash(
        "night", subcommand="open", game="toy", rounds=1, duplicate=True,
        options="target=4,doubles=false",
    )  # fmt: skip
    assert "Match night 1: Toy Tricks, Swiss, best of 1" in opened.text
    assert "Duplicate: each game is played at two tables" in opened.text
    board = check_in_message(fake)
    for user in users:
        await user.click(board, "Check in")
    cog.runner.seeds = lambda: SEED
    started = await organiser.click(board, "Start the night")
    assert started.text == "The night has started."

    def threads() -> list[str]:
        return [c.name for c in fake.channels.values() if c.type == 11]

    assert threads() == ["Round 1: Pair 1 v Pair 2"]
    assert runner.bot is not None
    storage = runner.bot.storage
    (fixture,) = await storage.nights.fixtures(1)
    assert fixture.table_id is not None and fixture.other_table_id is None
    manager: TableManager = cog.runner.manager
    first = fixture.table_id
    # The pairs sit together at the first table (toy's teams: seats 0/2 and 1/3).
    seats = [s.user_id for s in manager.state(first).seats]
    assert seats == [users[0].id, users[2].id, users[1].id, users[3].id]

    rng = random.Random(5)  # each human's seat played by a random legal choice
    while manager.state(first).status == "running":
        state = manager.state(first)
        seat = min(state.to_act)
        user = state.seats[seat].user_id
        assert user is not None
        await manager.act(first, user, rng.choice(manager.seat_view(first, user).legal).id)
    played = manager.match_of(first)
    assert played is not None and played.typed_result() is not None
    table_winners = set(played.typed_result().winners)  # type: ignore[union-attr]
    await cog.runner.idle()

    # Only now the second table: the same seed, the seats turned, computers alone.
    assert threads() == ["Round 1: Pair 1 v Pair 2", "Round 1: Pair 1 v Pair 2 (seats turned)"]
    (fixture,) = await storage.nights.fixtures(1)
    second = fixture.other_table_id
    assert second is not None
    first_record = await storage.tables.get(first)
    second_record = await storage.tables.get(second)
    assert first_record is not None and second_record is not None
    assert first_record.seed == second_record.seed == SEED
    assert all(s is not None and s.computer for s in second_record.seats)
    assert second_record.settings[LINK] == {"other": first, "turned": True}

    comparison = await compare_linked(storage, LinkedTables(first, second, SEED), manager.games)
    assert comparison.compared >= 1 and comparison.compared == len(comparison.hands)
    assert fixture.status == "done" and fixture.swings == [comparison.total]
    # The comparison, not the first table's own result, decided: with this seed Pair 1
    # (seats 0/2) won the first table's match, but the cards favoured it; the same cards
    # played the other way round at the second table give Pair 2 the game by 2 points.
    assert table_winners == {0, 2} and comparison.winner == 1
    assert comparison.total == -2.0
    assert fixture.winner == fixture.b and fixture.games == [fixture.b]
    posts = night_posts(fake)
    assert "Pair 2 beat Pair 1 with the same cards (1–0; swing +2)" in posts
    final = posts.split("Final standings:", 1)[1]
    assert "1. Pair 2 — 1 points" in final and "2. Pair 1 — 0 points" in final

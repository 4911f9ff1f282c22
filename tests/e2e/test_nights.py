"""Match nights through the fake Discord (issue 32): a Swiss night of eight pairs over three
rounds (check-in button, pairings, a thread per fixture, results, standings) with a
walkover and a substitute; a knockout of six with byes and best-of-three series to a
champion. The games are the toy's shortest match (target=1), played by scripted users
through the table manager; the walkover's wait runs on a fake clock."""

from __future__ import annotations

import random
import time
from typing import cast

from cogs.night_cog import NightCog
from tables.clock import FakeClock
from tables.manager import TableManager
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import table_message


def night_cog(runner: BotRunner) -> NightCog:
    assert runner.bot is not None
    cog = runner.bot.get_cog("NightCog")
    # Not isinstance: the bot loads the cog as an extension, a module object of its own.
    assert cog is not None and type(cog).__name__ == NightCog.__name__
    return cast(NightCog, cog)


async def play_open_tables(cog: NightCog, rng: random.Random) -> int:
    """Scripted users finish every table the night has open; the games played."""
    manager: TableManager = cog.runner.manager
    played = 0
    while True:
        await cog.runner.idle()
        running = [t for t in manager.open_tables() if manager.state(t).status == "running"]
        if not running:
            return played
        for table_id in running:
            await manager.ready(table_id)  # rebuilt from its log after a restart
            while manager.state(table_id).status == "running":
                state = manager.state(table_id)
                seat = min(state.to_act)
                user = state.seats[seat].user_id
                assert user is not None
                view = manager.seat_view(table_id, user)
                await manager.act(table_id, user, rng.choice(view.legal).id)
            played += 1


def night_posts(fake: FakeDiscord) -> str:
    return "\n".join(m.content for m in fake.channel_messages() if m.content)


def check_in_message(fake: FakeDiscord) -> FakeMessage:
    return next(m for m in fake.channel_messages() if m.content.startswith("Match night"))


async def test_a_swiss_night_of_eight_pairs_with_a_walkover_and_a_substitute(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users = [runner.user(f"p{n}") for n in range(16)]
    organiser = SimulatedUser(fake, fake.add_user("organiser", admin=True))
    substitute = runner.user("sub")
    cog = night_cog(runner)
    for n in range(8):  # the league's fixed pairs, entered by their captains
        captain, partner = users[2 * n], users[2 * n + 1]
        made = await captain.slash(
            "pair", subcommand="create", game="toy", team=f"Pair {n + 1}", partner=partner
        )
        assert "Pair" in made.text
    clock = FakeClock(time.time())
    cog.runner.clock = clock

    refused = await users[0].slash("night", subcommand="open", game="toy")
    assert refused.ephemeral and "manage the server" in refused.text
    opened = await organiser.slash(
        "night", subcommand="open", game="toy", rounds=3, walkover_minutes=5.0,
        options="target=1",
    )  # fmt: skip
    assert opened.message is not None and not opened.ephemeral
    assert "Match night 1: Toy Tricks, Swiss, best of 1" in opened.text
    board = opened.message
    # Everyone checks in but p13 (pair 7's second: a substitute stands in) and p15 (pair
    # 8's second: never comes, so pair 8 loses every round by walkover).
    for user in users:
        if user in (users[13], users[15]):
            continue
        checked = await user.click(board, "Check in")
        assert checked.ephemeral and "You are checked in for Pair" in checked.text
    stranger = await substitute.click(board, "Check in")
    assert stranger.text == "You are not a member of an entrant of this league."
    early = await users[0].click(board, "Start the night")
    assert early.text == "Only the night's organiser can do that."
    sub = await users[12].slash(
        "night", subcommand="sub", night=1, absent=users[13], substitute=substitute
    )
    assert sub.text == "sub stands in for p13 in Pair 7 tonight."
    status = await users[0].slash("night", subcommand="status", night=1)
    assert status.ephemeral and "Match night 1: checking in, round 0." in status.text
    assert f"Pair 8: waiting for {users[15].mention}" in status.text
    assert "Pair 7: ready" in status.text  # the substitute stands in
    started = await organiser.click(board, "Start the night")
    assert started.text == "The night has started."

    assert "Match night 1, round 1:\nPair 1 v Pair 2" in night_posts(fake)
    threads = [c for c in fake.channels.values() if c.type == 11]
    assert len(threads) == 3  # pair 8's fixture waits for its second member
    first_table = table_message(fake, channel_id=threads[0].id)
    assert users[0].mention in first_table.text() and "round 1 is ready" in first_table.text()
    rng = random.Random(7)
    for round_number in (1, 2, 3):
        assert await play_open_tables(cog, rng) == 3
        await clock.advance(5 * 60)  # pair 8 is still one short: walkover
        await cog.runner.idle()
        posts = night_posts(fake)
        assert f"Round {round_number} results:" in posts
        # Said when it happens, and again in the round's results.
        assert posts.count("win by walkover against Pair 8") == 2 * round_number
    posts = night_posts(fake)
    assert "Match night 1, round 3:" in posts and "round 4" not in posts
    final = posts.split("Final standings:", 1)[1]
    assert final.count(" points") == 8 and "Pair 8 — 0 points" in final
    assert len([c for c in fake.channels.values() if c.type == 11]) == 9

    assert runner.bot is not None
    storage = runner.bot.storage
    fixtures = await storage.nights.fixtures(1)
    assert len(fixtures) == 12 and sum(f.walkover for f in fixtures) == 3
    pair_8 = await storage.entrants.of_user(fake.guild_id, "toy", users[14].id)
    line = await storage.entrant_standings.standing(fake.guild_id, "toy", pair_8[0].id)
    assert line is not None and (line.losses, line.rated_matches) == (3, 0)  # walkovers
    met = [frozenset((f.a, f.b)) for f in fixtures]
    assert len(set(met)) == 12  # no rematch in three rounds of eight
    lineup = await storage.nights.lineups(1)
    assert [(s.user_id, s.substitute_for) for s in lineup if s.substitute_for] == [
        (substitute.id, users[13].id)
    ]
    played = [f for f in fixtures if not f.walkover]
    for fixture in played:  # each game is a stored match; the substitute's is under their id
        (match_id,) = fixture.match_ids
        record = await storage.matches.get(match_id)
        assert record is not None and record.game == "toy"
    sub_games = [f for f in played if 7 in (f.a, f.b)]
    record = await storage.matches.get(sub_games[0].match_ids[0])
    assert record is not None and substitute.id in [s.user_id for s in record.seats]


async def test_a_knockout_of_six_with_byes_and_best_of_three_runs_to_a_champion(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users = [runner.user(f"k{n}") for n in range(6)]
    organiser = SimulatedUser(fake, fake.add_user("organiser", admin=True))
    cog = night_cog(runner)
    bad = await organiser.slash("night", subcommand="open", game="toy", best_of=2)
    assert bad.text == "Best of must be an odd number from 1 to 9."
    opened = await organiser.slash(
        "night", subcommand="open", game="toy", format="knockout", best_of=3, players=2,
        options="target=1",
    )  # fmt: skip
    assert opened.message is not None and "knockout, best of 3" in opened.text
    for user in users:  # an individual league: each player is an entrant
        checked = await user.click(opened.message, "Check in")
        assert checked.text == f"You are checked in for {user.user.username}."
    await organiser.click(opened.message, "Start the night")
    posts = night_posts(fake)
    assert "k0 has a bye" in posts and "k1 has a bye" in posts  # the top two seeds
    assert "k3 v k4" in posts and "k2 v k5" in posts
    games = await play_open_tables(cog, random.Random(3))
    posts = night_posts(fake)
    assert "Round 3 results:" in posts and "Champions: " in posts
    champion = posts.split("Champions: ", 1)[1].split("\n", 1)[0]
    assert runner.bot is not None
    fixtures = await runner.bot.storage.nights.fixtures(1)
    series = [f for f in fixtures if f.b is not None]
    assert len(series) == 5 and [f.round for f in fixtures].count(3) == 1
    assert all(f.games.count(f.winner) == 2 for f in series)  # best of three: two wins
    assert games == sum(len(f.games) for f in series)
    assert all(len(f.match_ids) == len(f.games) for f in series)
    names = {
        e.id: e.name for e in await runner.bot.storage.entrants.in_league(fake.guild_id, "toy")
    }
    assert champion == names[fixtures[-1].winner or 0]


async def test_a_season_with_an_end(fake: FakeDiscord, runner: BotRunner) -> None:
    owner = SimulatedUser(fake, fake.add_user("owner", admin=True))
    started = await owner.slash("season", subcommand="new", game="toy", days=30)
    assert "Season 1 of the Toy Tricks league has started. It ends <t:" in started.text
    assert runner.bot is not None
    (season,) = await runner.bot.storage.leagues.seasons(fake.guild_id, "toy")
    assert season.ends_at is not None and abs(season.ends_at - season.started_at - 30 * 86400) < 60


async def test_a_night_goes_on_after_the_bot_restarts_mid_game(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """The night lives in storage: after a restart the new bot hears the game's end, posts
    the result and finishes the night, and the old check-in message's button still answers."""
    players = [runner.user(f"r{n}") for n in range(2)]
    organiser = SimulatedUser(fake, fake.add_user("organiser", admin=True))
    opened = await organiser.slash(
        "night", subcommand="open", game="toy", format="knockout", players=2,
        options="target=1",
    )  # fmt: skip
    assert opened.message is not None
    for user in players:
        await user.click(opened.message, "Check in")
    await organiser.click(opened.message, "Start the night")
    await runner.restart()
    again = await players[0].click(opened.message, "Check in")
    assert again.text == "You are checked in for r0."
    assert await play_open_tables(night_cog(runner), random.Random(8)) == 1
    posts = night_posts(fake)
    assert "Round 1 results:" in posts and "Champions: r" in posts

"""A duplicate event through the fake Discord: the organiser opens it (the seeds'
commitment published), an entrant plays its deal at a table with computers (one try), the
organiser closes it and the entrant sees the event table with the seeds revealed; then a
hand review steps through the tricks, and par is posted after a hand with computers."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, table_id_of, table_message


async def test_an_entrant_plays_a_duplicate_event_and_sees_the_event_table(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    organiser = runner.user("olga")
    entrant = runner.user("ernie")
    opened = await organiser.slash("duplicate", subcommand="start", game="toy", deals=1, hours=1)
    assert not opened.ephemeral and "Duplicate event #1" in opened.text
    assert "sha256 " in opened.text

    play = await entrant.slash("duplicate", subcommand="play", event=1)
    assert play.ephemeral and "deal 1 of 1: your table is open" in play.text
    found = re.search(r"<#(\d+)>", play.text)
    assert found is not None  # a private thread of the entrant's own
    thread = int(found[1])
    assert thread != fake.main_channel.id
    table_id = table_id_of(table_message(fake, channel_id=thread))
    with pytest.raises(AssertionError):  # nobody in the channel can watch the deal
        table_message(fake, channel_id=fake.main_channel.id)
    players = Players(runner, [entrant], table_id)
    await players.open_hands()
    await players.play_until_over(random.Random(3))
    assert runner.bot is not None
    entries = await runner.bot.storage.duplicate.entries(1)
    assert [(e.user_id, e.status) for e in entries] == [(entrant.id, "done")]

    again = await entrant.slash("duplicate", subcommand="play", event=1)
    assert "You have played every deal of duplicate event 1." in again.text

    early = await entrant.slash("duplicate", subcommand="table", event=1)
    assert early.ephemeral and "1 entrants so far" in early.text
    refused = await entrant.slash("duplicate", subcommand="close", event=1)
    assert refused.ephemeral and "Only the host" in refused.text

    closed = await organiser.slash("duplicate", subcommand="close", event=1)
    assert not closed.ephemeral and "final table" in closed.text
    assert "1. ernie" in closed.text and "The seeds match the commitment." in closed.text
    seen = await entrant.slash("duplicate", subcommand="table", event=1)
    assert seen.ephemeral and "1. ernie" in seen.text and "Seeds: " in seen.text


async def test_review_steps_through_tricks_and_par_follows_a_hand(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    runner = BotRunner(fake, tmp_path / "par.sqlite3", par_worker="thread", par_replays=1)
    await runner.start()
    try:
        alice = runner.user("alice")
        early = await alice.slash("review")
        assert early.ephemeral and "There is no table in this channel." in early.text
        opened = await alice.slash("quickplay", game="nigerian_thunee")
        assert opened.message is not None
        players = Players(runner, [alice], table_id_of(opened.message))
        players.avoid = ("throw_in",)
        await players.open_hands()
        manager = players.manager
        match = manager.match_of(players.table_id)
        assert match is not None
        rng = random.Random(5)
        seat = players.seats[alice.id]
        while not match.hand_results:
            state = manager.state(players.table_id)
            if alice.id in [state.seats[s].user_id for s in state.to_act]:
                await players.refresh(seat)
                await players.act(seat, rng)
        review = await alice.slash("review")
        assert review.ephemeral and review.message is not None
        assert "Review of hand 1" in review.text and "Trick 1" in review.text
        assert review.message.button("Previous").get("disabled")
        stepped = await alice.click(review.message, "Next")
        assert "Trick 2" in review.message.text() and "Trick 1" not in review.message.text()
        assert stepped.interaction.id
        assert runner.bot is not None
        cog = runner.bot.get_cog("DuplicateCog")
        assert cog is not None and cog.par is not None  # type: ignore[attr-defined]
        # Par runs in a spawned worker process: wait for it and for the post it leads to,
        # however long a loaded machine takes (the timeout only guards against a hang).
        said: list[Any] = []
        async with asyncio.timeout(300):
            while not said:
                await cog.par.drain()  # type: ignore[attr-defined]
                await asyncio.gather(*list(cog._tasks))  # type: ignore[attr-defined]
                said = [
                    m for m in fake.channel_messages(fake.main_channel.id) if "You made" in m.text()
                ]
                if not said:
                    await asyncio.sleep(0.05)
        assert (
            said and alice.mention in said[0].text() and "on average (1 replays)" in said[0].text()
        )
    finally:
        await runner.stop()

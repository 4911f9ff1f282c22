"""League pairs through Discord (issue 32): /pair create, add, remove, captain, list with
their refusals; /league rules, table (a provisional rating marked "?"), record, export (two
CSV files read back with the csv module)."""

from __future__ import annotations

import csv
import io

from storage import LeagueSettings, MatchSeat
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.leagues.helpers import a_record


async def test_pairs_enter_play_and_export_their_season(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    ann, bob, cy, di, eve = (
        SimulatedUser(fake, fake.add_user(n)) for n in ("ann", "bob", "cy", "di", "eve")
    )
    made = await ann.slash("pair", subcommand="create", game="thunee", team="Jacks", partner=bob)
    assert not made.ephemeral and "Jacks" in made.text and f"captain <@{ann.id}>" in made.text
    taken = await cy.slash("pair", subcommand="create", game="thunee", team="jacks", partner=di)
    assert taken.ephemeral and "There is already an entrant called jacks." in taken.text
    twice = await cy.slash("pair", subcommand="create", game="thunee", team="Nines", partner=ann)
    assert twice.ephemeral and f"<@{ann.id}> already plays for Jacks." in twice.text
    alone = await cy.slash("pair", subcommand="create", game="thunee", team="Me", partner=cy)
    assert alone.ephemeral and "other than yourself" in alone.text
    solo = await cy.slash("pair", subcommand="create", game="tonk", team="Nines", partner=di)
    assert solo.ephemeral and "Tonk has no teams of 2" in solo.text
    nines = await cy.slash("pair", subcommand="create", game="thunee", team="Nines", partner=di)
    assert "Nines" in nines.text
    not_captain = await bob.slash(
        "pair", subcommand="captain", game="thunee", team="Jacks", member=bob
    )
    assert not_captain.ephemeral and "Only the captain of Jacks" in not_captain.text
    handed = await ann.slash("pair", subcommand="captain", game="thunee", team="Jacks", member=bob)
    assert f"captain <@{bob.id}>" in handed.text
    listed = await eve.slash("pair", subcommand="list", game="thunee")
    assert listed.ephemeral and "Jacks" in listed.text and "Nines" in listed.text

    assert runner.bot is not None
    storage = runner.bot.storage
    guild = fake.guild_id
    await storage.leagues.save_settings(LeagueSettings(guild, listed_matches=1))
    jacks = await storage.entrants.find(guild, "thunee", 2, "Jacks")
    assert jacks is not None
    # Two matches: Jacks win one as they are, then with eve standing in for bob.
    seats = [(ann.id, "ann"), (cy.id, "cy"), (bob.id, "bob"), (di.id, "di")]
    await storage.matches.record_finished(
        a_record(seats, [0, 2], game="thunee", guild=guild, teams=[[0, 2], [1, 3]], at=2e9)
    )
    record = a_record(
        [(ann.id, "ann"), (cy.id, "cy"), (eve.id, "eve"), (di.id, "di")], [1, 3],
        game="thunee", guild=guild, teams=[[0, 2], [1, 3]], at=2e9 + 60,
    )  # fmt: skip
    record.seats = [
        s
        if s.team == 1
        else MatchSeat(
            s.seat, s.name, s.user_id, team=0, entrant_id=jacks.id, substitute=s.user_id == eve.id
        )
        for s in record.seats
    ]
    await storage.matches.record_finished(record)

    rules = await eve.slash("league", subcommand="rules")
    assert rules.ephemeral and 'shown with "?", until 10 rated matches' in rules.text
    table = await eve.slash("league", subcommand="table", game="thunee")
    assert "1. " in table.text and "2. " in table.text and "?" in table.text
    mine = await ann.slash("league", subcommand="record", game="thunee")
    assert mine.ephemeral and "Jacks" in mine.text and "1 won" in mine.text
    assert "Streak -1, best 1" in mine.text

    log = await eve.slash("league", subcommand="log", game="thunee")
    shown = log.followups[0].text() if log.followups else log.text
    assert "1. " in shown and "head-to-head 3" in shown and "?" in shown
    exported = await bob.slash("league", subcommand="export", game="thunee")
    sent = exported.followups[0] if exported.followups else exported.message
    assert sent is not None and exported.ephemeral
    assert "2 matches, 2 entrants" in sent.text()
    files = {a["filename"]: sent.attachment(a["filename"]) for a in sent.attachments}
    matches = list(
        csv.DictReader(io.StringIO(files["thunee-season-1-matches.csv"].decode("utf-8-sig")))
    )
    table_rows = list(
        csv.DictReader(io.StringIO(files["thunee-season-1-table.csv"].decode("utf-8-sig")))
    )
    assert len(matches) == 2 and matches[1]["substitutes"] == "eve"
    # One win each against the other: level on points and on head-to-head.
    assert sorted(r["entrant"] for r in table_rows) == ["Jacks", "Nines"]
    assert {(r["points"], r["head-to-head"]) for r in table_rows} == {("3", "3")}

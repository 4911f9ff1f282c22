"""``/league export`` (issue 32): the season's matches and table as CSV that a spreadsheet
opens, one row per match and one row per entrant, read back with the csv module."""

from __future__ import annotations

import csv
import io

from leagues.export import matches_csv, rating_text, standings_csv
from leagues.season_table import season_matches, season_table
from storage import MatchSeat, Storage
from tests.leagues.helpers import GUILD, a_record

A1, B1, A2, B2, C1, C2, SUB = 401, 402, 403, 404, 405, 406, 499
TEAMS = [[0, 2], [1, 3]]


def english(text: str) -> str:
    return text


def read(data: bytes) -> list[dict[str, str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # the BOM spreadsheets read UTF-8 by
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


async def test_the_export_has_one_row_per_match_and_per_entrant(store: Storage) -> None:
    aces = await store.entrants.create(GUILD, "toy", 2, 'Aces, "the" best', [A1, A2])
    bells = await store.entrants.create(GUILD, "toy", 2, "Bells", [B1, B2])
    crowns = await store.entrants.create(GUILD, "toy", 2, "Crowns", [C1, C2])
    games = [
        ([(A1, "a1"), (B1, "b1"), (A2, "a2"), (B2, "b2")], [0, 2]),  # Aces beat Bells
        ([(B1, "b1"), (C1, "c1"), (B2, "b2"), (C2, "c2")], [0, 2]),  # Bells beat Crowns
        ([(C1, "c1"), (A1, "a1"), (C2, "c2"), (A2, "a2")], [0, 2]),  # Crowns beat Aces
    ]
    for n, (seats, winners) in enumerate(games):
        await store.matches.record_finished(a_record(seats, winners, teams=TEAMS, at=1e9 + n))
    # Bells again, with a substitute standing in for b2, beat Aces.
    record = a_record(
        [(B1, "b1"), (A1, "a1"), (SUB, "sub"), (A2, "a2")], [0, 2], teams=TEAMS, at=1e9 + 9
    )
    playing_for = {0: bells.id, 1: aces.id, 2: bells.id, 3: aces.id}
    record.seats = [
        MatchSeat(
            s.seat,
            s.name,
            s.user_id,
            team=s.team,
            entrant_id=playing_for[s.seat],
            substitute=s.user_id == SUB,
        )
        for s in record.seats
    ]
    await store.matches.record_finished(record)

    season = await store.leagues.current_season(GUILD, "toy")
    matches = await season_matches(store, GUILD, "toy", season)
    entrants = await store.entrants.many([aces.id, bells.id, crowns.id])
    rows = read(matches_csv(matches, entrants, english))
    assert len(rows) == 4
    assert [r["match"] for r in rows] == [str(m.id) for m in matches]
    assert rows[0]["sides"] == 'Aces, "the" best (a1, a2) / Bells (b1, b2)'
    assert rows[0]["winners"] == "a1, a2" and rows[0]["rated"] == "yes"
    assert rows[0]["ended (UTC)"] == "2001-09-09 01:46:40"
    assert rows[3]["substitutes"] == "sub" and rows[3]["sides"].startswith("Bells (b1, sub)")

    sides = await store.entrant_standings.season_results(GUILD, "toy")
    assert len(sides) == 8 and len(await store.entrant_standings.season_results(
        GUILD, "toy", limit=3)) == 3  # fmt: skip
    table = await season_table(store, GUILD, "toy", 2)
    names = {A1: "a1", A2: "a2", B1: "b1", B2: "b2", C1: "c1", C2: "c2"}
    lines = read(standings_csv(table, entrants, names, english))
    assert [(r["place"], r["entrant"], r["points"], r["matches"]) for r in lines] == [
        ("1", "Bells", "6", "3"),
        ("2", "Crowns", "3", "2"),
        ("3", 'Aces, "the" best', "3", "3"),
    ]
    # Aces and Crowns are level on 3 points: Crowns beat Aces, head-to-head decides.
    assert [r["head-to-head"] for r in lines][1:] == ["3", "0"]
    assert lines[0]["members"] == "b1, b2" and lines[0]["rating"].endswith("?")


def test_a_provisional_rating_carries_the_mark() -> None:
    assert (rating_text(12.345, True), rating_text(12.345, False)) == ("12.3?", "12.3")

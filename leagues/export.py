"""``/league export``: a season's matches and its table as CSV files that open in a
spreadsheet (one row per match, one row per entrant; a header row; UTF-8 with a byte-order
mark so spreadsheet programs read names in any script). Column titles are translated."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime

from leagues.season_table import TableLine
from storage import Entrant, MatchSummary

Translate = Callable[[str], str]


def _text(rows: Sequence[Sequence[object]]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode("utf-8-sig")


def _when(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M:%S")


def sides_of(match: MatchSummary) -> list[list[int]]:
    """The seats of each side: by team when the seats have teams, else one per seat."""
    teams: dict[int, list[int]] = {}
    for seat in match.seats:
        key = seat.team if seat.team is not None else 1000 + seat.seat
        teams.setdefault(key, []).append(seat.seat)
    return [teams[k] for k in sorted(teams)]


def matches_csv(
    matches: Sequence[MatchSummary], entrants: Mapping[int, Entrant], t: Translate
) -> bytes:
    """One row per match: number, end time (UTC), players, rated, each side (entrant and
    who sat for it, a substitute marked), winners, scores."""
    rows: list[list[object]] = [
        [
            t("match"),
            t("ended (UTC)"),
            t("rated"),
            t("sides"),
            t("winners"),
            t("scores"),
            t("substitutes"),
        ]
    ]
    for match in matches:
        by_seat = {s.seat: s for s in match.seats}
        sides = []
        subs: list[str] = []
        for seats in sides_of(match):
            people = [by_seat[s] for s in seats]
            entrant_ids = {p.entrant_id for p in people if p.entrant_id is not None}
            names = ", ".join(p.name for p in people)
            entrant = entrants.get(next(iter(entrant_ids))) if len(entrant_ids) == 1 else None
            sides.append(f"{entrant.name} ({names})" if entrant is not None else names)
            subs.extend(p.name for p in people if p.substitute)
        winners = ", ".join(by_seat[s].name for s in match.winners if s in by_seat)
        rows.append(
            [
                match.id,
                _when(match.ended_at),
                t("yes") if match.rated else t("no"),
                " / ".join(sides),
                winners,
                " - ".join(str(s) for s in match.scores),
                ", ".join(subs),
            ]
        )
    return _text(rows)


def standings_csv(
    table: Sequence[TableLine], entrants: Mapping[int, Entrant], names: Mapping[int, str],
    t: Translate,
) -> bytes:  # fmt: skip
    """One row per entrant, in table order: place, entrant, members, points, rating (with
    "?" while provisional), matches, wins, draws, losses, series won, the tie-breaks,
    streaks."""
    rows: list[list[object]] = [
        [
            t("place"),
            t("entrant"),
            t("members"),
            t("points"),
            t("rating"),
            t("matches"),
            t("wins"),
            t("draws"),
            t("losses"),
            t("series won"),
            t("head-to-head"),
            t("Buchholz"),
            t("streak"),
            t("best streak"),
        ]
    ]
    for item in table:
        line, entry = item.line, item.entry
        entrant = entrants.get(line.entrant_id)
        members = entrant.members if entrant is not None else ()
        rows.append(
            [
                entry.place,
                line.name,
                ", ".join(names.get(m, str(m)) for m in members),
                line.points,
                rating_text(line.rating, line.provisional),
                line.matches,
                line.wins,
                line.draws,
                line.losses,
                line.series_won,
                entry.head_to_head,
                entry.buchholz,
                line.streak,
                line.best_streak,
            ]
        )
    return _text(rows)


def rating_text(rating: float, provisional: bool) -> str:
    """A rating as shown: one decimal, "?" while provisional (lichess's mark)."""
    return f"{rating:.1f}?" if provisional else f"{rating:.1f}"

"""A match's league stats from its typed hand results: the calls and contracts its game's
plugin reads in each hand (``GamePlugin.tallies``: which calls exist is the game's to say),
and the units (balls, tokens, chips) each side won, from the common core's awards.

Each stat is credited twice: to players (a call to its caller, what a team did to every
member) and to sides (the groups of seats rated together: teams, or seats), which the
storage turns into entrants' stats."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.results import Tally

log = logging.getLogger(__name__)

TallyReader = Callable[[Mapping[str, Any]], list[Any]]
SeatTally = tuple[int, str, int, int]
"""(seat, stat, attempted, made)"""
SideTally = tuple[int, str, int, int]
"""(side, stat, attempted, made): side is the team's index, or the seat without teams"""

WON = "won:"
"""Prefix of the units-won stats (``won:balls``): ``made`` holds the units."""


def sides_of(players: int, teams: Sequence[Sequence[int]] | None) -> list[list[int]]:
    """The seats of each side, as storage rates them (``storage.standings.rated_groups``)."""
    if teams:
        return [list(team) for team in teams if team]
    return [[seat] for seat in range(players)]


def match_tallies(
    hand_results: Sequence[Mapping[str, Any]],
    players: int,
    teams: Sequence[Sequence[int]] | None,
    reader: TallyReader | None,
) -> tuple[list[SeatTally], list[SideTally]]:
    """Every stat of a match, summed, for players and for sides."""
    sides = sides_of(players, teams)
    side_of_seat = {seat: index for index, side in enumerate(sides) for seat in side}
    seats: dict[tuple[int, str], list[int]] = {}
    by_side: dict[tuple[int, str], list[int]] = {}

    def add(into: dict[tuple[int, str], list[int]], key: tuple[int, str], a: int, m: int) -> None:
        sums = into.setdefault(key, [0, 0])
        sums[0] += a
        sums[1] += m

    for hand in hand_results:
        found: list[Tally] = []
        if reader is not None:
            try:
                found = [Tally(*t) for t in reader(hand)]
            except (KeyError, TypeError, ValueError) as exc:
                log.warning("hand %s: stats unreadable, skipped: %s", hand.get("hand"), exc)
        for award in hand.get("awards") or ():
            amount = int(award.get("amount", 0))
            if amount > 0:
                unit = f"{WON}{award.get('unit')}"
                if award.get("to") == "team":
                    found.append(Tally(unit, 0, amount, team=int(award["index"])))
                else:
                    found.append(Tally(unit, 0, amount, seat=int(award["index"])))
        for tally in found:
            if tally.seat is not None and tally.seat in side_of_seat:
                add(seats, (tally.seat, tally.stat), tally.attempted, tally.made)
                add(by_side, (side_of_seat[tally.seat], tally.stat), tally.attempted, tally.made)
            elif tally.team is not None and 0 <= tally.team < len(sides) and teams:
                for seat in sides[tally.team]:
                    add(seats, (seat, tally.stat), tally.attempted, tally.made)
                add(by_side, (tally.team, tally.stat), tally.attempted, tally.made)
    return (
        [(seat, stat, a, m) for (seat, stat), (a, m) in sorted(seats.items())],
        [(side, stat, a, m) for (side, stat), (a, m) in sorted(by_side.items())],
    )

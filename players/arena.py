"""Computer against computer, straight on the engine (no manager): strength measurements
for the heuristic-vs-random target and for later players (issue 13's search)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from players.base import ComputerPlayer, Situation
from rules.contract import GameSpec, Match


def play_match(
    spec: GameSpec[Any],
    lineup: Sequence[ComputerPlayer],
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 200_000,
) -> Match[Any]:
    """One match with ``lineup[seat]`` playing each seat; returns the finished match.
    As at a table, the seats that may act off turn are asked once per call point
    (``ComputerPlayer.off_turn``) before the seat to act moves."""
    players = len(lineup)
    match = spec.new_match(players, options, seed=seed)
    teams = spec.teams(players)
    rng = random.Random(seed ^ 0x5EED)
    off_turn = bool(spec.off_turn_kinds)
    for _ in range(max_actions):
        if match.is_over:
            return match
        if off_turn and _answer_off_turn(match, lineup, rng, teams):
            continue
        seat = min(match.to_act)
        situation = Situation.at(match, seat, rng, teams)
        match.apply(seat, lineup[seat].choose(situation))
    raise RuntimeError(f"{spec.name}: match {seed} did not end in {max_actions} actions")


def _answer_off_turn(
    match: Match[Any],
    lineup: Sequence[ComputerPlayer],
    rng: random.Random,
    teams: tuple[tuple[int, ...], ...] | None,
) -> bool:
    """Ask the off-turn seats in order; apply the first answer (True) or none (False).
    A call point is the state after an action, so each seat is asked once per point."""
    to_act = match.to_act
    for seat in sorted(match.off_turn):
        if seat in to_act:
            continue
        action = lineup[seat].off_turn(Situation.at(match, seat, rng, teams, lazy=True))
        if action is not None:
            match.apply(seat, action)
            return True
    return False


def winning_seats(match: Match[Any]) -> set[int]:
    result = match.result or {}
    winners = result.get("winners")
    if isinstance(winners, list):
        return {int(s) for s in winners}
    team = result.get("winner_team")
    teams = match.spec.teams(match.players)
    if isinstance(team, int) and teams is not None:
        return set(teams[team])
    return set()


@dataclass(frozen=True, slots=True)
class DuelResult:
    matches: int
    wins: int
    """Matches ``first`` won (alone or with its team)."""
    ties: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0


def duel(
    spec: GameSpec[Any],
    players: int,
    first: ComputerPlayer,
    second: ComputerPlayer,
    matches: int,
    seed: int = 0,
) -> DuelResult:
    """``first`` against ``second``: team games put ``first`` on one team (alternating which
    one); individual games give ``first`` one seat (rotating) and ``second`` the others."""
    teams = spec.teams(players)
    wins = ties = 0
    for index in range(matches):
        ours = set(teams[index % len(teams)]) if teams is not None else {index % players}
        lineup = [first if s in ours else second for s in range(players)]
        match = play_match(spec, lineup, seed=seed + index)
        won = winning_seats(match)
        if won & ours and not won - ours:
            wins += 1
        elif won & ours:
            ties += 1
    return DuelResult(matches, wins, ties)

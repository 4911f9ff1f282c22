"""Which kind of entrant a league of a game ranks: the game's own teams decide, through its
spec in the registry (``GameSpec.teams``), never a list of names here. A game played in
fixed teams at a player count (pairs at four, trios at six) is entered by teams of that
size; a game without teams by players on their own."""

from __future__ import annotations

from typing import Any

from rules.contract import GameSpec


def entrant_size(spec: GameSpec[Any], players: int) -> int:
    """Members of an entrant in this game at this player count (1: individuals)."""
    teams = spec.teams(players)
    if not teams:
        return 1
    sizes = {len(team) for team in teams}
    if len(sizes) != 1:
        raise ValueError(f"{spec.name} at {players} players has teams of unequal sizes")
    return sizes.pop()


def entrant_sizes(spec: GameSpec[Any]) -> dict[int, int]:
    """Entrant size by player count, for every count the game is played at."""
    return {players: entrant_size(spec, players) for players in spec.player_counts}

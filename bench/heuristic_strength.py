"""Heuristic against random play, per game: the issue's target is >= 90% of 200 matches.

    python bench/heuristic_strength.py [GAME ...] [--matches 200]
                                       [--first heuristic] [--second random] [--players N]

``--first``/``--second`` name any two levels (``expert`` against ``beginner`` in Tonk,
say) and ``--players`` a table size.

Team games: the heuristic plays one team (alternating which), random the other, at 4
players where the game allows it. Individual games: heads-up, two players, seats rotated.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players import default_registry
from players.arena import duel
from rules import registry


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--first", default="heuristic")
    parser.add_argument("--second", default="random")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    levels = default_registry()
    print(f"{'game':<16} {'players':>7} {'won':>9} {'rate':>7} {'time':>8}")
    for game in args.games or registry.names():
        spec = registry.get(game)
        players = 4 if 4 in spec.player_counts else min(spec.player_counts)
        if spec.teams(players) is None:
            players = 2 if 2 in spec.player_counts else min(spec.player_counts)
        players = args.players or players
        start = time.perf_counter()
        first, second = levels.get(args.first, game), levels.get(args.second, game)
        result = duel(spec, players, first, second, args.matches, seed=args.seed)
        print(
            f"{game:<16} {players:>7} {result.wins:>4}/{result.matches:<4} ({result.ties} tied)"
            f" {result.win_rate:>6.1%} {time.perf_counter() - start:>7.1f}s"
        )


if __name__ == "__main__":
    main()

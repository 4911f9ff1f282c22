"""A digest of seeded matches, to show that a speed-up changed no decision.

    python bench/decision_digest.py [--seeds 6] [--engines telefunken,tonk]

Per game, every player count and seed: an all-heuristic match and a heuristic/random
mix (arena play); the digest covers every action and the result. For the ``--engines``
games it also digests random play straight on the engine: the actions, and every few
steps the public view, each seat's view and legal action ids. Run it on two checkouts
(before and after a change) and compare the lines.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players import default_registry
from players.arena import play_match
from rules import registry


def players_digest(game: str, seeds: int) -> str:
    spec = registry.get(game)
    levels = default_registry()
    heuristic, rand = levels.get("heuristic", game), levels.get("random", game)
    digest = hashlib.sha256()
    for players in spec.player_counts:
        for seed in range(seeds):
            mixed = [heuristic if s % 2 == 0 else rand for s in range(players)]
            for lineup in ([heuristic] * players, mixed):
                match = play_match(spec, lineup, seed=seed)
                digest.update(repr(match.actions_applied).encode())
                digest.update(json.dumps(match.result, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def engine_digest(game: str, seeds: int) -> str:
    spec = registry.get(game)
    digest = hashlib.sha256()
    for players in spec.player_counts:
        for seed in range(seeds):
            match = spec.new_match(players, None, seed=seed)
            rng = random.Random(seed)
            steps = 0
            while not match.is_over:
                if steps % 7 == 0:
                    digest.update(json.dumps(match.public_view(), sort_keys=True).encode())
                    for s in range(players):
                        digest.update(json.dumps(match.view(s), sort_keys=True).encode())
                        digest.update(repr([a.id for a in match.legal_actions(s)]).encode())
                seats = sorted(match.to_act)
                seat = seats[rng.randrange(len(seats))]
                legal = match.legal_actions(seat)
                match.apply(seat, legal[rng.randrange(len(legal))])
                steps += 1
            digest.update(repr(match.actions_applied).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--engines", default="telefunken,tonk")
    args = parser.parse_args()
    engines = {g for g in args.engines.split(",") if g}
    for game in registry.names():
        line = f"{game:16} players {players_digest(game, args.seeds)}"
        if game in engines:
            line += f"  engine {engine_digest(game, max(args.seeds // 2, 1))}"
        print(line, flush=True)


if __name__ == "__main__":
    main()

"""A fingerprint of 304's behaviour: sha256 over (legal actions, events, views, hand results)
of seeded random matches at 4, 6 and 8 players with mixed Caps and scoring options.

    python bench/three_o_four_hash.py [MATCHES_PER_COUNT]

Run it before and after a speed change: the digest must not move.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.random_play import choose


def fingerprint(per_count: int) -> tuple[str, int]:
    spec = registry.get("304")
    digest = hashlib.sha256()
    hands = 0
    for players in (4, 6, 8):
        for i in range(per_count):
            r = random.Random(i * 7 + players)
            options: dict[str, Any] = {
                "external_caps": r.choice(["off", "modern", "legacy"]),
                "caps_enforcement": r.choice(["strict", "lenient", "claims_only"]),
                "caps_order_required": r.random() < 0.5,
                "end_hand_when_decided": r.random() < 0.5,
                "maharashtra_scoring": r.random() < 0.3,
                "starting_tokens": r.choice([3, 11]),
            }
            if players == 6:
                options["six_player_deck"] = r.choice(["24", "36"])
            match = spec.new_match(players, options, seed=i)
            rng = random.Random(i)
            steps = 0
            while not match.is_over and steps < 3000:
                to_act = match.to_act
                seat = next(iter(to_act)) if len(to_act) == 1 else rng.choice(sorted(to_act))
                legal = match.legal_actions(seat)
                digest.update(json.dumps([a.id for a in legal]).encode())
                for event in match.apply(seat, choose(spec, legal, rng)):
                    digest.update(repr(event).encode())
                if steps % 7 == 0:
                    for s in range(players):
                        view = json.dumps(match.view(s), sort_keys=True, default=str)
                        digest.update(view.encode())
                steps += 1
            hands += len(match.hand_results)
            digest.update(json.dumps(match.hand_results, sort_keys=True, default=str).encode())
    return digest.hexdigest(), hands


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 34
    hexdigest, hands = fingerprint(count)
    print(f"{hexdigest} ({3 * count} matches, {hands} hands)")

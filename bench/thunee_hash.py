"""A fingerprint of South African Thunee's behaviour: sha256 over (legal actions, events,
views, hand results) of seeded random matches at 2, 4 and 6 players, half with the default
options and half with a random mix of every bool/Literal option.

    python bench/thunee_hash.py [MATCHES_PER_COUNT]

Run it before and after a speed change: the digest must not move.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import typing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.contract import IllegalAction
from rules.random_play import choose
from rules.thunee.options import ThuneeOptions


def _choices() -> dict[str, tuple[Any, ...]]:
    """Every bool or Literal option field and its possible values, in declaration order."""
    out: dict[str, tuple[Any, ...]] = {}
    hints = typing.get_type_hints(ThuneeOptions)
    for name in ThuneeOptions.model_fields:
        hint = hints[name]
        if hint is bool:
            out[name] = (False, True)
        elif typing.get_origin(hint) is typing.Literal:
            out[name] = typing.get_args(hint)
    return out


def random_options(r: random.Random, players: int) -> dict[str, Any]:
    spec = registry.get("thunee")
    choices = _choices()
    while True:
        options = {name: r.choice(values) for name, values in choices.items()}
        options["first_dealer_start_seat"] = r.randrange(players)
        try:
            spec.check_options(players, spec.parse_options(options))
        except IllegalAction:
            continue
        return options


def fingerprint(per_count: int) -> tuple[str, int, int]:
    spec = registry.get("thunee")
    digest = hashlib.sha256()
    hands = actions = 0
    for players in (2, 4, 6):
        for i in range(per_count):
            r = random.Random(i * 7 + players)
            options = random_options(r, players) if i % 2 else None
            digest.update(json.dumps(options, sort_keys=True).encode())
            match = spec.new_match(players, options, seed=i)
            rng = random.Random(i)
            steps = 0
            while not match.is_over and steps < 20000:
                to_act = match.to_act
                seat = next(iter(to_act)) if len(to_act) == 1 else rng.choice(sorted(to_act))
                legal = match.legal_actions(seat)
                digest.update(json.dumps([a.id for a in legal]).encode())
                action = choose(spec, legal, rng)
                digest.update(f"{seat}{action.id}".encode())
                for event in match.apply(seat, action):
                    digest.update(repr(event).encode())
                if steps % 7 == 0:
                    for s in range(players):
                        view = json.dumps(match.view(s), sort_keys=True, default=str)
                        digest.update(view.encode())
                    digest.update(json.dumps(match.public_view(), sort_keys=True).encode())
                steps += 1
            actions += steps
            hands += len(match.hand_results)
            digest.update(json.dumps(match.hand_results, sort_keys=True, default=str).encode())
            digest.update(json.dumps(match.result, sort_keys=True, default=str).encode())
    return digest.hexdigest(), hands, actions


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    hexdigest, hands, actions = fingerprint(count)
    print(f"{hexdigest} ({3 * count} matches, {hands} hands, {actions} actions)")

"""The cost of solving the last tricks exactly: the light solver (players/trick_solver.py)
against the engine-driven one (players/endgame.py), by cards left, on seeded positions.

    python bench/exact_cost.py [--positions 12] [--engine]

Per game, player count and cards left: states visited per solve (median / max) and CPU
per solve and per state (``time.process_time``; the load average is printed). The search
solves a world with this many tricks left (``players.search.exact.EXACT_TRICKS``) within
``NODES_PER_ROLLOUT`` states per rollout of its budget: these figures chose both.
``--engine`` also times players/endgame.py on the same positions (much slower).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players.base import Situation
from players.endgame import EndgameLimits, solve
from players.search.thunee_playout import playout
from players.search.thunee_worlds import ThuneeWorlds
from players.trick_solver import TrickRules, TrickState, solve_tricks
from rules import registry
from rules.cards import parse_card
from rules.nigerian_thunee import STRENGTH as NIGERIAN_STRENGTH
from rules.thunee.cardplay import POINTS, legal_cards

CASES = (
    ("thunee", 4, (8, 12, 16, 20)),
    ("thunee", 6, (12, 18, 24)),
    ("304", 4, (8, 12, 16, 20)),
    ("nigerian_thunee", 4, (8, 12, 16, 20)),
)


def known(match: Any) -> bool:
    """Every card left is in a hand (TH2-A.3: two players' second deal still to come is
    not) and 304's trump is face up (a closed trump changes who may play what, T3-11.13)."""
    if match.spec.name == "thunee":
        return not match.card_zones()["pack"] and "rows" not in match.view(0)
    if match.spec.name == "304":
        return (
            (match.mode == "open" or match.revealed) and not match.indicator_down and not match.solo
        )
    return True


def position(game: str, players: int, seed: int, cards: int) -> Any | None:
    """Random legal play (calls avoided) until at most ``cards`` are left in the hands."""
    spec = registry.get(game)
    for attempt in range(60):
        match = spec.new_match(players, seed=seed * 100 + attempt)
        rng = random.Random(seed * 100 + attempt)
        while not match.is_over and len(match.hand_results) == 0:
            seats = sorted(match.to_act)
            left = sum(match.public_view()["table"]["hand_sizes"])
            if match.phase == "play" and len(seats) == 1 and left <= cards and known(match):
                return match
            legal = match.legal_actions(seats[0])
            quiet = [a for a in legal if a.kind not in ("call", "caps", "double")]
            match.apply(seats[0], rng.choice(quiet or legal))
    return None


def light(match: Any) -> tuple[TrickRules, TrickState]:
    """The match's card play as the light solver's rules and state (engine internals: a
    judge's view, as players/endgame.py has)."""
    n = match.players
    (turn,) = match.to_act
    seats, teams = tuple(range(n)), tuple(s % 2 for s in range(n))
    hands = tuple(tuple(h) for h in match.hands)
    if match.spec.name == "thunee":
        trick = tuple(zip(match.trick_seats, match.trick, strict=True))
        rules = TrickRules(seats, teams, match.strength, POINTS, legal_cards)
        return rules, TrickState(hands, trick, turn, match.trump)
    if match.spec.name == "304":
        rules = TrickRules(
            seats, teams, match._strength, match._card_points, exhausting=match.trumper
        )
        trick = tuple((p[0], p[1]) for p in match.trick)
        return rules, TrickState(hands, trick, turn, match.trump, match.exhausted)
    rules = TrickRules(seats, teams, NIGERIAN_STRENGTH, (0,) * 53, trick_value=1)
    return rules, TrickState(hands, tuple(match.trick), turn, match.trump)


def rollout_cost(players: int, cards: int, positions: int) -> float:
    """Thunee: CPU µs of one sampled world and its playout (what a solver state is
    weighed against: ``NODES_PER_ROLLOUT``)."""
    total, count = 0.0, 0
    for seed in range(1, positions + 1):
        match = position("thunee", players, seed, cards)
        if match is None:
            continue
        situation = Situation.at(match, min(match.to_act), random.Random(seed))
        worlds = ThuneeWorlds(situation)
        plays = [parse_card(a.value) for a in situation.legal if a.kind == "play"]
        rng = random.Random(seed)
        start = time.process_time()
        for i in range(100):
            playout(worlds.facts, worlds.sample(rng), plays[i % len(plays)], 0, rng)
        total += time.process_time() - start
        count += 100
    return 1e6 * total / max(1, count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--engine", action="store_true")
    args = parser.parse_args()
    print(f"{args.positions} seeded positions per row; load {os.getloadavg()[0]:.1f}")
    for game, players, lefts in CASES:
        for cards in lefts:
            nodes: list[int] = []
            cpu: list[float] = []
            engine: list[float] = []
            for seed in range(1, args.positions + 1):
                match = position(game, players, seed, cards)
                if match is None:
                    continue
                rules, state = light(match)
                start = time.process_time()
                nodes.append(solve_tricks(rules, state, 0).nodes)
                cpu.append(time.process_time() - start)
                if args.engine:
                    start = time.process_time()
                    solve(match, limits=EndgameLimits(max_cards=cards, max_nodes=10**7))
                    engine.append(time.process_time() - start)
            if not nodes:
                continue
            line = (
                f"{game:>15} {players}p, {cards:>2} cards left: states median "
                f"{statistics.median(nodes):.0f} max {max(nodes)}; CPU median "
                f"{1000 * statistics.median(cpu):.1f} ms max {1000 * max(cpu):.1f} ms; "
                f"{1e6 * sum(cpu) / sum(nodes):.1f} µs a state"
            )
            if engine:
                line += f"; players/endgame.py median {1000 * statistics.median(engine):.1f} ms"
            if game == "thunee":
                line += f"; a rollout {rollout_cost(players, cards, args.positions):.0f} µs"
            print(line + f"; load {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()

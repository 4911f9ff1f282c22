"""304 card play alone: one level's card play against the beginner's on the same contracts.

    python bench/three_o_four_play.py [--hands N] [--level club] [--seed S]
                                      [--rollouts R] [--cap-ms MS] [--verbose]

Each hand is dealt from its seed and the auction, the trump and the open/closed choice are
made by the beginner at every seat, so every variant plays the same contract on the same
cards. Then the card play is played three times: beginners everywhere (``base``), the
level at team 0's seats, and the level at team 1's seats. For each side (the trumper's
team, the defenders) it prints how often the contract was made with the level on that
side against the beginner there (the same hands), and the mean tokens the level's team
gained per hand over the beginner's (paired, with a 95% interval), and the side's Wrong Caps
(T3-16.7) with the level and with the beginner: isolates the card play (attack and defence)
from the auction.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.levels import level_player
from players.base import ComputerPlayer, Situation
from players.search import SearchBudget
from rules import registry

PLAY_PHASES = ("play",)


def play_hand(
    seed: int, card_players: dict[int, ComputerPlayer], beginner: ComputerPlayer
) -> dict[str, Any] | None:
    """The first played hand of the match of ``seed`` (None when it was cancelled): the
    beginner bids, names trump and chooses the mode; ``card_players`` play the cards."""
    spec = registry.get("304")
    teams = spec.teams(4)
    match = spec.new_match(4, None, seed=seed)
    step = 0
    while not match.is_over:
        awaiting = match.to_act
        answered = False
        for seat in sorted(match.off_turn - awaiting):
            player = card_players[seat] if match.phase in PLAY_PHASES else beginner
            rng = random.Random(seed * 1_000_003 + step * 31 + seat)
            call = player.off_turn(Situation.at(match, seat, rng, teams))
            if call is not None:
                events = match.apply(seat, call)
                answered = True
                break
        if not answered:
            seat = min(awaiting)
            player = card_players[seat] if match.phase in PLAY_PHASES else beginner
            rng = random.Random(seed * 1_000_003 + step * 31 + seat)
            events = match.apply(seat, player.choose(Situation.at(match, seat, rng, teams)))
        step += 1
        for event in events:
            if event.kind == "hand_scored":
                return dict(event.data)
            if event.kind == "hand_cancelled":
                return None
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--level", default="club")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=SearchBudget().rollouts)
    parser.add_argument("--cap-ms", type=float, default=SearchBudget().time_cap_ms)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    budget = SearchBudget(rollouts=args.rollouts, time_cap_ms=args.cap_ms)
    beginner = level_player("304", "beginner", budget)
    level = level_player("304", args.level, budget)
    print(f"load {os.getloadavg()[0]:.1f}", flush=True)
    made = {"attack": [0, 0], "defence": [0, 0]}  # [level side, beginner side]
    gains: dict[str, list[float]] = {"attack": [], "defence": []}
    wrong = {"attack": [0, 0], "defence": [0, 0]}  # Wrong Caps of the level's team / base
    hands = 0
    seed = args.seed
    start = time.process_time()
    while hands < args.hands:
        seed += 1
        base = play_hand(seed, dict.fromkeys(range(4), beginner), beginner)
        if base is None:
            continue
        hands += 1
        trumper_team = base["trumper"] % 2
        for team in (0, 1):
            seats = {s: (level if s % 2 == team else beginner) for s in range(4)}
            got = play_hand(seed, seats, beginner)
            assert got is not None and got["trumper"] == base["trumper"]
            side = "attack" if team == trumper_team else "defence"
            sign = 1 if side == "attack" else -1
            made[side][0] += bool(got["made"])
            made[side][1] += bool(base["made"])
            gains[side].append(sign * (got["delta"] - base["delta"]))
            wrong[side][0] += got["caps"].get(str(team)) == "wrong"
            wrong[side][1] += base["caps"].get(str(team)) == "wrong"
            if args.verbose and got["delta"] != base["delta"]:
                print(
                    f"seed {seed} {side} contract {base['contract']} trumper {base['trumper']}:"
                    f" base {base['points']} {base['delta']:+d} caps {base['caps']};"
                    f" {args.level} {got['points']} {got['delta']:+d} caps {got['caps']}",
                    flush=True,
                )
    for side in ("attack", "defence"):
        g = gains[side]
        mean = sum(g) / len(g)
        sd = math.sqrt(sum((x - mean) ** 2 for x in g) / max(1, len(g) - 1))
        print(
            f"{side}: contracts made with {args.level} {made[side][0]}/{hands}, "
            f"with beginner {made[side][1]}/{hands}; {args.level}'s tokens per hand over "
            f"the beginner's {mean:+.3f} (±{1.96 * sd / math.sqrt(len(g)):.3f}); Wrong Caps "
            f"of that side {wrong[side][0]} ({args.level}) v {wrong[side][1]} (beginner)"
        )
    print(f"CPU {time.process_time() - start:.0f} s; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

"""Where one Telefunken level gains on another: mean penalty per seat and deals won, deal
by deal, on ``bench/strength.py``'s matches (the same seeds and seatings).

    python bench/telefunken_deals.py [--level expert] [--opponent club] [--players 3]
                                     [--deals 10] [--seed 9000]

``--deals`` deal seeds are each played in every seating of ``bench.strength.seatings``.
Prints the first level's share of the winners (as ``bench/strength.py`` scores it), then
for each of the seven deals the mean penalty of a seat of each level (TF-61) and how many
of those deals a seat of each level went out in (TF-55), then the buys per seat and match
(TF-26, TF-27), and the CPU seconds of the run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.level_match import play_timed
from bench.levels import level_player
from bench.strength import seatings
from players.budget import SearchBudget
from rules import registry
from rules.contract import Action, Event


class Tally:
    """Per deal number: penalties, seat-deals and deals gone out, the first level's then
    the opponent's; buys and seats played the same way."""

    def __init__(self) -> None:
        self.penalty: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        self.seat_deals: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        self.went_out: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        self.buys = [0, 0]
        self.seats = [0, 0]


def play_one(
    level: str, opponent: str, players: int, seed: int, ours: tuple[int, ...], tally: Tally
) -> float:
    """One match, ``level`` in the seats ``ours``: its share of the winners."""
    first = level_player("telefunken", level, SearchBudget())
    second = level_player("telefunken", opponent, SearchBudget())
    seats = {s: first if s in ours else second for s in range(players)}
    match = registry.get("telefunken").new_match(players, None, seed=seed)
    deal = [0]

    def applied(seat: int, action: Action, events: list[Event]) -> None:
        if action.kind == "buy":
            tally.buys[seat not in ours] += 1
        for event in events:
            if event.kind != "hand_scored":
                continue
            deal[0] += 1
            for s, paid in enumerate(event.data["penalties"]):
                tally.penalty[deal[0]][s not in ours] += paid
                tally.seat_deals[deal[0]][s not in ours] += 1
            out = event.data["went_out"]
            if out is not None:
                tally.went_out[deal[0]][out not in ours] += 1

    play_timed("telefunken", match, seats, None, seed, None, applied=applied)
    tally.seats[0] += len(ours)
    tally.seats[1] += players - len(ours)
    winners = list((match.result or {}).get("winners") or ())
    return sum(1 for s in winners if s in ours) / len(winners) if winners else 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--opponent", default="club")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args()
    tally = Tally()
    score, matches = 0.0, 0
    start = time.process_time()
    for offset in range(args.deals):
        for ours in seatings(args.players):
            score += play_one(
                args.level, args.opponent, args.players, args.seed + offset, ours, tally
            )
            matches += 1
    print(
        f"{args.level} v {args.opponent} ({args.players}p, {matches} matches, seed "
        f"{args.seed}): {score:g}/{matches} = {100 * score / matches:.1f}%; "
        f"load {os.getloadavg()[0]:.1f}"
    )
    for deal_no in sorted(tally.penalty):
        mine, theirs = tally.penalty[deal_no]
        seen = tally.seat_deals[deal_no]
        out = tally.went_out[deal_no]
        print(
            f"  deal {deal_no}: mean penalty {mine / max(1, seen[0]):.1f} v "
            f"{theirs / max(1, seen[1]):.1f}; went out {out[0]} v {out[1]}"
        )
    buys, seats = tally.buys, tally.seats
    print(
        f"  buys per seat and match {buys[0] / max(1, seats[0]):.2f} v "
        f"{buys[1] / max(1, seats[1]):.2f}; CPU {time.process_time() - start:.0f} s"
    )


if __name__ == "__main__":
    main()

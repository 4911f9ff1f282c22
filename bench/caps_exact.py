"""The exact Caps ruling against the old budget-bound one (docs/caps-ruling.md): where they
differ, why, and what the exact questions cost.

    python bench/caps_exact.py [--hands 40] [--players 4,6,8] [--caps-rate 0.5] [--heuristic]

Plays hands (random legal play, a Caps call offered made with probability ``--caps-rate``;
``--heuristic``: the heuristic computers, who call exactly when certain) and, in each,
asks at every call point where the calling team has won every trick so far, for every
member of that team: Certain(p, k) as the judge now rules it (ED-27, exactly; ED-27a,
certainty by cashing while more than twelve cards are unseen) and as the old judge did (a search of
``NODE_BUDGET`` positions, past which "not certain"); for each call made, Sound (the old
``SOUND_BUDGET``); and the server's order (ED-29) at each call point, exactly and with the
old budget. Prints each difference with the nodes the exact search needed, then the
number of questions, the differences, and the exact question's CPU (median, p99, max)
with the slowest position.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from rules import registry
from rules.random_play import choose
from rules.three_o_four.caps import NODE_BUDGET, SOUND_BUDGET, CapsJudge

DECKS = {4: None, 6: "24", 7: "36", 8: None}
"""Player counts to sweep (7 stands for six players with the 36-card deck)."""


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def hands(players: int, count: int, caps_rate: float, heuristic: bool, seed: int) -> Any:
    """Finished hands (the match, its record up to its last card) as the sweep reads them."""
    spec = registry.get("304")
    seats = 6 if players == 7 else players
    options: dict[str, Any] = {"caps_order_required": True}
    if DECKS[players]:
        options["six_player_deck"] = DECKS[players]
    rng = random.Random(seed)
    lineup = None
    teams = spec.teams(seats)
    if heuristic:
        budget = SearchBudget()
        plugin = registry.BUILTIN.plugin("304")
        lineup = [player_of(plugin, "heuristic", budget) for _ in range(seats)]
    done = 0
    match_seed = seed
    while done < count:
        match = spec.new_match(seats, options, seed=match_seed)
        match_seed += 1
        while not match.is_over and done < count:
            if lineup is not None and match.phase == "play":
                for s in sorted(match.off_turn):
                    if s not in match.to_act:
                        act = lineup[s].off_turn(Situation.at(match, s, rng, teams, lazy=True))
                        if act is not None:
                            match.apply(s, act)
                            break
            seat = min(match.to_act)
            if lineup is not None:
                action = lineup[seat].choose(Situation.at(match, seat, rng, teams))
            else:
                legal = match.legal_actions(seat)
                if rng.random() >= caps_rate:
                    legal = [a for a in legal if a.kind != "caps"] or legal
                action = choose(spec, legal, rng)
            if match.prepare(seat, action) is not None:
                yield match
                done += 1
            match.apply(seat, action)


def sweep(match: Any, report: dict[str, Any]) -> None:
    judge = CapsJudge(match)
    old = CapsJudge(match)
    where = f"seed {match.seed}, hand {len(match.hand_results) + 1}"
    for team in match._caps_teams:
        for k in range(len(match.history)):
            if not judge.team_won_all_before(team, k):
                break
            for p in judge.active:
                if p % 2 != team:
                    continue
                start = time.process_time()
                exact = judge.certain_exists(p, k)
                order = judge.certain(p, k)
                spent = time.process_time() - start
                report["cpu"].append(spent)
                if spent > 0.5:
                    print(f"  slow: {spent:.1f} s, {where}, seat {p} at CP({k})", flush=True)
                if spent > report["slowest"][0]:
                    report["slowest"] = (spent, f"{where}, seat {p} at CP({k})")
                report["questions"] += 1
                was = old.certain_exists(p, k, NODE_BUDGET)
                was_order = old.certain(p, k, NODE_BUDGET)
                if exact != was or order != was_order:
                    nodes = judge.solver(p, k)
                    nodes.run()
                    report["differ"].append(
                        f"{where}, seat {p} at CP({k}): Certain (the ruling) {exact} order "
                        f"{order}, old budget ruling {was} order {was_order}; the exact "
                        f"search took {nodes.nodes} positions (old budget {NODE_BUDGET})"
                    )
                    print("  differs:", report["differ"][-1], flush=True)
        call = match.calls.get(team)
        if call is not None:
            seat, c, stated = call
            report["calls"] += 1
            start = time.process_time()
            exact = judge.sound(seat, c, list(stated))
            report["cpu"].append(time.process_time() - start)
            if exact != old.sound(seat, c, list(stated), SOUND_BUDGET):
                report["differ"].append(f"{where}: Sound of {call} exact {exact}")
                print("  differs:", report["differ"][-1], flush=True)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--caps-rate", type=float, default=0.5)
    parser.add_argument("--players", default="4,6,7,8", help="7: six players, 36 cards")
    parser.add_argument("--heuristic", action="store_true")
    args = parser.parse_args(argv)
    for players in (int(p) for p in args.players.split(",")):
        report: dict[str, Any] = {
            "cpu": [],
            "questions": 0,
            "calls": 0,
            "differ": [],
            "slowest": (0.0, ""),
        }
        for match in hands(players, args.hands, args.caps_rate, args.heuristic, players):
            sweep(match, report)
        ms = [1000 * t for t in report["cpu"]]
        label = "6p/36" if players == 7 else f"{players}p"
        print(
            f"304 {label}, {args.hands} hands ({'heuristic' if args.heuristic else 'random'}"
            f" play): {report['questions']} Certain questions, {report['calls']} calls, "
            f"{len(report['differ'])} differ from the budget ruling; exact CPU per question "
            f"median {statistics.median(ms):.2f} ms, p99 {quantile(ms, 0.99):.1f} ms, max "
            f"{max(ms):.1f} ms ({report['slowest'][1]})",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])

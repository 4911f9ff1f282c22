"""Computer levels side by side on the same deals: decision times and partner sense.

    python bench/levels.py [GAME ...] [--matches N] [--levels beginner,club,expert,raw]
                           [--opponent beginner] [--rollouts R] [--cap-ms MS]

For each game and level, ``--matches`` matches come in pairs on the same seed (the same
deals) with the teams swapped; the level plays one team, ``--opponent`` the other, and
every level meets the same deals. ``raw`` is today's search player without the levels' guard
at a trick's last seat; ``previous`` is the search player as it was before issue 35
(``bench/previous_search``, frozen from 56c25df; Thunee, Nigerian Thunee and 304).

Printed per level (its own seats only):
- decision times over the decisions that had a choice: wall p50/p99/max and the deciding
  thread's CPU p50/p99/max (ms); the load average is printed beside them;
- at a trick's last seat, where every card's outcome is known: how often it took its
  partner's winning trick (``cut``), threw more points than a legal card would have into
  a trick it could not win (``throw``), or let an opponent keep a trick with points that
  one of its cards would have won (``lost``);
- at any seat (partner sense beyond the last seat, issue 35): how often it took over a
  trick its partner was sure to win (``overtook``: no opponent still to play held a card
  that could beat the partner's card, judged on the real hands), out of the tricks where
  it could have kept it to the partner;
- the auction: bids it made over its own partner's bid (``over partner``); 304: contracts
  its team won in the auction and how many it made; Thunee: hands its team's bid won and
  how many it lost (``bids lost``);
- calls (Thunee and the other contracts, Khanuck, Double; 304's Caps): how many it made
  and how many failed.

Every run then prints one line per game with the partner-blunder rates of every level in
the run side by side (the same deals), for docs/performance.md (there is no
``--paired-rates`` switch: the line is always printed). ``calls failed`` counts a team's
Wrong Caps, a duty it never called included; for 304 the line also splits its Caps into
calls that failed (wrong or lost after the call) and duties missed (``count_caps``).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.level_match import percentile, play_timed
from bench.previous_search import PREVIOUS_BUDGET, previous_player
from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.levels import player_of
from players.search import search_for
from players.tricks import CARD_OF, DEFAULT_PROFILE, PROFILES, read_trick, suit_index
from rules.contract import Action
from rules.registry import BUILTIN
from rules.tricks import trick_winner_index

DEFAULT_GAMES = ("thunee", "304", "nigerian_thunee")


def level_player(game: str, level: str, budget: SearchBudget) -> ComputerPlayer:
    if level == "raw":
        return search_for(game, budget)
    if level == "previous":
        return previous_level(game, budget)
    return player_of(BUILTIN.plugin(game), level, budget)


def previous_level(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The search player as it was before issue 35 (``bench.previous_search``), at the
    bot's budget of then (240 rollouts, a 50 ms cap, now of CPU), ``budget``'s rollouts."""
    return previous_player(game, replace(PREVIOUS_BUDGET, rollouts=budget.rollouts))


def last_seat(situation: Situation, chosen: Any, tally: Counter[str]) -> None:
    """Count the last-seat outcomes of ``chosen`` (see the module docstring)."""
    view = situation.view
    trick = read_trick(view)
    if situation.phase != "play" or len(trick) != situation.players - 1:
        return
    trump = suit_index(view.get("trump"))
    if trump is None or view.get("call") or any(c is None for _, c in trick):
        return
    plays = [(a, CARD_OF.get(a.value)) for a in situation.legal if a.kind == "play"]
    if len(plays) < 2 or any(c is None for _, c in plays) or chosen.kind != "play":
        return
    profile = PROFILES.get(situation.game, DEFAULT_PROFILE)
    strength, points = profile.order.strength, profile.points
    cards = [c for _, c in trick if c is not None]
    ours = {situation.seat, *situation.partners}
    leader = trick[trick_winner_index(cards, trump, strength)][0]
    mine = {a: c for a, c in plays if c is not None}

    def takes(card: int) -> bool:
        return trick_winner_index([*cards, card], trump, strength) == len(cards)

    tally["last_seat"] += 1
    if leader in ours:
        tally["partner_wins"] += 1
        if takes(mine[chosen]) and not all(takes(c) for c in mine.values()):
            tally["cut"] += 1
        return
    winners = [c for c in mine.values() if takes(c)]
    if not winners:
        tally["cannot_win"] += 1
        if points[mine[chosen]] > min(points[c] for c in mine.values()):
            tally["throw"] += 1
        return
    if sum(points[c] for c in cards) > 0 or not any(points):
        tally["can_win"] += 1
        if not takes(mine[chosen]):
            tally["lost"] += 1


def hand_of(match: Any, seat: int) -> list[int]:
    """A seat's real cards (the judge's view: the benchmark, never a player, reads it)."""
    zones = match.card_zones()
    # Thunee names its zones "hand:0", 304 and Nigerian "hand0": reading only the latter
    # left every Thunee hand empty, so every trick a partner was winning counted as sure
    held = zones.get(f"hand{seat}") or zones.get(f"hand:{seat}") or []
    cards = [CARD_OF.get(f"{c}") for c in held]
    if match.spec.name == "thunee" and getattr(match, "tm", None) == seat:
        trump_card = getattr(match, "trump_card", None)
        if trump_card is not None and trump_card in match.hands[seat]:
            cards.append(trump_card)
    return [c for c in cards if c is not None]


def sure_trick(match: Any, situation: Situation, chosen: Any, tally: Counter[str]) -> None:
    """Count a take-over of a trick the partner was sure to win (see the module doc)."""
    view = situation.view
    trick = read_trick(view)
    if situation.phase != "play" or not trick or any(c is None for _, c in trick):
        return
    if situation.game == "304":
        # judged once the trump is revealed (T3-9.2, T3-10.5; the indicator is then in
        # the trumper's hand), on the match's real trump: the view names it only then, and
        # a hidden trump plays face down (T3-11); not with a Caps call open (the caller's
        # stated order plays itself, ED-28)
        if not match.revealed or match.trump < 0 or match.calls:
            return
        trump: int | None = match.trump
    else:
        trump = suit_index(view.get("trump"))
        if trump is None or view.get("call") or view.get("contract"):
            return
    plays = [(a, CARD_OF.get(a.value)) for a in situation.legal if a.kind == "play"]
    if len(plays) < 2 or any(c is None for _, c in plays) or chosen.kind != "play":
        return
    profile = PROFILES.get(situation.game, DEFAULT_PROFILE)
    strength = profile.order.strength
    cards = [c for _, c in trick if c is not None]
    best = trick_winner_index(cards, trump, strength)
    if trick[best][0] not in situation.partners:
        return
    winning = cards[best]
    led = cards[0] // 13
    played = {s for s, _ in trick}
    for s in range(situation.players):
        if s in played or s == situation.seat or s in situation.partners:
            continue
        hand = hand_of(match, s)
        follow = [c for c in hand if c // 13 == led] or hand
        if any(trick_winner_index([winning, c], trump, strength) == 1 for c in follow):
            return  # an opponent still to play could beat it: not sure
    mine = {a: c for a, c in plays if c is not None}

    def takes(card: int) -> bool:
        return trick_winner_index([*cards, card], trump, strength) == len(cards)

    if all(takes(c) for c in mine.values()):
        return
    tally["sure"] += 1
    tally["overtook"] += takes(mine[chosen])


def count_contract(
    game: str, data: dict[str, Any], team: tuple[int, ...], tally: Counter[str]
) -> None:
    """304: a played hand's contract, if ``team`` won the auction (``contracts``), and
    whether it was made (``made``)."""
    if game == "304" and data.get("outcome") == "played" and data.get("trumper") in team:
        tally["contracts"] += 1
        tally["made"] += bool(data.get("made"))


def count_caps(data: dict[str, Any], team: int, called: bool, tally: Counter[str]) -> None:
    """304: a played hand's Caps outcome for ``team`` (T3-16.9), split by what the team
    did: a call it made that failed (``caps_failed``: Wrong Caps too early, impossible or
    too late, or a trick lost after the call, T3-16.6/16.7 (a), (b), (d)) out of its
    calls (``caps_calls``), and a duty it never called (``caps_missed``, T3-16.7 (c)).
    ``calls failed`` counts every Wrong Caps (a missed duty too) and no lost call."""
    outcome = str((data.get("caps") or {}).get(str(team), "none"))
    if called:
        tally["caps_calls"] += 1
        tally["caps_failed"] += outcome in ("wrong", "lost")
    elif outcome == "wrong":
        tally["caps_missed"] += 1


def play(
    game: str, seed: int, team: int, level: ComputerPlayer, other: ComputerPlayer
) -> tuple[Counter[str], list[tuple[float, float]]]:
    spec = BUILTIN.plugin(game).spec
    players = 4
    teams = spec.teams(players)
    assert teams is not None
    seats = {s: (level if s in teams[team] else other) for s in range(players)}
    match = spec.new_match(players, None, seed=seed)
    tally: Counter[str] = Counter()
    high_bidder = [-1]
    called = [False]  # the level's team called Caps in this hand

    def note(events: list[Any]) -> None:
        for event in events:
            data = event.data
            if event.kind == "hand_scored":
                count_contract(game, data, teams[team], tally)
                winners = data.get("winners") or []
                bid = data.get("bid")
                ours = isinstance(bid, dict) and bid.get("seat") in teams[team]
                played = data.get("outcome") not in ("annulled", None)
                if game == "thunee" and ours and played and not data.get("contract"):
                    assert isinstance(bid, dict)
                    tally["bids_won"] += 1
                    tally["bids_lost"] += bool(winners) and bid["seat"] not in winners
                contract = data.get("contract")
                if isinstance(contract, dict) and contract.get("caller") in teams[team]:
                    tally["calls"] += 1
                    tally["failed_calls"] += contract["caller"] not in winners
                call = data.get("call")
                if isinstance(call, dict) and call.get("seat") in teams[team]:
                    tally["calls"] += 1
                    tally["failed_calls"] += call.get("seat") not in (data.get("winners") or [])
                caps = data.get("caps") or {}
                if isinstance(caps, dict) and "wrong" in str(caps.get(str(team), "")):
                    tally["failed_calls"] += 1
                if game == "304":
                    count_caps(data, team, called[0], tally)
                called[0] = False
            elif event.kind == "caps_called" and data.get("seat") in teams[team]:
                tally["calls"] += 1
                called[0] = True

    def chose(situation: Situation, action: Action) -> None:
        last_seat(situation, action, tally)
        sure_trick(match, situation, action, tally)
        if action.kind == "bid":
            tally["bids"] += 1
            tally["over_partner"] += high_bidder[0] in situation.partners

    hands = [0]

    def applied(seat: int, action: Action, events: list[Any]) -> None:
        note(events)
        if action.kind == "bid":
            high_bidder[0] = seat
        if len(match.hand_results) != hands[0]:
            hands[0] = len(match.hand_results)
            high_bidder[0] = -1  # a new hand, a new auction

    times = play_timed(game, match, seats, teams, seed, level, chose=chose, applied=applied)
    return tally, times


def rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else "0/0"


def interval(part: int, whole: int) -> str:
    """``part/whole`` as a percentage with its 95% Wilson interval."""
    if not whole:
        return "0/0"
    z = 1.96
    p = part / whole
    centre = (p + z * z / (2 * whole)) / (1 + z * z / whole)
    half = z * math.sqrt(p * (1 - p) / whole + z * z / (4 * whole * whole)) / (1 + z * z / whole)
    return (
        f"{part}/{whole} {100 * p:.1f}% [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--levels", default="beginner,club,expert,raw")
    parser.add_argument("--opponent", default="beginner")
    parser.add_argument("--rollouts", type=int, default=SearchBudget().rollouts)
    parser.add_argument("--cap-ms", type=float, default=SearchBudget().time_cap_ms)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    budget = SearchBudget(rollouts=args.rollouts, time_cap_ms=args.cap_ms)
    print(
        f"{args.matches} matches per level (paired deals), vs {args.opponent}; budget "
        f"{budget.rollouts} rollouts, CPU cap {budget.time_cap_ms:g} ms; "
        f"load {os.getloadavg()[0]:.1f}"
    )
    for game in args.games or DEFAULT_GAMES:
        other = level_player(game, args.opponent, budget)
        rates: list[tuple[str, Counter[str]]] = []
        for name in args.levels.split(","):
            level = level_player(game, name, budget)
            tally: Counter[str] = Counter()
            times: list[tuple[float, float]] = []
            started = time.perf_counter()
            for i in range(args.matches):
                t, ts = play(game, args.seed + i // 2, i % 2, level, other)
                tally.update(t)
                times.extend(ts)
            wall = [w for w, _ in times]
            cpu = [c for _, c in times]
            ms = 1000.0
            line = (
                f"{game:>15} {name:>8}: {len(times)} decisions; wall p50 "
                f"{ms * percentile(wall, 0.5):.1f} p99 {ms * percentile(wall, 0.99):.1f} max "
                f"{ms * max(wall, default=0):.1f} ms; CPU p50 {ms * percentile(cpu, 0.5):.1f} "
                f"p99 {ms * percentile(cpu, 0.99):.1f} max {ms * max(cpu, default=0):.1f} ms; "
                f"last seat {tally['last_seat']}: cut {rate(tally['cut'], tally['partner_wins'])},"
                f" throw {rate(tally['throw'], tally['cannot_win'])}, "
                f"lost {rate(tally['lost'], tally['can_win'])}"
            )
            line += f"; overtook sure {rate(tally['overtook'], tally['sure'])}"
            line += f"; over partner {rate(tally['over_partner'], tally['bids'])}"
            if game == "304":
                line += f"; contracts made {rate(tally['made'], tally['contracts'])}"
                line += (
                    f"; Caps calls failed {rate(tally['caps_failed'], tally['caps_calls'])}"
                    f", duties missed {tally['caps_missed']}"
                )
            if game == "thunee":
                line += f"; bids lost {rate(tally['bids_lost'], tally['bids_won'])}"
            line += f"; calls failed {rate(tally['failed_calls'], tally['calls'])}"
            rates.append((name, tally))
            line += f"; {time.perf_counter() - started:.0f} s; load {os.getloadavg()[0]:.1f}"
            print(line, flush=True)
        print(
            f"{game:>15} partner blunders, same deals: "
            + "; ".join(
                f"{name} cut {interval(t['cut'], t['partner_wins'])}, overtook sure "
                f"{interval(t['overtook'], t['sure'])}, over partner "
                f"{interval(t['over_partner'], t['bids'])}, calls failed "
                f"{interval(t['failed_calls'], t['calls'])}"
                + (
                    f", contracts made {interval(t['made'], t['contracts'])}, Caps calls "
                    f"failed {interval(t['caps_failed'], t['caps_calls'])}, duties missed "
                    f"{t['caps_missed']}"
                    if game == "304"
                    else ""
                )
                + (
                    f", bids lost {interval(t['bids_lost'], t['bids_won'])}"
                    if game == "thunee"
                    else ""
                )
                for name, t in rates
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()

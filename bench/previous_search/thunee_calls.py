# players/search/thunee_calls.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""Thunee decisions before the card play, decided by simulating the hand (issue 13).

For the trumper's choice (TH-7), a bid or a pass (TH-9) and the Thunee window (TH-12.8:
Thunee, Royals, Moenie or pass), every candidate becomes one or more *setups*: who makes
trump, with which suit, for which bid, or who leads a contract with which first card.
Each setup is played out (``thunee_playout``) on the same sampled deals (``DealWorlds``:
the unseen cards, the seat's own cards still to come included) and the candidate is worth
its best setup's mean in balls: a bid is worth what the seat makes of it with the trump
it would then choose, a Thunee what it makes of its best first lead. The decision is
myopic: the other seats are assumed to let it stand (no later bid, no other call).

A Thunee-type call must beat passing by ``CONTRACT_MARGIN`` balls: the playouts see the
defenders' cards, so they misjudge a contract's risk more than an ordinary hand's.

Jodis (TH-14) are declared whenever the seat holds them: a declared Jodi only adds to the
team's count (TH-24) and only raises the opponents' Khanuck count (TH-16.4); no rule makes
one cost anything. In challenge mode (TH-28.2d) only Jodis really held are declared.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from bench.previous_search.budget import SearchBudget
from bench.previous_search.player import SearchStats, mean_over_worlds
from bench.previous_search.thunee_playout import (
    CALL_MARGIN_SCALE,
    MARGIN_SCALE,
    Facts,
    World,
    playout,
)
from bench.previous_search.thunee_worlds import (
    ROYALS,
    DealWorlds,
    annul_applies,
    balls_needed,
    contract_balls,
    longest_suit,
)
from players.base import Situation
from rules.cards import SUITS, Card, parse_card
from rules.contract import Action
from rules.thunee.cardplay import NORMAL_STRENGTH, ROYALS_STRENGTH, jodi_value
from rules.thunee.dealing import HAND_SIZE
from rules.tricks import SUIT_OF

CONTRACT_MARGIN = 0.5
"""Balls a contract call must gain over passing before the search calls it."""
PREPLAY_PHASES = ("trump", "bidding", "calls")


@dataclass(frozen=True, slots=True)
class Setup:
    """One way the hand may be played after a candidate action."""

    tm: int
    trump: int | None
    """The trump suit when known; ``None``: ``rule`` says how a world fixes it."""
    rule: str = "known"
    """``known``, ``tm_longest`` (TM's face-down card: his longest first-batch suit),
    ``tm_last`` (TH-7.2b: the suit of TM's last card), ``first_lead`` (a contract)."""
    high_bid: int = 0
    made_bid: bool = False
    caller: int | None = None
    kind: str | None = None
    first: Card | None = None


def preplay_choice(
    situation: Situation, budget: SearchBudget, rng: random.Random, stats: SearchStats
) -> Action | None:
    """The best action of a trumper's choice, bid or Thunee window; ``None`` to leave it
    to the heuristic."""
    plan = _candidates(situation)
    if plan is None or len(plan) < 2:
        return None
    worlds = DealWorlds(situation)
    base = _base_facts(situation, any(a.kind == "call" for a, _, _ in plan))
    first_batch = worlds.first_batch
    setups = [s for _, ss, _ in plan for s in ss]
    if not setups:
        return None
    start = time.thread_time()
    cap = budget.time_cap_ms / 1000.0 if budget.time_cap_ms > 0 else None
    rounds = max(1, budget.rollouts // len(setups))
    team = situation.seat % 2

    def score(sampled: Any, i: int, playout_rng: random.Random) -> float:
        hands, extra = sampled
        setup = setups[i]
        facts, world = _setup_world(base, setup, hands, extra, first_batch, rng)
        return playout(facts, world, setup.first, team, playout_rng)

    means = mean_over_worlds(
        worlds.sample, score, len(setups), rounds, rng, start, cap, stats, first_world_whole=True
    )
    if means is None:
        return None
    best: Action | None = None
    best_value = float("-inf")
    i = 0
    for action, ss, bonus in plan:
        value = (max(means[i : i + len(ss)]) if ss else 0.0) + bonus
        i += len(ss)
        if value > best_value:
            best, best_value = action, value
    return best


Plan = list[tuple[Action, list[Setup], float]]
"""Each candidate action, its setups (worth the best one) and a bonus added to its value
(``-CONTRACT_MARGIN`` for contract calls; a redeal has no setups and is worth 0)."""


def _candidates(situation: Situation) -> Plan | None:
    view = situation.view
    seat = situation.seat
    phase = situation.phase
    legal = situation.legal
    hand = [parse_card(c) for c in view["hand"]]
    if "trump_card" in view:
        hand.append(parse_card(view["trump_card"]))
    high = view["high_bid"] or 0
    made = view["high_bidder"] is not None
    if phase == "trump":
        return _trump_plan(legal, seat, high, made)
    if phase == "bidding" and not view.get("blind_bid"):
        bids = [a for a in legal if a.kind == "bid"]
        passes = [a for a in legal if a.kind == "pass"]
        if len(bids) != 1 or len(passes) != 1:
            return None
        value = int(bids[0].value)
        suits = sorted({SUIT_OF[c] for c in hand})
        mine = [Setup(seat, s, high_bid=value, made_bid=True) for s in suits]
        return [(bids[0], mine, 0.0), (passes[0], [_standing(view, seat)], 0.0)]
    if phase == "calls":
        plan: Plan = []
        for action in legal:
            if action.kind == "pass":
                plan.append((action, [_standing(view, seat)], 0.0))
            elif action.kind == "call" and action.value in ("thunee", "royals", "moenie"):
                firsts = sorted(set(hand))
                calls = [
                    Setup(seat, None, "first_lead", caller=seat, kind=action.value, first=c)
                    for c in firsts
                ]
                plan.append((action, calls, -CONTRACT_MARGIN))
            else:
                return None
        return plan
    return None


def _trump_plan(legal: list[Action], seat: int, high: int, made: bool) -> Plan | None:
    """One candidate per suit (its weakest card laid face down), last card, redeal."""
    plan: Plan = []
    by_suit: dict[int, Action] = {}
    for action in legal:
        if action.kind == "trump":
            card = parse_card(action.value)
            suit = SUIT_OF[card]
            kept = by_suit.get(suit)
            if kept is None or NORMAL_STRENGTH[card] < NORMAL_STRENGTH[parse_card(kept.value)]:
                by_suit[suit] = action
        elif action.kind == "last_card":
            plan.append((action, [Setup(seat, None, "tm_last", high, made)], 0.0))
        elif action.kind == "redeal":
            plan.append((action, [], 0.0))  # TH-8.2: nothing scored
        else:
            return None
    for suit, action in sorted(by_suit.items()):
        plan.insert(0, (action, [Setup(seat, suit, "known", high, made)], 0.0))
    return plan


def _standing(view: dict[str, Any], seat: int) -> Setup:
    """The hand as it stands if nobody else bids or calls."""
    high = view["high_bid"] or 0
    bidder = view["high_bidder"]
    if bidder is not None and view["trump_maker"] is None:
        return Setup(bidder, None, "tm_longest", high, True)  # he will choose trump
    tm = view["trump_maker"] if view["trump_maker"] is not None else view["trumper"]
    trump = view["trump"]
    if tm == seat and trump is not None:
        return Setup(tm, SUITS.index(trump), "known", high, bidder is not None)
    rule = "tm_last" if view["trump_choice"] == "last_card" else "tm_longest"
    return Setup(tm, None, rule, high, bidder is not None)


def _base_facts(situation: Situation, calls: bool) -> tuple[Facts, Any]:
    view = situation.view
    n = int(view["players"])
    options = situation.options
    facts = Facts(
        n=n,
        strength=NORMAL_STRENGTH,
        total=HAND_SIZE[n] * (2 if n == 2 else 1),
        half=HAND_SIZE[n],
        turn=0,
        tm=None,
        blind_bid=bool(view.get("blind_bid")),
        count_target=125 if n == 2 else 105,
        need=balls_needed(view, options),
        khanuck_formula=getattr(options, "khanuck_formula", "standard"),
        face_up="rows" in view,
        jodis="rows" not in view,
        annul=annul_applies(n, None, options),
        margin_scale=CALL_MARGIN_SCALE if calls else MARGIN_SCALE,
    )
    return facts, options


def _setup_world(
    base: tuple[Facts, Any],
    setup: Setup,
    hands: list[list[Card]],
    extra: list[list[Card]] | None,
    first_batch: int,
    rng: random.Random,
) -> tuple[Facts, World]:
    """The facts and world of one setup on one sampled deal (play not yet begun)."""
    facts, options = base
    n = facts.n
    world = World(hands=hands, trump=setup.trump)
    if setup.caller is not None:
        success, catch = contract_balls(setup.kind, options)
        size = HAND_SIZE[n]
        f = replace(
            facts,
            strength=ROYALS_STRENGTH if setup.kind in ROYALS else NORMAL_STRENGTH,
            total=size,
            half=size,
            turn=setup.caller,
            tm=setup.caller,
            caller=setup.caller,
            kind=setup.kind,
            jodis=False,
            annul=annul_applies(n, setup.kind, options),
            contract_balls=success,
            partner_catch_balls=catch,
        )
        world.trump = None
        return f, world
    f = replace(
        facts,
        turn=(setup.tm + 1) % n,
        tm=setup.tm,
        high_bid=setup.high_bid,
        made_bid=setup.made_bid,
    )
    if setup.rule == "tm_longest":
        world.trump = longest_suit(hands[setup.tm][:first_batch], rng)
    elif setup.rule == "tm_last":
        world.trump = SUIT_OF[hands[setup.tm][-1]]
    if extra is not None:
        if facts.face_up:
            world.rows = extra
        else:
            world.later = extra
    return f, world


def declare_jodi(situation: Situation) -> Action | None:
    """TH-14: declare the most valuable Jodi the seat holds (suit kept secret); pass when
    it holds none. Strict mode offers only Jodis held; challenge mode offers any, and only
    held ones are declared (TH-28.2d)."""
    jodis = [a for a in situation.legal if a.kind == "jodi" and not a.value.endswith(":shown")]
    passes = [a for a in situation.legal if a.kind == "pass"]
    if getattr(situation.options, "penalty_mode", "strict") == "challenge" and "rows" not in (
        situation.view
    ):
        held = _held_for_jodi(situation)
        trump = situation.view["trump"]
        trump_suit = SUITS.index(trump) if trump else None
        jodis = [
            a
            for a in jodis
            if jodi_value(held, SUITS.index(a.value[0]), trump_suit) == int(a.value.split(":")[1])
        ]
    if jodis:
        return max(jodis, key=lambda a: int(a.value.split(":")[1]))
    return passes[0] if passes else None


def _held_for_jodi(situation: Situation) -> list[Card]:
    """TH-14.5: the cards in hand, or (``dealt``) every card received this hand."""
    view = situation.view
    held = [parse_card(c) for c in view["hand"]]
    if getattr(situation.options, "jodi_hold_rule", "in_hand") == "dealt":
        seat = situation.seat
        held += [parse_card(c) for past in view["tricks"] for s, c in past["plays"] if s == seat]
        held += [parse_card(c) for s, c in view["trick"] if s == seat]
    return held

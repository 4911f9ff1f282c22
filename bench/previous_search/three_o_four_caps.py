# players/search/three_o_four_caps.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""Caps for the 304 search player: is the seat certain (ED-27) of winning every trick?

The seat's knowledge K(p, k) is read from its view (``played``, its hand and indicator,
``revealed_indicator``, ``cards_in_hand``), in the same terms as the engine's own Caps
judge (``rules.three_o_four.caps.Knowledge``), and handed to the engine's certainty
search (``Solver``). Mirroring the judge exactly matters: a call is judged sound on that
knowledge, so the player calls when, and only when, the judge would find it certain
(the duty of T3-16.4; a missed duty is Wrong Caps, as is an early call).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bench.previous_search.three_o_four import ThreeOFourWorlds
from rules.cards import Card
from rules.three_o_four.caps import (
    ALL_SUITS,
    GREEDY_BUDGET,
    SUIT,
    THRIFTY,
    CapsJudge,
    Knowledge,
    OutOfBudget,
    PositionTable,
    Solver,
    State,
)
from rules.tricks import SUIT_OF

if TYPE_CHECKING:
    pass

CALL_BUDGET = 2000
"""Adversary positions explored before the answer is "not certain" (the judge's own)."""
REFUTING_WORLDS = 6
"""Sampled worlds tried for a quick refutation before the full certainty search."""
REFUTING_BUDGET = 400
"""Positions for the search in one known world (past it that world refutes nothing)."""


def knowledge(worlds: ThreeOFourWorlds) -> Knowledge:
    """K(p, k) at the current call point (the seat's turn, or another seat's when it is
    asked off turn), from what ``worlds`` read of its view."""
    rules = worlds.rules
    p = worlds.seat
    trumper = rules.trumper
    history = worlds.history
    per = rules.per_trick
    players = worlds.players
    k = len(history)
    trump_known = worlds.trump is not None
    hand = list(worlds.hand)
    if p == trumper and worlds.indicator_down and worlds.own_indicator is not None:
        hand.append(worlds.own_indicator)
    seen: set[Card] = set(hand)
    for _, card, _, _ in history:
        if card is not None:
            seen.add(card)
    # Once revealed (open trump too, T3-9.2) the indicator is a known card of the trumper
    # until he plays it, from the table or from his hand.
    shown = worlds.revealed_indicator
    indicator_played = (
        any(src == 1 for _, _, _, src in history)
        or (not worlds.indicator_down and shown is None)
        or (shown is not None and any(s == trumper and c == shown for s, c, _, _ in history))
    )
    known: list[frozenset[Card]] = [frozenset()] * players
    free = [0] * players
    must = [0] * players
    for s in rules.active:
        if s == p:
            continue
        size = worlds.sizes[s]
        if s == trumper and worlds.indicator_down:
            size += 1  # the face-down indicator is one of his cards
        if s == trumper and not indicator_played:
            if trump_known and shown is not None:
                known[s] = frozenset({shown})
                seen.add(shown)
                size -= 1
            elif not trump_known:
                must[s] = 1
                size -= 1
        free[s] = size
    voids = [0] * players
    hidden_slots: list[tuple[int, int]] = []
    trick: list[tuple[int, Card | None, int]] = []
    start = k - k % per
    for i, (seat, card, _down, src) in enumerate(history):
        lead = history[i - i % per][1]
        assert lead is not None
        led = SUIT[lead]
        if i % per and src == 0 and (card is None or SUIT[card] != led):
            voids[seat] |= 1 << led
        if i >= start:
            if card is not None:
                trick.append((seat, card, 0))
            elif src == 1:
                trick.append((seat, None, -1))
            else:
                trick.append((seat, None, ALL_SUITS & ~(1 << led)))
        elif card is None:
            hidden_slots.append((led, src))
    unknown = frozenset(c for c in worlds.deck if c not in seen)
    return Knowledge(
        seat=p,
        hand=hand,
        trick=trick,
        to_play=worlds.to_play,
        unknown=unknown,
        free=free,
        must_trump=must,
        known=known,
        voids=voids,
        hidden_slots=hidden_slots,
        tricks_left=rules.n_tricks - k // per,
        trumps=[worlds.trump] if worlds.trump is not None else [0, 1, 2, 3],
    )


def refuted(
    worlds: ThreeOFourWorlds, kn: Knowledge, rng: random.Random, samples: int = REFUTING_WORLDS
) -> bool:
    """Quick refutations in a few sampled worlds (each one a world the seat thinks
    possible, as the judge's real deal is), cheapest first: the other team holds the
    highest trump still out, above any in the trick in progress (it wins whichever later
    trick it falls in); a plain line of play
    beats every order of the seat's cards (the judge's greedy test); no order wins even
    with every holding known."""
    rules = worlds.rules
    team = worlds.seat % 2
    strength = rules.strength
    actuals: list[tuple[Knowledge, int]] = []
    for _ in range(samples):
        pos = worlds.sample(rng)
        trump = pos.trump
        holdings = [list(h) for h in pos.hands]
        if pos.indicator is not None:
            holdings[rules.trumper].append(pos.indicator)
        best, holder = -1, -1
        for s in rules.active:
            for c in holdings[s]:
                if SUIT[c] == trump and strength[c] > best:
                    best, holder = strength[c], s
        on_table = max((strength[c] for _, c, _, _ in pos.trick if SUIT[c] == trump), default=-1)
        if holder >= 0 and holder % 2 != team and best > on_table:
            return True  # (a higher trump in the trick in progress would beat it there)
        actual = Knowledge(
            seat=kn.seat,
            hand=kn.hand,
            trick=[(seat, card, 0) for seat, card, _, _ in pos.trick],
            to_play=kn.to_play,
            unknown=frozenset(),
            free=[0] * worlds.players,
            must_trump=[0] * worlds.players,
            known=[
                frozenset(holdings[s]) if s != kn.seat and s in rules.active else frozenset()
                for s in range(worlds.players)
            ],
            voids=[0] * worlds.players,
            hidden_slots=[],
            tricks_left=kn.tricks_left,
            trumps=[trump],
        )
        actuals.append((actual, trump))
    judge = _judge(worlds)
    for actual, _ in actuals:
        if judge.plain_lines_refute(actual):
            return True
    for actual, _ in actuals:
        solver = Solver(
            actual, worlds.players, rules.active, strength, REFUTING_BUDGET, restricted=True
        )
        try:
            if solver.run() is None:
                return True
        except OutOfBudget:
            continue  # undecided here: the full search decides
    return False


def _judge(worlds: ThreeOFourWorlds) -> CapsJudge:
    """A judge of single positions at this table (it has no hand record to read)."""
    active = worlds.rules.active
    sitting_out = frozenset(s for s in range(worlds.players) if s not in active)
    return CapsJudge(None, PositionTable(worlds.players, sitting_out, worlds.layout))


def opponents_may_hold_top_trump(worlds: ThreeOFourWorlds) -> bool:
    """A cheap screen before ``certain_order`` (no sampling): the seat knows trump and
    the highest trump outside its hand, above every trump in the trick in progress, is
    known to be with an opponent or unseen while an opponent's hand may take it (not
    void in trump, room left). An opponent holding it wins a trick with it sooner or
    later, so the seat is not certain; but "may take it" ignores how the other unseen
    cards must fit, so in rare squeezed deals the screen says "maybe" where the judge
    finds certainty (exact players skip it). Unknown trump counts as "maybe"."""
    trump = worlds.trump
    if trump is None:
        return True
    strength = worlds.rules.strength
    team = worlds.seat % 2
    mine = list(worlds.hand)
    if worlds.own_indicator is not None and worlds.indicator_down:
        mine.append(worlds.own_indicator)
    per = worlds.rules.per_trick
    history = worlds.history
    current = history[len(history) - len(history) % per :]
    ours = max(
        (strength[c] for c in [*mine, *(p[1] for p in current if p[1] is not None)]
         if SUIT_OF[c] == trump),
        default=-1,
    )  # fmt: skip
    best, holder = -1, -1
    for s, cards in worlds.known.items():
        for c in cards:
            if SUIT_OF[c] == trump and strength[c] > best:
                best, holder = strength[c], s
    top_unseen = max(
        (c for c in worlds.unseen if SUIT_OF[c] == trump), key=lambda c: strength[c], default=-1
    )
    if top_unseen >= 0 and strength[top_unseen] > best:
        if strength[top_unseen] <= ours:
            return False
        return any(
            zone.size > 0 and zone.accepts(top_unseen) and int(zone.name[4:]) % 2 != team
            for zone in worlds.zones
            if zone.name.startswith("hand")
        )
    return best > ours and holder % 2 != team


def cashing_order(worlds: ThreeOFourWorlds, kn: Knowledge | None = None) -> list[Card] | None:
    """The judge's quick proof alone (no search): on lead, knowing trump, an order that
    cashes top cards (``CapsJudge.cashing_order``); ``None`` proves nothing."""
    kn = kn or knowledge(worlds)
    if kn.tricks_left <= 0 or len(kn.trumps) != 1:
        return None
    return _judge(worlds).cashing_order(kn)


def certain_order(
    worlds: ThreeOFourWorlds,
    rng: random.Random,
    budget: int = CALL_BUDGET,
    samples: int = REFUTING_WORLDS,
) -> list[Card] | None:
    """An order of the seat's cards that wins every remaining trick in every world it
    thinks possible (ED-27), or ``None`` (also when the search runs out of ``budget``;
    ``samples``: worlds for the quick refutations, which change no answer, only time)."""
    kn = knowledge(worlds)
    if kn.tricks_left <= 0:
        return None
    # the judge's quick proof first: it finds certainty where the search would run out
    # of nodes (and the judge would then charge a missed duty)
    cashing = cashing_order(worlds, kn)
    if cashing is not None:
        return cashing
    if refuted(worlds, kn, rng, samples):
        return None
    rules = worlds.rules
    initial: list[set[State]] = []  # listed once for the refutations and the search
    solver = Solver(
        kn, worlds.players, rules.active, rules.strength, budget, shared_initial=initial
    )
    # The judge's own refutations before the full search (each says "not certain" only
    # where the search would find no order or run out of nodes: no answer changes).
    if solver.too_many_initial_states():
        return None
    judge = _judge(worlds)
    if (
        judge.refuted_in_some_world(solver)
        or judge.refuted_in_a_strong_world(solver)
        or judge.thin_refutes(kn, THRIFTY, GREEDY_BUDGET, shared_initial=initial)
        or judge.thin_refutes(kn, 1, GREEDY_BUDGET, shared_initial=initial)
    ):
        return None
    try:
        return solver.run()
    except OutOfBudget:
        return None

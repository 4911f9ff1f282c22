"""What the Caps judge reads from a hand's record, against the first implementations, kept
here as references: the stretches in which a member may become certain (his turns found by
the seat order of each trick, not by reading every play), the trumps an opponent holds
that the team cannot each beat (on place masks, not on a list of the deal's trumps), the
plain adversary's line against a stated order (``greedy_refutes_order``), the strong
worlds the plain adversaries play in and the facts of a quick proof of soundness."""

from __future__ import annotations

import random

from rules.cards import Card
from rules.three_o_four.caps import SUIT, CapsJudge, Knowledge, Solver, State
from rules.three_o_four.caps_search import _set
from rules.three_o_four.card_power import card_powers, trick_winner
from tests.rules.three_o_four.helpers import call_points


def _stretches_from_plays(judge: CapsJudge, member: int, upto: int) -> list[tuple[int, int]]:
    """``_open_stretches`` with the member's turns read off the record, play by play."""
    m = judge.m
    ends = [i for i, record in enumerate(m.history) if record[0] == member and i <= upto]
    if not ends or ends[-1] < upto:
        ends.append(upto)
    out = []
    start = 0
    for plays, end in enumerate(ends):
        if plays >= m.n_tricks or not judge.team_won_all_before(member % 2, start):
            break
        out.append((start, end))
        start = end + 1
    return out


def _trumps_unbeaten_by_card(judge: CapsJudge, team: int, k: int) -> bool:
    """``_trumps_unbeaten`` over the deal's trumps one by one, highest first, with the
    seat each was dealt to and whether it was played before CP(k)."""
    m = judge.m
    trump, strength = m.trump, m.layout.strength
    dealt = [
        (card, s)
        for s in judge.active
        for card in [*m.start_hands[s], *([m.start_indicator] if s == m.trumper else [])]
        if card is not None and SUIT[card] == trump
    ]
    dealt.sort(key=lambda held: -strength[held[0]])
    played = {record[1] for record in m.history[:k]}
    start = k // judge.per_trick * judge.per_trick
    slack = [0] * m.players
    if any(r[0] % 2 == team and SUIT[r[1]] == trump for r in m.history[start:k]):
        for o in judge.active:
            slack[o] = 1
        for r in m.history[start:k]:
            slack[r[0]] = 0
    above = 0
    for card, holder in dealt:
        if card in played:
            continue
        if holder % 2 == team:
            above += 1
        else:
            slack[holder] -= 1
            if slack[holder] + above < 0:
                return True
    return False


def test_t3_16_4_stretches_and_unbeaten_trumps_read_from_the_record_as_play_by_play() -> None:
    compared = unbeaten = 0
    cases = [(4, s) for s in range(30, 34)] + [(6, s) for s in range(40, 44)] + [(8, 50)]
    for _players, _seed, _match, judge, k, p in call_points(cases, every_seat=True):
        for upto in range(k + 1):
            expected = _stretches_from_plays(judge, p, upto)
            assert judge._open_stretches(p, upto) == expected, (_players, _seed, p, k, upto)
        for team in (0, 1):
            expected_unbeaten = _trumps_unbeaten_by_card(judge, team, k)
            assert judge._trumps_unbeaten(team, k) == expected_unbeaten, (_players, _seed, k)
            unbeaten += expected_unbeaten
            compared += 1
    assert compared > 2000 and 0.1 * compared < unbeaten < 0.9 * compared


def _reference_plain_pick(
    cards: list[Card],
    pw: tuple[int, ...],
    plays: tuple[tuple[int, Card], ...],
    partner: bool,
    thrifty: bool,
) -> Card:
    if partner or (thrifty and plays):
        if thrifty and not partner:
            top = max(pw[c] for _, c in plays)
            takers = [c for c in cards if pw[c] >= 100 and pw[c] > top]
            if takers:
                cards = takers
        pick = cards[0]
        for c in cards:
            if pw[c] < pw[pick]:
                pick = c
        return pick
    pick = cards[0]
    for c in cards:
        if pw[c] > pw[pick]:
            pick = c
    return pick


def _reference_greedy_refutes_order(
    judge: CapsJudge, kn: Knowledge, order: list[Card], thrifty: bool
) -> bool:
    """``greedy_refutes_order`` as first written: the trick as a tuple of plays, each
    seat's legal cards listed from its set (its order breaks ties of powers)."""
    p = kn.seat
    if kn.tricks_left <= 0:
        return False
    if sorted(order) != sorted(kn.hand):
        return True
    plays = tuple((seat, card) for seat, card, _ in kn.trick if card is not None)
    if len(plays) != len(kn.trick):
        return False
    power = card_powers(kn.trumps[0], judge.strength)
    team = p % 2
    active, per = judge.active, judge.per_trick
    after = {s: active[(i + 1) % per] for i, s in enumerate(active)}
    held = [set(kn.hand) if s == p else set(kn.known[s]) for s in range(judge.players)]
    seat, left, i = kn.to_play, kn.tricks_left, 0
    while True:
        if len(plays) == per:
            best_seat = trick_winner(plays, power)
            if best_seat % 2 != team:
                return True
            if left == 1:
                return False
            plays, seat, left = (), best_seat, left - 1
            continue
        led = SUIT[plays[0][1]] if plays else -1
        pw = power[led + 1]
        cards = held[seat]
        if seat == p:
            if i >= len(order):
                return False
            pick = order[i]
            i += 1
            if led >= 0 and SUIT[pick] != led and any(SUIT[c] == led for c in cards):
                return True
        else:
            legal = [c for c in cards if SUIT[c] == led] if led >= 0 else []
            legal = legal or list(cards)
            if not legal:
                return False
            pick = _reference_plain_pick(legal, pw, plays, seat % 2 == team, thrifty)
        cards.discard(pick)
        plays = (*plays, (seat, pick))
        seat = after[seat]


def test_t3_16_5_greedy_order_line_as_first_written() -> None:
    """``greedy_refutes_order`` follows the trick by its best power instead of a tuple of
    plays and picks from each seat's set without listing it: the same answers, in the real
    deal and in the strong worlds, for the default order and shuffled ones (many of them
    not playable, which refutes too)."""
    rng = random.Random(5)
    compared = refuted = 0
    cases = [(4, s) for s in range(60, 63)] + [(6, s) for s in range(70, 73)] + [(8, 80)]
    for _players, _seed, _match, judge, k, p in call_points(cases):
        worlds = [judge.knowledge(p, k, actual=True)]
        worlds += judge.strong_worlds(judge.solver(p, k))
        for kn in worlds:
            orders = [judge.default_order(p, list(kn.hand))]
            orders += [rng.sample(kn.hand, len(kn.hand)) for _ in range(2)]
            for order in orders:
                for thrifty in (False, True):
                    expected = _reference_greedy_refutes_order(judge, kn, order, thrifty)
                    answer = judge.greedy_refutes_order(kn, order, thrifty)
                    assert answer == expected, (_players, _seed, p, k, order, thrifty)
                    compared += 1
                    refuted += expected
    assert refuted > 0.2 * compared and compared - refuted > 1000


def _reference_strong_world(
    judge: CapsJudge, solver: Solver, state: State, long_suits: bool
) -> Knowledge | None:
    """``_strong_world`` as first written: each placement asked of ``solver.fits_counts``."""
    team, p = solver.team, solver.kn.seat
    opponents = [s for s in judge.active if s % 2 != team]
    partners = [s for s in judge.active if s % 2 == team and s != p]
    plays, to_play, pool, free_t, must_t, known, voids, left, trump = state
    free, must = list(free_t), list(must_t)
    held = [set(cards) for cards in known]
    ranked = sorted(
        pool,
        key=lambda c: (SUIT[c] != trump, SUIT[c] if long_suits else 0, -judge.strength[c], c),
    )
    turn = 0
    suit = SUIT[ranked[0]] if ranked else -1
    counts = [0, 0, 0, 0]
    for c in pool:
        counts[SUIT[c]] += 1
    for c in ranked:
        if long_suits and SUIT[c] != suit:
            suit, turn = SUIT[c], (turn + 1) % len(opponents)
        counts[SUIT[c]] -= 1
        counts_left = tuple(counts)
        counts[SUIT[c]] += 1
        seats = [opponents[(turn + j) % len(opponents)] for j in range(len(opponents))]
        for j, seat in enumerate(seats + partners):
            if must[seat] and SUIT[c] == trump:
                slots = must
            elif free[seat] and not voids[seat] >> SUIT[c] & 1:
                slots = free
            else:
                continue
            slots[seat] -= 1
            if solver.trivial or solver.fits_counts(
                counts_left, tuple(free), tuple(must), voids, trump
            ):
                counts[SUIT[c]] -= 1
                held[seat].add(c)
                if j < len(opponents) and not long_suits:
                    turn = (turn + j + 1) % len(opponents)
                break
            slots[seat] += 1
    if any(free) or any(must):
        return None
    return Knowledge(
        seat=p,
        hand=solver.kn.hand,
        trick=[(seat, card, 0) for seat, card in plays],
        to_play=to_play,
        unknown=frozenset(),
        free=[0] * len(free),
        must_trump=[0] * len(must),
        known=[frozenset(cards) for cards in held],
        voids=[0] * len(voids),
        hidden_slots=[],
        tricks_left=left,
        trumps=[trump],
    )


def _fields(kn: Knowledge) -> tuple[object, ...]:
    return (
        kn.seat,
        kn.hand,
        kn.trick,
        kn.to_play,
        kn.unknown,
        kn.free,
        kn.must_trump,
        kn.known,
        kn.voids,
        kn.hidden_slots,
        kn.tricks_left,
        kn.trumps,
    )


def test_ed27_strong_worlds_as_first_written() -> None:
    """``_strong_world`` counts the places left in lane words as it deals (no
    ``fits_counts`` per placement): the same worlds, each seat's cards in the same set
    order (the plain picks of ``greedy_refutes_order`` break ties by it)."""
    compared = built = 0
    cases = [(4, s) for s in range(90, 92)] + [(6, s) for s in range(94, 96)] + [(8, 99)]
    for _players, _seed, _match, judge, k, p in call_points(cases):
        solver = judge.solver(p, k)
        if solver.too_many_initial_states():
            continue
        for state in list(solver.initial_states())[:3]:
            for long_suits in (False, True):
                expected = _reference_strong_world(judge, solver, state, long_suits)
                world = judge._strong_world(solver, state, long_suits)
                compared += 1
                if expected is None:
                    assert world is None
                    continue
                built += 1
                assert world is not None
                assert [list(cards) for cards in world.known] == [
                    list(cards) for cards in expected.known
                ], (_players, _seed, p, k)
                assert _fields(world) == _fields(expected)
    assert built > 0.9 * compared > 1000


def _reference_partner_forced_to_take_last(judge: CapsJudge, kn: Knowledge) -> bool:
    """``_partner_forced_to_take_last`` as first written: each card asked in turn, each
    placement checked by a solver's ``feasible`` on the pool less that card."""
    if any(card is None for _, card, _ in kn.trick):
        return False
    trump = kn.trumps[0]
    strength = judge.strength
    team = kn.seat % 2
    partners = [s for s in judge.active if s % 2 == team and s != kn.seat]
    if not any(kn.free[s] or kn.must_trump[s] for s in partners):
        return False
    solver = Solver(kn, judge.players, judge.active, strength, 0)
    free, must = tuple(kn.free), tuple(kn.must_trump)
    known, voids = tuple(kn.known), tuple(kn.voids)

    def fits(card: Card, seat: int) -> bool:
        rest = kn.unknown - {card}
        if must[seat] and SUIT[card] == trump:
            nm = _set(must, seat, must[seat] - 1)
            if solver.feasible(((), kn.to_play, rest, free, nm, known, voids, 0, trump)):
                return True
        if free[seat] and not voids[seat] >> SUIT[card] & 1:
            nf = _set(free, seat, free[seat] - 1)
            return solver.feasible(((), kn.to_play, rest, nf, must, known, voids, 0, trump))
        return False

    if not solver.feasible(((), kn.to_play, kn.unknown, free, must, known, voids, 0, trump)):
        return False
    opponents = [s for s in judge.active if s % 2 != team]
    threat = max(
        (strength[c] for s in opponents for c in kn.known[s] if SUIT[c] == trump), default=-1
    )
    for c in sorted(kn.unknown, key=lambda c: -strength[c]):
        if SUIT[c] != trump or strength[c] <= threat:
            continue
        if any(fits(c, s) for s in opponents):
            threat = strength[c]
            break
    for s in partners:
        if not (kn.free[s] or kn.must_trump[s]):
            continue
        if not all(SUIT[c] == trump and strength[c] > threat for c in kn.known[s]):
            continue
        if not any(fits(c, s) for c in kn.unknown if SUIT[c] != trump or strength[c] <= threat):
            return True
    return False


def _reference_outside(
    judge: CapsJudge, kn: Knowledge, seats: list[int] | None = None
) -> tuple[list[int], list[int]]:
    best = [-1, -1, -1, -1]
    counts = [0, 0, 0, 0]
    known = kn.known if seats is None else [kn.known[s] for s in seats]
    for c in kn.unknown.union(*known):
        best[SUIT[c]] = max(best[SUIT[c]], judge.strength[c])
        counts[SUIT[c]] += 1
    return best, counts


def test_t3_16_5_proof_facts_as_first_written() -> None:
    """A partner forced to take the last trick is asked per suit of the unknown cards
    (feasibility reads only their suit counts), without a solver, and the outside cards
    are counted without building their union: the same answers at every call point, for
    every seat, with the trump known or not (and with a trump taken as known)."""
    compared = forced = 0
    cases = [(4, s) for s in range(110, 116)] + [(6, s) for s in range(116, 122)] + [(8, 122)]
    for _players, _seed, _match, judge, k, p in call_points(cases, every_seat=True):
        kn = judge.knowledge(p, k)
        if len(kn.trumps) != 1:
            kn = _with_trump(kn, judge.m.trump)
        expected = _reference_partner_forced_to_take_last(judge, kn)
        assert judge._partner_forced_to_take_last(kn) == expected, (_players, _seed, p, k)
        forced += expected
        assert judge._outside(kn) == _reference_outside(judge, kn)
        here = [s for s in judge.active if s % 2 == k % 2]
        assert judge._outside(kn, here) == _reference_outside(judge, kn, here)
        compared += 1
    assert compared > 2000 and forced > 20


def _with_trump(kn: Knowledge, trump: int) -> Knowledge:
    """``kn`` with the trump known (the proof facts are asked only then)."""
    *rest, _trumps = _fields(kn)
    return Knowledge(*rest, [trump])  # type: ignore[arg-type]


def _reference_actual_world(judge: CapsJudge, p: int, k: int) -> Knowledge:
    m = judge.m
    hist = m.history
    played = {hist[i][1] for i in range(k)}
    holdings = [[c for c in judge._dealt(s) if c not in played] for s in range(m.players)]
    start_trick = (k // judge.per_trick) * judge.per_trick
    return Knowledge(
        p,
        holdings[p],
        [(r[0], r[1], 0) for r in hist[start_trick:k]],
        judge._to_play(k),
        frozenset(),
        [0] * m.players,
        [0] * m.players,
        [
            frozenset(holdings[s]) if s != p and s in judge.active else frozenset()
            for s in range(m.players)
        ],
        [0] * m.players,
        [],
        m.n_tricks - k // judge.per_trick,
        [m.trump],
    )


def test_ed27_the_actual_world_as_first_written() -> None:
    """``_actual_world`` reads the played cards as bits: the same world, each seat's cards
    in the same set order (the plain picks of ``greedy_refutes_order`` break ties by it)."""
    compared = 0
    cases = [(4, 130), (6, 131), (6, 132), (8, 133)]
    for _players, _seed, _match, judge, k, p in call_points(cases, every_seat=True):
        world = judge._actual_world(p, k)
        expected = _reference_actual_world(judge, p, k)
        assert _fields(world) == _fields(expected), (_players, _seed, p, k)
        assert [list(cards) for cards in world.known] == [list(c) for c in expected.known]
        compared += 1
    assert compared > 1000

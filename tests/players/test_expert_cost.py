"""The expert's cheaper search (issue 35) decides as before: each shortcut gives what the
work it replaces gave, on the same generator draws.

- a world's rollout seed: one generator seeded per option equals the state copied once a
  world and put back for each option (``mean_over_worlds`` as it was);
- Nigerian auctions (NG-6 throw-in, NG-7 bidding, NG-8 trump): options of a world that
  end the auction alike share one card play, a seat's estimate is worked out once, and
  the generator is seeded only when something is played out; every value equals the
  option scored alone from its own ``random.Random(seed)``;
- ``deal_unseen`` with voids (NG-10.2, TH-21 and ED-style follow-suit voids): the deal
  that only looks for forced moves when the suit counts say one may be equals the deal
  that looked after every card, the generator left in the same state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from players.search import nigerian
from players.search.nigerian import NigerianModel
from players.search.player import SearchStats, mean_over_worlds
from players.search.sampling import NoConsistentDeal, Zone, _forced_moves, deal_unseen, shuffle
from rules.cards import Card
from rules.nigerian_thunee import DECK, PLAYERS, TRICKS
from rules.shuffle import DealRandom
from rules.tricks import SUIT_OF
from tests.players.test_search_cost import worlds_of


def reference_means(
    sample: Callable[[random.Random], Any],
    score: Callable[[Any, int, random.Random], float],
    options: int,
    rounds: int,
    rng: random.Random,
) -> tuple[list[float], list[list[float]]]:
    """``mean_over_worlds`` before issue 35's change (no cap): the seeded state copied
    once a world and put back for each option. Also each world's values."""
    totals = [0.0] * options
    seen: list[list[float]] = []
    for _ in range(rounds):
        world = sample(rng)
        playout_rng = random.Random(rng.getrandbits(64))
        seeded = playout_rng.getstate()
        values = []
        for i in range(options):
            if i:
                playout_rng.setstate(seeded)
            values.append(score(world, i, playout_rng))
        seen.append(values)
        totals = [t + v for t, v in zip(totals, values, strict=True)]
    return [t / rounds for t in totals], seen


def test_options_seeded_each_score_as_with_the_state_put_back() -> None:
    def sample(rng: random.Random) -> list[int]:
        return [rng.randrange(100) for _ in range(3)]

    def score(world: list[int], i: int, rng: random.Random) -> float:
        # draws a different amount per option, as rollouts do
        return sum(rng.random() * w for w in world[: i + 1]) + rng.getrandbits(8)

    for seed in range(40):
        options = 1 + seed % 6
        want, _ = reference_means(sample, score, options, 7, random.Random(seed))
        rng = random.Random(seed)
        stats = SearchStats()
        got = mean_over_worlds(sample, score, options, 7, rng, 0.0, None, stats)
        assert got == want
        assert (stats.worlds, stats.rollouts) == (7, 7 * options)
        # the decision's own generator drew the same (a world and a seed per round)
        again = random.Random(seed)
        reference_means(sample, score, options, 7, again)
        assert rng.getstate() == again.getstate()


def test_nigerian_auction_options_sharing_a_world_score_as_each_alone() -> None:
    """NG-6 to NG-8: a world's options scored one after another with the shared card
    plays and the generator seeded on demand equal each scored alone from a fresh
    ``random.Random(seed)``; and the shared plays are used (some card play is shared)."""
    model = NigerianModel()
    phases: dict[str, int] = {}
    shared_any = 0
    for seed in range(150):
        patched, alone, sit = worlds_of(seed)
        if sit.phase == "play" or len(sit.legal) < 2:
            continue
        team = sit.seat % 2
        for round_ in range(3):
            draw = random.Random(seed * 10 + round_)
            world = patched.sample(draw)
            twin = alone.sample(random.Random(seed * 10 + round_))
            rollout_seed = draw.getrandbits(64)
            plays: dict[Any, Any] = {}
            seeded = 0

            def fresh(rollout_seed: int = rollout_seed) -> random.Random:
                nonlocal seeded
                seeded += 1
                return random.Random(rollout_seed)

            for action in sit.legal:
                got = model.score(world, sit.seat, action, team, fresh, plays)
                want = model.score(twin, sit.seat, action, team, random.Random(rollout_seed))
                assert got == want, (seed, round_, action.id)
                # the world's own generator is drawn as before
                assert world.rng.getstate() == twin.rng.getstate()
            played = sum(1 for key in plays if isinstance(key, tuple))
            assert seeded == played
            if sit.phase == "bidding" and played < len(sit.legal):
                shared_any += 1
            phases[sit.phase] = phases.get(sit.phase, 0) + 1
    assert min(phases.get(p, 0) for p in ("throw_in", "bidding", "trump")) > 10, phases
    assert shared_any > 10


def reference_deal(
    unseen: Sequence[Card], zones: Sequence[Zone], rng: random.Random, attempts: int = 40
) -> dict[str, list[Card]]:
    """``deal_unseen`` with voids before issue 35's change: forced moves looked for
    after every card dealt, ``rng.randrange`` drawn for the zone."""
    assert sum(z.size for z in zones) == len(unseen)
    for _ in range(attempts):
        room = [z.size for z in zones]
        out: list[list[Card]] = [[] for _ in zones]
        remaining = list(unseen)
        shuffle(remaining, rng)
        accept = [tuple(s not in z.void for s in (0, 1, 2, 3, -1)) for z in zones]
        indices = range(len(zones))
        dead = False
        while remaining:
            if not _forced_moves(remaining, accept, room, out):
                dead = True
                break
            if not remaining:
                break
            card = remaining.pop()
            fits = [i for i in indices if room[i] and accept[i][SUIT_OF[card]]]
            if not fits:
                dead = True
                break
            pick = rng.randrange(sum(room[i] for i in fits))
            for i in fits:
                pick -= room[i]
                if pick < 0:
                    break
            out[i].append(card)
            room[i] -= 1
        if not dead:
            return {z.name: out[i] for i, z in enumerate(zones)}
    raise NoConsistentDeal("no deal found that respects the voids shown")


def test_deals_with_voids_equal_the_deal_that_looked_after_every_card() -> None:
    cases = dead_ends = 0
    for seed in range(3000):
        shape = random.Random(seed)
        deck = [c for c in range(53) if SUIT_OF[c] >= 0] + [52] * (seed % 7 == 0)
        unseen = shape.sample(deck, shape.randrange(2, 28))
        sizes = [1] * shape.randrange(2, min(6, len(unseen) + 1))
        for _ in range(len(unseen) - len(sizes)):
            sizes[shape.randrange(len(sizes))] += 1
        zones = [
            Zone(f"z{i}", size, {s for s in range(4) if shape.random() < 0.3})
            for i, size in enumerate(sizes)
        ]
        if not any(z.void for z in zones):
            zones[0].void.add(shape.randrange(4))
        made = DealRandom(seed) if seed % 5 == 0 else random.Random(seed)
        theirs = DealRandom(seed) if seed % 5 == 0 else random.Random(seed)
        try:
            want: dict[str, list[Card]] | None = reference_deal(unseen, zones, theirs)
        except NoConsistentDeal:
            want = None
        try:
            got: dict[str, list[Card]] | None = deal_unseen(unseen, zones, made)
        except NoConsistentDeal:
            got = None
        assert got == want, seed
        assert made.getstate() == theirs.getstate(), seed
        cases += 1
        dead_ends += want is None
    assert cases == 3000 and 0 < dead_ends < 3000


def _play_out_by_the_policy(
    hands: list[list[Card]], trump: int | None, seat: int, rng: random.Random
) -> list[int]:
    """NG-10's card play as ``nigerian._play_out`` plays it, each card chosen by the
    policy's own ``choose_card`` (which ``_play_out`` has inline, for speed)."""
    by_suit, owner = nigerian.suit_lists(hands)
    tricks = [0] * PLAYERS
    trick: list[tuple[int, Card]] = []
    played = 0
    while played < TRICKS:
        hand = hands[seat]
        if trick:
            led = SUIT_OF[trick[0][1]]
            legal = [c for c in hand if SUIT_OF[c] == led] or hand
        elif played == 0:
            legal = [c for c in hand if SUIT_OF[c] != trump] or hand
        else:
            legal = hand
        if len(legal) == 1:
            card = legal[0]
        elif rng.random() < nigerian.EPSILON:
            card = legal[int(rng.random() * len(legal))]
        else:
            card = nigerian.choose_card(by_suit, owner, seat, trick, trump, legal)
        hand.remove(card)
        by_suit[SUIT_OF[card]].remove(card)
        trick.append((seat, card))
        if len(trick) < PLAYERS:
            seat = nigerian.NEXT[seat]
            continue
        led = SUIT_OF[trick[0][1]]
        seat, best = trick[0]
        for s, c in trick[1:]:
            if nigerian.beats(c, best, led, trump):
                seat, best = s, c
        tricks[seat] += 1
        played += 1
        trick = []
    return tricks


def test_the_inline_card_play_is_the_policy_s() -> None:
    """``_play_out`` chooses each card inline; over 3,000 seeded deals (every trump and
    no trump, every leader) it wins the same tricks as the policy's ``choose_card``
    (NG-10)."""
    for seed in range(3000):
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        size = TRICKS
        hands = [deck[s * size : (s + 1) * size] for s in range(PLAYERS)]
        trump = (None, 0, 1, 2, 3)[seed % 5]
        leader = seed % PLAYERS
        inline = nigerian._play_out(
            [list(h) for h in hands], [], trump, [0] * PLAYERS, 0, leader,
            random.Random(seed),
        )  # fmt: skip
        policy = _play_out_by_the_policy(
            [list(h) for h in hands], trump, leader, random.Random(seed)
        )
        assert inline == policy, seed

"""Inference in the search's worlds (players/search/sampling.py ``deal_likely``): the
worlds lean toward what the other seats' bids and discards suggest (TH-9 bids, TH-21
discards), and the easier level forgets (issue 35: easier levels by limited memory).

Statistical, with fixed seeds (no timing): counts over a few hundred sampled worlds."""

from __future__ import annotations

import random
from typing import Any

from players.budget import SearchBudget
from players.levels import level_budget
from players.search.sampling import Evidence, Zone, bid_weight, deal_likely, shed_weight
from players.search.thunee_worlds import HIGH, JACK_NINE, DealWorlds, ThuneeWorlds
from rules import registry
from rules.cards import make_card
from tests.players.search_matches import situation

SAMPLES = 400


def auction(high: int, until: Any = lambda m: m.phase == "play") -> Any:
    """Four players, seed 5: seats 2 and 3 raise each other a rung at a time (TH-9.7) until
    seat 2 bids ``high`` (seat 3 stops a rung below), the others pass; seat 2 makes trump,
    nobody calls. Stops at the first decision of ``until`` (default: the card play)."""
    match = registry.get("thunee").new_match(4, seed=5)
    while not until(match):
        (seat,) = sorted(match.to_act)
        legal = match.legal_actions(seat)
        limit = {2: high, 3: high - 10}.get(seat, 0)
        bids = [a for a in legal if a.kind == "bid" and int(a.value) <= limit]
        if bids:
            match.apply(seat, bids[0])
            continue
        passes = [a for a in legal if a.kind in ("pass", "no_cut")]
        match.apply(seat, passes[0] if passes else legal[0])
    return match


def jacks_and_nines(worlds: Any, seat: int, seed: int) -> int:
    rng = random.Random(seed)
    total = 0
    for _ in range(SAMPLES):
        world = worlds.sample(rng)
        total += sum(JACK_NINE[c] for c in world.hands[seat])
    return total


def test_a_high_bidder_is_dealt_more_jacks_and_nines_TH_9() -> None:
    """Seat 2 bid 50 (TH-9): seat 0's worlds give seat 2 clearly more Jacks and 9s than
    worlds dealt without inference, on the same seeds."""
    match = auction(60)
    sit = situation(match, seat=0)
    assert max(b["value"] for b in sit.view["bids"] if b["seat"] == 2) == 50
    inferred = jacks_and_nines(ThuneeWorlds(sit), 2, 11)
    uniform = jacks_and_nines(ThuneeWorlds(sit, inference=False), 2, 11)
    # per world, seat 2's count has a spread of about 0.9 card: the mean of 400 worlds is
    # known to within 0.05, so 0.2 more is four standard errors of the difference
    assert inferred / SAMPLES > uniform / SAMPLES + 0.2


def test_the_auction_is_read_before_the_card_play_too() -> None:
    """While the bidding is on (DealWorlds), a seat that bid high holds more of them."""

    def bid_on(match: Any) -> bool:
        bids = match.view(0)["bids"]
        return match.phase == "bidding" and any(b["seat"] == 2 and b["value"] >= 50 for b in bids)

    match = auction(50, until=bid_on)
    sit = situation(match)

    def held(worlds: DealWorlds) -> int:
        rng = random.Random(3)
        first = worlds.first_batch
        return sum(
            sum(JACK_NINE[c] for c in worlds.sample(rng)[0][2][:first]) for _ in range(SAMPLES)
        )

    assert held(DealWorlds(sit)) > held(DealWorlds(sit, inference=False)) + 0.3 * SAMPLES


def test_deal_likely_leans_and_keeps_every_hard_fact() -> None:
    """The weights move cards, never break a void or a zone size."""
    unseen = [make_card(r, s) for s in "SHDC" for r in ("9", "10", "J", "Q", "K", "A")]
    zones = [Zone("a", 6, {3}), Zone("b", 6), Zone("c", 6), Zone("d", 6)]
    lean = [Evidence("a", bid_weight(JACK_NINE, [], 4.0)), Evidence("b", shed_weight([0], HIGH))]
    rng = random.Random(2)
    strong_a = spades_b = 0
    for _ in range(SAMPLES):
        dealt = deal_likely(unseen, zones, rng, lean)
        assert sorted(c for cards in dealt.values() for c in cards) == sorted(unseen)
        assert all(len(dealt[z.name]) == z.size for z in zones)
        assert all(c // 13 != 3 for c in dealt["a"])
        strong_a += sum(JACK_NINE[c] for c in dealt["a"])
        spades_b += sum(HIGH[c] for c in dealt["b"] if c // 13 == 0)
    rng = random.Random(2)
    plain_a = plain_b = 0
    for _ in range(SAMPLES):
        dealt = deal_likely(unseen, zones, rng)
        plain_a += sum(JACK_NINE[c] for c in dealt["a"])
        plain_b += sum(HIGH[c] for c in dealt["b"] if c // 13 == 0)
    assert strong_a > plain_a + 0.5 * SAMPLES
    assert spades_b < plain_b - 0.2 * SAMPLES


def test_club_forgets_old_voids_and_the_auction() -> None:
    """The club level remembers two finished tricks for voids and draws its worlds
    without inference; expert remembers the whole hand."""
    club = level_budget("club", SearchBudget())
    expert = level_budget("expert", SearchBudget())
    assert (club.memory, club.inference) == (2, False)
    assert (expert.memory, expert.inference) == (None, True)
    spec = registry.get("thunee")
    for seed in range(40):
        match = spec.new_match(4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and len(match.hand_results) == 0:
            (seat,) = sorted(match.to_act)[:1]
            if match.phase == "play" and len(match.view(0)["tricks"]) >= 4 and seat == 0:
                break
            legal = match.legal_actions(seat)
            quiet = [a for a in legal if a.kind not in ("call",)]
            match.apply(seat, rng.choice(quiet or legal))
        else:
            continue
        sit = situation(match, seat=0)
        full = ThuneeWorlds(sit)
        short = ThuneeWorlds(sit, memory=2, inference=False)
        early = ThuneeWorlds(sit, memory=0)
        voids_full = [full.zones_void(s) for s in (1, 2, 3)]
        voids_short = [short.zones_void(s) for s in (1, 2, 3)]
        assert all(b <= a for a, b in zip(voids_full, voids_short, strict=True))
        assert short.evidence == []
        if voids_full != [early.zones_void(s) for s in (1, 2, 3)]:
            return  # a void shown in a finished trick is forgotten with no memory
    raise AssertionError("no seeded position shows a void in a finished trick")


def test_a_high_304_contract_gives_the_trumper_more_jacks_and_nines_T3_6() -> None:
    """304: the trumper's contract (T3-6) leans the worlds toward his strong cards."""
    from players.search.three_o_four import ThreeOFourWorlds
    from tests.players.test_trick_solver import position

    checked = 0
    for seed in range(1, 30):
        match = position("304", 4, seed, cards_left=28)
        sit = situation(match)
        view = sit.view
        trumper = view["trumper"]
        contract = view["contract"]
        if trumper == sit.seat or not isinstance(contract, int) or contract < 200:
            continue

        def strong(worlds: ThreeOFourWorlds, trumper: int = trumper) -> int:
            rng = random.Random(4)
            top = max(worlds.layout.strength[c] for c in worlds.layout.deck)
            return sum(
                sum(
                    1
                    for c in worlds.sample(rng).hands[trumper]
                    if worlds.layout.strength[c] >= top - 1
                )
                for _ in range(200)
            )

        assert strong(ThreeOFourWorlds(sit)) > strong(ThreeOFourWorlds(sit, inference=False))
        checked += 1
        if checked == 3:
            return
    raise AssertionError("no seeded 304 position with a contract of 200 or more")

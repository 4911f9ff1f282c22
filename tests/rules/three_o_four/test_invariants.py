"""The invariants of §23 over random legal matches (CI-sized; ``T3_INV_MATCHES`` scales it).

The random player here favours the seat whose turn it is and makes Caps calls and PCC
rare, so that closed-trump play is exercised to the end of most hands.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from rules.three_o_four.auction import PCC
from rules.three_o_four.match import ThreeOFourMatch
from rules.three_o_four.prebuilt import SUIT
from rules.three_o_four.trump import opponents
from tests.conformance.checks import card_strings_in, random_options
from tests.rules.three_o_four.helpers import SPEC

MATCHES = int(os.environ.get("T3_INV_MATCHES", "10"))
WEIGHTS = {"caps": 0.01, "claim_spoilt": 0.02, "bid": 0.15, "cut": 0.02, "redeal": 0.2}


def pick(m: ThreeOFourMatch, rng: random.Random) -> tuple[int, Any]:
    turn = m._turn_seat() if m.phase != "match_over" else -1
    seats = sorted(m.to_act)
    seat = turn if turn in seats and (len(seats) == 1 or rng.random() < 0.95) else rng.choice(seats)
    legal = m.legal_actions(seat)
    weights = [WEIGHTS.get(a.kind, 1.0) * (0.2 if a.value == "PCC" else 1.0) for a in legal]
    return seat, rng.choices(legal, weights=weights)[0]


class Watcher:
    """Checks each invariant before and after every action of one match."""

    def __init__(self, m: ThreeOFourMatch) -> None:
        self.m = m
        self.start_tokens = list(m.tokens)
        self.results_seen = 0
        self.hand_revealed = False
        self.hand_no = m.hand_no

    def before(self, seat: int, action: Any) -> None:
        m = self.m
        assert m.legal_actions(seat), "INV-9: a seat to act has no legal action"
        if m.phase == "play" and action.kind in ("play", "indicator") and seat == m._turn_seat():
            self._check_play(seat, action)
        self.steps = getattr(self, "steps", 0) + 1
        if m.phase == "play":
            if not m.solo:
                opp_trumps = [c for s in opponents(m) for c in m.hands[s] if SUIT[c] == m.trump]
                if m.options.spoilt_trumps_mode == "auto" and m.tricks_done == 0 and not m.trick:
                    assert opp_trumps, "INV-23: a spoilt hand reached play"
            if self.steps % 5 == 0:
                self._check_views()

    def _check_play(self, seat: int, action: Any) -> None:
        m = self.m
        hand = m.hands[seat]
        legal = [a for a in m.legal_actions(seat) if a.kind in ("play", "indicator")]
        if m.trick:
            led = SUIT[m.trick[0][1]]
            if any(SUIT[c] == led for c in hand):  # INV-10
                assert all(a.kind == "play" and SUIT[_card(a)] == led for a in legal)
        hidden = m.hidden
        if action.kind == "indicator" and hidden and len(hand) > 0:  # INV-12
            assert m.trick and SUIT[m.trick[0][1]] != m.trump and m.trick[0][0] != seat
        exhausted_lead = m.exhausted and not m.trick and seat == m.trumper and not m.solo
        if exhausted_lead and any(SUIT[c] == m.trump for c in hand):  # INV-22
            assert all(SUIT[_card(a)] == m.trump for a in legal)
        if m.contract >= m.layout.bid_250 and m.mode == "closed" and m.tricks_done >= 1:
            assert m.revealed, "INV-14: a 250+ contract still hidden after trick 1"
        if m.solo:  # INV-21
            assert seat not in m.sitting_out and not m.exhausted
        # INV-3: every active seat holds the cards left to play
        left = m.n_tricks - m.tricks_done
        in_trick = {p[0] for p in m.trick}
        for s in range(m.players):
            if s in m.sitting_out:
                continue
            held = len(m.hands[s]) + (1 if s == m.trumper and m.indicator_down else 0)
            assert held == left - (1 if s in in_trick else 0), "INV-3"

    def _check_views(self) -> None:
        """INV-24: the indicator only in the trumper's view while hidden; no other hand."""
        m = self.m
        hands = [Counter(m.view(s)["hand"]) for s in range(m.players)]
        for s in range(m.players):
            view = m.view(s)
            seen = Counter(card_strings_in(view))
            if m.indicator_down and s != m.trumper and m.indicator is not None:
                from rules.cards import card_str

                assert card_str(m.indicator) not in seen, "INV-24: indicator leaked"
            for other in range(m.players):
                if other != s:
                    leaked = (seen - hands[s]) & hands[other]
                    assert not (leaked - Counter(card_strings_in(m.public_view()))), "INV-24"

    def allowed_deltas(self) -> set[int]:
        """INV-19: the contract rows, Caps rows, external Caps rows and their netting."""
        o = self.m.options
        own = {-5, -2, 1, 2, 3, 4, 5}
        allowed = {-5, -4, -3, -2, 1, 2, 3, 4} | own
        if o.external_caps != "off":
            ext = {5, 2, -3, -4, -5} | ({-8} if o.external_caps == "legacy" else set())
            allowed |= ext | {a + b for a in own for b in ext}
        if self.m.layout.double:
            allowed |= {a + b for a in allowed for b in (-1, 1)}
        return allowed | {o.half_court_win, -o.half_court_lose}

    def after(self) -> None:
        m = self.m
        if m.options.token_mode == "transfer":  # INV-18
            assert sum(m.tokens) == len(m.tokens) * m.options.starting_tokens  # T3V-8: 4
        else:
            assert all(t <= s for t, s in zip(m.tokens, self.start_tokens, strict=True))
            self.start_tokens = list(m.tokens)
        if m.hand_no == self.hand_no and m.phase == "play":
            if self.hand_revealed:
                assert m.revealed, "INV-13: trump hidden again"
            self.hand_revealed = m.revealed
        else:
            self.hand_no, self.hand_revealed = m.hand_no, False
        while self.results_seen < len(m.hand_results):
            r = m.hand_results[self.results_seen]
            self.results_seen += 1
            if r["outcome"] != "played":
                assert r["delta"] == 0
                continue
            assert r["delta"] in self.allowed_deltas(), r  # INV-19 (with ED-36 netting)
            finished = len(r["tricks"]) == (
                m.layout.first_batch if r["contract"] == "HC" else m.layout.tricks
            )
            if finished and r["contract"] not in ("PCC", "HC"):
                assert sum(r["points"]) == m.layout.total, "INV-16"
            if r["caps"].get(str(r["trumper"] % 2)) == "correct":
                assert all(t == r["trumper"] % 2 for t in r["tricks"]), "INV-20"


def _card(action: Any) -> int:
    from rules.three_o_four.actions import PLAY_CARD

    return PLAY_CARD[action.value]


@pytest.mark.parametrize("players", [4, 6, 8])
def test_invariants_over_random_matches(players: int) -> None:
    """INV-1 to INV-26 (T3-18, T3-19) over random matches with random options."""
    runs = MATCHES if players == 4 else max(2, MATCHES // 4)
    for seed in range(runs):
        options = random_options(SPEC, random.Random(seed)) if seed % 2 else {}
        options["starting_tokens"] = 5  # shorter matches, the same hands
        try:
            m = SPEC.new_match(players, options, seed=seed)
        except Exception:
            continue
        assert isinstance(m, ThreeOFourMatch)
        rng = random.Random(seed)
        w = Watcher(m)
        steps = 0
        while not m.is_over:
            seat, action = pick(m, rng)
            w.before(seat, action)
            m.apply(seat, action)
            w.after()
            steps += 1
            assert steps < 20_000, "INV-7: the match does not end"
        assert m.result is not None and 0 in m.tokens


def test_inv1_deck() -> None:
    """INV-1: 32 distinct cards, 304 points, 76 a suit, points never rise as rank falls."""
    m = SPEC.new_match(4, seed=1)
    assert isinstance(m, ThreeOFourMatch)
    deck = m.layout.deck
    assert len(set(deck)) == 32 and sum(m.layout.points[c] for c in deck) == 304
    for suit in range(4):
        ranked = sorted((c for c in deck if SUIT[c] == suit), key=lambda c: -m.layout.strength[c])
        points = [m.layout.points[c] for c in ranked]
        assert sum(points) == 76 and points == sorted(points, reverse=True)
    assert PCC > 300


@pytest.mark.soak
@pytest.mark.parametrize("players", [4, 6, 8])
def test_invariants_soak(players: int) -> None:
    """The same invariants over thousands of random matches (``make soak`` / ``-m soak``)."""
    old = globals()["MATCHES"]
    globals()["MATCHES"] = int(os.environ.get("T3_SOAK_MATCHES", "2000"))
    try:
        test_invariants_over_random_matches(players)
    finally:
        globals()["MATCHES"] = old

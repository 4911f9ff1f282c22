"""The computer rummy player uses the wild-card freedom of issue 34 (TF-33, TFV-PE1-6):
where keeping the natural wins, it lays the wild in the natural's place."""

from __future__ import annotations

import random

from players import Situation, default_registry
from rules.cards import card_str, parse_cards
from tests.rules.telefunken.helpers import begin, settle_window, stacked

DELI = {"variant": "delifante"}
HAND = ["JS", "QS", "KS", "JH", "JD", "2C", "3H", "7H", "4D", "8D", "3C", "7C", "5S"]
"""Delifante: no wilds in sets (TFV-PE1-7), no aces in runs (TFV-PE1-DL-2)."""


def test_tfv_pe1_7_keeping_the_natural_jack_wins_a_second_meld() -> None:
    """J♠-Q♠-K♠ leaves J♥ J♦ 2♣ with no meld (no wild in a set); 2♣-Q♠-K♠ (the 2♣ as the
    J♠ held) keeps the J♠ for J♠-J♥-J♦: the computer lays both melds, six cards."""
    deal = stacked(hands={1: HAND}, stock=["AH"], options=DELI)
    match = begin(options=DELI, deals=[deal], contract=2)
    match.has_melded[1] = True
    match.melded_turn[1] = 0
    dealer = match.dealer
    match.apply(dealer, f"discard:{card_str(match.hands[dealer][-1])}")
    settle_window(match)
    assert match.turn_player == 1 and match.phase == "play"
    ids = {a.id for a in match.legal_actions(1)}
    assert {"meld:JS,QS,KS", "meld:2C,QS,KS", "meld:JS,JH,JD"} <= ids
    player = default_registry().get("heuristic", "telefunken")
    rng = random.Random(1)
    for _ in range(10):
        action = player.choose(Situation.at(match, 1, rng))
        if action.kind != "meld":
            break
        match.apply(1, action)
    laid = sorted(c for m in match.melds for c in m.meld.cards)
    assert laid == sorted(parse_cards(["JS", "QS", "KS", "JH", "JD", "2C"]))

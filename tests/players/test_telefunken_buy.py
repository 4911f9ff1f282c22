"""Issue 35: Telefunken's stronger levels buy a discard that completes a meld, in turn
too (TF-27), the club keeping a chip for the seventh deal (TF-28's advice); the beginner
draws."""

from __future__ import annotations

import random
from typing import Any

from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from rules import registry
from rules.registry import BUILTIN

SPEC = registry.get("telefunken")
HAND = ["10S", "10S", "4H", "9H", "KH", "5D", "7D", "KD", "7C", "JC", "KC"]


def in_turn_window(card: str, chips: int, deal: int = 1) -> Situation:
    view: dict[str, Any] = {
        "phase": "buy",
        "deal": deal,
        "deals": 7,
        "discard_top": card,
        "chips": [7, chips],
        "hand_sizes": [11, 11],
        "has_melded": [False, False],
        "melds": [],
        "buy_window": {"card": card, "discarder": 0, "order": [1], "answers": {}},
        "hand": HAND,
    }
    return Situation(
        spec=SPEC,
        players=2,
        seat=1,
        options=SPEC.Options(),
        teams=None,
        phase="buy",
        view=view,
        legal=[SPEC.parse_action("buy"), SPEC.parse_action("draw")],
        rng=random.Random(0),
    )


def test_tf27_expert_buys_in_turn_the_card_that_makes_a_trio_the_beginner_draws() -> None:
    """TF-27 (buying in turn): the third king completes a trío of the hand."""
    plugin = BUILTIN.plugin("telefunken")
    sit = in_turn_window("KS", chips=7)
    assert player_of(plugin, "expert", SearchBudget()).choose(sit).id == "buy"
    assert player_of(plugin, "club", SearchBudget()).choose(sit).id == "buy"
    assert player_of(plugin, "beginner", SearchBudget()).choose(sit).id == "draw"


def test_tf28_the_club_keeps_its_last_chip_for_the_seventh_deal_the_expert_spends_it() -> None:
    """TF-28: 7 chips for the game, the hardest deal last: with one chip left before deal
    7 the club draws, and in deal 7 spends it on a fourth king. The expert plays deal 7
    for a low hand unless it is near that deal's contract (TF-58, TF-57), so a chip kept
    for it mostly went unspent (``EXPERT_RESERVE``): it buys the king with its last chip
    before deal 7, and in deal 7, five cards from the trío and run of seven, it does not
    (a bought card and its penalty cards would only count against it)."""
    plugin = BUILTIN.plugin("telefunken")
    expert = player_of(plugin, "expert", SearchBudget())
    club = player_of(plugin, "club", SearchBudget())
    assert club.choose(in_turn_window("KS", chips=1)).id == "draw"
    assert expert.choose(in_turn_window("KS", chips=1)).id == "buy"
    for player in (club, expert):
        assert player.choose(in_turn_window("3C", chips=7)).id == "draw"  # fits nothing
    assert club.choose(in_turn_window("KS", chips=1, deal=7)).id == "buy"
    assert expert.choose(in_turn_window("KS", chips=1, deal=7)).id == "draw"

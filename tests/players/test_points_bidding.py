"""Issue 35: 304's levels bid card points only up to what the hand and the partner's bids
are worth (the heuristic used to bid whenever its hand was strong, at any height, and made
18% of its contracts)."""

from __future__ import annotations

import random
from typing import Any

from players.base import Situation
from players.tricks import TrickHeuristic
from rules import registry

SPEC = registry.get("304")


def auction(hand: list[str], bids: list[dict[str, Any]], lowest: int) -> Situation:
    legal = ["pass"] + [f"bid:{v}" for v in range(lowest, 310, 10)]
    return Situation(
        spec=SPEC,
        players=4,
        seat=0,
        options=SPEC.Options(),
        teams=SPEC.teams(4),
        phase="bidding",
        view={"hand": hand, "auction": bids, "trump": None},
        legal=[SPEC.parse_action(a) for a in legal],
        rng=random.Random(0),
    )


def test_t3_6_2_a_bid_promises_points_the_hand_is_worth_and_no_more() -> None:
    """T3-6.2 (a bid names card points), T3-6.3 (160 up): J 9 A of spades and a king open
    at 160 and would go to 200 (restriction A, T3-6.6), but not to 250."""
    player = TrickHeuristic("304")
    hand = ["JS", "9S", "AS", "KD"]
    assert player.choose(auction(hand, [], 160)).id == "bid:160"
    assert player.choose(auction(hand, [], 200)).id == "bid:200"
    assert player.choose(auction(hand, [], 250)).id == "pass"


def test_t3_6_7_a_weak_hand_does_not_raise_its_partner_a_strong_one_may() -> None:
    """T3-6.7 (over a partner's high bid only 200 or more): after the partner's 160, a hand
    with one jack passes; four high spades raise to 200."""
    player = TrickHeuristic("304")
    partner = [{"seat": 2, "action": "bid", "value": 160}]
    assert player.choose(auction(["JS", "QS", "KD", "8C"], partner, 200)).id == "pass"
    assert player.choose(auction(["JS", "9S", "AS", "10S"], partner, 200)).id == "bid:200"


def test_t3_6_9_a_partners_bid_counts_toward_the_contract() -> None:
    """T3-6.9 (partners bid for the team): the value of a hand rises with what the
    partner's bid claimed, and an opponent's bid adds nothing."""
    player = TrickHeuristic("304")
    hand = ["JS", "QS", "KD", "8C"]
    alone = player.contract_value(auction(hand, [], 160), 0.9, 4)
    backed = player.contract_value(
        auction(hand, [{"seat": 2, "action": "bid", "value": 250}], 260), 0.9, 4
    )
    opposed = player.contract_value(
        auction(hand, [{"seat": 1, "action": "bid", "value": 250}], 260), 0.9, 4
    )
    assert alone == opposed < 160 < backed

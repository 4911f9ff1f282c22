"""Issue 35: Tonk's stronger levels drop when the drop pays (TK-40), judged from the
others' hand sizes and the cards on the table, where the beginner drops only at a fixed
low count."""

from __future__ import annotations

import random
from typing import Any

from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from players.tonk_drop import TonkDropper
from rules import registry
from rules.registry import BUILTIN

SPEC = registry.get("tonk")


def turn_start(hand: list[str], count: int, sizes: list[int]) -> Situation:
    view: dict[str, Any] = {
        "phase": "draw",
        "hand": hand,
        "count": count,
        "hand_sizes": sizes,
        "spreads": [],
        "discard_top": "KD",
    }
    return Situation(
        spec=SPEC,
        players=len(sizes),
        seat=0,
        options=SPEC.Options(),
        teams=None,
        phase="draw",
        view=view,
        legal=[SPEC.parse_action(a) for a in ("drop", "draw:stock", "draw:discard")],
        rng=random.Random(7),
    )


def test_tk40_expert_drops_a_low_count_against_full_hands_the_beginner_does_not() -> None:
    """TK-40: 2-3-4 (count 9) against two players holding 5 cards each: a drop wins the
    stake from both nearly always; the beginner waits for a count of 5."""
    plugin = BUILTIN.plugin("tonk")
    budget = SearchBudget()
    sit = turn_start(["2C", "3D", "4H"], 9, [3, 5, 5])
    assert player_of(plugin, "expert", budget).choose(sit).id == "drop"
    # at three and four players the club judges the drop as the expert does
    assert player_of(plugin, "club", budget).choose(sit).id == "drop"
    assert player_of(plugin, "beginner", budget).choose(sit).id != "drop"


def test_tk40_expert_does_not_drop_into_a_likely_catch() -> None:
    """TK-40 (a caught dropper pays 2S to each lower or equal): a count of 9 against a
    player down to one card is likely caught: no drop."""
    plugin = BUILTIN.plugin("tonk")
    sit = turn_start(["2C", "3D", "4H"], 9, [3, 1])
    assert player_of(plugin, "expert", SearchBudget()).choose(sit).id != "drop"


def test_tk40_at_two_players_the_expert_waits_unless_nearly_sure() -> None:
    """TK-40 at two players: a count of 12 against a 3-card hand wins the stake more
    often than it is caught, but a catch costs twice the stake and the hand not dropped
    still wins often later: the expert waits. Against 4 cards it is nearly sure: drop."""
    plugin = BUILTIN.plugin("tonk")
    expert = player_of(plugin, "expert", SearchBudget())
    assert expert.choose(turn_start(["5C", "3D", "4H"], 12, [3, 3])).id != "drop"
    assert expert.choose(turn_start(["5C", "3D", "4H"], 12, [3, 4])).id == "drop"
    # the same position at any expected gain (the expert's judgement at 3 and 4 players)
    assert TonkDropper("tonk", 48).choose(turn_start(["5C", "3D", "4H"], 12, [3, 3])).id == "drop"


def test_tk40_at_two_players_the_club_reads_the_other_hand_size() -> None:
    """TK-40: at two players the club drops a count of 9 against two cards (it reckons
    the other hand a random draw), where the beginner, counting its own hand only, waits
    for 5; at three players, against two hands of two (judged as the expert does, a catch
    likely), it waits."""
    plugin = BUILTIN.plugin("tonk")
    budget = SearchBudget()

    def nine_against(*sizes: int) -> Situation:
        return turn_start(["2C", "3D", "4H"], 9, [3, *sizes])

    club = player_of(plugin, "club", budget)
    assert club.choose(nine_against(2)).id == "drop"
    assert player_of(plugin, "beginner", budget).choose(nine_against(2)).id != "drop"
    assert player_of(plugin, "expert", budget).choose(nine_against(2)).id != "drop"
    assert club.choose(nine_against(2, 2)).id != "drop"

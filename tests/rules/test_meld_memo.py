"""Issue 37: the meld search's memos (runs by suit, each run checked, wild choices) never
change which melds are found, nor their order: a warm search equals a cold one."""

from __future__ import annotations

import random

import pytest

from rules import rummy
from rules.cards import JOKER, deck52, deck108
from rules.rummy import TELEFUNKEN_RULES, TONK_RULES, RummyRules, find_melds


def search(hand: list[int], rules: RummyRules, flags: dict[str, bool]) -> list[rummy.Meld]:
    return find_melds(
        hand,
        rules,
        wild_for_held_natural=flags.get("held", False),
        interchangeable_wilds=flags.get("interchangeable", False),
    )


def cold(hand: list[int], rules: RummyRules, flags: dict[str, bool]) -> list[rummy.Meld]:
    rummy._MEMO.clear()
    rummy._wild_choices_of.cache_clear()
    rummy._orders_of.cache_clear()
    return search(hand, rules, flags)


@pytest.mark.parametrize(
    ("rules", "deck", "wilds", "flags"),
    [
        (TONK_RULES, deck52(), [0, 13, 26, 39], {"held": True}),
        (TONK_RULES, deck52(), [0, 13, 26, 39], {}),
        (TELEFUNKEN_RULES, deck108(), [JOKER], {"interchangeable": True}),
    ],
    ids=["tonk-held", "tonk", "telefunken"],
)
def test_a_warm_meld_search_finds_what_a_cold_one_finds(
    rules: RummyRules, deck: list[int], wilds: list[int], flags: dict[str, bool]
) -> None:
    rng = random.Random(37)
    naturals = [c for c in deck if c not in wilds]
    hands = []
    for _ in range(40):
        hand = rng.sample(naturals, rng.randrange(8, 12)) + rng.sample(wilds * 2, 2)
        hands.append(hand)
        hands.append(hand[1:] + hand[:1])  # the same cards in another order, warm
    expected = [cold(hand, rules, flags) for hand in hands]
    rummy._MEMO.clear()
    warm = [search(hand, rules, flags) for hand in hands]  # memos carried across
    assert warm == expected
    assert sum(map(len, expected)) > 100  # the hands do make melds

"""The fast paths of the meld offers give exactly what the plain code gave.

``may_fill`` reads the hand in one pass (the benchmark of durable actions spends a good
part of Telefunken's legal actions in it); the reference below is the earlier plain
version, checked on random hands of every variant and contract.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import get_args

import pytest

from rules.cards import JOKER, RANKS, Card, deck_of
from rules.telefunken.melds import may_fill
from rules.telefunken.variants import MeldReq, Ruleset, TelefunkenOptions, Variant, ruleset

VARIANTS = get_args(Variant)


def may_fill_reference(hand: Sequence[Card], reqs: Sequence[MeldReq], rs: Ruleset) -> bool:
    capable = rs.set_rules.wild_capable
    wilds = sum(1 for c in hand if capable[c])
    jokers = hand.count(JOKER)
    most_of_a_rank = -1
    longest_suit = -1
    for req in reqs:
        if req.kind == "set":
            per_set = rs.set_rules.max_wilds_set
            spare = 0 if req.pure or req.natural else wilds if per_set is None else per_set
            if most_of_a_rank < 0:
                counts = Counter(
                    c % 13 for c in hand if not capable[c] or (c % 13 == 0 and c != JOKER)
                )
                most_of_a_rank = max(counts.values(), default=0)
            best = most_of_a_rank + min(spare, wilds)
            if best < req.size and not (rs.joker_sets and jokers >= req.size):
                return False
        elif req.kind == "run":
            if not rs.runs_allowed:
                return False
            run_spare = rs.run_rules.max_wilds_run
            spare = wilds if run_spare is None else min(run_spare, wilds)
            if longest_suit < 0:
                longest_suit = max(
                    len({c % 13 for c in hand if c != JOKER and c // 13 == s}) for s in range(4)
                )
            if longest_suit + spare < req.size:
                return False
    return True


@pytest.mark.parametrize("variant", VARIANTS)
def test_may_fill_is_the_plain_test_on_random_hands(variant: str) -> None:
    rng = random.Random(variant)
    checked = passed = 0
    for players in (2, 4, 6):
        rs = ruleset(TelefunkenOptions(variant=variant), players)  # type: ignore[arg-type]
        pack = deck_of(RANKS, copies=rs.decks, jokers=rs.joker_count())
        for contract in rs.contracts:
            for reqs in contract.options:
                for _ in range(60):
                    hand = rng.sample(pack, rng.randrange(0, 16))
                    expected = may_fill_reference(hand, reqs, rs)
                    assert may_fill(hand, reqs, rs) == expected, (hand, reqs)
                    checked += 1
                    passed += expected
    assert checked > 0 and 0 < passed < checked  # both answers were exercised

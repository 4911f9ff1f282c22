"""304's open-trump rollout (``play_out_open``, issue 35's speed-up) plays what the rules'
own path plays: the same cards, the same hand's points, winners and exhausted trumps
(ED-21), and the same draws from the generator.

Positions come from seeded random play (T3-11.13 follow suit, the trumper's lead limited
once trumps are exhausted) at 4, 6 and 8 players, stopped at every stage: between tricks
and mid-trick, trump open from the start (a simulated bid) or after the reveal.
"""

from __future__ import annotations

import random

import pytest

from players.search.three_o_four import (
    Position,
    Rules,
    play_out,
    play_out_by_rules,
    play_out_open,
)
from rules.three_o_four.options import Options, layout_for


def state(pos: Position) -> tuple[object, ...]:
    return (
        [sorted(h) for h in pos.hands],
        pos.trick,
        pos.points,
        pos.winners,
        pos.tricks_done,
        pos.exhausted,
        pos.turn,
        pos.indicator,
        pos.revealed,
    )


def open_position(players: int, rng: random.Random) -> tuple[Rules, Position]:
    """A hand dealt at random, trump open, then some cards played by random legal play."""
    layout = layout_for(players, Options())
    deck = list(layout.deck)
    rng.shuffle(deck)
    size = layout.hand_size
    hands = [deck[i * size : (i + 1) * size] for i in range(players)]
    trumper = rng.randrange(players)
    rules = Rules(layout, Options(), players, trumper, rng.choice((0, 160, 220)), [])
    pos = Position(
        hands,
        None,
        rng.randrange(4),
        True,
        rng.random() < 0.5,
        [],
        0,
        [0, 0],
        [],
        False,
        rng.randrange(players),
    )
    for _ in range(rng.randrange(size * players)):
        legal = rules.legal(pos, pos.turn)
        if rules.play(pos, pos.turn, rng.choice(legal)):
            break
    return rules, pos


@pytest.mark.parametrize("players", [4, 6, 8])
def test_open_playout_equals_the_rules_path(players: int) -> None:
    """T3-10 to T3-13 (open trump) and ED-21: 1,500 positions a table size, each played
    out both ways from the same generator."""
    rng = random.Random(players)
    compared = exhausted = mid_trick = 0
    for _ in range(1500):
        rules, pos = open_position(players, rng)
        if pos.tricks_done >= rules.n_tricks:
            continue
        seed = rng.getrandbits(64)
        fast, slow = pos.copy(), pos.copy()
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        play_out_open(rules, fast, fast_rng)
        play_out_by_rules(rules, slow, slow_rng)
        assert state(fast) == state(slow)
        assert fast_rng.getstate() == slow_rng.getstate()
        compared += 1
        exhausted += slow.exhausted
        mid_trick += bool(pos.trick)
    # the cases that differ most from a plain lead-and-follow were met
    assert compared > 1300 and exhausted > 10 and mid_trick > 500


def test_play_out_takes_the_rules_path_while_trump_is_face_down() -> None:
    """T3-11.9: with the indicator on the table the rollout still plays face-down cards
    and the reveal, so ``play_out`` leaves the open path alone there."""
    rng = random.Random(7)
    layout = layout_for(4, Options())
    deck = list(layout.deck)
    rng.shuffle(deck)
    hands = [deck[i * 8 : (i + 1) * 8] for i in range(4)]
    indicator = hands[0].pop()
    rules = Rules(layout, Options(), 4, 0, 160, [])
    pos = Position(hands, indicator, indicator // 13, False, True, [], 0, [0, 0], [], False, 1)
    routed, reference = pos.copy(), pos.copy()
    play_out(rules, routed, random.Random(3))
    play_out_by_rules(rules, reference, random.Random(3))
    assert state(routed) == state(reference)
    assert routed.tricks_done == rules.n_tricks
    assert sum(routed.points) == layout.total

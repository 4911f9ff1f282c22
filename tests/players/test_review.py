"""The hand review (players/review.py): on a constructed end of a hand in every trick game,
a card that a plain minimax shows to lose points (or tricks) is marked, by the amount it
lost, in its trick; a hand still in play is refused (its cards are not public)."""

from __future__ import annotations

from typing import Any

import pytest

from players.review import HandNotOver, review_hand
from rules.contract import Match
from rules.registry import BUILTIN
from tests.players.test_endgame import position, reference

TRICK_GAMES = [("thunee", 4), ("304", 4), ("nigerian_thunee", 4)]


def losing_position(game: str, players: int) -> tuple[Match[Any], str, int]:
    """A seeded position two tricks from the end where the seat to act holds a card that
    loses ``amount`` of its team's exact result (found by the plain minimax)."""
    plugin = BUILTIN.plugin(game)
    kinds = plugin.card_kinds
    for seed in range(1, 60):
        match = position(game, players, seed, cards_left=2 * players)
        (seat,) = match.to_act
        teams = match.spec.teams(match.players)
        assert teams is not None
        ours = frozenset(next(t for t in teams if seat in t))
        hands = len(match.hand_results)
        values = {}
        for action in [a for a in match.legal_actions(seat) if a.kind in kinds]:
            child = match.spec.restore(match.snapshot())
            child.apply(seat, action)
            if len(child.hand_results) > hands:
                break
            values[action.id] = reference(child, ours, plugin.tally, hands)
        else:
            if len(values) > 1 and min(values.values()) < max(values.values()):
                worst = min(values, key=lambda a: values[a])
                return match, worst, max(values.values()) - values[worst]
    raise AssertionError(f"no {game} position with a losing card")


@pytest.mark.parametrize(("game", "players"), TRICK_GAMES)
def test_review_marks_a_known_losing_card(game: str, players: int) -> None:
    """TH-8.1 / 304 ED-20 / NG-10: the losing card's trick is marked, by its loss."""
    match, card, amount = losing_position(game, players)
    (seat,) = match.to_act
    with pytest.raises(HandNotOver):
        review_hand(match.snapshot(), 0)
    match.apply(seat, card)
    kinds = BUILTIN.plugin(game).card_kinds
    while not match.hand_results:
        (next_seat,) = match.to_act
        match.apply(next_seat, next(a for a in match.legal_actions(next_seat) if a.kind in kinds))
    review = review_hand(match.snapshot(), 0)
    plays = [(t.number, p) for t in review.tricks for p in t.plays]
    number, play = next((n, p) for n, p in plays if p.seat == seat and p.card == card.split(":")[1])
    assert play.lost == amount and play.best and card.split(":")[1] not in play.best
    assert number in review.marked
    assert sum(len(cards) for cards in review.hands.values()) == len(plays)

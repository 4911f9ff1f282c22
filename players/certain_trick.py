"""The last seat of a trick, where every card's outcome is known: the plays best for the
seat's team, which every level keeps to (issue 35: no certain-outcome blunders).

The rule (TH-21/TH-22 follow and trump, T3-10 and NT-9 the same; points TH-5, T3-4):
- the partner wins the trick: keep it the partner's (never overtake or cut it);
- an opponent wins it and a card of the seat can take it: take it as cheaply as possible
  (a plain card before a trump, then the lowest rank); a trick worth no points that only
  a trump takes may also be let go with the least valuable card, the level weighs which;
- no card takes it: throw the least valuable card (fewest points, a plain card before a
  trump; where cards carry no points, as in Nigerian Thunee, the lowest rank); which of
  equally worthless cards is the level's choice.

Only a position whose outcome is certain from the seat's own view is constrained: every
card of the trick face up, the trump known, no call in play, the seat the last of
``players`` to play.
"""

from __future__ import annotations

from players.base import Situation
from players.tricks import (
    CARD_OF,
    DEFAULT_PROFILE,
    PROFILES,
    read_trick,
    suit_index,
)
from rules.cards import JOKER
from rules.contract import Action
from rules.tricks import SUIT_OF, trick_winner_index


def certain_plays(situation: Situation) -> list[Action] | None:
    """The plays the rule above allows (a subset of ``situation.legal``'s plays, in their
    order), or ``None`` when the trick's outcome is not certain or nothing is ruled out."""
    if situation.phase != "play":
        return None
    legal = situation.legal
    plays = [a for a in legal if a.kind == "play"]
    if len(plays) < 2 or any(a.kind == "indicator" for a in legal):
        return None
    mine = [CARD_OF.get(a.value) for a in plays]
    if any(c is None or c == JOKER for c in mine):
        return None
    view = situation.view
    trick = read_trick(view)
    if len(trick) != situation.players - 1 or any(c is None or c == JOKER for _, c in trick):
        return None
    if view.get("call"):
        # a called contract (Thunee's Thunee, TH-12; Royals with its reversed ranks, THV-12)
        # changes what winning a trick is worth, or which card wins it
        return None
    trump = suit_index(view.get("trump"))
    if trump is None:
        # a hidden trump (304's closed trump) may turn any card: nothing is certain
        return None
    profile = PROFILES.get(situation.game, DEFAULT_PROFILE)
    strength, points = profile.order.strength, profile.points
    cards = [c for _, c in trick if c is not None]
    seats = [s for s, _ in trick]
    last = len(cards)

    def ours(seat: int) -> bool:
        return seat == situation.seat or situation.is_partner(seat)

    def taker(card: int) -> int:
        return trick_winner_index([*cards, card], trump, strength)

    def plain_first(card: int) -> tuple[int, int]:
        return int(SUIT_OF[card] == trump), strength[card]

    options = [(a, c) for a, c in zip(plays, mine, strict=True) if c is not None]
    if ours(seats[trick_winner_index(cards, trump, strength)]):
        keep = [a for a, c in options if taker(c) != last]
        return keep if keep and len(keep) < len(plays) else None
    winners = [(a, c) for a, c in options if taker(c) == last]
    losers = [(a, c) for a, c in options if taker(c) != last]
    if not winners:
        return _least_valuable(options, points, trump, strength)
    cheapest = min(winners, key=lambda o: plain_first(o[1]))
    worth = sum(points[c] for c in cards) > 0 or not any(points)
    if worth or SUIT_OF[cheapest[1]] != trump or not losers:
        return [cheapest[0]]
    throw = _least_valuable(losers, points, trump, strength)
    return [a for a in plays if a == cheapest[0] or a in throw]


def _least_valuable(
    options: list[tuple[Action, int]],
    points: tuple[int, ...],
    trump: int,
    strength: tuple[int, ...],
) -> list[Action]:
    scoring = any(points)

    def value(card: int) -> tuple[int, int, int]:
        # where cards carry no points, a card's value is its power to win a later trick
        return points[card], int(SUIT_OF[card] == trump), 0 if scoring else strength[card]

    least = min(value(c) for _, c in options)
    return [a for a, c in options if value(c) == least]

"""Partner sense beyond a trick's last seat (issue 35): the moves a human partner hates,
recognized from the seat's own knowledge, and the rule that the search may make them only
when its evaluation proves them better.

A partner's card is *sure* to win the open trick when no opponent still to play could
hold a card beating it: every unseen card that would beat it (a higher card of the suit
led, or a trump) lies in a suit that opponent has shown to be void in (TH-21, T3-10,
NG-10: a seat that did not follow holds none of the suit led). Taking such a trick over
(overtaking it, or trumping it) spends a card for nothing the team had not already won.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from players.budget import MIN_WORLDS
from rules.cards import Card
from rules.tricks import SUIT_OF, trick_winner_index

VETO_MARGIN = 0.15
"""How much better (in the search's own unit: balls, tokens, hand points) a sampled
evaluation must find a vetoed move before it is played anyway; a proven one (``proven``)
needs only to be better at all."""

PROVEN_DRAWS = MIN_WORLDS
"""Draws of one and the same world after which a solved value counts as proof: as many as
an exact search needs to decide at all."""


def proven(exact: int, worlds: int) -> bool:
    """Whether a search's values prove a take-over better: solved exactly (``exact``
    distinct worlds) and every one of its ``worlds`` draws was the same deal, so the seat's
    own knowledge fixes the other hands. A mean of exact values over different worlds is
    still a sample, and a double-dummy one that favours taking over (each solve plays on
    as if it saw every card): it must clear ``VETO_MARGIN`` like a rollout's."""
    return exact == 1 and worlds >= PROVEN_DRAWS


def partner_sure(
    trick: Sequence[tuple[int, Card]],
    trump: int | None,
    strength: Sequence[int],
    seat: int,
    players: int,
    is_partner: Callable[[int], bool],
    unseen: Sequence[Card],
    void: Callable[[int], set[int]],
    next_seat: Callable[[int], int] | None = None,
) -> bool:
    """Whether a partner of ``seat`` wins the open ``trick`` whatever the opponents still
    to play hold (from ``seat``'s knowledge: the ``unseen`` cards and the suits each seat
    is known ``void`` in)."""
    if not trick:
        return False
    cards = [c for _, c in trick]
    best = trick_winner_index(cards, trump, strength)
    if not is_partner(trick[best][0]):
        return False
    after = next_seat or (lambda s: (s + 1) % players)
    winning = cards[best]
    # what beats the winning card beats it in a trick it leads (same suit higher, or trump)
    beaters = [c for c in unseen if trick_winner_index([winning, c], trump, strength) == 1]
    played = {s for s, _ in trick}
    s = after(seat)
    while s not in played and s != seat:
        if not is_partner(s):
            shut = void(s)
            if any(SUIT_OF[c] not in shut for c in beaters):
                return False
        s = after(s)
    return True


def takes_over(
    trick: Sequence[tuple[int, Card]], card: Card, trump: int | None, strength: Sequence[int]
) -> bool:
    cards = [c for _, c in trick]
    return trick_winner_index([*cards, card], trump, strength) == len(cards)


def veto(
    scores: Sequence[float], hated: Sequence[bool], proven: bool, margin: float = VETO_MARGIN
) -> int:
    """The option to play: the best score, unless it is a hated move and a move not hated
    scores within ``margin`` of it (``proven``: exact worlds, any gain counts)."""
    order = range(len(scores))
    best = max(order, key=lambda i: (scores[i], -i))
    if not hated[best]:
        return best
    kept = [i for i in order if not hated[i]]
    if not kept:
        return best
    alternative = max(kept, key=lambda i: (scores[i], -i))
    gain = scores[best] - scores[alternative]
    return best if gain > (1e-9 if proven else margin) else alternative

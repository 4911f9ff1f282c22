"""Partner sense beyond a trick's last seat (issue 35): the moves a human partner hates,
recognized from the seat's own knowledge, and the rule that the search may make them only
when its evaluation proves them better.

A partner's card is *sure* to win the open trick when no opponent still to play could
hold a card beating it: every unseen card that would beat it (a higher card of the suit
led, or a trump) lies in a suit that opponent has shown to be void in (TH-21, T3-10,
NG-10: a seat that did not follow holds none of the suit led). Taking such a trick over
(overtaking it, or trumping it) spends a card for nothing the team had not already won.

Shown voids rarely make a trick sure before its last seat, while on the real hands it often
is. So a trick also counts as sure when the partner wins it in most worlds the seat can
draw (``sure_in_worlds``): the opponents still to play, following suit when they can
(TH-21, T3-10, NG-10.2), hold nothing that beats the partner's card in at least
``SURE_SHARE`` of ``SURE_DRAWS`` draws. Those draws are made only when the search's best
option takes the trick over (``keep_partner_trick``), so other decisions cost nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from players.budget import MIN_WORLDS
from rules.cards import Card
from rules.tricks import SUIT_OF, trick_winner_index

VETO_MARGIN = 0.25
"""How much better (in the search's own unit: balls, tokens, hand points) a sampled
evaluation must find a vetoed move before it is played anyway; a proven one (``proven``)
needs only to be better at all. The default of ``Veto``: each trick game's search sets its
own in its unit (``PARTNER_VETO`` in ``players.search.thunee``, ``nigerian``,
``three_o_four``), since a quarter of a ball is not a quarter of a hand point. Measured
(issue 35, the club's 9 take-overs of sure Thunee tricks on 24 paired matches,
docs/performance.md): 3 cleared 0.15 by 0.02-0.13."""

PROVEN_DRAWS = MIN_WORLDS
"""Draws of one and the same world after which a solved value counts as proof: as many as
an exact search needs to decide at all."""


SURE_DRAWS = 24
"""Worlds drawn to judge a partner's trick sure when shown voids do not prove it."""

SURE_SHARE = 0.5
"""Share of those worlds in which the partner must win for the trick to count as sure:
more often than not. The seat cannot know most tricks that are sure on the real hands
(the club's 9 take-overs of such Thunee tricks: the partner won in 11-22 of 24 drawn
worlds); a take-over of a trick the partner more likely wins than not is what a partner
hates, and the margin still lets a clearly better one through. The default of ``Veto``:
the games' searches judge sure at a lower share (``PARTNER_VETO``)."""


@dataclass(frozen=True, slots=True)
class Veto:
    """One game's veto of take-overs of a partner's sure trick, in that game's unit of
    score: the trick counts as sure when the partner wins it in at least ``share`` of the
    drawn worlds (or shown voids prove it), and a sampled take-over of a sure trick is
    played only when it scores more than ``margin`` above the best card that keeps it.

    The partner's "play low" (the heuristic's rule) is the default the search must beat:
    a take-over of a trick the real hands made sure is what the partner sees, and the seat
    cannot tell most of those from the rest (issue 35, docs/performance.md: of the
    search's take-overs of tricks sure on the real hands, the partner won in 17-100% of
    the drawn worlds, and the search valued them up to a ball, a token, or 2.3 hand
    points above keeping the trick)."""

    share: float = SURE_SHARE
    margin: float = VETO_MARGIN


Hands = Sequence[Sequence[Card]]
"""Every seat's cards in one drawn world (the seat's own among them)."""


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
    for s in _opponents_to_play(trick, seat, is_partner, after):
        shut = void(s)
        if any(SUIT_OF[c] not in shut for c in beaters):
            return False
    return True


def _opponents_to_play(
    trick: Sequence[tuple[int, Card]],
    seat: int,
    is_partner: Callable[[int], bool],
    after: Callable[[int], int],
) -> Iterator[int]:
    """The opponents of ``seat`` still to play to ``trick`` after it, in turn."""
    played = {s for s, _ in trick}
    s = after(seat)
    while s not in played and s != seat:
        if not is_partner(s):
            yield s
        s = after(s)


def wins_in_world(
    trick: Sequence[tuple[int, Card]],
    trump: int | None,
    strength: Sequence[int],
    seat: int,
    players: int,
    hands: Hands,
    is_partner: Callable[[int], bool],
    next_seat: Callable[[int], int] | None = None,
) -> bool:
    """Whether the card winning ``trick`` (a partner's) stays the winner in the world
    ``hands`` whatever the opponents still to play choose among their legal cards
    (following the suit led when they hold it: TH-21, T3-10, NG-10.2)."""
    cards = [c for _, c in trick]
    winning = cards[trick_winner_index(cards, trump, strength)]
    led = SUIT_OF[cards[0]]
    after = next_seat or (lambda s: (s + 1) % players)
    for s in _opponents_to_play(trick, seat, is_partner, after):
        hand = hands[s]
        follow = [c for c in hand if SUIT_OF[c] == led] or hand
        if any(trick_winner_index([winning, c], trump, strength) == 1 for c in follow):
            return False
    return True


def sure_in_worlds(
    trick: Sequence[tuple[int, Card]],
    trump: int | None,
    strength: Sequence[int],
    seat: int,
    players: int,
    worlds: Iterable[Hands],
    is_partner: Callable[[int], bool],
    next_seat: Callable[[int], int] | None = None,
    share: float = SURE_SHARE,
) -> bool:
    """Whether the partner wins the open ``trick`` in at least ``share`` of ``worlds``
    (drawn from the seat's knowledge); no world drawn is no evidence: not sure."""
    drawn = won = 0
    for hands in worlds:
        drawn += 1
        won += wins_in_world(trick, trump, strength, seat, players, hands, is_partner, next_seat)
    return drawn > 0 and won >= share * drawn


def judged_sure(
    trick: Sequence[tuple[int, Card]],
    trump: int | None,
    strength: Sequence[int],
    seat: int,
    players: int,
    is_partner: Callable[[int], bool],
    unseen: Sequence[Card],
    void: Callable[[int], set[int]],
    draw_hands: Callable[[random.Random], Hands],
    rng: random.Random,
    next_seat: Callable[[int], int] | None = None,
    share: float = SURE_SHARE,
) -> bool:
    """Whether the partner's open ``trick`` counts as sure for the veto: proven by shown
    voids (``partner_sure``), else won in ``share`` of ``SURE_DRAWS`` worlds ``draw_hands``
    deals from a generator seeded off ``rng`` (``sure_in_worlds``; ``rng`` untouched when
    voids prove it)."""
    if partner_sure(trick, trump, strength, seat, players, is_partner, unseen, void, next_seat):
        return True
    draw = random.Random(rng.getrandbits(64))
    drawn = (draw_hands(draw) for _ in range(SURE_DRAWS))
    return sure_in_worlds(
        trick, trump, strength, seat, players, drawn, is_partner, next_seat, share
    )


def keep_partner_trick(
    scores: Sequence[float],
    takes: Sequence[bool],
    sure: Callable[[], bool],
    proven: bool,
    margin: float = VETO_MARGIN,
) -> int:
    """The option to play when ``takes`` marks the options that take over a partner's
    winning trick: the best score, unless it takes over, some option does not, the trick
    is ``sure`` (asked only then: it may draw worlds) and the gain is below the
    ``veto`` margin."""
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    if not takes[best] or all(takes) or not sure():
        return best
    return veto(scores, takes, proven, margin)


def partner_winning(
    trick: Sequence[tuple[int, Card]],
    trump: int | None,
    strength: Sequence[int],
    is_partner: Callable[[int], bool],
) -> bool:
    if not trick:
        return False
    cards = [c for _, c in trick]
    return is_partner(trick[trick_winner_index(cards, trump, strength)][0])


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

"""The cut and the deal (telefunken.md §6): pure functions over a pack of card ints."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.cards import JOKER, Card


@dataclass(frozen=True, slots=True)
class DealtCards:
    """What a cut and deal produced. ``stock`` is top first."""

    hands: list[list[Card]]
    stock: list[Card]
    upcard: Card | None
    cutter_jokers: int
    bottom_size: int
    exact_cut: bool


def cutter_of(dealer: int, players: int) -> int:
    """TF-10: the cutter is the player on the dealer's left, ``prev_seat(dealer)``."""
    return (dealer - 1) % players


def cards_needed(players: int, hand_size: int) -> int:
    """TF-4: the hands plus the upcard (or the dealer's extra card, TFV-PE1-2)."""
    return players * hand_size + 1


def actual_cut(target: int, pack_size: int, noise: int, rng: random.Random) -> int:
    """TF-13: the cut lands near the target: ``target ± U(noise)``, |T| >= 3 and |B| >= 1."""
    size = target + (rng.randint(-noise, noise) if noise else 0)
    return max(1, min(pack_size - 3, size))


def cut_and_deal(
    pack: list[Card],
    players: int,
    dealer: int,
    bottom_size: int,
    hand_size: int,
    *,
    dealer_extra_card: bool = False,
    cutter_takes_jokers: bool = True,
    exact_sizes: tuple[int, ...] = (0,),
) -> DealtCards:
    """Cut ``pack`` (index 0 = top) leaving ``bottom_size`` cards in B, then deal.

    TF-13: the cutter lifts T off the top; B stays. TF-14: jokers among the bottom three
    cards of T go to the cutter. TF-15: one card at a time from B starting at the seat
    after the dealer, the cutter getting ``hand_size - J``; when B runs out the deal
    continues from the top of T. TF-16: the next card is the upcard (TFV-PE1-2: the dealer
    gets it instead). TF-17: B's leftovers go on top of T to make the stock. TF-18: the cut
    is exact when |B| = needed - J (``exact_sizes`` are offsets below that count that
    also qualify, TFV-BO-4).
    """
    top = pack[: len(pack) - bottom_size]
    bottom = pack[len(pack) - bottom_size :]
    cutter = cutter_of(dealer, players)
    jokers = 0
    if cutter_takes_jokers:
        tail = top[-3:]
        jokers = tail.count(JOKER)
        top = top[:-3] + [c for c in tail if c != JOKER]
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[cutter] = [JOKER] * jokers
    want = [hand_size] * players
    if dealer_extra_card:
        want[dealer] += 1
    source = bottom + top  # dealing runs through B, then continues with T
    pos = 0
    seat = (dealer + 1) % players
    while any(len(hands[s]) < want[s] for s in range(players)):
        if len(hands[seat]) < want[seat]:
            hands[seat].append(source[pos])
            pos += 1
        seat = (seat + 1) % players
    upcard: Card | None = None
    if not dealer_extra_card:
        upcard = source[pos]
        pos += 1
    needed = cards_needed(players, hand_size) - jokers
    exact = any(bottom_size == needed - offset for offset in exact_sizes)
    return DealtCards(hands, source[pos:], upcard, jokers, bottom_size, exact)

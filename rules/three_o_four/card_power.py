"""The power of each card in a trick, for the Caps searches (T3-10.5): trumps above the
led suit above the rest, then strength; and the winner of a full trick by it."""

from __future__ import annotations

import functools

from rules.cards import Card


@functools.cache
def card_powers(trump: int, strength: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each led suit (index led + 1, led = -1 when leading) the power of every card:
    200 + strength for a trump, 100 + strength for the led suit (every suit when
    leading), strength otherwise (a pure function of the rank order, strengths < 100)."""
    out = []
    for led in range(-1, 4):
        row = []
        for c in range(53):
            suit = c // 13
            if suit == trump:
                row.append(200 + strength[c])
            elif suit == led or led < 0:
                row.append(100 + strength[c])
            else:
                row.append(strength[c])
        out.append(tuple(row))
    return tuple(out)


def trick_winner(plays: tuple[tuple[int, Card], ...], power: tuple[tuple[int, ...], ...]) -> int:
    """The seat whose card takes a full trick (``power`` as from ``card_powers``)."""
    led_power = power[plays[0][1] // 13 + 1]
    best_seat, best = plays[0][0], led_power[plays[0][1]]
    for s, c in plays:
        key = led_power[c]
        if key >= 100 and key > best:
            best_seat, best = s, key
    return best_seat

"""The bare follow-suit trick loop the playout benchmarks compare against (CPU time).

Four hands of eight from a shuffled 32-card pack; every trick each player plays a random
card among those that follow suit; the highest trump or led-suit card wins and leads.
No rules beyond that, no objects: the fastest a trick game can be played in plain Python.
"""

from __future__ import annotations

import random
import time

from rules.cards import NIGERIAN_ORDER, deck32
from rules.tricks import SUIT_OF


def cards_per_second(seconds: float = 2.0, seed: int = 1) -> float:
    rng = random.Random(seed)
    pack = deck32()
    strength = NIGERIAN_ORDER.strength
    suit_of = SUIT_OF
    cards = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(50):
            rng.shuffle(pack)
            hands = [pack[0:8], pack[8:16], pack[16:24], pack[24:32]]
            trump = rng.randrange(4)
            leader = 0
            for _trick in range(8):
                led = -1
                best_seat = best_card = -1
                best_key = -1
                for k in range(4):
                    seat = (leader + k) % 4
                    hand = hands[seat]
                    options = [c for c in hand if suit_of[c] == led] if led >= 0 else hand
                    if not options:
                        options = hand
                    card = options[rng.randrange(len(options))]
                    hand.remove(card)
                    suit = suit_of[card]
                    if led < 0:
                        led = suit
                    key = (
                        100 + strength[card]
                        if suit == trump
                        else (strength[card] if suit == led else -1)
                    )
                    if key > best_key:
                        best_key, best_seat, best_card = key, seat, card
                    cards += 1
                leader = best_seat
                del best_card
    return cards / (time.process_time() - start)


if __name__ == "__main__":
    print(f"bare follow-suit loop: {cards_per_second():,.0f} cards/s")

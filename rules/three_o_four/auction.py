"""The auctions of 304: the four-card auction (T3-6), the eight-card round (T3-8) and the
single compulsory auction of the six- and eight-player 24/32-card games (T3V-5.3).

Each auction is a small state object; ``legal`` lists what the seat to speak may say and
``apply_*`` records it. Values: numeric bids are ints; ``PCC`` and ``HALF_COURT`` rank
above every number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from rules.three_o_four.options import Layout

PCC: Final = 10_000
"""Partner Close Caps (T3-8.8), above every number."""
HALF_COURT: Final = 20_000
"""Half Court (T3V-4), above every number; it ends the four-card auction at once."""
FULL_COURT: Final = 30_000
"""Full Court (T3V-8.3), the Maharashtra bid above 300; it ends the auction at once."""


def ladder(layout: Layout, step_above_200: int) -> tuple[int, ...]:
    """T3-6.3 / ED-7 / T3V-2 / ED-V12: every numeric bid, low to high."""
    low = list(range(layout.min_bid, layout.bid_200 + 1, 10))
    if layout.min_bid > layout.bid_200:
        low = [layout.min_bid]
    high = list(range(layout.bid_200 + step_above_200, layout.max_bid + 1, step_above_200))
    return tuple(sorted(set(low + high)))


def next_above(value: int, bids: tuple[int, ...]) -> int | None:
    """The lowest ladder bid strictly above ``value`` (``None`` when there is none)."""
    for bid in bids:
        if bid > value:
            return bid
    return None


@dataclass(slots=True)
class FourCardAuction:
    """T3-6: turns from the dealer's right, asks, redeal, restrictions A and B."""

    players: int
    dealer: int
    turn: int
    high: int | None = None
    high_seat: int | None = None
    spoken: list[bool] = field(default_factory=list)
    passes: int = 0
    acted: bool = False
    asker: int | None = None
    answerer: int | None = None

    @classmethod
    def start(cls, players: int, dealer: int) -> FourCardAuction:
        return cls(players, dealer, (dealer + 1) % players, spoken=[False] * players)

    @property
    def speaker(self) -> int:
        """The seat that must speak now (the asked teammate while a request is open)."""
        return self.answerer if self.answerer is not None else self.turn

    def floor(self, seat: int, bid_200: int, min_bid: int) -> int:
        """T3-6.6 restriction A and T3-6.7 restriction B (ED-9: own high bid too)."""
        if self.spoken[seat]:
            return bid_200
        if self.high_seat is not None and self.high_seat % 2 == seat % 2:
            return bid_200
        return min_bid

    def bids_for(self, seat: int, bids: tuple[int, ...], bid_200: int) -> list[int]:
        lo = self.floor(seat, bid_200, bids[0])
        if self.high is not None:
            lo = max(lo, self.high + 1)
        return [b for b in bids if b >= lo]

    def record(self, bid: int | None) -> str | None:
        """The current speaker bid (``bid``) or passed (``None``); returns ``"contract"``,
        ``"all_pass"`` or ``None`` while the auction goes on (T3-6.10, T3-6.11, ED-10)."""
        self.acted = True
        turn = self.turn
        answerer = self.answerer
        spoken = self.spoken
        if answerer is None:
            seat = turn  # the speaker
        else:  # an asked teammate answered: both have spoken (T3-6.9)
            seat = answerer
            assert self.asker is not None
            spoken[self.asker] = True
            self.asker = self.answerer = None
        spoken[seat] = True
        players = self.players
        if bid is None:
            passes = self.passes = self.passes + 1
            if self.high is None:
                if passes >= players:
                    return "all_pass"
            elif passes >= players - 1:
                return "contract"
        else:
            self.high, self.high_seat, self.passes = bid, seat, 0
            if bid >= HALF_COURT:
                return "contract"
        nxt = (turn + 1) % players
        if nxt == self.high_seat:  # ED-10.2: the high bidder's turn is skipped
            nxt = (nxt + 1) % players
        self.turn = nxt
        return None

    def ask(self, teammate: int) -> None:
        """T3-6.9: the seat on turn asks a teammate, who must answer at once."""
        self.acted = True
        self.asker, self.answerer = self.turn, teammate


@dataclass(slots=True)
class OneRoundAuction:
    """T3-8 (eight-card round) and T3V-5.3 (compulsory single round): one turn each."""

    players: int
    order: tuple[int, ...]
    index: int = 0
    high: int | None = None
    high_seat: int | None = None

    @property
    def speaker(self) -> int:
        return self.order[self.index]

    def record(self, bid: int | None) -> int:
        """The speaker bid (``bid``) or passed (``None``); returns the next seat to speak,
        or -1 once every seat has spoken."""
        index = self.index
        if bid is not None:
            self.high, self.high_seat = bid, self.order[index]
        index += 1
        self.index = index
        return self.order[index] if index < len(self.order) else -1

"""304 options (every variant a field; defaults are the main rules) and the table layout
they imply: deck, rank order, points, batches and the bid thresholds (T3-4.3).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from rules.cards import RANKS, SUITS, Card, RankOrder, make_card, point_table
from rules.contract import GameOptions, IllegalAction


class Options(GameOptions):
    """Every T3-4.3 configuration key and every T3V-* variant."""

    starting_tokens: int = Field(11, ge=1, le=1000)
    """T3-4.1: tokens each team starts with."""
    token_mode: Literal["transfer", "bank"] = "transfer"
    """T3-17.7 transfer between teams, or T3V-1 payments into a neutral bank."""
    bid_step_above_200: Literal[10, 5] = 10
    """T3-6.3 / T3V-2: the ladder step above 200."""
    external_caps: Literal["off", "modern", "legacy"] = "off"
    """T3V-3: the trumper's opponents may call Caps."""
    caps_enforcement: Literal["strict", "lenient", "claims_only"] = "lenient"
    """T3-16.8: the deadline for the duty to call Caps."""
    caps_order_required: bool = True
    """ED-29: a Caps call must state the order of the caller's cards."""
    spoilt_trumps_mode: Literal["auto", "claim"] = "auto"
    """ED-23: spoilt trumps detected by the server, or claimed by a player."""
    shuffle_mode: Literal["full", "traditional"] = "full"
    """ED-4: a uniform shuffle, or the light Sri Lankan shuffle of the previous hand."""
    traditional_riffles: int = Field(2, ge=1, le=20)
    """ED-4: riffles of the gathered pack in the traditional shuffle."""
    seed_commitment: bool = False
    """ED-6: publish the sha256 of each hand's shuffle seed before the deal and reveal
    the seed after the hand, so anyone can check the shuffle."""
    first_dealer: int | None = Field(None, ge=0, le=7)
    """ED-3: the first dealer's seat; ``None`` draws it with the match's seed."""
    end_hand_when_decided: bool = True
    """ED-24 / ED-31: end a hand once a PCC or a Caps call is lost."""
    half_court: bool = False
    """T3V-4: the Half Court bid in the four-card auction."""
    half_court_win: int = Field(4, ge=0, le=20)
    """T3V-4/T3V-8: tokens a made Half Court wins."""
    half_court_lose: int = Field(5, ge=0, le=20)
    """T3V-4/T3V-8: tokens a failed Half Court loses."""
    six_player_deck: Literal["24", "36"] = "24"
    """With six players: T3V-5 (24 cards, one auction) or T3V-7 (36 cards, two auctions)."""
    maharashtra_partner: bool = False
    """T3V-8 / ED-V8: the Maharashtra game: a Half Court window after four cards (with
    ``half_court``), an eight-card auction with Full Court, a called partner (the holder
    of a card the bid winner names) and per-player tokens."""
    maharashtra_scoring: bool = False
    """T3V-9: trump marriages (40) and the last trick (10) change the target."""
    non_trump_marriages: bool = False
    """T3V-9: non-trump marriages worth 20 (only with ``maharashtra_scoring``)."""
    points_display: Literal["whole", "tenths"] = "whole"
    """T3V-11: show card points and bids divided by ten (display only)."""
    tamil_nadu: bool = False
    """T3V-12 / T3V-13: 304, 504 (six players) or 904 (eight players), with the Double."""


@dataclass(frozen=True)
class Layout:
    """What the player count and options make of the table (T3V-5, T3V-6, T3V-7, T3V-12)."""

    players: int
    deck: tuple[Card, ...]
    strength: tuple[int, ...]
    points: tuple[int, ...]
    total: int
    first_batch: int
    second_batch: int
    two_auctions: bool
    """True: the four-card auction then the eight-card round (T3-6, T3-8); False: the
    single compulsory auction of T3V-5.3."""
    min_bid: int
    bid_200: int
    bid_250: int
    max_bid: int
    caps: bool
    """Caps (T3-16) exists; the Tamil Nadu mode replaces it by the Double (ED-V13)."""
    double: bool

    @property
    def hand_size(self) -> int:
        return self.first_batch + self.second_batch

    @property
    def tricks(self) -> int:
        return self.hand_size


BASE_RANKS = ("J", "9", "A", "10", "K", "Q", "8", "7")
BASE_POINTS = {"J": 30, "9": 20, "A": 11, "10": 10, "K": 3, "Q": 2}
CANONICAL_SUITS = ("S", "C", "D", "H")
"""ED-1: the canonical deck order lists suits S, C, D, H and ranks 7 up to A."""


def _deck(ranks_high_to_low: tuple[str, ...]) -> tuple[Card, ...]:
    low_to_high = sorted(ranks_high_to_low, key=RANKS.index)
    return tuple(make_card(r, s) for s in CANONICAL_SUITS for r in low_to_high)


@functools.cache
def layout_for(players: int, options: Options) -> Layout:
    """The layout for a player count; impossible combinations raise ``IllegalAction``.
    Built once per (players, options): the Layout and the options are frozen, and every
    new match asks twice."""
    ranks: tuple[str, ...] = BASE_RANKS
    values = dict(BASE_POINTS)
    first, second, two = 4, 4, True
    thresholds = (160, 200, 250, 300)
    if options.tamil_nadu:
        if players == 6:
            if options.six_player_deck == "24":
                raise IllegalAction(
                    "Tamil Nadu 504 adds the 3s to the 32-card pack: choose the 36-card "
                    "six-player deck.",
                    code="tamil_nadu_needs_36",
                )
            ranks = ("3", *BASE_RANKS)
            values["3"] = 50
            first, second = 4, 2
            thresholds = (260, 330, 410, 500)
        elif players == 8:
            ranks = ("2", "3", *BASE_RANKS)
            values.update({"3": 50, "2": 100})
            first, second = 3, 2
            thresholds = (460, 590, 740, 900)
    elif players == 6 and options.six_player_deck == "24":
        ranks = BASE_RANKS[:6]
        first, second, two = 3, 1, False
    elif players == 6:
        ranks = (*BASE_RANKS, "6")
        first, second = 4, 2
    elif players == 8:
        first, second, two = 3, 1, False
    if options.half_court and not two:
        raise IllegalAction(
            "Half Court needs the two-auction game (4 players or 6 with 36 cards).",
            code="half_court_needs_two_auctions",
        )
    if options.maharashtra_partner and (
        players != 4 or options.tamil_nadu or options.maharashtra_scoring
    ):
        raise IllegalAction(
            "The Maharashtra called-partner game is for 4 players, without the Tamil Nadu "
            "mode or the marriage scoring.",
            code="maharashtra_partner_conflict",
        )
    order = RankOrder(ranks)
    points = point_table(values)
    deck = _deck(ranks)
    return Layout(
        players=players,
        deck=deck,
        strength=order.strength,
        points=points,
        total=sum(points[c] for c in deck),
        first_batch=first,
        second_batch=second,
        two_auctions=two,
        min_bid=thresholds[0] if two else thresholds[1],
        bid_200=thresholds[1],
        bid_250=thresholds[2],
        max_bid=thresholds[3],
        caps=not options.tamil_nadu and not options.maharashtra_partner,
        double=options.tamil_nadu and players == 4,
    )


def suit_letter(suit: int) -> str:
    return SUITS[suit]

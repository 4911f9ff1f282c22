"""What a table's configuration (player count and options) fixes for every match played
with it: the layout, the bid ladder, the seating tables and the prebuilt action lists.

Built once per configuration (``table_plan`` is cached; its inputs are frozen) and shared
by the matches: nothing here is ever mutated, so a new match only looks its table up.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass

from rules.cards import Card
from rules.contract import Action
from rules.three_o_four import actions as A
from rules.three_o_four.auction import HALF_COURT, PCC, ladder
from rules.three_o_four.options import Layout, Options, layout_for

DealPlan = tuple[tuple[int, int, int, int, int], ...]
"""Per seat from the dealer's right: (seat, first batch start, end, second batch start,
end) in the cut pack."""


@dataclass(frozen=True, slots=True)
class TablePlan:
    layout: Layout
    ladder: tuple[int, ...]
    """Every numeric bid, low to high (T3-6.3 / T3V-2)."""
    bids: list[Action]
    """``bids[i]``: the bid action of ``ladder[i]`` (a list: its slices are legal lists)."""
    start_200: int
    """Where the bids from 200 start in the ladder (T3-6.6 / T3-6.7 restrict a seat to them)."""
    start_above: dict[int, int]
    """``start_above[bid]``: where the bids above the ladder bid ``bid`` start."""
    deck_counter: Counter[Card]
    """The deck as a multiset (stacked deals are checked against it; never mutated)."""
    cut_legal: list[Action]
    """The cutter's choices (T3-5.4): no cut, or any depth; shared, never mutated."""
    asks: tuple[tuple[Action, ...], ...]
    """``asks[seat]``: asking each teammate to bid (T3-6.9)."""
    four_card_calls: tuple[tuple[tuple[list[Action], ...], ...], ...]
    """``four_card_calls[seat][may_ask][start]``: a four-card auction turn's choices
    (T3-6): pass, ask a teammate (``may_ask``: no request is open), the bids from
    ``ladder[start]`` and Half Court (T3V-4, when on). The redeal (T3-6.13) is not in them."""
    single_calls: tuple[tuple[list[Action], ...], ...]
    """``single_calls[may_pass][start]``: a one-round auction turn (T3V-5.3): the bids from
    ``ladder[start]``, after a pass unless the seat opens the compulsory auction."""
    eight_card_calls: tuple[list[Action], ...]
    """``eight_card_calls[start]``: an eight-card round turn (T3-8.3 / T3-8.5): pass, the
    bids from ``ladder[start]``, PCC."""
    solo_out: tuple[frozenset[int], ...]
    """``solo_out[bidder]``: the teammates who sit out his PCC or Half Court (T3-15.1)."""
    next_seat: tuple[int, ...]
    """Around the table (T3-1.2)."""
    next_active: dict[frozenset[int], tuple[int, ...]]
    """``next_active[sitting_out]``: the next seat to play, skipping those sitting out."""
    team_seats: tuple[list[int], ...]
    """The seats of team 0 and of team 1 (T3-3.1: the team is the seat mod 2)."""
    order_from: tuple[tuple[int, ...], ...]
    """``order_from[s]``: the seats from ``s`` round the table (T3-1.2)."""
    deal_plans: tuple[DealPlan, ...]
    """``deal_plans[dealer]``: where each seat's batches lie in the cut pack."""


@functools.cache
def table_plan(players: int, options: Options) -> TablePlan:
    layout = layout_for(players, options)
    bid_values = ladder(layout, options.bid_step_above_200)
    teammates = tuple(
        tuple(s for s in range(seat % 2, players, 2) if s != seat) for seat in range(players)
    )
    solo_out = tuple(frozenset(mates) for mates in teammates)
    next_seat = tuple((s + 1) % players for s in range(players))
    next_active: dict[frozenset[int], tuple[int, ...]] = {frozenset(): next_seat}
    for out in solo_out:
        next_active[out] = tuple(_after(s, players, out) for s in range(players))
    bids = [A.BID[v] for v in bid_values]
    starts = range(len(bids) + 1)
    half_court = [A.BID[HALF_COURT]] if options.half_court else []
    asks = tuple(tuple(A.ASK[t] for t in mates) for mates in teammates)
    four_card_calls = tuple(
        tuple(
            tuple(
                [A.PASS, *(asks[seat] if may_ask else ()), *bids[i:], *half_court] for i in starts
            )
            for may_ask in (False, True)
        )
        for seat in range(players)
    )
    order_from = tuple(tuple((s + i) % players for i in range(players)) for s in range(players))
    return TablePlan(
        layout=layout,
        ladder=bid_values,
        bids=bids,
        start_200=bisect_left(bid_values, layout.bid_200),
        start_above={bid: bisect_left(bid_values, bid + 1) for bid in bid_values},
        deck_counter=Counter(layout.deck),
        cut_legal=[A.NO_CUT, *(A.CUT[c] for c in range(1, len(layout.deck)))],
        asks=asks,
        four_card_calls=four_card_calls,
        single_calls=(tuple(bids[i:] for i in starts), tuple([A.PASS, *bids[i:]] for i in starts)),
        eight_card_calls=tuple([A.PASS, *bids[i:], A.BID[PCC]] for i in starts),
        solo_out=solo_out,
        next_seat=next_seat,
        next_active=next_active,
        team_seats=(list(range(0, players, 2)), list(range(1, players, 2))),
        order_from=order_from,
        deal_plans=tuple(_deal_plan(layout, order_from, d) for d in range(players)),
    )


def _after(seat: int, players: int, sitting_out: frozenset[int]) -> int:
    nxt = (seat + 1) % players
    while nxt in sitting_out:
        nxt = (nxt + 1) % players
    return nxt


def _deal_plan(layout: Layout, order_from: tuple[tuple[int, ...], ...], dealer: int) -> DealPlan:
    """T3-5.6 / T3-5.7: per seat from the dealer's right, where its first batch and its
    second batch lie in the (cut) pack."""
    n = layout.players
    b1, b2 = layout.first_batch, layout.second_batch
    return tuple(
        (seat, b1 * i, b1 * i + b1, n * b1 + b2 * i, n * b1 + b2 * i + b2)
        for i, seat in enumerate(order_from[(dealer + 1) % n])
    )

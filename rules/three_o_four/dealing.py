"""The deal of a 304 hand (T3-5): a stacked deal checked, the cut, the first batch from
the dealer's right, the second once the indicator lies on the table; and ED-4 / ED-6,
the pack gathered for the traditional shuffle and the hand's seed revealed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from rules.cards import Card, card_strs
from rules.contract import Action, Deal, Event, IllegalAction
from rules.three_o_four.actions import kind_value, new_event
from rules.three_o_four.auction import FourCardAuction, OneRoundAuction
from rules.three_o_four.prebuilt import CUT_EVENTS

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


def check_deal(m: ThreeOFourMatch, deal: Deal) -> None:
    hands, stock, _ = deal.card_ints()
    if not 0 <= deal.dealer < m.players:
        raise IllegalAction(
            "Bad deal: there is no seat {seat} to deal.",
            code="bad_deal_dealer",
            seat=deal.dealer,
        )
    if len(hands) != m.players:
        raise IllegalAction(
            "Bad deal: {hands} hands for {players} players.",
            code="bad_deal_hand_count",
            hands=len(hands),
            players=m.players,
        )
    size = m.layout.hand_size
    if any(len(h) != size for h in hands):
        raise IllegalAction(
            "Bad deal: every hand must list {size} cards.", code="bad_deal_hand_size", size=size
        )
    if Counter(c for h in hands for c in h) + Counter(stock) != m._deck_counter:
        raise IllegalAction(
            "Bad deal: the cards are not exactly this game's deck.", code="bad_deal_cards"
        )


def deal_first(m: ThreeOFourMatch, cut: int) -> None:
    """T3-5.6 / T3-5.8: the first batch from the dealer's right (after the cut)."""
    n, lay = m.players, m.layout
    hands, second = m.hands, m.second
    if m.stacked is not None:
        stacked, stock, _ = m.stacked.card_ints()
        for seat in range(n):
            hands[seat] = stacked[seat][: lay.first_batch]
            second[seat] = stacked[seat][lay.first_batch :]
        m.stock = stock
    else:
        pack = m.pack[cut:] + m.pack[:cut] if cut else m.pack
        for seat, start, end, start2, end2 in m._deal_plans[m.dealer]:
            hands[seat] = pack[start:end]
            second[seat] = pack[start2:end2]
        m.stock = pack[m._dealt :]
    m.pack = []
    m.shown_after_hand = {}
    m.phase_name = "bidding"
    if m.called and m._half_court_on:
        order = m._order_from[(m.dealer + 1) % n]
        m.round = OneRoundAuction(n, order)  # T3V-8.2: the Half Court window
        m.phase_name = "half_court"
    elif m.called:
        deal_second(m)  # T3V-8.3: no Half Court: the deal is completed at once
        m.auction4 = FourCardAuction.start(n, m.dealer)
    elif lay.two_auctions:
        m.auction4 = FourCardAuction.start(n, m.dealer)
    else:
        m.round = OneRoundAuction(n, m._order_from[(m.dealer + 1) % n])


def deal_second(m: ThreeOFourMatch) -> None:
    """T3-5.7: the second batch, only once the indicator lies on the table."""
    hands = m.hands
    for seat, batch in enumerate(m.second):
        hands[seat] += batch  # the hand lists are this hand's own (sliced from the pack)
    m.second = [[] for _ in hands]


def apply_cut(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    """T3-5.4: the cut, then the first batch; the auction's first speaker is to act
    (no Caps call can be open before the play)."""
    kind, value = kind_value(action)
    cut = int(value) if value else 0  # no_cut has no value
    deal_first(m, cut if kind == "cut" else 0)
    m._hand_to(m._turn_seat())
    return [CUT_EVENTS[seat][cut]]


def gathered(m: ThreeOFourMatch) -> list[Card]:
    """ED-4: the pack rebuilt from the hand just ended, for the traditional shuffle."""
    played = [p[1] for p in m.history]
    order = [(m.dealer + 1 + i) % m.players for i in range(m.players)]
    rest: list[Card] = []
    for seat in order:
        rest += m.hands[seat]
        if seat == m.trumper and m.indicator is not None and m.indicator_down:
            rest.append(m.indicator)
    undealt = [c for seat in order for c in m.second[seat]]
    return played + rest + undealt + m.stock + m.pack


def seed_record(m: ThreeOFourMatch) -> dict[str, Any]:
    """ED-6: the hand's seed revealed with its commitment (nothing without the option
    or for a stacked deal); in the traditional mode also the pack the riffles began
    from, without which the shuffle cannot be checked."""
    if m.hand_seed is None:
        return {}
    record: dict[str, Any] = {"seed": m.hand_seed, "seed_commitment": m.seed_commitment}
    if m.riffled_from is not None:
        record["riffled_from"] = card_strs(m.riffled_from)
    return record


def with_seed_events(m: ThreeOFourMatch, events: list[Event]) -> list[Event]:
    """A hand's events end with ED-6's seed events (the hand over is always the last
    thing an action does)."""
    if m._seed_commitment:
        events += _seed_events(m)
    return events


def _seed_events(m: ThreeOFourMatch) -> list[Event]:
    """ED-6: after a hand, its seed revealed; before the next deal, the new commitment."""
    events = []
    ended = m._hand_results[-1]
    if "seed" in ended:
        events.append(
            new_event(
                "seed_revealed",
                {
                    "hand": ended["hand"],
                    "seed": ended["seed"],
                    "commitment": ended["seed_commitment"],
                },
            )
        )
    if m._result is None and m.seed_commitment is not None:
        events.append(
            new_event("seed_committed", {"hand": m.hand_no, "commitment": m.seed_commitment})
        )
    return events

"""Stacked Telefunken deals and small drivers for the rule tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from rules.cards import JOKER, RANKS, card_str, deck_of, parse_card
from rules.contract import Deal
from rules.rummy import Meld, make_run, make_set
from rules.telefunken import SPEC, TelefunkenMatch
from rules.telefunken.melds import TableMeld
from rules.telefunken.variants import TelefunkenOptions, ruleset


def stacked(
    players: int = 4,
    dealer: int = 0,
    hands: dict[int, Sequence[str]] | None = None,
    stock: Sequence[str] = (),
    upcard: str | None = "auto",
    options: dict[str, Any] | None = None,
) -> Deal:
    """A full ``Deal``: the named cards where given, the rest of the pack shuffled in.

    ``hands`` may name only part of a hand; ``stock`` is the top of the stock. Filler
    cards never include jokers (they go to the bottom of the stock), so a test's hand
    holds a joker only when it names one.
    """
    rs = ruleset(TelefunkenOptions(**(options or {})), players)
    left = Counter(deck_of(RANKS, copies=rs.decks, jokers=rs.joker_count()))
    named = [c for h in (hands or {}).values() for c in h] + list(stock)
    if upcard not in (None, "auto"):
        named.append(upcard)
    for text in named:
        card = parse_card(text)
        assert left[card] > 0, f"no {text} left in the pack"
        left[card] -= 1
    naturals = [c for c in sorted(left.elements()) if c != JOKER]
    random.Random(7).shuffle(naturals)
    filler = naturals + [JOKER] * left[JOKER]
    out_hands: list[list[str]] = []
    for seat in range(players):
        want = rs.hand_size + (1 if rs.dealer_extra_card and seat == dealer else 0)
        hand = list((hands or {}).get(seat, ()))
        while len(hand) < want:
            hand.append(card_str(filler.pop(0)))
        out_hands.append(hand)
    up: str | None = None
    if not rs.dealer_extra_card:
        up = card_str(filler.pop(0)) if upcard == "auto" else upcard
    return Deal(
        dealer=dealer,
        hands=out_hands,
        stock=[*stock, *(card_str(c) for c in filler)],
        upcard=up,
    )


def begin(
    players: int = 4,
    options: dict[str, Any] | None = None,
    deals: Iterable[Deal] = (),
    contract: int = 1,
    seed: int = 0,
) -> TelefunkenMatch:
    """A match past its first cut; ``contract`` starts it at that deal of the list."""
    match = SPEC.new_match(players, options, seed=seed, deals=list(deals))
    assert isinstance(match, TelefunkenMatch)
    if contract > 1:
        match.contracts_left = list(range(contract - 1, len(match.rs.contracts)))
        match.contract_no = contract - 1
        match.deal_no = contract
    (cutter,) = match.to_act
    match.apply(cutter, "cut")
    return match


def ids(match: TelefunkenMatch, seat: int) -> set[str]:
    return {a.id for a in match.legal_actions(seat)}


def settle_window(match: TelefunkenMatch) -> None:
    """Everyone in the buy window passes (the next player's answer is their draw)."""
    while match.phase == "buy":
        seat = min(match.to_act)
        match.apply(seat, "draw" if "draw" in ids(match, seat) else "pass")
    if match.phase == "draw":
        match.apply(match.turn_player, "draw")


def draw_and_discard(match: TelefunkenMatch, card: str | None = None) -> None:
    """The player to move draws (if not yet) and discards ``card`` (default: the drawn one)."""
    seat = match.turn_player
    if match.phase == "draw":
        match.apply(seat, "draw")
    if card is None:
        assert match.last_drawn is not None
        card = card_str(match.last_drawn)
    match.apply(seat, f"discard:{card}")
    settle_window(match)


def put_meld(
    match: TelefunkenMatch,
    owner: int,
    cards: Sequence[str],
    kind: str = "set",
    contract: bool = True,
    pure: bool = False,
) -> TableMeld:
    """Place a meld on the table as if ``owner`` had laid it in an earlier turn.

    The cards come out of the stock (or, failing that, the owner's or another hand, which
    gets a stock card instead) so the pack stays whole.
    """
    ints = [parse_card(c) for c in cards]
    rules = match.rs.set_rules if kind == "set" else match.rs.run_rules
    meld: Meld | None = make_set(ints, rules) if kind == "set" else make_run(ints, rules)
    assert meld is not None, f"{cards} is not a {kind}"
    for c in ints:
        if c in match.stock:
            match.stock.remove(c)
            continue
        seats = [owner] + [s for s in range(match.players) if s != owner]
        holder = next(s for s in seats if c in match.hands[s])
        match.hands[holder].remove(c)
        match.hands[holder].append(match.stock.pop(0))
    tm = TableMeld(match.next_meld_id, owner, meld, pure=pure, contract=contract, turn=0)
    match.next_meld_id += 1
    match.melds.append(tm)
    match.has_melded[owner] = True
    match.melded_turn[owner] = 0
    match._cache.clear()
    return tm


def give(match: TelefunkenMatch, seat: int, cards: Sequence[str]) -> None:
    """Swap cards from the stock into ``seat``'s hand for its first cards (pack stays whole)."""
    hand = match.hands[seat]
    for text in cards:
        card = parse_card(text)
        match.stock.remove(card)
        out = next(c for c in hand if card_str(c) not in cards)
        hand.remove(out)
        match.stock.insert(0, out)
        hand.append(card)
    match._cache.clear()

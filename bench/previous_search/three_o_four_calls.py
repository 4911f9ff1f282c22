# players/three_o_four_calls.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""304's optional calls for the computers above ``random``, on turn or off it (ED-25):

- Caps (T3-16.4): called exactly when the seat is certain on its own knowledge, by the
  search's mirror of the engine's judge (``search.three_o_four_caps.certain_order``): a
  missed duty and an early call are both Wrong Caps. Asked only when the engine offers
  the call and the calling team has won every trick so far, which keeps it cheap.
- marriages (ED-V9): declared when offered (a declared marriage only ever helps).
- spoilt trumps (ED-23, claim mode): claimed by a defender only when the view proves the
  condition (the claim is then upheld and the hand, hopeless for the defenders, is
  dealt again); a false claim costs nothing, but claiming blindly would only add noise.
"""

from __future__ import annotations

import random
from typing import Any

from players.base import Situation
from rules.cards import SUITS, Card, parse_card
from rules.contract import Action
from rules.three_o_four import actions as A
from rules.tricks import SUIT_OF

SEARCHED_CARDS = 2
"""The heuristic searches for certainty only with this many cards left in hand (where
nearly every certainty of its play arises, and the search is cheap); with more, only
the judge's quick cashing proof (on lead) can make it call."""
HEURISTIC_BUDGET = 100
"""The heuristic's certainty search stops here (the search player's: 2000): past it
the answer is "not certain", so it may miss a duty but never calls unsoundly. Against
300 it lost no correct call in 30 heuristic matches at each table size and saved ~10%
of 6-player play."""
HEURISTIC_SAMPLES = 1
"""Worlds it samples for the quick refutation (the search player: 6)."""


def caps_call(
    situation: Situation, rng: random.Random, screened: bool = False, off_turn: bool = False
) -> Action | None:
    """The Caps call the seat owes now (certain on its view), or ``None``.

    ``screened`` (the heuristic, which must stay cheap): the certainty search (a few ms)
    runs only where it may matter and a cheap screen does not settle it: off turn, only
    at the end of a trick unless the deadline is strict (T3-16.8 / ED-33: a certainty
    that began in the trick may still be called there, and it lasts until the seat's
    next card, before which it is asked on its turn); not when an opponent may hold
    the top trump (``opponents_may_hold_top_trump``, which rarely misses a certainty);
    with more than ``SEARCHED_CARDS`` cards, only the cashing proof; else a search with
    a small budget. What it calls is certain; what it misses is a Wrong Caps it was
    charged before anyway."""
    offered = next((a for a in situation.legal if a.kind == "caps"), None)
    if offered is None:
        return None
    won = situation.view.get("tricks_won") or ()
    if len(won) == 2 and won[1 - situation.seat % 2]:
        return None  # T3-16.7(d): offered after a lost trick, the call is Wrong Caps
    if screened and off_turn and offered.value.count(",") >= SEARCHED_CARDS:
        # (the call lists every card left: too many to search, and off turn the seat is
        # not on lead for the cashing proof; decided without reading the view)
        return None
    from bench.previous_search.sampling import NoConsistentDeal
    from bench.previous_search.three_o_four import ThreeOFourSearch, ThreeOFourWorlds
    from bench.previous_search.three_o_four_caps import (
        cashing_order,
        certain_order,
        opponents_may_hold_top_trump,
    )

    if screened and not _worth_asking(situation):
        return None
    try:
        worlds = ThreeOFourWorlds(situation)
        if not screened:
            return ThreeOFourSearch.caps(situation, worlds, rng)
        if opponents_may_hold_top_trump(worlds):
            return None
        if cards_left(situation.view) > SEARCHED_CARDS:
            order = cashing_order(worlds)
        else:
            order = certain_order(worlds, rng, HEURISTIC_BUDGET, HEURISTIC_SAMPLES)
        return None if order is None else _call(situation, order)
    except NoConsistentDeal:
        return None


def cards_left(view: dict[str, Any]) -> int:
    """The seat's cards still to play: its hand and, for the trumper, the indicator while
    it lies face down (the cards a Caps call lists)."""
    own_indicator = isinstance(view.get("indicator"), str) and view.get("indicator_on_table")
    return len(view.get("hand") or ()) + (1 if own_indicator else 0)


def _call(situation: Situation, order: list[Card]) -> Action:
    if getattr(situation.options, "caps_order_required", True):
        return A.caps_action(order)
    return A.CAPS_ANY_ORDER


def _worth_asking(situation: Situation) -> bool:
    """Read off the view before any world is built: the seat knows trump, and either
    holds at most ``SEARCHED_CARDS`` cards and is on turn, at a trick's end, or under a
    strict deadline; or is on lead (where the cashing proof applies)."""
    view = situation.view
    if not view.get("trump"):
        return False
    per = situation.players - len(view.get("sitting_out") or ())
    trick_end = len(view.get("played") or ()) % per == 0
    on_turn = situation.seat in (view.get("to_act") or ())
    if cards_left(view) > SEARCHED_CARDS:
        return on_turn and trick_end
    strict = getattr(situation.options, "caps_enforcement", "lenient") == "strict"
    return on_turn or trick_end or strict


def marriage(situation: Situation) -> Action | None:
    """A marriage offered (ED-V9), if any."""
    return next((a for a in situation.legal if a.kind == "marriage"), None)


def spoilt_claim(situation: Situation) -> Action | None:
    """``claim_spoilt`` when the seat defends and its view proves that no defender held a
    trump once trump was fixed (ED-22)."""
    claim = next((a for a in situation.legal if a.kind == "claim_spoilt"), None)
    if claim is None or getattr(situation.options, "maharashtra_partner", False):
        return None  # (the called partner's teams are not the seat parity)
    view = situation.view
    trumper, trump_text = view.get("trumper"), view.get("trump")
    seat = situation.seat
    if trumper is None or not trump_text or seat % 2 == trumper % 2:
        return None
    trump = SUITS.index(trump_text)
    return claim if provably_spoilt(view, seat, trumper, trump, situation.players) else None


def provably_spoilt(
    view: dict[str, Any], seat: int, trumper: int, trump: int, players: int
) -> bool:
    """Every defender (the seat and the other active seats of its team) never held a
    trump: the seat by its own cards; another defender by a void in trump shown on a
    trump lead with none of its cards ever seen to be a trump (hands only shrink; its
    unseen face-down cards of finished tricks are not trumps, T3-11.9)."""
    sitting_out = set(view.get("sitting_out") or ())
    defenders = [s for s in range(players) if s % 2 != trumper % 2 and s not in sitting_out]
    played: list[list[Any]] = view.get("played") or []
    per = players - len(sitting_out)
    mine = [parse_card(c) for c in view.get("hand") or ()]
    mine += [parse_card(c) for s, c, _, _ in played if s == seat and c is not None]
    if any(SUIT_OF[c] == trump for c in mine):
        return False
    shown_void: set[int] = set()
    for i, (s, card, _down, src) in enumerate(played):
        if card is not None and SUIT_OF[parse_card(card)] == trump and s in defenders:
            return False
        lead = played[i - i % per][1]
        trump_led = i % per and lead is not None and SUIT_OF[parse_card(lead)] == trump
        if trump_led and src == "hand" and (card is None or SUIT_OF[parse_card(card)] != trump):
            shown_void.add(s)
    return all(s == seat or s in shown_void for s in defenders)


def optional_call(situation: Situation, rng: random.Random) -> Action | None:
    """What a seat asked off turn calls: a marriage, then Caps, then a spoilt claim."""
    return marriage(situation) or caps_call(situation, rng) or spoilt_claim(situation)

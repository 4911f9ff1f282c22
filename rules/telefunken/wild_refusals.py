"""Why a joker or wild-card move is refused (TF-44, TF-45, TFV-EC-7, TFV-PE1-8,
TFV-PE1-WG-4, TFV-BO-11): the real reason, named for the player (issue 34 item 4); and
why a long new meld that grows by layoffs is not laid whole (TF-43).

Only called for a ``takejoker``, ``movejoker`` or ``swap`` that is not among the legal
actions; the checks follow the rule's preconditions in order, so the first one that fails
is the reason given.
"""

from __future__ import annotations

from collections import Counter

from rules.cards import Card, parse_card, pretty
from rules.rummy import RUN, SET, grows_from_smallest, make_run, make_set, swap_wild
from rules.telefunken.melds import TableMeld
from rules.telefunken.table import TableState

NOT_YET = "You can work with jokers from the turn after your contract."


def explain_wild_move(table: TableState, seat: int, kind: str, value: str) -> str | None:
    """The refusal for a joker move, or ``None`` when the action is not one."""
    if table._phase == "draw":
        return "Draw first."
    parts = value.split(":")
    if kind == "takejoker":
        return _take(table, seat, parts)
    if kind == "movejoker":
        return _move(table, seat, parts)
    if kind == "swap":
        return _swap(table, seat, parts)
    return None


def _earlier_contract(table: TableState, seat: int) -> bool:
    """TF-44/TF-45: the player's contract went down in an earlier turn."""
    return table.has_melded[seat] and table.melded_turn[seat] < table.turn_no


def _meld(table: TableState, text: str) -> TableMeld | None:
    return next((m for m in table.melds if str(m.id) == text), None)


def _have(table: TableState, seat: int) -> Counter[Card]:
    have = Counter(table.hands[seat])
    for cand in table.staged:
        have -= Counter(cand.cards)
    return have


def _target(table: TableState, seat: int, text: str) -> TableMeld | str:
    """TF-44/TF-45's shared preconditions: the contract in an earlier turn, the meld named."""
    if not _earlier_contract(table, seat):
        return NOT_YET
    tm = _meld(table, text)
    return f"There is no meld {text}." if tm is None else tm


def _take(table: TableState, seat: int, parts: list[str]) -> str:
    rs = table.rs
    if rs.wild_take not in ("two", "bolivia"):
        return "Jokers are not taken into the hand in this game."
    tm = _target(table, seat, parts[0])
    if isinstance(tm, str):
        return tm
    if tm.meld.kind == RUN:
        return f"Meld {tm.id} is a run: its joker stays on the table."
    if not tm.meld.wilds:
        return f"Meld {tm.id} has no joker."
    if rs.wild_take == "bolivia" and tm.owner == seat:
        return "You can't take a joker from your own meld."  # TFV-BO-11
    have = _have(table, seat)
    cards = [parse_card(c) for c in parts[1].split(",")]
    for card, count in Counter(cards).items():
        if have[card] < count:
            return f"You don't hold {pretty(card)}."
    return f"Taking the joker from meld {tm.id} takes {rs.wild_take_cards} cards of its rank."


def _move(table: TableState, seat: int, parts: list[str]) -> str:
    if not table.rs.run_joker_shift:
        return "Jokers in runs do not move in this game."
    tm = _target(table, seat, parts[0])
    if isinstance(tm, str):
        return tm
    m = tm.meld
    if m.kind != RUN or tm.colour or not m.wilds:
        return f"Meld {tm.id} is not a run with a joker."
    ends = [i for i in (0, len(m.cards) - 1) if m.wild[i]]
    if not ends:
        return f"The joker in meld {tm.id} is no longer at an end, so it can't move."
    have = _have(table, seat)
    naturals = [m.stands_for(i) for i in ends]
    if not any(c is not None and have[c] for c in naturals):
        natural = naturals[0]
        assert natural is not None
        return f"You don't hold {pretty(natural)}, the card the joker stands for."
    # the natural is held and the joker is at an end: only the end it would go to is wrong
    return "The joker can't go beyond the ace."


def _swap(table: TableState, seat: int, parts: list[str]) -> str:
    rs = table.rs
    if rs.wild_take not in ("ec_contract", "swap_run", "swap_any"):
        return "Wild cards are not swapped in this game."
    if rs.wild_take == "ec_contract":
        if table.has_melded[seat]:
            return "In this game you take a joker while laying your contract."
    elif not table.has_melded[seat]:
        return "You can swap for a wild card once your contract is down."
    tm = _meld(table, parts[0])
    if tm is None:
        return f"There is no meld {parts[0]}."
    if rs.wild_take == "ec_contract" and (tm.owner == seat or not tm.contract):
        return "You can take a joker only from another player's contract meld."
    if rs.wild_take == "swap_run" and tm.meld.kind == SET:
        return "Only a run's wild card can be swapped in this game."
    natural, wild = parse_card(parts[1]), parse_card(parts[2])
    places = [i for i, c in enumerate(tm.meld.cards) if c == wild and tm.meld.wild[i]]
    if not places:
        return f"Meld {tm.id} has no {pretty(wild)} as a wild card."
    if not _have(table, seat)[natural]:
        return f"You don't hold {pretty(natural)}."
    rules = rs.set_rules if tm.meld.kind == SET else rs.run_rules
    if all(swap_wild(tm.meld, i, [natural], rules) is None for i in places):
        return f"The wild card in meld {tm.id} doesn't stand for {pretty(natural)}."
    return "You couldn't use that wild card at once in a new meld."


def explain_long_meld(table: TableState, seat: int, value: str) -> str | None:
    """A new meld longer than the smallest that layoffs can build is offered as its
    smallest part (TF-43, the package docstring): say so, or ``None`` if that is not why."""
    rs = table.rs
    if not (table.has_melded[seat] and rs.new_melds_after_contract and table._phase == "play"):
        return None
    try:
        cards = [parse_card(c) for c in value.split(",")]
    except ValueError:
        return None
    have = _have(table, seat)
    if any(have[c] < k for c, k in Counter(cards).items()):
        return None
    meld = make_set(cards, rs.set_rules)
    rules = rs.set_rules
    if meld is None and rs.runs_allowed:
        meld, rules = make_run(cards, rs.run_rules), rs.run_rules
    if meld is None:
        return None
    least = rules.min_set if meld.kind == SET else rules.min_run
    if len(cards) <= least or not grows_from_smallest(meld, rules):
        return None
    return f"Lay {least} of these cards as a meld, then lay off the rest."

"""Why a joker or wild-card move is refused (TF-44, TF-45, TFV-EC-7, TFV-PE1-8,
TFV-PE1-WG-4, TFV-BO-11): the real reason, named for the player (issue 34 item 4); and
why a long new meld that grows by layoffs is not laid whole (TF-43).

Only called for a ``takejoker``, ``movejoker`` or ``swap`` that is not among the legal
actions; the checks follow the rule's preconditions in order, so the first one that fails
is the reason given.
"""

from __future__ import annotations

from collections import Counter

from rules.cards import CARD_STRINGS, Card, parse_card
from rules.contract import IllegalAction
from rules.rummy import RUN, SET, grows_from_smallest, make_run, make_set, swap_wild
from rules.telefunken.melds import TableMeld
from rules.telefunken.table import TableState


def _not_yet() -> IllegalAction:
    return IllegalAction(
        "You can work with jokers from the turn after your contract.",
        code="jokers_after_contract",
    )


def _no_meld(meld: str) -> IllegalAction:
    return IllegalAction("There is no meld {meld}.", code="no_such_meld", meld=meld)


def _not_held(card: Card) -> IllegalAction:
    return IllegalAction("You don't hold {card}.", code="not_holding_card", card=CARD_STRINGS[card])


def explain_wild_move(table: TableState, seat: int, kind: str, value: str) -> IllegalAction | None:
    """The refusal for a joker move, or ``None`` when the action is not one."""
    if table._phase == "draw":
        return IllegalAction("Draw first.", code="draw_first")
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


def _target(table: TableState, seat: int, text: str) -> TableMeld | IllegalAction:
    """TF-44/TF-45's shared preconditions: the contract in an earlier turn, the meld named."""
    if not _earlier_contract(table, seat):
        return _not_yet()
    tm = _meld(table, text)
    return _no_meld(text) if tm is None else tm


def _take(table: TableState, seat: int, parts: list[str]) -> IllegalAction:
    rs = table.rs
    if rs.wild_take not in ("two", "bolivia"):
        return IllegalAction(
            "Jokers are not taken into the hand in this game.", code="jokers_not_taken"
        )
    tm = _target(table, seat, parts[0])
    if isinstance(tm, IllegalAction):
        return tm
    if tm.meld.kind == RUN:
        return IllegalAction(
            "Meld {meld} is a run: its joker stays on the table.",
            code="run_joker_stays",
            meld=str(tm.id),
        )
    if not tm.meld.wilds:
        return IllegalAction("Meld {meld} has no joker.", code="meld_has_no_joker", meld=str(tm.id))
    if rs.wild_take == "bolivia" and tm.owner == seat:
        return IllegalAction(
            "You can't take a joker from your own meld.", code="joker_from_own_meld"
        )  # TFV-BO-11
    have = _have(table, seat)
    cards = [parse_card(c) for c in parts[1].split(",")]
    for card, count in Counter(cards).items():
        if have[card] < count:
            return _not_held(card)
    return IllegalAction(
        "Taking the joker from meld {meld} takes {count} cards of its rank.",
        code="joker_take_cards",
        meld=str(tm.id),
        count=rs.wild_take_cards,
    )


def _move(table: TableState, seat: int, parts: list[str]) -> IllegalAction:
    if not table.rs.run_joker_shift:
        return IllegalAction("Jokers in runs do not move in this game.", code="run_jokers_fixed")
    tm = _target(table, seat, parts[0])
    if isinstance(tm, IllegalAction):
        return tm
    m = tm.meld
    if m.kind != RUN or tm.colour or not m.wilds:
        return IllegalAction(
            "Meld {meld} is not a run with a joker.", code="not_run_with_joker", meld=str(tm.id)
        )
    ends = [i for i in (0, len(m.cards) - 1) if m.wild[i]]
    if not ends:
        return IllegalAction(
            "The joker in meld {meld} is no longer at an end, so it can't move.",
            code="joker_not_at_end",
            meld=str(tm.id),
        )
    have = _have(table, seat)
    naturals = [m.stands_for(i) for i in ends]
    if not any(c is not None and have[c] for c in naturals):
        natural = naturals[0]
        assert natural is not None
        return IllegalAction(
            "You don't hold {card}, the card the joker stands for.",
            code="joker_natural_not_held",
            card=CARD_STRINGS[natural],
        )
    # the natural is held and the joker is at an end: only the end it would go to is wrong
    return IllegalAction("The joker can't go beyond the ace.", code="joker_past_ace")


def _swap(table: TableState, seat: int, parts: list[str]) -> IllegalAction:
    rs = table.rs
    if rs.wild_take not in ("ec_contract", "swap_run", "swap_any"):
        return IllegalAction("Wild cards are not swapped in this game.", code="no_wild_swaps")
    if rs.wild_take == "ec_contract":
        if table.has_melded[seat]:
            return IllegalAction(
                "In this game you take a joker while laying your contract.",
                code="swap_during_contract",
            )
    elif not table.has_melded[seat]:
        return IllegalAction(
            "You can swap for a wild card once your contract is down.", code="swap_after_contract"
        )
    tm = _meld(table, parts[0])
    if tm is None:
        return _no_meld(parts[0])
    if rs.wild_take == "ec_contract" and (tm.owner == seat or not tm.contract):
        return IllegalAction(
            "You can take a joker only from another player's contract meld.",
            code="swap_from_contract_meld",
        )
    if rs.wild_take == "swap_run" and tm.meld.kind == SET:
        return IllegalAction(
            "Only a run's wild card can be swapped in this game.", code="swap_run_only"
        )
    natural, wild = parse_card(parts[1]), parse_card(parts[2])
    places = [i for i, c in enumerate(tm.meld.cards) if c == wild and tm.meld.wild[i]]
    if not places:
        return IllegalAction(
            "Meld {meld} has no {card} as a wild card.",
            code="meld_lacks_wild",
            meld=str(tm.id),
            card=CARD_STRINGS[wild],
        )
    if not _have(table, seat)[natural]:
        return _not_held(natural)
    rules = rs.set_rules if tm.meld.kind == SET else rs.run_rules
    if all(swap_wild(tm.meld, i, [natural], rules) is None for i in places):
        return IllegalAction(
            "The wild card in meld {meld} doesn't stand for {card}.",
            code="wild_does_not_stand_for",
            meld=str(tm.id),
            card=CARD_STRINGS[natural],
        )
    return IllegalAction(
        "You couldn't use that wild card at once in a new meld.", code="wild_unusable"
    )


def explain_long_meld(table: TableState, seat: int, value: str) -> IllegalAction | None:
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
    return IllegalAction(
        "Lay {count} of these cards as a meld, then lay off the rest.",
        code="meld_grows_by_layoffs",
        count=least,
    )

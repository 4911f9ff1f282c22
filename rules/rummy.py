"""Rummy machinery shared by Tonk and Telefunken: sets and runs with wild cards.

Pure functions over card ints (``rules.cards``: ``suit * 13 + rank``, rank 0 = the 2,
rank 12 = the ace, ``JOKER`` = 52; two copies of a card share one int). Every function
takes a frozen ``RummyRules`` describing one game's meld rules. Nothing here keeps game
state (``make_set`` and ``find_melds`` remember answers: memos of pure functions, ``_MEMO``).

API (stable: later work adds names, never renames these)
--------------------------------------------------------
``RummyRules(...)``
    frozen per-game rules: which cards are wild (``jokers_wild``, ``twos_wild``; a 2 used
    as itself is natural when ``two_natural_in_place``), set and run lengths
    (``min_set``/``max_set``/``min_run``/``max_run``), the ace (``ace_low``,
    ``ace_high``, ``ace_around`` = runs may wrap K-A-2), ``set_suits_distinct`` (a set
    may not repeat a suit among its naturals), wild limits per meld kind
    (``min_naturals_set``/``_run``, ``max_wilds_set``/``_run``, ``wild_ratio``: ``"any"``,
    ``"at_most_naturals"``, ``"fewer_than_naturals"``, or per kind ``wild_ratio_set`` /
    ``wild_ratio_run`` when not ``None``; ``wilds_adjacent``), whether a wild
    may be laid off on a set (``wilds_laid_off_on_sets``), and ``points`` (53 values, the
    count of a card left in hand). ``points_table(...)`` builds ``points``.
    Presets: ``TONK_RULES``, ``TELEFUNKEN_RULES``.
``Meld``
    frozen: ``kind`` (``SET``/``RUN``), ``cards`` (a set: naturals then wilds, sorted; a
    run: low to high, each card at its position), ``wild`` (per card: used as a wild),
    ``rank`` (a set's rank, -1 if all wild; -1 for runs), ``suit`` (a run's suit; -1 for
    sets), ``low`` (a run's first position; 0 for sets). Positions: 1 = ace low, 2..13 =
    2..K, 14 = ace high; with ``ace_around`` positions continue past 14 (15 = the 2, ...).
    Members: ``high``, ``naturals``, ``wilds``, ``position(i)``, ``stands_for(i)``
    (the card a run position stands for; ``None`` in a set), ``card_strs()``, ``id_text()``
    (``"5H,2C,7H"``), ``label()`` (``"5♥ 2♣(6♥) 7♥"``), ``to_json()``.
``is_wild_capable(card, rules)``
    the card can be used as a wild (it may still be natural in place).
``make_set(cards, rules)`` / ``make_run(cards, rules)`` -> ``Meld | None``
    a set (order free) / a run read in the order given (low to high, wilds where written).
``meld_from_cards(cards, rules)`` -> ``Meld | None``
    a set if the cards make one, else the run in the order given.
``interpretations(cards, rules)`` -> ``list[Meld]``
    every distinct meld these exact cards make, in any order (wild placements enumerated).
``find_melds(hand, rules, wild_for_held_natural=False, kinds=(SET, RUN),
interchangeable_wilds=False, only_unbuildable=False)`` -> ``list[Meld]``
    every distinct meld formable from part of a hand. By default a wild is never placed in
    a run where the hand holds the natural card for that place; pass ``True`` for the full
    list (a player may lay either: it changes what they keep, TK-32, TF-33; partition
    search needs it too). ``interchangeable_wilds=True`` treats wilds of one kind as the
    same card: a meld using k wild 2s uses the first k of ``wild_use_order`` (2C, 2D, 2H,
    2S) only; that is right only where a 2 is never natural (``twos_interchangeable``).
    ``only_unbuildable=True``: only the longer melds that do not grow from a smallest one
    (``grows_from_smallest``), for games that offer new melds at their smallest size.
``twos_interchangeable(rules)`` -> ``bool``
    wild 2s mean the same wherever they go (2s wild and never natural in place).
``grows_from_smallest(meld, rules)`` -> ``bool``
    the meld can be built from one of the smallest size by one-card layoffs;
    ``unbuildable_run_bound(rules, wilds)`` the longest run that may not.
``wild_use_order(cards)`` -> ``list[Card]``
    jokers, then 2s of clubs, diamonds, hearts, spades.
``lay_off(meld, card, rules, end=None)`` -> ``Meld | None`` and
``lay_off_options(meld, card, rules)`` -> ``list[tuple[End | None, Meld]]``
    the meld after adding one card (a run: at ``"low"`` or ``"high"``; ``None`` = the
    only place the card can go).
``swap_wild(meld, index, naturals, rules)`` -> ``tuple[Meld, Card] | None``
    replace the wild at ``index`` with natural card(s) (a run: exactly the card it stands
    for; a set: one or more cards of the set's rank); returns the new meld and the wild.
``shift_end_wild(meld, natural, to_end, rules)`` -> ``Meld | None``
    a run whose wild sits at an end: the natural takes its place and the wild moves to
    ``to_end`` (Telefunken TF-45).
``hand_points(cards, rules)`` -> ``int``; ``best_partition(hand, rules)`` -> ``Partition``
    the count of cards in hand; the arrangement of a hand into melds leaving the fewest
    unmatched points (``melds``, ``unmatched``, ``deadwood``).
``deadwood_floor(hand, rules)`` -> ``int``
    a cheap lower bound of ``best_partition(hand).deadwood`` (for pruning knock checks).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.cards import CARD_STRINGS, JOKER, RANKS, SUIT_SYMBOLS, SUITS, Card, pretty

MeldKind = Literal["set", "run"]
SET: MeldKind = "set"
RUN: MeldKind = "run"
End = Literal["low", "high"]
WildRatio = Literal["any", "at_most_naturals", "fewer_than_naturals"]

ACE = 12
TWO = 0


def points_table(
    *,
    ace: int = 1,
    jack: int = 10,
    queen: int = 10,
    king: int = 10,
    ten: int = 10,
    two: int = 2,
    joker: int = 0,
    low_face: bool = True,
) -> tuple[int, ...]:
    """Points per card int for cards left in hand: 3..9 at face value (``low_face``)."""
    values: list[int] = []
    for card in range(53):
        if card == JOKER:
            values.append(joker)
            continue
        rank = card % 13
        if rank == TWO:
            values.append(two)
        elif rank <= 7:
            values.append(rank + 2 if low_face else 0)
        else:
            values.append((ten, jack, queen, king, ace)[rank - 8])
    return tuple(values)


@dataclass(frozen=True, slots=True)
class RummyRules:
    """One game's meld rules (see the module docstring for every field)."""

    jokers_wild: bool = True
    twos_wild: bool = False
    two_natural_in_place: bool = True
    min_set: int = 3
    max_set: int | None = None
    min_run: int = 3
    max_run: int = 13
    ace_low: bool = True
    ace_high: bool = True
    ace_around: bool = False
    set_suits_distinct: bool = False
    min_naturals_set: int = 2
    min_naturals_run: int = 2
    max_wilds_set: int | None = None
    max_wilds_run: int | None = None
    wild_ratio: WildRatio = "any"
    wild_ratio_set: WildRatio | None = None
    wild_ratio_run: WildRatio | None = None
    wilds_adjacent: bool = True
    wilds_laid_off_on_sets: bool = True
    points: tuple[int, ...] = field(default_factory=points_table)
    wild_capable: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    runs_count_naturals: bool = field(init=False, repr=False, compare=False)
    """A run's wilds are limited only by its count of naturals (``min_naturals_run``): they
    may sit side by side, with no cap and no ratio (Tonk), so the search counts naturals."""

    def __post_init__(self) -> None:
        capable = tuple(
            (c == JOKER and self.jokers_wild) or (c != JOKER and c % 13 == TWO and self.twos_wild)
            for c in range(53)
        )
        object.__setattr__(self, "wild_capable", capable)
        counted = (
            self.wilds_adjacent
            and self.max_wilds_run is None
            and (self.wild_ratio_run or self.wild_ratio) == "any"
        )
        object.__setattr__(self, "runs_count_naturals", counted)
        if len(self.points) != 53:
            raise ValueError("points must give a value for each of the 53 card ints")


TONK_RULES = RummyRules(
    jokers_wild=False,
    twos_wild=True,
    max_set=4,
    ace_low=True,
    ace_high=False,
    points=points_table(ace=1, two=2),
)
"""Tonk (tonk.md TK-30..TK-33): wild 2s, two naturals per spread, books of 3-4, ace low."""

TELEFUNKEN_RULES = RummyRules(
    jokers_wild=True,
    twos_wild=False,
    max_wilds_set=1,
    max_wilds_run=1,
    ace_low=True,
    ace_high=True,
    points=points_table(ace=11, two=2, joker=15),
)
"""Telefunken base (TF-31..TF-33, TF-60): one joker per meld, ace low or high, two decks."""


def is_wild_capable(card: Card, rules: RummyRules) -> bool:
    return rules.wild_capable[card]


def twos_interchangeable(rules: RummyRules) -> bool:
    """Wild 2s are alike (``interchangeable_wilds`` loses nothing): they are never natural.

    Where a 2 is natural in its own suit at rank 2 (Tonk TK-32, Peru TFV-PE1-6), which 2
    is laid as a wild changes what the player keeps, so each is a meld of its own."""
    return rules.twos_wild and not rules.two_natural_in_place


def position_rank(position: int) -> int:
    """The rank index a run position stands for (1 and 14 are the ace; wraps past 14)."""
    return (position - 2) % 13


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid set or run (only the functions of this module build one)."""

    kind: MeldKind
    cards: tuple[Card, ...]
    wild: tuple[bool, ...]
    rank: int = -1
    suit: int = -1
    low: int = 0

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1 if self.kind == RUN else 0

    @property
    def naturals(self) -> int:
        return self.wild.count(False)

    @property
    def wilds(self) -> int:
        return self.wild.count(True)

    def position(self, index: int) -> int:
        return self.low + index

    def stands_for(self, index: int) -> Card | None:
        """The natural card a run place stands for; ``None`` in a set (any of the rank)."""
        if self.kind != RUN:
            return None
        return self.suit * 13 + position_rank(self.low + index)

    def card_strs(self) -> list[str]:
        return [CARD_STRINGS[c] for c in self.cards]

    def id_text(self) -> str:
        return ",".join(CARD_STRINGS[c] for c in self.cards)

    def label(self) -> str:
        parts = []
        for i, card in enumerate(self.cards):
            text = pretty(card)
            if self.wild[i]:
                stands = self.stands_for(i)
                if stands is not None:
                    text += f"({pretty(stands)})"
                elif self.rank >= 0:
                    text += f"({RANKS[self.rank]})"
            parts.append(text)
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "cards": self.card_strs(),
            "wild": list(self.wild),
        }
        if self.kind == SET:
            data["rank"] = RANKS[self.rank] if self.rank >= 0 else None
        else:
            data["suit"] = SUITS[self.suit]
            data["suit_symbol"] = SUIT_SYMBOLS[SUITS[self.suit]]
            data["stands_for"] = [
                CARD_STRINGS[self.suit * 13 + position_rank(self.low + i)]
                for i in range(len(self.cards))
            ]
        return data


# -- validation -------------------------------------------------------------------------


def _wild_limits_ok(
    naturals: int,
    wilds: int,
    min_naturals: int,
    max_wilds: int | None,
    ratio: WildRatio | None,
    rules: RummyRules,
) -> bool:
    if naturals < min_naturals:
        return False
    if max_wilds is not None and wilds > max_wilds:
        return False
    ratio = ratio or rules.wild_ratio
    if ratio == "at_most_naturals":
        return wilds <= naturals
    if ratio == "fewer_than_naturals":
        return wilds < naturals
    return True


def _sort_key(card: Card) -> tuple[int, int]:
    """Cards by suit, then rank, the joker last: the order of the card ints themselves
    (``suit * 13 + rank``, ``JOKER`` = 52), so the search sorts the ints without it."""
    return (card // 13, card % 13) if card != JOKER else (5, 0)


MeldFields = tuple[MeldKind, tuple[Card, ...], tuple[bool, ...], int, int, int]
"""A meld's fields in ``Meld``'s order (kind, cards, wild, rank, suit, low): the search
finds and remembers these, equal exactly when the melds are, and builds a ``Meld`` only
for ``find_melds`` (``find_meld_cards`` needs only the cards)."""


class _RulesMemo:
    """Answers remembered for one rules object: ``make_set`` by cards, the sets of one
    rank that ``_find_sets`` builds and the runs of one suit that ``_find_runs`` builds (a
    hand keeps most of its ranks and suits from turn to turn), as meld fields."""

    __slots__ = ("groups", "rules", "runs", "sets")

    def __init__(self, rules: RummyRules) -> None:
        self.rules = rules
        """Kept alive, so its ``id`` is never reused while its answers are stored."""
        self.sets: dict[tuple[Card, ...], Meld | None] = {}
        self.groups: dict[tuple[Any, ...], list[MeldFields]] = {}
        self.runs: dict[tuple[Any, ...], list[MeldFields]] = {}


_MEMO: dict[int, _RulesMemo] = {}
"""Memos by ``id(rules)`` (hashing the rules each call would cost more than the memo saves)."""
_MEMO_RULES = 64
"""Rules objects remembered at once (games build a handful; more and all are forgotten)."""
_MEMO_SIZE = 50_000
"""Answers remembered per rules object and kind before they are forgotten and built again."""


def _memo(rules: RummyRules) -> _RulesMemo:
    memo = _MEMO.get(id(rules))
    if memo is None or memo.rules is not rules:
        if len(_MEMO) >= _MEMO_RULES:
            _MEMO.clear()
        memo = _MEMO[id(rules)] = _RulesMemo(rules)
    return memo


def make_set(cards: Sequence[Card], rules: RummyRules) -> Meld | None:
    """The set these cards make (order free), or ``None``."""
    answers = _memo(rules).sets
    key = tuple(cards)
    if key in answers:
        return answers[key]
    if len(answers) >= _MEMO_SIZE:
        answers.clear()
    fields = _set_fields(key, rules)
    meld = answers[key] = Meld(*fields) if fields is not None else None
    return meld


def _set_fields(cards: tuple[Card, ...], rules: RummyRules) -> MeldFields | None:
    """``make_set``'s answer as the meld's fields (the search builds no ``Meld``)."""
    n = len(cards)
    if n < rules.min_set or (rules.max_set is not None and n > rules.max_set):
        return None
    capable = rules.wild_capable
    rank = -1
    has_two = False
    for c in cards:
        if c == JOKER:
            if not rules.jokers_wild:
                return None
            continue
        if capable[c]:
            has_two = True
            continue
        r = c % 13
        if rank == -1:
            rank = r
        elif r != rank:
            return None
    if rank == -1 and has_two and rules.two_natural_in_place:
        rank = TWO
    naturals: list[Card] = []
    wilds: list[Card] = []
    for c in cards:
        if c == JOKER or (capable[c] and (rank != TWO or not rules.two_natural_in_place)):
            wilds.append(c)
        else:
            naturals.append(c)
    if not _wild_limits_ok(
        len(naturals),
        len(wilds),
        rules.min_naturals_set,
        rules.max_wilds_set,
        rules.wild_ratio_set,
        rules,
    ):
        return None
    if rules.set_suits_distinct:
        suits = [c // 13 for c in naturals]
        if len(set(suits)) != len(suits):
            return None
    naturals.sort()  # by ``_sort_key``
    wilds.sort()
    return (SET, (*naturals, *wilds), (False,) * len(naturals) + (True,) * len(wilds), rank, -1, 0)


def _low_ok(low: int, n: int, rules: RummyRules) -> bool:
    """Whether a run of ``n`` cards may start at position ``low`` (already normalised)."""
    if n > 13 or n > rules.max_run or n < rules.min_run:
        return False
    if rules.ace_around:
        return 1 <= low <= 13
    lowest = 1 if rules.ace_low else 2
    highest = 14 if rules.ace_high else 13
    return low >= lowest and low + n - 1 <= highest


def _normalise_low(low: int, rules: RummyRules) -> int:
    return (low - 1) % 13 + 1 if rules.ace_around else low


def _positions(card: Card, rules: RummyRules) -> tuple[int, ...]:
    """The run positions a natural card can take."""
    rank = card % 13
    if rank != ACE:
        return (rank + 2,)
    if rules.ace_around:
        return (1,)
    return (1, 14)


def _run_at(cards: Sequence[Card], suit: int, low: int, rules: RummyRules) -> Meld | None:
    """The run of ``cards`` in this order, of ``suit``, first card at ``low``; or ``None``."""
    n = len(cards)
    if not _low_ok(low, n, rules):
        return None
    capable = rules.wild_capable
    base = suit * 13
    wild: list[bool] = []
    naturals = 0
    previous_wild = False
    for i, c in enumerate(cards):
        stands = base + (low + i - 2) % 13
        if c == JOKER:
            if not rules.jokers_wild:
                return None
            is_wild = True
        elif capable[c]:
            is_wild = not (c == stands and rules.two_natural_in_place)
        elif c != stands:
            return None
        else:
            is_wild = False
        if is_wild:
            if previous_wild and not rules.wilds_adjacent:
                return None
        else:
            naturals += 1
        previous_wild = is_wild
        wild.append(is_wild)
    if not _wild_limits_ok(
        naturals,
        n - naturals,
        rules.min_naturals_run,
        rules.max_wilds_run,
        rules.wild_ratio_run,
        rules,
    ):
        return None
    return Meld(RUN, tuple(cards), tuple(wild), -1, suit, low)


def _run_anchors(cards: Sequence[Card], rules: RummyRules) -> list[tuple[int, int]]:
    """Candidate (suit, low) pairs for cards read in order, from their natural cards."""
    capable = rules.wild_capable
    for i, c in enumerate(cards):
        if c != JOKER and not capable[c]:
            return [(c // 13, _normalise_low(p - i, rules)) for p in _positions(c, rules)]
    if not rules.two_natural_in_place:
        return []
    return [
        (c // 13, _normalise_low(2 - i, rules))
        for i, c in enumerate(cards)
        if c != JOKER and c % 13 == TWO
    ]


def make_run(cards: Sequence[Card], rules: RummyRules) -> Meld | None:
    """The run these cards make read low to high in the order given, or ``None``."""
    for suit, low in _run_anchors(cards, rules):
        meld = _run_at(cards, suit, low, rules)
        if meld is not None:
            return meld
    return None


def meld_from_cards(cards: Sequence[Card], rules: RummyRules) -> Meld | None:
    """A set if the cards make one, else the run they make in the order given."""
    return make_set(cards, rules) or make_run(cards, rules)


def _distinct_orders(wilds: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Orders of wild cards that differ in which kind of wild sits where.

    Wilds of one kind (jokers; 2s) mean the same on the table, so among them only one
    canonical order (sorted) is produced.
    """
    jokers = [c for c in wilds if c == JOKER]
    twos = sorted(c for c in wilds if c != JOKER)
    if not jokers or not twos:
        return [tuple(sorted(wilds))]  # by ``_sort_key``
    out: list[tuple[Card, ...]] = []
    n = len(wilds)
    for joker_places in itertools.combinations(range(n), len(jokers)):
        it = iter(twos)
        out.append(tuple(JOKER if i in joker_places else next(it) for i in range(n)))
    return out


def _run_lows(naturals: Sequence[Card], n: int, rules: RummyRules) -> list[int]:
    lows: set[int] = set()
    for p in _positions(naturals[0], rules):
        for k in range(n):
            lows.add(_normalise_low(p - k, rules))
    return sorted(lows)


def _place_run(
    suit: int,
    low: int,
    n: int,
    naturals: Sequence[Card],
    twos_of_suit: Sequence[Card],
    wilds: Sequence[Card],
    rules: RummyRules,
) -> list[Meld]:
    """Every run of ``suit`` at ``low`` using exactly the given cards."""
    slots: list[Card | None] = [None] * n
    for c in naturals:
        offset = -1
        for p in _positions(c, rules):
            k = (p - low) % 13 if rules.ace_around else p - low
            if 0 <= k < n:
                offset = k
                break
        if offset < 0 or slots[offset] is not None:
            return []
        slots[offset] = c
    spare = list(wilds)
    twos = list(twos_of_suit)
    if twos:
        k = (2 - low) % 13 if rules.ace_around else 2 - low
        if 0 <= k < n and slots[k] is None:
            slots[k] = twos.pop()
        spare += twos
    empty = [i for i, c in enumerate(slots) if c is None]
    if len(empty) != len(spare):
        return []
    out = []
    for order in _distinct_orders(spare):
        filled = list(slots)
        for i, c in zip(empty, order, strict=True):
            filled[i] = c
        meld = _run_at([c for c in filled if c is not None], suit, low, rules)
        if meld is not None:
            out.append(meld)
    return out


def _run_interpretations(cards: Sequence[Card], rules: RummyRules) -> list[Meld]:
    n = len(cards)
    if n < rules.min_run or n > min(rules.max_run, 13):
        return []
    capable = rules.wild_capable
    naturals = [c for c in cards if c != JOKER and not capable[c]]
    if JOKER in cards and not rules.jokers_wild:
        return []
    capable_twos = [c for c in cards if c != JOKER and capable[c]]
    jokers = [c for c in cards if c == JOKER]
    out: list[Meld] = []
    if naturals:
        suit = naturals[0] // 13
        if any(c // 13 != suit for c in naturals):
            return []
        suits = [suit]
    elif rules.two_natural_in_place:
        suits = sorted({c // 13 for c in capable_twos})
    else:
        return []
    for suit in suits:
        own_twos = (
            [c for c in capable_twos if c // 13 == suit] if rules.two_natural_in_place else []
        )
        other_wilds = jokers + [c for c in capable_twos if c not in own_twos]
        if naturals:
            lows = _run_lows(naturals, n, rules)
        else:
            lows = sorted({_normalise_low(2 - k, rules) for k in range(n)})
        for low in lows:
            if not _low_ok(low, n, rules):
                continue
            out.extend(_place_run(suit, low, n, naturals, own_twos, other_wilds, rules))
    return out


def interpretations(cards: Sequence[Card], rules: RummyRules) -> list[Meld]:
    """Every distinct meld these exact cards make (a set, or runs with wilds placed)."""
    out: list[Meld] = []
    as_set = make_set(cards, rules)
    if as_set is not None:
        out.append(as_set)
    seen = set(out)
    for meld in _run_interpretations(cards, rules):
        if meld not in seen:
            seen.add(meld)
            out.append(meld)
    return out


# -- finding melds in a hand ------------------------------------------------------------


def _sub_multisets(cards: Sequence[Card], size: int) -> set[tuple[Card, ...]]:
    return set(itertools.combinations(sorted(cards), size))  # by ``_sort_key``


def wild_use_order(cards: Iterable[Card]) -> list[Card]:
    """Wild-capable cards in the order interchangeable wilds are used: jokers, then the 2s
    of clubs, diamonds, hearts, spades (``find_melds(interchangeable_wilds=True)``)."""
    return sorted(cards, key=lambda c: -1 if c == JOKER else 52 - c)


def _wild_choices(
    wilds: Sequence[Card], count: int, interchangeable: bool = False
) -> set[tuple[Card, ...]]:
    if count == 0:
        return {()}
    if count > len(wilds):
        return set()
    if not interchangeable:
        return _sub_multisets(wilds, count)
    jokers = [c for c in wilds if c == JOKER]
    twos = wild_use_order(c for c in wilds if c != JOKER)
    out = set()
    for j in range(0, min(count, len(jokers)) + 1):
        if count - j <= len(twos):
            out.add((JOKER,) * j + tuple(twos[: count - j]))
    return out


def find_melds(
    hand: Iterable[Card],
    rules: RummyRules,
    wild_for_held_natural: bool = False,
    kinds: tuple[MeldKind, ...] = (SET, RUN),
    interchangeable_wilds: bool = False,
    only_unbuildable: bool = False,
) -> list[Meld]:
    """Every distinct meld that part of ``hand`` makes (see the module docstring).

    ``only_unbuildable``: only the melds longer than the smallest that no sequence of
    one-card additions to a smallest meld reaches (``grows_from_smallest``).
    """
    found = _meld_fields(
        hand, rules, wild_for_held_natural, kinds, interchangeable_wilds, only_unbuildable
    )
    return [Meld(*fields) for fields in found]


def find_meld_cards(
    hand: Iterable[Card],
    rules: RummyRules,
    wild_for_held_natural: bool = False,
    kinds: tuple[MeldKind, ...] = (SET, RUN),
    interchangeable_wilds: bool = False,
    only_unbuildable: bool = False,
) -> list[tuple[Card, ...]]:
    """``[m.cards for m in find_melds(...)]`` without building the melds (Tonk's offer
    of spreads needs only their cards, on every turn)."""
    found = _meld_fields(
        hand, rules, wild_for_held_natural, kinds, interchangeable_wilds, only_unbuildable
    )
    return [fields[1] for fields in found]


def _meld_fields(
    hand: Iterable[Card],
    rules: RummyRules,
    wild_for_held_natural: bool,
    kinds: tuple[MeldKind, ...],
    interchangeable_wilds: bool,
    only_unbuildable: bool,
) -> dict[MeldFields, None]:
    """The search of ``find_melds``: each meld's fields, in order, once."""
    cards = list(hand)
    capable = rules.wild_capable
    wild_pool = [c for c in cards if capable[c]]
    found: dict[MeldFields, None] = {}
    if only_unbuildable and len(wild_pool) < 2:
        return found  # a meld with one wild at most always grows from a smallest one
    if SET in kinds:
        if not only_unbuildable:
            _find_sets(cards, wild_pool, rules, found, interchangeable_wilds)
        elif not rules.wilds_laid_off_on_sets:
            every: dict[MeldFields, None] = {}
            _find_sets(cards, wild_pool, rules, every, interchangeable_wilds)
            for fields in every:
                meld = Meld(*fields)
                if len(meld.cards) > rules.min_set and not grows_from_smallest(meld, rules):
                    found[fields] = None
    if RUN in kinds:
        _find_runs(
            cards,
            wild_pool,
            rules,
            wild_for_held_natural,
            found,
            interchangeable_wilds,
            only_unbuildable,
        )
    return found


def grows_from_smallest(meld: Meld, rules: RummyRules) -> bool:
    """Whether ``meld`` can be reached from a meld of the smallest size by adding one card
    at a time, every step a valid meld (runs grow at either end; a set takes wilds later
    only with ``wilds_laid_off_on_sets``). A meld that cannot must be laid down whole: with
    wilds no more than naturals, 5♠-JK-JK-8♠ has no valid three-card part (TFV-PE1-7)."""
    if meld.kind == RUN:
        return _run_grows(meld.wild, rules.min_run, _run_limits(rules))
    if rules.wilds_laid_off_on_sets or len(meld.cards) <= rules.min_set:
        return True
    wilds = meld.wilds
    # every wild must be in the smallest set the meld grew from; naturals are added later
    return wilds <= rules.min_set and _wild_limits_ok(
        rules.min_set - wilds,
        wilds,
        rules.min_naturals_set,
        rules.max_wilds_set,
        rules.wild_ratio_set,
        rules,
    )


def unbuildable_run_bound(rules: RummyRules, wilds: int) -> int:
    """The longest run with at most ``wilds`` wilds that may not grow from a smallest one.

    For three-card runs with two naturals at least and wilds no more than naturals (or any
    number), it is 3 x wilds - 2 (N-W-W-N with two; every pattern up to 13 cards is checked
    in the tests); otherwise no bound is known but the longest run."""
    ratio = rules.wild_ratio_run or rules.wild_ratio
    if rules.min_run == 3 and rules.min_naturals_run == 2 and ratio != "fewer_than_naturals":
        return 3 * wilds - 2
    return 13


def _run_limits(rules: RummyRules) -> tuple[int, int | None, WildRatio]:
    return (rules.min_naturals_run, rules.max_wilds_run, rules.wild_ratio_run or rules.wild_ratio)


@functools.lru_cache(maxsize=8192)
def _run_grows(
    wild: tuple[bool, ...], min_run: int, limits: tuple[int, int | None, WildRatio]
) -> bool:
    """A run with wilds at ``wild`` grows from a ``min_run`` window by one card per end."""
    n = len(wild)
    if n <= min_run:
        return True
    min_naturals, max_wilds, ratio = limits
    wilds_before = [0]
    for w in wild:
        wilds_before.append(wilds_before[-1] + w)

    def valid(i: int, j: int) -> bool:
        wilds = wilds_before[j + 1] - wilds_before[i]
        naturals = j - i + 1 - wilds
        if naturals < min_naturals or (max_wilds is not None and wilds > max_wilds):
            return False
        if ratio == "at_most_naturals":
            return wilds <= naturals
        if ratio == "fewer_than_naturals":
            return wilds < naturals
        return True

    reach = [valid(i, i + min_run - 1) for i in range(n - min_run + 1)]
    for length in range(min_run + 1, n + 1):
        reach = [
            (reach[i] or reach[i + 1]) and valid(i, i + length - 1) for i in range(n - length + 1)
        ]
    return reach[0]


def _find_sets(
    cards: Sequence[Card],
    wild_pool: Sequence[Card],
    rules: RummyRules,
    found: dict[MeldFields, None],
    interchangeable: bool,
) -> None:
    capable = rules.wild_capable
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        if c == JOKER:
            continue
        if capable[c] and not rules.two_natural_in_place:
            continue
        by_rank.setdefault(c % 13, []).append(c)
    max_set = rules.max_set if rules.max_set is not None else len(cards)
    max_wilds = rules.max_wilds_set if rules.max_wilds_set is not None else len(wild_pool)
    groups = _memo(rules).groups
    least = max(1, rules.min_naturals_set)
    for rank, naturals in by_rank.items():
        if len(naturals) < least:
            continue  # no set of this rank (``_rank_sets`` would find none)
        if rank == TWO and rules.twos_wild:
            wilds = [c for c in wild_pool if c == JOKER]
        else:
            wilds = list(wild_pool)
        key = (tuple(naturals), tuple(wilds), max_set, max_wilds, interchangeable)
        melds = groups.get(key)
        if melds is None:
            if len(groups) >= _MEMO_SIZE:
                groups.clear()
            melds = groups[key] = _rank_sets(
                naturals, wilds, rules, max_set, max_wilds, interchangeable
            )
        for known in melds:
            found.setdefault(known, None)
    if rules.min_naturals_set == 0:
        jokers = [c for c in wild_pool if c == JOKER or not rules.two_natural_in_place]
        for w in range(rules.min_set, min(max_set, len(jokers)) + 1):
            for ws in _wild_choices(jokers, w, interchangeable):
                fields = _set_fields(ws, rules)
                if fields is not None:
                    found.setdefault(fields, None)


def _rank_sets(
    naturals: Sequence[Card],
    wilds: Sequence[Card],
    rules: RummyRules,
    max_set: int,
    max_wilds: int,
    interchangeable: bool,
) -> list[MeldFields]:
    """The distinct sets of one rank's ``naturals`` with some of ``wilds``, in the order
    ``_find_sets`` meets them."""
    out: dict[MeldFields, None] = {}
    least = max(1, rules.min_naturals_set)
    rank = naturals[0] % 13
    # Of any rank but the 2's every natural is itself and every wild is wild: the set is
    # known without ``_set_fields`` reading each card (a 2 may be natural in a set of 2s).
    plain = rank != TWO
    for k in range(least, min(len(naturals), max_set) + 1):
        for nats in _sub_multisets(naturals, k):
            if plain and rules.set_suits_distinct and len({c // 13 for c in nats}) != k:
                continue
            for w in range(0, min(max_wilds, len(wilds), max_set - k) + 1):
                if k + w < rules.min_set:
                    continue
                if plain and not _wild_limits_ok(
                    k, w, rules.min_naturals_set, rules.max_wilds_set, rules.wild_ratio_set, rules
                ):
                    continue
                for ws in _wild_choices(wilds, w, interchangeable):
                    if plain:
                        fields: MeldFields | None = (
                            SET,
                            nats + (tuple(sorted(ws)) if w > 1 else ws),
                            (False,) * k + (True,) * w,
                            rank,
                            -1,
                            0,
                        )
                    else:
                        fields = _set_fields(nats + ws, rules)
                    if fields is not None:
                        out.setdefault(fields, None)
    return list(out)


def _find_runs(
    cards: Sequence[Card],
    wild_pool: Sequence[Card],
    rules: RummyRules,
    wild_for_held_natural: bool,
    found: dict[MeldFields, None],
    interchangeable: bool,
    only_unbuildable: bool = False,
) -> None:
    capable = rules.wild_capable
    held = set(cards)
    max_wilds = rules.max_wilds_run if rules.max_wilds_run is not None else len(wild_pool)
    max_wilds = min(max_wilds, len(wild_pool))
    if only_unbuildable and max_wilds < 2:
        return
    max_len = min(rules.max_run, 13)
    shortest = rules.min_run + 1 if only_unbuildable else rules.min_run
    if only_unbuildable:
        max_len = min(max_len, unbuildable_run_bound(rules, max_wilds))
    if rules.ace_around:
        lows = range(1, 14)
        top = 13 + max_len
    else:
        lows = range(1 if rules.ace_low else 2, (14 if rules.ace_high else 13) + 1)
        top = 14 if rules.ace_high else 13
    # each suit's naturals as a bit mask of run positions (bit p: position p is held);
    # the suits in the order the search has always met them (the set's)
    bits = _POSITION_BITS[rules.ace_around]
    masks: dict[int, int] = {}
    natural_twos = rules.two_natural_in_place
    for c in held:
        if c != JOKER and (not capable[c] or natural_twos):
            suit = c // 13
            masks[suit] = masks.get(suit, 0) | bits[c % 13]
    runs = _memo(rules).runs
    # the runs do not depend on the order the wilds are held in (their choices are sorted)
    pool = tuple(sorted(wild_pool))
    bounds = (lows, top, max_len, shortest, max_wilds)
    for suit, mask in masks.items():
        # The runs of one suit depend only on its naturals and the wilds: a hand keeps
        # most suits from one turn to the next. No run is found in two suits, so adding
        # each suit's runs in turn gives ``found`` the order the search itself gives.
        key = (suit, mask, pool, wild_for_held_natural, interchangeable, only_unbuildable)
        melds = runs.get(key)
        if melds is None:
            if len(runs) >= _MEMO_SIZE:
                runs.clear()
            out: dict[MeldFields, None] = {}
            _suit_runs(
                suit,
                mask,
                pool,
                rules,
                wild_for_held_natural,
                out,
                interchangeable,
                only_unbuildable,
                bounds,
            )
            melds = runs[key] = list(out)
        for meld in melds:
            found.setdefault(meld, None)


_POSITION_BITS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(1 << (r + 2) if r != ACE else (1 << 1) | (1 << 14) for r in range(13)),
    tuple(1 << (r + 2) if r != ACE else 1 << 1 for r in range(13)),
)
"""Per rank, the run positions it can take as bits (``_positions``): the ace 1 and 14, or
only 1 when runs go around (indexed by ``ace_around``)."""

_STANDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(suit * 13 + (p - 2) % 13 for p in range(28)) for suit in range(4)
)
"""Per suit, the natural card each run position stands for (positions 0..27)."""

_BIT_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(8) if bits >> i & 1) for bits in range(256)
)
"""The indices of the set bits of each 8-bit number (a window's held or free places)."""


def _suit_runs(
    suit: int,
    mask: int,
    pool: tuple[Card, ...],
    rules: RummyRules,
    wild_for_held_natural: bool,
    found: dict[MeldFields, None],
    interchangeable: bool,
    only_unbuildable: bool,
    bounds: tuple[range, int, int, int, int],
) -> None:
    """Every run of ``suit`` from its naturals (``mask``: bit p, position p is held) and
    the wilds of ``pool``, into ``found``: windows by first position, then length."""
    lows, top, max_len, shortest, max_wilds = bounds
    first = (mask & -mask).bit_length() - 1 - max_wilds
    min_naturals = rules.min_naturals_run
    if rules.ace_around:
        last = top
        mask |= mask << 13  # the same cards a lap higher
    else:
        # no window from past the last ``min_naturals`` naturals holds enough of them
        rest = mask
        for _ in range(min_naturals - 1):
            rest ^= 1 << (rest.bit_length() - 1) if rest else 0
        last = rest.bit_length() - 1 if min_naturals else mask.bit_length() - 1
    skip_one_wild = only_unbuildable and not wild_for_held_natural
    first_cards = (1 << shortest) - 1
    for low in range(max(lows.start, first), min(lows.stop - 1, last) + 1):
        window = mask >> low
        naturals = (window & first_cards).bit_count()
        if shortest - naturals > max_wilds:
            continue  # longer windows only need more wilds
        longest = min(max_len, top - low + 1)
        n = shortest
        if n > longest:
            continue
        while n - naturals <= max_wilds:
            if naturals >= min_naturals and not (skip_one_wild and n - naturals < 2):
                _runs_in_window(
                    suit,
                    low,
                    n,
                    window & ((1 << n) - 1),
                    pool,
                    max_wilds,
                    rules,
                    wild_for_held_natural,
                    found,
                    interchangeable,
                    only_unbuildable,
                )
            if n == longest:
                break
            naturals += (window >> n) & 1
            n += 1


def _runs_in_window(
    suit: int,
    low: int,
    n: int,
    held: int,
    pool: tuple[Card, ...],
    max_wilds: int,
    rules: RummyRules,
    wild_for_held_natural: bool,
    found: dict[MeldFields, None],
    interchangeable: bool,
    only_unbuildable: bool,
) -> None:
    """The runs of the window of ``n`` positions from ``low`` (``held``: bit i, its i-th
    natural is in hand): every way to fill its gaps, and with ``wild_for_held_natural``
    some held places too, from the wilds; each checked as ``_run_at`` would (no card but
    a wild is ever placed off its own place, so only the wild pattern needs checking)."""
    stands = _STANDS[suit][low : low + n]
    if n <= 8:
        free = _BIT_INDICES[held ^ ((1 << n) - 1)]
        optional = _BIT_INDICES[held] if wild_for_held_natural else ()
    else:
        free = tuple(i for i in range(n) if not held >> i & 1)
        optional = tuple(i for i in range(n) if held >> i & 1) if wild_for_held_natural else ()
    limits = _run_limits(rules) if only_unbuildable else None
    counted = rules.runs_count_naturals
    min_naturals = rules.min_naturals_run
    # The place of the suit's 2 (rank 0) in the window, if a 2 there is natural: a wild 2
    # of this suit put there is itself, and the 2 held there is not also a wild unless
    # its place takes a wild.
    base = suit * 13
    two_at = (2 - low) % 13
    if not rules.two_natural_in_place or two_at >= n:
        two_at = -1
    own_two = two_at if two_at >= 0 and held >> two_at & 1 and base in pool else -1
    without_own = pool
    if own_two >= 0:
        kept = list(pool)
        kept.remove(base)
        without_own = tuple(kept)
    nfree = len(free)
    # a run with one wild at most always grows from a smallest one
    fewest = max(0, 2 - nfree) if only_unbuildable else 0
    for extra in range(fewest, len(optional) + 1):
        need = nfree + extra
        if need > max_wilds:
            break
        for swapped in itertools.combinations(optional, extra):
            places = sorted((*free, *swapped)) if extra else free
            pattern = [False] * n
            for i in places:
                pattern[i] = True
            wild = tuple(pattern)
            if limits is not None and _run_grows(wild, rules.min_run, limits):
                # a wild placed on its own natural 2 only adds naturals: still grows
                continue
            here = pool if own_two < 0 or own_two in swapped else without_own
            if need > len(here):
                continue
            plain_ok = n - need >= min_naturals if counted else _run_wilds_ok(wild, n - need, rules)
            two_placed = two_at >= 0 and pattern[two_at]
            choices = _wild_choices_of(here, need, interchangeable)
            if need == 1 and not two_placed and plain_ok and limits is None:
                # one wild, one place: each wild of the pool there (the common case)
                at = places[0]
                for (card,) in choices:
                    filled = list(stands)
                    filled[at] = card
                    found.setdefault((RUN, tuple(filled), wild, -1, suit, low), None)
                continue
            for ws in choices:
                for order in _orders_of(ws):
                    filled = list(stands)
                    for i, c in zip(places, order, strict=True):
                        filled[i] = c
                    if two_placed and filled[two_at] == base:
                        pattern[two_at] = False
                        meld_wild = tuple(pattern)
                        pattern[two_at] = True
                        naturals = n - need + 1
                        if counted:
                            ok = naturals >= min_naturals
                        else:
                            ok = _run_wilds_ok(meld_wild, naturals, rules)
                    else:
                        meld_wild = wild
                        ok = plain_ok
                    if ok and (limits is None or not _run_grows(meld_wild, rules.min_run, limits)):
                        found.setdefault((RUN, tuple(filled), meld_wild, -1, suit, low), None)


def _run_wilds_ok(wild: tuple[bool, ...], naturals: int, rules: RummyRules) -> bool:
    """Whether a run's wild pattern keeps the rules' wild limits (``_run_at``'s checks of
    a run whose every card is a wild or the natural of its place)."""
    if not rules.wilds_adjacent and any(a and b for a, b in itertools.pairwise(wild)):
        return False
    return _wild_limits_ok(
        naturals,
        len(wild) - naturals,
        rules.min_naturals_run,
        rules.max_wilds_run,
        rules.wild_ratio_run,
        rules,
    )


@functools.lru_cache(maxsize=4096)
def _wild_choices_of(
    pool: tuple[Card, ...], count: int, interchangeable: bool
) -> tuple[tuple[Card, ...], ...]:
    """``_wild_choices`` remembered, in the order its set gives them (a set built by the
    same insertions iterates the same way)."""
    return tuple(_wild_choices(pool, count, interchangeable))


@functools.lru_cache(maxsize=4096)
def _orders_of(wilds: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """``_distinct_orders`` remembered."""
    return tuple(_distinct_orders(wilds))


# -- changing melds on the table --------------------------------------------------------


def lay_off_options(meld: Meld, card: Card, rules: RummyRules) -> list[tuple[End | None, Meld]]:
    """Every meld that adding ``card`` can make: a set ``(None, set)``; a run per end."""
    if meld.kind == SET:
        if (
            rules.wild_capable[card]
            and not rules.wilds_laid_off_on_sets
            and not (card != JOKER and meld.rank == TWO and rules.two_natural_in_place)
        ):
            return []
        grown = make_set((*meld.cards, card), rules)
        return [(None, grown)] if grown is not None else []
    out: list[tuple[End | None, Meld]] = []
    low = _normalise_low(meld.low - 1, rules)
    below = _run_at((card, *meld.cards), meld.suit, low, rules)
    if below is not None:
        out.append(("low", below))
    above = _run_at((*meld.cards, card), meld.suit, meld.low, rules)
    if above is not None:
        out.append(("high", above))
    return out


def lay_off(meld: Meld, card: Card, rules: RummyRules, end: End | None = None) -> Meld | None:
    """The meld with ``card`` added (at ``end`` of a run), or ``None`` if it cannot go.

    ``end=None`` on a run means the only end the card fits; ``None`` if it fits both.
    """
    options = lay_off_options(meld, card, rules)
    if end is None:
        return options[0][1] if len(options) == 1 else None
    for where, grown in options:
        if where == end:
            return grown
    return None


def swap_wild(
    meld: Meld, index: int, naturals: Sequence[Card], rules: RummyRules
) -> tuple[Meld, Card] | None:
    """Natural card(s) replace the wild at ``index``; the new meld and the freed wild."""
    if not 0 <= index < len(meld.cards) or not meld.wild[index] or not naturals:
        return None
    wild_card = meld.cards[index]
    if meld.kind == RUN:
        if len(naturals) != 1 or naturals[0] != meld.stands_for(index):
            return None
        cards = list(meld.cards)
        cards[index] = naturals[0]
        new = _run_at(cards, meld.suit, meld.low, rules)
    else:
        rest = [c for i, c in enumerate(meld.cards) if i != index]
        new = make_set((*rest, *naturals), rules)
        if new is not None and meld.rank >= 0 and new.rank != meld.rank:
            new = None
        if new is not None and new.wilds != meld.wilds - 1:
            new = None  # the cards given must all be naturals
    if new is None:
        return None
    return new, wild_card


def shift_end_wild(meld: Meld, natural: Card, to_end: End, rules: RummyRules) -> Meld | None:
    """A run's end wild gives its place to ``natural`` and moves to ``to_end`` (TF-45)."""
    if meld.kind != RUN:
        return None
    last = len(meld.cards) - 1
    for index in (0, last):
        if meld.wild[index] and meld.stands_for(index) == natural:
            wild_card = meld.cards[index]
            cards = list(meld.cards)
            cards[index] = natural
            if to_end == "high":
                return _run_at((*cards, wild_card), meld.suit, meld.low, rules)
            low = _normalise_low(meld.low - 1, rules)
            return _run_at((wild_card, *cards), meld.suit, low, rules)
    return None


# -- counting ---------------------------------------------------------------------------


def hand_points(cards: Iterable[Card], rules: RummyRules) -> int:
    points = rules.points
    return sum(points[c] for c in cards)


def deadwood_floor(hand: Iterable[Card], rules: RummyRules) -> int:
    """A lower bound of ``best_partition(hand).deadwood``, cheap to compute.

    Counts the natural cards that no meld of this hand can hold: with no natural partner
    of the same rank, and none of the same suit near enough for the hand's wilds to close
    the gap. Wild-capable cards are never counted (they may always find a place).
    """
    alone = _isolated(list(hand), rules)
    points = rules.points
    return sum(points[c] for c in alone)


def _isolated(cards: list[Card], rules: RummyRules) -> list[Card]:
    """The natural cards with no partner for any meld of this hand."""
    capable = rules.wild_capable
    wilds = sum(1 for c in cards if capable[c])
    lone_sets = rules.min_naturals_set <= 1 and wilds >= rules.min_set - 1
    lone_runs = rules.min_naturals_run <= 1 and wilds >= rules.min_run - 1
    if lone_sets or lone_runs:
        return []
    gap_wilds = min(wilds, rules.max_wilds_run if rules.max_wilds_run is not None else wilds)
    counted = [c for c in cards if c != JOKER and not capable[c]]
    # a 2 used as itself can be the natural partner of a card (it is never counted here)
    partners = counted + [
        c for c in cards if c != JOKER and capable[c] and rules.two_natural_in_place
    ]
    rank_count = Counter(c % 13 for c in partners)
    alone = []
    for c in counted:
        if rank_count[c % 13] < 2 and not any(
            _near_in_suit(c, d, gap_wilds, rules) for d in partners if d != c
        ):
            alone.append(c)
    return alone


def _near_in_suit(c: Card, d: Card, gap_wilds: int, rules: RummyRules) -> bool:
    if c // 13 != d // 13:
        return False
    for p in _positions(c, rules):
        for q in _positions(d, rules):
            gap = abs(p - q)
            if rules.ace_around:
                gap = min(gap, 13 - gap)
            if gap > 0 and gap - 1 <= gap_wilds:
                return True
    return False


@dataclass(frozen=True, slots=True)
class Partition:
    """A hand arranged into melds plus unmatched cards, with the unmatched count."""

    melds: tuple[Meld, ...]
    unmatched: tuple[Card, ...]
    deadwood: int


def best_partition(hand: Iterable[Card], rules: RummyRules) -> Partition:
    """The arrangement of ``hand`` into disjoint melds with the fewest unmatched points.

    Ties go to the arrangement found first (the search is deterministic).
    """
    cards = sorted(hand, key=lambda c: (-rules.points[c], _sort_key(c)))
    melds: dict[tuple[Card, ...], Meld] = {}
    for meld in find_melds(cards, rules, wild_for_held_natural=True):
        key = tuple(sorted(meld.cards))
        melds.setdefault(key, meld)
    by_card: dict[Card, list[tuple[Counter[Card], Meld]]] = {}
    for key, meld in melds.items():
        need = Counter(key)
        for c in need:
            by_card.setdefault(c, []).append((need, meld))
    points = rules.points
    memo: dict[tuple[Card, ...], tuple[int, tuple[Meld, ...], tuple[Card, ...]]] = {}

    def solve(rest: tuple[Card, ...]) -> tuple[int, tuple[Meld, ...], tuple[Card, ...]]:
        if not rest:
            return 0, (), ()
        hit = memo.get(rest)
        if hit is not None:
            return hit
        first = rest[0]
        tail_score, tail_melds, tail_unmatched = solve(rest[1:])
        best = (tail_score + points[first], tail_melds, (first, *tail_unmatched))
        if best[0] > 0:
            have = Counter(rest)
            for need, meld in by_card.get(first, ()):
                if all(have[c] >= k for c, k in need.items()):
                    remaining = _without(rest, need)
                    score, sub_melds, unmatched = solve(remaining)
                    if score < best[0]:
                        best = (score, (meld, *sub_melds), unmatched)
                        if score == 0:
                            break
        memo[rest] = best
        return best

    score, chosen, unmatched = solve(tuple(cards))
    return Partition(chosen, unmatched, score)


def _without(cards: tuple[Card, ...], used: Counter[Card]) -> tuple[Card, ...]:
    """``cards`` (in order) less one copy per count in ``used``."""
    left = Counter(used)
    out = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
        else:
            out.append(c)
    return tuple(out)

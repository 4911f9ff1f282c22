"""Telefunken melds on top of the shared rummy machinery (``rules.rummy``).

``rules.rummy`` validates sets and runs with wild cards. This module adds what only
Telefunken needs: melds on the table with an owner and the ``pure``/``closed``/
``contract`` flags (TF-34, TF-36), the contract search (which melds may start a contract
that can still be completed from the hand, TF-40, TF-58), Peru v2's trío of jokers and
floating jokers (TFV-PE2-4/5) and its colour run (TFV-PE2-3).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.cards import CARD_STRINGS, JOKER, RANKS, SUITS, Card
from rules.rummy import (
    RUN,
    SET,
    End,
    Meld,
    RummyRules,
    find_melds,
    interpretations,
    lay_off_options,
    twos_interchangeable,
)
from rules.telefunken.variants import PERU2_JOKER_SETS, MeldReq, Ruleset


class Candidate:
    """A meld a hand can lay down: the rummy meld plus whether it is a colour run.

    ``kind``, ``size``, ``wilds`` and ``pure`` are worked out once: the contract search
    tests them many times.
    """

    __slots__ = ("_text", "colour", "kind", "meld", "need", "pure", "size", "wilds")

    def __init__(self, meld: Meld, colour: bool = False) -> None:
        self.meld = meld
        self.colour = colour
        self.kind = "colour" if colour else meld.kind
        self.size = len(meld.cards)
        self.wilds = meld.wilds
        self.pure = is_pure(meld)
        self.need = Counter(meld.cards)
        self._text: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.meld.cards

    def id_text(self) -> str:
        """The meld's cards as action-id text (built once: candidates are shared)."""
        text = self._text
        if text is None:
            text = self._text = self.meld.id_text()
        return text

    def label(self) -> str:
        return self.meld.label()


_CANDIDATES: dict[Meld, Candidate] = {}
"""Candidates by meld (a candidate is never changed once built): a hand's meld search
finds mostly the melds it found last turn. Forgotten when it grows past ``_CANDIDATES_SIZE``."""
_CANDIDATES_SIZE = 20_000


def candidate(meld: Meld) -> Candidate:
    """The (shared) non-colour ``Candidate`` of ``meld``."""
    cand = _CANDIDATES.get(meld)
    if cand is None:
        if len(_CANDIDATES) >= _CANDIDATES_SIZE:
            _CANDIDATES.clear()
        cand = _CANDIDATES[meld] = Candidate(meld)
    return cand


@dataclass(slots=True)
class TableMeld:
    """A meld on the table (TF-36: it belongs to whoever laid it)."""

    id: int
    owner: int
    meld: Meld
    colour: bool = False
    pure: bool = False
    closed: bool = False
    contract: bool = False
    turn: int = 0

    @property
    def kind(self) -> str:
        return "colour" if self.colour else self.meld.kind

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "owner": self.owner,
            "kind": self.kind,
            "cards": [CARD_STRINGS[c] for c in self.meld.cards],
            "wild": list(self.meld.wild),
            "pure": self.pure,
            "closed": self.closed,
            "contract": self.contract,
        }
        if self.meld.kind == SET:
            data["rank"] = RANKS[self.meld.rank] if self.meld.rank >= 0 else None
        elif not self.colour:
            data["suit"] = SUITS[self.meld.suit]
        return data

    def state(self) -> list[Any]:
        m = self.meld
        return [
            self.id,
            self.owner,
            m.kind,
            list(m.cards),
            list(m.wild),
            m.rank,
            m.suit,
            m.low,
            self.colour,
            self.pure,
            self.closed,
            self.contract,
            self.turn,
        ]

    @classmethod
    def from_state(cls, data: Sequence[Any]) -> TableMeld:
        meld = Meld(data[2], tuple(data[3]), tuple(data[4]), data[5], data[6], data[7])
        return cls(data[0], data[1], meld, data[8], data[9], data[10], data[11], data[12])


def is_pure(meld: Meld) -> bool:
    """TF-34: a pure trío: exactly three naturals of three different suits."""
    if meld.kind != SET or len(meld.cards) != 3 or meld.wilds:
        return False
    return len({c // 13 for c in meld.cards}) == 3


def contains(have: Counter[Card], cards: Iterable[Card] | Counter[Card]) -> bool:
    need = cards if isinstance(cards, Counter) else Counter(cards)
    return all(have[c] >= k for c, k in need.items())


@functools.lru_cache(maxsize=512)
def capped(rules: RummyRules, max_set: int | None, min_run: int, max_run: int) -> RummyRules:
    """The rules with meld sizes capped, so ``find_melds`` looks for fewer melds."""
    return replace(rules, max_set=max_set, min_run=min_run, max_run=max_run)


def all_candidates(
    hand: Sequence[Card],
    rs: Ruleset,
    *,
    full: bool = False,
    sets: bool = True,
    runs: bool = True,
    max_set: int | None = None,
    run_sizes: tuple[int, int] = (0, 13),
    interchangeable: bool = False,
) -> list[Candidate]:
    """Every distinct meld part of ``hand`` makes under the variant's rules.

    ``full`` also keeps runs that use a wild where the hand holds the natural (the
    partition search needs them; offering them to a player only lengthens the list).
    ``max_set`` and ``run_sizes`` (least, most) limit the sizes looked for;
    ``interchangeable`` offers one meld per count of wild 2s (rummy's
    ``interchangeable_wilds``), which keeps the list short in the wild-2 variants.
    """
    cards = list(hand)
    out: list[Candidate] = []
    if sets:
        set_rules = rs.set_rules
        alike = interchangeable and twos_interchangeable(set_rules)
        if max_set is not None:
            set_rules = capped(set_rules, max_set, set_rules.min_run, set_rules.max_run)
        out += [candidate(m) for m in find_melds(cards, set_rules, full, (SET,), alike)]
        if rs.joker_sets:
            jokers = [c for c in cards if c == JOKER]
            joker_rules = PERU2_JOKER_SETS
            if max_set is not None:
                joker_rules = capped(joker_rules, max_set, 3, 13)
            out += [
                candidate(m) for m in find_melds(jokers, joker_rules, False, (SET,)) if m.rank == -1
            ]
    if runs and rs.runs_allowed:
        run_rules = rs.run_rules
        least = max(run_rules.min_run, run_sizes[0])
        most = min(run_rules.max_run, run_sizes[1])
        if (least, most) != (run_rules.min_run, run_rules.max_run):
            run_rules = capped(run_rules, run_rules.max_set, least, most)
        alike = interchangeable and twos_interchangeable(run_rules)
        if least <= most:
            out += [candidate(m) for m in find_melds(cards, run_rules, full, (RUN,), alike)]
    return out


def smallest_melds(hand: Sequence[Card], rs: Ruleset) -> list[Candidate]:
    """New melds after the contract: the smallest of each, a wild standing for any card,
    held or not (TF-33); longer ones grow by layoffs, except those no layoffs can reach,
    which are offered whole (TFV-PE1-7: 5♠-JK-JK-8♠ has no valid three-card part)."""
    least_run = rs.run_rules.min_run
    out = all_candidates(
        hand,
        rs,
        full=True,
        max_set=rs.set_rules.min_set,
        run_sizes=(least_run, least_run),
        interchangeable=True,
    )
    cards = list(hand)
    set_rules = rs.set_rules
    out += [
        candidate(m)
        for m in find_melds(
            cards, set_rules, True, (SET,), twos_interchangeable(set_rules), only_unbuildable=True
        )
    ]
    if rs.runs_allowed and not rs.jokers_float:
        run_rules = rs.run_rules
        out += [
            candidate(m)
            for m in find_melds(
                cards,
                run_rules,
                True,
                (RUN,),
                twos_interchangeable(run_rules),
                only_unbuildable=True,
            )
        ]
    return out


def colour_runs(hand: Sequence[Card], size: int) -> list[Candidate]:
    """TFV-PE2-3: ``size`` consecutive ranks (round the corner) alternating red and black.

    One candidate per start and colour pattern: the suit of each card is the first one
    held of the needed colour (the choice of suit never matters on the table).
    """
    have = Counter(hand)
    out = []
    for start in range(13):
        for parity in (0, 1):
            cards: list[Card] = []
            for i in range(size):
                rank = (start + i) % 13
                red = (parity + i) % 2 == 1
                suits = (1, 2) if red else (0, 3)
                card = next((s * 13 + rank for s in suits if have[s * 13 + rank]), None)
                if card is None:
                    break
                cards.append(card)
            else:
                low = start + 2
                out.append(Candidate(Meld(RUN, tuple(cards), (False,) * size, -1, -1, low), True))
    return out


def colour_layoff(meld: Meld, card: Card) -> list[tuple[End | None, Meld]]:
    """A card extending a colour run at either end (alternate colour, next rank)."""
    if card == JOKER or len(meld.cards) >= 13:
        return []
    red = card // 13 in (1, 2)
    out: list[tuple[End | None, Meld]] = []
    first, last = meld.cards[0], meld.cards[-1]
    if card % 13 == (last % 13 + 1) % 13 and red != (last // 13 in (1, 2)):
        grown = Meld(RUN, (*meld.cards, card), (*meld.wild, False), -1, -1, meld.low)
        out.append(("high", grown))
    if card % 13 == (first % 13 - 1) % 13 and red != (first // 13 in (1, 2)):
        grown = Meld(RUN, (card, *meld.cards), (False, *meld.wild), -1, -1, meld.low - 1)
        out.append(("low", grown))
    return out


def layoff_results(table: TableMeld, card: Card, rs: Ruleset) -> list[tuple[End | None, Meld]]:
    """Where ``card`` may be laid off on ``table`` and the meld it makes (TF-43, TF-46)."""
    meld = table.meld
    if table.colour:
        return colour_layoff(meld, card)
    if meld.kind == SET:
        if table.closed:
            return []
        if table.pure:
            # TF-34: only a natural of the rank; with closing, only the fourth suit.
            if card == JOKER or card % 13 != meld.rank or rs.set_rules.wild_capable[card]:
                return []
            if rs.pure_closes and card // 13 in {c // 13 for c in meld.cards}:
                return []
            grown = Meld(SET, tuple(sorted((*meld.cards, card))), (*meld.wild, False), meld.rank)
            return [(None, grown)]
        if meld.rank == -1:  # a trío of jokers takes only jokers (TFV-PE2-4)
            if card != JOKER:
                return []
            return lay_off_options(meld, card, PERU2_JOKER_SETS)
        return lay_off_options(meld, card, rs.set_rules)
    if rs.jokers_float:
        # TFV-PE2-5: jokers move freely inside the run to make room.
        for grown in interpretations((*meld.cards, card), rs.run_rules):
            if grown.kind == RUN and grown.suit == meld.suit:
                return [(None, grown)]
        return []
    return lay_off_options(meld, card, rs.run_rules)


# -- the contract search ----------------------------------------------------------------


_RANK_OF: tuple[int, ...] = tuple(c % 13 for c in range(JOKER + 1))
_SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(JOKER + 1))
_RANK_BIT: tuple[int, ...] = tuple(1 << (c % 13) for c in range(JOKER + 1))


def may_fill(hand: Sequence[Card], reqs: Sequence[MeldReq], rs: Ruleset) -> bool:
    """A quick necessary test: could each required meld be made from ``hand`` on its own?

    Most turns no contract is possible; this spares them the full meld search. The hand
    is read in one pass: its wilds, jokers, the most cards of one rank (wild 2s count as
    2s) and the most distinct ranks held in one suit.
    """
    capable = rs.set_rules.wild_capable
    rank_of = _RANK_OF
    ranks = [0] * 13
    suits = [0, 0, 0, 0]  # a bit per rank held in each suit
    wilds = jokers = 0
    for c in hand:
        if c == JOKER:
            jokers += 1
            if capable[c]:
                wilds += 1
            else:
                ranks[0] += 1  # a joker that is not wild counts as rank 52 % 13
            continue
        rank = rank_of[c]
        if capable[c]:
            wilds += 1
            if rank == 0:
                ranks[0] += 1
        else:
            ranks[rank] += 1
        suits[_SUIT_OF[c]] |= _RANK_BIT[c]
    most_of_a_rank = max(ranks)
    longest_suit = -1
    for req in reqs:
        if req.kind == "set":
            per_set = rs.set_rules.max_wilds_set
            spare = 0 if req.pure or req.natural else wilds if per_set is None else per_set
            best = most_of_a_rank + min(spare, wilds)
            if best < req.size and not (rs.joker_sets and jokers >= req.size):
                return False
        elif req.kind == "run":
            if not rs.runs_allowed:
                return False
            run_spare = rs.run_rules.max_wilds_run
            spare = wilds if run_spare is None else min(run_spare, wilds)
            if longest_suit < 0:
                longest_suit = max(m.bit_count() for m in suits)
            if longest_suit + spare < req.size:
                return False
    return True


@dataclass(frozen=True, slots=True)
class ContractState:
    """What a partly staged contract has used: wilds, set ranks, run suits."""

    wilds: int = 0
    ranks: tuple[int, ...] = ()
    suits: tuple[int, ...] = ()


def fits(req: MeldReq, cand: Candidate) -> bool:
    return req.fits(cand.kind, cand.size, cand.wilds, cand.pure)


def allowed_with(
    cand: Candidate, done: ContractState, limit: int | None, same_rank: bool, same_suit: bool
) -> bool:
    """The contract-wide limits: TFV-EC-4 wilds, TF-40 flag / TFV-PE2-3 distinctness."""
    if limit is not None and done.wilds + cand.meld.wilds > limit:
        return False
    if cand.meld.kind == SET and not same_rank and cand.meld.rank in done.ranks:
        return False
    return not (cand.kind == "run" and not same_suit and cand.meld.suit in done.suits)


def after(done: ContractState, cand: Candidate) -> ContractState:
    m = cand.meld
    return ContractState(
        done.wilds + m.wilds,
        (*done.ranks, m.rank) if m.kind == SET else done.ranks,
        (*done.suits, m.suit) if cand.kind == "run" else done.suits,
    )


def assign(reqs: Sequence[MeldReq], staged: Sequence[Candidate]) -> list[MeldReq] | None:
    """The requirements left after matching ``staged`` melds to distinct ones, or None."""
    if not staged:
        return list(reqs)
    first, rest = staged[0], staged[1:]
    for i, req in enumerate(reqs):
        if fits(req, first):
            left = assign([r for j, r in enumerate(reqs) if j != i], rest)
            if left is not None:
                return left
    return None


class ContractSearch:
    """Finds which melds may go into a contract that the hand can still complete.

    Built once per (hand, table state); ``cands`` are every meld of the hand, and the
    search only checks card counts, so sub-hands reuse the same list.
    """

    def __init__(
        self,
        hand: Sequence[Card],
        rs: Ruleset,
        limit: int | None,
        same_rank: bool,
        same_suit: bool,
        reqs: Iterable[MeldReq] = (),
    ) -> None:
        self.rs = rs
        self.limit = limit
        self.same_rank = same_rank
        self.same_suit = same_suit
        wanted = list(reqs)
        set_sizes = [r.size for r in wanted if r.kind == "set"]
        run_reqs = [r for r in wanted if r.kind == "run"]
        run_sizes = (
            min((r.size for r in run_reqs), default=0),
            13 if any(r.at_least for r in run_reqs) else max((r.size for r in run_reqs), default=0),
        )
        self.cands = all_candidates(
            hand,
            rs,
            full=True,  # TF-33: a joker may stand for a card the hand holds
            sets=bool(set_sizes),
            runs=bool(run_reqs),
            max_set=max(set_sizes, default=None),
            run_sizes=run_sizes,
            interchangeable=True,
        )
        for size in sorted({r.size for r in wanted if r.kind == "colour"}):
            self.cands += colour_runs(hand, size)
        self._full: list[Candidate] | None = None
        self._hand = list(hand)
        self._cover_memo: dict[tuple[Card, ...], bool] = {}
        self._fitting: dict[MeldReq, list[Candidate]] = {}

    def fitting(self, req: MeldReq) -> list[Candidate]:
        """The candidates of the right kind and size for ``req`` (in ``cands`` order)."""
        found = self._fitting.get(req)
        if found is None:
            found = self._fitting[req] = [c for c in self.cands if fits(req, c)]
        return found

    def _usable(self, cand: Candidate, have: Counter[Card], done: ContractState) -> bool:
        """A candidate that fits the requirement may fill it from the cards in ``have``."""
        return allowed_with(cand, done, self.limit, self.same_rank, self.same_suit) and contains(
            have, cand.need
        )

    def completable(
        self, have: Counter[Card], reqs: Sequence[MeldReq], done: ContractState, go_out: bool
    ) -> bool:
        if not reqs:
            return not go_out or self.coverable(have)
        req, rest = reqs[0], reqs[1:]
        for cand in self.fitting(req):
            if self._usable(cand, have, done) and self.completable(
                have - cand.need, rest, after(done, cand), go_out
            ):
                return True
        return False

    def next_melds(
        self,
        have: Counter[Card],
        reqs: Sequence[MeldReq],
        done: ContractState,
        go_out: bool,
        must_use: Card | None = None,
    ) -> list[Candidate]:
        """Melds that fill one of ``reqs`` and leave a completable contract.

        A requirement equal to an earlier one is skipped: whether the rest can be
        completed does not depend on the order of the requirements, so it would find
        the same melds again.
        """
        out: dict[str, Candidate] = {}
        for i, req in enumerate(reqs):
            if req in reqs[:i]:
                continue
            rest = [r for j, r in enumerate(reqs) if j != i]
            for cand in self.fitting(req):
                if must_use is not None and must_use not in cand.cards:
                    continue
                if not self._usable(cand, have, done):
                    continue
                key = cand.id_text() + cand.kind
                if key in out:
                    continue
                if self.completable(have - cand.need, rest, after(done, cand), go_out):
                    out[key] = cand
        return list(out.values())

    def full_cands(self) -> list[Candidate]:
        if self._full is None:
            self._full = all_candidates(self._hand, self.rs, full=True)
        return self._full

    def coverable(self, have: Counter[Card], spare: int = 1) -> bool:
        """TF-58: the cards in ``have`` all fit in melds, but for at most ``spare`` card."""
        key = tuple(sorted(have.elements()))
        if len(key) <= spare:
            return True
        memo_key = (*key, -1 - spare)
        hit = self._cover_memo.get(memo_key)
        if hit is not None:
            return hit
        first = key[0]
        result = spare > 0 and self.coverable(have - Counter((first,)), spare - 1)
        if not result:
            for cand in self.full_cands():
                if (
                    first in cand.cards
                    and contains(have, cand.need)
                    and self.coverable(have - cand.need, spare)
                ):
                    result = True
                    break
        self._cover_memo[memo_key] = result
        return result

    def go_out_extras(self, have: Counter[Card]) -> list[Candidate]:
        """Extra melds of a go-out bundle that still leave the rest coverable."""
        out: dict[str, Candidate] = {}
        for cand in self.full_cands():
            key = cand.id_text()
            if key not in out and contains(have, cand.need) and self.coverable(have - cand.need):
                out[key] = cand
        return list(out.values())

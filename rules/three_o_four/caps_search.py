"""The Caps search (ED-27): whether an order of p's cards wins every remaining trick
against every world and line, over the positions the adversary can reach.

Certainty is "there is one order sigma of my cards that wins every remaining trick in every
world consistent with what I know, whatever the others play". The search keeps the set of
positions the adversary can reach (the worlds and the other players' plays as one
adversary who deals unknown cards as they are played) and grows sigma card by card. A
position is feasible when the unknown cards still fit the holdings given sizes and known
voids (Hall's condition over suits). Unknown cards of one suit that no live card separates
form a run; the adversary deals from a run its top card, and also its bottom card when a
later seat of the same trick could play from the run too.

Why that is enough, and why the top alone is not: a run's cards compare alike with every
other live card, so after a trick only how many cards of each run are left matters. Within
a trick, the cards of a run played by several seats decide between those seats by rank: if
the first seat to play from the run always took the top, a later seat (an opponent after a
partner, say) could never hold the higher card. Top or bottom per play reaches every
outcome: to make the j-th seat playing from the run hold the highest card of the run in
the trick, the seats before it take the bottom, it takes the top.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from rules.cards import Card
from rules.three_o_four.caps_hall import (
    _counted_pool,
    _in_lane,
    _less_one,
    _Places,
    _Pool,
    _suit_lanes,
)
from rules.three_o_four.caps_knowledge import (
    _ED1_KEY,
    _PLAY,
    _TRICKS_DONE,
    ALL_SUITS,
    SUIT,
    THRIFTY,
    Knowledge,
    OutOfBudget,
    State,
)
from rules.three_o_four.card_power import RankOrderMemo, card_powers
from rules.three_o_four.plain_lines import LED_POWER

if TYPE_CHECKING:
    pass

T = TypeVar("T")


Plays = tuple[tuple[int, Card], ...]
"""The cards of the trick in progress: (seat, card)."""


@dataclass
class TrickChoices:
    """The choices of the trick's unknown cards (``Solver._trick_choices``), with the last
    unknown card still open: per choice of the others, the candidates for it
    (``Solver._reps``), then the known cards after it. Taken in order (each choice of
    the others, each candidate) they are the choices in the order the trick's cards are
    chosen; ``count_left`` counts them per suit counts left without building them."""

    open_last: list[tuple[Plays, tuple[Card, ...], tuple[int, ...], int, list[Card]]]
    """(plays, cards chosen, suit counts and bit mask (``Solver.bits``) of the pool
    left, candidates for the last unknown card)."""
    seat: int
    """The seat of the last unknown card."""
    tail: Plays
    """The known plays after it."""
    count_left: dict[tuple[int, ...], int]
    """How many choices leave each suit count vector."""

    @classmethod
    def last_open(
        cls,
        open_last: list[tuple[Plays, tuple[Card, ...], tuple[int, ...], int, list[Card]]],
        seat: int,
        tail: Plays,
    ) -> TrickChoices:
        count_left: dict[tuple[int, ...], int] = {}
        per_counts: dict[tuple[int, ...], list[int]] = {}
        for _plays, _picked, counts, _bits, candidates in open_last:
            per_suit = per_counts.get(counts)
            if per_suit is None:
                per_suit = per_counts[counts] = [0, 0, 0, 0]
            for c in candidates:
                per_suit[SUIT[c]] += 1
        for counts, per_suit in per_counts.items():
            for suit, n in enumerate(per_suit):
                if n:
                    left = _less_one(counts, suit)
                    count_left[left] = count_left.get(left, 0) + n
        return cls(open_last, seat, tail, count_left)


def _trick_key(c: Card, strength: tuple[int, ...], trump: int, led: int) -> int:
    """The order of the cards in a trick once a card is led: a trump above the led suit
    above the rest (-1: a discard never wins; strengths < 64)."""
    suit = SUIT[c]
    return strength[c] + 64 if suit == trump else strength[c] if suit == led else -1


def _partners_below(
    places: list[tuple[int, int]],
    keys: list[int],
    team: int,
    threshold: int,
    fixed: int,
    card: int,
) -> list[int]:
    """``last_trick_lost``'s places as masks of the cards they may take when the cards
    of ``team``'s places must stay below ``threshold`` (and place ``fixed``, if any,
    takes ``card``)."""
    low = 0
    for i, k in enumerate(keys):
        if k < threshold:
            low |= 1 << i
    masks = []
    for j, (seat, allowed) in enumerate(places):
        if j == fixed:
            masks.append(card)
        elif seat >= 0 and seat % 2 == team:
            masks.append(allowed & low)
        else:
            masks.append(allowed)
    return masks


def _matched(masks: list[int]) -> bool:
    """A perfect matching of places (``masks``: the cards each may take) to cards, by
    Kuhn's augmenting paths."""
    owner = [-1] * 64
    return all(_augment(masks, owner, j, 0) & 1 for j in range(len(masks)))


def _augment(masks: list[int], owner: list[int], j: int, seen: int) -> int:
    """Kuhn's step for place ``j``: the cards seen so far shifted up one, plus 1 when
    ``j`` got a card."""
    options = masks[j] & ~seen
    while options:
        low = options & -options
        i = low.bit_length() - 1
        seen |= low
        if owner[i] < 0:
            owner[i] = j
            return seen << 1 | 1
        found = _augment(masks, owner, owner[i], seen)
        seen = found >> 1
        if found & 1:
            owner[i] = j
            return seen << 1 | 1
        options &= ~low
    return seen << 1


class Solver:
    """The certainty search for one player at one call point."""

    def __init__(
        self,
        kn: Knowledge,
        players: int,
        active: list[int],
        strength: tuple[int, ...],
        budget: int | None = None,
        restricted: bool = False,
        thin: int = 0,
        shared_initial: list[set[State]] | None = None,
    ) -> None:
        self.restricted = restricted
        self.shared_initial = shared_initial
        """A holder shared by solvers of the same knowledge, players and rank order: the
        first one to list the initial positions leaves them there."""
        self.thin = thin
        """Non-zero: unknown cards are played by a thin adversary (see ``_thin``): 1 the
        strongest reply, ``THRIFTY`` the cheapest taker; a refutation only."""
        self.kn = kn
        self.players = players
        self.active = active
        self.strength = strength
        self.team = kn.seat % 2
        self.budget = budget
        """``None`` for the rules' question (the judge: the search runs to its end, so its
        answer is the definition's, docs/caps-ruling.md); a number of positions for a
        shortcut or a player's thinking, past which ``OutOfBudget`` says "undecided"."""
        self.nodes = 0
        self.expand_memo: dict[tuple[State, Card], frozenset[State] | None] = {}
        self.pools: dict[frozenset[Card], _Pool] = {}
        """The ``_Pool`` of each pool met (a pool's hash is cached, its counts are not)."""
        self.solve_memo: dict[tuple[frozenset[State], frozenset[Card]], list[Card] | None] = {}
        self.trivial = not kn.unknown and not kn.hidden_slots and not any(kn.must_trump)
        self.bits = _card_bits(strength)
        after = [-1] * players
        for i, s in enumerate(active):
            after[s] = active[(i + 1) % len(active)]
        self.after = after
        """The seat after each active seat (the search asks this at every card)."""
        self.per_trick = len(active)
        self.pool_by_mask: dict[int, _Pool] = {}
        """One pool object per set of unknown cards the search deals down to, by its bit
        mask: the same pools recur along lines that reach one position in different
        orders, and one object per set lets every dictionary and set of positions compare
        pools by identity instead of card by card."""
        bit = self.bits.bit
        hand_bits = 0
        for c in kn.hand:
            hand_bits |= bit[c]
        self.hand_bits = hand_bits
        """p's cards at the call point as a bit mask of card positions."""
        static_bits = hand_bits
        for cards in kn.known:
            for c in cards:
                static_bits |= bit[c]
        self.static_bits = static_bits
        """The static separators (p's cards and those known in a seat at the call point:
        every known holding only shrinks from them) as a bit mask of card positions."""

    # -- feasibility ---------------------------------------------------------------------

    def feasible(self, state: State) -> bool:
        if self.trivial:
            return True  # the real deal: nothing unknown to place
        _, _, pool, free, must, _, voids, _, trump = state
        found = self._pool(pool)
        places = self._places_but(free, must, voids, trump, -1)
        return places.hold(found.total, found.low, found.high)

    def fits_counts(
        self,
        counts: tuple[int, ...],
        free: tuple[int, ...],
        must: tuple[int, ...],
        voids: tuple[int, ...],
        trump: int,
    ) -> bool:
        """``feasible`` for a pool of these suit counts. Not memoized: the check costs
        less than hashing its arguments for a dictionary would."""
        low, high = _suit_lanes(counts)
        total = counts[0] + counts[1] + counts[2] + counts[3]
        return self._places_but(free, must, voids, trump, -1).hold(total, low, high)

    def _places_but(
        self,
        free: tuple[int, ...],
        must: tuple[int, ...],
        voids: tuple[int, ...],
        trump: int,
        skip: int,
    ) -> _Places:
        """The unknown places of every seat but ``skip`` (-1: none), past face-down slots
        included, as ``_Places``."""
        need_low: int = 0
        need_high: int = 0
        total: int = 0
        trumps: int = 1 << trump
        for s in self.active:  # (no other seat has an unknown place)
            if s == skip:
                continue
            count: int = free[s]
            if count:
                void: int = voids[s]
                low, high = _in_lane(count, ALL_SUITS & ~void)
                need_low += low
                need_high += high
                total += count
            count = must[s]
            if count:
                low, high = _in_lane(count, trumps)
                need_low += low
                need_high += high
                total += count
        for led, _src in self.kn.hidden_slots:
            low, high = _in_lane(1, ALL_SUITS & ~(1 << led) & ~trumps)
            need_low += low
            need_high += high
            total += 1
        return _Places(need_low, need_high, total, trumps)

    # -- positions -------------------------------------------------------------------------

    def initial_states(self) -> set[State]:
        """The positions of the call point: each possible trump, each choice of the
        trick's unknown cards (representatives), kept when feasible. The same set for
        every solver of one knowledge (``shared_initial``: the judge's refutations and
        its full search ask it in turn); callers only iterate it."""
        shared = self.shared_initial
        if shared:
            return shared[0]
        out = self._initial_states()
        assert out is not None
        if shared is not None:
            shared.append(out)
        return out

    def too_many_initial_states(self) -> bool:
        """More initial positions than a node budget (``False`` without one). Each one is
        a node of its own (``run`` expands every one of them before anything else, and a
        fresh position always counts), so then a bounded search runs out of nodes, or
        stops earlier at a line that loses a trick: never "certain". Listing stops past
        the budget; a complete list is kept for the searches that follow."""
        if self.budget is None:
            return False
        shared = self.shared_initial
        if shared:
            return len(shared[0]) > self.budget
        out = self._initial_states(self.budget)
        if out is None:
            return True
        if shared is not None:
            shared.append(out)
        return False

    def _initial_states(self, limit: int | None = None) -> set[State] | None:
        kn = self.kn
        free, must = tuple(kn.free), tuple(kn.must_trump)
        known, voids = tuple(kn.known), tuple(kn.voids)
        left, to_play = kn.tricks_left, kn.to_play
        trivial = self.trivial
        if all(card is not None for _, card, _ in kn.trick):
            # every card of the trick known (the common case): one position per trump
            plays = tuple(_PLAY[seat][card] for seat, card, _ in kn.trick if card is not None)
            unknown = self._pool(kn.unknown)
            out: set[State] = set()
            for trump in kn.trumps:
                if trivial or self._places_but(free, must, voids, trump, -1).hold(
                    unknown.total, unknown.low, unknown.high
                ):
                    out.add((plays, to_play, kn.unknown, free, must, known, voids, left, trump))
                    if limit is not None and len(out) > limit:
                        return None
            return out
        # The choices of the trick's unknown cards depend on the trump only through a
        # played indicator (a trump): without one they are listed once for every trump.
        per_trump = any(allowed < 0 for _, card, allowed in kn.trick if card is None)
        shared_choices = None if per_trump else self._trick_choices(-1)
        listed: list[tuple[int, TrickChoices]] = []
        # Feasibility reads only the suit counts of the pool left: the feasible positions
        # are counted first, so that past ``limit`` none is built.
        total = 0
        for trump in kn.trumps:
            choices = shared_choices or self._trick_choices(trump)
            listed.append((trump, choices))
            if limit is None:
                continue
            for counts, n in choices.count_left.items():
                if trivial or self.fits_counts(counts, free, must, voids, trump):
                    total += n
            if total > limit:
                return None
        out = set()
        bit = self.bits.bit
        # the pool left by each choice (by its bit mask), once for all trumps
        pools = self.pool_by_mask
        for trump, choices in listed:
            seat, tail = choices.seat, choices.tail
            places = self._places_but(free, must, voids, trump, -1)
            by_card = _PLAY[seat]
            for plays, picked, counts, pool_bits, candidates in choices.open_last:
                # the pool before the last card, in the lanes of ``_hall``
                low, high = _suit_lanes(counts)
                size: int = counts[0] + counts[1] + counts[2] + counts[3] - 1
                for c in candidates:
                    card_low, card_high = _in_lane(1, 1 << SUIT[c])
                    if not (trivial or places.hold(size, low - card_low, high - card_high)):
                        continue
                    left_bits = pool_bits & ~bit[c]
                    pool = pools.get(left_bits)
                    if pool is None:
                        cards = kn.unknown.difference((*picked, c))
                        pool = _Pool(cards, left_bits, size, low - card_low, high - card_high)
                        pools[left_bits] = self.pools[cards] = pool
                    full = (*plays, by_card[c], *tail)
                    out.add((full, to_play, pool.cards, free, must, known, voids, left, trump))
        return out

    def _trick_choices(self, trump: int) -> TrickChoices:
        """The trick in progress (with an unknown card) with its unknown cards chosen
        (``trump``: the suit of a played indicator, -1 when there is none), as
        ``TrickChoices``."""
        unknown = self.kn.unknown
        bits = self.bits
        bit = bits.bit
        pool_bits = self._pool_bits(unknown)
        tally = tuple((pool_bits & bits.suits[1 << suit]).bit_count() for suit in range(4))
        trick = self.kn.trick
        last = max(i for i, (_, card, _) in enumerate(trick) if card is None)
        partial: list[tuple[Plays, tuple[Card, ...], tuple[int, ...], int]] = [
            ((), (), tally, pool_bits)
        ]
        for i, (seat, card, allowed) in enumerate(trick):
            if card is not None:
                play = (seat, card)
                partial = [
                    ((*plays, play), picked, counts, pool)
                    for plays, picked, counts, pool in partial
                ]
                continue
            mask = allowed if allowed >= 0 else 1 << trump
            if i == last:
                # the last unknown card: its candidates kept as lists, counted per suit
                tail = tuple((s, c) for s, c, _ in trick[i + 1 :] if c is not None)
                return TrickChoices.last_open(
                    [
                        (plays, picked, counts, pool, self._runs(pool, plays, mask, ALL_SUITS))
                        for plays, picked, counts, pool in partial
                    ],
                    seat,
                    tail,
                )
            nxt = []
            for plays, picked, counts, pool in partial:
                # any unknown card of the trick may share a run with a later one
                for c in self._runs(pool, plays, mask, ALL_SUITS):
                    nxt.append(
                        (
                            (*plays, _PLAY[seat][c]),
                            (*picked, c),
                            _less_one(counts, SUIT[c]),
                            pool & ~bit[c],
                        )
                    )
            partial = nxt
        raise ValueError("no unknown card in the trick in progress")

    def _runs(
        self,
        rest: int,
        plays: tuple[tuple[int, Card], ...],
        suits: int = ALL_SUITS,
        shared: int = 0,
        trump: int = -1,
    ) -> list[Card]:
        """The unknown cards worth dealing (see the module docstring) of a pool given as a
        bit mask of card positions, in the suits of ``suits``: walking each suit from
        the top, a new run starts after any card that is not unknown (p's cards, cards
        known to be in a seat, cards on the table). Each run gives its top card and, in
        the suits of ``shared`` (a mask: suits a later seat of this trick could play
        from the pool), its bottom card too, unless (``trump`` given) a card on the
        table already beats the run: then none of its cards can win this trick.

        Worked on bit masks of card positions (``_CardBits``): the cards between two
        separators are one stretch of the positions that are not separators, and a
        run is the pool's cards in such a stretch (cards out of play separate nothing)."""
        bits = self.bits
        bit = bits.bit
        card_at = bits.card_at
        if suits != ALL_SUITS:
            rest &= bits.suits[suits]
        separators = self.static_bits
        for _, c in plays:
            separators |= bit[c]
        open_ = bits.in_suits & ~separators
        strength = self.strength
        led = -1  # (-1: no card on the table to beat)
        best = -1
        if shared and trump >= 0 and plays:
            led = SUIT[plays[0][1]]
            for _, c in plays:
                key = _trick_key(c, strength, trump, led)
                if key > best:
                    best = key
        out: list[Card] = []
        while rest:
            low = rest & -rest  # the top card of the next run
            stretch = ((open_ + low) ^ open_) & open_
            run = rest & stretch
            rest ^= run
            top = card_at[low.bit_length() - 1]
            out.append(top)
            if (
                run != low
                and shared >> SUIT[top] & 1
                and (led < 0 or _trick_key(top, strength, trump, led) > best)
            ):
                out.append(card_at[run.bit_length() - 1])
        return out

    def _pool(self, pool: frozenset[Card]) -> _Pool:
        """The ``_Pool`` of a pool met (kept per pool)."""
        found = self.pools.get(pool)
        if found is None:
            bit = self.bits.bit
            mask = 0
            tally = [0, 0, 0, 0]
            for c in pool:
                mask |= bit[c]
                tally[SUIT[c]] = tally[SUIT[c]] + 1
            found = self.pools[pool] = _counted_pool(pool, mask, tuple(tally))
        return found

    def _pool_bits(self, pool: frozenset[Card]) -> int:
        """The pool as a bit mask of card positions (kept per pool met)."""
        return self._pool(pool).mask

    def _pool_less(self, pool: _Pool, c: Card) -> _Pool:
        """The pool less ``c``, as the one pool object of that set (``pool_by_mask``)."""
        less = pool.less
        if less is None:
            less = pool.less = [None] * len(SUIT)
        found = less[c]
        if found is None:
            mask = pool.mask & ~self.bits.bit[c]
            found = self.pool_by_mask.get(mask)
            if found is None:
                low, high = _in_lane(1, 1 << SUIT[c])
                found = _Pool(
                    pool.cards - {c}, mask, pool.total - 1, pool.low - low, pool.high - high
                )
                self.pool_by_mask[mask] = found
                self.pools[found.cards] = found
            less[c] = found
        return found

    def _pool_reps(self, state: State, pool_mask: int) -> list[Card]:
        """``_runs`` for the seat to play in ``state`` (``pool_mask``: its pool's): the
        bottoms of runs go to the suits that a later seat of the trick could play from
        the pool (its unknown cards outside its known voids; trumps for a hidden
        indicator) and that could win the trick (the led suit and trumps once a card is
        led: a discard never wins, whatever its rank)."""
        plays, seat, _pool, free, must, _known, voids, _left, trump = state
        shared = 0
        s = seat
        for _ in range(self.per_trick - len(plays) - 1):
            s = self.after[s]
            if free[s]:
                shared |= ALL_SUITS & ~voids[s]
            if must[s]:
                shared |= 1 << trump
        if plays:
            shared &= 1 << SUIT[plays[0][1]] | 1 << trump
        return self._runs(pool_mask, plays, ALL_SUITS, shared, trump)

    def _finish(self, plays: tuple[tuple[int, Card], ...], trump: int) -> int | None:
        """The winner of a complete trick (None if it is not complete)."""
        if len(plays) < self.per_trick:
            return None
        strength = self.strength
        best_seat, first = plays[0]
        led = SUIT[first]
        # one int per card: a trump outranks every card of the led suit (strengths < 64)
        best = strength[first] + 64 if led == trump else strength[first]
        for seat, c in plays:
            suit = SUIT[c]
            if suit == trump:
                key = strength[c] + 64
            elif suit == led:
                key = strength[c]
            else:
                continue
            if key > best:
                best_seat, best = seat, key
        return best_seat

    def _advance(self, state: State) -> State | None:
        """After a card: settle a complete trick. ``None`` if the team lost it."""
        plays, _seat, pool, free, must, known, voids, left, trump = state
        if len(plays) < self.per_trick:
            return (plays, self.after[plays[-1][0]], pool, free, must, known, voids, left, trump)
        winner = self._finish(plays, trump)
        if winner is None or winner % 2 != self.team:
            return None
        return ((), winner, pool, free, must, known, voids, left - 1, trump)

    def _known_reps(
        self,
        cards: frozenset[Card],
        pool_mask: int,
        plays: tuple[tuple[int, Card], ...],
    ) -> list[Card]:
        """One card per run of a seat's known cards that no other live card separates
        (equal for every later trick; card points do not matter to Caps). The live cards
        are the static separators (every known holding only shrinks from them), the
        unknown pool (``pool_mask``: its bit mask) and the cards of the trick in
        progress."""
        if len(cards) <= 1:
            return list(cards)
        bit = self.bits.bit
        card_at = self.bits.card_at
        rest = 0
        for c in cards:
            rest |= bit[c]
        separators = self.static_bits | pool_mask
        for _, c in plays:
            separators |= bit[c]
        open_ = self.bits.in_suits & ~(separators & ~rest)
        out: list[Card] = []
        while rest:
            low = rest & -rest
            rest &= ~(((open_ + low) ^ open_) & open_)
            out.append(card_at[low.bit_length() - 1])
        return out

    def _few(self, cards: list[Card], led: int, must_follow: bool, trump: int) -> list[Card]:
        """A restricted adversary for the quick refutation: the highest and the lowest
        legal card, and the highest trump. Refuting against fewer replies is still a
        refutation, since the full adversary has these replies too."""
        legal = [c for c in cards if not must_follow or SUIT[c] == led]
        strength = self.strength
        picks = {max(legal, key=lambda c: strength[c]), min(legal, key=lambda c: strength[c])}
        trumps = [c for c in legal if SUIT[c] == trump]
        if trumps:
            picks.add(max(trumps, key=lambda c: strength[c]))
        return sorted(picks, key=lambda c: -strength[c])

    def replies(self, state: State) -> list[State | None]:
        """Every distinct position after the seat to play (not p) plays a card, settled
        by ``_advance`` (``None`` where p's team loses the trick). The list ends at the
        first lost line: every caller stops there, so the later replies are not built."""
        out: list[State | None] = []
        plays, seat, pool, free, must, known, voids, left, trump = state
        led = SUIT[plays[0][1]] if plays else -1
        kn_cards = known[seat]
        has_known_led = bool(kn_cards) and led >= 0 and any(SUIT[c] == led for c in kn_cards)
        # Mid-trick, settling a card only hands the turn on (as ``_advance`` does), so the
        # position is built with the next seat at once; the last card of a trick is
        # settled by ``_advance`` (feasibility does not read the seat to play).
        complete = len(plays) + 1 >= self.per_trick
        turn = seat if complete else self.after[seat]
        voids_led = voids
        if led >= 0 and not voids[seat] >> led & 1:
            voids_led = _set(voids, seat, voids[seat] | 1 << led)
        n_free = free[seat]
        n_must = must[seat]
        # feasibility of each reply: only the seat's places and the pool differ from the
        # position's (the suits the seat's free places allow: as it is, or void in led)
        info = self._pool(pool)
        places = None if self.trivial else self._places_but(free, must, voids, trump, seat)
        allowed = ALL_SUITS & ~voids[seat]
        allowed_led = ALL_SUITS & ~voids_led[seat]
        by_card = _PLAY[seat]
        if kn_cards:
            # a known card (a revealed indicator; every card in the actual-deal world)
            choices = self._known_reps(kn_cards, info.mask, plays)
            if self.restricted and len(choices) > 2:
                choices = self._few(choices, led, has_known_led, trump)
            for c in choices:
                if led >= 0 and SUIT[c] != led:
                    if has_known_led:
                        continue
                    nv = voids_led
                    suits = allowed_led
                else:
                    nv = voids
                    suits = allowed
                if places is None or places.fit(info, n_free, suits, n_must):
                    nk = _set(known, seat, kn_cards - {c})
                    st = ((*plays, by_card[c]), turn, pool, free, must, nk, nv, left, trump)
                    if not complete:
                        out.append(st)
                    elif self._settled_into(out, st):
                        return out
        if not (n_free or n_must):
            return out
        if self.thin:
            out.extend(self._thin(state, info, places, voids_led, has_known_led))
            return out
        # the seat's counts less the card, built once for all its cards
        nf = _set(free, seat, n_free - 1) if n_free else free
        nm = _set(must, seat, n_must - 1) if n_must else must
        for c in self._pool_reps(state, info.mask):
            suit = SUIT[c]
            if led >= 0 and suit != led:
                if has_known_led:
                    continue
                nv = voids_led
                suits = allowed_led
            else:
                nv = voids
                suits = allowed
            rest = self._pool_less(info, c)
            played = (*plays, by_card[c])
            if (
                n_must
                and suit == trump
                and (places is None or places.fit(rest, n_free, suits, n_must - 1))
            ):
                st = (played, turn, rest.cards, free, nm, known, nv, left, trump)
                if not complete:
                    out.append(st)
                elif self._settled_into(out, st):
                    return out
                continue
            if (
                n_free
                and allowed >> suit & 1
                and (places is None or places.fit(rest, n_free - 1, suits, n_must))
            ):
                st = (played, turn, rest.cards, nf, must, known, nv, left, trump)
                if not complete:
                    out.append(st)
                elif self._settled_into(out, st):
                    return out
        return out

    def _settled_into(self, out: list[State | None], st: State) -> bool:
        """Append the trick ``st`` completes, settled (``_advance``); True when p's team
        lost it (``None``), where the caller's list of replies ends."""
        settled = self._advance(st)
        out.append(settled)
        return settled is None

    def _thin(
        self,
        state: State,
        pool: _Pool,
        places: _Places | None,
        voids_led: tuple[int, ...],
        has_known_led: bool,
    ) -> list[State | None]:
        """The unknown-card replies of the thin adversary, settled: p's partners play the
        weakest card they may hold; opponents the strongest (``thin == 1``) or
        (``THRIFTY``) the weakest that takes the trick so far, else the weakest, leading
        their strongest (trumps over the led suit over the rest). Refuting against fewer
        replies is still a refutation. (``pool``: the position's; ``places``: as in
        ``replies``.)"""
        plays, seat, _pool, _free, _must, _known, _voids, _left, trump = state
        led = SUIT[plays[0][1]] if plays else -1
        pw = card_powers(trump, self.strength)[led + 1]
        reps = self._pool_reps(state, pool.mask)
        # by (power, card): one int per card (cards < 64) sorts without a key function
        weak_first = [key & 63 for key in sorted([pw[c] * 64 + c for c in reps])]
        out: list[State | None] = []
        picked: set[Card] = set()
        ends: list[Iterable[Card]]
        if seat % 2 == self.team:
            ends = [weak_first]
        elif self.thin == THRIFTY and plays:
            # the weakest card that takes the trick so far, else the weakest
            top = -1
            for _, c in plays:
                if pw[c] > top:
                    top = pw[c]
            ends = [[c for c in weak_first if pw[c] >= 100 and pw[c] > top], weak_first]
        else:
            ends = [reversed(weak_first)]  # the strongest
        for end in ends:
            for c in end:
                st = self._thin_dealt(state, pool, places, c, voids_led, has_known_led)
                if st is not None:
                    if c not in picked:
                        picked.add(c)
                        out.append(self._advance(st))
                    break
            if out and self.thin == THRIFTY:
                break  # one reply only
        return out

    def _thin_dealt(
        self,
        state: State,
        pool: _Pool,
        places: _Places | None,
        c: Card,
        voids_led: tuple[int, ...],
        has_known_led: bool,
    ) -> State | None:
        """The position after the thin adversary deals ``c`` to the seat to play (not yet
        settled), or ``None`` if the seat cannot hold it."""
        plays, seat, _pool, free, must, known, voids, left, trump = state
        led = SUIT[plays[0][1]] if plays else -1
        n_free = free[seat]
        n_must = must[seat]
        suit = SUIT[c]
        if led >= 0 and suit != led:
            if has_known_led:
                return None
            nv = voids_led
        else:
            nv = voids
        suits = ALL_SUITS & ~nv[seat]
        rest = self._pool_less(pool, c)
        played = (*plays, _PLAY[seat][c])
        if (
            n_must
            and suit == trump
            and (places is None or places.fit(rest, n_free, suits, n_must - 1))
        ):
            nm = _set(must, seat, n_must - 1)
            return (played, seat, rest.cards, free, nm, known, nv, left, trump)
        if (
            n_free
            and not voids[seat] >> suit & 1
            and (places is None or places.fit(rest, n_free - 1, suits, n_must))
        ):
            nf = _set(free, seat, n_free - 1)
            return (played, seat, rest.cards, nf, must, known, nv, left, trump)
        return None

    def expand(self, state: State, card: Card | None) -> frozenset[State] | None:
        """Play ``card`` for p (or nothing if p is not to play), then every adversary line
        up to p's next turn. ``None`` if some line loses a trick for p's team."""
        key = (state, card if card is not None else -1)
        if key in self.expand_memo:
            return self.expand_memo[key]
        result: set[State] = set()
        start: State | None = state
        if card is not None:
            plays, seat, pool, free, must, known, voids, left, trump = state
            start = self._advance(
                ((*plays, _PLAY[seat][card]), seat, pool, free, must, known, voids, left, trump)
            )
        ok = start is not None and self._walk(start, result)
        out = frozenset(result) if ok else None
        self.expand_memo[key] = out
        return out

    def _walk(self, state: State, result: set[State]) -> bool:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget
        left = state[7]
        me = self.kn.seat
        if left == 0 or state[1] == me:
            result.add(state)
            return True
        if left == 1:
            for seat, _card in state[0]:
                if seat == me:
                    # the last trick after p's card: decided at once (``last_trick_lost``)
                    lost = self.last_trick_lost(state)
                    if lost is not None:
                        if not lost:
                            result.add(_TRICKS_DONE)
                        return not lost
                    break
        for adv in self.replies(state):
            if adv is None or not self._walk(adv, result):
                break  # a lost line: the later replies are never built
        else:
            return True
        return False

    def last_trick_lost(self, state: State, p_card: Card | None = None) -> bool | None:
        """The last trick, once its led suit is known: can the adversary still make an
        opponent win it? Every seat yet to play holds one card, known or in an unknown
        place, so the only choice left is the world. An opponent wins exactly when some
        opponent's card X beats every card of p's team: a card on the table or known in
        a seat, or an unknown card dealt to an opponent's place, with every unknown place
        of a partner given a card below X and every place filled (a matching of the
        unknown cards to the places: each seat's voids, a hidden indicator's trump, past
        face-down slots never trumps nor their trick's led suit). ``p_card``: p's card
        when he has yet to play to the trick (``holds`` knows it)."""
        plays, _seat, pool, free, must, known, voids, _left, trump = state
        me, team = self.kn.seat, self.team
        cards = [*plays, (me, p_card)] if p_card is not None else list(plays)
        strength = self.strength
        led = SUIT[cards[0][1]]
        team_best = opp_best = -2
        played = 0
        for seat, c in cards:
            played |= 1 << seat
            k = _trick_key(c, strength, trump, led)
            if seat % 2 == team:
                if k > team_best:
                    team_best = k
            elif k > opp_best:
                opp_best = k
        # (the order of the pool's cards changes no answer: a matching exists or not)
        pool_cards: list[Card] = []
        card_at = self.bits.card_at
        rest = self._pool(pool).mask
        while rest:
            low = rest & -rest
            pool_cards.append(card_at[low.bit_length() - 1])
            rest ^= low
        pool_keys = [_trick_key(c, strength, trump, led) for c in pool_cards]
        # the unknown places: (seat or -1 for a past face-down slot, allowed cards as a mask)
        places: list[tuple[int, int]] = []
        for seat in self.active:
            if played >> seat & 1:
                continue
            for c in known[seat]:
                k = _trick_key(c, strength, trump, led)
                if seat % 2 == team:
                    if k > team_best:
                        team_best = k
                elif k > opp_best:
                    opp_best = k
            n_must, n_free, seat_voids = must[seat], free[seat], voids[seat]
            if n_must or n_free:
                allowed = 0
                for i, c in enumerate(pool_cards):
                    suit = SUIT[c]
                    if (n_must and suit == trump) or (n_free and not seat_voids >> suit & 1):
                        allowed |= 1 << i
                places.append((seat, allowed))
        for hidden_led, _src in self.kn.hidden_slots:
            allowed = 0
            for i, c in enumerate(pool_cards):
                if SUIT[c] != trump and SUIT[c] != hidden_led:
                    allowed |= 1 << i
            places.append((-1, allowed))
        if len(places) != len(pool_cards):
            return None  # (never met: every seat yet to play holds one card) search it
        if opp_best > team_best and _matched(
            _partners_below(places, pool_keys, team, opp_best, -1, 0)
        ):
            return True
        for j, (seat, allowed) in enumerate(places):
            if seat < 0 or seat % 2 == team:
                continue
            for i in range(len(pool_cards)):
                k = pool_keys[i]
                if (
                    allowed >> i & 1
                    and k > team_best
                    and _matched(_partners_below(places, pool_keys, team, k, j, 1 << i))
                ):
                    return True
        return False

    def trumps_win_out(self, state: State, hand: frozenset[Card]) -> bool:
        """p, to play, holds only trumps, one per trick left, each above every trump any
        other seat may still hold or has put on the table: every order of them wins every
        remaining trick in every world and line (a trump led is his; any other lead he
        cannot follow, so he trumps it and no one can overtrump). A leaf of the exact
        search: it decides the position without dealing the others' cards (T3-16.4)."""
        left = state[7]
        if left == 0:
            return True
        if len(hand) != left:
            return False
        plays, _seat, pool, _free, _must, known, _voids, _left, trump = state
        strength = self.strength
        low = 64
        for c in hand:
            if SUIT[c] != trump:
                return False
            if strength[c] < low:
                low = strength[c]
        bits = self.bits
        trumps_out = self._pool(pool).mask & bits.suits[1 << trump]
        if trumps_out and strength[bits.card_at[(trumps_out & -trumps_out).bit_length() - 1]] > low:
            return False
        for s, cards in enumerate(known):
            if s != self.kn.seat:
                for c in cards:
                    if SUIT[c] == trump and strength[c] > low:
                        return False
        return all(SUIT[c] != trump or strength[c] < low for _, c in plays)

    def legal_for_p(self, state: State, card: Card, hand: frozenset[Card]) -> bool:
        plays = state[0]
        if not plays:
            return True
        led = SUIT[plays[0][1]]
        return SUIT[card] == led or not any(SUIT[c] == led for c in hand)

    def solve(
        self, states: frozenset[State], hand: frozenset[Card], fixed: list[Card] | None
    ) -> list[Card] | None:
        if not hand or all(s[7] == 0 for s in states):
            return []
        if fixed is not None and not fixed:
            return None
        key = (states, hand)
        if fixed is None and key in self.solve_memo:
            return self.solve_memo[key]
        if all(self.trumps_win_out(st, hand) for st in states):
            # every order wins: the first in ED-1 order (ED-29), or the one asked
            return fixed if fixed is not None else sorted(hand, key=_ED1_KEY.__getitem__)
        candidates = [fixed[0]] if fixed is not None else sorted(hand, key=_ED1_KEY.__getitem__)
        answer = None
        for card in candidates:
            nxt: set[State] = set()
            good = True
            for st in states:
                if not self.legal_for_p(st, card, hand):
                    good = False
                    break
                res = self.expand(st, card)
                if res is None:
                    good = False
                    break
                nxt |= res
            if not good:
                continue
            rest = self.solve(
                frozenset(nxt), hand - {card}, fixed[1:] if fixed is not None else None
            )
            if rest is not None:
                answer = [card, *rest]
                break
        if fixed is None:
            self.solve_memo[key] = answer
        return answer

    def run(self, fixed: list[Card] | None = None) -> list[Card] | None:
        """A winning sigma (the given one when ``fixed``), or ``None``."""
        if fixed is not None:
            return fixed if self.holds(fixed) else None
        states: set[State] = set()
        for st in self.initial_states():
            res = self.expand(st, None)
            if res is None:
                return None
            states |= res
        if not states:
            return None
        return self.solve(frozenset(states), frozenset(self.kn.hand), fixed)

    def first_order(self) -> list[Card] | None:
        """The first order of p's cards in ED-1 order that wins every remaining trick in
        every world and line (ED-27, ED-29), or ``None``: each order is walked depth first
        (``_losing_prefix``), and a losing line found after p's first L cards rules out
        every order that begins with those L cards, which are skipped at once."""
        order = sorted(self.kn.hand, key=_ED1_KEY.__getitem__)
        memo: dict[tuple[State, tuple[Card, ...]], int] = {}
        initial = self.initial_states()
        while True:
            lost = -1
            for st in initial:
                lost = self._losing_prefix(st, order, 0, memo)
                if lost >= 0:
                    break
            if lost < 0:
                return order
            nxt = _next_order(order, lost)
            if nxt is None:
                return None
            order = nxt

    def _losing_prefix(
        self,
        state: State,
        order: list[Card],
        i: int,
        memo: dict[tuple[State, tuple[Card, ...]], int],
    ) -> int:
        """-1 if p, having played ``order[:i]``, wins every remaining trick from ``state``
        by playing on in ``order``; else the length L of the prefix of ``order`` he had
        played on a line that loses (every order beginning with ``order[:L]`` loses on
        that line too: the others' cards do not depend on p's later ones)."""
        if state[7] == 0:
            return -1
        key = (state, tuple(order[i:]))
        found = memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget
        me = self.kn.seat
        out = -1
        lost = None
        if state[7] == 1 and (state[0] or state[1] == me):
            # the last trick, its led suit known: decided at once
            mine = None if any(seat == me for seat, _ in state[0]) else order[i]
            lost = self.last_trick_lost(state, mine)
            if lost:
                out = i if mine is None else i + 1
        if lost is not None:
            pass
        elif state[1] == me:
            hand = frozenset(order[i:])
            if not self.trumps_win_out(state, hand):
                card = order[i]
                plays, seat, pool, free, must, known, voids, left, trump = state
                nxt = None
                if self.legal_for_p(state, card, hand):
                    played = ((*plays, _PLAY[seat][card]), seat, pool, free, must, known, voids)
                    nxt = self._advance((*played, left, trump))
                out = i + 1 if nxt is None else self._losing_prefix(nxt, order, i + 1, memo)
        else:
            for adv in self.replies(state):
                out = i if adv is None else self._losing_prefix(adv, order, i, memo)
                if out >= 0:
                    break
        memo[key] = out
        return out

    def holds(self, order: list[Card]) -> bool:
        """Sound for a stated order: depth first over every world and line (a fixed order
        needs no sets of positions), so a losing line is found as soon as it exists."""
        if sorted(order) != sorted(self.kn.hand):
            return False
        memo: dict[tuple[State, int], bool] = {}
        me = self.kn.seat

        def walk(state: State, i: int) -> bool:
            if state[7] == 0:
                return True
            key = (state, i)
            found = memo.get(key)
            if found is not None:
                return found
            self.nodes += 1
            if self.budget is not None and self.nodes > self.budget:
                raise OutOfBudget
            lost = None
            if state[7] == 1 and (state[0] or state[1] == me):
                # the last trick, its led suit known: decided at once
                mine = None if any(seat == me for seat, _ in state[0]) else order[i]
                lost = self.last_trick_lost(state, mine)
            if lost is not None:
                ok = not lost
            elif state[1] == me and self.trumps_win_out(state, frozenset(order[i:])):
                ok = True
            elif state[1] == me:
                card = order[i]
                hand = frozenset(order[i:])
                plays, seat, pool, free, must, known, voids, left, trump = state
                nxt = None
                if self.legal_for_p(state, card, hand):
                    nxt = self._advance(
                        (
                            (*plays, _PLAY[seat][card]),
                            seat,
                            pool,
                            free,
                            must,
                            known,
                            voids,
                            left,
                            trump,
                        )
                    )
                ok = nxt is not None and walk(nxt, i + 1)
            else:
                ok = True
                for adv in self.replies(state):
                    if adv is None or not walk(adv, i):
                        ok = False
                        break
            memo[key] = ok
            return ok

        return all(walk(st, 0) for st in self.initial_states())


@dataclass(frozen=True)
class _CardBits:
    """Card positions for bit masks: each suit's cards of this game high to low, suit
    after suit (16 positions a suit)."""

    bit: tuple[int, ...]
    """Per card, its position's bit (0 for a card out of this game)."""
    card_at: tuple[Card, ...]
    """Per position, its card."""
    in_suits: int
    """Every position of a card of this game."""
    suits: tuple[int, ...]
    """Per mask of suits, the positions of those suits."""


_CARD_BITS_MEMO: Final[RankOrderMemo[_CardBits]] = RankOrderMemo()


def _card_bits(strength: tuple[int, ...]) -> _CardBits:
    """``_CardBits`` for a rank order (a pure function of it, kept per order)."""
    return _CARD_BITS_MEMO.value(strength, 0, _build_card_bits)


def _build_card_bits(strength: tuple[int, ...], _key: int = 0) -> _CardBits:
    bit = [0] * len(SUIT)
    card_at = [0] * 64
    in_suits = 0
    per_suit = [0, 0, 0, 0]
    for suit, order in enumerate(_by_suit(strength)):
        for i, c in enumerate(order):
            pos = 16 * suit + i
            bit[c] = 1 << pos
            card_at[pos] = c
            per_suit[suit] |= 1 << pos
        in_suits |= per_suit[suit]
    suits = tuple(
        sum(per_suit[suit] for suit in range(4) if mask >> suit & 1) for mask in range(16)
    )
    return _CardBits(tuple(bit), tuple(card_at), in_suits, suits)


@functools.cache
def _by_suit(strength: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    """Each suit's cards of this game, high to low (a pure function of the rank order)."""
    deck = sorted((c for c in range(52) if strength[c] > 0), key=lambda c: -strength[c])
    return tuple(tuple(c for c in deck if SUIT[c] == suit) for suit in range(4))


def _next_order(order: list[Card], fixed: int) -> list[Card] | None:
    """The first order after ``order`` in ED-1 order that differs from it within its first
    ``fixed`` cards (every order sharing them is ruled out), or ``None``."""
    key = _ED1_KEY.__getitem__
    for j in range(min(fixed, len(order)) - 1, -1, -1):
        later = [c for c in order[j:] if key(c) > key(order[j])]
        if later:
            c = min(later, key=key)
            return [*order[:j], c, *sorted((x for x in order[j:] if x != c), key=key)]
    return None


def _holds_suit(cards: set[Card], suit: int) -> bool:
    """Some card of ``cards`` is of ``suit``."""
    return any(SUIT[c] == suit for c in cards)


def _plain_pick(
    cards: set[Card], pw: tuple[int, ...], led: int, top: int, partner: bool, cheap: bool
) -> Card:
    """The plain adversary's card (``greedy_refutes_order``) among the legal ``cards`` (the
    led suit's, if any), -1 for none: a partner plays his weakest; an opponent his
    strongest, or (``cheap``: the thrifty adversary, after the lead) the weakest that
    beats ``top`` (the best power on the table, a discard never does), else his weakest.
    On a tie of powers, the first in the set's order."""
    follows = led >= 0 and _holds_suit(cards, led)
    low = partner or cheap
    pick, pick_power, taker, taker_power = -1, 0, -1, 0
    for c in cards:
        if follows and SUIT[c] != led:
            continue
        x = pw[c]
        if pick < 0 or (x < pick_power if low else x > pick_power):
            pick, pick_power = c, x
        if x >= LED_POWER and x > top and (taker < 0 or x < taker_power):
            taker, taker_power = c, x
    return taker if cheap and not partner and taker >= 0 else pick


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with ``value`` at ``index``."""
    return (*values[:index], value, *values[index + 1 :])

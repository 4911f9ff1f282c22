"""The Caps judge of a hand (T3-16): certainty at a call point (ED-27), soundness of a
call (T3-16.5), the first certain point and deadline (T3-16.8, ED-32, ED-33), the outcome
(T3-16.9) and the stated or server order (ED-29), read off the match's record."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from rules.cards import Card
from rules.three_o_four.caps_hall import (
    LANE,
    _fits_lanes,
)
from rules.three_o_four.caps_knowledge import (
    ALL_SUITS,
    CANONICAL_SUIT_RANK,
    GREEDY_BUDGET,
    MANY_UNSEEN,
    SEATS,
    STRONG_WORLDS,
    SUIT,
    THRIFTY,
    Knowledge,
    OutOfBudget,
    ProofFacts,
    State,
)
from rules.three_o_four.caps_search import (
    Solver,
    _holds_suit,
    _plain_pick,
    _set,
)
from rules.three_o_four.card_power import RankOrderMemo, card_powers
from rules.three_o_four.options import Layout
from rules.three_o_four.plain_lines import SUIT_MASK, PlainLines, place_bits
from rules.three_o_four.scoring import NO_CAPS, CapsResult

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch

T = TypeVar("T")


# The judge's results, shared (``CapsResult`` is frozen): one is given per team per hand.
_LOST_AFTER_CALL: Final = CapsResult("lost", reason="a trick was lost after calling")
_CALLED_UNCERTAIN: Final = CapsResult("wrong", reason="called before it was certain")
_CALLED_LATE: Final = CapsResult("wrong", reason="called too late")
_NEVER_CALLED: Final = CapsResult("wrong", reason="Caps was certain but never called")
_CORRECT: Final = CapsResult("correct")
_CORRECT_BONUS: Final = CapsResult("correct", bonus=True)

_ORDER_KEYS: Final[RankOrderMemo[tuple[int, ...]]] = RankOrderMemo()


def _default_order_keys(strength: tuple[int, ...], trump: int) -> tuple[int, ...]:
    """Per card, its place in ED-29's fallback order when ``trump`` is known (-1: not):
    trumps first, then the suits in canonical order, each from its strongest card."""
    return _ORDER_KEYS.value(strength, trump, _build_default_order_keys)


def _build_default_order_keys(strength: tuple[int, ...], trump: int) -> tuple[int, ...]:
    top = max(strength) + 1
    return tuple(
        ((0 if SUIT[c] == trump else 4) + CANONICAL_SUIT_RANK[SUIT[c]]) * top - strength[c]
        for c in range(len(SUIT))
    )


def _place_lanes(
    active: list[int],
    free: list[int],
    must: list[int],
    voids: Sequence[int],
    trump: int,
    hidden_slots: list[tuple[int, int]],
) -> tuple[int, int, int]:
    """The unknown places counted per allowed mask in ``_fits_lanes``'s two lane words,
    as ``Solver.fits_counts`` counts them, and how many there are."""
    need_low = need_high = total = 0
    for s in active:
        count = free[s]
        if count:
            mask = ALL_SUITS & ~voids[s]
            if mask < 8:
                need_low += count << LANE * mask
            else:
                need_high += count << LANE * (mask - 8)
            total += count
        count = must[s]
        if count:
            if trump < 3:
                need_low += count << LANE * (1 << trump)
            else:
                need_high += count
            total += count
    for led, _src in hidden_slots:
        mask = ALL_SUITS & ~(1 << led) & ~(1 << trump)
        if mask < 8:
            need_low += 1 << LANE * mask
        else:
            need_high += 1 << LANE * (mask - 8)
        total += 1
    return need_low, need_high, total


class _PartnerTakesLast:
    """``CapsJudge._partner_takes_last`` for one knowledge, asked when a proof needs it
    and then kept (a ``functools.cache`` of a lambda cost more to build, per proof, than
    most proofs spend)."""

    def __init__(self, judge: CapsJudge, kn: Knowledge) -> None:
        self.judge = judge
        self.kn = kn
        self.answer: bool | None = None

    def __call__(self) -> bool:
        if self.answer is None:
            self.answer = self.judge._partner_takes_last(self.kn)
        return self.answer


@dataclass(frozen=True)
class PositionTable:
    """The table a judge of single positions reads (``CapsJudge(None, table)``): the search
    player's, which asks about a Knowledge it built (``plain_lines_refute``,
    ``cashing_order`` and the refutations before a search), with no hand record."""

    players: int
    sitting_out: frozenset[int]
    layout: Layout


CallKey = tuple[int, int, tuple[Card, ...]]
"""A team's Caps call as a key: (caller, call point, stated order)."""


class CapsJudge:
    """Reads a match's play record to answer certainty, soundness and outcomes."""

    m: ThreeOFourMatch
    """The hand's record; absent from a judge of single positions."""

    def __init__(self, match: ThreeOFourMatch | None, table: PositionTable | None = None) -> None:
        if match is not None:
            self.m = match
            players, sitting_out, layout = match.players, match.sitting_out, match.layout
        else:
            assert table is not None, "a judge reads a match or a table"
            players, sitting_out, layout = table.players, table.sitting_out, table.layout
        self.players = players
        self.strength = layout.strength
        self.active = [s for s in range(players) if s not in sitting_out]
        self.per_trick = len(self.active)
        self.place_bits = place_bits(self.strength)
        """Each card's place bit (``plain_lines.place_bits``)."""
        # the deck as a set, kept on the match for its later hands
        deck = None if match is None else match.judge_deck
        if deck is None:
            deck = frozenset(layout.deck)
            if match is not None:
                match.judge_deck = deck
        self.deck = deck
        self.many_unseen = MANY_UNSEEN[1] if self.per_trick == 8 else MANY_UNSEEN[0]
        """ED-27a's bound on the cards unseen by p, at this table's size."""
        self.certain_cache: dict[tuple[int, int, int | None], list[Card] | None] = {}
        """``certain`` per (p, k, budget): ``None`` as budget is the exact ruling."""
        self._unbeaten_from_start: list[bool | None] = [None, None]
        self._first_lost: list[int | None] = [None, None]
        """Per team, the first trick it lost (``None``: none yet)."""
        self._dealt_mask: list[int] | None = None
        self._played_mask: list[int] = [0]
        """Per call point k, the cards played before it as a place mask (``_played_before``
        reads the record only as far as asked)."""
        self.knowledge_cache: dict[tuple[int, int, bool], Knowledge] = {}
        self.plain_lines_cache: dict[int, PlainLines] = {}
        """The plain-lines search per trump, turned to each player in turn."""
        self._rulings: dict[tuple[int, int, CallKey | None], CapsResult] = {}
        """``ruling`` per (team, cards played, the team's call)."""
        self.order_keys: dict[int, tuple[int, ...]] = {}
        """``_default_order_keys`` per trump (-1: unknown) for this hand's order."""

    # -- knowledge ----------------------------------------------------------------------

    def knowledge(self, p: int, k: int, actual: bool = False) -> Knowledge:
        """K(p, k) from the hand's record (ED-27); ``actual`` gives the single world of
        the real deal instead (every other holding known). Kept per question: the record
        up to CP(k) never changes once k cards are down, and no caller changes it."""
        key = (p, k, actual)
        found = self.knowledge_cache.get(key)
        if found is None:
            found = self.knowledge_cache[key] = self._knowledge(p, k, actual)
        return found

    def _knowledge(self, p: int, k: int, actual: bool) -> Knowledge:
        if actual:
            return self._actual_world(p, k)
        m = self.m
        hist = m.history
        trumper = m.trumper
        indicator = m.start_indicator
        # T3-9.2: under open trump everyone saw the indicator go back into the trumper's
        # hand, so it is one of his known cards until he plays it (ED-27)
        shown = m.indicator if m.mode == "open" else None
        trump_known = p == trumper or (m.reveal_cp is not None and m.reveal_cp <= k)
        sizes = [len(cards) for cards in m.start_hands]
        if indicator is not None:
            sizes[trumper] += 1
        dealt = self._dealt(p)
        seen: set[Card] = set(dealt)
        mine: set[Card] = set()
        ind_played = False
        public_at, trumper_at = m.public_at, m.trumper_at
        learns = p == trumper
        voids = [0] * m.players
        hidden_slots: list[tuple[int, int]] = []
        trick_plays: list[tuple[int, Card | None, int]] = []
        per = self.per_trick
        start_trick = (k // per) * per
        led = -1
        # one pass over the record: whether a card is visible to p depends only on its
        # own entry (his own cards, or made public / shown to the trumper by CP(k))
        for i in range(k):
            seat, card, _down, src = hist[i]
            sizes[seat] -= 1
            if seat == p:
                mine.add(card)
            if seat == trumper and card in (indicator, shown):
                ind_played = True
            if i % per == 0:
                led = SUIT[card]
            elif src == 0 and SUIT[card] != led:
                voids[seat] |= 1 << led
            pub = public_at[i]
            if (pub is not None and pub <= k) or (
                learns and (learned := trumper_at[i]) is not None and learned <= k
            ):
                seen.add(card)
                visible = True
            else:
                visible = card in seen
            if i >= start_trick:
                if visible:
                    trick_plays.append((seat, card, 0))
                elif src == 1:
                    trick_plays.append((seat, None, -1))  # the indicator: a trump
                else:
                    trick_plays.append((seat, None, ALL_SUITS & ~(1 << led)))
            elif not visible:
                hidden_slots.append((led, src))
        known: list[frozenset[Card]] = [frozenset()] * m.players
        free = [0] * m.players
        must = [0] * m.players
        for s in self.active:
            if s == p:
                continue
            size = sizes[s]
            if s == trumper and shown is not None and not ind_played:
                known[s] = frozenset({shown})
                seen.add(shown)
                size -= 1
            elif s == trumper and indicator is not None and not ind_played:
                if trump_known:
                    known[s] = frozenset({indicator})
                    seen.add(indicator)  # (not on the table: no play above reads it)
                else:
                    must[s] = 1
                size -= 1
            free[s] = size
        return Knowledge(
            seat=p,
            hand=[c for c in dealt if c not in mine] if mine else dealt,
            trick=trick_plays,
            to_play=self._to_play(k),
            unknown=self.deck.difference(seen),
            free=free,
            must_trump=must,
            known=known,
            voids=voids,
            hidden_slots=hidden_slots,
            tricks_left=m.n_tricks - k // per,
            trumps=[m.trump] if trump_known else [0, 1, 2, 3],
        )

    def _dealt(self, seat: int) -> list[Card]:
        """A fresh list of the seat's cards when the play began (the trumper's with the
        indicator)."""
        m = self.m
        cards = list(m.start_hands[seat])
        if seat == m.trumper and m.start_indicator is not None:
            cards.append(m.start_indicator)
        return cards

    def _actual_world(self, p: int, k: int) -> Knowledge:
        """The actual deal, which is one of the worlds consistent with K(p, k): every
        holding known, the real trump."""
        m = self.m
        hist = m.history
        played = 0  # the cards played before CP(k) as bits
        for i in range(k):
            played |= 1 << hist[i][1]
        active = [False] * m.players
        for s in self.active:
            active[s] = True
        indicator = m.start_indicator
        # each seat's dealt cards still held, in the order dealt (the sets' order follows)
        hand: list[Card] = []
        known: list[frozenset[Card]] = []
        for s in range(m.players):
            held = [c for c in m.start_hands[s] if not played >> c & 1]
            if s == m.trumper and indicator is not None and not played >> indicator & 1:
                held.append(indicator)
            if s == p:
                hand = held
            known.append(frozenset(held) if s != p and active[s] else frozenset())
        start_trick = (k // self.per_trick) * self.per_trick
        return Knowledge(
            seat=p,
            hand=hand,
            trick=[(r[0], r[1], 0) for r in hist[start_trick:k]],
            to_play=self._to_play(k),
            unknown=frozenset(),
            free=[0] * m.players,
            must_trump=[0] * m.players,
            known=known,
            voids=[0] * m.players,
            hidden_slots=[],
            tricks_left=m.n_tricks - k // self.per_trick,
            trumps=[m.trump],
        )

    def _to_play(self, k: int) -> int:
        """The seat to play at CP(k)."""
        m = self.m
        if k % self.per_trick == 0:
            return m.trick_leaders[min(k // self.per_trick, len(m.trick_leaders) - 1)]
        i = self.active.index(m.history[k - 1][0])
        return self.active[(i + 1) % len(self.active)]

    def solver(
        self,
        p: int,
        k: int,
        budget: int | None = None,
        actual: bool = False,
        shared_initial: list[set[State]] | None = None,
    ) -> Solver:
        return Solver(
            self.knowledge(p, k, actual),
            self.players,
            self.active,
            self.strength,
            budget,
            restricted=actual,
            shared_initial=shared_initial,
        )

    def opponents_trumps_unbeaten(self, team: int, k: int) -> bool:
        """A quick refutation in the actual world (always consistent with anyone's
        knowledge): some opponent's trumps cannot all be beaten (``_trumps_unbeaten``),
        at CP(k) or already when the play began (which holds for the rest of the hand).
        The highest unplayed trump in an opponent's hand is the commonest case."""
        if self._unbeaten_from_start[team] is None:
            self._unbeaten_from_start[team] = self._trumps_unbeaten(team, 0)
        return bool(self._unbeaten_from_start[team]) or self._trumps_unbeaten(team, k)

    def _trumps_unbeaten(self, team: int, k: int) -> bool:
        """Every card still held at CP(k) is played in some later trick (the lines run to
        the end), one per seat per trick, and a trump loses only to a higher trump in the
        same trick. So for ``team`` to win every trick, each trump an opponent holds
        needs its own higher trump of the team's in its trick: a matching (Hall's
        condition, counted from the highest trump down). Where it fails, in the actual
        world, nobody in ``team`` can be certain whatever order he states (and the
        partners' trumps are counted as if they helped). A team trump already in the
        trick in progress can still take one trump of an opponent yet to play there.
        Failing when the play began, it fails at every later point of the hand at which
        ``team`` has won every trick: each opponent trump played in those tricks took a
        higher team trump of its own, and those pairs with the rest would have matched."""
        per = self.per_trick
        start = (k // per) * per
        history = self.m.history
        trump = self.m.trump
        # on place masks (``plain_lines``: within a suit a higher bit is a stronger card)
        live_trumps = SUIT_MASK[trump] & ~self._played_before(k)
        dealt = self._dealt_masks()
        # an opponent yet to play to the trick in progress has one more when a team trump
        # is in it (seats as bits)
        team_trump_here = False
        played_here = 0
        for i in range(start, k):
            record = history[i]
            played_here |= 1 << record[0]
            if record[0] % 2 == team and SUIT[record[1]] == trump:
                team_trump_here = True
        ours = 0
        for s in self.active:
            if s % 2 == team:
                ours |= dealt[s]
        ours &= live_trumps
        for o in self.active:
            if o % 2 == team:
                continue
            slack = 1 if team_trump_here and not played_here >> o & 1 else 0
            theirs = dealt[o] & live_trumps
            # from the highest trump down: his trumps so far against the team's above them
            rest = ours | theirs
            while theirs:
                bit = 1 << rest.bit_length() - 1
                rest ^= bit
                if theirs & bit:
                    theirs ^= bit
                    slack -= 1
                    if slack < 0:
                        return True
                else:
                    slack += 1
        return False

    def _played_before(self, k: int) -> int:
        """The cards played before CP(k) as a place mask. The masks are kept per call point
        and read from the record only as far as asked: it only grows within a hand, and
        the questions often end at the first call point (the trumps already unbeaten)."""
        masks = self._played_mask
        if k >= len(masks):
            history, bits = self.m.history, self.place_bits
            mask = masks[-1]
            for i in range(len(masks) - 1, k):
                mask |= bits[history[i][1]]
                masks.append(mask)
        return masks[k]

    def _refuted_in_positions(self, solver: Solver) -> bool:
        """More initial positions than the node budget (``too_many_initial_states``), or
        one of them refuted (``refuted_in_some_world``)."""
        return solver.too_many_initial_states() or self.refuted_in_some_world(solver)

    def refuted_in_some_world(self, solver: Solver) -> bool:
        """A quick refutation in p's own worlds, one initial position at a time (the
        unknown cards of the trick in progress chosen, as the search chooses them). The
        search must win from every initial position, so one position with a consistent
        completion where an opponent wins a trick whatever anyone plays refutes certainty
        (the search finds no order, or runs out of nodes)."""
        return any(
            self.top_trump_with_opponent(solver, state)
            or self.outside_trumps_with_one_opponent(solver, state)
            for state in solver.initial_states()
        )

    def top_trump_with_opponent(self, solver: Solver, state: State) -> bool:
        """Some completion of ``state`` gives an opponent the highest live trump (none
        higher is in p's hand, known in a seat or on the table): the trick he plays it to
        is his."""
        plays, _to_play, pool, free, must, known, voids, left, trump = state
        if left <= 0:
            return False
        # on bit masks of card positions (``Solver.bits``: each suit strongest first)
        bits = solver.bits
        bit = bits.bit
        trumps = bits.suits[1 << trump]
        pool_bits = solver._pool_bits(pool)
        live = pool_bits & trumps
        if not live:
            return False
        low = live & -live
        seen = solver.hand_bits
        for _, c in plays:
            seen |= bit[c]
        for cards in known:
            for c in cards:
                seen |= bit[c]
        if seen & trumps & (low - 1):
            return False  # a higher trump is p's, on the table or known in a seat
        # feasibility of the pool without it, by its suit counts (as ``feasible`` asks)
        rest = pool_bits & ~low
        counts = tuple((rest & bits.suits[1 << suit]).bit_count() for suit in range(4))
        trivial = solver.trivial
        for seat in self.active:
            if seat % 2 == solver.team:
                continue
            if free[seat] and not voids[seat] >> trump & 1:
                nf = _set(free, seat, free[seat] - 1)
                if trivial or solver.fits_counts(counts, nf, must, voids, trump):
                    return True
            if must[seat]:
                nm = _set(must, seat, must[seat] - 1)
                if trivial or solver.fits_counts(counts, free, nm, voids, trump):
                    return True
        return False

    def outside_trumps_with_one_opponent(self, solver: Solver, state: State) -> bool:
        """No trump lies on the table, and some completion of ``state`` gives every live
        trump p does not hold to one opponent (no other seat holds one), more of them than
        p holds. The opponent plays each of his trumps in a different trick, and one of
        them can lose only to a higher trump of p's in the same trick, each of p's in one
        trick at most: so one of his is the only trump of its trick, and wins it."""
        plays, to_play, pool, free, must, known, voids, left, trump = state
        if left <= 0 or any(SUIT[c] == trump for _, c in plays):
            return False
        outside = frozenset(c for c in pool if SUIT[c] == trump)
        mine = sum(1 for c in solver.kn.hand if SUIT[c] == trump)
        holders = [s for s in self.active if any(SUIT[c] == trump for c in known[s])]
        for seat in self.active:
            if seat % 2 == solver.team or any(h != seat for h in holders):
                continue
            held = len(outside) + sum(1 for c in known[seat] if SUIT[c] == trump)
            into_free = len(outside) - must[seat]
            if held <= mine or into_free < 0 or into_free > free[seat]:
                continue
            if into_free and voids[seat] >> trump & 1:
                continue
            nf = _set(free, seat, free[seat] - into_free)
            nm = _set(must, seat, 0)
            world = (plays, to_play, pool - outside, nf, nm, known, voids, left, trump)
            if solver.feasible(world):
                return True
        return False

    def strong_worlds(self, solver: Solver, limit: int = STRONG_WORLDS) -> Iterator[Knowledge]:
        """Whole worlds consistent with K(p, k) that favour the opponents, for the plain
        adversaries to play in: for each of the first ``limit`` initial positions, one
        with the strong cards spread over the opponents and one with each suit kept long
        in one opponent's hand (``_strong_world``). Each is one of the search's worlds,
        so a line that beats p there is one of its lines too."""
        for n, state in enumerate(solver.initial_states()):
            if n >= limit:
                return
            for long_suits in (False, True):
                world = self._strong_world(solver, state, long_suits)
                if world is not None:
                    yield world

    def _strong_world(self, solver: Solver, state: State, long_suits: bool) -> Knowledge | None:
        """The unknown cards of ``state`` dealt strongest first (trumps first), each to the
        next opponent who may hold it while the rest still fit (Hall's condition, as the
        search asks it), else to a partner; what is left fills the past face-down slots.
        Spread: the opponents take turns card by card (each gets top cards to win with,
        and voids to ruff with). Long suits: suit by suit, one opponent takes as many of
        a suit as he may (a top card with length keeps it past the leads that draw the
        others). ``None`` when the greedy order leaves a place unfilled."""
        team = solver.team
        p = solver.kn.seat
        opponents = [s for s in self.active if s % 2 != team]
        partners = [s for s in self.active if s % 2 == team and s != p]
        strength = self.strength
        plays, to_play, pool, free_t, must_t, known, voids, left, trump = state
        free, must = list(free_t), list(must_t)
        held = [set(cards) for cards in known]
        # ranked by (not a trump, suit when long_suits, -strength, card) packed in one int
        # (strengths < 100, cards < 64) to sort without a key function called per card
        keys = []
        for c in pool:
            group = (SUIT[c] != trump) * 4 + (SUIT[c] if long_suits else 0)
            keys.append((group * 128 + 127 - strength[c]) * 64 + c)
        keys.sort()
        ranked = [key & 63 for key in keys]
        n_opponents = len(opponents)
        n_others = n_opponents + len(partners)
        turn = 0
        suit = SUIT[ranked[0]] if ranked else -1
        # ``solver.feasible`` of the world with ``c`` placed, asked as ``fits_counts`` asks
        # it: the places left counted per allowed mask in two lane words (kept up to date
        # here, a place at a time) against the suit counts of the cards left to place
        counts = [0, 0, 0, 0]
        for c in pool:
            counts[SUIT[c]] += 1
        need_low, need_high, places = _place_lanes(
            self.active, free, must, voids, trump, solver.kn.hidden_slots
        )
        unplaced = len(ranked)
        trivial = solver.trivial
        for c in ranked:
            card_suit = SUIT[c]
            if long_suits and card_suit != suit:
                suit, turn = card_suit, (turn + 1) % len(opponents)
            counts[card_suit] -= 1
            counts_left = (counts[0], counts[1], counts[2], counts[3])
            counts[card_suit] += 1
            # the opponents from ``turn`` on, then the partners
            for j in range(n_others):
                if j < n_opponents:
                    seat = opponents[(turn + j) % n_opponents]
                else:
                    seat = partners[j - n_opponents]
                if must[seat] and card_suit == trump:
                    slots, lane = must, 1 << trump
                elif free[seat] and not voids[seat] >> card_suit & 1:
                    slots, lane = free, ALL_SUITS & ~voids[seat]
                else:
                    continue
                low, high = need_low, need_high
                if lane < 8:
                    low -= 1 << LANE * lane
                else:
                    high -= 1 << LANE * (lane - 8)
                # (the sizes add up, with this card placed, when they add up now)
                if trivial or (places == unplaced and _fits_lanes(low, high, counts_left)):
                    slots[seat] -= 1
                    need_low, need_high, places, unplaced = low, high, places - 1, unplaced - 1
                    counts[card_suit] -= 1
                    held[seat].add(c)
                    if j < n_opponents and not long_suits:
                        turn = (turn + j + 1) % n_opponents
                    break
        if any(free) or any(must):
            return None
        return Knowledge(
            seat=p,
            hand=solver.kn.hand,
            trick=[(seat, card, 0) for seat, card in plays],
            to_play=to_play,
            unknown=frozenset(),
            free=[0] * len(free),
            must_trump=[0] * len(must),
            known=[frozenset(cards) for cards in held],
            voids=[0] * len(voids),
            hidden_slots=[],
            tricks_left=left,
            trumps=[trump],
        )

    def refuted_in_a_strong_world(self, solver: Solver) -> bool:
        """Every order of p's cards loses to a plain adversary in one of ``strong_worlds``
        (``plain_lines_refute`` there): not certain."""
        return any(self.plain_lines_refute(world) for world in self.strong_worlds(solver))

    def order_fails_in_a_strong_world(self, solver: Solver, order: list[Card]) -> bool:
        """The stated order loses to a plain adversary in one of ``strong_worlds``: not
        sound."""
        return any(
            self.greedy_refutes_order(world, order, thrifty=False)
            or self.greedy_refutes_order(world, order, thrifty=True)
            for world in self.strong_worlds(solver)
        )

    def plainly_refuted(self, p: int, k: int) -> bool:
        """A quick refutation of Certain(p, k) before the search, in the real deal
        (``plain_lines_refute``), read from the record as masks (the real deal needs no
        ``Knowledge``: each seat holds its dealt cards less those played by CP(k))."""
        per = self.per_trick
        left = self.m.n_tricks - k // per
        if left <= 0:
            return False
        dealt = self._dealt_masks()
        # every seat holds its dealt cards still live (those not played by CP(k))
        live = 0
        for mask in dealt:
            live |= mask
        live &= ~self._played_before(k)
        start = (k // per) * per
        plays = [(r[0], r[1]) for r in self.m.history[start:k]]
        lines = self.plain_lines(p, self.m.trump)
        return lines.refuted_masks(plays, self._to_play(k), dealt, live, left)

    def _dealt_masks(self) -> list[int]:
        """Each seat's cards when the play began as a place mask (none for a seat sitting
        out)."""
        if self._dealt_mask is None:
            m = self.m
            bits = self.place_bits
            indicator = m.start_indicator
            masks = [0] * self.players
            for s in self.active:
                mask = 0
                for c in m.start_hands[s]:
                    mask |= bits[c]
                if s == m.trumper and indicator is not None:
                    mask |= bits[indicator]
                masks[s] = mask
            self._dealt_mask = masks
        return self._dealt_mask

    def plain_lines_refute(self, kn: Knowledge) -> bool:
        """In the one world ``kn`` (every holding known), every order of p's cards loses a
        trick to one plain adversary or to the other (``PlainLines``): the partners play
        their weakest legal card; the opponents their strongest, or the weakest that takes
        the trick so far. Those lines are open to the full search's adversary, which plays
        every line in every world (and the real deal is one of them), so no order is
        certain."""
        p = kn.seat
        if kn.tricks_left <= 0:
            return False
        plays = tuple((seat, card) for seat, card, _ in kn.trick if card is not None)
        if len(plays) != len(kn.trick):
            return False
        held = [kn.hand if s == p else kn.known[s] for s in range(self.players)]
        return self.plain_lines(p, kn.trumps[0]).refuted(plays, kn.to_play, held, kn.tricks_left)

    def plain_lines(self, p: int, trump: int) -> PlainLines:
        """The plain-lines search for p with this trump, built once per hand and trump
        (it keeps nothing from one position to the next) and turned to p."""
        found = self.plain_lines_cache.get(trump)
        if found is None:
            found = PlainLines(p, self.active, trump, self.strength)
            self.plain_lines_cache[trump] = found
        elif found.p != p:
            found.turn_to(p)
        return found

    def greedy_refutes_order(self, kn: Knowledge, order: list[Card], thrifty: bool) -> bool:
        """``plain_lines_refute`` for one stated order (``Sound``): in the actual world, the
        plain adversary's single line against that order loses a trick (or the order is
        not p's cards, or plays a card he may not play there, as ``Solver.holds`` checks).
        The line is one of the full search's lines in one consistent world, so the full
        search finds the order failing too (or runs out of nodes): not sound both ways."""
        p = kn.seat
        if kn.tricks_left <= 0:
            return False
        if sorted(order) != sorted(kn.hand):
            return True
        power = card_powers(kn.trumps[0], self.strength)
        team = p % 2
        active = self.active
        per = self.per_trick
        after = [0] * self.players
        for i, s in enumerate(active):
            after[s] = active[(i + 1) % per]
        # The seats' cards as sets, built and emptied as the first implementation did: the
        # plain picks take the first card of a set's iteration order on a tie of powers.
        held = [set(kn.hand) if s == p else set(kn.known[s]) for s in range(self.players)]
        # the trick in progress: its size and led suit, the best power (``trick_winner``)
        # and its seat; ``pw`` the powers for the led suit (every suit when leading)
        n, led, best, best_seat = 0, -1, -1, -1
        pw = power[0]
        for seat, card, _ in kn.trick:
            if card is None:
                return False
            if not n:
                led = SUIT[card]
                pw = power[led + 1]
                best, best_seat = pw[card], seat
            elif pw[card] > best:
                best, best_seat = pw[card], seat
            n += 1
        seat, left, i = kn.to_play, kn.tricks_left, 0
        while True:
            if n == per:
                if best_seat % 2 != team:
                    return True
                if left == 1:
                    return False
                n, led, pw, seat, left = 0, -1, power[0], best_seat, left - 1
                continue
            cards = held[seat]
            if seat == p:
                if i >= len(order):
                    return False
                pick = order[i]
                i += 1
                if led >= 0 and SUIT[pick] != led and _holds_suit(cards, led):
                    return True  # he must follow suit: the order cannot be played
            else:
                pick = _plain_pick(cards, pw, led, best, seat % 2 == team, thrifty and n > 0)
                if pick < 0:
                    return False
            cards.discard(pick)
            if not n:
                led = SUIT[pick]
                pw = power[led + 1]
                best, best_seat = pw[pick], seat
            elif pw[pick] > best:
                best, best_seat = pw[pick], seat
            n += 1
            seat = after[seat]

    def team_won_all_before(self, team: int, k: int) -> bool:
        """``team`` won every trick finished before CP(k)."""
        first = self._first_lost[team]
        if first is None:
            # (trick winners are teams; once a trick is lost the index never changes)
            winners = self.m.trick_winners
            if 1 - team not in winners:
                return True
            first = self._first_lost[team] = winners.index(1 - team)
        return k // self.per_trick <= first

    def certain(self, p: int, k: int, budget: int | None = None) -> list[Card] | None:
        """Certain(p, k) (ED-27): the first winning order of p's cards in ED-1 order, or
        ``None``. Exact without ``budget`` (the ruling); with one, a search that runs out
        answers ``None`` (the old, budget-bound ruling, kept to compare against:
        bench/caps_exact.py)."""
        return self._decide(p, k, budget, prove=False)

    def certain_exists(self, p: int, k: int, budget: int | None = None) -> bool:
        """Certain(p, k) as a yes or no (the duty of T3-16.4 and the deadline of T3-16.8
        ask only that): after the cheapest refutations, an order cashing top cards
        (``cashing_order``) proves it at once; otherwise the rest of ``certain``."""
        return self._decide(p, k, budget, prove=True) is not None

    def _decide(self, p: int, k: int, budget: int | None, prove: bool) -> list[Card] | None:
        """``certain``; with ``prove``, a ``cashing_order`` proof is also accepted once
        the refutations that most often decide have failed (its order is not cached: it
        need not be the first winning order that ED-29 asks for)."""
        if not self.team_won_all_before(p % 2, k):
            return None
        if k // self.per_trick >= self.m.n_tricks:
            return None
        if self.opponents_trumps_unbeaten(p % 2, k):
            return None
        key = (p, k, budget)
        if key in self.certain_cache:
            found = self.certain_cache[key]
            if found is None and prove and budget is not None:
                return self.cashing_order(self.knowledge(p, k))  # the search may run out
            return found
        # Refutations first (the cheap ones that decide most often lead): each says "not
        # certain" only when the full search below would say so too (it refutes every
        # order, or runs out of nodes), so the order of the questions changes no answer.
        # The plain lines in the real deal need no solver and decide most questions; then,
        # with every card of the trick known, there is one initial position per trump and
        # the world refutations (the top live trump with an opponent among them) are cheap;
        # with unknown cards in the trick, listing the positions costs more, so they come
        # later. The first two are refutations proper (every order fails), so a cashing
        # proof can only come after them.
        if self.plainly_refuted(p, k):
            self.certain_cache[key] = None
            return None
        initial: list[set[State]] = []  # the thin searches and the full one share them
        full = self.solver(p, k, budget, shared_initial=initial)
        cheap_worlds = all(card is not None for _, card, _ in full.kn.trick)
        if cheap_worlds and self.refuted_in_some_world(full):
            self.certain_cache[key] = None
            return None
        if prove:
            order = self.cashing_order(full.kn)
            if order is not None:
                return order
        if budget is None and len(full.kn.unknown) > self.many_unseen:
            # ED-27a (docs/caps-ruling.md): while so many cards are unseen, certain means
            # certain by cashing, and the server states the cashing order (ED-29)
            found = self.cashing_order(full.kn)
            self.certain_cache[key] = found
            return found
        if (
            (not cheap_worlds and self._refuted_in_positions(full))
            or (cheap_worlds and full.too_many_initial_states())
            or self.refuted_in_a_strong_world(full)
            or self.thin_refutes(full.kn, THRIFTY, GREEDY_BUDGET, shared_initial=initial)
            or self.thin_refutes(full.kn, 1, GREEDY_BUDGET, shared_initial=initial)
        ):
            self.certain_cache[key] = None
            return None
        found = None
        try:
            # The real deal is one consistent world: if no order wins there, none wins
            # in all of them (a cheap refutation before the full search).
            actual = self.solver(p, k, budget, actual=True)
            if budget is not None:
                # the old ruling: the search over sets of positions, bounded
                if actual.run() is not None:
                    found = full.run()
            elif actual.first_order() is not None:
                found = full.first_order()
        except OutOfBudget:  # (only with a budget)
            found = None
        self.certain_cache[key] = found
        return found

    def cashing_order(self, kn: Knowledge) -> list[Card] | None:
        """An order of p's cards that ``plainly_sound`` proves (else ``None``): his trumps
        high to low, then the rest high to low; when he is to follow in the trick in
        progress, each card he may play there is tried first in turn, the rest after it in
        that order."""
        played_here = any(seat == kn.seat for seat, _, _ in kn.trick)
        if (
            len(kn.trumps) != 1
            or len(kn.hand) != kn.tricks_left - played_here
            or kn.tricks_left <= 0
        ):
            return None
        trump = kn.trumps[0]
        strength = self.strength
        facts = self.proof_facts(kn)
        # by (not a trump, -strength, card) packed in one int (strengths < 100, cards < 64)
        keys = [((SUIT[c] != trump) * 128 + 127 - strength[c]) * 64 + c for c in kn.hand]
        keys.sort()
        hand = [key & 63 for key in keys]
        if played_here or not kn.trick or kn.trick[0][1] is None:
            return hand if self.plainly_sound(kn, hand, facts) else None
        led = SUIT[kn.trick[0][1]]
        follows = any(SUIT[c] == led for c in hand)
        for c in hand:
            if follows and SUIT[c] != led:
                continue
            order = [c, *(x for x in hand if x != c)]
            if self.plainly_sound(kn, order, facts):
                return order
        return None

    def _cashes(
        self,
        order: list[Card],
        best: list[int],
        outside: list[int],
        trump: int,
        last_rescued: Callable[[], bool] | None = None,
    ) -> bool:
        """p on lead wins a trick with each card of ``order`` in turn. A lead of a suit
        makes every seat holding that suit play one of it (follow suit), so after as many
        leads of a suit as there are outside cards of it, none is left outside. A card
        wins when it is above every outside card of its suit or none can be left; a plain
        card only once no outside trump can be left."""
        strength = self.strength
        leads = [0, 0, 0, 0]
        for i, c in enumerate(order):
            suit = SUIT[c]
            if (suit != trump and leads[trump] < outside[trump]) or (
                strength[c] <= best[suit] and leads[suit] < outside[suit]
            ):
                # a seat may still hold a trump, or a higher card of the suit: only the
                # last trick may still be the team's (``last_rescued``)
                return last_rescued is not None and i == len(order) - 1 and last_rescued()
            leads[suit] += 1
        return True

    def thin_refutes(
        self,
        kn: Knowledge,
        replies: int,
        budget: int,
        order: list[Card] | None = None,
        shared_initial: list[set[State]] | None = None,
    ) -> bool:
        """A refutation before the full search: the same question against the thin
        adversary (``Solver._thin``), with a node limit of its own. Its lines of play are
        lines of the full search (the same representative cards, the same feasibility),
        so "no order wins" there means the full search finds no winning order either
        (or runs out of nodes): "not certain" both ways. Any other result of the thin
        search decides nothing and the full search runs as before.
        With ``order``, the question is whether that one order wins (``Sound``).
        Not asked when the listed initial positions outnumber its node limit: it would
        mostly run out of nodes before its first choice (a refutation is only a shortcut)."""
        if shared_initial and len(shared_initial[0]) > budget:
            return False
        thin = Solver(
            kn,
            self.players,
            self.active,
            self.strength,
            budget,
            thin=replies,
            shared_initial=shared_initial,
        )
        try:
            return thin.run(fixed=order) is None
        except OutOfBudget:
            return False

    def sound(self, p: int, k: int, order: list[Card], budget: int | None = None) -> bool:
        """Sound(call): the stated order wins every trick in every consistent world.
        Exact without ``budget``; with one, a search that runs out answers ``False``
        (the old ruling, kept to compare against)."""
        if not self.team_won_all_before(p % 2, k):
            return False
        if self.opponents_trumps_unbeaten(p % 2, k):
            return False
        actual = self.knowledge(p, k, actual=True)
        if self.greedy_refutes_order(actual, order, thrifty=False) or self.greedy_refutes_order(
            actual, order, thrifty=True
        ):
            return False
        if self.plainly_sound(self.knowledge(p, k), order):
            return True
        initial: list[set[State]] = []
        full = self.solver(p, k, budget, shared_initial=initial)
        if full.kn.tricks_left > 0 and full.too_many_initial_states():
            return False  # ``holds`` counts each of them: it runs out (or fails) first
        if full.kn.tricks_left > 0 and self.order_fails_in_a_strong_world(full, order):
            return False
        # the one-reply adversaries first: a line of theirs that beats this order is a
        # line of the full search too (see ``thin_refutes``)
        if self.thin_refutes(full.kn, THRIFTY, GREEDY_BUDGET, order, initial) or self.thin_refutes(
            full.kn, 1, GREEDY_BUDGET, order, initial
        ):
            return False
        try:
            if self.solver(p, k, budget, actual=True).run(fixed=order) is None:
                return False  # the order already fails in the real deal
            return full.run(fixed=order) is not None
        except OutOfBudget:  # (only with a budget)
            return False

    def proof_facts(self, kn: Knowledge) -> ProofFacts:
        """What ``plainly_sound`` reads of K(p, k) whatever the order (``cashing_order``
        tries several): ``_outside`` for every other seat and for the seats yet to play to
        the trick in progress, and ``_partner_takes_last``."""
        best, outside = self._outside(kn)
        played = {seat for seat, _, _ in kn.trick}
        here_best, here_count = self._outside(kn, [s for s in self.active if s not in played])
        return best, outside, here_best, here_count, _PartnerTakesLast(self, kn)

    def plainly_sound(
        self,
        kn: Knowledge,
        order: list[Card],
        facts: ProofFacts | None = None,
    ) -> bool:
        """A quick proof of Sound for a stated order, when p knows trump. Outside cards are
        those that may lie in another seat: any card p has not seen (a face-down card on
        the table among them) and any card known to be in another seat.

        - p on lead: the order cashes (``_cashes``): each card is above every outside card
          of its suit or comes after as many leads of its suit as there are outside cards
          of it (each lead makes every seat holding the suit play one), and no plain card
          comes before as many trump leads as there are outside trumps. So each card wins
          its trick, p keeps the lead, and every card of the order is legal.
        - The trick in progress has a lead: the first card is his to play there (of the led
          suit, or he has none) and surely wins it (a trump above every outside trump and
          every trump on the table; or a card of the led suit above every outside card of
          that suit and every card on the table, with no trump outside or on the table);
          then, on lead, the rest cashes as above, counting the outside cards as they are
          now (they only become fewer).
        - Someone else is to lead the next trick: every card of the order is a trump above
          every outside trump, so whatever is led each is legal and wins its trick.

        Two refinements. In the trick in progress only cards that may still be played to it
        can beat his first card: the unknown ones and those known to be in a seat yet to
        play there (not a seat that has played to it already). And his last card, led to
        the last trick, need not win it when a partner surely does (``_partner_takes_last``).

        The trick in progress need not be his to win: a partner's card on the table may
        hold it (``_holds_trick``), and then the rest must be trumps above every outside
        trump. When he has played to it already, the order is for the tricks after it:
        his card there holding it against every seat yet to play keeps him on lead (the
        rest cashes); a team card holding it against the opponents needs the rest to be
        such trumps.

        The full search gives the same answer when it does not run out of nodes."""
        played_here = any(seat == kn.seat for seat, _, _ in kn.trick)
        if (
            len(kn.trumps) != 1
            or len(order) != kn.tricks_left - played_here
            or kn.tricks_left <= 0
            or sorted(order) != sorted(kn.hand)
        ):
            return False
        trump = kn.trumps[0]
        strength = self.strength
        if facts is None:
            facts = self.proof_facts(kn)
        best, outside, here_best, here_count, rescued = facts
        top_trumps = self._top_trumps_win(order, best[trump], trump, rescued)
        if played_here:
            lead = kn.trick[0][1]
            if lead is None:
                return False
            if self._holds_trick(kn, SUIT[lead], trump, keeps_lead=True):
                return self._cashes(order, best, outside, trump, rescued)
            return top_trumps and self._holds_trick(kn, SUIT[lead], trump, keeps_lead=False)
        if not kn.trick:
            if kn.to_play == kn.seat:
                return self._cashes(order, best, outside, trump, rescued)
            return top_trumps
        lead = kn.trick[0][1]
        if lead is None:
            return False
        led = SUIT[lead]
        first = order[0]
        if SUIT[first] != led and any(SUIT[c] == led for c in order):
            return False  # he must follow suit
        table = [card for _, card, _ in kn.trick if card is not None]
        table_trump = max((strength[c] for c in table if SUIT[c] == trump), default=-1)
        if SUIT[first] == trump:
            wins = strength[first] > here_best[trump] and strength[first] > table_trump
        else:
            wins = (
                SUIT[first] == led
                and strength[first] > here_best[led]
                and all(strength[first] > strength[c] for c in table if SUIT[c] == led)
                and here_count[trump] == 0
                and table_trump < 0
            )
        if wins:
            return self._cashes(order[1:], best, outside, trump, rescued)
        # his card need not win: a partner's card on the table may hold the trick, and
        # then whoever of the team leads, trumps above every outside trump win the rest
        return self._holds_trick(kn, led, trump, keeps_lead=False) and self._top_trumps_win(
            order[1:], best[trump], trump, rescued
        )

    def _top_trumps_win(
        self, order: list[Card], best_trump: int, trump: int, rescued: Callable[[], bool]
    ) -> bool:
        """Whoever leads each trick, every card of ``order`` is legal and wins it: each is a
        trump above every outside trump, except that the last may be any card when a
        partner surely takes the last trick (``rescued``)."""
        strength = self.strength
        for i, c in enumerate(order):
            if SUIT[c] != trump or strength[c] <= best_trump:
                return i == len(order) - 1 and rescued()
        return True

    def _holds_trick(self, kn: Knowledge, led: int, trump: int, keeps_lead: bool) -> bool:
        """The best card on the table in the trick in progress is the team's and no seat
        yet to play to it may hold a card above it (any unknown card of a suit he has not
        shown void in, a trump for a hidden indicator, his known cards; as if he need not
        follow suit). ``keeps_lead``: the card is p's own and every seat counts (a
        partner's overtaking would take the lead from him); else only the opponents do.
        Every card of the trick must be known to p."""
        power = card_powers(trump, self.strength)[led + 1]
        seat, top = -1, -1  # the first best card's seat and power (a loop, not max with a key)
        for s, c, _ in kn.trick:
            if c is None:
                return False
            if seat < 0 or power[c] > top:
                seat, top = s, power[c]
        team = kn.seat % 2
        if seat != kn.seat if keeps_lead else seat % 2 != team:
            return False
        played = {s for s, _, _ in kn.trick}
        for s in self.active:
            if s == kn.seat or s in played or (s % 2 == team and not keeps_lead):
                continue
            if any(power[c] > top for c in kn.known[s]):
                return False
            for c in kn.unknown:
                if power[c] > top and (
                    (kn.free[s] and not kn.voids[s] >> SUIT[c] & 1)
                    or (kn.must_trump[s] and SUIT[c] == trump)
                ):
                    return False
        return True

    def _partner_takes_last(self, kn: Knowledge) -> bool:
        """A partner of p surely wins the last trick: p knows his every card (no unknown
        place in his holding) and each is a trump above every trump an opponent may hold
        (any unknown one, any known in an opponent's seat). Whichever he keeps for the
        last trick he must play there, and it beats everything else played to it."""
        trump = kn.trumps[0]
        strength = self.strength
        team = kn.seat % 2
        threat = max(
            (
                strength[c]
                for c in kn.unknown.union(*(kn.known[s] for s in self.active if s % 2 != team))
                if SUIT[c] == trump
            ),
            default=-1,
        )
        if any(
            s % 2 == team
            and s != kn.seat
            and not kn.free[s]
            and not kn.must_trump[s]
            and kn.known[s]
            and all(SUIT[c] == trump and strength[c] > threat for c in kn.known[s])
            for s in self.active
        ):
            return True
        return self._partner_forced_to_take_last(kn)

    def _partner_forced_to_take_last(self, kn: Knowledge) -> bool:
        """As ``_partner_takes_last``, with the partner's unknown places too: in every
        world consistent with K(p, k) (Hall's condition, as the search asks it) every card
        he may hold is a trump above every trump an opponent may hold there - for
        instance the one live trump, when every other seat has shown void in trumps.
        Every card of the trick in progress must be known to p."""
        if any(card is None for _, card, _ in kn.trick):
            return False
        trump = kn.trumps[0]
        strength = self.strength
        team = kn.seat % 2
        partners = [s for s in self.active if s % 2 == team and s != kn.seat]
        if not any(kn.free[s] or kn.must_trump[s] for s in partners):
            return False
        counts = [0, 0, 0, 0]
        for c in kn.unknown:
            counts[SUIT[c]] = counts[SUIT[c]] + 1
        if not self._places_fit(kn, counts, kn.free, kn.must_trump):
            return False
        opponents = [s for s in self.active if s % 2 != team]
        threat = max(
            (strength[c] for s in opponents for c in kn.known[s] if SUIT[c] == trump), default=-1
        )
        # Whether a consistent world puts a card in a seat depends on the card's suit alone
        # (feasibility reads the unknown cards' suit counts): the top unknown trump above
        # the threat is one an opponent may hold exactly when any trump above it is.
        top = -1
        for c in kn.unknown:
            if SUIT[c] == trump and strength[c] > max(threat, top):
                top = strength[c]
        if top >= 0 and any(self._suit_fits(kn, counts, trump, s) for s in opponents):
            threat = top
        for s in partners:
            if not (kn.free[s] or kn.must_trump[s]):
                continue  # (wholly known: asked above)
            if not all(SUIT[c] == trump and strength[c] > threat for c in kn.known[s]):
                continue
            low_suits = 0  # the suits of the unknown cards that would not take the trick
            for c in kn.unknown:
                if SUIT[c] != trump or strength[c] <= threat:
                    low_suits |= 1 << SUIT[c]
            if not any(
                low_suits >> suit & 1 and self._suit_fits(kn, counts, suit, s) for suit in range(4)
            ):
                return True
        return False

    def _suit_fits(self, kn: Knowledge, counts: list[int], suit: int, seat: int) -> bool:
        """Some world consistent with ``kn`` puts an unknown card of ``suit`` (there is one;
        ``counts``: the unknown cards per suit) in one of ``seat``'s unknown places."""
        rest = list(counts)
        rest[suit] -= 1
        trump = kn.trumps[0]
        if kn.must_trump[seat] and suit == trump:
            must = list(kn.must_trump)
            must[seat] -= 1
            if self._places_fit(kn, rest, kn.free, must):
                return True
        if kn.free[seat] and not kn.voids[seat] >> suit & 1:
            free = list(kn.free)
            free[seat] -= 1
            return self._places_fit(kn, rest, free, kn.must_trump)
        return False

    def _places_fit(
        self, kn: Knowledge, counts: list[int], free: list[int], must: list[int]
    ) -> bool:
        """``Solver.feasible`` for ``kn`` with these unknown cards per suit and unknown
        places per seat (``kn``'s voids and past face-down slots)."""
        if not kn.unknown and not kn.hidden_slots and not any(kn.must_trump):
            return True  # (``Solver.trivial``)
        need_low, need_high, total = _place_lanes(
            self.active, free, must, kn.voids, kn.trumps[0], kn.hidden_slots
        )
        if total != counts[0] + counts[1] + counts[2] + counts[3]:
            return False
        return _fits_lanes(need_low, need_high, (counts[0], counts[1], counts[2], counts[3]))

    def _outside(
        self, kn: Knowledge, seats: list[int] | None = None
    ) -> tuple[list[int], list[int]]:
        """For the cards that may lie outside p's hand (every card he has not seen, every
        card known to be in another seat, or only in ``seats``): per suit, the strength
        of the best (-1 for none) and how many there are."""
        strength = self.strength
        best = [-1, -1, -1, -1]
        counts = [0, 0, 0, 0]
        outside = 0  # the cards as bits (a card both unknown and known counts once)
        for c in kn.unknown:
            outside |= 1 << c
        for cards in kn.known if seats is None else [kn.known[s] for s in seats]:
            for c in cards:
                outside |= 1 << c
        while outside:
            low = outside & -outside
            outside ^= low
            c = low.bit_length() - 1
            suit = SUIT[c]
            if strength[c] > best[suit]:
                best[suit] = strength[c]
            counts[suit] += 1
        return best, counts

    def first_certain(self, team: int, upto: int) -> int | None:
        """k*: the earliest call point at which any member of ``team`` was certain."""
        found = self.first_certain_member(team, upto)
        return found[0] if found else None

    def first_certain_member(self, team: int, upto: int) -> tuple[int, int] | None:
        """(k*, a member certain then) for ED-32: the earliest call point up to ``upto`` at
        which any member of ``team`` was certain (ED-25: he may call at any call point).

        Between two of his own plays a member's cards do not change and he only learns
        more, so his certainty can only begin inside that stretch and then lasts to its
        end: each stretch is asked once, at its end (his turn, or ``upto``), and halved
        down to its first certain point only when he is certain there."""
        best: tuple[int, int] | None = None
        for member in self.active:
            if member % 2 != team:
                continue
            for start, end in self._open_stretches(member, upto):
                if best is not None and start >= best[0]:
                    break
                if self.certain_exists(member, end):
                    # certainty lasts from its first point to the stretch end: halve
                    lo, k = start, end
                    while lo < k:
                        mid = (lo + k) // 2
                        if self.certain_exists(member, mid):
                            k = mid
                        else:
                            lo = mid + 1
                    if best is None or k < best[0]:
                        best = (k, member)
                    break
        return best

    def _open_stretches(self, member: int, upto: int) -> list[tuple[int, int]]:
        """``member``'s stretches up to CP(``upto``) as (first call point, end), in order:
        each ends where he is to play (his cards change only there), the last at
        ``upto``. Only those in which he may be certain: while he still has a card to
        call with and his team had lost no trick when the stretch began."""
        m = self.m
        active, per = self.active, self.per_trick
        played, n_tricks = len(m.history), m.n_tricks
        team = member % 2
        # each seat's place in the order of play (a list: ``list.index`` boxes its argument)
        place = [0] * self.players
        for i, s in enumerate(active):
            place[s] = i
        here = place[member]
        out: list[tuple[int, int]] = []
        start = 0
        # his turns so far (in each trick the seats play in turn from its leader), then upto
        for t, leader in enumerate(m.trick_leaders):
            end = t * per + (here - place[leader]) % per
            if end >= played or end > upto:
                break
            if len(out) >= n_tricks or not self.team_won_all_before(team, start):
                return out
            out.append((start, end))
            start = end + 1
        if start <= upto and len(out) < n_tricks and self.team_won_all_before(team, start):
            out.append((start, upto))
        return out

    def ever_certain(self, team: int, upto: int) -> bool:
        """``first_certain(team, upto) is not None``, without looking for the earliest
        point: the same stretch ends are asked in the same way (the answer is some
        member certain at some stretch end before his team lost a trick), but the first
        certain end answers at once, where ``first_certain`` goes on to search the
        points before it (the uncalled-Caps duty only asks whether there was one). The
        latest ends first, as in ``called_too_late``: fewer cards are left there, so they
        are cheaper to decide and likelier certain (any order gives the same answer)."""
        # (end, member) packed in one int, sorted in place and read from the end (no tuples;
        # ``sorted`` with ``reverse`` is a Python call)
        asks: list[int] = []
        for member in self.active:
            if member % 2 == team:
                for _, end in self._open_stretches(member, upto):
                    asks.append(end * SEATS + member)
        asks.sort()
        for i in range(len(asks) - 1, -1, -1):
            if self.certain_exists(asks[i] % SEATS, asks[i] // SEATS):
                return True
        return False

    def called_too_late(self, team: int, c: int) -> bool:
        """``first_certain(team, c)`` is some k* with ``c > deadline(k*)``, asked as "k* <=
        K" for the last point K whose deadline is before c (the deadline only grows with
        k*): a member's k* (his first certain stretch end, or the first certain point of
        that stretch before it) is at most K when that end is, or else when a point of
        the stretch up to K is certain; the points after K are not searched."""
        last = next((k for k in range(c - 1, -1, -1) if self.deadline(k) < c), -1)
        if last < 0:
            return False
        asks: list[tuple[int, int]] = []
        for member in self.active:
            if member % 2 != team:
                continue
            for start, end in self._open_stretches(member, c):
                if start > last:
                    break  # this member's k* would come after K
                asks.append((end, member))
        # The answer is "some stretch is certain at its end, and at K when it ends after
        # K" (certainty lasts to the stretch end once it begins, so a point of the stretch
        # up to K is certain exactly when K is), the same in any order of asking. Latest
        # first: fewer cards are left there, so it is cheaper to decide and likelier
        # certain, and a certain one answers before the early stretches are searched. For
        # a stretch past K, K first: certainty there fails as often as not, and then the
        # stretch end (in random play often the dearer question, or one that runs out of
        # nodes) is not searched.
        for end, member in sorted(asks, reverse=True):
            if (end <= last or self.certain_exists(member, last)) and self.certain_exists(
                member, end
            ):
                return True
        return False

    # -- T3-16.8 / T3-16.9 --------------------------------------------------------------

    def deadline(self, k_star: int) -> int:
        """T3-16.8 / ED-33: strict, at CP(k*) itself; lenient, the end of the trick in
        which Caps became certain (a full trick's worth when k* = 0)."""
        if self.m.options.caps_enforcement == "strict":
            return k_star
        per = self.per_trick
        total = per * self.m.n_tricks
        return per if k_star == 0 else min(per * -(-k_star // per), total - 1)

    def bonus_limit(self) -> int:
        """T3-16.10 / ED-V5c: no later than the lead to the second-to-last trick."""
        return self.per_trick * (self.m.n_tricks - 2)

    def outcome(self, team: int) -> CapsResult:
        """T3-16.9 for ``team`` at the end of the hand."""
        m = self.m
        call = m.calls.get(team)
        if call is not None:
            first_after = call[1] // self.per_trick
            if any(t != team for t in m.trick_winners[first_after:]):
                return _LOST_AFTER_CALL
        return self.ruling(team, len(m.history))

    def ruling(self, team: int, played: int) -> CapsResult:
        """T3-16.9 for ``team`` once ``played`` cards are down, but for a trick lost after
        its call (``outcome`` reads that off the tricks): what depends only on the call
        points before the last card, so it can be worked out before that card is played
        (``prepare_hand_end``). Kept per (team, played, call)."""
        call = self.m.calls.get(team)
        key = (team, played, None if call is None else (call[0], call[1], tuple(call[2])))
        found = self._rulings.get(key)
        if found is None:
            found = self._rulings[key] = self._ruling(team, played)
        return found

    def _ruling(self, team: int, played: int) -> CapsResult:
        enforcement = self.m.options.caps_enforcement
        call = self.m.calls.get(team)
        if call is not None:
            seat, c, order = call
            if not self.sound(seat, c, order):
                return _CALLED_UNCERTAIN
            if enforcement != "claims_only" and self.called_too_late(team, c):
                return _CALLED_LATE
            return _CORRECT_BONUS if c <= self.bonus_limit() else _CORRECT
        if enforcement != "claims_only" and self.ever_certain(team, max(played - 1, 0)):
            return _NEVER_CALLED
        return NO_CAPS

    def prepare_hand_end(self, teams: list[int]) -> None:
        """The rulings the hand's last card will ask for (``ruling``), worked out before
        it is played: every question reads call points up to the one before it."""
        for team in teams:
            self.ruling(team, len(self.m.history) + 1)

    # -- orders ----------------------------------------------------------------------------

    def default_order(self, seat: int, cards: list[Card]) -> list[Card]:
        """ED-29 fallback: trumps first (if the seat knows trump), each suit high to low."""
        m = self.m
        knows = seat == m.trumper or m.revealed
        trump = m.trump if knows else -1
        keys = self.order_keys.get(trump)
        if keys is None:
            keys = self.order_keys[trump] = _default_order_keys(self.strength, trump)
        # An insertion sort by the keys (distinct per card): a hand is a few cards, and
        # sorted() would take a key function called as a Python object, or boxed keys.
        out: list[Card] = []
        for c in cards:
            key = keys[c]
            i = len(out)
            while i > 0 and keys[out[i - 1]] > key:
                i -= 1
            out.insert(i, c)
        return out

    def server_order(self, seat: int) -> list[Card]:
        """ED-29: the first winning order in ED-1 order, else the fallback order."""
        found = self.certain(seat, len(self.m.history))
        if found is not None and len(found) == len(self.m._remaining(seat)):
            return found
        return self.default_order(seat, self.m._remaining(seat))

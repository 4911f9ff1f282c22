"""The Caps judge's quick refutations (ED-27): positions shown not certain without the
full search, by a world or a line of play that beats every order of p's cards (the real
deal, the top trump with an opponent, the strong worlds, plain lines, greedy replies,
thin worlds). Each agrees with the full search (tests/rules/three_o_four)."""

from __future__ import annotations

from collections.abc import Iterator

from rules.cards import Card
from rules.three_o_four.caps_hall import (
    LANE,
    _fits_lanes,
    _place_lanes,
)
from rules.three_o_four.caps_knowledge import (
    ALL_SUITS,
    STRONG_WORLDS,
    SUIT,
    Knowledge,
    OutOfBudget,
    State,
)
from rules.three_o_four.caps_reading import Reading
from rules.three_o_four.caps_search import Solver, _holds_suit, _plain_pick, _set
from rules.three_o_four.card_power import card_powers
from rules.three_o_four.plain_lines import SUIT_MASK, PlainLines


class Refutations(Reading):
    """The refutations of ``CapsJudge``: each answers "not certain" (or "this order
    fails") only where the exact search would, and says nothing otherwise."""

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

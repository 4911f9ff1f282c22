"""The Caps judge of a hand (T3-16): certainty at a call point (ED-27), soundness of a
call (T3-16.5), the first certain point and deadline (T3-16.8, ED-32, ED-33), the outcome
(T3-16.9) and the stated or server order (ED-29), read off the match's record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from rules.cards import Card
from rules.three_o_four.caps_knowledge import (
    CANONICAL_SUIT_RANK,
    GREEDY_BUDGET,
    SEATS,
    SUIT,
    THRIFTY,
    OutOfBudget,
    State,
)
from rules.three_o_four.caps_proofs import Proofs
from rules.three_o_four.caps_refutations import Refutations
from rules.three_o_four.card_power import RankOrderMemo
from rules.three_o_four.scoring import NO_CAPS, CapsResult

if TYPE_CHECKING:
    pass

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


class CapsJudge(Refutations, Proofs):
    """Reads a match's play record to answer certainty, soundness and outcomes: the
    record as ``Reading`` reads it, the quick answers of ``Refutations`` and ``Proofs``
    first, the exact search where they give none."""

    # -- certainty ----------------------------------------------------------------------

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

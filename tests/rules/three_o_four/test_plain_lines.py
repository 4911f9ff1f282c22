"""``PlainLines`` (ED-27's quickest refutation) against the first implementation, kept here
as the reference: the same answer for each adversary on thousands of real deals taken from
random 304 play at 4, 6 and 8 players, at every card of the play, for every seat holding
cards, with the real trump and with another suit (the others' picks turn on the trump)."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

import pytest

from rules import registry
from rules.cards import Card
from rules.three_o_four.card_power import card_powers, trick_winner
from rules.three_o_four.match import ThreeOFourMatch
from rules.three_o_four.plain_lines import PlainLines
from tests.rules.three_o_four.helpers import call_points

SUIT_BITS = 13
SUIT_MASK = tuple(((1 << SUIT_BITS) - 1) << (SUIT_BITS * s) for s in range(4))
Line = tuple[tuple[tuple[int, Card], ...], int, tuple[int, ...], int]


@functools.cache
def _rank_tables(
    strength: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    ascending = tuple(
        sorted((r for r in range(SUIT_BITS) if strength[r] > 0), key=strength.__getitem__)
    )
    top = [-1] * (1 << SUIT_BITS)
    bottom = [-1] * (1 << SUIT_BITS)
    for pattern in range(1, 1 << SUIT_BITS):
        for r in ascending:
            if pattern >> r & 1:
                if bottom[pattern] < 0:
                    bottom[pattern] = r
                top[pattern] = r
    between = [0] * (SUIT_BITS * SUIT_BITS)
    for i, low in enumerate(ascending):
        for j in range(i + 1, len(ascending)):
            between[SUIT_BITS * ascending[j] + low] = sum(1 << r for r in ascending[i + 1 : j])
    return tuple(top), tuple(bottom), ascending, tuple(between)


class ReferencePlainLines:
    """The first ``PlainLines`` (masks of card ints, a memo keyed on the whole line), as it
    was when the judge's digests were recorded."""

    def __init__(self, p: int, active: Sequence[int], trump: int, strength: tuple[int, ...]):
        self.p = p
        self.team = p % 2
        self.per = len(active)
        self.after = {s: active[(i + 1) % self.per] for i, s in enumerate(active)}
        self.trump = trump
        self.strength = strength
        self.power = card_powers(trump, strength)
        self.top, self.bottom, self.ascending, self.between = _rank_tables(strength)
        self.memo: dict[Line, bool] = {}

    def _top(self, mask: int, suit: int) -> Card:
        return suit * SUIT_BITS + self.top[mask >> (SUIT_BITS * suit) & 0x1FFF]

    def _bottom(self, mask: int, suit: int) -> Card:
        return suit * SUIT_BITS + self.bottom[mask >> (SUIT_BITS * suit) & 0x1FFF]

    def _strongest(self, legal: int, led: int) -> Card:
        trump = self.trump
        if legal & SUIT_MASK[trump]:
            return self._top(legal, trump)
        if led >= 0 and legal & SUIT_MASK[led]:
            return self._top(legal, led)
        strength = self.strength
        best, best_card = -1, -1
        for suit in range(4):
            if legal & SUIT_MASK[suit]:
                c = self._top(legal, suit)
                if strength[c] > best:
                    best, best_card = strength[c], c
        return best_card

    def _weakest(self, legal: int, led: int) -> Card:
        trump = self.trump
        strength = self.strength
        best, best_card = 1 << 30, -1
        for suit in range(4):
            if suit != trump and suit != led and legal & SUIT_MASK[suit]:
                c = self._bottom(legal, suit)
                if strength[c] < best:
                    best, best_card = strength[c], c
        if best_card >= 0:
            return best_card
        if led >= 0 and legal & SUIT_MASK[led]:
            return self._bottom(legal, led)
        return self._bottom(legal, trump)

    def _cheapest_taker(self, legal: int, led: int, plays: tuple[tuple[int, Card], ...]) -> Card:
        pw = self.power[led + 1]
        top = max(pw[c] for _, c in plays)
        trump = self.trump
        for suit in (led, trump) if top < 200 else (trump,):
            if suit < 0:
                continue
            held = legal >> (SUIT_BITS * suit) & 0x1FFF
            if held:
                for r in self.ascending:
                    if held >> r & 1 and pw[suit * SUIT_BITS + r] > top:
                        return suit * SUIT_BITS + r
        return self._weakest(legal, led)

    def _until_p(self, line: Line, thrifty: bool) -> Line | bool:
        plays, seat, held, left = line
        per, team, p = self.per, self.team, self.p
        power = self.power
        while True:
            if len(plays) == per:
                best_seat = trick_winner(plays, power)
                if best_seat % 2 != team:
                    return True
                if left == 1:
                    return False
                plays, seat, left = (), best_seat, left - 1
                continue
            if seat == p:
                return (plays, seat, held, left)
            led = plays[0][1] // SUIT_BITS if plays else -1
            mask = held[seat]
            legal = mask & SUIT_MASK[led] if led >= 0 else 0
            legal = legal or mask
            if not legal:
                return False
            if seat % 2 == team:
                pick = self._weakest(legal, led)
            elif thrifty and plays:
                pick = self._cheapest_taker(legal, led, plays)
            else:
                pick = self._strongest(legal, led)
            plays = (*plays, (seat, pick))
            held = (*held[:seat], mask & ~(1 << pick), *held[seat + 1 :])
            seat = self.after[seat]

    def refutes(
        self,
        plays: tuple[tuple[int, Card], ...],
        to_play: int,
        held: tuple[int, ...],
        left: int,
        thrifty: bool,
    ) -> bool:
        line = self._until_p((plays, to_play, held, left), thrifty)
        if line is True or line is False:
            return line
        self.memo.clear()
        return self._refuted(line, thrifty)

    def _refuted(self, line: Line, thrifty: bool) -> bool:
        memo = self.memo
        found = memo.get(line)
        if found is not None:
            return found
        plays, seat, held, left = line
        hand = held[seat]
        if plays:
            led = plays[0][1] // SUIT_BITS
            legal = hand & SUIT_MASK[led] or hand
            pw = self.power[led + 1]
        else:
            legal = hand
            pw = self.power[0]
        cards = []
        while legal:
            low = legal & -legal
            cards.append(low.bit_length() - 1)
            legal ^= low
        if not cards:
            return False
        cards.sort(key=pw.__getitem__, reverse=True)
        others = 0
        for s, mask in enumerate(held):
            if s != seat:
                others |= mask
        for _, c in plays:
            others |= 1 << c
        between = self.between
        kept = [-1, -1, -1, -1]
        after = self.after[seat]
        answer = True
        for card in cards:
            suit, rank = divmod(card, SUIT_BITS)
            higher = kept[suit]
            if higher >= 0 and not (
                others >> (SUIT_BITS * suit) & between[SUIT_BITS * (higher % SUIT_BITS) + rank]
            ):
                continue
            kept[suit] = card
            nxt = self._until_p(
                (
                    (*plays, (seat, card)),
                    after,
                    (*held[:seat], hand & ~(1 << card), *held[seat + 1 :]),
                    left,
                ),
                thrifty,
            )
            if nxt is True:
                continue
            if nxt is False or not self._refuted(nxt, thrifty):
                answer = False
                break
        memo[line] = answer
        return answer


Position = tuple[int, list[int], tuple[tuple[int, Card], ...], int, list[list[Card]], int]
"""(p, active seats, the trick so far, the seat to play, each seat's cards, tricks left)."""


def _real_deals(players: int, seeds: range) -> Iterator[tuple[ThreeOFourMatch, Position]]:
    """At every card of random matches' play, each active seat holding cards, with the
    real deal (as ``CapsJudge.plain_lines_refute`` reads it)."""
    cases = [(players, seed) for seed in seeds]
    for _players, _seed, match, judge, k, p in call_points(cases, every_seat=True):
        kn = judge.knowledge(p, k, actual=True)
        if not kn.hand or kn.tricks_left <= 0:
            continue
        plays = tuple((seat, card) for seat, card, _ in kn.trick if card is not None)
        held = [list(kn.hand) if s == p else sorted(kn.known[s]) for s in range(players)]
        yield match, (p, judge.active, plays, kn.to_play, held, kn.tricks_left)


def _mask(cards: list[Card]) -> int:
    return sum(1 << c for c in cards)


def test_ed27_plain_lines_answer_as_the_reference_implementation() -> None:
    compared = refuted = 0
    for players, seeds in ((4, range(3)), (6, range(100, 103)), (8, range(200, 202))):
        for i, (match, position) in enumerate(_real_deals(players, seeds)):
            p, active, plays, to_play, held, left = position
            strength = match.layout.strength
            masks = tuple(_mask(cards) for cards in held)
            assert match.trump is not None
            # the real trump, and another suit in turn
            for trump in (match.trump, (match.trump + 1 + i % 3) % 4):
                lines = PlainLines(p, active, trump, strength)
                reference = ReferencePlainLines(p, active, trump, strength)
                answers = []
                for thrifty in (False, True):
                    answer = lines.refutes(plays, to_play, held, left, thrifty)
                    expected = reference.refutes(plays, to_play, masks, left, thrifty)
                    assert answer == expected, (players, p, trump, thrifty, plays, held, left)
                    answers.append(answer)
                assert lines.refuted(plays, to_play, held, left) == any(answers)
                compared += 1
                refuted += any(answers)
    assert compared > 15000 and 0.2 * compared < refuted < 0.95 * compared


def test_ed27_judge_reads_the_real_deal_from_the_record_as_the_knowledge_gives_it() -> None:
    """``CapsJudge.plainly_refuted`` builds the real deal's masks from the record (dealt
    cards less those played by CP(k)); it answers as the search on K's real-deal form."""
    compared = refuted = 0
    cases = [(4, s) for s in range(2)] + [(6, s) for s in range(300, 302)] + [(8, 400)]
    for _players, _seed, _match, judge, k, p in call_points(cases, every_seat=True):
        expected = judge.plain_lines_refute(judge.knowledge(p, k, actual=True))
        assert judge.plainly_refuted(p, k) == expected, (_players, _seed, p, k)
        compared += 1
        refuted += expected
    assert compared > 2000 and 0.2 * compared < refuted < 0.95 * compared


def test_ed27_plain_lines_refuse_a_deal_with_a_card_twice() -> None:
    """Each seat's hand is its starting cards still live, which needs disjoint hands: a
    card in two hands, twice in one, or both held and on the table is an error, not an
    answer."""
    match = registry.get("304").new_match(4, None, seed=1)
    assert isinstance(match, ThreeOFourMatch)
    lines = PlainLines(0, [0, 1, 2, 3], 0, match.layout.strength)
    jack, nine = 9, 7  # J and 9 of spades
    for plays, held in (
        ((), [[jack], [jack], [nine], [nine]]),
        ((), [[jack, jack], [nine], [], []]),
        (((3, jack),), [[jack], [nine], [], []]),
    ):
        with pytest.raises(ValueError):
            lines.refuted(plays, 0, held, 1)

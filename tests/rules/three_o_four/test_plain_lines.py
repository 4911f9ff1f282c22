"""``PlainLines`` (ED-27's quickest refutation) on real deals taken from random 304 play
at 4, 6 and 8 players, at every card of the play, for every seat holding cards: it
refutes only where the full search on the real deal finds no winning order."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from rules import registry
from rules.cards import Card
from rules.three_o_four.caps import OutOfBudget
from rules.three_o_four.match import ThreeOFourMatch
from rules.three_o_four.plain_lines import PlainLines
from tests.rules.three_o_four.helpers import call_points

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


def test_ed27_plain_lines_refute_only_where_the_real_deal_has_no_winning_order() -> None:
    """A plain-lines refutation (the others' plainest strong or thrifty replies beating
    every order of p's cards in the real deal) is a refutation of Certain(p, k): the full
    search on the real deal, one consistent world (ED-27), finds no winning order there
    either; and it refutes often enough to matter."""
    compared = refuted = 0
    for players, seeds in ((4, range(2)), (6, range(100, 101)), (8, range(200, 201))):
        for match, (p, active, plays, to_play, held, left) in _real_deals(players, seeds):
            assert match.trump is not None
            lines = PlainLines(p, active, match.trump, match.layout.strength)
            compared += 1
            if not lines.refuted(plays, to_play, held, left):
                continue
            refuted += 1
            judge, k = match.judge(), len(match.history)
            with contextlib.suppress(OutOfBudget):
                assert judge.solver(p, k, 20_000, actual=True).run() is None, (players, p, k)
    assert compared > 1000 and 0.2 * compared < refuted < 0.95 * compared


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

"""304's simulated bid stops early only when its choice is already clear (issue 35's
latency): the early choice is the full search's on seeded auctions at 4, 6 and 8 players,
and ``bid_choice`` counts a choice clear only when it is apart from the others by
``BID_SURE_Z`` standard errors.

Bids are the lowest of each band (T3-17.4), worth the tokens of T3-17.4 rows 1-3 if made
and paid if failed; a bid is made only when expected to win ``BID_MARGIN`` tokens more
than passing (or than keeping the held contract, T3-17.5's second round).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bench.search_looks import auctions
from players.base import Situation
from players.budget import SearchBudget
from players.search.three_o_four import ThreeOFourSearch, bid_choice
from players.tricks import TrickHeuristic
from rules.contract import Action
from rules.three_o_four import actions as A
from rules.three_o_four.options import Options, layout_for

OPTIONS = Options()
LAYOUT = layout_for(4, OPTIONS)
BIDS = [(160, A.BID[160]), (200, A.BID[200]), (250, A.BID[250])]


@pytest.mark.parametrize(("players", "count"), [(4, 40), (6, 20), (8, 16)])
def test_t3_17_early_bid_is_the_full_searchs(players: int, count: int) -> None:
    """T3-17.4: on every seeded auction decision the bid (or pass) after the early looks is
    the one the search makes on all its worlds, and most decisions stop early."""
    budget = replace(SearchBudget(), time_cap_ms=0.0)
    full = ThreeOFourSearch(TrickHeuristic("304"), budget)
    full.bid_checks = ()
    early = ThreeOFourSearch(TrickHeuristic("304"), budget)
    stopped = 0
    for n, (match, seat) in enumerate(auctions(players, count)):
        everything = full.choose(Situation.at(match, seat, random.Random(n)))
        looked = early.choose(Situation.at(match, seat, random.Random(n)))
        assert looked == everything, (players, n)
        assert early.last.worlds <= full.last.worlds
        stopped += early.last.worlds < full.last.worlds
    assert stopped >= count // 2


def test_t3_17_clear_pass_when_no_world_makes_a_bid() -> None:
    """A hand that takes 60 points in every world passes, and clearly."""
    assert bid_choice([[60] * 60], BIDS, None, True, LAYOUT, OPTIONS) == (None, True)


def test_t3_17_clear_bid_of_the_band_worth_most() -> None:
    """Every world takes 260 points: 250 (3 tokens, T3-17.4 row 3) beats 160 and 200."""
    assert bid_choice([[260] * 60], BIDS, None, True, LAYOUT, OPTIONS) == (2, True)


def test_t3_17_close_bid_is_not_clear() -> None:
    """Making 160 in two worlds of three: 1 x 2/3 - 2 x 1/3 = 0 tokens, below the margin:
    a pass, but too close to stop on 30 worlds."""
    found = [[170, 170, 100] * 10]
    assert bid_choice(found, BIDS, None, True, LAYOUT, OPTIONS) == (None, False)


def test_t3_17_close_bands_are_not_clear() -> None:
    """160 is made in every world and 200 in most: both bid, too close to tell apart
    (1 token against 2 x 0.8 - 3 x 0.2 = 1.0) on 20 worlds."""
    found = [[210] * 16 + [180] * 4]
    chosen, clear = bid_choice(found, BIDS, None, True, LAYOUT, OPTIONS)
    assert chosen is not None and not clear


def test_t3_17_5_holding_the_contract_weighs_keeping_it() -> None:
    """Second round (T3-17.5): the seat holds 200 on a suit that makes it every time; the
    new suit makes 250 only half the time (3 x 0.5 - 4 x 0.5 < 2): keep, by passing."""
    found = [[260, 100] * 40, [210] * 80]
    chosen, clear = bid_choice(found, BIDS[2:], 200, True, LAYOUT, OPTIONS)
    assert (chosen, clear) == (None, True)


def test_t3_17_without_a_pass_the_best_band_is_bid() -> None:
    """Where passing is not allowed, the choice is the best band even at a loss."""
    chosen, clear = bid_choice([[60] * 60], BIDS, None, False, LAYOUT, OPTIONS)
    assert chosen == 0 and clear  # 160 loses 2 tokens, 200 3, 250 4


def test_t3_17_one_band_made_in_every_world_is_a_clear_bid() -> None:
    """Only 160 is left to bid and every world takes 200 points: bid it, clearly."""
    only: list[tuple[int, Action]] = [BIDS[0]]
    assert bid_choice([[200] * 60], only, None, True, LAYOUT, OPTIONS) == (0, True)

"""Pure scoring rules (shared/rules/thunee.md §8, §10, THV-1, THV-5 to THV-10)."""

from __future__ import annotations

from rules.thunee.scoring import (
    CALL_FAILURE_BALLS,
    PENALTY_BALLS,
    BallScore,
    call_success_balls,
    khanuck_count,
    khanuck_succeeds,
    next_dealer,
    ordinary_balls,
    ordinary_count,
)


def test_ex4_bid_of_40_thresholds() -> None:
    """EX-4 / TH-9.5 / TH-24: with 40 in hand the counting team needs 65 more before the
    last trick; C >= 55 when it won the last trick, C >= 75 when it lost it."""
    assert ordinary_count(55, 40, 0, 0, True).needed_card_points == 55
    assert ordinary_count(0, 40, 0, 0, False).needed_card_points == 75
    assert 105 - 40 == 65
    assert ordinary_count(55, 40, 0, 0, True).counting_team_wins
    assert not ordinary_count(54, 40, 0, 0, True).counting_team_wins
    assert ordinary_count(75, 40, 0, 0, False).counting_team_wins
    assert not ordinary_count(74, 40, 0, 0, False).counting_team_wins


def test_ex11_last_trick_no_bid_no_jodi() -> None:
    """EX-11 / TH-24.3: 115 needed after losing the last trick, 95 after winning it."""
    assert ordinary_count(0, 0, 0, 0, False).needed_card_points == 115
    assert ordinary_count(0, 0, 0, 0, True).needed_card_points == 95
    won = ordinary_count(95, 0, 0, 0, True)
    assert won.total == 105 and won.counting_team_wins
    assert ordinary_balls(True, False, False) == 1
    lost = ordinary_count(114, 0, 0, 0, False)
    assert lost.total == 104 and not lost.counting_team_wins


def test_ex12_bid_jodi_and_last_trick() -> None:
    """EX-12: bid 30, trump-team Jodi 40, trump team takes the last trick -> start -20,
    the counting team needs 125; 125 wins 2 balls, 124 gives the trump team 1."""
    start = ordinary_count(0, 30, 0, 40, False)
    assert start.total == -20 and start.needed_card_points == 125
    assert ordinary_count(125, 30, 0, 40, False).counting_team_wins
    assert ordinary_balls(True, True, False) == 2
    assert not ordinary_count(124, 30, 0, 40, False).counting_team_wins
    assert ordinary_balls(False, True, False) == 1


def test_ex13_ordinary_ball_table() -> None:
    """EX-13 / TH-25: no bid 1/1; with a bid trump team 1, counting team 2 (AMB-20)."""
    assert ordinary_balls(False, False, False) == 1
    assert ordinary_balls(True, False, False) == 1
    assert ordinary_balls(False, True, False) == 1
    assert ordinary_balls(True, True, False) == 2


def test_ex14_declaration_ball_table() -> None:
    """EX-14 / TH-26 / TH-15.7 / TH-16.7: Double 2/4/4, Return Double 4/4/4, Khanuck
    3/4/4, Return Khanuck 6/4/4 (Thunee 4/4/8 is checked on the engine)."""
    assert call_success_balls("double", False) == 2
    assert call_success_balls("return_double", False) == 4
    assert call_success_balls("khanuck", False) == 3
    assert call_success_balls("return_khanuck", False) == 6
    assert CALL_FAILURE_BALLS == 4


def test_ex21_blind_bid_balls() -> None:
    """EX-21 / THV-10.5 / THV-10.6: the blind-bidding team scores 2, 4, 6; the counting
    team 2, 4 (Return Double), 6 (Return Khanuck); failures cost 4."""
    assert ordinary_balls(False, True, True) == 2
    assert call_success_balls("double", True) == 4
    assert call_success_balls("khanuck", True) == 6
    assert ordinary_balls(True, True, True) == 2
    assert call_success_balls("return_double", False) == 4
    assert call_success_balls("return_khanuck", False) == 6


def test_ex10_khanuck_standard_formula() -> None:
    """EX-10 / TH-16.4 / TH-16.10: trump Jodi 50, counting Jodi 20: 39 succeeds, 40 fails
    (20 + 40 - 50 - 10 = 0), and a bid of 60 changes nothing."""
    for bid in (0, 60):
        count = khanuck_count("standard", 39, 20, 50, bid, True)
        assert khanuck_succeeds(1, True, count)
        count = khanuck_count("standard", 40, 20, 50, bid, True)
        assert count == 0 and not khanuck_succeeds(1, True, count)
    assert not khanuck_succeeds(0, True, -50)  # TH-16.5: an accidental Khanuck fails
    assert not khanuck_succeeds(1, False, -50)


def test_thv5_khanuck_with_bid() -> None:
    """THV-5 / AMB-34: the bid counts against whichever team made it."""
    assert khanuck_count("with_bid", 10, 0, 40, 30, True) == 10 + 30 - 40 - 10
    assert khanuck_count("with_bid", 10, 0, 40, 30, False) == 10 - 30 - 40 - 10


def test_thv6_simple_khanuck() -> None:
    """THV-6: neither the bid nor the opponents' Jodis count."""
    assert khanuck_count("simple", 29, 50, 20, 60, True) == 29 - 20 - 10


def test_ex18_thv7_khanuck_without_jodi() -> None:
    """EX-18 / THV-7: with no Jodi the opponents must take under 10 points (QQQQ 8, QQQK 9)."""
    assert khanuck_succeeds(1, True, khanuck_count("standard", 8, 0, 0, 0, False))
    assert khanuck_succeeds(1, True, khanuck_count("standard", 9, 0, 0, 0, False))
    assert not khanuck_succeeds(1, True, khanuck_count("standard", 10, 0, 0, 0, False))


def test_ex17_penalty_balls() -> None:
    """EX-17 / TH-28.1: the opponents gain 4: 5 -> 9 goes on, 8 -> 12 ends the match."""
    score = BallScore([5, 0], 12, "off")
    score.award(0, PENALTY_BALLS)
    assert score.balls == [9, 0] and score.winner is None
    score = BallScore([8, 0], 12, "off")
    score.award(0, PENALTY_BALLS)
    assert score.balls == [12, 0] and score.winner == 0


def test_ex3_ex19_targets_and_corner() -> None:
    """EX-3 / EX-19 / TH-17.1 / TH-29 / THV-8.3: 12 balls win; the corner is 11 (12 at 13)."""
    score = BallScore([11, 0], 12, "off")
    assert score.corner(0) and not score.corner(1)
    score.award(0, 1)
    assert score.winner == 0
    score = BallScore([11, 12], 13, "off")
    assert score.corner(1) and not score.corner(0)


def test_ex20_two_to_clear() -> None:
    """EX-20 / THV-9: 11-11 resets to 0-0 and a 2-ball lead wins; 11-8 + 4 wins 12-11."""
    score = BallScore([11, 10], 12, "always")
    assert score.award(1, 1) == "deuce"
    assert score.balls == [0, 0] and score.deuce and not score.corner(0)
    score.award(0, 1)
    assert score.winner is None
    score.award(0, 1)
    assert score.winner == 0
    score = BallScore([11, 8], 12, "always")
    score.award(1, 4)
    assert score.balls == [11, 12] and score.winner == 1
    thirteen = BallScore([11, 12], 13, "only_13")
    assert thirteen.award(0, 1) == "deuce"
    twelve = BallScore([10, 11], 12, "only_13")
    assert twelve.award(0, 1) is None and not twelve.deuce


def test_ex35_dealer_rotation() -> None:
    """EX-35 / TH-30.2 / TH-30.3 / THV-1 / INV-21."""
    assert next_dealer("dealer_team_behind", 0, 4, [0, 1], 1) == 0
    assert next_dealer("dealer_team_behind", 0, 4, [2, 1], 0) == 1
    assert next_dealer("scoring_team_behind", 0, 4, [0, 1], 1) == 1
    assert next_dealer("dealer_team_lost", 0, 4, [0, 1], 1) == 0
    assert next_dealer("dealer_team_lost", 0, 4, [2, 1], 0) == 1

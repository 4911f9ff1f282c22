"""Pure scoring rules: the ordinary count, Khanuck, the ball tables, match end and dealer
rotation (shared/rules/thunee.md §8 and §10, THV-1, THV-5 to THV-10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

COUNT_TARGET = 105
"""TH-1.3 / TH-24.2: the counting team wins with an adjusted total of 105 or more."""
TWO_PLAYER_COUNT_TARGET = 125
"""TH2-7: the two-player counting player needs 125 over twelve tricks."""
LAST_TRICK = 10
"""TH-24.1: the losers of the last trick hand 10 card points to its winners."""
PENALTY_BALLS = 4
"""TH-28.1 / TH-27.2 / TH-17.4."""


class Count(NamedTuple):
    """TH-24: the counting team's adjusted total and what it needed."""

    card_points: int
    bid_value: int
    own_jodi: int
    trump_team_jodi: int
    last_trick: int
    total: int
    needed_card_points: int
    counting_team_wins: bool


_new_tuple = tuple.__new__


def ordinary_count(
    card_points: int,
    bid_value: int,
    own_jodi: int,
    trump_team_jodi: int,
    won_last: bool,
    target: int = COUNT_TARGET,
) -> Count:
    """TH-24.2: ``total = C + bid + Jc - Jt ± 10``; the counting team wins iff total >= 105
    (TH2-8: 125 with two players)."""
    last = LAST_TRICK if won_last else -LAST_TRICK
    total = card_points + bid_value + own_jodi - trump_team_jodi + last
    needed = target - bid_value - own_jodi + trump_team_jodi - last
    # tuple.__new__: the same Count without the NamedTuple's Python-level __new__ (per hand)
    return _new_tuple(
        Count,
        (card_points, bid_value, own_jodi, trump_team_jodi, last, total, needed, total >= target),
    )


def ordinary_balls(counting_team_wins: bool, bid_made: bool, blind_bid: bool) -> int:
    """TH-25 (and TH-25.1 / THV-10.5): 1 ball, 2 for a counting win against a bid, 2 for a
    blind-bidding trump team's win."""
    if counting_team_wins:
        return 2 if bid_made else 1
    return 2 if blind_bid else 1


KhanuckFormula = Literal["standard", "with_bid", "simple"]


def khanuck_count(
    formula: KhanuckFormula,
    opp_card_points: int,
    opp_jodi: int,
    caller_jodi: int,
    bid_value: int,
    caller_team_made_bid: bool,
) -> int:
    """The opponents' count that a Khanuck claims is below zero.

    standard (TH-16.4): ``opp_cards + opp_jodi - caller_jodi - 10``; with_bid (THV-5): the bid
    counts against whichever team made it (AMB-27, AMB-34); simple (THV-6):
    ``opp_cards - caller_jodi - 10``.
    """
    if formula == "simple":
        return opp_card_points - caller_jodi - LAST_TRICK
    count = opp_card_points + opp_jodi - caller_jodi - LAST_TRICK
    if formula == "with_bid" and bid_value:
        count += bid_value if caller_team_made_bid else -bid_value
    return count


def khanuck_succeeds(opp_tricks: int, caller_won_last: bool, count: int) -> bool:
    """TH-16.4: the opponents won a trick, the caller won the last, and the count is < 0."""
    return opp_tricks >= 1 and caller_won_last and count < 0


CallKind = Literal["double", "return_double", "khanuck", "return_khanuck"]


def call_success_balls(kind: CallKind, blind_bid_team: bool) -> int:
    """TH-15.7 / TH-16.7 / THV-10.5: balls to the caller's team when the call succeeds."""
    if kind in ("return_double", "return_khanuck"):
        return 4 if kind == "return_double" else 6
    if kind == "double":
        return 4 if blind_bid_team else 2
    return 6 if blind_bid_team else 3


CALL_FAILURE_BALLS = 4
"""TH-15.7 / TH-16.7: failure and partner catch both give the opponents 4."""


# -- match end and the deal ------------------------------------------------------------


@dataclass
class BallScore:
    """The match score (TH-29, THV-8, THV-9): balls per team, the target and the deuce."""

    balls: list[int]
    target: int
    two_to_clear: Literal["off", "always", "only_13"]
    deuce: bool = False
    winner: int | None = None

    def corner(self, team: int) -> bool:
        """TH-17.1 / TH-17.5: the team needs one ball, outside the deuce phase."""
        return not self.deuce and self.balls[team] == self.target - 1

    def two_to_clear_active(self) -> bool:
        return self.two_to_clear == "always" or (
            self.two_to_clear == "only_13" and self.target == 13
        )

    def award(self, team: int, amount: int) -> str | None:
        """Add balls to one team (TH-29.2); returns ``"deuce"`` when THV-9.1 resets, else None.

        Sets ``winner`` when the match is won (TH-29.1; in the deuce phase a 2-ball lead).
        """
        self.balls[team] += amount
        if self.deuce:
            if self.balls[team] - self.balls[1 - team] >= 2:
                self.winner = team
            return None
        if self.balls[team] >= self.target:
            self.winner = team
            return None
        if self.two_to_clear_active() and self.balls[0] == self.balls[1] == self.target - 1:
            self.balls = [0, 0]
            self.deuce = True
            return "deuce"
        return None


DealerRotation = Literal["dealer_team_behind", "scoring_team_behind", "dealer_team_lost"]


def next_dealer(
    rotation: DealerRotation, dealer: int, players: int, balls: list[int], scoring_team: int
) -> int:
    """TH-30 after a hand that awarded balls (redeals and annulments keep the dealer)."""
    dealer_team = dealer % 2
    if rotation == "dealer_team_behind":
        stays = balls[dealer_team] < balls[1 - dealer_team]
    elif rotation == "scoring_team_behind":
        stays = balls[scoring_team] < balls[1 - scoring_team]
    else:  # THV-1: the dealer keeps the deal when his team lost the hand
        stays = scoring_team != dealer_team
    return dealer if stays else (dealer + 1) % players

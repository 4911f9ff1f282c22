"""Nigerian Thunee's typed outputs (shared/rules/thunee.md, NG): its view, hand result and
match result as extensions of the common cores (``rules.views``, ``rules.results``).

Reason codes (``why.code``): ``played`` (NG-11.3: each team scored against its own
contract; params ``contracts``, ``tricks``, ``team_points``), ``capture`` (NG-11.4:
``team`` took all 8 tricks) and ``throw_in`` (NG-6: ``seat`` threw the hand in).
"""

from __future__ import annotations

from typing import Literal

from pydantic import MISSING

from rules.results import HandResult, MatchResult
from rules.views import GameView, SeatCard, SeatValue


class NigerianView(GameView):
    """NG's view: the auction (``bids`` as ``[seat, amount]``, 0 a pass), both teams'
    contracts, the trick, the last trick and every card played this hand, tricks won per
    seat, points per team against ``target``."""

    game: Literal["nigerian_thunee"]
    phase: str
    hand_number: int
    dealer: int
    to_act: list[int]
    bids: list[SeatValue]
    high_bid: int
    bidder: int | None
    contracts: list[int]
    trump: str | None
    trick: list[SeatCard]
    last_trick: list[SeatCard]
    played: list[SeatCard]
    tricks_won: list[int]
    hand_sizes: list[int]
    scores: list[int]
    target: int
    seat: int | MISSING = MISSING


class NigerianHandResult(HandResult):
    """One NG hand: ``outcome`` (``played``, ``capture``, ``throw_in``), points per team
    this hand (``team_points``) and after it (``scores``)."""

    hand: int
    outcome: Literal["played", "capture", "throw_in"]
    team_points: list[int]
    scores: list[int]
    thrown_in_by: int | MISSING = MISSING
    bids: list[SeatValue] | MISSING = MISSING
    bidder: int | MISSING | None = MISSING
    trump: str | MISSING | None = MISSING
    contracts: list[int] | MISSING = MISSING
    made_bid: list[bool] | MISSING = MISSING
    tricks: list[int] | MISSING = MISSING
    capture_team: int | MISSING | None = MISSING


class NigerianResult(MatchResult):
    """NG-13: points per team at the end."""

    scores: list[int]

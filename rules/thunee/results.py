"""Thunee's hand and match results: the common core (``rules.results``) from a hand's
record, and the typed extension of both.

Reason codes (``why.code``): ``counting_team_won`` / ``trump_team_won`` (TH-24: params
``total``, ``target``, ``card_points``, ``needed_card_points``), ``contract_success`` /
``contract_failure`` / ``contract_partner_catch`` (TH-18, TH6-10.6: ``contract``,
``caller``, ``seat`` who decided it), ``call_success`` / ``call_failure`` /
``call_partner_catch`` (TH-15.7, TH-16.7: ``call``, ``caller``, ``seat``, and
``khanuck_count`` for a Khanuck), the TH-28.1 penalties ``revoke``, ``undercut``,
``wrong_challenge``, ``false_jodi``, ``cornered_double`` (``offender``, ``challenger``),
``redeal`` (TH-8: ``seat``) and ``annulled`` (``team`` holding no trump, ``trump``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import MISSING

from rules.results import HandResult, MatchResult, award
from rules.views import dumped, score

if TYPE_CHECKING:
    from rules.thunee.match import ThuneeMatch


class ThuneeHandResult(HandResult):
    """One Thunee hand in the game's words: who made trump, bids and calls, Jodis, tricks
    and card points, the ``mode`` it was scored by (``count``, ``contract``, ``call``,
    ``penalty``, ``redeal``, ``annulled``), ``outcome``, the English ``reason``, and the
    balls (``balls_to`` team, ``balls``, ``balls_after``)."""

    hand: int
    trumper: int
    trump_maker: int | None
    trump_making_team: int | None
    counting_team: int | None
    trump: str | None
    trump_choice: str | None
    bid: dict[str, Any] | None
    bids: list[dict[str, Any]]
    contract: dict[str, Any] | None
    call: dict[str, Any] | None
    jodis: list[dict[str, Any]]
    tricks: list[int]
    tricks_won: list[int]
    card_points: list[int]
    last_trick: dict[str, Any] | None
    mode: Literal["count", "contract", "call", "penalty", "redeal", "annulled"]
    outcome: str
    reason: str
    balls_to: int | None
    balls: int
    balls_after: list[int]
    target_balls: int
    next_dealer: int | None
    deuce_started: bool | MISSING = MISSING
    count: dict[str, int] | MISSING = MISSING
    khanuck_count: int | MISSING = MISSING
    offence: str | MISSING = MISSING
    offender: int | MISSING = MISSING
    challenger: int | MISSING | None = MISSING


class ThuneeResult(MatchResult):
    """The match (TH-29): balls per team, the target, whether it ended in the deuce."""

    balls: list[int]
    target: int
    deuce: bool


def hand_core(m: ThuneeMatch, record: dict[str, Any]) -> dict[str, Any]:
    """The hand's record with the common core added, as its model dumps it."""
    to = record["balls_to"]
    record["hand_number"] = record["hand"]
    record["winners"] = [] if to is None else [s for s in range(m.players) if s % 2 == to]
    record["awards"] = [] if to is None else [award(True, to, record["balls"], "balls")]
    record["score"] = score("balls", record["balls_after"], by_team=True, target=m.score.target)
    return dumped(ThuneeHandResult, record)


def result_core(m: ThuneeMatch, record: dict[str, Any]) -> ThuneeResult:
    record["score"] = score("balls", m.score.balls, by_team=True, target=m.score.target)
    return ThuneeResult.model_validate(record)

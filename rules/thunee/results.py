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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import MISSING

from rules.results import HandResult, MatchResult, Tally, award
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


def tallies(hand: Mapping[str, Any]) -> list[Tally]:
    """A hand's league stats: a contract (TH-12, TH-13: Thunee, Royals and their blind
    forms) or a call (TH-15 Double, TH-16 Khanuck) by its caller, made when it succeeded;
    each Jodi (TH-14) by the seat that showed it, not made when it was a false Jodi
    (TH-28.1); the trump by its maker, made when the trump-making team won the hand (TH-24)."""
    found: list[Tally] = []
    outcome = str(hand.get("outcome", ""))
    contract = hand.get("contract")
    if isinstance(contract, dict) and isinstance(contract.get("caller"), int):
        made = int(outcome == "contract_success")
        found.append(Tally(str(contract["kind"]), 1, made, seat=contract["caller"]))
    call = hand.get("call")
    if isinstance(call, dict) and isinstance(call.get("caller"), int):
        found.append(Tally(str(call["kind"]), 1, int(outcome == "call_success"), call["caller"]))
    for jodi in hand.get("jodis") or ():
        found.append(Tally("jodi", 1, 1, seat=int(jodi["seat"])))
    if hand.get("offence") == "false_jodi" and isinstance(hand.get("offender"), int):
        found.append(Tally("jodi", 1, 0, seat=hand["offender"]))
    maker, team = hand.get("trump_maker"), hand.get("trump_making_team")
    if isinstance(maker, int) and hand.get("mode") in ("count", "contract", "call"):
        found.append(Tally("trump", 1, int(hand.get("balls_to") == team), seat=maker))
    return found

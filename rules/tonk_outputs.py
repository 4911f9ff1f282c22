"""Tonk's typed outputs (shared/rules/tonk.md): its view, hand result and match result as
extensions of the common cores (``rules.views``, ``rules.results``), and the core parts
built from Tonk's own keys.

Reason codes (``why.code``) are TK-45's outcomes: ``tonk_on_deal``, ``void_deal``,
``out_on_discard``, ``tonk_out``, ``stock_void``, ``showdown``, ``drop``, ``caught``, and
Hoyle's ``tunk`` (TKV-HOYLE); params ``winner``, ``actor`` (the dropper or tunker, or
``None``) and ``counts`` (each hand's count, when the hands were shown).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import MISSING

from rules.results import HandResult, MatchResult, Tally, award, reason
from rules.views import ExtensionModel, GameView, Unit, score


class TonkSpread(ExtensionModel):
    """A spread on the table (TK-30): ``number`` as actions name it, ``wild`` per card."""

    number: int
    owner: int
    kind: str
    cards: list[str]
    wild: list[bool]
    label: str


class TonkView(GameView):
    """Tonk's view: spreads, the stock and discard pile, the last hand in short, and the
    variant's score keys (money: ``ledger``, ``stake``, ``hands_in_session``,
    ``drop_blocked``; Hoyle: ``scores``, ``eliminated``, ``target``, ``tunker``,
    ``tunker_unmatched``). Seat-only: ``seat``, ``count`` (the hand's count)."""

    game: Literal["tonk"]
    variant: Literal["standard", "hoyle"]
    phase: str
    hand_number: int
    dealer: int
    turn: int | None
    to_act: list[int]
    spreads: list[TonkSpread]
    discard_top: str | None
    discard_size: int
    stock_size: int
    hand_sizes: list[int]
    taken_discard: str | None
    last_hand: dict[str, Any] | None
    cut_for_deal: list[list[str]] | MISSING = MISSING
    ledger: list[int] | MISSING = MISSING
    stake: int | MISSING = MISSING
    hands_in_session: int | MISSING = MISSING
    drop_blocked: list[int] | MISSING = MISSING
    scores: list[int] | MISSING = MISSING
    eliminated: list[int] | MISSING = MISSING
    target: int | MISSING = MISSING
    tunker: int | MISSING | None = MISSING
    tunker_unmatched: list[str] | MISSING = MISSING
    seat: int | MISSING = MISSING
    count: int | MISSING = MISSING


class TonkHandResult(HandResult):
    """One Tonk hand: ``outcome`` (TK-45), the ``winner`` seat, the shown ``counts`` and
    cards (``revealed``), and money (``payments``, ``ledger``) or Hoyle ``points``."""

    hand: int
    outcome: str
    winner: int | None
    counts: list[int] | None
    revealed: dict[str, list[str]]
    dropper: int | MISSING = MISSING
    tunker: int | MISSING = MISSING
    payments: list[int] | MISSING = MISSING
    ledger: list[int] | MISSING = MISSING
    points: list[int] | MISSING = MISSING
    doubled: bool | MISSING = MISSING
    scores: list[int] | MISSING = MISSING
    eliminated: list[int] | MISSING = MISSING
    arrangement: Any = MISSING


class TonkResult(MatchResult):
    """The session's end: ``scores`` (the ledger, or Hoyle's points) and, in Hoyle, the
    ``eliminated`` seats."""

    scores: list[int]
    eliminated: list[int] | MISSING = MISSING


def tonk_score(hoyle: bool, values: list[int], target: int) -> dict[str, Any]:
    """Money is counted in chips (the ledger); Hoyle's knock game in points, lowest best."""
    if hoyle:
        return score("points", values, by_team=False, target=target, lower_wins=True)
    return score("chips", values, by_team=False)


def hand_core(record: dict[str, Any], hoyle: bool, score_now: dict[str, Any]) -> None:
    """Add the common core to a hand's record (in place)."""
    winner = record["winner"]
    amounts = record["points" if hoyle else "payments"]
    unit: Unit = "points" if hoyle else "chips"
    record["hand_number"] = record["hand"]
    record["winners"] = [] if winner is None else [winner]
    record["awards"] = [award(False, s, a, unit) for s, a in enumerate(amounts) if a]
    record["why"] = reason(
        record["outcome"],
        winner=winner,
        actor=record.get("dropper", record.get("tunker")),
        counts=record["counts"],
    )
    record["score"] = score_now


def tallies(hand: dict[str, Any]) -> list[Tally]:
    """A hand's league stats: a drop by its dropper (TK-40: made when it won, not when it
    was caught) and a Tonk (on the deal or going out, TK-45) by its winner."""
    outcome = hand.get("outcome")
    found: list[Tally] = []
    dropper = hand.get("dropper")
    if isinstance(dropper, int) and outcome in ("drop", "caught"):
        found.append(Tally("drop", 1, int(outcome == "drop"), seat=dropper))
    winner = hand.get("winner")
    if isinstance(winner, int) and outcome in ("tonk_on_deal", "tonk_out"):
        found.append(Tally("tonk", 1, 1, seat=winner))
    return found

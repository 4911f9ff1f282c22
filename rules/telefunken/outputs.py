"""Telefunken's typed outputs (telefunken.md): its view, deal result and match result as
extensions of the common cores (``rules.views``, ``rules.results``).

Reason codes (``why.code``): ``went_out`` (TF-55/TF-61: ``seat`` went out; the others
pay the ``penalties`` for the cards they hold, times ``multiplier``) and
``stock_exhausted`` (TF-57: the stock could not be rebuilt; everyone pays).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import MISSING

from rules.results import HandResult, MatchResult, award, reason
from rules.views import ExtensionModel, GameView, score


class TelefunkenMeld(ExtensionModel):
    """A meld on the table (TF-43): ``id`` is how actions name it (``lay:<id>:<card>``)."""

    id: int
    owner: int
    kind: str
    cards: list[str]
    wild: list[bool]
    pure: bool
    closed: bool
    contract: bool
    rank: str | MISSING | None = MISSING
    suit: str | MISSING = MISSING


class TelefunkenView(GameView):
    """Telefunken's view: the variant and its title, the deal's contract, the melds, the
    stock and discard pile, chips, penalty ``scores`` and ``money`` per seat, the buying
    window and the exchange. Seat-only: ``seat``, ``staged``, ``must_use``, ``giving``."""

    game: Literal["telefunken"]
    title: str
    variant: str
    direction: str
    phase: str
    deal: int
    deals: int
    contract_number: int
    contract: str
    contracts_left: list[int]
    dealer: int
    cutter: int
    turn: int | None
    stock: int
    discard_top: str | None
    discard_size: int
    melds: list[TelefunkenMeld]
    chips: list[int]
    hand_sizes: list[int]
    has_melded: list[bool]
    scores: list[int]
    money: list[int]
    buy_window: dict[str, Any] | None
    exchange: dict[str, Any] | None
    cut: dict[str, Any]
    staging: bool
    seat: int | MISSING = MISSING
    staged: list[str] | MISSING = MISSING
    must_use: str | MISSING | None = MISSING
    giving: list[str] | MISSING = MISSING


class TelefunkenHandResult(HandResult):
    """One deal: who ``went_out`` (``None``: nobody), each seat's ``penalties``, the
    streak ``multiplier``, the ``scores`` after it, the hands left and the cut."""

    deal: int
    contract: int
    went_out: int | None
    penalties: list[int]
    multiplier: int
    scores: list[int]
    hands: list[list[str]]
    cut: dict[str, Any]


class TelefunkenResult(MatchResult):
    """TF-62: the lowest penalty total wins; ``money`` and deals won per seat."""

    scores: list[int]
    money: list[int]
    deal_wins: list[int]


def penalty_score(scores: list[int]) -> dict[str, Any]:
    return score("points", scores, by_team=False, lower_wins=True)


def with_core(record: dict[str, Any]) -> dict[str, Any]:
    """A deal's record with the common core added (read from the record alone, so a deal
    recorded before the core existed gains it when a stored match is loaded)."""
    if "why" in record:
        return record
    winner = record["went_out"]
    penalties = record["penalties"]
    if winner is None:
        why = reason("stock_exhausted", penalties=penalties)
    else:
        why = reason("went_out", seat=winner, penalties=penalties, multiplier=record["multiplier"])
    return TelefunkenHandResult.model_validate(
        {
            **record,
            "hand_number": record["deal"],
            "winners": [] if winner is None else [winner],
            "awards": [award(False, s, p, "points") for s, p in enumerate(penalties) if p],
            "why": why,
            "score": penalty_score(record["scores"]),
        }
    ).model_dump(mode="json")

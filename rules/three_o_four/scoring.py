"""Token scoring (T3-17, T3V-1, T3V-3, T3V-9, T3V-13): pure functions of a hand's facts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from rules.three_o_four.auction import HALF_COURT, PCC
from rules.three_o_four.options import Layout

CapsOutcome = Literal["none", "correct", "wrong", "lost"]


@dataclass(frozen=True)
class CapsResult:
    """T3-16.9 for one team: the outcome and whether a correct call earns the bonus."""

    outcome: CapsOutcome = "none"
    bonus: bool = False
    reason: str = ""


NO_CAPS: Final = CapsResult()
"""No call judged, or none was due (frozen: one shared result, not one per hand)."""


def band(contract: int, layout: Layout, half_court: tuple[int, int] = (4, 5)) -> tuple[int, int]:
    """T3-17.4 rows 1-4 / T3-17.6: (tokens won if made, tokens paid if failed)."""
    if contract == HALF_COURT:
        return half_court
    if contract == PCC:
        return (4, 5)
    if contract < layout.bid_200:
        return (1, 2)
    if contract < layout.bid_250:
        return (2, 3)
    return (3, 4)


def marriage_target(
    contract: int, own_trump: int, opp_trump: int, own_plain: int, opp_plain: int, last_trick: bool
) -> int:
    """ED-V9: the points the trumper's team needs once marriages and the last trick count."""
    return (
        contract
        - 40 * own_trump
        + 40 * opp_trump
        - 20 * own_plain
        + 20 * opp_plain
        - (10 if last_trick else 0)
    )


def external_delta(result: CapsResult, lose: int, mode: str) -> int:
    """T3V-3.3 / ED-V3: tokens the trumper's team receives (+) or pays (-)."""
    if result.outcome == "lost":
        return 5
    if result.outcome == "wrong":
        return 2
    if mode == "legacy":
        return -8
    return -(lose + (1 if result.bonus else 0))


def hand_delta(
    contract: int,
    layout: Layout,
    made: bool,
    own_caps: CapsResult,
    their_caps: CapsResult,
    external_mode: str,
    half_court: tuple[int, int] = (4, 5),
) -> int:
    """T3-17.5 / T3-17.8 / ED-35 / ED-36: the trumper's team's token delta for one hand."""
    win, lose = band(contract, layout, half_court)
    if contract in (PCC, HALF_COURT):
        return win if made else -lose
    delta = 0
    settled = False
    if own_caps.outcome == "lost":
        delta, settled = -5, True
    elif own_caps.outcome == "wrong":
        delta, settled = -2, True
    elif own_caps.outcome == "correct":
        delta, settled = win + (1 if own_caps.bonus else 0), True
    if external_mode != "off" and their_caps.outcome != "none":
        ext = external_delta(their_caps, lose, external_mode)
        return delta + ext if settled else ext  # ED-36 nets a double Caps outcome
    if settled:
        return delta
    return win if made else -lose


def pay(tokens: list[int], team: int, amount: int, mode: str) -> int:
    """T3-17.7 / ED-37 / T3V-1: ``team`` pays ``amount`` (capped at what it holds), to the
    other team or into the bank; returns what was paid."""
    paid = min(amount, tokens[team])
    tokens[team] -= paid
    if mode == "transfer":
        tokens[1 - team] += paid
    return paid

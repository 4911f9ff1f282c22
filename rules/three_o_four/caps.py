"""Caps (T3-16), one idea per module: what a question reads (``caps_knowledge``), Hall's
condition for the unknown cards (``caps_hall``), the certainty search (``caps_search``)
and the hand's judge (``caps_judge``); the ruling itself is stated in
docs/caps-ruling.md. This module names what the rest of the engine and the tests use."""

from __future__ import annotations

from rules.three_o_four.caps_judge import CallKey, CapsJudge, PositionTable
from rules.three_o_four.caps_knowledge import (
    ALL_SUITS,
    GREEDY_BUDGET,
    NODE_BUDGET,
    SOUND_BUDGET,
    SUIT,
    THRIFTY,
    Knowledge,
    OutOfBudget,
    PlayRecord,
    Slot,
    State,
)
from rules.three_o_four.caps_search import Solver, TrickChoices

__all__ = [
    "ALL_SUITS",
    "GREEDY_BUDGET",
    "NODE_BUDGET",
    "SOUND_BUDGET",
    "SUIT",
    "THRIFTY",
    "CallKey",
    "CapsJudge",
    "Knowledge",
    "OutOfBudget",
    "PlayRecord",
    "PositionTable",
    "Slot",
    "Solver",
    "State",
    "TrickChoices",
]

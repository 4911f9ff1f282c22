"""Caps (T3-16), one idea per module: what a question reads (``caps_knowledge``), Hall's
condition for the unknown cards (``caps_hall``), the certainty search (``caps_search``),
the judge's reading of the hand's record (``caps_reading``), its quick refutations
(``caps_refutations``) and proofs (``caps_proofs``), and the hand's judge, which rules
(``caps_judge``); the calls themselves are ``caps_calls``, and the ruling is stated in
docs/caps-ruling.md. This module names what the rest of the engine and the tests use."""

from __future__ import annotations

from rules.three_o_four.caps_judge import CapsJudge
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
from rules.three_o_four.caps_reading import CallKey, PositionTable
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

"""What a finished hand and a finished match say, whatever the game: the common core.

Every entry of ``Match.hand_results`` and the ``Match.result`` dict carry these keys
beside the game's own (its typed extension, e.g. ``rules.thunee.results``): a front end
or a league reads who won what, and why, without knowing the game.

``why`` is a reason code with parameters (``counting_team_won``, ``{"total": 112,
"target": 105}``), never only English: a front end translates the code by its catalog.
Each game documents its codes on its own extension model.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from rules.views import CoreModel, ExtensionModel, Score, Unit

Param = int | str | bool | None | list[int] | list[str]


class Award(CoreModel):
    """What one team (``to="team"``, ``index`` in ``teams`` order) or one seat won (or,
    with a negative ``amount``, paid) in the hand, in ``unit``."""

    to: Literal["team", "seat"]
    index: int
    amount: int
    unit: Unit


class Reason(CoreModel):
    """Why the hand ended as it did: a stable ``code`` and its ``params``."""

    code: str
    params: dict[str, Param]


class HandResult(ExtensionModel):
    """One finished hand: ``hand_number`` (from 1), the ``dealer``, the seats that won it
    (``winners``; empty when nobody did, as in a redeal), what each side won
    (``awards``), ``why``, and the match ``score`` after it."""

    hand_number: int
    dealer: int
    winners: list[int]
    awards: list[Award]
    why: Reason
    score: Score


class MatchResult(ExtensionModel):
    """The finished match: the winning seats, the winning team (``None`` in games without
    teams), the final ``score`` and how many hands were played."""

    winners: list[int]
    winner_team: int | None
    score: Score
    hands: int


def award(to_team: bool, index: int, amount: int, unit: Unit) -> dict[str, Any]:
    """An ``Award`` as the dict a hand result carries."""
    return {"to": "team" if to_team else "seat", "index": index, "amount": amount, "unit": unit}


def reason(code: str, **params: Param) -> dict[str, Any]:
    """A ``Reason`` as the dict a hand result carries."""
    return {"code": code, "params": params}


class Tally(NamedTuple):
    """One league stat a hand adds (``GamePlugin.tallies`` reads them): a call or contract
    ``attempted`` and ``made`` (0 or 1 each), by the ``seat`` that made it or, for what a
    whole side does (Caps in 304), by the ``team`` (its index in ``teams`` order)."""

    stat: str
    attempted: int
    made: int
    seat: int | None = None
    team: int | None = None

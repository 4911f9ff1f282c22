"""304's hand and match results: the common core (``rules.results``) from a hand's record,
and the typed extension of both.

Reason codes (``why.code``): ``contract_made`` / ``contract_failed`` (T3-17: params
``contract``, ``trumper``, ``points`` the trumper's side took, ``target``, ``delta`` in
tokens, ``caps`` / ``other_caps`` the Caps outcomes of the trumper's and the other team,
``caps_bonus``), and for a hand that scored nothing its outcome: ``redeal`` (T3-6.12),
``all_pass`` (T3-6.13), ``spoilt`` (T3-14.2), each with ``dealer``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import MISSING

from rules.results import HandResult, MatchResult, Tally, award, reason
from rules.views import dumped, score

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


class ThreeOFourHandResult(HandResult):
    """One 304 hand in the game's words: ``hand`` (counted from 0), ``outcome``
    (``played``, ``redeal``, ``all_pass``, ``spoilt``), the contract and whether it was
    ``made``, points and tricks, Caps outcomes per team, the double, marriages, ``delta``
    (tokens to the trumper's team; negative: to the others) and ``tokens`` after it."""

    hand: int
    outcome: str
    delta: int
    tokens: list[int]
    trumper: int | MISSING = MISSING
    contract: int | str | MISSING = MISSING
    mode: str | MISSING | None = MISSING
    points: list[int] | MISSING = MISSING
    target: int | MISSING | None = MISSING
    made: bool | MISSING = MISSING
    tricks: list[int] | MISSING = MISSING
    caps: dict[str, str] | MISSING = MISSING
    caps_bonus: bool | MISSING = MISSING
    double: dict[str, Any] | MISSING | None = MISSING
    marriages: list[list[int | str]] | MISSING = MISSING
    paid: int | MISSING = MISSING
    sitting_out_hands: dict[str, list[str]] | MISSING = MISSING
    partner_card: str | MISSING = MISSING
    partner: int | MISSING | None = MISSING
    pair_points: int | MISSING = MISSING
    token_changes: list[int] | MISSING = MISSING
    seed: str | MISSING = MISSING
    seed_commitment: str | MISSING = MISSING
    riffled_from: list[str] | MISSING = MISSING


class ThreeOFourResult(MatchResult):
    """T3-17.9: the tokens at the end."""

    tokens: list[int]


def _score(m: ThreeOFourMatch) -> dict[str, Any]:
    return score("tokens", m.tokens, by_team=len(m.tokens) == 2)


def hand_core(m: ThreeOFourMatch, record: dict[str, Any]) -> dict[str, Any]:
    """The hand's record with the common core added, as its model dumps it."""
    record["hand_number"] = record["hand"] + 1
    record["score"] = _score(m)
    outcome = record["outcome"]
    winners: list[int] = []
    awards: list[dict[str, Any]] = []
    if outcome != "played":
        why = reason(outcome, dealer=record["dealer"])
    elif "token_changes" in record:  # T3V-8: the called partner, tokens per seat
        changes = record["token_changes"]
        pair = [record["trumper"]] + ([record["partner"]] if record["partner"] is not None else [])
        winners = pair if record["made"] else [s for s in range(m.players) if s not in pair]
        awards = [award(False, s, c, "tokens") for s, c in enumerate(changes) if c]
        why = _played(record, record["pair_points"])
    else:
        team = record["trumper"] % 2
        delta = record["delta"]
        if delta:
            gaining = team if delta > 0 else 1 - team
            winners = [s for s in range(m.players) if s % 2 == gaining]
            awards.append(award(True, 1 - gaining, -record["paid"], "tokens"))
            if m.options.token_mode == "transfer":
                awards.append(award(True, gaining, record["paid"], "tokens"))
        why = _played(record, _side_points(m, record["points"], team))
    record["winners"] = winners
    record["awards"] = awards
    record["why"] = why
    return dumped(ThreeOFourHandResult, record)


def _side_points(m: ThreeOFourMatch, points: list[int], team: int) -> int:
    return points[team] if len(points) == 2 else sum(points[s] for s in range(team, m.players, 2))


def _played(record: dict[str, Any], points: int) -> dict[str, Any]:
    caps = record.get("caps") or {}
    team = str(record["trumper"] % 2)
    return reason(
        "contract_made" if record["made"] else "contract_failed",
        contract=record["contract"],
        trumper=record["trumper"],
        points=points,
        target=record["target"],
        delta=record["delta"],
        caps=caps.get(team, "none"),
        other_caps=next((v for k, v in caps.items() if k != team), "none"),
        caps_bonus=record["caps_bonus"],
    )


def result_core(m: ThreeOFourMatch, record: dict[str, Any]) -> dict[str, Any]:
    """The match result with the common core added, as its model dumps it."""
    record.setdefault("winner_team", None)
    record["score"] = _score(m)
    return dumped(ThreeOFourResult, record)


def tallies(hand: Mapping[str, Any]) -> list[Tally]:
    """A hand's league stats: the contract by its trumper (T3-17: ``contract`` and
    ``contract:<value>``), made when it was made; Caps by each team that called it or
    should have (T3-16.9: ``correct`` made; ``wrong`` and ``lost`` not)."""
    if hand.get("outcome") != "played" or not isinstance(hand.get("trumper"), int):
        return []
    made = int(bool(hand.get("made")))
    trumper = int(hand["trumper"])
    found = [
        Tally("contract", 1, made, seat=trumper),
        Tally(f"contract:{hand.get('contract')}", 1, made, seat=trumper),
    ]
    caps = hand.get("caps") or {}
    for team, outcome in sorted(caps.items()):
        if outcome != "none":
            found.append(Tally("caps", 1, int(outcome == "correct"), team=int(team)))
    return found

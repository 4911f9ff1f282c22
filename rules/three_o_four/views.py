"""304's view as a typed model (T3-18: what each seat may know) and its common core
(``rules.views.TrickTable``), built from the view's own keys."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import MISSING

from rules.views import ExtensionModel, GameView, score, teams_of

__all__ = ["ThreeOFourTrickCard", "ThreeOFourView", "core"]


class ThreeOFourTrickCard(ExtensionModel):
    """A card in a trick: ``card`` is ``None`` when it is face down to this viewer."""

    seat: int
    card: str | None
    face_down: bool


class ThreeOFourView(GameView):
    """304's view: tokens per team, the auction (``{"seat", "action", "value"}``), the
    contract and trumper, the indicator (``indicator_on_table``; its card for the trumper
    alone), the trick with face-down cuts, every card played this hand as the viewer saw
    it (``played``: ``[seat, card or None, face down, source]``), exposed hands, Caps
    calls, marriages. Variant keys (``seed_commitment``, ``sitting_out_shown``,
    ``partner_card``, ``partner``) and seat-only ones (``seat``, ``indicator``) are absent
    where they do not apply."""

    game: Literal["304"]
    players: int
    phase: str
    to_act: list[int]
    dealer: int
    hand_number: int
    tokens: list[int]
    auction: list[dict[str, Any]]
    contract: int | str | None
    trumper: int | None
    indicator_on_table: bool
    trump: str | None
    mode: str | None
    sitting_out: list[int]
    trick: list[ThreeOFourTrickCard]
    trick_sources: list[Literal["hand", "indicator"]]
    last_trick: list[ThreeOFourTrickCard] | None
    tricks_won: list[int]
    exposed: dict[str, list[str]]
    caps_calls: dict[str, int]
    marriages: list[list[int | str]]
    double_team: int | None
    played: list[list[int | str | bool | None]]
    cards_in_hand: list[int]
    revealed_indicator: str | None
    seed_commitment: str | MISSING | None = MISSING
    sitting_out_shown: dict[str, list[str]] | MISSING = MISSING
    partner_card: str | MISSING | None = MISSING
    partner: int | MISSING | None = MISSING
    seat: int | MISSING = MISSING
    indicator: str | MISSING = MISSING


def core(
    data: dict[str, Any],
    seat: int | None,
    revealed: bool,
    legal: list[dict[str, str]],
    teams: tuple[tuple[int, ...], ...] | None,
) -> dict[str, Any]:
    """The view's common core from its own keys (``revealed``: trump is public)."""
    tokens = data["tokens"]
    return {
        "family": "trick",
        "game": "304",
        "title": "304",
        "players": data["players"],
        "viewer": seat,
        "teams": teams_of(teams),
        "dealer": data["dealer"],
        "to_act": data["to_act"],
        "phase": data["phase"],
        "hand_number": data["hand_number"] + 1,  # the engine counts hands from 0
        "clockwise": False,  # ED-2
        "score": score("tokens", tokens, by_team=len(tokens) == len(teams or ())),
        "hand_sizes": data["cards_in_hand"],
        "hand": data["hand"],
        "legal": legal,
        "trick": data["trick"],
        "last_trick": data["last_trick"] or [],
        "trump": {
            "suit": data["trump"],
            "revealed": revealed,
            "face_down_card": data["indicator_on_table"],
        },
        "bids": [
            {"seat": entry["seat"], "value": entry.get("value")}
            for entry in data["auction"]
            if entry["action"] in ("bid", "pass")
        ],
        "tricks_won": data["tricks_won"],
    }

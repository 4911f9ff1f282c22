"""304's view (T3-18: what each seat may know): built from a match (``seat_view``), as a
typed model, and its common core (``rules.views.TrickTable``) from the view's own keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import MISSING

from rules.cards import CARD_STRINGS, SUITS, Card, card_strs
from rules.three_o_four import actions as A
from rules.three_o_four.called_partner import partner_known_to
from rules.three_o_four.prebuilt import SINGLE
from rules.views import ExtensionModel, GameView, dumped, legal_of, score, teams_of

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch

__all__ = ["ThreeOFourTrickCard", "ThreeOFourView", "card_zones", "core", "seat_view"]


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


def seat_view(m: ThreeOFourMatch, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know of ``m`` now (``None``: a spectator), T3-18."""
    trumper_view = seat is not None and seat == m.trumper
    trump_known = m.revealed or trumper_view
    data: dict[str, Any] = {
        "game": "304",
        "players": m.players,
        "phase": m.phase_name,
        "to_act": sorted(m.to_act),
        "dealer": m.dealer,
        "hand_number": m.hand_no,
        "tokens": list(m.tokens),
        "auction": [_auction_entry(entry) for entry in m.bid_log],
        "contract": _shown(m, m.contract) if m.trumper >= 0 else None,
        "trumper": m.trumper if m.trumper >= 0 else None,
        "indicator_on_table": m.indicator is not None and m.indicator_down,
        "trump": SUITS[m.trump] if m.trump >= 0 and trump_known else None,
        "mode": m.mode or None,
        "sitting_out": sorted(m.sitting_out),
        "trick": _trick_view([(p[0], p[1], SINGLE[p[0]] if p[2] else None) for p in m.trick], seat),
        "trick_sources": ["indicator" if p[3] else "hand" for p in m.trick],
        "last_trick": None,
        "tricks_won": [m.trick_winners.count(0), m.trick_winners.count(1)],
        "exposed": {str(s): card_strs(c) for s, c in m.exposed.items()},
        "caps_calls": {str(t): c[0] for t, c in m.calls.items()},
        "marriages": [[s, SUITS[su]] for s, su in m.marriages],
        "double_team": m.double_team if m.double_team >= 0 else None,
        "hand": card_strs(m.hands[seat]) if seat is not None else [],
    }
    if m._seed_commitment:
        data["seed_commitment"] = m.seed_commitment  # ED-6 (None: a stacked deal)
    if m.shown_after_hand:
        data["sitting_out_shown"] = m.shown_after_hand  # T3-18.2
    if m.called:  # T3V-8: the named card, the partner once known, tricks per seat
        data["partner_card"] = CARD_STRINGS[m.partner_card] if m.partner_card >= 0 else None
        data["partner"] = partner_known_to(m, seat)
        data["tricks_won"] = [m.trick_leaders[1:].count(s) for s in range(m.players)]
    if m.last_trick is not None:
        vis = m.last_trick_vis or [None] * len(m.last_trick)
        data["last_trick"] = _trick_view(
            [(p[0], p[1], v) for p, v in zip(m.last_trick, vis, strict=True)], seat
        )
    data["played"] = _played_view(m, seat)
    data["cards_in_hand"] = [len(h) for h in m.hands]
    data["revealed_indicator"] = (
        CARD_STRINGS[m.indicator] if m.revealed and m.indicator is not None else None
    )  # T3-18.1: the revealed indicator is public (it joins the trumper's hand)
    if seat is not None:
        data["seat"] = seat
        if trumper_view and m.indicator is not None and m.indicator_down:
            data["indicator"] = CARD_STRINGS[m.indicator]
    legal = [] if seat is None else legal_of(m.legal_actions(seat))
    data["table"] = core(data, seat, m.revealed, legal, m.spec.teams(m.players))
    return dumped(ThreeOFourView, data)


def _trick_view(
    plays: list[tuple[int, Card, frozenset[int] | None]], seat: int | None
) -> list[dict[str, Any]]:
    out = []
    for s, card, vis in plays:
        visible = vis is None or (seat is not None and seat in vis)
        out.append(
            {
                "seat": s,
                "card": CARD_STRINGS[card] if visible else None,
                "face_down": vis is not None,
            }
        )
    return out


def _played_view(m: ThreeOFourMatch, seat: int | None) -> list[list[Any]]:
    """This hand's plays in order, as ``seat`` saw them happen: ``[seat, card, face
    down, source]`` with ``None`` for a face-down card it may not see (T3-18.1: its own,
    a turned one, and for the trumper one he examined). This is what a player at the
    table remembers (computer players read it); T3-10.7 limits what a UI shows."""
    out: list[list[Any]] = []
    trumper = m.trumper
    public_at, trumper_at = m.public_at, m.trumper_at
    for i, (s, card, down, src) in enumerate(m.history):
        seen = (
            public_at[i] is not None or s == seat or (seat == trumper and trumper_at[i] is not None)
        )
        out.append([s, CARD_STRINGS[card] if seen else None, down, "indicator" if src else "hand"])
    return out


def _shown(m: ThreeOFourMatch, value: int) -> str | int:
    if value in A.BID_TEXT:
        return A.BID_TEXT[value]
    if m.options.points_display == "tenths":
        return f"{value / 10:.1f}"
    return value


def card_zones(m: ThreeOFourMatch) -> dict[str, list[str]]:
    zones = {f"hand{s}": card_strs(m.hands[s]) for s in range(m.players)}
    zones.update({f"second{s}": card_strs(m.second[s]) for s in range(m.players)})
    zones["pack"] = card_strs(m.pack)
    zones["stock"] = card_strs(m.stock)
    zones["indicator"] = (
        [CARD_STRINGS[m.indicator]] if m.indicator is not None and m.indicator_down else []
    )
    zones["trick"] = [CARD_STRINGS[p[1]] for p in m.trick]
    zones["won0"] = card_strs(m.won[0])
    zones["won1"] = card_strs(m.won[1])
    if m.pack == [] and m.phase_name == "cut" and m.stacked is not None:
        hands, stock, _ = m.stacked.card_ints()
        zones["stacked"] = card_strs([c for h in hands for c in h] + stock)
    return zones


def _auction_entry(entry: tuple[int, str, int | str | None]) -> dict[str, Any]:
    seat, what, value = entry
    if value is None:
        return {"seat": seat, "action": what}
    return {"seat": seat, "action": what, "value": value}

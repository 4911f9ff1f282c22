"""What each seat may see (shared/rules/thunee.md TH-32): hands are private; the face-down
trump card and the trump suit are known to the trump maker alone until the first card; the
suit of a 30 (or unnamed 20) Jodi is known to its declarer alone.

Two-player face up (TH2-B.6): once a player has laid out his row, his playable cards are
its face-up cards, which everyone sees (``rows``); his ``hand`` is then empty. Face-down
cards are shown to nobody, their owner included."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import MISSING

from rules.cards import CARD_STRINGS, SUITS, card_strs
from rules.views import (
    ExtensionModel,
    GameView,
    SeatCard,
    legal_of,
    score,
    teams_of,
    trick_cards,
)

if TYPE_CHECKING:
    from rules.thunee.match import ThuneeMatch


class ThuneeBid(ExtensionModel):
    seat: int
    value: int
    blind: bool


class ThuneeTrick(ExtensionModel):
    """A finished trick: its plays as ``[seat, card]``, its winner and card points."""

    winner: int
    plays: list[SeatCard]
    points: int


class ThuneeJodi(ExtensionModel):
    """A declared Jodi; ``suit`` is ``None`` while only its declarer knows it (TH-32)."""

    seat: int
    value: int
    suit: str | None


class RowCard(ExtensionModel):
    """TH2-B.6: a pile of the two-player row: its face-up card, and whether a face-down
    card lies under it."""

    up: str | None
    down: bool


class ThuneeView(GameView):
    """Thunee's view (TH-32): the core plus the hand's state in the game's own words.

    Seat-only keys (``seat``, ``trump_card`` for the trump maker, ``my_sealed_answer``,
    ``my_jodi_suits``) and the two-player face-up keys (``rows``, ``rows_laid``) are
    absent where they do not apply."""

    game: Literal["thunee"]
    players: int
    phase: str
    to_act: list[int]
    hand_number: int
    dealer: int
    cutter: int
    trumper: int
    cut: str | None
    balls: list[int]
    target_balls: int
    deuce: bool
    corner: list[bool]
    cards_held: list[int]
    trump_choice: str | None
    trump_card_face_down: bool
    trump_card_shown: str | None
    trump_maker: int | None
    trump: str | None
    bids: list[ThuneeBid]
    high_bid: int | None
    high_bidder: int | None
    blind_bid: bool
    sealed_answered: list[int]
    contract: dict[str, Any] | None
    blind_face_down: int
    call: dict[str, Any] | None
    jodis: list[ThuneeJodi]
    trick: list[SeatCard]
    tricks: list[ThuneeTrick]
    tricks_won: list[int]
    turn: int | None
    first_dealer: dict[str, Any]
    hands_played: int
    tricks_in_hand: int
    rows: list[list[RowCard]] | MISSING = MISSING
    rows_laid: list[bool] | MISSING = MISSING
    seat: int | MISSING = MISSING
    trump_card: str | MISSING = MISSING
    my_sealed_answer: Literal["bid", "pass"] | MISSING = MISSING
    my_jodi_suits: list[str] | MISSING = MISSING


def _suit(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


def common_view(m: ThuneeMatch) -> dict[str, Any]:
    """What everyone at the table may know (TH-32)."""
    contract = m.contract
    view: dict[str, Any] = {
        "game": "thunee",
        "players": m.players,
        "phase": m.phase_name,
        "to_act": sorted(m.to_act),
        "hand_number": m.hand_number,
        "dealer": m.dealer,
        "cutter": m.cutter,
        "trumper": m.trumper,
        "cut": m.cut_choice,
        "balls": list(m.score.balls),
        "target_balls": m.score.target,
        "deuce": m.score.deuce,
        "corner": [m.score.corner(0), m.score.corner(1)],
        "cards_held": [len(h) for h in m.hands],
        "trump_choice": m.trump_choice,
        "trump_card_face_down": m.trump_card is not None,
        "trump_card_shown": None
        if m.trump_card_shown is None
        else CARD_STRINGS[m.trump_card_shown],
        "trump_maker": contract["caller"] if contract else m.tm,
        "trump": _suit(m.trump) if m.trump_revealed else None,
        "bids": list(m.bids),
        "high_bid": m.high_bid,
        "high_bidder": m.high_bidder,
        "blind_bid": m.blind_bid_made,
        "sealed_answered": sorted(m.sealed) if m.phase_name == "bidding" else [],
        "contract": dict(contract) if contract else None,
        "blind_face_down": len(m.blind_down),
        "call": dict(m.call) if m.call else None,
        "jodis": [
            {
                "seat": j["seat"],
                "value": j["value"],
                "suit": SUITS[j["suit"]] if j["shown"] else None,
            }
            for j in m.jodis
        ],
        "trick": [[s, CARD_STRINGS[c]] for s, c in zip(m.trick_seats, m.trick, strict=True)],
        "tricks": [t.public() for t in m.tricks],
        "tricks_won": list(m.team_tricks),
        "turn": m.turn if m.phase_name in ("play",) else None,
        "first_dealer": {
            "method": m.first_dealer_method,
            "draw": [[s, CARD_STRINGS[c]] for s, c in m.first_dealer_draw],
        },
        "hands_played": len(m._results),
        "tricks_in_hand": m.tricks_total,
    }
    view["table"] = _table(m, view)
    if m.face_up:
        view["rows"] = [
            [
                {"up": None if up is None else CARD_STRINGS[up], "down": down is not None}
                for up, down in m.piles[s]
            ]
            for s in range(m.players)
        ]
        view["rows_laid"] = list(m.laid)
    return view


def _table(m: ThuneeMatch, view: dict[str, Any]) -> dict[str, Any]:
    """The common core (``rules.views.TrickTable``) of what everyone may know."""
    last = m.tricks[-1].public()["plays"] if m.tricks and not m.trick else []
    return {
        "family": "trick",
        "game": "thunee",
        "title": "Thunee",
        "players": m.players,
        "viewer": None,
        "teams": teams_of(m.spec.teams(m.players)),
        "dealer": m.dealer,
        "to_act": view["to_act"],
        "phase": m.phase_name,
        "hand_number": m.hand_number,
        "clockwise": False,
        "score": score("balls", m.score.balls, by_team=True, target=m.score.target),
        "hand_sizes": view["cards_held"],
        "hand": [],
        "legal": [],
        "trick": trick_cards(view["trick"]),
        "last_trick": trick_cards(last),
        "trump": {
            "suit": view["trump"],
            "revealed": view["trump"] is not None,
            "face_down_card": m.trump_card is not None,
        },
        "bids": [{"seat": b["seat"], "value": b["value"]} for b in m.bids],
        "tricks_won": list(m.team_tricks),
    }


def public_view(m: ThuneeMatch) -> dict[str, Any]:
    """A spectator's view: no hand, no face-down card, no hidden suit."""
    view = common_view(m)
    view["hand"] = []
    return view


def seat_view(m: ThuneeMatch, seat: int) -> dict[str, Any]:
    """One seat's view: the public view plus its own hand and what it alone knows."""
    view = common_view(m)
    hidden = set(m.blind_down)
    if m.trump_card is not None and seat == m.tm:
        hidden.add(m.trump_card)
        view["trump_card"] = CARD_STRINGS[m.trump_card]
    shown = [] if m.laid[seat] else m.hands[seat]
    view["hand"] = card_strs(c for c in shown if c not in hidden)
    view["seat"] = seat
    if seat == m.tm and m.trump is not None and m.contract is None:
        view["trump"] = SUITS[m.trump]
    if seat in m.sealed and m.phase_name == "bidding":
        view["my_sealed_answer"] = "bid" if m.sealed[seat] else "pass"
    view["my_jodi_suits"] = [SUITS[j["suit"]] for j in m.jodis if j["seat"] == seat]
    table = view["table"]
    table["viewer"] = seat
    table["hand"] = view["hand"]
    table["legal"] = legal_of(m.legal_actions(seat))
    if view["trump"] is not None:
        table["trump"] = {**table["trump"], "suit": view["trump"]}
    return view

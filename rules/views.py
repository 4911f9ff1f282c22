"""The table as every front end reads it, whatever the game: the common core of a view.

Each game's ``view(seat)`` and ``public_view()`` carry this core under the key
``"table"``: a ``TrickTable`` for the trick games, a ``RummyTable`` for the rummy games
(``family`` tells them apart). A front end that reads only ``table`` draws and words any
game without knowing which it is; the game's own keys beside it (its typed extension,
e.g. ``rules.thunee.views.ThuneeView``) carry everything else.

A seat's ``table`` holds only what that seat may know: its own ``hand`` and ``legal``
actions, the trump as far as it knows it, other hands as counts (``hand_sizes``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from pydantic import MISSING, BaseModel, ConfigDict, Field, Strict

if TYPE_CHECKING:
    from rules.contract import Action

Unit = Literal["balls", "tokens", "points", "chips"]
"""What a game counts its score in (Thunee balls, 304 tokens, Nigerian points, Tonk chips,
Telefunken points)."""


class CoreModel(BaseModel):
    """Frozen, strict, no unknown keys: a core model's dump is exactly its fields."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class ExtensionModel(BaseModel):
    """Base of a game's typed extension (its own keys beside the core). Frozen and strict
    on every declared field; keys not declared yet are kept as they are (``extra``), so a
    view never loses a key: the conformance suite lists any that are undeclared."""

    model_config = ConfigDict(frozen=True, extra="allow", strict=True)


SeatCard = Annotated[tuple[int, str], Strict(False)]
"""``[seat, card]``, as the games list plays (a list in JSON, a pair in the model)."""
SeatValue = Annotated[tuple[int, int], Strict(False)]
"""``[seat, amount]`` (Nigerian Thunee's bids)."""


class Score(CoreModel):
    """The match score: ``values`` per team (in ``teams`` order) or per seat, in ``unit``.

    ``target`` is what wins the match when the game has one (13 balls, 52 points);
    ``lower_wins`` when the smallest total wins (Telefunken's penalty points).
    """

    unit: Unit
    by: Literal["team", "seat"]
    values: list[int]
    target: int | None
    lower_wins: bool


class LegalAction(CoreModel):
    """One of the viewer's legal actions now, as ``Match.legal_actions`` gives it."""

    id: str
    kind: str
    value: str
    label: str


class TrickCard(CoreModel):
    """A card played to a trick: ``card`` is ``None`` when it lies face down and this
    viewer may not see it (``face_down`` says it was played face down at all)."""

    seat: int
    card: str | None
    face_down: bool


class Trump(CoreModel):
    """The trump as far as this viewer may know it.

    ``suit``: the suit letter when the viewer knows it (publicly, or as its maker);
    ``revealed``: everyone knows it; ``face_down_card``: a face-down trump card lies on the
    table (closed trump: chosen, its suit hidden from the others).
    """

    suit: str | None
    revealed: bool
    face_down_card: bool


class Bid(CoreModel):
    """One call of this hand's auction, in order: ``value`` as the game shows it (an
    amount, or a named bid such as 304's ``"PCC"``); ``None`` is a pass."""

    seat: int
    value: int | str | None


class Meld(CoreModel):
    """A meld on the table: ``number`` is how actions refer to it (``hit:<number>:...``,
    ``lay:<number>:...``)."""

    number: int
    owner: int
    kind: str
    cards: list[str]


class TableCore(CoreModel):
    """What every game's view says, trick or rummy.

    ``viewer`` is the seat the view is for (``None``: a spectator). ``to_act`` are the
    seats the game waits for; ``hand_number`` counts hands from 1. ``clockwise``: seat
    ``s+1`` sits to ``s``'s left (drawing order). ``hand`` and ``legal`` are the viewer's
    own (empty for a spectator).
    """

    game: str
    title: str
    players: int
    viewer: int | None
    teams: list[list[int]] | None
    dealer: int | None
    to_act: list[int]
    phase: str
    hand_number: int
    clockwise: bool
    score: Score
    hand_sizes: list[int]
    hand: list[str]
    legal: list[LegalAction]


class TrickTable(TableCore):
    """A trick game's table: the trick being played and the one just finished (shown
    until the next lead), the trump, this hand's bids, tricks won per team (or seat)."""

    family: Literal["trick"]
    trick: list[TrickCard]
    last_trick: list[TrickCard]
    trump: Trump
    bids: list[Bid]
    tricks_won: list[int]


class RummyTable(TableCore):
    """A rummy game's table: the melds (numbered as actions refer to them), the stock
    and discard pile (their counts and the top card)."""

    family: Literal["rummy"]
    melds: list[Meld]
    stock_size: int
    discard_size: int
    discard_top: str | None


AnyTable = Annotated[TrickTable | RummyTable, Field(discriminator="family")]


class GameView(ExtensionModel):
    """A game's whole view: the core under ``table``; the extension adds the game's keys.

    ``hand`` is the contract's ``view["hand"]`` (the viewer's cards; the same as
    ``table.hand``); some games' public views have none."""

    game: str
    table: AnyTable
    hand: list[str] | MISSING = MISSING


class ViewOfAnyGame(BaseModel):
    """Reads the core of any game's view dict (its own keys ignored): what a front end
    that does not know the game validates."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    table: AnyTable


def table_of(view: Mapping[str, Any]) -> TrickTable | RummyTable:
    """The common core of any game's view or public view dict."""
    return ViewOfAnyGame.model_validate(view).table


def legal_of(actions: Iterable[Action]) -> list[dict[str, str]]:
    """``legal`` entries for a view, from ``Match.legal_actions``."""
    return [{"id": a.id, "kind": a.kind, "value": a.value, "label": a.label} for a in actions]


def teams_of(teams: Sequence[Sequence[int]] | None) -> list[list[int]] | None:
    return None if teams is None else [list(team) for team in teams]


def trick_cards(plays: Iterable[tuple[int, str]]) -> list[dict[str, Any]]:
    """``trick`` entries for cards played face up, from (seat, card) pairs."""
    return [{"seat": seat, "card": card, "face_down": False} for seat, card in plays]


def score(
    unit: Unit,
    values: Sequence[int],
    *,
    by_team: bool,
    target: int | None = None,
    lower_wins: bool = False,
) -> dict[str, Any]:
    """A ``Score`` as the dict a view or a result carries."""
    return {
        "unit": unit,
        "by": "team" if by_team else "seat",
        "values": list(values),
        "target": target,
        "lower_wins": lower_wins,
    }


ModelT = TypeVar("ModelT", bound=BaseModel)


def dumped(model: type[BaseModel], data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` once validated as ``model``: the JSON-able dict the contract hands out.

    The models are strict (no value is coerced), keep undeclared keys and omit absent
    optional ones (``MISSING``), so a valid ``data`` *is* its model's
    ``model_dump(mode="json")``: it is returned as is rather than dumped again (views are
    built on every click; the conformance suite checks the equality on every game).
    """
    model.model_validate(data)
    return dict(data)

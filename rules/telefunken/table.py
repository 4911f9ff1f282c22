"""The state of a Telefunken table that every part of the engine reads and changes.

``TelefunkenMatch`` is assembled from one mixin per concept (``buying``, ``meld_offers``,
``meld_moves``, ``scoring``); ``TableState`` declares what they share, so each module can
be read (and type-checked) on its own. The methods declared at the bottom are
implemented by one of the parts; calling them on ``TableState`` itself is a bug.
"""

from __future__ import annotations

import random
from typing import Any

from rules.cards import Card
from rules.contract import Action, Event
from rules.telefunken.melds import Candidate, ContractSearch, TableMeld
from rules.telefunken.variants import Contract, Ruleset, TelefunkenOptions

Op = tuple[Any, ...]
"""What a legal action does: a handler name (``_do_<name>``) and its arguments."""


class StateCache(dict[int, tuple[list[Action], dict[str, Op]]]):
    """What is worked out once per state: each seat's legal actions (with what they do),
    the seats to act and the public view. ``clear()`` after every change of state
    (``_apply`` and ``load_state`` do; so do tests that set up a state by hand)."""

    __slots__ = ("public", "to_act")

    def __init__(self) -> None:
        super().__init__()
        self.to_act: frozenset[int] | None = None
        self.public: dict[str, Any] | None = None

    def clear(self) -> None:
        super().clear()
        self.to_act = None
        self.public = None


class TableState:
    players: int
    options: TelefunkenOptions
    rng: random.Random
    rs: Ruleset
    pack: list[Card]
    deal_no: int
    contract_no: int
    contracts_left: list[int]
    dealer: int
    _phase: str
    hands: list[list[Card]]
    stock: list[Card]
    """Top = last."""
    discard: list[Card]
    """Top = last."""
    melds: list[TableMeld]
    next_meld_id: int
    chips: list[int]
    chips_spent: list[int]
    bonus_chips: list[int]
    buys: int
    has_melded: list[bool]
    melded_turn: list[int]
    scores: list[int]
    money: list[int]
    deal_wins: list[int]
    turn_player: int
    turn_no: int
    last_drawn: Card | None
    first_turn: bool
    opening: bool
    window: dict[str, Any] | None
    staged: list[Candidate]
    transaction: dict[str, Any] | None
    must_use: Card | None
    exchange_rounds: int
    giving: list[list[Card]]
    handed_in: list[bool]
    rebuilds: int
    drawn_once: list[bool]
    streak: list[int]
    results: list[dict[str, Any]]
    last_penalty: list[int]
    pending: list[Card]
    cut_info: dict[str, Any]
    upcard_taken: int
    _cache: StateCache
    _layoffs: dict[tuple[Any, ...], dict[Card, list[tuple[Any, Any]]]]
    """``layoff_results`` by (meld, colour, closed, pure), then by card: the same melds are
    offered the same cards turn after turn. Emptied at each deal (its melds are new)."""

    @property
    def contract(self) -> Contract:
        return self.rs.contracts[self.contract_no]

    # implemented by the parts of TelefunkenMatch --------------------------------------

    def _start_deal(self) -> None:
        raise NotImplementedError

    def _begin_turn(self, seat: int) -> None:
        raise NotImplementedError

    def _start_turn(self, seat: int) -> list[Event]:
        raise NotImplementedError

    def _draw_card(self, seat: int) -> Card:
        raise NotImplementedError

    def _drew_events(self, seat: int, cards: list[Card], why: str) -> list[Event]:
        raise NotImplementedError

    def _do_draw(self, seat: int) -> list[Event]:
        raise NotImplementedError

    def _acquired(self, seat: int) -> None:
        raise NotImplementedError

    def _rebuildable(self, without_top: bool) -> int:
        raise NotImplementedError

    def _end_deal(self, winner: int | None) -> list[Event]:
        raise NotImplementedError

    def _contract_count(self) -> int:
        raise NotImplementedError

    def _staged_state(self, staged: list[Candidate] | None = None) -> Any:
        raise NotImplementedError

    def _search(self, seat: int) -> ContractSearch:
        raise NotImplementedError

    def _rules_of(self, tm: TableMeld) -> Any:
        raise NotImplementedError

"""The engine contract (shared/design/engine-api.md): Action, Event, Deal, IllegalAction,
GameSpec and the Match base every game implements.

Engines keep cards as ints and build every ``Action`` once (see ``ActionTable``), because
the playout speed targets leave no room for building pydantic models per call.
"""

from __future__ import annotations

import json
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.cards import CardError, parse_card
from rules.results import HandResult, MatchResult
from rules.views import GameView


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is written for the player."""


class Action(BaseModel):
    """One thing a seat may do: ``kind`` plus an optional ``value`` (a card, a bid, a list).

    ``id`` is ``kind`` or ``kind:value`` and is what travels through buttons, logs and
    the console; ``label`` is the short English text for a button (translated by the UI).
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    value: str = ""
    label: str = ""

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.value}" if self.value else self.kind

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    # Equality by id only (the label is wording): engines compare actions on the hot path.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.kind, self.value))


class Event(BaseModel):
    """Something that happened, for a UI to show. ``visible_to=None`` means everyone."""

    model_config = ConfigDict(frozen=True)

    kind: str
    data: dict[str, Any] = Field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    @classmethod
    def make(cls, kind: str, visible_to: frozenset[int] | None = None, **data: Any) -> Event:
        """An event from known-good engine data, without validation (the hot path).

        Equivalent to ``model_construct`` with every field set, at a fraction of its cost.
        A compiled engine builds the same state without this interpreted frame (304:
        ``rules.three_o_four.actions.built``, tested to match).
        """
        event = _new_object(cls)
        _set_dict(event, {"kind": kind, "data": data, "visible_to": visible_to})
        _set_fields_set(event, _EVENT_FIELDS)
        _set_extra(event, None)
        _set_private(event, None)
        return event


_new_object = object.__new__
# BaseModel's own slots (its ``__dict__`` too), set through their descriptors: a third
# faster than going through ``object.__setattr__`` by name, and ``make`` runs per state on
# some hot paths.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_EVENT_FIELDS = frozenset({"kind", "data", "visible_to"})


class Deal(BaseModel):
    """A stacked deal: who deals, every card each seat receives (in order), the stock."""

    model_config = ConfigDict(frozen=True)

    dealer: int
    hands: list[list[str]]
    stock: list[str] = Field(default_factory=list)
    upcard: str | None = None

    def card_ints(self) -> tuple[list[list[int]], list[int], int | None]:
        """Hands, stock and upcard as card ints; bad card text raises ``IllegalAction``."""
        try:
            hands = [[parse_card(c) for c in hand] for hand in self.hands]
            stock = [parse_card(c) for c in self.stock]
            upcard = parse_card(self.upcard) if self.upcard is not None else None
        except CardError as exc:
            raise IllegalAction(f"Bad deal: {exc}") from exc
        return hands, stock, upcard


class ActionTable:
    """Every Action a game can offer, built once; ids map back to the same objects."""

    def __init__(self) -> None:
        self._by_id: dict[str, Action] = {}

    def add(self, kind: str, value: str = "", label: str = "") -> Action:
        action = Action(kind=kind, value=value, label=label)
        existing = self._by_id.get(action.id)
        if existing is not None:
            return existing
        self._by_id[action.id] = action
        return action

    def get(self, action_id: str) -> Action | None:
        return self._by_id.get(action_id)

    def __contains__(self, action_id: object) -> bool:
        return action_id in self._by_id

    def __len__(self) -> int:
        return len(self._by_id)

    def ids(self) -> list[str]:
        return list(self._by_id)

    def actions(self) -> list[Action]:
        """Every action in the table, in the order first added."""
        return list(self._by_id.values())


class GameOptions(BaseModel):
    """Base of every game's ``Options``: unknown fields are rejected, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


OptionsT = TypeVar("OptionsT", bound=GameOptions)


class Match(ABC, Generic[OptionsT]):
    """One match of a game, from the first deal to the end, driven by ``apply`` alone.

    Subclasses implement the game; this base keeps the match's identity (players, options,
    seed, stacked deals), its action log (for the default replay snapshot) and its RNG.
    """

    spec: ClassVar[GameSpec[Any]]

    def __init__(
        self, players: int, options: OptionsT, seed: int, deals: Sequence[Deal] = ()
    ) -> None:
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self._deals: list[Deal] = list(deals)
        self._deals_used = 0
        self._log: list[tuple[int, Action]] = []
        self._log_ids: list[list[Any]] = []  # JSON form of _log, extended lazily

    # -- contract members every game implements --------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> frozenset[int]: ...

    @property
    @abstractmethod
    def phase(self) -> str: ...

    @property
    def off_turn(self) -> frozenset[int]:
        """Seats outside ``to_act`` that may act now all the same: an optional action the
        rules allow at any moment (304's Caps call, ED-25), which the game never waits
        for. Their ``legal_actions`` hold only kinds in ``spec.off_turn_kinds``; a driver
        that acts only for ``to_act`` still finishes every match. Default: none."""
        return frozenset()

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action already known to be legal for ``seat``."""

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]: ...

    @abstractmethod
    def public_view(self) -> dict[str, Any]: ...

    @property
    @abstractmethod
    def hand_results(self) -> list[dict[str, Any]]: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    # -- typed forms of the dicts above (rules.views, rules.results) -------------------

    view_model: ClassVar[type[GameView]] = GameView
    """The game's view model: its extension of ``rules.views.GameView``."""
    hand_result_model: ClassVar[type[HandResult]] = HandResult
    """The game's hand result model: its extension of ``rules.results.HandResult``."""
    result_model: ClassVar[type[MatchResult]] = MatchResult
    """The game's match result model: its extension of ``rules.results.MatchResult``."""

    def typed_view(self, seat: int) -> GameView:
        """``view(seat)`` as its typed model (games build the model and dump it)."""
        return self.view_model.model_validate(self.view(seat))

    def typed_public_view(self) -> GameView:
        return self.view_model.model_validate(self.public_view())

    def typed_hand_results(self) -> list[HandResult]:
        model = self.hand_result_model
        return [model.model_validate(entry) for entry in self.hand_results]

    def typed_result(self) -> MatchResult | None:
        """``None`` until the match is over; then ``result`` as its typed model."""
        result = self.result
        return None if result is None else self.result_model.model_validate(result)

    @property
    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """``None`` until the match is over; then the winners and final scores."""

    @abstractmethod
    def deck(self) -> list[str]:
        """Every card in play in this match's configuration (a multiset of card strings)."""

    @abstractmethod
    def card_zones(self) -> dict[str, list[str]]:
        """Where every card is now, hidden ones included (for conservation checks)."""

    # -- shared behaviour --------------------------------------------------------------

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Apply a legal action; anything else raises ``IllegalAction`` and changes nothing."""
        cls = action.__class__
        if cls is str:
            action = self.spec.parse_action(action)  # type: ignore[arg-type]
        elif cls is not Action and not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action.")
        if seat not in self.to_act:
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise IllegalAction(f"There is no seat {seat!r} at this table.")
            if self.is_over:
                raise IllegalAction("The match is over.")
            kind = cast(Action, action).kind
            if seat not in self.off_turn or kind not in self.spec.off_turn_kinds:
                raise IllegalAction("It is not your turn.")
        action = cast(Action, action)
        for candidate in self.legal_actions(seat):
            if candidate is action:
                break
        else:
            if not self.is_legal(seat, action):
                raise IllegalAction(self.explain_illegal(seat, action))
        events = self._apply(seat, action)
        self._log.append((seat, action))
        return events

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is among ``legal_actions(seat)``; identity first, since
        engines hand out prebuilt actions, then equality for rebuilt ones."""
        legal = self.legal_actions(seat)
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def timeout_action(self, seat: int) -> Action | None:
        """The action the game's rules prescribe for ``seat`` when its timer runs out (a
        rummy draw-and-discard, "hand in nothing"), or None where the rules say nothing and
        the table decides (pass a call window, or let a computer play the turn)."""
        return None

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat`` now; games override for rule-specific text."""
        return f"You can't do that now ({action.label or action.id})."

    def next_stacked_deal(self) -> Deal | None:
        """The next stacked ``Deal`` if any remain (every deal, redeals included, takes one)."""
        if self._deals_used < len(self._deals):
            deal = self._deals[self._deals_used]
            self._deals_used += 1
            return deal
        return None

    @property
    def actions_applied(self) -> list[tuple[int, str]]:
        """The log of (seat, action id) applied so far."""
        return [(seat, action_id) for seat, action_id in self._logged_ids()]

    def _logged_ids(self) -> list[list[Any]]:
        """``[[seat, action_id], ...]``; ids are built here, not on the hot path of apply,
        and only for actions logged since the last call (snapshots are taken often)."""
        ids = self._log_ids
        for seat, action in self._log[len(ids) :]:
            ids.append([seat, action.id])
        return ids

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to rebuild this match: identity plus the action log (replayed)."""
        return {
            "game": self.spec.name,
            "players": self.players,
            "options": self.options.model_dump(mode="json"),
            "seed": self.seed,
            "deals": [d.model_dump(mode="json") for d in self._deals],
            "actions": list(self._logged_ids()),
        }


class GameSpec(ABC, Generic[OptionsT]):
    """A game as the registry knows it. Subclasses set the class attributes and ``match_class``."""

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    Options: type[OptionsT]
    match_class: type[Match[OptionsT]]
    actions: ActionTable
    random_play_weights: ClassVar[dict[str, float]] = {}
    """Relative weights by action kind for random play (default 1); see ``rules.random_play``."""
    off_turn_kinds: ClassVar[frozenset[str]] = frozenset()
    """Kinds of action a seat may take while outside ``to_act`` (see ``Match.off_turn``)."""

    @abstractmethod
    def teams(self, players: int) -> tuple[tuple[int, ...], ...] | None: ...

    def parse_options(self, options: OptionsT | Mapping[str, Any] | None) -> OptionsT:
        """``Options`` from a model, a dict or ``None``; bad input raises ``IllegalAction``."""
        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        if isinstance(options, BaseModel):
            raise IllegalAction(f"Options for {self.title} must be {self.Options.__name__}.")
        try:
            return self.Options.model_validate(dict(options))
        except ValidationError as exc:
            raise IllegalAction(_readable_validation(self.title, exc)) from exc

    def check_options(self, players: int, options: OptionsT) -> None:
        """Reject option combinations that cannot be played (override per game)."""

    def new_match(
        self,
        players: int,
        options: OptionsT | Mapping[str, Any] | None = None,
        seed: int | None = None,
        deals: Iterable[Deal | Mapping[str, Any]] | None = None,
    ) -> Match[OptionsT]:
        if players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise IllegalAction(f"{self.title} is played by {counts} players, not {players}.")
        opts = self.parse_options(options)
        self.check_options(players, opts)
        if seed is None:
            seed = secrets.randbits(63)
        deal_list = [d if isinstance(d, Deal) else Deal.model_validate(d) for d in deals or ()]
        return self.match_class(players, opts, seed, deal_list)

    def restore(self, snapshot: Mapping[str, Any]) -> Match[OptionsT]:
        """The match a ``snapshot()`` saved; a snapshot of another game or a bad log raises."""
        if snapshot.get("game") != self.name:
            raise IllegalAction(f"That snapshot is not a {self.title} match.")
        match = self.new_match(
            snapshot["players"], snapshot["options"], snapshot["seed"], snapshot.get("deals") or ()
        )
        for seat, action_id in snapshot.get("actions", ()):
            match.apply(seat, action_id)
        return match

    def parse_action(self, action_id: str) -> Action:
        action = self.actions.get(action_id) if isinstance(action_id, str) else None
        if action is None:
            action = self.parse_dynamic_action(action_id)
        return action

    def parse_dynamic_action(self, action_id: str) -> Action:
        """Actions not in the prebuilt table (e.g. meld lists); default: none exist."""
        raise IllegalAction(f"{action_id!r} is not a {self.title} action.")


def _readable_validation(title: str, exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err["loc"]) or "options"
        if err["type"] == "extra_forbidden":
            parts.append(f"'{where}' is not a {title} option")
        else:
            parts.append(f"{where}: {err['msg']}")
    return "Bad options: " + "; ".join(parts) + "."


def json_roundtrip(data: Any) -> Any:
    """``data`` after a trip through JSON (tests use it to prove views are JSON-able)."""
    return json.loads(json.dumps(data))


SpecFactory = Callable[[], GameSpec[Any]]

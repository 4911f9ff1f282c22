"""The engine contract (shared/design/engine-api.md): Action, Event, Deal, IllegalAction,
GameSpec and the Match base every game implements.

Engines keep cards as ints and build every ``Action`` once (see ``ActionTable``), because
the playout speed targets leave no room for building pydantic models per call.
"""

from __future__ import annotations

import json
import secrets
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast, overload

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.cards import CARD_STRINGS, SUIT_NAMES, CardError, parse_card, pretty
from rules.results import HandResult, MatchResult
from rules.shuffle import DEAL_VERSION, DEAL_VERSIONS, LEGACY_DEAL_VERSION, deal_rng
from rules.views import GameView

RefusalParam = str | int | list[str]
"""A refusal's parameter: JSON-able; cards, suits and actions as the contract writes them."""


class IllegalAction(ValueError):
    """Something the rules do not allow now, as a stable ``code`` with JSON-able ``params``.

    ``template`` is the English sentence with ``{name}`` fields (also the catalog's message
    id); ``str(exc)`` is that sentence filled in English, for callers that only read text.
    A front end translates by code and params (``i18n.refusals``), never by parsing the
    English. Parameter names say how a value reads (docs/refusals.md): ``card`` a card
    string, ``cards`` a list of them, ``suit`` a suit letter, ``action`` an action id (with
    its English ``label`` beside it), ``phase`` an engine phase; any other is shown as it is.
    """

    def __init__(self, template: str, *, code: str, **params: RefusalParam) -> None:
        self.template = template
        self.code = code
        self.params = params
        super().__init__(template.format(**english_params(params)) if params else template)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form a driver or a log keeps: code, params and the English message."""
        return {"code": self.code, "params": dict(self.params), "message": str(self)}


def english_params(params: Mapping[str, RefusalParam]) -> dict[str, str]:
    """Each parameter as the English sentence shows it (``"10H"`` -> ``"10\u2665"``)."""
    return {name: _english_param(name, value, params) for name, value in params.items()}


def _english_param(name: str, value: RefusalParam, params: Mapping[str, RefusalParam]) -> str:
    if name == "card" and isinstance(value, str):
        return _pretty_text(value)
    if name == "cards" and isinstance(value, list):
        return " ".join(_pretty_text(c) for c in value)
    if name == "suit" and isinstance(value, str):
        return SUIT_NAMES.get(value, value)
    if name == "action":
        return str(params.get("label") or value)
    if name == "phase" and isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, list):
        return ", ".join(value)
    return str(value)


def _pretty_text(text: str) -> str:
    try:
        return pretty(parse_card(text))
    except CardError:
        return text


def action_params(action: Action) -> dict[str, RefusalParam]:
    """The ``action`` and ``label`` parameters of a refusal that names ``action``."""
    return {"action": action.id, "label": action.label}


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

    @classmethod
    def make(cls, kind: str, value: str = "", label: str = "") -> Action:
        """An action from known-good engine data, without validation (as ``Event.make``):
        Tonk builds a spread's action per distinct spread a hand offers, on the click path."""
        action = _new_object(cls)
        _set_dict(action, {"kind": kind, "value": value, "label": label})
        _set_fields_set(action, _ACTION_FIELDS)
        _set_extra(action, None)
        _set_private(action, None)
        return action


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
_ACTION_FIELDS = frozenset({"kind", "value", "label"})


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
            every = [c for hand in self.hands for c in hand] + self.stock + [self.upcard or "*"]
            text = next((c for c in every if c not in CARD_STRINGS), "")
            raise IllegalAction(
                "Bad deal: {text} is not a card (write it like 10H, JS or * for a joker).",
                code="bad_deal_card",
                text=repr(text),
            ) from exc
        return hands, stock, upcard


class ActionTable:
    """Every Action a game can offer, built once; ids map back to the same objects."""

    def __init__(self) -> None:
        self._by_id: dict[str, Action] = {}
        self._in_order: list[Action] = []
        self._index_of: dict[int, int] = {}
        """``id()`` of each action -> its place in ``_in_order`` (an ``ActionLog`` stores
        the place; the table keeps every action alive, so an ``id()`` is never reused)."""

    def add(self, kind: str, value: str = "", label: str = "") -> Action:
        action = Action(kind=kind, value=value, label=label)
        existing = self._by_id.get(action.id)
        if existing is not None:
            return existing
        self._by_id[action.id] = action
        self._index_of[id(action)] = len(self._in_order)
        self._in_order.append(action)
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


_SEAT_BITS = 4
_SEAT_MASK = (1 << _SEAT_BITS) - 1
_OTHER = 1 << 27
"""Marks a code whose index is into ``ActionLog._others`` (an action not in the table)."""


class ActionLog:
    """The ``(seat, Action)`` pairs a match has applied, in a cheap form: four bytes per
    action of the game's ``ActionTable`` (its place there, and the seat), the id text
    for any other (a rummy meld list). It reads back as the same pairs (equal actions:
    the table's own objects, others parsed again), so ``snapshot()`` and
    ``actions_applied`` are unchanged; a match of thousands of actions holds kilobytes
    instead of the hundreds a list of tuples (and their id lists) held.

    List-like where engines and the base use the log: ``append((seat, action))``,
    ``len``, iteration and slices."""

    __slots__ = ("_codes", "_in_order", "_index_of", "_others", "_parse")

    def __init__(self, table: ActionTable, parse: Callable[[str], Action]) -> None:
        self._codes = array("I")
        self._in_order = table._in_order
        self._index_of = table._index_of
        self._others: list[str] = []
        self._parse = parse

    def append(self, entry: tuple[int, Action]) -> None:
        seat, action = entry
        if not 0 <= seat <= _SEAT_MASK:
            raise ValueError(f"seat {seat} does not fit the action log")
        index = self._index_of.get(id(action))
        if index is None:
            index = _OTHER | len(self._others)
            self._others.append(action.id)
        self._codes.append(index << _SEAT_BITS | seat)

    def __len__(self) -> int:
        return len(self._codes)

    def _pair(self, code: int) -> tuple[int, Action]:
        index = code >> _SEAT_BITS
        if index & _OTHER:
            return code & _SEAT_MASK, self._parse(self._others[index & ~_OTHER])
        return code & _SEAT_MASK, self._in_order[index]

    def __iter__(self) -> Iterator[tuple[int, Action]]:
        return map(self._pair, self._codes)

    @overload
    def __getitem__(self, index: int) -> tuple[int, Action]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, Action]]: ...

    def __getitem__(self, index: int | slice) -> tuple[int, Action] | list[tuple[int, Action]]:
        if isinstance(index, slice):
            return [self._pair(code) for code in self._codes[index]]
        return self._pair(self._codes[index])

    def __copy__(self) -> ActionLog:
        clone = ActionLog.__new__(ActionLog)
        clone._codes = array("I", self._codes)
        clone._in_order, clone._index_of = self._in_order, self._index_of
        clone._others, clone._parse = list(self._others), self._parse
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionLog:
        return self.__copy__()  # the game's table is shared, never copied


def _option_title(name: str, field: Any) -> str:
    """A field's title when the game gives none: its name in words (``target_balls`` ->
    ``Target balls``), English like every engine text and a stable catalog message id."""
    return name.replace("_", " ").capitalize()


class GameOptions(BaseModel):
    """Base of every game's ``Options``: unknown fields are rejected, values are frozen.

    Each field describes itself for a front end's pickers and help (``rules.option_fields``):
    its title (given, or made from its name), its description (``Field(description=...)``
    or the docstring under the field) and its allowed values (``Literal``, bool, bounds)."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
        field_title_generator=_option_title,
    )


OptionsT = TypeVar("OptionsT", bound=GameOptions)


class Match(ABC, Generic[OptionsT]):
    """One match of a game, from the first deal to the end, driven by ``apply`` alone.

    Subclasses implement the game; this base keeps the match's identity (players, options,
    seed, stacked deals), its action log (for the default replay snapshot) and its RNG.
    """

    spec: ClassVar[GameSpec[Any]]

    def __init__(
        self,
        players: int,
        options: OptionsT,
        seed: int,
        deals: Sequence[Deal] = (),
        *,
        deal_version: int = DEAL_VERSION,
    ) -> None:
        self.players = players
        self.options = options
        self.seed = seed
        self.deal_version = deal_version
        """How the seed turns into cards (``rules.shuffle``); old stored matches say 1."""
        self.rng = deal_rng(seed, deal_version)
        self._deals: list[Deal] = list(deals)
        self._deals_used = 0
        self._log = ActionLog(self.spec.actions, self.spec.parse_action)
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
            raise IllegalAction("{text} is not an action.", code="not_an_action", text=repr(action))
        if seat not in self.to_act:
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise IllegalAction(
                    "There is no seat {seat} at this table.", code="no_such_seat", seat=repr(seat)
                )
            if self.is_over:
                raise IllegalAction("The match is over.", code="match_over")
            kind = cast(Action, action).kind
            if seat not in self.off_turn or kind not in self.spec.off_turn_kinds:
                raise IllegalAction("It is not your turn.", code="not_your_turn")
        action = cast(Action, action)
        for candidate in self.legal_actions(seat):
            if candidate is action:
                break
        else:
            if not self.is_legal(seat, action):
                raise self.explain_illegal(seat, action)
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

    def prepare(self, seat: int, action: Action) -> Callable[[], object] | None:
        """The expensive part of applying a legal ``action``, as work that only reads the
        match and fills its caches (304: the end-of-hand Caps judge), or None. A table
        runs it off the event loop, with nothing else changing the match meanwhile,
        before ``apply``, which then finds the answers ready."""
        return None

    def timeout_action(self, seat: int) -> Action | None:
        """The action the game's rules prescribe for ``seat`` when its timer runs out (a
        rummy draw-and-discard, "hand in nothing"), or None where the rules say nothing and
        the table decides (pass a call window, or let a computer play the turn)."""
        return None

    def explain_illegal(self, seat: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` now (the refusal ``apply`` raises); games
        override it with their rules' own reasons."""
        return not_now(action)

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
            "deal_version": self.deal_version,
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
            raise IllegalAction(
                "Options for {game} must be {model}.",
                code="options_wrong_type",
                game=self.title,
                model=self.Options.__name__,
            )
        try:
            return self.Options.model_validate(dict(options))
        except ValidationError as exc:
            raise options_refusal(self.title, self.Options, exc) from exc

    def check_options(self, players: int, options: OptionsT) -> None:
        """Reject option combinations that cannot be played (override per game)."""

    def new_match(
        self,
        players: int,
        options: OptionsT | Mapping[str, Any] | None = None,
        seed: int | None = None,
        deals: Iterable[Deal | Mapping[str, Any]] | None = None,
        deal_version: int = DEAL_VERSION,
    ) -> Match[OptionsT]:
        """A new match; ``deal_version`` is for replaying a stored match dealt by an older
        version of ``rules.shuffle`` (a new match always takes the current one)."""
        if players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise IllegalAction(
                "{game} is played by {counts} players, not {players}.",
                code="wrong_player_count",
                game=self.title,
                counts=counts,
                players=repr(players),
            )
        opts = self.parse_options(options)
        self.check_options(players, opts)
        if seed is None:
            seed = secrets.randbits(63)
        deal_list = [d if isinstance(d, Deal) else Deal.model_validate(d) for d in deals or ()]
        if deal_version == DEAL_VERSION:
            return self.match_class(players, opts, seed, deal_list)
        if deal_version not in DEAL_VERSIONS:
            raise IllegalAction(
                "There is no deal version {version}.",
                code="unknown_deal_version",
                version=repr(deal_version),
            )
        return self.match_class(players, opts, seed, deal_list, deal_version=deal_version)

    def restore(self, snapshot: Mapping[str, Any]) -> Match[OptionsT]:
        """The match a ``snapshot()`` saved; a snapshot of another game or a bad log raises."""
        if snapshot.get("game") != self.name:
            raise IllegalAction(
                "That snapshot is not a {game} match.", code="wrong_game_snapshot", game=self.title
            )
        match = self.new_match(
            snapshot["players"],
            snapshot["options"],
            snapshot["seed"],
            snapshot.get("deals") or (),
            deal_version=snapshot_deal_version(snapshot),
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
        raise not_game_action(action_id, self.title)


def snapshot_deal_version(snapshot: Mapping[str, Any]) -> int:
    """The deal version a snapshot was dealt with: snapshots from before ``deal_version``
    was recorded were dealt by CPython's shuffle (``LEGACY_DEAL_VERSION``)."""
    version: int = snapshot.get("deal_version", LEGACY_DEAL_VERSION)
    return version


def not_now(action: Action) -> IllegalAction:
    """The plain refusal: ``action`` is not possible at this moment."""
    return IllegalAction(
        "You can't do that now ({action}).", code="not_now", **action_params(action)
    )


def not_game_action(action_id: object, title: str) -> IllegalAction:
    """Text that names no action of the game ``title``."""
    return IllegalAction(
        "{text} is not a {game} action.", code="not_a_game_action", text=repr(action_id), game=title
    )


def options_refusal(title: str, model: type[BaseModel], exc: ValidationError) -> IllegalAction:
    """The first problem pydantic found in a game's options, as a refusal a player reads:
    an unknown name, a value outside a field's choices or bounds, or a value of the wrong
    kind (``rules.option_fields`` describes each field's allowed values)."""
    from rules.option_fields import allowed_values, int_bounds

    err = exc.errors()[0]
    option = ".".join(str(x) for x in err["loc"]) or "options"
    if err["type"] == "extra_forbidden":
        return IllegalAction(
            "Bad options: '{option}' is not a {game} option.",
            code="unknown_option",
            option=option,
            game=title,
        )
    field = model.model_fields.get(str(err["loc"][0])) if err["loc"] else None
    choices = allowed_values(field) if field is not None else None
    if choices is not None:
        return IllegalAction(
            "Bad options: {option} takes one of {choices}.",
            code="option_choices",
            option=option,
            choices=[json.dumps(c) for c in choices],
        )
    low_high = int_bounds(field) if field is not None else None
    if low_high is not None:
        return IllegalAction(
            "Bad options: {option} takes a whole number from {low} to {high}.",
            code="option_range",
            option=option,
            low=low_high[0],
            high=low_high[1],
        )
    return IllegalAction(
        "Bad options: {option} can't be {value}.",
        code="option_value",
        option=option,
        value=repr(err.get("input")),
    )


def json_roundtrip(data: Any) -> Any:
    """``data`` after a trip through JSON (tests use it to prove views are JSON-able)."""
    return json.loads(json.dumps(data))


SpecFactory = Callable[[], GameSpec[Any]]

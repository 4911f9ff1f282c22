"""The exact end of a hand: with every hand known and few cards left, what the rest of the
card play is worth to a team when every seat plays its best, and what each legal card of
the seat to act is worth.

Perfect information only: the match given holds every hand (the engine always does); the
caller decides whether that is fair to use (a finished hand's review, a sampled world of a
search player). Nothing here reads a view a seat could not see for any decision of its own:
the solver is a judge, not a player.

The solver drives the engine through its contract alone (``to_act``, ``legal_actions``,
``apply``, ``hand_results``), copying states with ``clone_match``; the only game knowledge
is on the plugin: ``GamePlugin.tally`` (what the hand's card play won, per team or seat)
and ``GamePlugin.card_kinds`` (which actions play a card). It is alpha-beta minimax on
the team's tally minus the others', every root card searched with a full window so each
card's value is exact.

Bounds (``EndgameLimits``): no more than ``max_cards`` cards in all hands together (the
last 4 tricks at 4 players by default), and no more than ``max_nodes`` states visited.
Past either bound, or when the rest of the hand needs a decision that is not a card (a
call window with several seats, a prompt), ``solve`` answers ``None``: "not solved",
never a guess.
"""

from __future__ import annotations

import collections
import enum
import functools
import random
import types
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from rules.contract import Action, Match
from rules.plugin import GamePlugin
from rules.registry import BUILTIN, GameRegistry


@dataclass(frozen=True, slots=True)
class EndgameLimits:
    max_cards: int = 16
    """Solve only when at most this many cards are left in all hands together."""
    max_nodes: int = 20_000
    """Give up (answer ``None``) past this many states visited: the deterministic cost
    bound (a state costs one copy and one ``apply``, tens of microseconds)."""


DEFAULT_LIMITS = EndgameLimits()


@dataclass(frozen=True, slots=True)
class Solution:
    """The solved rest of a hand, for ``team`` (an index in ``spec.teams``), in the game's
    tally unit (``GamePlugin.tally``: card points, or tricks)."""

    seat: int
    """The seat to act at the solved state."""
    team: int
    value: int
    """The team's tally at the end of the hand when every seat plays its best from here
    (what it already holds included)."""
    moves: dict[str, int]
    """Each card ``seat`` may play (action id) -> the team's tally at the end of the hand
    after that card and best play by everyone since."""
    nodes: int
    """States visited (the cost)."""

    def best(self) -> list[str]:
        """The cards that keep ``value`` (for the team's own seat; for an opponent's seat,
        ``value`` is the least the team can be held to)."""
        return [card for card, v in self.moves.items() if v == self.value]

    def lost_by(self, action_id: str) -> int:
        """How much of the team's best result ``action_id`` gives away (0: none; negative
        never; an unknown card: 0)."""
        return max(0, self.value - self.moves.get(action_id, self.value))


class _OutsideTree(Exception):
    """The rest of the hand leaves the solver's scope (a non-card decision, a bound)."""


def solve(
    match: Match[Any],
    team: int | None = None,
    *,
    limits: EndgameLimits = DEFAULT_LIMITS,
    registry: GameRegistry = BUILTIN,
) -> Solution | None:
    """The exact rest of the current hand of ``match`` for ``team`` (default: the team of
    the seat to act), or ``None`` when it is outside the bounds (see the module doc).
    ``match`` itself is never changed."""
    plugin = registry.plugin(match.spec.name) if match.spec.name in registry else None
    if plugin is None or not plugin.tally or match.is_over:
        return None
    seats = match.to_act
    if len(seats) != 1:
        return None
    seat = next(iter(seats))
    teams = match.spec.teams(match.players) or tuple((s,) for s in range(match.players))
    if team is None:
        team = next(i for i, members in enumerate(teams) if seat in members)
    if sum(match.public_view()["table"]["hand_sizes"]) > limits.max_cards:
        return None
    search = _Search(plugin, teams, team, len(match.hand_results), limits.max_nodes)
    root_moves = search.moves(match, seat)
    if not root_moves:
        return None
    maximizing = seat in teams[team]
    values: dict[str, int] = {}
    diffs: dict[str, int] = {}
    try:
        for action in root_moves:
            child = clone_match(match)
            child.apply(seat, action)
            search.nodes += 1
            diffs[action.id], values[action.id] = search.value(child, -_INFINITY, _INFINITY)
    except _OutsideTree:
        return None
    # Best by the difference (what the minimax optimizes); own tallies differ from it
    # only when a hand ends early, so pick the card by diff and report its own tally.
    best = (max if maximizing else min)(root_moves, key=lambda a: diffs[a.id])
    return Solution(seat, team, values[best.id], values, search.nodes)


_INFINITY = 1 << 30


class _Search:
    """One solve: alpha-beta over clones of the state, counting nodes."""

    def __init__(
        self,
        plugin: GamePlugin,
        teams: Sequence[Sequence[int]],
        team: int,
        hands_before: int,
        max_nodes: int,
    ) -> None:
        self.kinds = frozenset(plugin.card_kinds)
        self.tally = plugin.tally
        self.teams = teams
        self.team = team
        self.ours = frozenset(teams[team])
        self.hands_before = hands_before
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[Any, tuple[int, int, int]] = {}
        """State key -> (flag, diff, own): an exact value or a bound found earlier."""

    def moves(self, match: Match[Any], seat: int) -> list[Action]:
        legal = match.legal_actions(seat)
        return [a for a in legal if a.kind in self.kinds]

    def leaf(self, match: Match[Any]) -> tuple[int, int]:
        """(team's tally minus the others', team's tally) of the finished hand."""
        counts = list(match.hand_results[self.hands_before][self.tally])
        if len(counts) != len(self.teams):  # per seat: add up by team
            counts = [sum(counts[s] for s in members) for members in self.teams]
        own = counts[self.team]
        return own - (sum(counts) - own), own

    def value(self, match: Match[Any], alpha: int, beta: int) -> tuple[int, int]:
        """(diff, own) of ``match`` (a state this search owns) under best play; a diff
        outside ``(alpha, beta)`` is only a bound (the usual fail-hard alpha-beta)."""
        if len(match.hand_results) > self.hands_before:
            return self.leaf(match)
        seats = match.to_act
        if len(seats) != 1:
            raise _OutsideTree
        seat = next(iter(seats))
        # Where every card is (won piles included) and who acts decide the rest of the
        # hand: two orders of play reaching the same state are searched once. (What a
        # game scores beyond its won cards, a last-trick bonus, follows from the cards
        # left, which the key holds.)
        key = (seat, _zones_key(match.card_zones()))
        stored = self.table.get(key)
        if stored is not None:
            flag, diff, own = stored
            if (
                flag == _EXACT
                or (flag == _LOWER and diff >= beta)
                or (flag == _UPPER and diff <= alpha)
            ):
                return diff, own
        moves = self.moves(match, seat)
        if not moves:
            raise _OutsideTree
        maximizing = seat in self.ours
        start_alpha, start_beta = alpha, beta
        best: tuple[int, int] | None = None
        last = len(moves) - 1
        for i, action in enumerate(moves):
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise _OutsideTree
            # The last child may take the state itself: this search owns it.
            child = match if i == last else clone_match(match)
            child.apply(seat, action)
            result = self.value(child, alpha, beta)
            if best is None or (result[0] > best[0] if maximizing else result[0] < best[0]):
                best = result
            if maximizing:
                alpha = max(alpha, result[0])
            else:
                beta = min(beta, result[0])
            if alpha >= beta:
                break
        assert best is not None
        if best[0] <= start_alpha:
            flag = _UPPER
        elif best[0] >= start_beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (flag, best[0], best[1])
        return best


_EXACT, _LOWER, _UPPER = 0, 1, 2


def _zones_key(zones: dict[str, list[str]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The state's cards as a key: each zone's cards as a set (sorted), but the trick in
    play order (who led, and so who wins, depends on it)."""
    return tuple(
        (zone, tuple(cards) if zone == "trick" else tuple(sorted(cards)))
        for zone, cards in zones.items()
    )


# -- copying a state ------------------------------------------------------------------------

_SHARED_TYPES: tuple[type, ...] = (
    int,
    float,
    complex,
    str,
    bytes,
    bool,
    type(None),
    tuple,
    frozenset,
    range,
    type,
    enum.Enum,
    BaseModel,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.ModuleType,
)
"""Values a copy shares with the original: immutable ones (engines keep their constant
tables as tuples and frozensets, their actions and options as frozen models), and code."""


def clone_match(match: Match[Any]) -> Match[Any]:
    """An independent copy of ``match`` (any game): every list, dict, set and object of its
    state copied, immutable values shared, aliasing kept (two names for one list stay one
    list). ``copy.deepcopy`` does the same at a hundred times the cost, because it walks
    the engines' large constant tuples."""
    memo: dict[int, Any] = {}
    log_ids = getattr(match, "_log_ids", None)
    if log_ids.__class__ is list:
        # The base's JSON form of the action log: entries are written once, never changed.
        memo[id(log_ids)] = list(log_ids)
    copied: Match[Any] = _copy(match, memo)
    return copied


_ATOMIC: frozenset[type] = frozenset({int, str, bool, float, type(None), tuple, frozenset, bytes})
"""The exact types most of a state is made of, checked before anything slower."""


_SHARED, _LIST, _DICT, _SET, _RANDOM, _ARRAY, _METHOD, _OWN_COPY, _DICT_LIKE, _OBJECT = range(10)


@functools.cache
def _kind(cls: type) -> int:
    """How ``_copy`` copies instances of ``cls`` (a pure function of the class, cached)."""
    if cls in _ATOMIC or issubclass(cls, _SHARED_TYPES):
        return _SHARED
    if cls is list:
        return _LIST
    if cls is dict:
        return _DICT
    if cls is set:
        return _SET
    if issubclass(cls, random.Random):
        return _RANDOM
    if issubclass(cls, array):
        return _ARRAY
    if issubclass(cls, types.MethodType):
        return _METHOD
    if hasattr(cls, "__copy__"):
        return _OWN_COPY
    if issubclass(cls, dict):
        return _DICT_LIKE
    return _OBJECT


@functools.cache
def _slots(cls: type) -> tuple[str, ...]:
    return tuple(
        name
        for klass in cls.__mro__
        for name in klass.__dict__.get("__slots__", ())
        if name not in ("__dict__", "__weakref__")
    )


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    cls = value.__class__
    if cls in _ATOMIC:
        return value
    kind = _kind(cls)
    if kind == _SHARED:
        return value
    key = id(value)
    found = memo.get(key)
    if found is not None:
        return found
    out: Any
    if kind == _LIST:
        out = []
        memo[key] = out
        append = out.append
        for v in value:
            append(v if v.__class__ in _ATOMIC else _copy(v, memo))
    elif kind == _DICT:
        out = {}
        memo[key] = out
        for k, v in value.items():
            out[k] = v if v.__class__ in _ATOMIC else _copy(v, memo)
    elif kind == _SET:
        out = memo[key] = set(value)  # members are hashable, so immutable
    elif kind == _RANDOM:
        out = memo[key] = random.Random.__new__(cls)  # no seeding: the state is set next
        out.setstate(value.getstate())
    elif kind == _ARRAY:
        out = memo[key] = array(value.typecode, value)
    elif kind == _METHOD:
        out = memo[key] = types.MethodType(value.__func__, _copy(value.__self__, memo))
    elif kind == _OWN_COPY:
        out = memo[key] = value.__copy__()  # the class knows what it shares (ActionLog)
    elif kind == _DICT_LIKE:  # Counter, defaultdict, a game's own dict with attributes
        if isinstance(value, collections.defaultdict):
            out = cls(value.default_factory)
        else:
            try:
                out = cls()
            except TypeError:
                out = cls.__new__(cls)
        memo[key] = out
        for k, v in value.items():
            out[k] = _copy(v, memo)
        _copy_attributes(value, out, cls, memo)
    else:
        out = memo[key] = object.__new__(cls)
        _copy_attributes(value, out, cls, memo)
    return out


def _copy_attributes(value: Any, out: Any, cls: type, memo: dict[int, Any]) -> None:
    state = getattr(value, "__dict__", None)
    if state is not None:
        for name, v in state.items():
            object.__setattr__(out, name, _copy(v, memo))
    for name in _slots(cls):
        try:
            v = getattr(value, name)
        except AttributeError:
            continue
        object.__setattr__(out, name, _copy(v, memo))

"""A game as one plugin: everything the rest of the bot needs to know about one game.

A ``GamePlugin`` bundles the game's engine (its ``GameSpec``, imported on first use, so a
registry of plugins is cheap to build), its family, its computer players per level, its
rules summary and the words its engine uses that front ends translate (fixed action labels,
hand outcomes and contract terms), its named presets of options for the pickers, and
what a front end needs to lay out a hand. Front
ends, the table manager and the translation layer read these fields and never a game's
name. ``rules.registry`` holds the plugins; it is the only list of games.

Texts are English catalog ids, marked with ``N_`` for extraction (``python -m i18n``
scans ``rules/``); engines and plugins never translate.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.contract import GameSpec

Family = Literal["trick", "rummy"]
"""Trick games (Thunee, 304, ...) or rummy games (Tonk, Telefunken, ...): front ends lay out
a hand and a table by family."""


def N_(text: str) -> str:
    """Mark a catalog text for extraction (the front ends translate it)."""
    return text


LEVELS: tuple[str, ...] = ("beginner", "club", "expert")
"""The computer levels people choose, weakest first. A plugin without a player for a level
is played at the strongest level below it that it has. Easier levels remember less and look
less far ahead; none plays a random blunder."""

LEVEL_TITLES: Mapping[str, str] = {
    "beginner": N_("Beginner"),
    "club": N_("Club"),
    "expert": N_("Expert"),
}
"""Each level's name as players read it (catalog ids)."""

LEVEL_SUMMARIES: Mapping[str, str] = {
    "beginner": N_("Beginner: plays by rules of thumb from its own hand and remembers nothing."),
    "club": N_("Club: remembers the cards played and looks a few moves ahead."),
    "expert": N_("Expert: remembers every card it has seen and thinks each move through."),
}
"""One line per level for the level picker and ``/rules`` (catalog ids)."""

LEVEL_ALIASES: Mapping[str, str] = {"heuristic": "beginner", "search": "expert"}
"""Older level names, still found in stored seats (``match_players.computer``), settings
and plugins: each plays as the level it names."""

RANDOM_LEVEL = "random"
"""Uniformly random legal moves: for tests and benchmarks, never offered to players."""

KNOWN_LEVELS: tuple[str, ...] = (RANDOM_LEVEL, *LEVELS, *LEVEL_ALIASES)
"""Every level name a seat or a setting may hold."""


def canonical_level(level: str) -> str:
    """The level ``level`` plays as (an alias's level; an unknown name is returned as
    given, for the caller to refuse)."""
    return LEVEL_ALIASES.get(level, level)


def level_title(level: str) -> str | None:
    """The catalog id of the name of the level ``level`` plays as (``None``: not a level
    offered to people, such as ``random`` or a test's own)."""
    return LEVEL_TITLES.get(canonical_level(level))


def strongest_level(levels: Iterable[str]) -> str | None:
    """The strongest of ``levels`` that is a level of ``LEVELS`` (or an alias of one), as
    written; ``None`` if there is none."""
    known = [level for level in levels if canonical_level(level) in LEVELS]
    return max(known, key=lambda level: LEVELS.index(canonical_level(level)), default=None)


@dataclass(frozen=True)
class Preset:
    """A named set of option values for a common variant ("13 balls", "Ecuador"), offered
    by the pickers beside the rules' own. Values not named keep the rules' own."""

    title: str
    """A catalog id (marked with ``N_``)."""
    options: Mapping[str, str | int | bool | None]
    players: int | None = None
    """The table size the variant is played at, when it has one (Tamil Nadu 504: six)."""


def engine(module: str) -> Callable[[], GameSpec[Any]]:
    """A loader of the ``SPEC`` a game module defines, imported when first asked for."""

    def load() -> GameSpec[Any]:
        spec: GameSpec[Any] = importlib.import_module(module).SPEC
        return spec

    return load


@dataclass(frozen=True)
class GamePlugin:
    name: str
    """The registry key (``GameSpec.name``)."""
    title: str
    """The human title (``GameSpec.title``), known without importing the engine."""
    family: Family
    load: Callable[[], GameSpec[Any]] = field(repr=False, compare=False)
    """The engine's spec (``engine("rules.mygame")``, or ``lambda: SPEC``)."""
    summary: str = ""
    """A short rules summary for ``/rules`` (a catalog id; empty: none yet)."""
    players: Mapping[str, str] = field(default_factory=dict)
    """Computer players by level (``LEVELS``, or an alias of one): ``"module:factory"`` in
    the ``players`` layer, a factory being ``(game, budget) -> ComputerPlayer``
    (``players.levels`` resolves them and gives each level its share of the budget; named
    by path so ``rules`` never imports the layer above it)."""
    labels: Mapping[str, str] = field(default_factory=dict)
    """Catalog ids of the labels of actions whose wording takes no value, by action id
    (used only where the engine's English label is the same text)."""
    terms: tuple[str, ...] = ()
    """Catalog ids of the engine values the table shows as words (hand outcomes, contract
    kinds and their keys, written with spaces for underscores)."""
    meld_kind: str = "meld"
    """Rummy games: the action kind that lays a new meld (``spread`` in Tonk)."""
    reasons: Mapping[str, str] = field(default_factory=dict)
    """Catalog ids of sentences for this game's own hand-result reason codes (``{param}``
    fields from the code's parameters), beside the shared ones a front end knows."""

    tally: str = ""
    """Trick games: the hand-result key holding what the hand's card play won, per team or
    per seat (card points, or tricks where the contract counts tricks); the end-of-hand
    solver (``players.endgame``) maximizes it. Empty: the game has no solver."""
    card_kinds: tuple[str, ...] = ("play",)
    """Trick games: the action kinds that play a card to the trick (the solver searches
    these and nothing else: optional calls and claims stay outside its tree)."""
    deal_phases: tuple[str, ...] = ("cut",)
    """Phases at a hand's start whose actions decide which cards the seats get (the cut):
    a replay of the same deal (par, duplicate) takes the original actions through them,
    and lets its own players decide from the first phase after."""
    presets: tuple[Preset, ...] = ()
    """Named variants for the pickers, most common first (the rules' own come before them
    and are no preset: every game has them)."""
    tallies: str = ""
    """League stats: ``"module:function"`` of a pure function from one hand result (its
    dict) to the ``rules.results.Tally`` list of calls and contracts in it (imported on
    first use, like the engine); empty: the game has none (units won are counted anyway)."""
    stats: Mapping[str, str] = field(default_factory=dict)
    """Catalog ids of the names of those stats, by stat (``thunee``, ``jodi``, ...)."""
    level_work: Mapping[tuple[str, int], float] = field(default_factory=dict)
    """A level's share of the search budget at one table size, by (level, players), where
    the default share (``players.levels.LEVEL_WORK``) spaces the levels unevenly at that
    size (measured with ``bench/strength.py``); other sizes keep the default."""

    @functools.cached_property
    def spec(self) -> GameSpec[Any]:
        """The engine (imported on first use)."""
        return self.load()

    @functools.cached_property
    def tally_reader(self) -> Callable[[Mapping[str, Any]], list[Any]] | None:
        """The function named by ``tallies`` (None when there is none)."""
        if not self.tallies:
            return None
        module, _, name = self.tallies.partition(":")
        reader: Callable[[Mapping[str, Any]], list[Any]] = getattr(
            importlib.import_module(module), name
        )
        return reader

"""The registry's view of South African Thunee: ``SPEC``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.contract import GameSpec
from rules.thunee.actions import TABLE
from rules.thunee.match import ThuneeMatch
from rules.thunee.options import ThuneeOptions, check_thunee_options


class ThuneeSpec(GameSpec[ThuneeOptions]):
    name: ClassVar[str] = "thunee"
    title: ClassVar[str] = "Thunee"
    player_counts: ClassVar[tuple[int, ...]] = (2, 4, 6)
    off_turn_kinds: ClassVar[frozenset[str]] = frozenset({"challenge", "challenge_jodi"})
    """TH-28: a challenge is optional and may come from any opponent of the card's player."""
    random_play_weights: ClassVar[dict[str, float]] = {"challenge": 0.02, "call": 0.05}
    """Random play rarely challenges and calls less often, so random hands reach a count."""
    Options = ThuneeOptions
    match_class = ThuneeMatch
    actions = TABLE

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """TH-3.4 / TH6-1 / TH2-1: ``team(s) = s % 2`` (partners alternate; two players are
        two sides of one)."""
        return tuple(tuple(s for s in range(players) if s % 2 == t) for t in (0, 1))

    def parse_options(self, options: ThuneeOptions | Mapping[str, Any] | None) -> ThuneeOptions:
        """The base parsing, with the default options (frozen) built once."""
        if options is None:
            return DEFAULT_OPTIONS
        return super().parse_options(options)

    def check_options(self, players: int, options: ThuneeOptions) -> None:
        check_thunee_options(players, options)


DEFAULT_OPTIONS = ThuneeOptions()
SPEC = ThuneeSpec()
ThuneeMatch.spec = SPEC

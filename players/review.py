"""A finished hand's review: its tricks one by one, every seat's cards, and the plays that
gave away part of the exact result of the cards left (``players.endgame``).

Only for a hand that is over (``review_hand`` refuses one in play): then every card is
public, and the solver's perfect information hides nothing from anyone. Each card play
made with few enough cards left (``EndgameLimits.max_cards``) is judged: what the player's
team could still have reached before it, against what it could reach after it, every seat
playing its best from there; a play that lowered it is ``lost`` by that much, in the
game's tally (``GamePlugin.tally``: card points, tricks). Earlier plays are not judged
(``lost`` is None): the solver cannot see that far within its bounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from players.endgame import EndgameLimits, solve
from players.par import hand_start
from rules.registry import BUILTIN, GameRegistry

REVIEW_LIMITS = EndgameLimits(max_cards=12, max_nodes=20_000)
"""The last three tricks at four players: a review costs a few seconds of CPU at most."""


@dataclass(frozen=True, slots=True)
class ReviewPlay:
    seat: int
    card: str
    lost: int | None = None
    """What the play gave away of the team's best result (0: nothing); None: not judged."""
    best: tuple[str, ...] = ()
    """When ``lost`` > 0: the cards that would have kept the best result."""


@dataclass(frozen=True, slots=True)
class ReviewTrick:
    number: int
    """From 1."""
    plays: list[ReviewPlay] = field(default_factory=list)

    @property
    def marked(self) -> bool:
        """A card of this trick lost part of the exact result."""
        return any(p.lost for p in self.plays)


@dataclass(frozen=True, slots=True)
class HandReview:
    game: str
    hand: int
    """The hand's index in ``hand_results``."""
    hands: dict[int, list[str]]
    """The cards each seat played in the hand, in order (public now the hand is over)."""
    tricks: list[ReviewTrick]

    @property
    def marked(self) -> list[int]:
        """The numbers of the tricks where a card lost part of the exact result."""
        return [t.number for t in self.tricks if t.marked]


class HandNotOver(ValueError):
    """The hand is still being played: its cards are not public yet."""


def review_hand(
    snapshot: Mapping[str, Any],
    hand: int,
    *,
    limits: EndgameLimits = REVIEW_LIMITS,
    registry: GameRegistry = BUILTIN,
) -> HandReview:
    """The review of hand ``hand`` of the match ``snapshot`` saved (see the module doc)."""
    plugin = registry.plugin(snapshot["game"])
    spec = plugin.spec
    full = spec.restore(snapshot)
    if hand >= len(full.hand_results):
        raise HandNotOver(f"hand {hand + 1} is not over")
    match = hand_start(spec, plugin, snapshot, hand)
    done = len(match.actions_applied)
    actions = list(snapshot["actions"])[done:]
    teams = spec.teams(match.players) or tuple((s,) for s in range(match.players))
    kinds = frozenset(plugin.card_kinds)
    hands: dict[int, list[str]] = {}
    tricks: list[ReviewTrick] = []
    current: list[ReviewPlay] = []
    for seat, action_id in actions:
        if len(match.hand_results) > hand:
            break
        action = spec.parse_action(action_id)
        if action.kind not in kinds:
            match.apply(seat, action)
            continue
        hands.setdefault(seat, []).append(_card(action.id))
        lost: int | None = None
        best: tuple[str, ...] = ()
        before = len(match.public_view()["table"]["trick"])
        if len([a for a in match.legal_actions(seat) if a.kind in kinds]) > 1:
            team = next(i for i, members in enumerate(teams) if seat in members)
            solution = solve(match, team, limits=limits, registry=registry)
            if solution is not None and solution.seat == seat:
                lost = solution.lost_by(action.id)
                if lost:
                    best = tuple(_card(a) for a in solution.best())
        elif sum(match.public_view()["table"]["hand_sizes"]) <= limits.max_cards:
            lost = 0  # no choice, nothing to lose
        match.apply(seat, action)
        current.append(ReviewPlay(seat, _card(action.id), lost, best))
        after = match.public_view()["table"]["trick"] if not match.is_over else []
        if len(match.hand_results) > hand or len(after) <= before:
            tricks.append(ReviewTrick(len(tricks) + 1, current))
            current = []
    if current:
        tricks.append(ReviewTrick(len(tricks) + 1, current))
    return HandReview(spec.name, hand, hands, tricks)


def _card(action_id: str) -> str:
    return action_id.partition(":")[2] or action_id

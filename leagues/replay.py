"""A stored match replayed hand by hand through the engine contract.

The table's durable action log is the record of play: ``new_match(players, options, seed,
deals)`` plus every logged action rebuilds the match exactly (engines are deterministic),
so the history needs no copy of the game state. A hand ends where the engine's
``hand_results`` grows.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.contract import GameSpec, IllegalAction, Match
from rules.registry import BUILTIN, GameRegistry
from rules.shuffle import DEAL_VERSION, LEGACY_DEAL_VERSION
from storage import LoggedAction, MatchRecord, Storage

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ReplayedAction:
    seq: int
    seat: int
    action_id: str
    label: str
    by: str


@dataclass(slots=True)
class ReplayedHand:
    """One hand: its actions in order, its ``hand_results`` entry (None for a hand the
    match was abandoned in), and every card each seat held during it (revealed after the
    match)."""

    number: int
    actions: list[ReplayedAction] = field(default_factory=list)
    result: dict[str, Any] | None = None
    cards: dict[int, list[str]] = field(default_factory=dict)


@dataclass(slots=True)
class MatchReplay:
    record: MatchRecord
    hands: list[ReplayedHand]
    match: Match[Any]
    """The engine at the end of the replay."""
    agrees: bool
    """The replay ends with the stored hand results (and result, for a finished match)."""


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _note_cards(match: Match[Any], hand: ReplayedHand) -> None:
    """Add the cards each seat holds now to what it held during the hand (as a multiset)."""
    for seat in range(match.players):
        held = hand.cards.setdefault(seat, [])
        now = Counter(str(c) for c in match.view(seat).get("hand", ()))
        seen = Counter(held)
        for card, count in now.items():
            held.extend([card] * (count - seen[card]))


def replay(
    record: MatchRecord, actions: Sequence[LoggedAction], games: GameRegistry = BUILTIN
) -> MatchReplay | None:
    """Rebuild ``record``'s match from its logged ``actions``; None (with a warning) when the
    game is not one of ``games`` or the log does not replay.

    A match record does not say how its seed was dealt: one played before ``rules.shuffle``
    (CPython's shuffle, ``LEGACY_DEAL_VERSION``) is recognised by its log replaying to the
    recorded end only that way."""
    try:
        spec = games.get(record.game)
    except KeyError:
        log.warning("match %s: unknown game %r, no replay", record.id, record.game)
        return None
    current = _replay(spec, record, actions, DEAL_VERSION)
    if current is not None and current.agrees:
        return current
    legacy = _replay(spec, record, actions, LEGACY_DEAL_VERSION)
    if legacy is not None and legacy.agrees:
        return legacy
    if current is None:
        log.warning("match %s: the action log does not replay", record.id)
    else:
        log.warning("match %s: the replay does not end as the record says", record.id)
    return current


def _replay(
    spec: GameSpec[Any], record: MatchRecord, actions: Sequence[LoggedAction], deal_version: int
) -> MatchReplay | None:
    try:
        match = spec.new_match(
            record.players,
            record.options,
            seed=record.seed,
            deals=record.deals,
            deal_version=deal_version,
        )
        hands = [ReplayedHand(1)]
        finished = 0
        for expected, entry in enumerate(actions, start=1):
            if entry.seq != expected:
                raise ValueError(f"gap in the log before seq {entry.seq}")
            hand = hands[-1]
            _note_cards(match, hand)
            action = spec.parse_action(entry.action_id)
            match.apply(entry.seat, action)
            hand.actions.append(
                ReplayedAction(entry.seq, entry.seat, action.id, action.label, entry.by)
            )
            results = match.hand_results
            if len(results) > finished:
                hand.result = _json(results[finished])
                finished = len(results)
                hands.append(ReplayedHand(len(hands) + 1))
        if not hands[-1].actions:
            hands.pop()
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        log.info("match %s: no replay with deal version %s (%s)", record.id, deal_version, exc)
        return None
    replayed = _json(match.hand_results)
    stored = _json(record.hand_results)
    agrees = len(replayed) == len(stored) and all(map(_says_as_much, replayed, stored))
    if record.result is not None:
        agrees = agrees and match.is_over and _says_as_much(_json(match.result), record.result)
    return MatchReplay(record, hands, match, agrees)


def _says_as_much(replayed: Any, stored: Any) -> bool:
    """The replay says everything the stored dict says: a record written before the
    engines added keys (the typed results' common core) still agrees."""
    if isinstance(replayed, dict) and isinstance(stored, dict):
        return all(k in replayed and _says_as_much(replayed[k], v) for k, v in stored.items())
    return bool(replayed == _json(stored))


async def load_replay(
    storage: Storage, match_id: int, games: GameRegistry = BUILTIN
) -> MatchReplay | None:
    """The hand-by-hand record of a stored match (for ``/match id:``)."""
    record = await storage.matches.get(match_id)
    if record is None:
        return None
    if record.table_id is None:
        log.warning("match %s has no action log to replay", match_id)
        return None
    actions = await storage.actions.for_table(record.table_id)
    return replay(record, actions, games)

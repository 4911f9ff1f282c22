"""The checks every registered game must pass, applied along random legal matches.

Each check raises ``AssertionError`` with the game, seed and step so a failure replays.
"""

from __future__ import annotations

import random
import typing
from collections import Counter
from collections.abc import Iterator
from typing import Any, get_args, get_origin

from rules.cards import CardError, parse_card
from rules.contract import Action, GameSpec, IllegalAction, Match, json_roundtrip
from rules.random_play import random_step
from rules.views import table_of

OFF_TURN_CHANCE = 0.05
"""How often the random driver takes an off-turn seat's optional action instead."""
GARBAGE_IDS = ("", "play", "play:ZZ", "bid:-1", "nonsense", "play:JS:extra", "x" * 200)


def card_strings_in(data: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-able structure that is a card (jokers excluded)."""
    if isinstance(data, str):
        if data != "*":
            try:
                parse_card(data)
            except CardError:
                return
            yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from card_strings_in(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from card_strings_in(value)


def random_options(spec: GameSpec[Any], rng: random.Random) -> dict[str, Any]:
    """A random choice for every bool and Literal field of the game's Options."""
    chosen: dict[str, Any] = {}
    for name, field in spec.Options.model_fields.items():
        annotation = field.annotation
        if annotation is bool:
            chosen[name] = rng.random() < 0.5
        elif get_origin(annotation) is typing.Literal:
            chosen[name] = rng.choice(get_args(annotation))
    return chosen


def state_fingerprint(match: Match[Any]) -> Any:
    return (
        match.snapshot(),
        match.phase,
        sorted(match.to_act),
        [match.view(s) for s in range(match.players)],
        match.public_view(),
        [[a.id for a in match.legal_actions(s)] for s in range(match.players)],
    )


def check_state(match: Match[Any]) -> None:
    spec = match.spec
    players = match.players
    # legal actions exist exactly for the seats to act, and for the off-turn seats, which
    # may take only the optional kinds the game declares (never waited for)
    to_act = match.to_act
    off_turn = match.off_turn
    assert not to_act & off_turn, f"seats {sorted(to_act & off_turn)} both to act and off turn"
    if match.is_over:
        assert not to_act, "a finished match still has seats to act"
        assert not off_turn, "a finished match still has off-turn seats"
        assert match.result is not None, "a finished match has no result"
    else:
        assert to_act, f"nobody may act in phase {match.phase!r} of an unfinished match"
    for seat in range(players):
        actions = match.legal_actions(seat)
        assert bool(actions) == (seat in to_act or seat in off_turn), (
            f"seat {seat}: {len(actions)} legal actions but to_act={sorted(to_act)}, "
            f"off_turn={sorted(off_turn)}"
        )
        if seat in off_turn:
            kinds = {a.kind for a in actions}
            assert kinds <= spec.off_turn_kinds, (
                f"off-turn seat {seat} offered {sorted(kinds - spec.off_turn_kinds)}, "
                f"not among the declared off-turn kinds {sorted(spec.off_turn_kinds)}"
            )
        ids = [a.id for a in actions]
        assert len(set(ids)) == len(ids), f"duplicate action ids {ids}"
        for action in actions:
            assert isinstance(action, Action)
            assert action.id == str(action) and len(action.id) <= 80, action.id
            assert action.label, f"action {action.id} has no label"
            assert spec.parse_action(action.id) == action, action.id
    # cards are conserved
    zones = match.card_zones()
    together = Counter(c for cards in zones.values() for c in cards)
    assert together == Counter(match.deck()), (
        f"cards not conserved: extra {together - Counter(match.deck())}, "
        f"missing {Counter(match.deck()) - together}"
    )
    # views are JSON-able and leak no other seat's hidden card
    public = match.public_view()
    assert json_roundtrip(public) == public, "public view is not JSON-able"
    check_typed_view(match, None, public)
    public_count = Counter(card_strings_in(public))
    views = [match.view(s) for s in range(players)]
    hands = []
    for seat, view in enumerate(views):
        assert json_roundtrip(view) == view, f"view({seat}) is not JSON-able"
        assert isinstance(view.get("hand"), list), f"view({seat}) has no hand list"
        hands.append(Counter(view["hand"]))
    for seat, view in enumerate(views):
        check_typed_view(match, seat, view)
        extra = Counter(card_strings_in(without_own(view))) - hands[seat] - public_count
        for other in range(players):
            if other != seat:
                leaked = extra & hands[other]
                assert not leaked, f"view({seat}) shows seat {other}'s hidden {sorted(leaked)}"


def without_own(view: dict[str, Any]) -> dict[str, Any]:
    """The view without the core's copy of the seat's own hand and its legal actions
    (which may name cards it does not hold, such as 304's partner card): both are checked
    against ``view["hand"]`` and ``legal_actions`` by ``check_typed_view``."""
    table = {k: v for k, v in view["table"].items() if k not in ("hand", "legal")}
    return {**view, "table": table}


def check_typed_view(match: Match[Any], seat: int | None, view: dict[str, Any]) -> None:
    """The view is its typed model's dump, declares every key, and its common core says
    what the match says (rules.views)."""
    typed = match.view_model.model_validate(view)
    assert typed.model_dump(mode="json") == view, "the view is not its model's dump"
    assert not typed.model_extra, f"keys the view model does not declare: {typed.model_extra}"
    table = table_of(view)
    assert table.game == match.spec.name and table.players == match.players
    assert table.viewer == seat and table.phase == match.phase
    assert table.to_act == sorted(match.to_act)
    if seat is None:
        assert table.hand == [] and table.legal == []
    else:
        assert table.hand == view["hand"]
        assert [a.id for a in table.legal] == [a.id for a in match.legal_actions(seat)]
    assert len(table.hand_sizes) == match.players
    teams = match.spec.teams(match.players)
    assert table.teams == (None if teams is None else [list(t) for t in teams])
    assert len(table.score.values) == (len(teams) if table.score.by == "team" else match.players)


def check_typed_results(match: Match[Any]) -> None:
    """Hand results and the result are their typed models' dumps (rules.results)."""
    for entry, typed in zip(match.hand_results, match.typed_hand_results(), strict=True):
        assert typed.model_dump(mode="json") == entry
        assert not typed.model_extra, f"undeclared hand result keys: {typed.model_extra}"
        assert all(0 <= s < match.players for s in typed.winners)
    typed_result = match.typed_result()
    if match.is_over:
        assert typed_result is not None and typed_result.model_dump(mode="json") == match.result
        assert not typed_result.model_extra, f"undeclared keys: {typed_result.model_extra}"
        assert typed_result.winners and typed_result.hands == len(match.hand_results)
    else:
        assert typed_result is None and match.result is None


def check_illegal_rejected(match: Match[Any], rng: random.Random, extra: list[str]) -> None:
    """Actions not legal for a seat raise ``IllegalAction`` and leave the match unchanged."""
    before = state_fingerprint(match)
    candidates: list[tuple[int, str]] = []
    for seat in range(match.players):
        legal = {a.id for a in match.legal_actions(seat)}
        pool = [i for i in extra if i not in legal] + list(GARBAGE_IDS)
        for other in range(match.players):
            pool += [a.id for a in match.legal_actions(other) if a.id not in legal]
        if pool:
            candidates.append((seat, rng.choice(pool)))
    candidates = rng.sample(candidates, min(2, len(candidates)))
    candidates.append(rng.choice([(match.players, "pass"), (-1, "pass")]))
    for seat, action_id in candidates:
        try:
            match.apply(seat, action_id)
        except IllegalAction as exc:
            assert str(exc), "an IllegalAction without a message"
        else:
            raise AssertionError(f"seat {seat} was allowed the illegal {action_id!r}")
        assert state_fingerprint(match) == before, f"rejected {action_id!r} changed the state"


def run_match(
    spec: GameSpec[Any],
    players: int,
    options: dict[str, Any],
    seed: int,
    full_check_every: int = 1,
) -> Match[Any]:
    """Play one random match to the end, checking everything; returns the finished match."""
    match = spec.new_match(players, options, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    snapshot_at = rng.randrange(1, 200)
    seen_ids: list[str] = []
    step = 0
    restored: Match[Any] | None = None
    while not match.is_over:
        if step % full_check_every == 0:
            check_state(match)
            if step % (3 * full_check_every) == 0:
                check_illegal_rejected(match, rng, seen_ids[-20:])
        if step == snapshot_at:
            restored = spec.restore(json_roundtrip(match.snapshot()))
            assert state_fingerprint(restored) == state_fingerprint(match), "restore differs"
        seat, action = random_step(match, rng)
        off_turn = match.off_turn
        if off_turn and rng.random() < OFF_TURN_CHANCE:
            # now and then an optional action out of turn (it is applied like any other)
            seat = rng.choice(sorted(off_turn))
            action = rng.choice(match.legal_actions(seat))
        events = match.apply(seat, action)
        for event in events:
            assert event.visible_to is None or event.visible_to <= set(range(players))
            assert json_roundtrip(event.data) == event.data, f"event {event.kind} not JSON-able"
        if restored is not None:
            restored.apply(seat, action.id)
        seen_ids.append(action.id)
        step += 1
        assert step < 50_000, "match did not end"
    check_state(match)
    if restored is not None:
        assert state_fingerprint(restored) == state_fingerprint(match), "restored future differs"
        assert restored.result == match.result and restored.hand_results == match.hand_results
    assert json_roundtrip(match.hand_results) == match.hand_results
    assert json_roundtrip(match.result) == match.result
    check_typed_results(match)
    return match

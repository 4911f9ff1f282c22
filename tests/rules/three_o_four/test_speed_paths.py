"""The 304 engine's speed paths must not change behaviour: the fused
apply still refuses what the base ``Match.apply`` refuses, and the natively built events and
Caps offers, the field reads by id and the hand-rolled sort give what the plain Python they
replace gives."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules import registry
from rules.contract import IllegalAction
from rules.random_play import choose
from rules.shuffle import LEGACY_DEAL_VERSION as LEGACY
from rules.three_o_four import actions as A
from rules.three_o_four.match import ThreeOFourMatch
from tests.rules.three_o_four.helpers import offered


def test_fused_apply_rejects_wrong_seat_and_unlisted_action() -> None:
    match = registry.get("304").new_match(4, None, seed=3, deal_version=LEGACY)
    seat = next(iter(match.to_act))
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction):
        match.apply(other, A.NO_CUT)
    with pytest.raises(IllegalAction):
        match.apply(seat, A.PASS)  # no bid during the cut
    assert match.phase == "cut" and match.actions_applied == []
    events = match.apply(seat, "no_cut")  # an id string takes the base path
    assert [e.kind for e in events] == ["cut"] and match.phase != "cut"


def _random_states(players: int, seeds: range, options: dict[str, object]) -> Iterator[Any]:
    """Every state of some random matches (the match object, moved on after each yield)."""
    spec = registry.get("304")
    for seed in seeds:
        match = spec.new_match(players, options, seed=seed, deal_version=LEGACY)
        rng = random.Random(seed)
        while not match.is_over:
            yield match
            seat = next(iter(match.to_act))
            match.apply(seat, choose(spec, offered(match, seat), rng))
        yield match


@pytest.mark.parametrize("players", [4, 6, 8])
def test_turn_passed_in_place_is_the_turn_the_phase_gives(players: int) -> None:
    """The handlers that hand the turn on in place (bids, cards, the trump choice, the
    mode) name the seat ``_turn_seat`` reads from the new state, and only it may act."""
    options = {"external_caps": "modern", "end_hand_when_decided": False}
    checked = 0
    for match in _random_states(players, range(12), options):
        if match.is_over:
            assert match.to_act == frozenset() and match.legal_actions(0) == []
            continue
        turn = match._turn_seat()
        assert match.to_act == {turn}
        assert match.legal_actions(turn), (match.phase, turn)
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("players", [4, 6, 8])
def test_caps_offer_kept_per_seat_matches_a_fresh_default_order(players: int) -> None:
    """ED-29: the Caps action kept for a seat (until its cards or its knowledge of trump
    change) is the one the judge's default order gives in every state, off turn too."""
    options = {"external_caps": "modern", "caps_order_required": True}
    offers = 0
    for match in _random_states(players, range(20), options):
        if match.phase != "play" or match.is_over:
            continue
        for seat in range(match.players):
            caps = [a for a in match.legal_actions(seat) if a.kind == "caps"]
            if caps:
                order = match.judge().default_order(seat, match._remaining(seat))
                assert caps[0].id == A.caps_action(order).id
                offers += 1
    assert offers > 100


def test_a_finished_match_is_freed_at_once_though_its_last_hand_had_a_caps_judge() -> None:
    """The judge points back at its match; the match lets it go when it ends, so dropping a
    finished match frees it without waiting for the cycle collector (which is kept off
    here so that only reference counting can free it)."""
    spec = registry.get("304")
    rng = random.Random(5)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for seed in range(40):
            match = spec.new_match(8, None, seed=seed, deal_version=LEGACY)
            judged_at_the_end = False
            while not match.is_over:
                judged_at_the_end = match._judge is not None
                seat = next(iter(match.to_act))
                match.apply(seat, choose(spec, offered(match, seat), rng))
            if judged_at_the_end:
                break
        assert judged_at_the_end, "no seeded match ended in a hand with a judge"
        # The collector is off, so the tracked objects are what reference counting kept.
        ident = id(match)
        del match
        assert not any(id(o) == ident and type(o) is ThreeOFourMatch for o in gc.get_objects())
    finally:
        if was_enabled:
            gc.enable()


def test_rank_order_memo_keeps_values_per_order_object() -> None:
    """The card-power tables are kept per rank-order object: the same object finds them
    again, an equal order that is another object gets its own (equal) tables, and a
    different order gets different ones."""
    from rules.three_o_four.card_power import RankOrderMemo, card_powers
    from rules.three_o_four.options import Options, layout_for

    memo: RankOrderMemo[str] = RankOrderMemo()
    order = layout_for(4, Options()).strength
    twin = tuple(list(order))
    memo.values(order)[1] = "kept"
    assert memo.values(order) == {1: "kept"}
    assert twin is not order and memo.values(twin) == {}
    other = tuple(reversed(order))
    assert card_powers(0, order) is card_powers(0, order)
    assert card_powers(0, twin) == card_powers(0, order)
    assert card_powers(0, other) != card_powers(0, order)
    assert card_powers(0, order)[0][13] == 100 + order[13]  # a heart led: led-suit power
    assert card_powers(0, order)[2][0] == 200 + order[0]  # a spade is trump


def _model_state(model: Any) -> tuple[Any, ...]:
    return (
        type(model),
        model.__dict__,
        model.__pydantic_fields_set__,
        model.__pydantic_extra__,
        model.__pydantic_private__,
    )


def test_events_and_caps_actions_built_natively_are_those_of_the_contract() -> None:
    """``actions.built`` gives a model the state ``Event.make`` or validation gives it."""
    from rules.contract import Action, Event

    made = Event.make("caps_called", frozenset({2}), seat=2, order=["JH"], call_point=4)
    data = {"seat": 2, "order": ["JH"], "call_point": 4}
    built = A.new_event("caps_called", data, frozenset({2}))
    assert _model_state(built) == _model_state(made) and built == made
    assert built.model_dump() == made.model_dump()
    plain = A.new_event("second_deal", {})
    assert _model_state(plain) == _model_state(Event.make("second_deal"))
    order = [A.PLAY_CARD[c] for c in ("JH", "9H", "8C")]
    offered = A.caps_action(order)
    validated = Action(kind="caps", value="JH,9H,8C", label="Call Caps")
    assert _model_state(offered) == _model_state(validated)
    assert offered == validated and hash(offered) == hash(validated)
    assert offered.id == "caps:JH,9H,8C" and offered.model_dump() == validated.model_dump()


def test_kind_value_reads_prebuilt_and_rebuilt_actions() -> None:
    from rules.contract import Action

    for action in A.ACTIONS.actions():
        assert A.kind_value(action) == (action.kind, action.value)
    rebuilt = Action(kind="bid", value="150")
    assert rebuilt is not A.BID[150] and A.kind_value(rebuilt) == ("bid", "150")


@pytest.mark.parametrize("players", [4, 6])
def test_default_order_sorts_by_the_fallback_keys(players: int) -> None:
    """ED-29's fallback order (an insertion sort) is the cards sorted by their keys."""
    from rules.three_o_four.caps_judge import _default_order_keys

    checked = 0
    for match in _random_states(players, range(6), {}):
        if match.phase != "play" or match.is_over:
            continue
        judge = match.judge()
        for seat in range(match.players):
            cards = match._remaining(seat)
            knows = seat == match.trumper or match.revealed
            keys = _default_order_keys(match.layout.strength, match.trump if knows else -1)
            assert judge.default_order(seat, cards) == sorted(cards, key=keys.__getitem__)
            checked += 1
    assert checked > 500

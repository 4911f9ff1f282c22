"""Any combination of Thunee options either is rejected with a message or plays to the end
with cards conserved and balls only ever rising (hypothesis over ``ThuneeOptions``)."""

from __future__ import annotations

import random
import typing
from typing import Any, get_args, get_origin

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import IllegalAction
from rules.random_play import random_step
from rules.thunee import SPEC, ThuneeOptions


def _field_strategy(annotation: Any) -> st.SearchStrategy[Any]:
    if annotation is bool:
        return st.booleans()
    if get_origin(annotation) is typing.Literal:
        return st.sampled_from(get_args(annotation))
    return st.integers(min_value=0, max_value=6)


OPTIONS = st.fixed_dictionaries(
    {name: _field_strategy(f.annotation) for name, f in ThuneeOptions.model_fields.items()}
)


@settings(max_examples=25, deadline=None)
@given(
    options=OPTIONS,
    seed=st.integers(min_value=0, max_value=2**31),
    players=st.sampled_from((2, 4, 6)),
)
def test_any_options_reject_cleanly_or_play_to_the_end(
    options: dict[str, Any], seed: int, players: int
) -> None:
    """TH-29 / INV-19 under every variant mix and player count, challenge mode included."""
    try:
        match = SPEC.new_match(players, options, seed=seed)
    except IllegalAction as exc:
        assert str(exc)
        return
    rng = random.Random(seed)
    balls = [0, 0]
    steps = 0
    while not match.is_over:
        seat, action = random_step(match, rng)
        match.apply(seat, action)
        steps += 1
        assert steps < 20_000
        now = match.score.balls
        assert match.score.deuce or (now[0] >= balls[0] and now[1] >= balls[1])
        balls = list(now)
        zones = match.card_zones()
        assert sorted(c for cards in zones.values() for c in cards) == sorted(match.deck())
    assert match.result is not None

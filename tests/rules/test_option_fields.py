"""Issue 27: every game's ``Options`` describe themselves, so a front end can build its
pickers and help from the model alone (``rules.option_fields``)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules import registry
from rules.contract import IllegalAction
from rules.option_fields import option_fields


@pytest.mark.parametrize("game", registry.names())
def test_every_option_has_a_title_a_one_line_description_and_bounded_values(game: str) -> None:
    fields = option_fields(registry.get(game).Options)
    assert fields
    bad = []
    for field in fields:
        if not field.title or not field.description or "\n" in field.description:
            bad.append(f"{field.name}: no title or one-line description")
        if field.choices is None and (field.low is None or field.high is None):
            bad.append(f"{field.name}: neither choices nor whole-number bounds")
        if field.choices is not None and field.default not in field.choices:
            bad.append(f"{field.name}: default {field.default!r} not among its choices")
        if field.low is not None and field.high is not None and field.low > field.high:
            bad.append(f"{field.name}: empty bounds")
    assert not bad, bad


def test_a_field_reads_as_the_model_says() -> None:
    """TH-4.2: the first dealer is found by a black-jack deal or drawn at random."""
    fields = {f.name: f for f in option_fields(registry.get("thunee").Options)}
    method = fields["first_dealer_method"]
    assert (method.title, method.choices, method.default) == (
        "First dealer method",
        ["black_jack", "random"],
        "black_jack",
    )
    seat = fields["first_dealer_start_seat"]
    assert (seat.low, seat.high, seat.choices) == (0, 5, None)


@pytest.mark.parametrize("game", registry.names())
def test_values_outside_the_described_ones_are_refused_with_a_code(game: str) -> None:
    spec = registry.get(game)
    for field in option_fields(spec.Options):
        if field.high is not None:
            value: object = field.high + 1
            code = "option_range"
        elif field.choices is not None and all(isinstance(c, str) for c in field.choices):
            value = "no such choice"
            code = "option_choices"
        else:
            continue
        with pytest.raises(IllegalAction) as info:
            spec.parse_options({field.name: value})
        assert info.value.code == code, field.name
        assert info.value.params["option"] == field.name
        with pytest.raises(ValidationError):
            spec.Options.model_validate({field.name: value})
    with pytest.raises(IllegalAction) as unknown:
        spec.parse_options({"colour": "red"})
    assert unknown.value.code == "unknown_option"

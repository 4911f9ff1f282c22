"""The conformance checks (tests/conformance/checks.py) on Thunee directly, with the option
mixes the issue names: the main rules, challenge enforcement, and every variant at once."""

from __future__ import annotations

from typing import Any

import pytest

from rules.thunee import SPEC
from tests.conformance.checks import run_match

MIXES: list[dict[str, Any]] = [
    {},
    {"penalty_mode": "challenge"},
    {
        "penalty_mode": "challenge",
        "bidding_protocol": "sealed",
        "blind_bid": True,
        "blind_thunee": True,
        "blind_royals": True,
        "royals": True,
        "thunee_timing": "window_plus_late",
        "jodi_hold_rule": "dealt",
        "allow_doomed_calls": True,
        "khanuck_requires_jodi": False,
        "khanuck_raises_target": True,
        "two_to_clear": "only_13",
        "cut_method": "three",
    },
]


@pytest.mark.parametrize("options", MIXES)
def test_conformance_checks_hold(options: dict[str, Any]) -> None:
    for seed in range(3):
        run_match(SPEC, 4, options, 4242 + seed)

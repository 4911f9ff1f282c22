"""South African Thunee for 4, 6 and 2 players (shared/rules/thunee.md §1-§14): the
registry's ``SPEC``.

Modules by concept: ``cardplay`` (ranks, follow suit, hand tests), ``scoring`` (count,
Khanuck, balls, match end, dealer rotation), ``options``, ``actions``, ``match`` (the hand
state machine) and ``spec``.
"""

from rules.thunee.options import ThuneeOptions
from rules.thunee.spec import SPEC, ThuneeSpec

__all__ = ["SPEC", "ThuneeOptions", "ThuneeSpec"]

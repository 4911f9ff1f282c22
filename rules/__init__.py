"""Pure, deterministic game engines behind one contract (shared/design/engine-api.md)."""

from rules import registry
from rules.contract import Action, Deal, Event, GameOptions, GameSpec, IllegalAction, Match

__all__ = [
    "Action",
    "Deal",
    "Event",
    "GameOptions",
    "GameSpec",
    "IllegalAction",
    "Match",
    "registry",
]

"""The registry of games: ``names()`` and ``get(name)``.

Each game module is imported on first use, so importing ``rules`` stays cheap and a game
module only has to define its ``SPEC``.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from rules.contract import GameSpec

_MODULES: dict[str, str] = {
    "nigerian_thunee": "rules.nigerian_thunee",
    "thunee": "rules.thunee",
    "tonk": "rules.tonk",
    "telefunken": "rules.telefunken",
    "304": "rules.three_o_four",
}


def names() -> list[str]:
    return list(_MODULES)


@functools.cache
def get(name: str) -> GameSpec[Any]:
    """The spec of a game; an unknown name raises ``KeyError`` naming the known ones."""
    module_name = _MODULES.get(name)
    if module_name is None:
        raise KeyError(f"No game called {name!r}; known games: {', '.join(_MODULES)}.")
    spec: GameSpec[Any] = importlib.import_module(module_name).SPEC
    return spec

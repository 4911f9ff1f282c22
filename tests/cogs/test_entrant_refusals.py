"""Every refusal ``storage.entrants`` raises has its template in the catalog (storage is not
scanned for messages: ``cogs.entrants_cog.REFUSALS`` marks them), so a player reads it in
their language."""

from __future__ import annotations

import ast
from pathlib import Path

import storage.entrants
from cogs.entrants_cog import REFUSALS
from i18n import translator


def raised_templates() -> set[str]:
    tree = ast.parse(Path(storage.entrants.__file__).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "EntrantRefused"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return found


def test_every_entrant_refusal_is_marked_and_translated() -> None:
    templates = raised_templates()
    assert len(templates) >= 8
    assert templates <= set(REFUSALS)
    for language in ("es", "fa"):
        t = translator(language)
        assert all(t(text) != text for text in templates), language

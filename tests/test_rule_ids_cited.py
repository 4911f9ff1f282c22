"""Every rule id of a registered game's rules file is cited by at least one test.

A test cites ``TH-12`` by naming it (``th12``/``TH-12``/``TH-12.3``) in its name, docstring or
a comment. ``python -m tests.test_rule_ids_cited`` prints the uncited ids.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import registry

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT.parent / "shared" / "rules"

# game -> (rules file, id prefixes that game must have cited)
CITED_PREFIXES: dict[str, tuple[str, tuple[str, ...]]] = {
    "nigerian_thunee": ("thunee.md", ("NG",)),
    "thunee": ("thunee.md", ("TH", "THV")),
    "tonk": ("tonk.md", ("TK", "TKV")),
    "304": ("three_o_four.md", ("T3", "T3V")),
}


def rule_ids(rules_file: str, prefixes: tuple[str, ...]) -> set[str]:
    text = (RULES_DIR / rules_file).read_text(encoding="utf-8")
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, prefixes)) + r")-(\d+)\b")
    return {f"{p}-{n}" for p, n in pattern.findall(text)}


def cited_ids() -> set[str]:
    """Ids named in tests, in ``TH-12``, ``TH-12.3`` or ``th12_`` form (upper-cased)."""
    found: set[str] = set()
    dashed = re.compile(r"\b([A-Z][A-Z0-9]*?[A-Z]|[A-Z]+\d?[A-Z]?)-(\d+)")
    snake = re.compile(r"(?<![a-z0-9])([a-z]+\d?[a-z]*?)(\d+)(?=_|\b)")
    for path in (ROOT / "tests").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for prefix, number in dashed.findall(text):
            found.add(f"{prefix}-{number}")
        for prefix, number in snake.findall(text):
            found.add(f"{prefix.upper()}-{number}")
    return found


def uncited(game: str) -> list[str]:
    rules_file, prefixes = CITED_PREFIXES[game]
    missing = rule_ids(rules_file, prefixes) - cited_ids()
    return sorted(missing, key=lambda i: (i.split("-")[0], int(i.split("-")[1])))


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="../shared/rules is not beside the checkout")
@pytest.mark.parametrize("game", [g for g in CITED_PREFIXES if g in registry.names()])
def test_every_rule_id_is_cited(game: str) -> None:
    assert uncited(game) == []


if __name__ == "__main__":
    for game in CITED_PREFIXES:
        print(game, " ".join(uncited(game)) or "all cited")

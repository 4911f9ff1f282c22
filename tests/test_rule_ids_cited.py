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
    "thunee": ("thunee.md", ("TH", "THV", "TH6", "TH2")),
    "tonk": ("tonk.md", ("TK", "TKV")),
    "telefunken": ("telefunken.md", ("TF", "TFV")),
    "304": ("three_o_four.md", ("T3", "T3V")),
}

# Games whose ids have several parts (TF-C7, TFV-PE1-WG-4); the others keep PREFIX-number.
COMPOUND_GAMES = {"telefunken"}

# An id is a prefix and dash-separated parts, the last holding a digit: NG-12, TF-23a,
# TF-C7, TFV-LOC-2, TFV-PE1-WG-4 (a trailing part without a digit, as in TFV-EC-DD, is
# a section name and is dropped back to the last part with one).
_COMPOUND = re.compile(r"\b([A-Z][A-Z0-9]*)((?:-[A-Za-z0-9]+)+)")


def _compound_ids(text: str) -> set[str]:
    found: set[str] = set()
    for prefix, rest in _COMPOUND.findall(text):
        parts = rest.split("-")[1:]
        while parts and not any(ch.isdigit() for ch in parts[-1]):
            parts.pop()
        for end in range(1, len(parts) + 1):
            if any(ch.isdigit() for ch in parts[end - 1]):
                found.add("-".join([prefix, *parts[:end]]))
    return found


def rule_ids(rules_file: str, prefixes: tuple[str, ...], compound: bool = False) -> set[str]:
    text = (RULES_DIR / rules_file).read_text(encoding="utf-8")
    if compound:
        return {i for i in _compound_ids(text) if i.split("-")[0] in prefixes}
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
        found |= _compound_ids(text)
    return found


def uncited(game: str) -> list[str]:
    rules_file, prefixes = CITED_PREFIXES[game]
    missing = rule_ids(rules_file, prefixes, game in COMPOUND_GAMES) - cited_ids()
    return sorted(missing, key=_id_order)


def _id_order(rule_id: str) -> list[tuple[int, int | str]]:
    """Sort key: numeric parts as numbers (TF-9 before TF-10), others as text."""
    out: list[tuple[int, int | str]] = []
    for part in rule_id.split("-"):
        digits = "".join(ch for ch in part if ch.isdigit())
        out.append((0, int(digits)) if part == digits else (1, part))
    return out


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="../shared/rules is not beside the checkout")
@pytest.mark.parametrize("game", [g for g in CITED_PREFIXES if g in registry.names()])
def test_every_rule_id_is_cited(game: str) -> None:
    assert uncited(game) == []


if __name__ == "__main__":
    for game in CITED_PREFIXES:
        print(game, " ".join(uncited(game)) or "all cited")

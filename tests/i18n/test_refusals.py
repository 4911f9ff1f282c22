"""Issue 27: refusals carry codes, and every code has its template in English, Spanish and
Persian (docs/refusals.md).

The raise sites are read from the source, so a new ``IllegalAction(...)`` anywhere in
``rules/`` (a new game's package included) is checked before any test reaches it.
"""

from __future__ import annotations

import ast
import random
import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from i18n import DOMAIN, LOCALE_DIR, translator
from i18n.refusals import refusal_text
from rules import registry
from rules.contract import Action, IllegalAction, Match, action_params
from rules.random_play import random_step
from tables.errors import IllegalMove

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"^[a-z][a-z0-9_]*$")
# ``**action_params(action)`` is the one spread of parameters a raise site may use.
SPREADS = {"action_params": frozenset(action_params(Action(kind="x")))}


@dataclass(frozen=True)
class RaiseSite:
    where: str
    template: str | None
    code: str | None
    params: frozenset[str]
    problem: str = ""


def _site(path: Path, call: ast.Call) -> RaiseSite:
    where = f"{path.relative_to(ROOT)}:{call.lineno}"
    first = call.args[0] if call.args else None
    template = first.value if isinstance(first, ast.Constant) else None
    code = None
    params: set[str] = set()
    problem = ""
    for keyword in call.keywords:
        if keyword.arg == "code":
            value = keyword.value
            code = value.value if isinstance(value, ast.Constant) else None
        elif keyword.arg is not None:
            params.add(keyword.arg)
        elif (
            isinstance(keyword.value, ast.Call)
            and isinstance(keyword.value.func, ast.Name)
            and keyword.value.func.id in SPREADS
        ):
            params |= SPREADS[keyword.value.func.id]
        else:
            problem = "spreads parameters other than action_params(...)"
    if not isinstance(template, str):
        problem = "the template is not a string literal"
    elif not isinstance(code, str) or not CODE.match(code):
        problem = "no literal snake_case code"
    elif len(call.args) != 1:
        problem = "positional arguments beyond the template"
    return RaiseSite(
        where, template if isinstance(template, str) else None, code, frozenset(params), problem
    )


def raise_sites() -> list[RaiseSite]:
    """Every ``IllegalAction(...)`` call in the engines, as written."""
    sites = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "IllegalAction"
            ):
                sites.append(_site(path, node))
    return sites


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return read_po(f, locale=lang)


SITES = raise_sites()


def test_the_source_scan_sees_every_game() -> None:
    """A scan that found nothing would pass every check below."""
    assert len(SITES) > 80
    files = {site.where.split(":")[0] for site in SITES}
    assert {"rules/contract.py", "rules/tonk.py", "rules/thunee/match.py"} <= files


def test_every_refusal_has_a_literal_template_a_code_and_its_parameters() -> None:
    bad = [f"{s.where}: {s.problem}" for s in SITES if s.problem]
    bad += [
        f"{s.where}: fields {sorted(fields(s.template) - s.params)} not passed"
        for s in SITES
        if s.template is not None and not fields(s.template) <= s.params
    ]
    assert not bad, bad


def test_one_code_means_one_template() -> None:
    templates: dict[str, set[str]] = {}
    for site in SITES:
        if site.code and site.template:
            templates.setdefault(site.code, set()).add(site.template)
    assert {code: t for code, t in templates.items() if len(t) > 1} == {}


@pytest.mark.parametrize("lang", ["es", "fa"])
def test_every_refusal_code_has_a_translation(lang: str) -> None:
    """English is the template itself; Spanish and Persian must carry it, same fields."""
    translations = catalog(lang)
    missing = []
    for site in SITES:
        assert site.template is not None
        entry = translations.get(site.template)
        if entry is None or not entry.string or entry.fuzzy:
            missing.append(f"{site.code}: {site.template}")
        elif fields(str(entry.string)) != fields(site.template):
            missing.append(f"{site.code}: fields differ in {lang}")
    assert not missing, missing


def test_a_refusal_is_data_and_its_english_sentence() -> None:
    """NG-10.2: a revoke names the suit led; the suit travels as its letter."""
    refusal = IllegalAction("You must follow {suit}.", code="must_follow", suit="H")
    assert str(refusal) == "You must follow hearts."
    assert refusal.as_dict() == {
        "code": "must_follow",
        "params": {"suit": "H"},
        "message": "You must follow hearts.",
    }
    assert refusal_text(refusal, translator("es")) == "Debes seguir corazones."
    held = IllegalAction("You don't hold {cards}.", code="not_holding_cards", cards=["10H", "JS"])
    assert str(held) == "You don't hold 10♥ J♠."
    assert refusal_text(held, translator("es")) == "No tienes 10♥ J♠."


def test_an_action_in_a_refusal_reads_as_its_translated_label() -> None:
    spec = registry.get("thunee")
    action = spec.parse_action("call:thunee")
    refusal = IllegalAction(
        "You can't do that now ({action}).", code="not_now", **action_params(action)
    )
    assert str(refusal) == "You can't do that now (Call Thunee)."
    assert refusal_text(refusal, translator("es")) == "No puedes hacer eso ahora (Cantar Thunee)."
    assert IllegalMove(refusal).translated(translator("es")) == refusal_text(
        refusal, translator("es")
    )
    assert IllegalMove(refusal).code == "not_now"


def refusals_in_play(game: str, seed: int) -> list[IllegalAction]:
    """Real refusals: prebuilt actions not legal now, explained every few steps of a
    random playout, plus a move out of turn."""
    spec = registry.get(game)
    rng = random.Random(seed)
    match: Match[Any] = spec.new_match(spec.player_counts[0], None, seed=seed)
    table = spec.actions.actions()
    found: list[IllegalAction] = []
    for step in range(1500):
        if match.is_over:
            break
        if step % 5 == 0:
            for seat in sorted(match.to_act):
                legal = set(match.legal_actions(seat))
                for action in table[:: max(1, len(table) // 40)]:
                    if action not in legal:
                        found.append(match.explain_illegal(seat, action))
            waiting = [s for s in range(match.players) if s not in match.to_act]
            if waiting and table:
                try:
                    match.apply(waiting[0], table[0])
                except IllegalAction as exc:
                    found.append(exc)
        seat, action = random_step(match, rng)
        match.apply(seat, action)
    return found


@pytest.mark.parametrize("game", registry.names())
def test_refusals_met_in_play_read_the_same_in_english_and_are_translated(game: str) -> None:
    found = refusals_in_play(game, seed=3)
    assert found
    # (a phase reads as the catalog's word for it, which may differ from the engine's id)
    worded = [r for r in found if "phase" not in r.params]
    assert [refusal_text(r, lambda s: s) for r in worded] == [str(r) for r in worded]
    es, fa = translator("es"), translator("fa")
    untranslated = sorted({r.code for r in found if refusal_text(r, es) == str(r)})
    assert not untranslated, untranslated
    assert all(refusal_text(r, fa) != str(r) for r in found)

"""Engine wording translated at the UI boundary (issue 14): action labels from kind and
value, English whenever the shape is unknown; the engine terms the table shows. (Refusals
are translated by code: tests/i18n/test_refusals.py.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from i18n import translator
from i18n.engine_terms import TERMS, term
from i18n.labels import action_label
from rules import registry
from rules.contract import Action, IllegalAction, Match
from rules.random_play import random_step


def english(text: str) -> str:
    return text


def all_actions(game: str) -> list[Action]:
    table = registry.get(game).actions
    return [a for a in (table.get(i) for i in table.ids()) if a is not None]


@pytest.mark.parametrize("game", registry.names())
def test_every_prebuilt_label_is_rebuilt_exactly_and_translated(game: str) -> None:
    """The mapping reproduces each engine's English label, so it is known wording, and the
    Spanish and Persian labels differ from the English one."""
    es, fa = translator("es"), translator("fa")
    for action in all_actions(game):
        assert action_label(action, english) == action.label, action.id
        assert action_label(action, es) != action.label, action.id
        assert action_label(action, fa) != action.label, action.id


def test_labels_in_spanish_and_persian() -> None:
    es, fa = translator("es"), translator("fa")
    play = Action(kind="play", value="JS", label="Play J♠")
    assert action_label(play, es) == "Jugar J♠"
    assert action_label(play, fa) == "بازی \u2068J♠\u2069"
    trump = Action(kind="trump", value="S", label="Trump ♠ spades")
    assert action_label(trump, es) == "Triunfo ♠ picas"
    jodi = Action(kind="jodi", value="H:40", label="Declare 40 Jodi (hearts)")
    assert action_label(jodi, es) == "Declarar Jodi de 40 (corazones)"
    spread = Action(kind="spread", value="3S,3H,3D", label="Spread 3♠ 3♥ 3♦")
    assert action_label(spread, es) == "Bajar 3♠ 3♥ 3♦"


def test_an_unknown_or_differently_worded_label_falls_back_to_the_engine_english() -> None:
    es = translator("es")
    # Another game's "trump:JS" with its own wording: not forced into Thunee's template.
    indicator = Action(kind="trump", value="JS", label="Trump indicator JS")
    assert action_label(indicator, es) == "Trump indicator JS"
    assert action_label(Action(kind="new_kind", value="x", label="Do x"), es) == "Do x"
    assert action_label(Action(kind="bare"), es) == "bare"


def terms_met(game: str, seed: int) -> set[str]:
    """The engine terms the table shows (hand outcomes, contract words) in a random playout."""
    spec = registry.get(game)
    rng = random.Random(seed)
    match: Match[Any] = spec.new_match(spec.player_counts[0], None, seed=seed)
    terms: set[str] = set()
    for _ in range(1500):
        if match.is_over:
            break
        contract = match.public_view().get("contract")
        if isinstance(contract, dict):
            terms.update(str(v) for k, v in contract.items() if k == "kind")
            terms.update(k for k, v in contract.items() if k != "kind" and v)
        seat, action = random_step(match, rng)
        try:
            match.apply(seat, action)
        except IllegalAction:
            break
    terms.update(str(r["outcome"]) for r in match.hand_results if "outcome" in r)
    return terms


@pytest.mark.parametrize("game", registry.names())
def test_the_engine_terms_met_in_play_are_translated(game: str) -> None:
    es = translator("es")
    terms = terms_met(game, seed=3)
    unlisted = sorted(t for t in terms if term(t) not in TERMS)
    assert not unlisted, unlisted
    assert all(es(term(t)) != term(t) for t in terms)


def test_a_joker_in_a_label_is_the_engines_word_translated() -> None:
    from rules.cards import JOKER, pretty

    assert pretty(JOKER) == "Joker"  # the word the engines' labels use
    meld = Action(kind="meld", value="3S,3H,*", label="Meld 3♠ 3♥ Joker")
    assert action_label(meld, english) == meld.label
    assert action_label(meld, translator("es")) == "Bajar 3♠ 3♥ Comodín"


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("en", "Cut 1 card", "Cut 5 cards"),
        ("es", "Cortar 1 carta", "Cortar 5 cartas"),
        ("fa", "بُرش \u20681\u2069 کارت", "بُرش \u20685\u2069 کارت"),
    ],
)
def test_a_counted_label_takes_the_languages_plural_form(lang: str, one: str, many: str) -> None:
    """Issue 30: "Cut 1 cards" no more; the catalog's plural forms (i18n.plural) decide."""
    actions = registry.get("304").actions
    t = translator(lang)
    cut_one, cut_five = actions.get("cut:1"), actions.get("cut:5")
    assert cut_one is not None and cut_five is not None
    assert action_label(cut_one, t) == one and action_label(cut_five, t) == many

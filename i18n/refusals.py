"""Engine refusals in the reader's language, by code and parameters (docs/refusals.md).

An ``IllegalAction`` carries its English template (the catalog's message id), a stable
code and JSON-able parameters; the sentence is the translated template filled with each
parameter rendered for the reader: cards and suits by ``i18n.labels``, an action by its
translated label, a phase by its name. Nothing here reads the engine's English sentence.
"""

from __future__ import annotations

from collections.abc import Mapping

from i18n.labels import Translate, action_label, card_text, phase_name, suit_name
from rules.contract import Action, IllegalAction, RefusalParam


def refusal_text(refusal: IllegalAction, t: Translate) -> str:
    """The refusal as a sentence in ``t``'s language (English with the identity)."""
    template = t(refusal.template)
    if not refusal.params:
        return template
    return template.format(**localised_params(refusal.params, t))


def localised_params(params: Mapping[str, RefusalParam], t: Translate) -> dict[str, str]:
    """Each parameter as the reader's language shows it (the names' meanings are in
    docs/refusals.md; ``rules.contract.english_params`` is the English side)."""
    return {name: _localised(name, value, params, t) for name, value in params.items()}


def _localised(
    name: str, value: RefusalParam, params: Mapping[str, RefusalParam], t: Translate
) -> str:
    if name == "card" and isinstance(value, str):
        return card_text(value, t)
    if name == "cards" and isinstance(value, list):
        return " ".join(card_text(c, t) for c in value)
    if name == "suit" and isinstance(value, str):
        return suit_name(value, t)
    if name == "phase" and isinstance(value, str):
        return phase_name(value, t)
    if name == "action" and isinstance(value, str):
        kind, _, action_value = value.partition(":")
        label = params.get("label")
        action = Action(
            kind=kind, value=action_value, label=label if isinstance(label, str) else ""
        )
        return action_label(action, t)
    if isinstance(value, list):
        return ", ".join(value)
    return str(value)

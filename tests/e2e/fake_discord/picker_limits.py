"""Discord's limits on autocomplete answers and modals, checked by the fake's interaction
callback (https://discord.com/developers/docs/interactions/receiving-and-responding): at
most 25 choices, names and string values of 1 to 100 characters, an autocomplete
interaction answered only with choices (type 8); a modal's title of at most 45 characters,
1 to 5 rows, text inputs' labels of at most 45, and no modal in answer to a modal.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.fake_discord.limits import CUSTOM_ID_MAX, FormErrors, max_length

AUTOCOMPLETE = 4
MODAL_SUBMIT = 5
AUTOCOMPLETE_RESULT = 8
MODAL = 9
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_ROWS_MAX = 5
TEXT_INPUT = 4
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000


def picker_response_errors(interaction_type: int, kind: Any, data: dict[str, Any]) -> FormErrors:
    """What Discord refuses in answer ``kind`` to an interaction of ``interaction_type``."""
    errors = FormErrors()
    if (interaction_type == AUTOCOMPLETE) != (kind == AUTOCOMPLETE_RESULT):
        errors.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", "Invalid response type")
    elif kind == MODAL and interaction_type == MODAL_SUBMIT:
        errors.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", "A modal cannot open a modal")
    elif kind == AUTOCOMPLETE_RESULT:
        return validate_autocomplete(data)
    elif kind == MODAL:
        return validate_modal(data)
    return errors


def validate_autocomplete(data: dict[str, Any]) -> FormErrors:
    errors = FormErrors()
    choices = data.get("choices")
    if not isinstance(choices, list):
        errors.add(("choices",), "BASE_TYPE_REQUIRED", "This field is required")
        return errors
    if len(choices) > CHOICES_MAX:
        errors.add(("choices",), "BASE_TYPE_MAX_LENGTH", f"Must be {CHOICES_MAX} or fewer.")
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not name:
            errors.add(("choices", i, "name"), "BASE_TYPE_REQUIRED", "This field is required")
        max_length(errors, ("choices", i, "name"), name, CHOICE_TEXT_MAX)
        value = choice.get("value")
        if isinstance(value, str):
            if not value:
                errors.add(("choices", i, "value"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more.")
            max_length(errors, ("choices", i, "value"), value, CHOICE_TEXT_MAX)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            errors.add(("choices", i, "value"), "BASE_TYPE_REQUIRED", "This field is required")
    return errors


def validate_modal(data: dict[str, Any]) -> FormErrors:
    errors = FormErrors()
    title = data.get("title")
    if not title:
        errors.add(("title",), "BASE_TYPE_REQUIRED", "This field is required")
    max_length(errors, ("title",), title, MODAL_TITLE_MAX)
    custom_id = data.get("custom_id")
    if not custom_id:
        errors.add(("custom_id",), "BASE_TYPE_REQUIRED", "This field is required")
    max_length(errors, ("custom_id",), custom_id, CUSTOM_ID_MAX)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= MODAL_ROWS_MAX:
        errors.add(("components",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5.")
    for r, row in enumerate(rows):
        children = row.get("components") or [row.get("component") or {}]
        for c, child in enumerate(children):
            path: tuple[str | int, ...] = ("components", r, "components", c)
            if child.get("type") != TEXT_INPUT:
                continue
            max_length(errors, (*path, "label"), child.get("label"), TEXT_INPUT_LABEL_MAX)
            max_length(errors, (*path, "custom_id"), child.get("custom_id"), CUSTOM_ID_MAX)
            max_length(errors, (*path, "value"), child.get("value"), TEXT_INPUT_VALUE_MAX)
            max_length(errors, (*path, "placeholder"), child.get("placeholder"), 100)
    return errors

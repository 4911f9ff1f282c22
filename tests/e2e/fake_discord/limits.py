"""Discord's documented message limits, checked the way Discord checks them.

A breach answers 400 with code 50035 ("Invalid Form Body") and a nested ``errors`` object
naming the field, e.g. ``{"content": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", ...}]}}``.
Limits: https://discord.com/developers/docs/resources/message#create-message and
https://discord.com/developers/docs/interactions/message-components.
"""

from __future__ import annotations

from typing import Any

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_CHARS_MAX = 6000
EMBED_FIELDS_MAX = 25
EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_NAME_MAX = 256
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
SELECT_OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTION_TEXT_MAX = 100

ACTION_ROW = 1
BUTTON = 2
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9,
    10,
    11,
    12,
    13,
    14,
    17,
)
IS_COMPONENTS_V2 = 1 << 15
V2_COMPONENTS_MAX = 40
"""Components in a Components v2 message, nested ones included."""
V2_TEXT_MAX = 4000
"""Characters of all its text displays together."""
V2_TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
V2_IN_CONTAINER = V2_TOP_LEVEL - {CONTAINER}
MEDIA_GALLERY_ITEMS_MAX = 10
SECTION_TEXTS_MAX = 3
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LINK_STYLE = 5

Errors = dict[str, Any]


class FormErrors:
    """Collects field errors into Discord's nested error shape."""

    def __init__(self) -> None:
        self.tree: Errors = {}

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.tree)

    def flat(self) -> list[str]:
        """Every error as ``"path: message"`` (for failure reports in tests)."""
        out: list[str] = []

        def walk(node: Errors, path: str) -> None:
            for key, value in node.items():
                if key == "_errors":
                    out.extend(f"{path}: {e['message']}" for e in value)
                else:
                    walk(value, f"{path}.{key}" if path else key)

        walk(self.tree, "")
        return out


def max_length(errors: FormErrors, path: tuple[str | int, ...], text: Any, limit: int) -> None:
    if isinstance(text, str) and len(text) > limit:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def validate_message(payload: dict[str, Any]) -> FormErrors:
    """Errors in a message create/edit body (content, embeds, components)."""
    errors = FormErrors()
    max_length(errors, ("content",), payload.get("content"), CONTENT_MAX)
    embeds = payload.get("embeds") or []
    if len(embeds) > EMBEDS_MAX:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_MAX} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        total += _validate_embed(errors, i, embed)
    if total > EMBED_TOTAL_CHARS_MAX:
        errors.add(
            ("embeds",),
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBED_TOTAL_CHARS_MAX}",
        )
    components = payload.get("components")
    flags = payload.get("flags")
    if isinstance(flags, int) and flags & IS_COMPONENTS_V2:
        _validate_v2(errors, payload)
    elif components:
        _validate_components(errors, components)
    return errors


def _validate_v2(errors: FormErrors, payload: dict[str, Any]) -> None:
    """A Components v2 message: no content or embeds; containers, sections, text displays,
    galleries, separators and action rows; at most 40 components and 4,000 characters of
    text in all; a gallery's ``attachment://`` picture among the message's attachments."""
    for key in ("content", "embeds"):
        if payload.get(key):
            errors.add(
                (key,),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with components v2",
            )
    files = {
        str(a.get("filename")) for a in payload.get("attachments") or [] if isinstance(a, dict)
    }
    count = 0
    text = 0
    seen: set[str] = set()

    def walk(
        items: list[dict[str, Any]], path: tuple[str | int, ...], allowed: frozenset[int]
    ) -> None:
        nonlocal count, text
        for i, comp in enumerate(items):
            where = (*path, i)
            count += 1
            kind = comp.get("type")
            if kind not in allowed:
                errors.add(
                    (*where, "type"),
                    "UNION_TYPE_CHOICES",
                    f"Component type {kind} not allowed here.",
                )
                continue
            if kind == CONTAINER:
                walk(comp.get("components") or [], (*where, "components"), V2_IN_CONTAINER)
            elif kind == ACTION_ROW:
                _validate_row(errors, where, comp, seen)
                count += len(comp.get("components") or [])
            elif kind == TEXT_DISPLAY:
                text += len(str(comp.get("content") or ""))
            elif kind == SECTION:
                texts = comp.get("components") or []
                if not 1 <= len(texts) <= SECTION_TEXTS_MAX:
                    errors.add(
                        (*where, "components"),
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 3 in length.",
                    )
                walk(texts, (*where, "components"), frozenset({TEXT_DISPLAY}))
                accessory = comp.get("accessory")
                if isinstance(accessory, dict):
                    count += 1
                    if accessory.get("type") == BUTTON:
                        _validate_component(errors, (*where, "accessory"), accessory, seen)
            elif kind == MEDIA_GALLERY:
                gallery = comp.get("items") or []
                if not 1 <= len(gallery) <= MEDIA_GALLERY_ITEMS_MAX:
                    errors.add(
                        (*where, "items"),
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 10 in length.",
                    )
                for j, item in enumerate(gallery):
                    url = str((item.get("media") or {}).get("url") or "")
                    name = url.removeprefix("attachment://")
                    if url.startswith("attachment://") and name not in files:
                        errors.add(
                            (*where, "items", j, "media", "url"),
                            "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                            f"No attachment named {name}.",
                        )

    walk(payload.get("components") or [], ("components",), V2_TOP_LEVEL)
    if count > V2_COMPONENTS_MAX:
        errors.add(
            ("components",),
            "MAX_COMPONENTS_EXCEEDED",
            f"Must be {V2_COMPONENTS_MAX} or fewer components in total.",
        )
    if text > V2_TEXT_MAX:
        errors.add(
            ("components",),
            "MAX_TEXT_DISPLAY_LENGTH_EXCEEDED",
            f"Text displays must total {V2_TEXT_MAX} or fewer characters.",
        )


def _validate_embed(errors: FormErrors, i: int, embed: dict[str, Any]) -> int:
    chars = 0
    for key, limit in EMBED_TEXT_LIMITS.items():
        text = embed.get(key) or ""
        max_length(errors, ("embeds", i, key), text, limit)
        chars += len(text)
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS_MAX:
        errors.add(
            ("embeds", i, "fields"),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {EMBED_FIELDS_MAX} or fewer in length.",
        )
    for j, field in enumerate(fields):
        name, value = field.get("name") or "", field.get("value") or ""
        if not name or not value:
            errors.add(("embeds", i, "fields", j), "BASE_TYPE_REQUIRED", "This field is required")
        max_length(errors, ("embeds", i, "fields", j, "name"), name, EMBED_FIELD_NAME_MAX)
        max_length(errors, ("embeds", i, "fields", j, "value"), value, EMBED_FIELD_VALUE_MAX)
        chars += len(name) + len(value)
    footer = (embed.get("footer") or {}).get("text") or ""
    max_length(errors, ("embeds", i, "footer", "text"), footer, EMBED_FOOTER_MAX)
    author = (embed.get("author") or {}).get("name") or ""
    max_length(errors, ("embeds", i, "author", "name"), author, EMBED_AUTHOR_NAME_MAX)
    return chars + len(footer) + len(author)


def _validate_components(errors: FormErrors, rows: list[dict[str, Any]]) -> None:
    if len(rows) > ACTION_ROWS_MAX:
        errors.add(
            ("components",),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {ACTION_ROWS_MAX} or fewer in length.",
        )
    seen_ids: set[str] = set()
    for r, row in enumerate(rows):
        path: tuple[str | int, ...] = ("components", r)
        if row.get("type") != ACTION_ROW:
            errors.add((*path, "type"), "UNION_TYPE_CHOICES", "Value of field must be 1.")
            continue
        _validate_row(errors, path, row, seen_ids)


def _validate_row(
    errors: FormErrors, path: tuple[str | int, ...], row: dict[str, Any], seen_ids: set[str]
) -> None:
    children = row.get("components") or []
    if not children:
        errors.add((*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more.")
    has_select = any(c.get("type") in SELECT_TYPES for c in children)
    if has_select and len(children) > 1:
        errors.add(
            (*path, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    if len(children) > BUTTONS_PER_ROW_MAX:
        errors.add(
            (*path, "components"),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {BUTTONS_PER_ROW_MAX} or fewer in length.",
        )
    for c, comp in enumerate(children):
        _validate_component(errors, (*path, "components", c), comp, seen_ids)


def _validate_component(
    errors: FormErrors, path: tuple[str | int, ...], comp: dict[str, Any], seen: set[str]
) -> None:
    kind = comp.get("type")
    custom_id = comp.get("custom_id")
    if kind == BUTTON and comp.get("style") == LINK_STYLE:
        if not comp.get("url"):
            errors.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
    elif kind == BUTTON or kind in SELECT_TYPES:
        if not custom_id:
            errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    else:
        errors.add((*path, "type"), "UNION_TYPE_CHOICES", f"Unknown component type {kind}.")
        return
    if custom_id:
        max_length(errors, (*path, "custom_id"), custom_id, CUSTOM_ID_MAX)
        if custom_id in seen:
            errors.add(
                (*path, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        seen.add(custom_id)
    if kind == BUTTON:
        if not comp.get("label") and not comp.get("emoji"):
            errors.add((*path, "label"), "BASE_TYPE_REQUIRED", "A label or emoji is required")
        max_length(errors, (*path, "label"), comp.get("label"), BUTTON_LABEL_MAX)
        return
    max_length(errors, (*path, "placeholder"), comp.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    if kind == 3:
        options = comp.get("options") or []
        if not options:
            errors.add((*path, "options"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more.")
        if len(options) > SELECT_OPTIONS_MAX:
            errors.add(
                (*path, "options"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {SELECT_OPTIONS_MAX} or fewer in length.",
            )
        values: set[str] = set()
        for o, option in enumerate(options):
            for key in ("label", "value", "description"):
                max_length(
                    errors, (*path, "options", o, key), option.get(key), SELECT_OPTION_TEXT_MAX
                )
            if option.get("value") in values:
                errors.add(
                    (*path, "options", o, "value"),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values must be unique",
                )
            values.add(option.get("value"))
        max_values = comp.get("max_values", 1)
        if isinstance(max_values, int) and options and max_values > len(options):
            errors.add(
                (*path, "max_values"),
                "BASE_TYPE_MAX",
                f"int value should be less than or equal to {len(options)}.",
            )

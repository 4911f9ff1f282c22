"""Request bodies checked against Discord's published OpenAPI spec (issue 31).

The spec (``shared/discord-api-spec/openapi.json`` beside the checkout, MIT, copied from
discord/discord-api-spec) types every field of every request; the hand-written limits in
``limits.py`` only cover the documented lengths and counts. A body the spec rejects would
be rejected by Discord, so the fake answers it with 400 (50035) and the test fails.

``fastjsonschema`` compiles each operation's schema to Python once per process (on first
use); ``jsonschema`` took ~60 ms a message body here, about as long as the bot's work for a
click. Two rewrites keep the compiled checks fast without changing what they accept: an
enum written as ``oneOf`` of ``const`` branches becomes ``enum``, and a union of objects
told apart by their ``type`` (components, callbacks) checks only the branch its ``type``
names, where ``oneOf`` tried every branch.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fastjsonschema

ROOT = Path(__file__).resolve().parents[3]
SPEC_IN_SHARED = Path("shared") / "discord-api-spec" / "openapi.json"
JSON = "application/json"
UNCHECKED_FORMATS = {name: ".*" for name in ("int32", "int64", "double", "nonce", "snowflake")}
"""The spec's own formats; the types beside them are still checked."""


def _find_spec() -> Path:
    """``shared/`` beside the checkout (CI), else beside the nearest folder above it that
    has one (a git worktree nested below the main checkout's parent)."""
    for folder in ROOT.parents:
        if (folder / SPEC_IN_SHARED).is_file():
            return folder / SPEC_IN_SHARED
    return ROOT.parent / SPEC_IN_SHARED


SPEC_PATH = _find_spec()


def spec_present() -> bool:
    return SPEC_PATH.is_file()


@functools.cache
def _spec() -> dict[str, Any]:
    with SPEC_PATH.open(encoding="utf-8") as f:
        spec: dict[str, Any] = json.load(f)
    schemas = spec["components"]["schemas"]
    _rewrite(spec, schemas)
    return spec


def _target(schema: Any, schemas: dict[str, Any]) -> Any:
    while isinstance(schema, dict) and "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _type_tags(schema: Any, schemas: dict[str, Any]) -> list[Any] | None:
    """The ``type`` values an object schema admits (its ``const`` or ``enum``), if fixed."""
    target = _target(schema, schemas)
    kind = (target.get("properties") or {}).get("type") if isinstance(target, dict) else None
    if not isinstance(kind, dict):
        return None
    if "const" in kind:
        return [kind["const"]]
    return list(kind["enum"]) if isinstance(kind.get("enum"), list) else None


def _rewrite(node: Any, schemas: dict[str, Any]) -> None:
    if isinstance(node, list):
        for item in node:
            _rewrite(item, schemas)
        return
    if not isinstance(node, dict):
        return
    for key in ("oneOf", "anyOf"):
        branches = node.get(key)
        if not isinstance(branches, list) or len(branches) < 2:
            continue
        if all(isinstance(b, dict) and "const" in b and "$ref" not in b for b in branches):
            del node[key]
            node["enum"] = [b["const"] for b in branches]
            continue
        tags = [_type_tags(b, schemas) for b in branches]
        flat = [tag for found in tags if found for tag in found]
        if all(tags) and len(flat) == len(set(flat)):
            del node[key]
            node["allOf"] = [
                *node.get("allOf", []),
                {"required": ["type"], "properties": {"type": {"enum": flat}}},
                *(
                    {"if": {"properties": {"type": {"enum": found}}}, "then": branch}
                    for found, branch in zip(tags, branches, strict=True)
                ),
            ]
    for value in node.values():
        _rewrite(value, schemas)


@functools.cache
def _paths() -> list[tuple[re.Pattern[str], str]]:
    found = []
    for template in _spec()["paths"]:
        pattern = re.sub(r"\\\{\w+\\\}", r"[^/]+", re.escape(template))
        found.append((re.compile(f"^{pattern}$"), template))
    # A literal segment beats a parameter (``messages/@original`` before ``{message_id}``).
    found.sort(key=lambda pair: pair[1].count("{"))
    return found


@functools.cache
def _validator(template: str, method: str) -> Callable[[Any], Any] | None:
    """The operation's JSON body check (an upload's ``payload_json`` is that same body)."""
    spec = _spec()
    operation = spec["paths"][template].get(method.lower()) or {}
    media = ((operation.get("requestBody") or {}).get("content") or {}).get(JSON)
    if media is None:
        return None
    schema = {"components": spec["components"], **media["schema"]}
    validate: Callable[[Any], Any] = fastjsonschema.compile(schema, formats=UNCHECKED_FORMATS)
    return validate


def spec_template(path: str) -> str | None:
    """The spec's path template for an API path (without ``/api/v10``)."""
    for pattern, template in _paths():
        if pattern.match(path):
            return template
    return None


def allowance(body: Any, uploads_key: str) -> Any:
    """The body as checked: the fake's own upload bookkeeping removed, and the one known
    difference with the spec allowed: discord.py sends an upload's attachment ``id`` (its
    index among the files) as an integer where the spec types it as a string."""
    body = copy.deepcopy(body)

    def fix(message: Any) -> None:
        if not isinstance(message, dict):
            return
        message.pop(uploads_key, None)
        for attachment in message.get("attachments") or []:
            if isinstance(attachment, dict) and isinstance(attachment.get("id"), int):
                attachment["id"] = str(attachment["id"])

    fix(body)
    if isinstance(body, dict):
        fix(body.get("data"))
    return body


def spec_errors(method: str, path: str, body: Any) -> list[str]:
    """Why the spec rejects this request body: ``[]`` when it is valid (or the spec has no
    body for the route)."""
    template = spec_template(path)
    if template is None:
        return [f"{method} {path}: not a route of the spec"]
    validator = _validator(template, method)
    if validator is None or body is None:
        return []
    try:
        validator(body)
    except fastjsonschema.JsonSchemaValueException as error:
        return [f"{error.name}: {error.message[:300]}"]
    return []

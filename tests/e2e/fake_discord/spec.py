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

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fastjsonschema
from fastjsonschema.draft07 import CodeGeneratorDraft07
from fastjsonschema.ref_resolver import RefResolver

ROOT = Path(__file__).resolve().parents[3]
SPEC_IN_SHARED = Path("shared") / "discord-api-spec" / "openapi.json"
JSON = "application/json"
UNCHECKED_FORMATS = {name: ".*" for name in ("int32", "int64", "double", "nonce", "snowflake")}
"""The spec's own formats; the types beside them are still checked."""
COMMON = {tag: rank for rank, tag in enumerate((2, 10, 1, 14, 17, 12, 3, 4, 7, 5, 6, 9, 8))}
"""Component kinds (and interaction callback types) by how often the bot sends them."""


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
            # Told apart by ``type``, at most one branch can match, so ``anyOf`` accepts
            # what ``oneOf`` does; it stops at the first match, and the common kinds go
            # first (each branch tried before the match costs a raised exception).
            ranked = sorted(
                zip(tags, branches, strict=True),
                key=lambda pair: min(COMMON.get(tag, len(COMMON)) for tag in pair[0] or ()),
            )
            del node[key]
            node["anyOf"] = [branch for _, branch in ranked]
    for value in node.values():
        _rewrite(value, schemas)


@functools.cache
def _paths() -> dict[tuple[int, str], list[tuple[re.Pattern[str], str]]]:
    """The spec's paths by (segment count, first segment), each as a pattern."""
    found: dict[tuple[int, str], list[tuple[re.Pattern[str], str]]] = {}
    for template in _spec()["paths"]:
        segments = template.strip("/").split("/")
        pattern = re.sub(r"\\\{\w+\\\}", r"[^/]+", re.escape(template))
        found.setdefault((len(segments), segments[0]), []).append(
            (re.compile(f"^{pattern}$"), template)
        )
    for candidates in found.values():
        # A literal segment beats a parameter (``messages/@original``, ``{message_id}``).
        candidates.sort(key=lambda pair: pair[1].count("{"))
    return found


class _BriefErrors(CodeGeneratorDraft07):
    """fastjsonschema's draft-07 code, each error raised with its message only: the
    detailed errors embed the whole (expanded) schema in every ``raise``, which made the
    generated code megabytes long, seconds to compile and slow to fail a union branch.
    (Its own ``detailed_exceptions=False`` breaks on the enum message, 2.22.)"""

    def exc(
        self, msg: str, *args: Any, append_to_msg: str | None = None, rule: str | None = None
    ) -> None:
        text = '"' + msg + '"' + (f" + ({append_to_msg})" if append_to_msg else "")
        self.l(f"raise JsonSchemaValueException({text})", *args, definition_rule="…")


@functools.cache
def _validator(template: str, method: str) -> Callable[[Any], Any] | None:
    """The operation's JSON body check (an upload's ``payload_json`` is that same body)."""
    spec = _spec()
    operation = spec["paths"][template].get(method.lower()) or {}
    media = ((operation.get("requestBody") or {}).get("content") or {}).get(JSON)
    if media is None:
        return None
    schema = {"components": spec["components"], **media["schema"]}
    resolver = RefResolver.from_schema(schema, handlers={}, store={})
    generator = _BriefErrors(  # type: ignore[no-untyped-call]
        schema, resolver=resolver, formats=UNCHECKED_FORMATS, use_default=False
    )
    state = generator.global_state
    exec(generator.func_code, state)
    validate: Callable[[Any], Any] = state[resolver.get_scope_name()]
    return validate


@functools.lru_cache(maxsize=4096)
def spec_template(path: str) -> str | None:
    """The spec's path template for an API path (without ``/api/v10``)."""
    segments = path.strip("/").split("/")
    for pattern, template in _paths().get((len(segments), segments[0]), ()):
        if pattern.match(path):
            return template
    return None


def allowance(body: Any, uploads_key: str) -> Any:
    """The body as checked: the fake's own upload bookkeeping removed, and the one known
    difference with the spec allowed: discord.py sends an upload's attachment ``id`` (its
    index among the files) as an integer where the spec types it as a string. Copies only
    what it changes (the body holds the uploaded pictures)."""

    def fix(message: Any) -> Any:
        if not isinstance(message, dict):
            return message
        fixed = {k: v for k, v in message.items() if k != uploads_key}
        listed = fixed.get("attachments")
        if isinstance(listed, list):
            fixed["attachments"] = [
                {**a, "id": str(a["id"])} if isinstance(a, dict) and isinstance(a.get("id"), int)
                else a
                for a in listed
            ]  # fmt: skip
        return fixed

    body = fix(body)
    if isinstance(body, dict) and isinstance(body.get("data"), dict):
        body["data"] = fix(body["data"])
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


SERVED = (
    ("POST", "/channels/1/messages"),
    ("PATCH", "/channels/1/messages/1"),
    ("POST", "/interactions/1/token/callback"),
    ("POST", "/webhooks/1/token"),
    ("PATCH", "/webhooks/1/token/messages/1"),
    ("PUT", "/applications/1/commands"),
    ("PUT", "/applications/1/guilds/1/commands"),
)
"""The routes with a body that the fake serves (a sample path of each)."""


def warm_up() -> None:
    """Compile the checks of every route the fake serves now (once per process), so that
    no request waits seconds for its check (a bot's login has a deadline)."""
    for method, path in SERVED:
        template = spec_template(path)
        if template is not None:
            _validator(template, method)

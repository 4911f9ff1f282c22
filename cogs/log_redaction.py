"""No secret in the logs at any level (issue 29).

At DEBUG, discord.py logs every gateway event (interaction tokens; the clicked hand
view's cards and custom_ids) and every REST request with its URL (interaction tokens)
and body (a hand view's embed and buttons), and aiosqlite logs every call with its
parameters (each table's seed, engine snapshots holding every hidden hand, the action
log). ``redact_library_logs`` puts a filter on those libraries' loggers that keeps what
a log is for (which call, which event, how it ended) and drops the payloads; tokens and
seeds left anywhere in their messages are masked. The bot's own modules never log a
token, a seed, a snapshot, a view or a hand in the first place.

Logger filters apply to the records of that logger itself, so each emitting logger is
named here (``LIBRARY_LOGGERS``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

LIBRARY_LOGGERS = (
    "discord.client",
    "discord.gateway",
    "discord.http",
    "discord.interactions",
    "discord.state",
    "discord.webhook.async_",
    "discord.app_commands.tree",
    "discord.ui.view",
    "aiosqlite",
    "asyncpg",
)

HIDDEN = "<redacted>"
_SECRET_PATTERNS = (
    # interaction and webhook tokens in REST URLs
    (re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/?\s'\"]+"), rf"\1{HIDDEN}"),
    # "token": "..." in any JSON or repr
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]*"""), rf"\1{HIDDEN}"),
    # "seed": 123 in any JSON or repr, seed=123
    (re.compile(r"""(['"]seed['"]\s*:\s*)-?\d+"""), rf"\1{HIDDEN}"),
    (re.compile(r"\b(seed\s*=\s*)-?\d+"), rf"\1{HIDDEN}"),
)


class RedactSecrets(logging.Filter):
    """Rewrites a record's message without payloads, tokens or seeds (never drops one)."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else None
        if args:
            record.args = tuple(_without_payload(record, i, a) for i, a in enumerate(args))
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            message = str(record.msg)
        record.msg, record.args = self.redact(message), None
        return True

    def redact(self, text: str) -> str:
        for pattern, replacement in _SECRET_PATTERNS:
            text = pattern.sub(replacement, text)
        for secret in self.secrets:
            text = text.replace(secret, HIDDEN)
        return text


def _without_payload(record: logging.LogRecord, index: int, arg: Any) -> Any:
    """The record's argument with the data it carries left out: gateway events keep their
    op, name and sequence; REST bodies and aiosqlite calls keep only their kind."""
    if record.name == "discord.gateway" and isinstance(arg, dict):
        return {key: arg.get(key) for key in ("op", "t", "s")}
    if record.name == "discord.http" and index == 2 and " with %s " in f" {record.msg} ":
        return "<payload>"
    if record.name == "discord.http" and index == 2 and "has received %s" in str(record.msg):
        return "<payload>"
    if record.name == "aiosqlite" and callable(arg):
        func = getattr(arg, "func", arg)
        return getattr(func, "__name__", "call")
    return arg


def redact_library_logs(*secrets: str) -> None:
    """Install the filter on the libraries' loggers once (again: its secrets are added)."""
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        for existing in logger.filters:
            if isinstance(existing, RedactSecrets):
                existing.secrets.extend(s for s in secrets if s and s not in existing.secrets)
                break
        else:
            logger.addFilter(RedactSecrets(secrets))

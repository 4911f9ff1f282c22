"""Every text the Discord front end shows goes through the catalog (issue 14): no English
literal is passed straight to a message, embed, button, menu or field."""

from __future__ import annotations

import ast
import re
from pathlib import Path

COGS = Path(__file__).resolve().parents[2] / "cogs"
SHOWN = {"content", "title", "description", "label", "placeholder", "text", "name", "value"}
SENDERS = {"send_message", "send", "reply", "followup_send", "edit_message"}
WORDS = re.compile(r"[A-Za-z]{3}")


def literal_text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def untranslated(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = ast.unparse(node.func)
        # Slash command declarations are localised by the Translator (i18n.discord_commands).
        if func.startswith("app_commands") or ".command" in func or func.endswith("Group"):
            continue
        shown = [kw.value for kw in node.keywords if kw.arg in SHOWN]
        if func.rsplit(".", 1)[-1] in SENDERS:
            shown += node.args[:1]
        for value in shown:
            text = literal_text(value)
            if text is not None and WORDS.search(text):
                found.append(f"{path.name}:{node.lineno} {text!r}")
    return found


def test_no_cog_passes_an_untranslated_literal_to_discord() -> None:
    found = [hit for path in sorted(COGS.glob("*.py")) for hit in untranslated(path)]
    assert not found, found


def test_the_check_catches_a_literal(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "async def f(i, t):\n"
        "    await i.response.send_message('Hello there')\n"
        "    await i.response.send_message(t('Hello there'))\n"
        "    embed = Embed(title=f'Table {1}')\n"
    )
    assert sorted(hit.split(" ", 1)[0] for hit in untranslated(sample)) == [
        "sample.py:2",
        "sample.py:4",
    ]

"""Catalog maintenance: ``python -m i18n extract|update|compile`` (wraps Babel's pybabel)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE

POT = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCES = ["cogs", "tables", "leagues", "i18n", "pictures", "bot.py", "settings.py", "rules"]
# Marked message ids: N_ and t calls, and the English template of every engine refusal
# (rules.contract.IllegalAction's first argument, docs/refusals.md); plural(one, many, n, t).
KEYWORDS = ["-k", "N_", "-k", "t", "-k", "IllegalAction", "-k", "plural:1,2"]


def run(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True)


def compile_catalogs(force: bool = False) -> list[Path]:
    """Compile every ``.po`` that is newer than its ``.mo`` (all of them with ``force``).

    Each ``.mo`` is written to a temporary file and renamed into place, so a process reading
    catalogs meanwhile sees the old file or the new one, never half of one."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = []
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        tmp = mo.with_suffix(f".mo.{os.getpid()}.tmp")
        with tmp.open("wb") as target:
            write_mo(target, catalog)
        os.replace(tmp, mo)
        compiled.append(mo)
    return compiled


def add_option_messages(pot: Path) -> None:
    """Add every game option's title and description, which live in the ``Options`` models
    rather than in marked literals, to the extracted template."""
    from babel.messages.pofile import read_po, write_po

    from i18n.options import option_messages
    from rules.registry import BUILTIN

    with pot.open("rb") as source:
        template = read_po(source)
    for message in option_messages(BUILTIN):
        if message not in template:
            template.add(message)
    with pot.open("wb") as target:
        write_po(target, template)


def main(command: str) -> None:
    if command == "extract":
        LOCALE_DIR.mkdir(exist_ok=True)
        run("extract", *KEYWORDS, "-o", str(POT), "--no-location", *SOURCES)
        add_option_messages(POT)
    elif command == "update":
        for lang in LANGUAGES:
            if lang != SOURCE_LANGUAGE:
                po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
                mode = "update" if po.exists() else "init"
                extra = ["--no-fuzzy-matching"] if mode == "update" else []
                run(mode, "-i", str(POT), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang, *extra)
    elif command == "compile":
        for mo in compile_catalogs():
            print(f"compiled {mo}")
    else:
        raise SystemExit("usage: python -m i18n extract|update|compile")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")

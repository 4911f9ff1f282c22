"""Catalog maintenance: ``python -m i18n extract|update|compile`` (wraps Babel's pybabel)."""

from __future__ import annotations

import subprocess
import sys

from i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE

POT = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCES = ["cogs", "tables", "i18n", "pictures", "bot.py", "settings.py", "rules"]


def run(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True)


def main(command: str) -> None:
    if command == "extract":
        LOCALE_DIR.mkdir(exist_ok=True)
        run("extract", "-k", "N_", "-k", "t", "-o", str(POT), "--no-location", *SOURCES)
    elif command == "update":
        for lang in LANGUAGES:
            if lang != SOURCE_LANGUAGE:
                po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
                mode = "update" if po.exists() else "init"
                run(mode, "-i", str(POT), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang)
    elif command == "compile":
        if any(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            run("compile", "-d", str(LOCALE_DIR), "-D", DOMAIN)
    else:
        raise SystemExit("usage: python -m i18n extract|update|compile")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")

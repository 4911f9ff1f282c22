#!/usr/bin/env bash
# Install Card Table into a new virtual environment and check the install works.
#
#   bash deploy/install.sh VENV [SOURCE]     (SOURCE: the checkout; default: this one)
#
# The one list of install steps: the Dockerfile runs it, and CI (.ci/run) runs it in a
# fresh venv, so a broken step fails CI even where Docker itself is not available.
# PYTHON picks the interpreter (default python3; 3.11, 3.12 or 3.13). Needs PyPI.
set -euo pipefail

VENV="${1:?usage: install.sh VENV [SOURCE]}"
SOURCE="${2:-$(cd "$(dirname "$0")/.." && pwd)}"
PYTHON="${PYTHON:-python3}"

say() { echo "install.sh: $*" >&2; }

say "creating $VENV with $("$PYTHON" --version)"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# A wheel is built from the checkout (setup.py compiles the catalogs into it) and installed
# with its dependencies; nothing is installed in editable mode.
say "installing Card Table from $SOURCE"
"$VENV/bin/python" -m pip install -q "$SOURCE"

# The checks run outside the checkout, so they see the installed package only.
cd /
say "checking the install"
"$VENV/bin/python" - <<'PY'
import importlib.metadata as md
import sys
from pathlib import Path

import locales
import pictures.fonts
import storage.migrations

installed = {d.metadata["Name"].lower() for d in md.distributions()}
unwanted = installed & {"matplotlib", "numpy"}
assert not unwanted, f"pulled in for nothing: {sorted(unwanted)}"
catalogs = sorted(Path(locales.__file__).parent.glob("*/LC_MESSAGES/cardtable.mo"))
assert len(catalogs) >= 2, f"compiled catalogs missing: {catalogs}"
assert storage.migrations.load_migrations(), "migrations missing"
for weight in ("regular", "bold"):
    assert pictures.fonts.font_path(weight).is_file()
assert (pictures.fonts.FONT_DIR / "LICENSE").is_file(), "the fonts' licence is missing"
print(f"install.sh: ok: {len(catalogs)} catalogs, fonts, migrations; Python {sys.version.split()[0]}",
      file=sys.stderr)
PY
shown="$(printf 'q\n' | "$VENV/bin/cardtable" console thunee --lang es --seed 1)"
case "$shown" in
    *"Tu elección"*) ;;  # the console's own prompt, in Spanish
    *) say "the console did not start in Spanish:"; echo "$shown" >&2; exit 1 ;;
esac
say "ok: $VENV/bin/cardtable"

"""Which engine modules build_native.py compiles with mypyc, and whether the compiled copies
still match their sources.

A compiled module shadows the ``.py`` beside it, so a source edited after the build would
run its old code without a word. The build records a hash of each source it compiled;
``check_compiled`` refuses the import of a package whose compiled modules are out of date,
naming them and the command that fixes it.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
from collections.abc import Iterable
from pathlib import Path

# Options (pydantic models) and the package's __init__ (the registry's entry) stay Python.
NATIVE_PACKAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "rules.three_o_four",
        (
            "actions",
            "auction",
            "called_partner",
            "caps",
            "card_power",
            "fairness",
            "match",
            "plain_lines",
            "scoring",
            "table",
        ),
    ),
)
MANIFEST_NAME = "native-manifest.json"
# mypyc's runtime for the group: <package>.native__mypyc, beside the modules (no source).
SHARED_LIBRARY = "native"


class StaleNativeBuild(ImportError):
    pass


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def record_sources(folder: Path, modules: Iterable[str]) -> None:
    """Note the sources of ``modules`` in ``folder`` as compiled, as they are now."""
    hashes = {m: _digest(folder / f"{m}.py") for m in modules}
    (folder / MANIFEST_NAME).write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")


def write_manifest(root: Path) -> None:
    for package, modules in NATIVE_PACKAGES:
        record_sources(root / package.replace(".", "/"), modules)


def _compiled_modules(folder: Path) -> set[str]:
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    names: set[str] = set()
    for path in folder.iterdir():
        suffix = next((x for x in suffixes if path.name.endswith(x)), None)
        if suffix is not None:
            names.add(path.name[: -len(suffix)])
    return names - {SHARED_LIBRARY + "__mypyc"}


def stale_modules(folder: Path) -> list[str]:
    """The compiled modules in ``folder`` whose source changed since the build (all of them
    when the build's record is missing or unreadable)."""
    compiled = _compiled_modules(folder)
    if not compiled:
        return []
    try:
        recorded = json.loads((folder / MANIFEST_NAME).read_text())
    except (OSError, ValueError):
        return sorted(compiled)
    if not isinstance(recorded, dict):
        return sorted(compiled)
    stale = []
    for name in sorted(compiled):
        source = folder / f"{name}.py"
        # a source deleted since the build leaves its compiled module importable: stale too
        if not source.exists() or recorded.get(name) != _digest(source):
            stale.append(name)
    return stale


def check_compiled(folder: Path) -> None:
    stale = stale_modules(folder)
    if stale:
        names = ", ".join(f"{folder.name}/{n}.py" for n in stale)
        raise StaleNativeBuild(
            f"{names} changed after being compiled: run `make native` to compile them "
            "again, or `make clean-native` to run the pure-Python engine"
        )

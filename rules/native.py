"""Which engine modules build_native.py compiles with mypyc, and whether the compiled copies
still match their sources.

A compiled module shadows the ``.py`` beside it, so a source edited after the build (a
pull without ``make``, an edit before a test run) would run its old code without a word.
The build records a hash of each source it compiled; ``use_sources_if_stale`` compares
them when the package is imported and, if any changed, imports the whole package from its
sources instead (slower, never wrong, and never a bot that fails to start), with a warning
naming the files and the command that rebuilds them.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType

# Options (pydantic models) and the package's __init__ (the registry's entry) stay Python.
# One package, one build: mypyc's shared runtime for it lives beside its modules.
NATIVE_PACKAGE = "rules.three_o_four"
NATIVE_MODULES: tuple[str, ...] = (
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
)
MANIFEST_NAME = "native-manifest.json"
# mypyc's runtime for the group: <package>.native__mypyc, beside the modules (no source).
SHARED_LIBRARY = "native"


class StaleNativeBuild(UserWarning):
    """Compiled modules older than their sources: the package runs from its sources."""


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def record_sources(folder: Path, modules: Iterable[str]) -> None:
    """Note the sources of ``modules`` in ``folder`` as compiled, as they are now."""
    hashes = {m: _digest(folder / f"{m}.py") for m in modules}
    (folder / MANIFEST_NAME).write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")


def package_folder(root: Path) -> Path:
    """The compiled package's folder below the checkout at ``root``."""
    return root.joinpath(*NATIVE_PACKAGE.split("."))


def write_manifest(root: Path) -> None:
    record_sources(package_folder(root), NATIVE_MODULES)


def compiled_files(folder: Path) -> dict[str, Path]:
    """Every compiled module in ``folder`` (the shared runtime included), by module name."""
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    found: dict[str, Path] = {}
    for path in folder.iterdir():
        suffix = next((x for x in suffixes if path.name.endswith(x)), None)
        if suffix is not None:
            found[path.name[: -len(suffix)]] = path
    return found


def _compiled_modules(folder: Path) -> set[str]:
    return set(compiled_files(folder)) - {SHARED_LIBRARY + "__mypyc"}


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


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Finds the listed modules' ``.py`` files ahead of the compiled modules beside them."""

    def __init__(self, package: str, folder: Path, names: Iterable[str]) -> None:
        self.sources = {f"{package}.{name}": folder / f"{name}.py" for name in names}

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None or not source.exists():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def use_sources_if_stale(package: str, folder: Path) -> list[str]:
    """Called by ``package`` before it imports its first submodule: when a compiled module
    is out of date, every compiled module of the package is imported from its source
    (they are one build, calling each other natively); returns the out-of-date ones."""
    stale = stale_modules(folder)
    if stale:
        sys.meta_path.insert(0, _SourcesFirst(package, folder, _compiled_modules(folder)))
        names = ", ".join(f"{folder.name}/{n}.py" for n in stale)
        warnings.warn(
            f"{names} changed after being compiled: running {package} from its sources "
            "(slower); run `make native` to compile them again",
            StaleNativeBuild,
            stacklevel=2,
        )
    return stale

"""The compiled 304 engine (build_native.py): a compiled module never silently outlives an
edit to its source (the package then runs from its sources, with a warning), and where CI
built it, the compiled modules are the ones imported."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules.three_o_four.caps
import rules.three_o_four.match
from rules.native import (
    MANIFEST_NAME,
    NATIVE_MODULES,
    NATIVE_PACKAGE,
    SHARED_LIBRARY,
    StaleNativeBuild,
    record_sources,
    stale_modules,
    use_sources_if_stale,
)

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path) -> Path:
    (tmp_path / "caps.py").write_text("X = 1\n")
    (tmp_path / "match.py").write_text("Y = 2\n")
    (tmp_path / f"caps{SUFFIX}").write_bytes(b"compiled")
    (tmp_path / f"match{SUFFIX}").write_bytes(b"compiled")
    (tmp_path / f"{SHARED_LIBRARY}__mypyc{SUFFIX}").write_bytes(b"runtime")
    return tmp_path


def test_nothing_compiled_is_never_stale(tmp_path: Path) -> None:
    (tmp_path / "caps.py").write_text("X = 1\n")
    assert stale_modules(tmp_path) == []


def test_compiled_modules_without_the_builds_record_are_all_stale(tmp_path: Path) -> None:
    folder = _package(tmp_path)
    assert stale_modules(folder) == ["caps", "match"]
    (folder / MANIFEST_NAME).write_text("{not json")
    assert stale_modules(folder) == ["caps", "match"]


@pytest.fixture
def importable(tmp_path: Path) -> Iterator[Path]:
    """A package ``compiledpkg`` on ``sys.path`` whose "compiled" modules are not loadable
    (any import of one fails): only its sources can be imported."""
    (tmp_path / "compiledpkg").mkdir()
    folder = _package(tmp_path / "compiledpkg")
    (folder / "__init__.py").write_text("")
    finders = list(sys.meta_path)
    sys.path.insert(0, str(tmp_path))
    try:
        yield folder
    finally:
        sys.path.remove(str(tmp_path))
        sys.meta_path[:] = finders
        for name in [n for n in sys.modules if n.startswith("compiledpkg")]:
            del sys.modules[name]


def test_an_up_to_date_build_is_left_to_be_imported(importable: Path) -> None:
    record_sources(importable, ["caps", "match"])
    finders = list(sys.meta_path)
    assert use_sources_if_stale("compiledpkg", importable) == []
    assert sys.meta_path == finders
    with pytest.raises(ImportError):
        importlib.import_module("compiledpkg.caps")  # the compiled module is imported


def test_a_source_edited_after_the_build_is_run_from_its_sources(importable: Path) -> None:
    record_sources(importable, ["caps", "match"])
    assert stale_modules(importable) == []  # the shared runtime has no source of its own
    (importable / "match.py").write_text("Y = 3\n")
    assert stale_modules(importable) == ["match"]
    with pytest.warns(StaleNativeBuild) as warned:
        assert use_sources_if_stale("compiledpkg", importable) == ["match"]
    message = str(warned[0].message)
    assert "compiledpkg/match.py" in message and "caps.py" not in message
    assert "make native" in message
    # every compiled module of the package comes from its source: they are one build
    assert importlib.import_module("compiledpkg.match").Y == 3
    assert importlib.import_module("compiledpkg.caps").X == 1


def test_a_compiled_module_the_build_did_not_record_is_stale(tmp_path: Path) -> None:
    folder = _package(tmp_path)
    record_sources(folder, ["caps"])
    assert stale_modules(folder) == ["match"]
    (folder / "match.py").unlink()
    assert stale_modules(folder) == ["match"]


@pytest.mark.skipif(
    os.environ.get("CARDTABLE_EXPECT_NATIVE") != "1",
    reason="only where the build must have compiled the engine (CI sets it)",
)
def test_the_built_engine_is_the_one_imported() -> None:
    assert NATIVE_PACKAGE == "rules.three_o_four" and {"caps", "match"} <= set(NATIVE_MODULES)
    for module in (rules.three_o_four.caps, rules.three_o_four.match):
        assert module.__file__ is not None and module.__file__.endswith(SUFFIX), module.__file__

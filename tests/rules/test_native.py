"""The compiled 304 engine (build_native.py): a compiled module never silently outlives an
edit to its source, and where CI built it, the compiled modules are the ones imported."""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path

import pytest

import rules.three_o_four.caps
import rules.three_o_four.match
from rules.native import (
    MANIFEST_NAME,
    NATIVE_PACKAGES,
    SHARED_LIBRARY,
    StaleNativeBuild,
    check_compiled,
    record_sources,
    stale_modules,
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
    check_compiled(tmp_path)


def test_compiled_modules_without_the_builds_record_are_all_stale(tmp_path: Path) -> None:
    folder = _package(tmp_path)
    assert stale_modules(folder) == ["caps", "match"]
    (folder / MANIFEST_NAME).write_text("{not json")
    assert stale_modules(folder) == ["caps", "match"]


def test_a_source_edited_after_the_build_refuses_the_import_and_names_it(tmp_path: Path) -> None:
    folder = _package(tmp_path)
    record_sources(folder, ["caps", "match"])
    assert stale_modules(folder) == []  # the shared runtime has no source of its own
    check_compiled(folder)
    (folder / "match.py").write_text("Y = 3\n")
    assert stale_modules(folder) == ["match"]
    with pytest.raises(StaleNativeBuild) as refused:
        check_compiled(folder)
    message = str(refused.value)
    assert f"{folder.name}/match.py" in message and "caps.py" not in message
    assert "make native" in message and "make clean-native" in message


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
    (package, modules), *_ = NATIVE_PACKAGES
    assert package == "rules.three_o_four" and {"caps", "match"} <= set(modules)
    for module in (rules.three_o_four.caps, rules.three_o_four.match):
        assert module.__file__ is not None and module.__file__.endswith(SUFFIX), module.__file__

"""Compiles the 304 engine with mypyc, in place: ``make native`` (``make setup`` runs it).

    python build_native.py            # compile (needs a C compiler and the Python headers)
    python build_native.py --clean    # remove the compiled modules: pure Python again

Each compiled module (``caps.cpython-311-x86_64-linux-gnu.so``) sits beside its ``.py`` and
Python imports it instead, so the build records a hash of every source it compiled
(``rules.native``); when a source has changed since, the package is imported from its
sources, with a warning saying to rebuild, rather than running the old code. Without a
compiler the build says so and the engine stays pure Python: the same code, slower.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from rules.native import (  # noqa: E402
    MANIFEST_NAME,
    NATIVE_MODULES,
    NATIVE_PACKAGE,
    SHARED_LIBRARY,
    compiled_files,
    package_folder,
    write_manifest,
)


def clean() -> None:
    folder = package_folder(ROOT)
    for path in compiled_files(folder).values():
        path.unlink()
    (folder / MANIFEST_NAME).unlink(missing_ok=True)


def build() -> bool:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"build_native: mypyc is not installed ({exc}); the engine stays pure Python")
        return False
    package = NATIVE_PACKAGE
    sources = [f"{package.replace('.', '/')}/{module}.py" for module in NATIVE_MODULES]
    os.chdir(ROOT)
    with tempfile.TemporaryDirectory() as work:
        try:
            extensions = mypycify(
                sources,
                opt_level="3",
                debug_level="0",
                multi_file=True,
                target_dir=work,
                group_name=f"{package}.{SHARED_LIBRARY}",
            )
            # mypyc writes the group's headers under the package's path but compiles the
            # split C files from the top of the build folder.
            for extension in extensions:
                extension.include_dirs.append(os.path.join(work, *package.split(".")))
            setup(
                name="card-table-native",
                ext_modules=extensions,
                script_args=[
                    "-q",
                    "build_ext",
                    "--inplace",
                    "--parallel",
                    str(os.cpu_count() or 1),
                    "--build-temp",
                    work,
                ],
            )
        except (SystemExit, Exception) as exc:  # a compiler error ends setup() with SystemExit
            print(f"build_native: compiling failed ({exc}); the engine stays pure Python")
            clean()
            return False
    write_manifest(ROOT)
    return True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args(argv)
    clean()
    if args.clean:
        print("build_native: compiled modules removed; the engine is pure Python")
        return 0
    if build():
        print(f"build_native: compiled {', '.join(NATIVE_MODULES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

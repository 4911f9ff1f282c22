"""The build step pyproject.toml cannot declare: compile the translation catalogs.

``.mo`` files are not committed (they are built from the ``.po`` sources), so a wheel built
from a clone would carry none and an installed bot would speak only English. ``build_py``
writes them into the build tree next to the copied package data.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("locales").glob("*/LC_MESSAGES/cardtable.po")):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            with target.open("wb") as out:
                write_mo(out, catalog)


setup(cmdclass={"build_py": BuildWithCatalogs})

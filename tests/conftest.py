"""Session setup for the whole suite: compiled catalogs (``.mo`` are built, not committed)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # Once, in the controlling process (before xdist workers start): every language test
    # and e2e test reads the compiled catalogs, as the installed bot does.
    if not hasattr(config, "workerinput"):
        from i18n.__main__ import compile_catalogs

        compile_catalogs()

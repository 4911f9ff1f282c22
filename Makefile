# `make run` and `make test` are the README's two commands; both build .venv on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	$(PY) -m i18n compile
	touch $@

# Catalogs are compiled by the install step; recompile after editing a .po.
.PHONY: catalogs
catalogs: setup
	$(PY) -m i18n compile

.PHONY: setup run console test lint soak bench
setup: $(VENV)/.installed

run: setup
	$(PY) bot.py

console: setup
	$(PY) bot.py console $(GAME)

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

test: lint
	$(PY) -m pytest -q -n 2

soak: setup
	CONFORMANCE_MATCHES=10000 CONFORMANCE_FULL_CHECK_EVERY=25 $(PY) -m pytest -q -n 2 tests/conformance

bench: setup
	$(PY) bench/playout.py

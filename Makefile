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

# The 304 engine compiled with mypyc (build_native.py), rebuilt when a source changes;
# without a C compiler it stays pure Python. `make clean-native` goes back to pure Python.
NATIVE_MANIFEST := rules/three_o_four/native-manifest.json
NATIVE_SOURCES := $(filter-out rules/three_o_four/__init__.py rules/three_o_four/options.py,\
	$(wildcard rules/three_o_four/*.py))

$(NATIVE_MANIFEST): $(VENV)/.installed build_native.py rules/native.py $(NATIVE_SOURCES)
	$(PY) build_native.py

.PHONY: native clean-native
native: $(NATIVE_MANIFEST)

clean-native:
	$(PY) build_native.py --clean

# Catalogs are compiled by the install step; recompile after editing a .po.
.PHONY: catalogs
catalogs: setup
	$(PY) -m i18n compile

.PHONY: setup run console test lint soak bench
setup: $(VENV)/.installed $(NATIVE_MANIFEST)

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

# `make run` and `make test` are the README's two commands; both build .venv on first use.
# Another Python: `make test PYTHON=python3.12` (its own venv: add VENV=.venv-3.12 to keep
# both). A venv made by a different Python than $(PYTHON) is rebuilt, not reused.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PY_VERSION := $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
ifeq ($(PY_VERSION),)
$(error $(PYTHON) not found: install Python 3.11+ or name one with PYTHON=...)
endif
STAMP := $(VENV)/.installed-$(PY_VERSION)

$(STAMP): pyproject.toml setup.py
	@made_by=$$($(PY) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null); \
	if [ -d $(VENV) ] && [ "$$made_by" != "$(PY_VERSION)" ]; then \
		echo "$(VENV) was made by Python $${made_by:-?}: rebuilding it with $(PYTHON) $(PY_VERSION)"; \
		rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	$(PY) -m i18n compile
	touch $@

.PHONY: setup run console catalogs test lint soak bench clean
setup: $(STAMP)

run: setup
	$(PY) bot.py

console: setup
	$(PY) bot.py console $(GAME)

# Catalogs are compiled by the install step; recompile after editing a .po.
catalogs: setup
	$(PY) -m i18n compile

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

test: lint
	$(PY) -m pytest -q -n 2 --dist worksteal

soak: setup
	CONFORMANCE_MATCHES=10000 CONFORMANCE_FULL_CHECK_EVERY=25 $(PY) -m pytest -q -n 2 tests/conformance

bench: setup
	$(PY) bench/playout.py

# Everything the commands above made: the venv(s), build output, caches, compiled catalogs.
clean:
	rm -rf $(VENV) .venv-* build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -prune -exec rm -rf {} +
	find locales -name '*.mo' -delete

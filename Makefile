# The two set-up commands of the README: `make run` and `make test`.
# Everything is installed into .venv from pyproject.toml; nothing is assumed installed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench browser messages clean fuzz

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==26.3

# The install compiles the claim checker's search core (mypyc, pyproject.toml): an edit of
# its sources installs again, so that `make test` never runs a compiled module older than
# its source (the package would run the source instead, with a warning).
$(INSTALLED): pyproject.toml hatch_build.py $(wildcard src/arbitro/analysis/claims/*.py) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@

## run: install into .venv and start the web console on http://127.0.0.1:8000
run: $(INSTALLED)
	$(BIN)/arbitro serve

## test: install into .venv, then ruff, mypy --strict and the whole pytest suite
test: $(INSTALLED) browser
	$(BIN)/ruff check src tests benchmarks conftest.py hatch_build.py
	$(BIN)/ruff format --check src tests benchmarks conftest.py hatch_build.py
	$(BIN)/mypy
	$(BIN)/pytest

## bench: run the benchmarks in benchmarks/ (not tests; they print measurements)
bench: $(INSTALLED)
	$(BIN)/python -m benchmarks

## fuzz: every reader of user input at length (FUZZ_EXAMPLES a reader, default 5000),
## then the PBN reader for a few minutes (FUZZ_SECONDS, default 180)
fuzz: $(INSTALLED)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -q -p no:cacheprovider tests/test_fuzz_readers.py
	$(BIN)/python scripts/fuzz_pbn.py

## browser: make sure the Debian packages the tests need are there: chromium (browser tests),
## poppler-utils (PDF tests) and postgresql (the storage tests start a throwaway cluster)
browser:
	sh scripts/ensure-system-packages.sh

## messages: extract user-facing text and update the Spanish and English catalogs
messages: $(INSTALLED)
	$(BIN)/pybabel extract --no-location --sort-output -F babel.cfg -k N_ -k NP_:1,2 \
		-o src/arbitro/locale/arbitro.pot src/arbitro
	$(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -D arbitro \
		-i src/arbitro/locale/arbitro.pot -d src/arbitro/locale

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
	find src -name '*.so' -delete
	rm -f src/arbitro/compiled.txt

"""Test set-up shared by tests/, the doctests in src/ and the doctested Markdown files."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from arbitro.analysis.claims import compiled
from arbitro.i18n import reset_language, set_language

# A module the install compiled (mypyc) is an extension, not the source file pytest would
# collect its doctests from, and keeps no docstrings: tests/test_claims_compiled.py runs
# those doctests on the source.
_claims = Path(__file__).parent / "src" / "arbitro" / "analysis" / "claims"
collect_ignore = [str(_claims / f"{name}.py") for name in compiled.compiled_in(_claims)]

# CI machines are small and shared: no per-example deadline, a fixed example budget.
settings.register_profile("arbitro", deadline=None, max_examples=200)
# `make fuzz`: the readers' fuzz targets (tests/test_fuzz_readers.py) at length.
settings.register_profile(
    "fuzz", deadline=None, max_examples=int(os.environ.get("FUZZ_EXAMPLES", "5000"))
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "arbitro"))


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English and in UTC, whatever the machine's locale and zone."""
    for variable in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("ARBITRO_LANG", "en")
    # Moments shown in UTC, whatever the machine's zone (a test may name another).
    monkeypatch.setenv("ARBITRO_TIMEZONE", "UTC")
    token = set_language(None)
    yield
    reset_language(token)

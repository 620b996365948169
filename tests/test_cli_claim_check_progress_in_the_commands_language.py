"""The claim check's progress bar (``arbitro claim check --further``/``--thorough``) speaks
the command's language: its label and the time left go through the catalogs, never
click's own English estimate (``1d 02:00:00``).

A terminal is stood in for by a text buffer that says it is one, and the clock by one
that moves on by a fixed step at each look: no time is measured.
"""

from __future__ import annotations

import io
import itertools

import pytest

from arbitro.cli.claims import searching, time_left
from arbitro.i18n import Language, use_language


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _progress(monkeypatch: pytest.MonkeyPatch, step: float, label: str) -> str:
    """What the bar prints for a search a quarter done, the clock moving ``step`` seconds a look."""
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    clock = itertools.count(start=1_000_000.0, step=step)
    monkeypatch.setattr("time.time", lambda: next(clock))
    with searching(1_000_000, label) as told:
        assert told is not None
        told(250_000)
        told(260_000)
    return terminal.getvalue()


def test_claim_check_progress_shows_the_time_left_in_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with use_language("en"):
        shown = _progress(monkeypatch, 100_000.0, "Searching thoroughly…")
    assert "Searching thoroughly…" in shown
    assert " days " in shown, shown
    assert " left" in shown, shown
    assert "d " not in shown.replace("days ", ""), shown  # not click's "1d 02:00:00"


def test_claim_check_progress_shows_the_time_left_in_spanish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with use_language("es"):
        shown = _progress(monkeypatch, 100_000.0, "Buscando a fondo…")
    assert "Buscando a fondo…" in shown
    assert " días " in shown, shown
    assert "faltan " in shown, shown
    assert " left" not in shown


@pytest.mark.parametrize(
    ("lang", "seconds", "shown"),
    [
        ("en", 65, "00:01:05 left"),
        ("en", 86_400 + 7_200, "1 day 02:00:00 left"),
        ("es", 65, "faltan 00:01:05"),
        ("es", 3 * 86_400, "faltan 3 días 00:00:00"),
    ],
)
def test_claim_check_time_left_is_written_in_the_commands_language(
    lang: Language, seconds: int, shown: str
) -> None:
    with use_language(lang):
        assert time_left(seconds) == shown

"""The club's time zone: ``ARBITRO_TIMEZONE``, else the machine's, a Spanish install in Madrid's.

Moments are kept in UTC and shown in the club's time (the correction period's end, Law
79C1; the time to appeal, 92B). A Spanish install on a machine kept in UTC (a hosted
server, a container) shows Madrid's time rather than UTC.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from arbitro.tournament.local_time import choose_club_language, shown_time

WINTER_NIGHT = datetime(2026, 11, 30, 0, 50, tzinfo=UTC)


@pytest.fixture
def machine_in_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """A machine whose own zone is UTC, with no ``ARBITRO_TIMEZONE`` nor ``--lang`` given."""
    choose_club_language(None)  # an earlier command's --lang in this process
    monkeypatch.delenv("ARBITRO_TIMEZONE", raising=False)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield monkeypatch
    monkeypatch.undo()
    time.tzset()


def test_a_spanish_install_on_a_machine_in_utc_shows_madrids_time(
    machine_in_utc: pytest.MonkeyPatch,
) -> None:
    machine_in_utc.setenv("ARBITRO_LANG", "es")
    assert shown_time(WINTER_NIGHT).strftime("%H:%M %Z") == "01:50 CET"


def test_an_english_install_on_a_machine_in_utc_keeps_the_machines_zone(
    machine_in_utc: pytest.MonkeyPatch,
) -> None:
    machine_in_utc.setenv("ARBITRO_LANG", "en")
    assert shown_time(WINTER_NIGHT).strftime("%H:%M %Z") == "00:50 UTC"


def test_the_zone_set_for_the_club_wins_over_the_install_language(
    machine_in_utc: pytest.MonkeyPatch,
) -> None:
    machine_in_utc.setenv("ARBITRO_LANG", "es")
    machine_in_utc.setenv("ARBITRO_TIMEZONE", "Atlantic/Canary")
    assert shown_time(WINTER_NIGHT).strftime("%H:%M %Z") == "00:50 WET"

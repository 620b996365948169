"""Law 79C1: the results' state is worded once, the same on the CLI, the desk and the pages.

Before publication the results are provisional; once published they are the official
results, and a scoring error can be corrected until the correction period ends (30
minutes unless the organiser says otherwise); after it they are final. The command
line (``event show``, ``event list``, ``event publish``), the director's desk, the
public results page and the tables' ranking say it in the same words
(``CorrectionPeriod.status``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from cli_support import run_cli
from web_director import table_page

pytest_plugins = ("web_director",)  # the store with director ana, in tmp_path

PROVISIONAL = (
    "Provisional results: the director has not published the official results yet (Law 79C1)."
)
OFFICIAL = (
    "Official results: a scoring error can be corrected until {time} UTC on {day} (Law 79C1)."
)
FINAL = "Final results: the correction period ended on {day} at {time} UTC (Law 79C1)."


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell with round 1 played at tables 1 and 2, its ranking shown at the tables."""
    number = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(number, 1)
    movement = store.movement(number)
    assert movement is not None
    for seating in movement.schedule:
        if seating.round == 1 and seating.table in (1, 2):
            for board in seating.boards:
                store.enter_result(number, board, seating.table, Entry.from_str("4S N 10"))
    store.show_ranking_at_tables(number, True)
    return number


def said_everywhere(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    director: tuple[TestClient, str],
    event: int,
) -> dict[str, str]:
    """The state of the results as the CLI, the desk and the public page say it, in English."""
    database = ("--db", str(tmp_path / "arbitro.sqlite3"), "--lang", "en")
    code, shown, _ = run_cli(capsys, "event", "show", str(event), *database)
    assert code == 0
    code, listed, _ = run_cli(capsys, "event", "list", *database)
    assert code == 0
    client, _ = director
    desk = client.get(f"/director/events/{event}?lang=en").text
    public = client.get(f"/results/{event}?lang=en").text
    return {
        "show": next(line for line in shown.splitlines() if "(Law 79C1)" in line),
        "list": listed.splitlines()[0].removeprefix(f"{event}  Club  "),
        # The state; the appeal period (Law 92B) follows it in the same paragraph.
        "desk": desk.split('id="status">')[1]
        .split("</p>")[0]
        .split('<span id="appeal-period">')[0]
        .strip(),
        "public": public.split('id="results-status">')[1].split("</p>")[0]
        if 'id="results-status"' in public
        else "",
    }


def test_law_79c1_results_are_provisional_until_published(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    director: tuple[TestClient, str],
    event: int,
) -> None:
    said = said_everywhere(capsys, tmp_path, director, event)
    # The public page shows no ranking before publication, so it says no state.
    assert said == {"show": PROVISIONAL, "list": PROVISIONAL, "desk": PROVISIONAL, "public": ""}


def test_law_79c1_published_results_are_official_until_the_period_ends(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    director: tuple[TestClient, str],
    store: Store,
    event: int,
) -> None:
    published = datetime.now(UTC).replace(second=0, microsecond=0)
    store.publish(event, now=published)
    ends = published + timedelta(minutes=30)
    official = OFFICIAL.format(time=ends.strftime("%H:%M"), day=ends.strftime("%Y-%m-%d"))
    said = said_everywhere(capsys, tmp_path, director, event)
    assert said == {"show": official, "list": official, "desk": official, "public": official}
    assert official in table_page(store, event, 1, "en")


def test_law_79c1_results_are_final_once_the_period_is_over(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    director: tuple[TestClient, str],
    store: Store,
    event: int,
) -> None:
    published = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)
    store.publish(event, now=published)
    final = FINAL.format(day="2026-11-24", time="21:30")
    said = said_everywhere(capsys, tmp_path, director, event)
    assert said == {"show": final, "list": final, "desk": final, "public": final}
    assert final in table_page(store, event, 1, "en")


def test_law_79c1_publishing_says_the_official_results_and_their_period(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = ("--db", str(tmp_path / "club.sqlite3"), "--lang", "en")
    assert run_cli(capsys, "event", "new", "Monday", "--boards", "2", *database)[0] == 0
    code, out, _ = run_cli(capsys, "event", "publish", "1", *database)
    published, state = out.splitlines()
    assert code == 0
    assert published == "Results of event 1 published."
    assert state.startswith("Official results: a scoring error can be corrected until ")


def test_law_79c1_a_spanish_reader_reads_the_periods_end_day_first(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    director: tuple[TestClient, str],
    store: Store,
    event: int,
) -> None:
    """«terminó el 24/11/2026 a las 21:30 UTC»: the day first, as a Spanish club writes a date."""
    store.publish(event, now=datetime(2026, 11, 24, 21, 0, tzinfo=UTC))
    final = (
        "Resultados definitivos: el periodo de corrección terminó el 24/11/2026 a las 21:30 UTC "
        "(Artículo 79C1)."
    )
    database = ("--db", str(tmp_path / "arbitro.sqlite3"), "--lang", "es")
    code, shown, _ = run_cli(capsys, "event", "show", str(event), *database)
    assert code == 0
    assert final in shown.splitlines()
    client, _ = director
    assert final in client.get(f"/director/events/{event}?lang=es").text
    assert final in client.get(f"/results/{event}?lang=es").text

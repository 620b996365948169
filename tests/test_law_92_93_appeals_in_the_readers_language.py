"""Appeals (Laws 92, 93) as each reader sees them: words, notation and pairs of his language.

The event's log and the audit trail keep an appeal and its decision as data and word them
when read: «apelación 1 contra la decisión 1, pareja 3EO», «estimada (Artículo 93B2)», the
scores in the reader's notation; entries kept before in English words are read the same.
A contract an upheld decision gives the table is an assigned adjusted score (Laws 12C1,
93B3), unless it is the result the table played. East-West pairs are ``EO`` in Spanish
(a refused appellant, the adjusted scores' list), and the time to appeal (92B) is shown
beside the correction period (79C1).

The Spanish expectations marked ``catalog`` hold once the catalog has this branch's new
messages (listed in the branch's report).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.i18n import Language, use_language
from arbitro.store import Store, open_store
from arbitro.tournament.appeal_log import AppealDecided, AppealLodged, assigned_score
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store and director fixtures


def _appealed_mitchell(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    """A Mitchell of 3 tables: board 1 at table 2 (2NS v 3EW) adjusted, ruled on, appealed."""
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    for arguments in (
        ("event", "new", "Martes", "--movement", "mitchell", "--tables", "3",
         "--boards-per-round", "2"),
        ("result", "enter", "1", "--board", "1", "--table", "2", "--adjusted", "A60/A40"),
        ("event", "ruling", "1", "--board", "1", "--table", "2", "--law", "12C1",
         "--text", "hesitation"),
        ("event", "appeal", "1", "3EW", "--ruling", "1", "--reason", "no hesitation",
         "--signed-by", "Ana García", "--signed-by", "Luis Pérez"),
    ):  # fmt: skip
        status, _, err = run_cli(capsys, *arguments, "--db", db)
        assert status == 0, err
    return db


def _decide(capsys: pytest.CaptureFixture[str], db: str, *language: str) -> str:
    status, out, err = run_cli(
        capsys, *language, "event", "decide", "1", "1", "upheld", "--matter", "judgement",
        "--by", "Comité", "--score", "4C E 10", "--db", db,
    )  # fmt: skip
    assert status == 0, err
    return out


def _log(db: str, language: Language) -> list[str]:
    store = open_store(db)
    try:
        with use_language(language):
            return [e.detail for e in store.event_log(1) if e.action in ("appeal", "decision")]
    finally:
        store.close()


def test_law_93_an_upheld_appeal_is_logged_in_english_words_and_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _appealed_mitchell(capsys, tmp_path)
    out = _decide(capsys, db)  # English notation: 4C is four clubs
    assert "The appealed table's result is now adjusted 4C= E" in out
    assert _log(db, "en") == [
        "appeal 1 against ruling 1, pair 3EW: no hesitation "
        "(signed by Ana García, Luis Pérez; Law 92D)",
        "appeal 1: upheld (Law 93B2); board 1, table 2: adjusted A60/A40 -> adjusted 4♣= E",
    ]
    status, out, err = run_cli(capsys, "result", "audit", "1", "--db", db)
    assert status == 0, err
    assert "corrected adjusted A60/A40 -> adjusted 4C= E (appeal 1 upheld (Law 93))" in out


def test_law_93_an_upheld_appeal_is_logged_in_spanish_words_and_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:  # catalog
    db = _appealed_mitchell(capsys, tmp_path)
    _decide(capsys, db, "--lang", "es")  # Spanish notation: 4C is four hearts
    lodged, decided = _log(db, "es")
    assert lodged.startswith("apelación 1 contra la decisión 1, pareja 3EO: no hesitation")
    assert decided == (
        "apelación 1: estimada (Artículo 93B2); estuche 1, mesa 2: "
        "ajustado A60/A40 -> ajustado 4♥= E"
    )
    status, out, err = run_cli(capsys, "--lang", "es", "result", "audit", "1", "--db", db)
    assert status == 0, err
    assert "ajustado A60/A40 -> ajustado 4C= E (apelación 1 estimada (Artículo 93))" in out
    assert "upheld" not in out


def test_law_93_entries_kept_in_english_words_are_read_in_the_readers_language() -> None:  # catalog
    old = AppealDecided.from_str(
        "1: upheld (Law 93B2); board 1, table 2: adjusted A60/A40 -> 4H E 10"
    )
    assert (old.appeal, old.law, old.board, old.table, old.new) == (1, "93B2", 1, 2, "4H E 10")
    with use_language("es"):
        assert old.worded().endswith("estuche 1, mesa 2: ajustado A60/A40 -> 4♥ E 10")
    assert AppealLodged.from_str("1 (1), 2NS: x") == AppealLodged(1, "2NS", "x", 1)


def test_law_93b3_a_committees_contract_is_an_assigned_adjusted_score() -> None:
    given = Entry.from_str("4H E 10")
    assert assigned_score(given, ["adjusted A60/A40"]) == Entry.from_str("adjusted 4H= E")
    # The table's own result given back stands as played.
    assert assigned_score(given, ["4H E 10", "adjusted A60/A40"]) == given
    adjusted = Entry.from_str("adjusted A50")
    assert assigned_score(adjusted, []) == adjusted


def test_law_92a_an_east_west_appellant_is_written_eo_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _appealed_mitchell(capsys, tmp_path)
    status, _, err = run_cli(
        capsys, "--lang", "es", "event", "appeal", "1", "1NS", "--ruling", "1", "--reason", "x",
        "--signed-by", "Ana García", "--signed-by", "Luis Pérez", "--db", db,
    )  # fmt: skip
    assert status == 1
    assert "se esperaba 2NS, 3EO" in err
    assert "EW" not in err
    status, out, err = run_cli(
        capsys, "--lang", "es", "ruling", "list", "1", "--adjusted", "--db", db
    )
    assert status == 0, err
    assert "(NS 2NS, EO 3EO)" in out
    status, out, err = run_cli(capsys, "ruling", "list", "1", "--adjusted", "--db", db)
    assert "(NS 2NS, EW 3EW)" in out


def test_law_92b_the_time_to_appeal_is_shown_beside_the_correction_period(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _appealed_mitchell(capsys, tmp_path)
    status, out, err = run_cli(capsys, "event", "show", "1", "--db", db)
    assert status == 0, err
    assert "appealed" not in out  # not published: no time to appeal yet
    status, _, err = run_cli(capsys, "event", "publish", "1", "--yes", "--db", db)
    assert status == 0, err
    status, out, err = run_cli(capsys, "event", "show", "1", "--db", db)
    assert status == 0, err
    lines = out.splitlines()
    corrected = next(i for i, line in enumerate(lines) if "can be corrected until" in line)
    assert lines[corrected + 1].startswith("A ruling can be appealed until ")
    assert lines[corrected + 1].endswith("(Law 92B).")
    status, out, err = run_cli(capsys, "event", "show", "1", "--json", "--db", db)
    assert '"appeals_until": "' in out
    assert "+00:00" in out  # UTC in JSON


def test_law_92b_the_desk_gives_the_time_to_appeal_beside_the_correction_period(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(EventSpec("Club", boards=1, appeal_minutes=45), [Participant("1")])
    assert 'id="appeal-period"' not in client.get(f"/director/events/{event}").text
    store.publish(event, now=datetime(2026, 1, 1, 22, 0, tzinfo=UTC))
    page = client.get(f"/director/events/{event}").text
    status = page.split('id="status">')[1].split("</p>")[0]
    assert "the correction period ended on 2026-01-01 at 22:30 UTC" in status
    # Published long ago: the 45 minutes of Law 92B ended at 22:45 (the tests' zone, UTC).
    assert "The time to appeal a ruling ended on 2026-01-01 at 22:45 UTC (Law 92B)." in status

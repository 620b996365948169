"""The desk's PBN export is PBN 2.1 export format: ``arbitro check --strict`` accepts it.

Each game has the mandatory tags in the standard's order (``?`` where the event does
not know one), every line keeps within 255 characters with its CR LF (a pair's or a
team's players left out of a row rather than a longer line written), and a teams
event says it is one (``Scoring`` ``IMP``, ``Competition`` ``Teams``), which ``arbitro
session score`` refuses clearly rather than scoring a match's two rooms as a field.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from arbitro.formats import pbn
from arbitro.formats.pbn import MANDATORY_TAGS
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell, round_robin
from cli_support import run_cli

LONG = (
    "María de los Ángeles Fernández-Castañeda y Núñez de Arenas",
    "José Ignacio Martínez-Villanueva de la Peña y Ortega",
)
"""Two long Spanish names: a pair of each is longer than half a PBN line."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A desk database, closed after the test."""
    opened = open_store(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    yield opened
    opened.close()


def pairs_event(store: Store) -> int:
    """A Mitchell of 3 tables, a board a round; pairs 1NS and 1EW have the long names."""
    movement = mitchell(3, 1)
    players = {
        "1NS": ", ".join(LONG),
        "1EW": ", ".join(reversed(LONG)),
        "2NS": "Ana García, Luis Pérez",
        "2EW": "Íñigo Ñúñez, Begoña Álvarez",
        "3NS": "Pilar Gómez, Antonio López",
        "3EW": "Elena Torres, Pablo Núñez",
    }
    event = store.create_event(
        EventSpec("Torneo «de otoño»", boards=movement.boards),
        [Participant.from_str(f"{pair}: {names}") for pair, names in players.items()],
        movement,
        held_on=date(2026, 11, 24),
    )
    for seating in movement.schedule:
        for board in seating.boards:
            text = "4S N 10" if seating.table == 1 else "3NT S 9"
            store.enter_result(
                event, board, seating.table, Entry.from_str(text), seating.ns, seating.ew
            )
    return event


def test_pbn_export_is_accepted_by_arbitro_check_strict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, store: Store
) -> None:
    event = pairs_event(store)
    path = tmp_path / "export.pbn"
    path.write_text(store.pbn_text(event)[0], encoding="latin-1")
    assert run_cli(capsys, "--lang", "en", "check", "--strict", str(path)) == (
        0,
        f"{path}: no problems\n",
        "",
    )


def test_pbn_export_writes_the_mandatory_tags_in_the_standards_order(store: Store) -> None:
    event = pairs_event(store)
    text = store.pbn_text(event)[0]
    assert text.startswith("% PBN 2.1\n% EXPORT\n[Event ")
    for game in pbn.loads(text):
        names = [tag.name for tag in game.tags]
        assert names[: len(MANDATORY_TAGS)] == list(MANDATORY_TAGS)
        assert names[len(MANDATORY_TAGS) :] == ["Competition", "ScoreTable"]
        assert (game.get("Site"), game.get("North"), game.get("Contract")) == ("?", "?", "?")
        assert (game.get("Scoring"), game.get("Competition")) == ("MP", "Pairs")
        assert game.get("Date") == "2026.11.24"


def test_pbn_export_rows_keep_within_a_pbn_line_leaving_out_long_players(store: Store) -> None:
    # 1NS v 1EW: their players together pass 255 characters, so the longer list (1NS's,
    # as long as 1EW's) is left out; every other row keeps both pairs' players.
    event = pairs_event(store)
    text = store.pbn_text(event)[0]
    assert max(len(line) for line in text.splitlines()) <= 253  # 255 with CR LF
    tables = [game.tag("ScoreTable") for game in pbn.loads(text)]
    rows = [row for table in tables if table is not None for row in table.rows]
    assert len(rows) == 9
    for row in rows:
        if '"1NS" "1EW"' in row:
            assert row.endswith(' - "{}"'.format(";".join(reversed(LONG))))
        else:
            assert row.count('"') == 8  # the two pairs and their two lists of players
    assert any(row.endswith('"Ana García;Luis Pérez" "Íñigo Ñúñez;Begoña Álvarez"') for row in rows)


def test_pbn_export_with_long_names_reads_back_its_pairs_players_where_they_fit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, store: Store
) -> None:
    event = pairs_event(store)
    path = tmp_path / "export.pbn"
    path.write_text(store.pbn_text(event)[0], encoding="utf-8")
    code, out, err = run_cli(capsys, "session", "score", str(path))
    assert code == 0, err
    assert "Ranking, matchpoints (AEB)" in out
    database = tmp_path / "imported.sqlite3"
    code, _, err = run_cli(capsys, "event", "import", str(path), "--db", str(database))
    assert code == 0, err
    imported = open_store(f"sqlite:///{database}")
    try:
        players = {pair.number: pair.players for pair in imported.participants(1)}
    finally:
        imported.close()
    assert [player.name for player in players["1EW"]] == list(reversed(LONG))
    assert [player.name for player in players["2NS"]] == ["Ana García", "Luis Pérez"]


def teams_event(store: Store) -> int:
    """A round robin of 4 teams of 4 players with long names, one board played at every table."""
    movement = round_robin(4, 1, 1)
    teams = [
        Participant.from_str(f"{team}: " + ", ".join(f"{name} {team}" for name in (*LONG, *LONG)))
        for team in range(1, 5)
    ]
    event = store.create_event(
        EventSpec("Liga de invierno", boards=movement.boards, kind="teams"),
        teams,
        movement=movement,
    )
    seatings = store.movement(event).seatings(1)  # type: ignore[union-attr]
    for seating, text in zip(seatings, ("4S N 10", "4S N 9", "3NT S 9", "PASS"), strict=True):
        for board in seating.boards:
            store.enter_result(event, board, seating.table, Entry.from_str(text), by="ana")
    return event


def test_law78b_pbn_export_of_a_teams_event_says_imps_and_teams(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, store: Store
) -> None:
    event = teams_event(store)
    text = store.pbn_text(event)[0]
    games = pbn.loads(text)
    assert {(game.get("Scoring"), game.get("Competition")) for game in games} == {("IMP", "Teams")}
    assert max(len(line) for line in text.splitlines()) <= 253
    path = tmp_path / "teams.pbn"
    path.write_text(text, encoding="latin-1")
    assert run_cli(capsys, "--lang", "en", "check", "--strict", str(path))[0] == 0


def test_session_score_refuses_a_teams_events_pbn_export_naming_its_competition(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, store: Store
) -> None:
    # A match's two rooms are no pairs session: scored against the field, team 1 would
    # "play" board 1 twice.
    event = teams_event(store)
    path = tmp_path / "teams.pbn"
    path.write_text(store.pbn_text(event)[0], encoding="utf-8")
    code, out, err = run_cli(capsys, "--lang", "en", "session", "score", str(path))
    assert (code, out) == (2, "")
    line = next(
        number
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if text.startswith("[Competition ")
    )
    assert err == (
        f"arbitro session score: {path}, line {line}: a teams event's score table "
        '([Competition "Teams"]): its rows are the two rooms of each match, not a pairs '
        "session scored against the field; export the event as USEBIO (arbitro event "
        "export --usebio) and import that file with arbitro event import\n"
    )


def test_event_import_refuses_a_teams_events_pbn_export_naming_the_usebio_export(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, store: Store
) -> None:
    event = teams_event(store)
    path = tmp_path / "teams.pbn"
    path.write_text(store.pbn_text(event)[0], encoding="utf-8")
    database = str(tmp_path / "again.db")
    code, out, err = run_cli(capsys, "--lang", "en", "event", "import", str(path), "--db", database)
    assert (code, out) == (2, "")
    assert "a teams event's score table" in err
    assert "arbitro event export --usebio" in err
    assert err.endswith("import that file with arbitro event import\n")

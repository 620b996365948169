"""Law 87: a fouled board inside an event, scored in its groups, ranked and published.

"The director determines which scores were obtained on the board in its correct form
and which in the fouled form; he divides them into groups and scores each group
separately" (87B). ``arbitro result enter … --group A`` (and the director's API's
``group`` field) puts a table in a group; the event's ranking scores each group on its
own, brought to the board's full top by Neuberg (note ``87``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.i18n import gettext, use_language
from arbitro.store import Store
from arbitro.tournament.entry import Entry, InvalidEntryError
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell

pytest_plugins = ("web_director",)  # the store with director ana, and her client


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    code, out, err = run(capsys, *arguments)
    assert (code, err) == (0, ""), f"{arguments}: {err}"
    return out


# Board 1 at four tables; tables 1 and 2 played it in its correct form (group A), tables
# 3 and 4 in the fouled form (group B).
TABLES = {
    1: ("1", "2", "420", "A"),
    2: ("3", "4", "450", "A"),
    3: ("5", "6", "-50", "B"),
    4: ("7", "8", "-100", "B"),
}


def _club(capsys: pytest.CaptureFixture[str], tmp_path: Path, grouped: bool) -> tuple[str, str]:
    db = ("--db", str(tmp_path / f"club-{grouped}.sqlite3"))
    pairs = [arg for number in "12345678" for arg in ("--pair", number)]
    ok(capsys, "event", "new", "Club", "--boards", "1", *pairs, *db)
    for table, (ns, ew, score, group) in TABLES.items():
        where = ("--board", "1", "--table", str(table), "--ns", ns, "--ew", ew)
        grouping = ("--group", group) if grouped else ()
        ok(capsys, "result", "enter", "1", *where, "--score", score, *grouping, *db)
    return db


def _totals(capsys: pytest.CaptureFixture[str], db: tuple[str, str]) -> dict[str, float]:
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    return {row["participant"]: float(row["total"]) for row in ranking}


def test_law_87_a_fouled_board_is_scored_in_its_groups_ranked_and_published(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _club(capsys, tmp_path, grouped=True)
    listed = json.loads(ok(capsys, "result", "list", "1", "--json", *db))
    assert [row["entry"].split("group ")[-1][:1] for row in listed] == ["A", "A", "B", "B"]
    ok(capsys, "event", "publish", "1", "--by", "TD", *db)
    totals = _totals(capsys, db)
    # Top 6 (four results, 2 a result beaten). In a group of two the better gets 2 and
    # the other 0; Neuberg brings them to four results: (2 + 1) x 4/2 - 1 = 5 and
    # (0 + 1) x 4/2 - 1 = 1. So -50, best of group B, is 5 of 6, 83.33 %.
    assert totals["5"] == pytest.approx(500 / 6, abs=0.01)
    assert totals["1"] == pytest.approx(100 / 6, abs=0.01)
    assert totals["3"] == totals["5"]
    assert totals["7"] == totals["1"]
    # Scored as one field, -50 beats only -100: 2 of 6.
    plain = _totals(capsys, _club(capsys, tmp_path, grouped=False))
    assert plain["5"] == pytest.approx(200 / 6, abs=0.01)


def test_law_87_a_bad_group_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(capsys, "event", "new", "Club", "--boards", "1", "--pair", "1", "--pair", "2", *db)
    code, out, err = run(
        capsys, "result", "enter", "1", "--board", "1", "--table", "1", "--ns", "1", "--ew", "2",
        "--score", "420", "--group", "A B", *db,
    )  # fmt: skip
    assert code == 2
    assert out == ""
    assert "'A B'" in err
    assert "Law 87" in err
    assert json.loads(ok(capsys, "result", "list", "1", "--json", *db)) == []


@given(
    text=st.sampled_from(
        [
            "4S N 10",
            "3NT S 8 lead SQ score -100",
            "adjusted A60/A40",
            "not-played",
            "score 420 law15",
            "Pass",
        ]
    ),
    group=st.from_regex(r"[A-Za-z0-9]{1,20}", fullmatch=True),
)
def test_law_87_the_group_is_kept_in_the_entrys_text(text: str, group: str) -> None:
    entry = Entry.from_str(text)
    with_group = replace(entry, group=group)
    assert Entry.from_str(with_group.to_str()) == with_group
    assert Entry.from_str(with_group.to_str()).group == group


def test_law_87_from_fields_refuses_a_group_of_two_words() -> None:
    with pytest.raises(InvalidEntryError, match="Law 87"):
        Entry.from_fields(score="420", group="A B")


def test_law_87_the_directors_api_takes_a_fouled_boards_group(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    client.headers["X-CSRF-Token"] = csrf
    created = client.post(
        "/api/events",
        json={"name": "Club", "movement": "howell", "tables": 2, "boards_per_round": 2},
    )
    assert created.status_code == 201, created.text
    event = created.json()["id"]
    movement = store.movement(event)
    assert movement is not None
    seat = next(s for s in movement.schedule if s.round == 1 and s.table == 1)
    board = seat.boards[0]
    bad = client.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "score": "-50", "group": "A B"},
    )
    assert bad.status_code == 422
    assert "A B" in bad.json()["detail"]
    stored = client.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "score": "-50", "group": "B"},
    )
    assert stored.status_code == 201, stored.text
    (result,) = store.results(event)
    assert result.entry.group == "B"
    assert client.get(f"/api/events/{event}/ranking").status_code == 200


def _desk_result(
    client: TestClient,
    csrf: str,
    event: int,
    table: int,
    score: str,
    group: str,
    reason: str = "",
    status: int = 200,
) -> str:
    answer = client.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": csrf,
            "board": "1",
            "table": str(table),
            "score": score,
            "group": group,
            "reason": reason,
        },
    )
    assert answer.status_code == status, answer.text
    return answer.text


def test_law_87_the_desks_result_form_puts_a_table_in_a_fouled_boards_group(
    director: tuple[TestClient, str], store: Store
) -> None:
    """87B: the director divides the board's scores into groups on the desk's result form."""
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=5), movement=mitchell(5, 1))
    movement = store.movement(event)
    assert movement is not None
    tables = sorted(s.table for s in movement.schedule if 1 in s.boards)[:4]
    assert len(tables) == 4
    form = client.get(f"/director/events/{event}/result?board=1&table={tables[0]}")
    assert 'name="group"' in form.text
    assert "Law 87" in form.text
    # A group of two words is refused, naming it and the Law, and nothing is stored.
    refused = _desk_result(client, csrf, event, tables[0], "420", "A B", status=422)
    assert "A B" in refused
    assert "Law 87" in refused
    assert store.results(event) == []
    for table, score, group in zip(tables, ("420", "450", "-50", "-100"), "AABB", strict=True):
        _desk_result(client, csrf, event, table, score, group)
    assert {r.table: r.entry.group for r in store.results(event)} == dict(
        zip(tables, "AABB", strict=True)
    )
    # The correction form starts from the stored group; moving the table to another group
    # is a correction, with its reason in the audit trail.
    shown = client.get(f"/director/events/{event}/result?board=1&table={tables[2]}")
    assert 'name="group" id="group" value="B"' in shown.text
    before = len(store.audit(event))
    _desk_result(client, csrf, event, tables[2], "-50", "A", reason="jugado en la forma correcta")
    assert len(store.audit(event)) == before + 1
    moved = next(r for r in store.results(event) if r.table == tables[2])
    assert moved.entry.group == "A"
    # The same group again changes nothing and records nothing.
    _desk_result(client, csrf, event, tables[2], "-50", "A", reason="otra vez")
    assert len(store.audit(event)) == before + 1


def test_law_87_the_desks_result_form_speaks_spanish(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(EventSpec("Club", boards=5), movement=mitchell(5, 1))
    form = client.get(f"/director/events/{event}/result?board=1&table=1&lang=es")
    with use_language("es"):
        label = gettext(
            "Fouled board: the table's group (Law 87), empty if the board was not fouled"
        )
    assert label != "Fouled board: the table's group (Law 87), empty if the board was not fouled"
    assert label in form.text

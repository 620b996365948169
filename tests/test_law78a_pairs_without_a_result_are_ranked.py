"""Law 78A: every pair of the event is in its ranking, one with no result yet too.

A Howell of five tables whose table 3 has entered nothing: pairs 4 and 7 have no
result. The ranking lists them after the others with «—» for place and total, and says
they have no result yet; the JSON keeps them with null figures.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from cli_support import run_cli
from howell_support import round_one_but_table_3

pytest_plugins = ("web_director",)  # the store with director ana


def _without_table_3(store: Store) -> int:
    """A 5-table Howell's first round entered at every table but table 3, published."""
    event = round_one_but_table_3(store)
    store.publish(event)
    return event


def test_law78a_a_pair_with_no_result_is_listed_last_without_figures(store: Store) -> None:
    event = _without_table_3(store)
    standings = store.ranking(event)
    assert sorted(s.participant for s in standings) == sorted(str(n) for n in range(1, 11))
    absent = [(s.participant, s.played, s.compared) for s in standings[-2:]]
    assert absent == [("4", False, False), ("7", False, False)]
    assert all(s.played for s in standings[:-2])


def test_law78a_a_mitchell_pair_with_no_result_keeps_its_direction(store: Store) -> None:
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    store.enter_result(event, 1, 2, Entry.from_str("4S N 9"))
    by_side = {
        s.participant: s.direction.to_str() if s.direction else None for s in store.ranking(event)
    }
    # Tables 1 and 2 played board 1; table 3's pairs are listed too, in their direction.
    assert by_side == {f"{table}{side}": side for table in "123" for side in ("NS", "EW")}


def test_law78a_the_pages_list_a_pair_with_no_result_and_say_so(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _without_table_3(store)
    for lang, why in (("es", "aún no tienen resultado"), ("en", "have no result yet")):
        for path in (f"/results/{event}", f"/director/events/{event}"):
            page = client.get(f"{path}?lang={lang}").text
            ranking = page.split('<table class="results ranking">')[1].split("</table>")[0]
            assert ranking.count("<tr>") == 11, path  # the heading and the ten pairs
            assert ranking.count("—</abbr>") == 4, path  # pairs 4 and 7: no place, no total
            note = page.split('id="no-result">')[1].split("</p>")[0]
            assert why in note, path
            assert "4, 7" in note, path
    lines = client.get(f"/api/results/{event}").json()["ranking"]
    assert len(lines) == 10
    assert [(line["participant"], line["rank"], line["total"]) for line in lines[-2:]] == [
        ("4", None, None),
        ("7", None, None),
    ]
    desk = client.get(f"/api/events/{event}/ranking").json()
    assert [(line["place"], line["score"]) for line in desk if line["participant"] in "47"] == [
        (None, None),
        (None, None),
    ]


def test_law78a_the_command_line_lists_a_pair_with_no_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    code, _, err = run_cli(
        capsys, "event", "new", "Howell del jueves", "--movement", "howell", "--tables", "5",
        "--rounds", "2", *db,
    )  # fmt: skip
    assert code == 0, err
    for table, boards in (("1", "78"), ("2", "34"), ("4", "34"), ("5", "12")):
        for board in boards:
            code, _, err = run_cli(
                capsys, "result", "enter", "1", "--table", table, "--board", board,
                "--contract", "4S", "--declarer", "N", "--tricks", "10", *db,
            )  # fmt: skip
            assert code == 0, err
    for lang, why in (("en", "—: pairs 4, 7 have no result yet."), ("es", "aún no tienen")):
        code, out, _ = run_cli(capsys, "event", "ranking", "1", "--lang", lang, *db)
        assert code == 0
        rows = [line.split() for line in out.splitlines() if line.startswith("  ")]
        assert [row[1] for row in rows[-2:]] == ["4", "7"]
        assert all(row[0] == row[2] == "—" for row in rows[-2:])
        assert len(rows) == 11  # the heading and ten pairs
        assert why in out
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--json", *db)
    lines = json.loads(out)
    assert [(s["participant"], s["rank"], s["total"], s["played"]) for s in lines[-2:]] == [
        ("4", None, None, False),
        ("7", None, None, False),
    ]


def test_law78a_a_pair_with_no_result_and_no_movement_leaves_the_directions_ranked_apart(
    store: Store,
) -> None:
    """An event with no movement (results entered by pair number): pairs 1 and 3 played
    North-South, 2 and 4 East-West; pair 5 has played nothing. It is listed after them
    and the event keeps a winner in each direction, as without it."""
    participants = [Participant(number) for number in "12345"]
    event = store.create_event(EventSpec("Sin movimiento", boards=2), participants=participants)
    for board, table, ns, ew, entry in (
        (1, 1, "1", "2", "4S N 10"),
        (1, 2, "3", "4", "4S N 9"),
        (2, 1, "1", "2", "3NT N 9"),
        (2, 2, "3", "4", "3NT N 8"),
    ):
        store.enter_result(event, board, table, Entry.from_str(entry), ns=ns, ew=ew)
    ranked = [
        (s.participant, s.rank_label, s.direction and s.direction.name, s.played)
        for s in store.ranking(event)
    ]
    assert ranked[:4] == [
        ("1", "1", "NS", True),
        ("3", "2", "NS", True),
        ("4", "1", "EW", True),
        ("2", "2", "EW", True),
    ]
    assert [(participant, played) for participant, _, _, played in ranked[4:]] == [("5", False)]

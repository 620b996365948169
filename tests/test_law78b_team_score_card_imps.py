"""A team's score card gives the IMPs it won or lost on each board (Law 78B).

A team plays each board twice, once at each table of its match; its captain compares
the two results and writes the IMPs the team won or lost on the board. The printed score
cards and the public score card have those two columns for a teams event, one cell for
the board's two lines; a board whose other table has no result yet has them empty (to
write in), and so has a card read at a table before the session is over.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import round_robin
from arbitro.web import create_app
from arbitro.web.security import table_code
from cli_support import run_cli
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana, and her client


def team_match(store: Store) -> int:
    """Teams A and B: A wins 6 IMPs on board 1, loses 5 on board 2, halves board 3;
    board 4 is played at table 1 only."""
    event = store.create_event(
        EventSpec("Liga", boards=4, kind="teams"),
        movement=round_robin(["A", "B"], 4),
    )
    for board, table, ns, ew, score in (
        (1, 1, "A", "B", 420),
        (1, 2, "B", "A", 170),
        (2, 1, "A", "B", -100),
        (2, 2, "B", "A", 110),
        (3, 1, "A", "B", 420),
        (3, 2, "B", "A", 420),
        (4, 1, "A", "B", 100),
    ):
        store.enter_result(event, board, table, Entry.from_str(f"score {score}"), ns=ns, ew=ew)
    return event


def card_rows(page: str, team: str) -> list[list[str]]:
    """The cells of ``team``'s printed score card, row by row, as text."""
    card = page.split(f'id="print-card-{team}"')[1].split("</section>")[0]
    body = card.split("<tbody>")[1].split("</tbody>")[0]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>.*?</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


COMPARED = [  # the pages write whole IMPs whole (the JSON API keeps 6.00)
    ["1", "NS", "B", "score 420", "+420", "6", ""],
    ["1", "EW", "B", "score 170", "+170"],
    ["2", "NS", "B", "score -100", "-100", "", "5"],
    ["2", "EW", "B", "score 110", "+110"],
    ["3", "NS", "B", "score 420", "+420", "0", "0"],
    ["3", "EW", "B", "score 420", "+420"],
    ["4", "NS", "B", "score 100", "+100", "", ""],
]
"""Team A's card: each board's IMPs once, over its two lines; board 4 waits for table 2."""


def test_law_78b_the_printed_team_score_card_has_the_imps_won_and_lost_on_each_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = team_match(store)
    page = client.get(f"/director/events/{event}/print/cards?lang=en").text
    assert card_rows(page, "A") == COMPARED
    card = page.split('id="print-card-A"')[1].split("</section>")[0]
    assert "IMPs won" in card
    assert "IMPs lost" in card
    assert "Points" not in card
    assert card.count('rowspan="2"') == 6  # boards 1 to 3: won and lost, over both lines
    # Team B's card is the mirror: it lost 6 on board 1, won 5 on board 2.
    rows_b = card_rows(page, "B")
    assert [row[5:] for row in rows_b if len(row) > 5] == [
        ["", "6"],
        ["5", ""],
        ["0", "0"],
        ["", ""],
    ]


def test_law_78b_the_team_score_card_speaks_spanish(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = team_match(store)
    page = client.get(f"/director/events/{event}/print/cards?lang=es").text
    card = page.split('id="print-card-A"')[1].split("</section>")[0]
    assert "IMP ganados" in card
    assert "IMP perdidos" in card
    assert card_rows(page, "A")[0][5:] == ["6", ""]


def test_law_78b_the_public_team_score_card_has_the_imps_once_the_director_reads_it(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = team_match(store)
    page = client.get(f"/results/{event}/pairs/A?lang=en").text
    assert "IMPs won" in page
    assert 'class="number imps-won" rowspan="2">6</td>' in page
    assert 'class="number imps-lost" rowspan="2">5</td>' in page
    lines = client.get(f"/api/results/{event}/pairs/A").json()["boards"]
    assert [(line["board"], line["won"], line["lost"], line["span"]) for line in lines] == [
        (1, "6.00", "", 2),
        (1, "", "", 0),
        (2, "", "5.00", 2),
        (2, "", "", 0),
        (3, "0.00", "0.00", 2),
        (3, "", "", 0),
        (4, "", "", 1),
    ]


def test_law_78b_a_table_reads_no_imps_on_its_card_before_the_session_is_over(
    store: Store,
) -> None:
    event = team_match(store)
    store.open_round(event, 1)  # the match is still being played
    client = TestClient(create_app(store, secret=SECRET))
    code = table_code(SECRET, event, 1)
    answer = client.get(f"/api/results/{event}/pairs/A?code={code}")
    assert answer.status_code == 200, answer.text
    lines = answer.json()["boards"]
    assert [line["board"] for line in lines if line["span"]] == [1, 2, 3, 4]
    assert all((line["won"], line["lost"], line["points"]) == ("", "", "") for line in lines)


def test_law_78b_event_card_gives_a_team_the_imps_won_and_lost_once_a_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "liga.sqlite3"))
    code, _, err = run_cli(
        capsys, "event", "new", "Liga", "--kind", "teams",
        "--boards", "2", "--pair", "A", "--pair", "B", *db,
    )  # fmt: skip
    assert code == 0, err
    for board, table, ns, ew, score in (
        (1, 1, "A", "B", "420"),
        (1, 2, "B", "A", "170"),
        (2, 1, "A", "B", "-100"),
        (2, 2, "B", "A", "110"),
    ):
        code, _, err = run_cli(
            capsys, "result", "enter", "1", "--board", str(board), "--table", str(table),
            "--ns", ns, "--ew", ew, "--score", score, *db,
        )  # fmt: skip
        assert code == 0, err
    code, out, err = run_cli(capsys, "event", "card", "1", "A", *db, "--lang", "en")
    assert code == 0, err
    header, *rows = out.splitlines()[1:]
    assert header.split()[-4:] == ["IMPs", "won", "IMPs", "lost"]
    # Whole IMPs written whole, as the pages write them.
    assert [row.split()[-1] for row in rows] == ["6", "+170", "5", "+110"]
    lost = header.index("IMPs lost")
    assert [row[lost:].strip() for row in rows] == ["", "", "5", ""]
    code, out, _ = run_cli(capsys, "event", "card", "1", "A", *db, "--lang", "es")
    assert "IMP ganados" in out.splitlines()[1]

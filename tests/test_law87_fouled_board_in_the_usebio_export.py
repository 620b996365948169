"""Law 87B in the USEBIO export of a teams event: a match's board whose two tables are in
different groups of a fouled board is written in its match with both tables' results,
no IMPs and a note naming the groups; read back, its tables keep their groups, so the
match scores again as the event scored it; the export tells the director (command line
and desk)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.formats import usebio
from arbitro.store import Store
from arbitro.tournament.teams import score_matches
from cli_support import run_cli
from test_law87_team_boards_not_compared_in_every_output import fouled_event

pytest_plugins = ("web_director",)  # the store with director ana, and her client


def test_law_87b_usebio_writes_the_fouled_board_in_its_match_without_imps(store: Store) -> None:
    event = fouled_event(store)
    text = store.usebio_text(event)[0]
    session = usebio.loads(text).event.sessions[0]
    (match,) = [m for m in session.matches if {m.team, m.opposing_team} == {"A", "B"}]
    fouled = next(board for board in match.boards if board.number == 1)
    assert fouled.imps is None
    assert len(fouled.lines) == 2  # both tables were played
    assert {line.result.to_str() for line in fouled.lines if line.result} == {"+420", "+170"}
    assert fouled.note is not None
    assert fouled.note.startswith("Fouled board (Law 87B)")
    assert "(groups A and B)" in fouled.note
    assert "<!-- Fouled board (Law 87B)" in text
    # The match's figures leave the board out, as the event does.
    (stored,) = [m for m in store.matches(event)[1] if {m.home, m.away} == {"A", "B"}]
    assert (match.team_imps, match.team_score) == (stored.home_imps, stored.home_vps)
    assert usebio.match_figures(session)[0].board_numbers == stored.board_numbers
    # Read back, the two tables keep their groups, so they are not compared again.
    results = usebio.team_results(session)
    assert sorted(
        (r.board, r.ns, r.group) for r in results if r.board == 1 and "A" in (r.ns, r.ew)
    ) == [
        (1, "A", "A"),
        (1, "B", "B"),
    ]
    again = {(m.home, m.away): (m.home_imps, m.home_vps) for m in score_matches(results)}
    assert again[(stored.home, stored.away)] == (stored.home_imps, stored.home_vps)


def test_law_87b_usebio_export_tells_the_director_on_the_command_line(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    event = fouled_event(store)
    target = tmp_path / "liga.xml"
    code, out, err = run_cli(
        capsys, "event", "export", str(event), "--usebio", str(target),
        "--db", str(tmp_path / "arbitro.sqlite3"),
    )  # fmt: skip
    assert code == 0
    assert "1 session written" in out
    assert "The USEBIO file writes these boards in their match" in err
    assert "Board 1, session 1, match A v B" in err
    assert target.read_text(encoding="utf-8").count("Fouled board (Law 87B)") == 1


def test_law_87b_the_desk_says_what_the_usebio_export_writes_of_the_board(
    store: Store, director: tuple[TestClient, str]
) -> None:
    event = fouled_event(store)
    client, _ = director
    page = client.get(f"/director/events/{event}").text
    assert 'id="export-uncompared"' in page
    part = page.split('id="export-uncompared"')[1].split("</div>")[0]
    assert "Board 1, session 1, match A v B" in part

"""``arbitro session score`` of a file of several sessions scores one: ``--session N``.

``arbitro event export`` writes an event of two sessions as one USEBIO file (two
``SESSION`` elements) or one PBN file (its games' ``Stage``): each pair has a result on
each board once a session, so the sessions cannot be scored as one. Without
``--session`` the command names the sessions and the option; with it, it scores that
session alone, its messages naming the file's own lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from cli_support import run_cli


def _two_sessions(db: str) -> None:
    """A Mitchell of three tables, two sessions: table 1 makes ten tricks in session 1 only."""
    store = open_store(db)
    event = store.create_event(EventSpec("Dos", boards=6, sessions=2), movement=mitchell(3, 2))
    movement = store.movement(event)
    assert movement is not None
    for session in (1, 2):
        for round_number in range(1, movement.rounds + 1):
            for seat in movement.seatings(round_number):
                made = 10 if (seat.table == 1 and session == 1) else 9
                for board in seat.boards:
                    entry = Entry.from_str(f"4S N {made}")
                    store.enter_result(event, board, seat.table, entry, session=session)
    store.close()


@pytest.mark.parametrize("kind", ["--usebio", "--pbn"])
def test_session_score_of_a_two_session_export_scores_the_session_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    _two_sessions(db)
    path = tmp_path / ("export.xml" if kind == "--usebio" else "export.pbn")
    code, _, err = run_cli(capsys, "event", "export", "1", str(path), kind, "--db", db)
    assert code == 0, err
    code, out, err = run_cli(capsys, "session", "score", str(path))
    assert code != 0
    assert out == ""
    assert f"'{path}' holds 2 sessions (1" in err
    assert "score one at a time with --session" in err
    code, first, err = run_cli(capsys, "session", "score", str(path), "--session", "1")
    assert code == 0, err
    code, second, err = run_cli(capsys, "session", "score", str(path), "--session", "2")
    assert code == 0, err
    # Table 1's North-South made ten tricks where the others made nine: only in session 1.
    assert "  1NS  1EW  +420    4.00  0.00" in first
    assert "  1NS  1EW  -50     2.00  2.00" in second
    assert "+420" not in second
    code, _, err = run_cli(capsys, "session", "score", str(path), "--session", "3")
    assert code != 0
    assert f"'{path}' has no session 3; its sessions: 1" in err

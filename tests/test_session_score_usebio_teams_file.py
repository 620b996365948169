"""``arbitro session score`` of a USEBIO teams file: refused, saying it is one and what reads it.

A teams file's results are its ``MATCH`` elements (as ``arbitro event export --usebio``
writes a teams event), with the carry-overs, byes, rounds and penalties of its event:
``arbitro event import`` makes that event (Law 78B), and ``arbitro event ranking`` ranks
it. ``session score`` says so, naming the file, rather than that it has no results.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.store import open_store
from cli_support import run_cli
from teams_support import league


def test_session_score_of_a_usebio_teams_file_points_to_event_import(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = str(tmp_path / "league.db")
    store = open_store(database)
    try:
        league(store)
    finally:
        store.close()
    target = tmp_path / "liga.xml"
    code, _, err = run_cli(
        capsys, "event", "export", "1", str(target), "--usebio", "--db", database
    )
    assert code == 0, err
    code, out, err = run_cli(capsys, "--lang", "en", "session", "score", str(target))
    assert (code, out) == (2, "")
    assert err == (
        f"arbitro session score: '{target}' is a teams event's USEBIO file: its results are "
        "its matches, which arbitro session score does not score; make its event with "
        f"arbitro event import {target}, then rank it with arbitro event ranking\n"
    )
    code, out, err = run_cli(capsys, "event", "import", str(target), "--db", str(tmp_path / "b.db"))
    assert code == 0, err  # what the message names reads it
    assert out.startswith("Event 1 imported: Liga")

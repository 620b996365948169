"""A Spanish director's usual mistakes on the night, each refused in one line that names
the input, what was expected, and writes it as the director does (``3EO``, ``4P``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli


def mitchell(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    """A Mitchell of 3 tables and 2 boards a round, with board 1 entered at table 1."""
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, _, err = run_cli(
        capsys, "event", "new", "Martes", "--movement", "mitchell", "--tables", "3",
        "--boards-per-round", "2", "--db", db,
    )  # fmt: skip
    assert status == 0, err
    status, _, err = run_cli(
        capsys, "result", "enter", "1", "--board", "1", "--table", "1", "--contract", "4S",
        "--declarer", "N", "--tricks", "10", "--db", db, "--lang", "en",
    )  # fmt: skip
    assert status == 0, err
    return db


def test_law_90_penalty_to_a_pair_the_event_lacks_names_its_pairs_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "event", "penalty", "1", "9eo", "25%", "--reason", "lento", "--db", db,
        "--lang", "es",
    )  # fmt: skip
    assert status == 1
    assert out == ""
    assert err.strip() == (
        "arbitro: «9EO» no participa en el torneo (se esperaba uno de 1EO, 1NS, 2EO, 2NS, 3EO, 3NS)"
    )


def test_score_card_of_a_pair_the_event_lacks_names_the_pairs_it_has(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = mitchell(capsys, tmp_path)
    status, out, err = run_cli(capsys, "event", "card", "1", "4NS", "--db", db, "--lang", "en")
    assert status == 1
    assert out == ""
    assert err.strip() == (
        "arbitro: '4NS' is not a participant of the event (expected 1NS, 1EW, 2NS, 2EW, 3NS, 3EW)"
    )
    status, _, err = run_cli(capsys, "event", "card", "1", "4EO", "--db", db, "--lang", "es")
    assert status == 1
    assert "«4EO» no participa en el torneo (se esperaba uno de 1NS, 1EO," in err


def test_score_card_of_a_pair_without_results_writes_it_as_the_director_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = mitchell(capsys, tmp_path)
    status, _, err = run_cli(capsys, "event", "card", "1", "3eo", "--db", db, "--lang", "es")
    assert status == 1
    assert err.strip() == "arbitro: 3EO no tiene resultados en el torneo 1"

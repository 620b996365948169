"""A Spanish director's usual mistakes on the night, each refused in one line that names
the input, what was expected, and writes it as the director does (``3EO``, ``4P``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import club_mitchell, run_cli


def test_law_90_penalty_to_a_pair_the_event_lacks_names_its_pairs_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "event", "penalty", "1", "9eo", "25%", "--reason", "lento", "--db", db,
        "--lang", "es",
    )  # fmt: skip
    assert status == 1
    assert out == ""
    assert err.strip() == (
        "arbitro: «9EO» no participa en el torneo (se esperaba uno de 1EO, 1NS, 2EO, 2NS, 3EO, 3NS)"
    )


def test_law_8_a_pair_the_movement_lacks_is_quoted_in_the_directors_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, out, err = run_cli(
        capsys, "event", "new", "Martes", "--movement", "howell", "--tables", "2",
        "--pair", "2EO: Rosa, Miguel", "--db", db, "--lang", "es",
    )  # fmt: skip
    assert (status, out) == (1, "")
    assert err.strip() == (
        "arbitro: el participante «2EO» no está en el movimiento (se esperaba uno de 1, 2, 3, 4)"
    )
    status, out, err = run_cli(
        capsys, "event", "new", "Martes", "--movement", "mitchell", "--tables", "3",
        "--pair", "4EO: Rosa, Miguel", "--db", db, "--lang", "es",
    )  # fmt: skip
    assert status == 1
    assert "«4EO» no está en el movimiento (se esperaba uno de 1NS, 1EO, 2NS, 2EO," in err


def test_law_90_penalty_to_a_pair_the_event_lacks_lists_its_pairs_in_numbers_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, _, err = run_cli(
        capsys, "event", "new", "Jueves", "--movement", "howell", "--tables", "5", "--db", db
    )
    assert status == 0, err
    status, _, err = run_cli(
        capsys, "event", "penalty", "1", "9EO", "10%", "--reason", "tarde", "--db", db,
        "--lang", "es",
    )  # fmt: skip
    assert status == 1
    assert err.strip().endswith("(se esperaba uno de 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)")


def test_score_card_of_a_pair_the_event_lacks_names_the_pairs_it_has(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(capsys, "event", "card", "1", "4NS", "--db", db, "--lang", "en")
    assert status == 1
    assert out == ""
    assert err.strip() == (
        "arbitro: '4NS' is not a participant of the event (expected 1EW, 1NS, 2EW, 2NS, 3EW, 3NS)"
    )
    status, _, err = run_cli(capsys, "event", "card", "1", "4EO", "--db", db, "--lang", "es")
    assert status == 1
    assert "«4EO» no participa en el torneo (se esperaba uno de 1EO, 1NS, 2EO," in err


def test_score_card_of_a_pair_without_results_writes_it_as_the_director_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, _, err = run_cli(capsys, "event", "card", "1", "3eo", "--db", db, "--lang", "es")
    assert status == 1
    assert err.strip() == "arbitro: 3EO no tiene resultados en el torneo 1"


def test_contract_in_the_other_notation_is_refused_with_how_to_write_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "result", "enter", "1", "--board", "1", "--table", "2", "--contract", "4P",
        "--declarer", "N", "--tricks", "10", "--db", db, "--lang", "en",
    )  # fmt: skip
    assert status == 2
    assert out == ""
    assert err.strip().endswith("; '4P' is in Spanish notation: write 4S, or add --notation es")
    status, _, err = run_cli(capsys, "score", "4P", "10", "--lang", "en")
    assert status == 2
    assert err.strip().endswith("; '4P' is in Spanish notation: write 4S")  # no --notation


def test_seat_and_lead_in_the_other_notation_get_the_hint_a_mistake_does_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    enter = ("result", "enter", "1", "--board", "1", "--table", "2", "--db", db, "--lang", "en")
    _, _, seat = run_cli(capsys, *enter, "--contract", "4S", "--declarer", "O", "--tricks", "9")
    assert seat.strip().endswith("'O' is in Spanish notation: write W, or add --notation es")
    _, _, lead = run_cli(
        capsys, *enter, "--contract", "4S", "--declarer", "N", "--tricks", "9", "--lead", "CR"
    )
    assert lead.strip().endswith("'CR' is in Spanish notation: write HK, or add --notation es")
    _, _, wrong = run_cli(capsys, *enter, "--contract", "4Z", "--declarer", "N", "--tricks", "9")
    assert "notation" not in wrong
    assert "'Z' is not a strain" in wrong


def test_english_travellers_on_a_spanish_command_line_are_read_in_the_files_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A CSV file's notation is told by its headers, not by --lang: English headers,
    # English contracts; Spanish ones beneath English headers are refused with the hint.
    travellers = tmp_path / "club.csv"
    travellers.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n")
    status, out, err = run_cli(capsys, "session", "score", str(travellers), "--lang", "es")
    assert status == 0, err
    assert "+420" in out
    travellers.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4P,N,10\n")
    status, out, err = run_cli(capsys, "session", "score", str(travellers), "--lang", "es")
    assert status == 2
    assert out == ""
    assert "línea 2, columna «contract»" in err
    assert err.strip().endswith("«4P» está en notación española: escriba 4S, o añada --notation es")


def test_law_70_one_trick_awarded_is_written_in_the_singular_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Passes once the catalog has the award's plural forms ("Se otorga 1 ...").
    log = Path(__file__).parent.parent / "docs" / "examples" / "claim-end-position.jsonl"
    status, out, err = run_cli(capsys, "claim", "check", str(log), "--lang", "es")
    assert status == 0, err
    assert "Se otorga 1 de las bazas restantes al bando del reclamante (Artículo 70)" in out


def test_law_16b1b_poll_actions_in_the_report_are_written_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    case = Path(__file__).parent.parent / "docs" / "examples" / "ruling-slow-5c.json"
    status, out, err = run_cli(capsys, "ruling", "report", str(case), "--lang", "es")
    assert status == 0, err
    assert "Sí: alternativas lógicas: Paso (consulta a 4 jugadores: Paso considerada" in out
    assert "; 6♣ considerada por 3, elegida por 2)" in out
    assert "  alternativas lógicas: Paso\n" in out


def test_law_12c1b_damage_without_the_other_table_names_the_option_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ("ruling", "damage", "--without", "-100", "--after", "-420", "--actual", "-500")
    status, out, err = run_cli(capsys, *arguments, "--lang", "es")
    assert status == 2
    assert out == ""
    assert err == "arbitro ruling damage: falta --other-table\n"


def test_export_refuses_pbn_and_usebio_together_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    target = tmp_path / "martes.xml"
    status, out, err = run_cli(
        capsys, "event", "export", "1", str(target), "--usebio", "--pbn", "--db", db
    )
    assert status == 2
    assert out == ""
    assert err == "arbitro event export: give --pbn or --usebio, not both\n"
    assert not target.exists()


def test_law_79c2_reopening_without_the_organiser_names_the_missing_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "event", "reopen", "1", "--board", "1", "--reason", "mal anotado", "--by", "TD",
        "--db", db, "--lang", "es",
    )  # fmt: skip
    assert status == 2
    assert out == ""
    assert err == (
        "arbitro event reopen: reabrir tras el periodo de corrección exige al árbitro (--by) "
        "y al organizador (--organiser), sin ninguna duda de que el resultado es incorrecto "
        "(Artículo 79C2); falta --organiser\n"
    )
    assert "mal anotado" not in err  # the reason is not what is wrong


def test_law_78b_teams_traveller_and_penalty_write_whole_imps_whole_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'liga.sqlite3'}", "--lang", "es")
    status, _, err = run_cli(
        capsys, "event", "new", "Liga", "--kind", "teams", "--boards", "1", "--pair", "1",
        "--pair", "2", *db,
    )  # fmt: skip
    assert status == 0, err
    for table, ns, ew, tricks in (("1", "1", "2", "10"), ("2", "2", "1", "9")):
        status, _, err = run_cli(
            capsys, "result", "enter", "1", "--board", "1", "--table", table, "--ns", ns,
            "--ew", ew, "--contract", "4P", "--declarer", "N", "--tricks", tricks, *db,
        )  # fmt: skip
        assert status == 0, err
    status, _, err = run_cli(
        capsys, "event", "penalty", "1", "1", "3IMP", "--board", "1", "--reason", "lento", *db
    )
    assert status == 0, err
    _, traveller, _ = run_cli(capsys, "event", "traveller", "1", "1", *db)
    assert traveller.splitlines()[2].split()[-2:] == ["10", "-10"]
    _, card, _ = run_cli(capsys, "event", "card", "1", "1", *db)
    assert "Penalización: 3 IMP (Artículo 90) lento" in card
    _, show, _ = run_cli(capsys, "event", "show", "1", *db)
    assert "Artículo 90): 1, 3 IMP; lento" in show
    # One board and one session, each in the singular (not «1 estuches»).
    assert "(AEB), 1 estuche, 1 sesión" in show


def test_law_8_movement_of_the_event_writes_east_west_pairs_as_eo_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "event", "movement", "--event", "1", "--db", db, "--lang", "es"
    )
    assert status == 0, err
    first = out.splitlines()[4].split()
    assert first[:3] == ["1", "1NS", "1EO"]
    assert "EW" not in out
    _, english, _ = run_cli(capsys, "event", "movement", "--event", "1", "--db", db, "--lang", "en")
    assert english.splitlines()[4].split()[:3] == ["1", "1NS", "1EW"]


def test_law_93_an_appeal_decided_already_names_its_decision_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    es = ("--db", db, "--lang", "es")
    run_cli(capsys, "event", "ruling", "1", "--board", "1", "--table", "1", "--law", "16B1a",
            "--text", "duda", "--by", "TD", *es)  # fmt: skip
    status, _, err = run_cli(
        capsys, "event", "appeal", "1", "1EO", "--reason", "no hubo duda", "--ruling", "1",
        "--signed-by", "Eva", "--signed-by", "Juan", *es,
    )  # fmt: skip
    assert status == 0, err
    status, _, err = run_cli(
        capsys, "event", "decide", "1", "1", "dismissed", "--by", "comité", *es
    )
    assert status == 0, err
    status, _, err = run_cli(capsys, "event", "decide", "1", "1", "upheld", "--by", "comité", *es)
    assert status == 1
    assert "la apelación 1 ya está resuelta (desestimada, por comité)" in err


def test_python_dash_m_arbitro_runs_the_command_line() -> None:
    source = str(Path(__file__).parent.parent / "src")
    environment = {**os.environ, "PYTHONPATH": source, "ARBITRO_LANG": "es"}
    done = subprocess.run(
        [sys.executable, "-m", "arbitro", "score", "4S", "10"],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("arbitro score: «4S» no es válido como contrato")
    done = subprocess.run(
        [sys.executable, "-m", "arbitro", "imps", "720"],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "12\n")

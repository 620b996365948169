"""A Spanish club's night at the command line, in the director's own writing.

A Spanish director writes East-West ``EO`` (Este-Oeste) and reads contracts, seats and
words in Spanish: a pair typed ``3EO`` is pair 3 East-West wherever the command takes a
pair, and the audit trail writes its entries as ``result list`` does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import club_mitchell, run_cli


def test_result_audit_writes_each_entry_in_the_language_of_the_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    run_cli(
        capsys, "result", "enter", "1", "--board", "2", "--table", "1", "--score", "-110",
        "--db", db,
    )  # fmt: skip
    run_cli(
        capsys, "result", "correct", "1", "--board", "1", "--table", "1", "--contract", "3ST",
        "--declarer", "S", "--tricks", "9", "--reason", "error", "--db", db, "--lang", "es",
    )  # fmt: skip
    status, out, err = run_cli(capsys, "result", "audit", "1", "--db", db, "--lang", "es")
    assert status == 0, err
    lines = [line.split(": ", 1)[1] for line in out.splitlines()]
    assert lines == [
        "estuche 1, mesa 1 anotado 4P N 10",
        "estuche 2, mesa 1 anotado marca -110",
        "estuche 1, mesa 1 corregido 4P N 10 -> 3ST S 9 (error)",
    ]
    _, english, _ = run_cli(capsys, "result", "audit", "1", "--db", db, "--lang", "en")
    assert "board 1, table 1 corrected 4S N 10 -> 3NT S 9 (error)" in english


def test_law_8_pair_written_east_west_in_spanish_has_its_score_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(capsys, "event", "card", "1", "1eo", "--db", db, "--lang", "es")
    assert status == 0, err
    assert "1NS" in out


def test_law_15a1_wrong_pairs_named_east_west_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "result", "enter", "1", "--board", "3", "--table", "2", "--ns", "2NS",
        "--ew", "1EO", "--contract", "4P", "--declarer", "N", "--tricks", "9", "--law15",
        "--db", db, "--lang", "es",
    )  # fmt: skip
    assert status == 0, err
    assert "2NS contra 1EO" in out


def test_law_8_spanish_command_line_writes_east_west_pairs_as_the_desk_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Pair 1 East-West is 1EO in the Spanish ranking, traveller, score card and answers."""
    db = club_mitchell(capsys, tmp_path)
    _, stored, _ = run_cli(
        capsys, "result", "enter", "1", "--board", "2", "--table", "1", "--score", "-110",
        "--db", db, "--lang", "es",
    )  # fmt: skip
    assert "1NS contra 1EO" in stored
    _, ranking, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", "es")
    # One board played once: nothing compared yet, no place («—»), the pairs all the same.
    east_west = [line.split()[1] for line in ranking.splitlines() if line.startswith("  — ")]
    assert "1EO" in east_west
    assert "1NS" in east_west
    _, traveller, _ = run_cli(capsys, "event", "traveller", "1", "1", "--db", db, "--lang", "es")
    assert traveller.splitlines()[-1].split()[:3] == ["1", "1NS", "1EO"]
    _, card, _ = run_cli(capsys, "event", "card", "1", "1NS", "--db", db, "--lang", "es")
    assert card.splitlines()[2].split()[3] == "1EO"
    _, english, _ = run_cli(capsys, "event", "card", "1", "1EO", "--db", db, "--lang", "en")
    assert english.splitlines()[0].endswith("score card of 1EW")


def test_law_90_penalty_on_the_score_card_names_its_unit_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The score card names a penalty's unit as ``event show`` does, in the reader's language."""
    db = club_mitchell(capsys, tmp_path)
    status, _, err = run_cli(
        capsys, "event", "penalty", "1", "1NS", "25%", "--reason", "lento", "--db", db,
    )  # fmt: skip
    assert status == 0, err
    _, spanish, _ = run_cli(capsys, "event", "card", "1", "1NS", "--db", db, "--lang", "es")
    assert spanish.splitlines()[-1].startswith("Penalización: 25\xa0% de un top (Artículo 90")
    _, english, _ = run_cli(capsys, "event", "card", "1", "1NS", "--db", db, "--lang", "en")
    assert english.splitlines()[-1].startswith("Penalty: 25% of a top (Law 90")


def test_law_90_penalty_of_an_east_west_pair_in_spanish_event_show(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``event show`` names the penalised pair as the rest of the Spanish command line does."""
    db = club_mitchell(capsys, tmp_path)
    run_cli(capsys, "event", "penalty", "1", "1EW", "10%", "--reason", "lento", "--db", db)
    _, shown, _ = run_cli(capsys, "event", "show", "1", "--db", db, "--lang", "es")
    assert "Artículo 90): 1EO, 10\xa0% de un top; lento" in shown


def test_law_90_penalty_of_a_pair_typed_east_west_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``event penalty 1 1EO`` penalises pair 1EW and says so in the director's writing."""
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "event", "penalty", "1", "1eo", "10%", "--reason", "lento", "--db", db,
        "--lang", "es",
    )  # fmt: skip
    assert status == 0, err
    assert out == "Penalización 1 anotada: 1EO, 10\xa0% de un top (Artículo 90)\n"
    _, shown, _ = run_cli(capsys, "event", "show", "1", "--db", db, "--lang", "en")
    assert "Law 90): 1EW, 10% of a top; lento" in shown


def test_law_92_appeal_lodged_by_a_pair_typed_east_west_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "event", "appeal", "1", "2EO", "--reason", "la decisión del estuche 1",
        "--signed-by", "Ana", "--signed-by", "Luis", "--db", db, "--lang", "es",
    )  # fmt: skip
    assert status == 0, err
    assert out.strip().endswith("2EO")
    _, shown, _ = run_cli(capsys, "event", "show", "1", "--db", db, "--lang", "en")
    assert "2EW" in shown


def test_law_91a_suspension_of_a_pair_typed_east_west_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, out, err = run_cli(
        capsys, "event", "suspend", "1", "3eo", "--reason", "conducta", "--boards", "5-6",
        "--by", "Marta", "--db", db, "--lang", "es",
    )  # fmt: skip
    assert status == 0, err
    assert out.startswith("3EO: ")


def test_law_91a_suspension_without_the_director_names_only_what_is_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Nothing was typed for ``--by``: the refusal quotes no input, it names the option."""
    db = club_mitchell(capsys, tmp_path)
    status, _, err = run_cli(
        capsys, "event", "suspend", "1", "3EO", "--reason", "conducta", "--db", db,
        "--lang", "es",
    )  # fmt: skip
    assert status == 2
    assert err.strip() == "arbitro event suspend: --by es obligatorio (Artículo 91)"

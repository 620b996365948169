"""The files a scorer gets wrong, as ``session score``, ``event import`` and ``check`` tell them.

An empty file, a PBN game without its players, UTF-16 without its mark, a tab-separated
sheet, a LIN file, a game's tag that cannot be read, a score that stands against its
contract, a travellers CSV given to ``check``, and a Mitchell's East-West pairs in
Spanish: each said plainly, naming the file, the line and what was expected.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import run_cli

_PLAYERS = '[North "Ana"]\n[South "Bea"]\n[East "Carlos"]\n[West "Dani"]\n'
_GAME = (
    '[Board "1"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n'
    '[Score "NS 400"]\n'
)


def _write(tmp_path: Path, name: str, data: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("name", ["empty.pbn", "empty.xml"])
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "line 1: the file is empty"), ("es", "línea 1: el fichero está vacío")],
)
def test_event_import_of_an_empty_file_says_it_is_empty_as_session_score_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, lang: str, words: str
) -> None:
    path = _write(tmp_path, name, "\n")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    code, _, err = run_cli(capsys, "--lang", lang, "event", "import", path, "--db", db)
    assert code == 2
    assert f"{path}, {words}" in err
    code, _, scored = run_cli(capsys, "--lang", lang, "session", "score", path)
    assert code == 2
    assert f"{path}, {words}" in scored
    assert "USEBIO" not in err


def test_a_pbn_game_with_a_result_but_no_players_names_its_board_line_and_tags(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(tmp_path, "fitsno.pbn", '[Event "Martes"]\n\n' + _GAME + '[North "Ana"]\n')
    code, _, err = run_cli(capsys, "session", "score", path)
    assert code == 2
    assert (
        f"{path}, line 3: board 1 has a result but no pairs to score it for: a game without "
        "a ScoreTable names its pairs by their players, in the tags North, South, East and "
        "West (missing: South, East, West)"
    ) in err
    assert "has no results" not in err


def test_a_pbn_file_without_any_result_still_has_no_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(tmp_path, "deals.pbn", '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n')
    code, _, err = run_cli(capsys, "session", "score", path)
    assert code == 2
    assert f"'{path}' has no results" in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_pbn_file_is_read_with_or_without_its_byte_order_mark(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str
) -> None:
    path = _write(tmp_path, "unicode.pbn", (_GAME + _PLAYERS).encode(encoding))
    code, out, err = run_cli(capsys, "session", "score", path)
    assert code == 0, err
    assert "Ana - Bea" in out
    assert "+400" in out


def test_a_tab_separated_sheet_is_read_with_its_decimal_comma(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (
        "Estuche\tNS\tEO\tContrato\tCarteador\tBazas\tAjustado\r\n"
        "1\t1\t2\t4P\tN\t10\t\r\n"
        "1\t3\t4\t\t\t\t0,5 +420; 0,5 -50\r\n"
    )
    path = _write(tmp_path, "tab.csv", text.encode("latin-1"))
    code, out, err = run_cli(capsys, "session", "score", path, "--profile", "wbf", "--json")
    assert code == 0, err
    results = json.loads(out)["boards"][0]["results"]
    assert [line["result"] for line in results] == ["+420", "1/2 +420; 1/2 -50"]


def test_a_tab_in_a_comma_separated_sheet_is_a_cell_s_not_a_separator(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(tmp_path, "comma.csv", "board,ns,ew,score\n1,Ana\tBea,2,420\n1,3,4,400\n")
    code, out, err = run_cli(capsys, "session", "score", path, "--json")
    assert code == 0, err
    assert json.loads(out)["boards"][0]["results"][0]["ns"] == "Ana\tBea"


_LIN = (
    "pn|Sur,Oeste,Norte,Este|st||md|1S765H432DAKQJCT98,S432HAKQJDT98C765,"
    "SAKQJHT98D765C432,|rh||ah|Board 1|sv|o|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||mc|9|\n"
)


def test_a_lin_file_is_refused_naming_lin_and_the_conversion_to_pbn(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(tmp_path, "noche.lin", _LIN)
    target = str(tmp_path / "noche.pbn")
    code, _, err = run_cli(capsys, "session", "score", path)
    assert code == 2
    assert (
        f"{path}, line 1: a LIN file (Bridge Base Online) holds boards as played, not "
        f"travellers: convert it to PBN first (arbitro convert {path} {target}) and give "
        "that file"
    ) in err
    assert "column" not in err
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    code, _, err = run_cli(capsys, "event", "import", path, "--db", db)
    assert code == 2
    assert "a LIN file (Bridge Base Online)" in err
    # The way the message gives works: the converted file is scored.
    assert run_cli(capsys, "convert", path, target)[0] == 0
    code, out, err = run_cli(capsys, "session", "score", target)
    assert code == 0, err
    assert "Norte - Sur" in out
    assert "+400" in out


def test_a_game_tag_that_cannot_be_read_is_named_as_a_tag_on_its_own_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _GAME.replace('[Result "9"]', '[Result "14"]') + _PLAYERS
    path = _write(tmp_path, "g_14tricks.pbn", game)
    code, _, err = run_cli(capsys, "session", "score", path)
    assert code == 2
    assert f"{path}, line 5, tag 'Result': invalid number of tricks '14'" in err


def test_a_teams_game_tag_that_cannot_be_read_is_named_as_a_tag_on_its_own_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    home = '[HomeTeam "A"]\n[VisitTeam "B"]\n'
    games = (
        _GAME.replace('[Result "9"]', '[Result "14"]') + home + "\n"
        + _GAME + '[HomeTeam "B"]\n[VisitTeam "A"]\n'
    )  # fmt: skip
    path = _write(tmp_path, "teams.pbn", games)
    code, _, err = run_cli(capsys, "session", "score", path)
    assert code == 2
    assert f"{path}, line 5, tag 'Result': invalid number of tricks '14'" in err


def test_a_game_tag_is_named_in_spanish_as_an_etiqueta(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Passes once the catalog has "{source}, línea {line}, etiqueta «{tag}»: {problem}".
    game = _GAME.replace('[Result "9"]', '[Result "14"]') + _PLAYERS
    path = _write(tmp_path, "g_14tricks.pbn", game)
    code, _, err = run_cli(capsys, "--lang", "es", "session", "score", path)
    assert code == 2
    assert f"{path}, línea 5, etiqueta «Result»: «14» no es válido" in err


def test_a_score_that_stands_is_warned_of_once_not_listed_as_a_published_difference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _GAME.replace("NS 400", "NS 430") + _PLAYERS
    path = _write(tmp_path, "g_score.pbn", game)
    code, out, err = run_cli(capsys, "session", "score", path, "--json")
    assert code == 0, err
    assert json.loads(out)["boards"][0]["results"][0]["result"] == "+430"
    assert err.count("the contract gives 400 but the score is 430") == 1
    assert json.loads(out)["published"] == {"compared": 1, "differing": 0, "differences": []}
    code, _, err = run_cli(capsys, "session", "score", path)
    assert "differ" not in err
    assert "North-South score" not in err


def test_a_score_that_stands_gives_the_match_imps_it_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Open room: A (home) North-South, 3NT by North made, 400, published as 430, which
    # stands (AEB rule A). Closed room: B North-South, 3NT by North made, 400. A's IMPs:
    # 430 - 400 = 30, 1 IMP (Law 78B), which the file publishes as ScoreIMP.
    open_room = _GAME.replace("NS 400", "NS 430") + '[HomeTeam "A"]\n[VisitTeam "B"]\n'
    open_room += '[Room "Open"]\n[ScoreIMP "NS 1"]\n'
    closed = _GAME + '[HomeTeam "A"]\n[VisitTeam "B"]\n[Room "Closed"]\n[ScoreIMP "NS -1"]\n'
    path = _write(tmp_path, "teams.pbn", open_room + "\n" + closed)
    code, out, err = run_cli(capsys, "session", "score", path, "--json")
    assert code == 0, err
    assert json.loads(out)["published"] == {"compared": 4, "differing": 0, "differences": []}
    assert err.count("the contract gives 400 but the score is 430") == 1


def test_check_reads_a_travellers_csv_and_names_the_line_and_column_it_refuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(
        tmp_path,
        "c_14.csv",
        "Estuche;NS;EO;Contrato;Carteador;Bazas\n1;1;2;4P;N;10\n1;3;4;4P;N;14\n",
    )
    code, out, _ = run_cli(capsys, "check", path)
    assert code == 1
    assert out.strip() == (
        f"{path}, line 3: 1;3;4;4P;N;14: column 'Bazas': invalid number of tricks '14': "
        "expected a whole number from 0 to 13"
    )
    code, out, _ = run_cli(capsys, "check", path, "--json")
    assert json.loads(out)["format"] == "CSV"
    assert json.loads(out)["problems"][0]["line"] == 3


def test_check_lists_a_travellers_csv_warnings_and_passes_a_clean_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(
        tmp_path, "c.csv", "board,ns,ew,contract,declarer,tricks,score\n1,1,2,4S,N,9,-100\n"
    )
    code, out, _ = run_cli(capsys, "check", path)
    assert code == 1
    assert f"{path}, line 2: 1,1,2,4S,N,9,-100: the contract gives -50 but the score is -100" in out
    clean = _write(tmp_path, "clean.csv", "board,ns,ew,score\n1,1,2,420\n")
    code, out, _ = run_cli(capsys, "check", clean)
    assert (code, out.strip()) == (0, f"{clean}: no problems")


def test_check_names_csv_among_the_endings_it_takes(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "check", "notes.txt")
    assert code == 1
    assert "notes.txt: expected a file ending in .csv, .jsonl, .lin, .pbn, .xml" in err


def test_session_score_writes_east_west_pairs_as_event_ranking_does_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(tmp_path, "mitchell.csv", "board,ns,ew,score\n1,1NS,1EW,420\n1,2NS,2EW,400\n")
    code, out, err = run_cli(capsys, "--lang", "es", "session", "score", path, "--penalty", "1EO,1")
    assert code == 0, err
    assert "1EO" in out
    assert "1EW" not in out
    code, out, _ = run_cli(capsys, "session", "score", path)
    assert "1EW" in out
    code, out, _ = run_cli(capsys, "--lang", "es", "session", "score", path, "--json")
    assert {pair["pair"] for pair in json.loads(out)["pairs"]} == {"1NS", "2NS", "1EW", "2EW"}

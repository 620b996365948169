"""A file's score that no result gives (Law 77) is scored as written, with a warning naming its line.

The same rule in every reader: a CSV line's bare score, a USEBIO or PBN line's score, and
``arbitro event import`` keeps the file's score where a director typing it is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.core.board import Board
from arbitro.formats.travellers import read_session
from arbitro.i18n import use_language
from arbitro.scoring.results import Result
from arbitro.scoring.travellers import read_travellers
from arbitro.tournament.entry import Entry, InvalidEntryError
from cli_support import run_cli

CSV = "board,ns,ew,score\n1,1,2,420\n1,3,4,425\n"
"""Board 1 (nobody vulnerable): 425 is no score of Law 77 (420 and 430 are)."""


def test_law77_csv_bare_score_no_contract_gives_is_scored_as_written_with_a_warning() -> None:
    read = read_travellers(CSV, "t.csv")
    assert [table.result for table in read.results] == [Result.played(420), Result.played(425)]
    assert [str(warning) for warning in read.warnings] == [
        "t.csv, line 3: score 425: no contract scores that on board 1; the nearest are 420 "
        "and 430; scored as written (Law 77)"
    ]


def test_law77_csv_score_some_contract_gives_has_no_warning() -> None:
    assert read_travellers("board,ns,ew,score\n2,1,2,-200\n", "t.csv").warnings == []


def test_law77_csv_warning_in_spanish() -> None:
    """Passes once the catalog has the warning's translation (listed in the branch's report)."""
    with use_language("es"):
        read = read_session("Estuche;NS;EO;Puntuación\n1;3;4;425\n".encode(), "t.csv").travellers
        assert str(read.warnings[0]) == (
            "t.csv, línea 2: marca 425: ningún contrato da esa puntuación en el estuche 1; "
            "las más cercanas son 420 y 430; se puntúa tal como está escrita (Artículo 77)"
        )


def test_law77_one_rule_for_csv_usebio_and_pbn_and_for_a_typed_score() -> None:
    usebio = (
        b"<USEBIO><EVENT><EVENT_TYPE>MP_PAIRS</EVENT_TYPE><SESSION><BOARD>"
        b"<BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>"
        b"<EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>425</SCORE></TRAVELLER_LINE>"
        b"</BOARD></SESSION></EVENT></USEBIO>"
    )
    pbn = (
        b'[Board "1"]\n[Scoring "MP"]\n'
        b'[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        b"3 4 - - - 425\n"
    )
    said = []
    for data, source in ((CSV.encode(), "t.csv"), (usebio, "t.xml"), (pbn, "t.pbn")):
        (warning,) = read_session(data, source).travellers.warnings
        said.append(str(warning).partition(": ")[2])
    assert (
        said
        == [
            "score 425: no contract scores that on board 1; the nearest are 420 and 430; "
            "scored as written (Law 77)"
        ]
        * 3
    )
    with pytest.raises(InvalidEntryError, match="no contract scores that on board 1"):
        Entry.from_str("score 425").check_score(Board(1))


def test_law77_session_score_of_a_csv_warns_on_standard_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "c_score.csv"
    path.write_text(
        "Estuche;NS;EO;Contrato;Carteador;Bazas;Salida;Puntuación\n"
        "1;1;2;4P;N;10;CR;\n1;3;4;;;;;425\n1;5;6;2P;N;9;D3;\n",
        encoding="utf-8",
    )
    code, _, err = run_cli(capsys, "session", "score", str(path), "--lang", "en")
    assert code == 0, err
    assert f"warning: {path}, line 3: score 425: no contract scores that on board 1" in err
    assert "scored as written (Law 77)" in err


SIT_OUT = (
    Path(__file__).parent / "data" / "programs" / "usebio" / "compscore3-mp-mitchell-sit-out.xml"
)
"""Compscore3's Mitchell with a sit-out: its sitting-out pair's lines score 10, 20, ... (no Law 77 score)."""


def test_law77_event_import_keeps_the_files_score_and_warns_as_session_score_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from arbitro.store import open_store

    code, _, scored = run_cli(capsys, "session", "score", str(SIT_OUT), "--lang", "en")
    assert code == 0, scored
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    code, out, err = run_cli(capsys, "event", "import", str(SIT_OUT), "--db", db, "--lang", "en")
    assert code == 0, err
    assert out.startswith("Event 1 imported")
    warned = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert warned == [line for line in scored.splitlines() if line.startswith("warning: ")]
    assert f"warning: {SIT_OUT}, line 194: score 10: no contract scores that on board 1" in err
    assert "207 compared, all agree" in err
    store = open_store(db)
    kept = {(stored.board, stored.table): stored for stored in store.results(1)}
    line = kept[(1, 1)]
    assert line.entry.score == 10
    assert line.result == Result.played(10)


def test_law77_event_import_warnings_in_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import json

    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    code, out, err = run_cli(capsys, "event", "import", str(SIT_OUT), "--db", db, "--json")
    assert code == 0, err
    said = json.loads(out)["warnings"]
    assert said[0].startswith(f"{SIT_OUT}, line 194: score 10: no contract scores that")

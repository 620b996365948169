"""``arbitro event import`` keeps no deal a result's opening lead contradicts (Law 41A).

The file's results are what was played: a deal in which the opening leader does not
hold the card a result says was led is the suspect one. The import stores the results,
leaves that board's deal out and warns naming the deal's line and the result's, with the
same check a result entered after an upload goes through (``Entry.check_lead``); the
store refuses an import that would keep such a deal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.core.deal import Deal
from arbitro.store import open_store
from arbitro.store.imports import FileDetails, ImportedLineError, ImportedResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from cli_support import run_cli

DEAL = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
"""East (Q5.KJ52.KQ874.T8) holds no ♠A; North's left-hand opponent leads."""

SCORE_TABLE = f"""% PBN 2.1
[Event "Lead"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Scoring "MP"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L"]
 1  2 4S   N 10 SA
 3  4 4S   N  9 HK
"""
"""Board 1's deal on line 6; the row on line 9 says East led the ♠A."""


def test_law_41a_import_keeps_the_results_not_the_deal_a_lead_contradicts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "lead.pbn"
    path.write_text(SCORE_TABLE, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    code, out, err = run_cli(capsys, "event", "import", str(path), "--db", db)
    assert code == 0, err
    assert out.startswith("Event 1 imported")
    assert f"{path}, line 6: board 1's deal is not kept: the result on line 9 " in err
    assert "the opening lead ♠A is not in East's hand on board 1" in err
    store = open_store(db)
    assert store.kept_deals(1) == {}
    assert len(store.results(1)) == 2
    # Nothing stands in the way of correcting the line by hand afterwards.
    code, out, err = run_cli(
        capsys, "result", "correct", "1", "--board", "1", "--table", "1",
        "--contract", "4S", "--declarer", "N", "--tricks", "10", "--lead", "SA",
        "--reason", "typing slip", "--db", db,
    )  # fmt: skip
    assert code == 0, err


def test_law_41a_import_keeps_a_deal_every_lead_agrees_with(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "lead.pbn"
    path.write_text(SCORE_TABLE.replace("10 SA", "10 HK"), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    code, _, err = run_cli(capsys, "event", "import", str(path), "--db", db)
    assert code == 0, err
    assert "deal is not kept" not in err
    assert open_store(db).kept_deals(1) == {1: Deal.from_str(DEAL)}


def test_law_41a_store_refuses_an_import_keeping_a_deal_a_lead_contradicts() -> None:
    store = open_store("sqlite:///:memory:")
    led = ImportedResult(1, 1, 1, "1", "2", Entry.from_str("4S N 10 lead SA"), line=9)
    with pytest.raises(ImportedLineError, match=r"a\.pbn, line 9: board 1, table 1: .*♠A"):
        store.import_event(
            EventSpec("Lead", boards=1),
            [Participant("1"), Participant("2")],
            [led],
            "a.pbn",
            kept=FileDetails(deals={1: Deal.from_str(DEAL)}),
        )
    assert store.events() == []

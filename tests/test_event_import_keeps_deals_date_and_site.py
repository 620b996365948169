"""``arbitro event import`` keeps what the file says: the deals, the day, the place, the players' numbers.

The deals are kept as the director's upload keeps them (the same checks; the console
analyses them in the background), so the hand records show them; the PBN export writes
the deals, ``Date``, ``Site`` and the players as the file named them, and the USEBIO
export its ``DATE``.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.formats import pbn
from arbitro.formats.travellers import decode
from arbitro.store import open_store
from arbitro.web import create_app
from cli_support import run_cli
from web_director import SECRET

DATA = Path(__file__).parent / "data"
EXAMPLE2 = DATA / "pbn" / "endplay" / "example2.pbn"
"""RealBridge's file: every game has its ``Deal``, ``Site "RealBridge"``, ``Date "2021.08.23"``."""

DEALS = (
    "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96",
    "E:AK.Q93.QJT765.JT J872.T.A8.AQ9762 943.KJ87542.42.K QT65.A6.K93.8543",
)

PAIRS = f"""% PBN 2.1
[Event "Martes"]
[Site "Club de Bridge Sevilla"]
[Date "2026.11.24"]
[Board "1"]
[West "Luis Pérez#222"]
[North "Ana García#111"]
[East "Eva Ruiz"]
[South "Juan Sanz"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEALS[0]}"]
[Scoring "MP"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[Score "NS 420"]

[Event "Martes"]
[Site "Club de Bridge Sevilla"]
[Date "2026.11.24"]
[Board "2"]
[West "Luis Pérez#222"]
[North "Ana García#111"]
[East "Eva Ruiz"]
[South "Juan Sanz"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "{DEALS[1]}"]
[Scoring "MP"]
[Declarer "E"]
[Contract "3NT"]
[Result "9"]
[Score "NS -400"]
"""
"""A pairs file of one table's result per game, each with its deal, the club's day and place."""


def _import(capsys: pytest.CaptureFixture[str], path: Path, db: str) -> str:
    code, out, err = run_cli(capsys, "event", "import", str(path), "--db", db)
    assert code == 0, err
    assert out.startswith("Event 1 imported")
    return err


def _export(capsys: pytest.CaptureFixture[str], db: str, *options: str) -> str:
    code, out, err = run_cli(capsys, "event", "export", "1", "-", *options, "--db", db)
    assert code == 0, err
    return out


def test_event_import_keeps_the_pbn_deals_day_and_site_and_exports_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "martes.pbn"
    path.write_text(PAIRS, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    _import(capsys, path, db)
    store = open_store(db)
    assert store.kept_deals(1) == {1: Deal.from_str(DEALS[0]), 2: Deal.from_str(DEALS[1])}
    info = store.event(1)
    assert (info.held_on, info.site) == (datetime.date(2026, 11, 24), "Club de Bridge Sevilla")
    games = pbn.loads(_export(capsys, db, "--pbn", "--encoding", "utf-8"))
    assert {game.get("Site") for game in games} == {"Club de Bridge Sevilla"}
    assert {game.get("Date") for game in games} == {"2026.11.24"}
    assert [Deal.from_str(game.get("Deal") or "") for game in games] == [
        Deal.from_str(deal) for deal in DEALS
    ]


def test_event_import_keeps_the_players_federation_numbers_and_the_export_writes_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "martes.pbn"
    path.write_text(PAIRS, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    _import(capsys, path, db)
    players = {player.name: player for p in open_store(db).participants(1) for player in p.players}
    assert players["Ana García"].federation_number == "111"
    assert players["Luis Pérez"].federation_number == "222"
    exported = _export(capsys, db, "--pbn", "--encoding", "utf-8")
    assert '"Ana García#111;Juan Sanz"' in exported
    assert '"Eva Ruiz;Luis Pérez#222"' in exported
    # ... and an import of the export reads the numbers back, not as part of the names.
    again = tmp_path / "export.pbn"
    again.write_text(exported, encoding="utf-8")
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    _import(capsys, again, other)
    read = {player.name: player for p in open_store(other).participants(1) for player in p.players}
    assert read["Ana García"].federation_number == "111"


def test_event_import_of_a_realbridge_file_keeps_every_deal_its_day_and_site(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    _import(capsys, EXAMPLE2, db)
    file: dict[int, Deal] = {}
    for game in pbn.loads(decode(EXAMPLE2.read_bytes()), strict=False):
        file.setdefault(int(game.get("Board") or 0), Deal.from_str(game.get("Deal") or ""))
    store = open_store(db)
    assert store.kept_deals(1) == file
    exported = _export(capsys, db, "--pbn", "--encoding", "utf-8")
    assert '[Site "RealBridge"]' in exported
    assert '[Date "2021.08.23"]' in exported
    assert '[Deal "?"]' not in exported
    assert "Markus Knob#39415" in exported


def test_event_import_deals_show_on_the_hand_records_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "martes.pbn"
    path.write_text(PAIRS, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    _import(capsys, path, db)
    store = open_store(db)
    store.analyse_event(1)  # what the console's background analysis does
    store.publish(1)
    with TestClient(create_app(store, secret=SECRET)) as client:
        english = client.get("/results/1/hands?lang=en").text
        spanish = client.get("/results/1/hands?lang=es").text
    assert "has not given this event's deals" not in english
    assert english.count('class="board"') == 2
    assert "no ha dado los repartos" not in spanish
    assert spanish.count('class="board"') == 2


def test_event_import_a_deal_the_upload_would_refuse_is_not_kept_and_warned(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "martes.pbn"
    path.write_text(PAIRS.replace(DEALS[1], "E:AK.Q93.QJT765.JT - - -"), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    err = _import(capsys, path, db)
    line = PAIRS.splitlines().index(f'[Deal "{DEALS[1]}"]') + 1
    assert f"warning: {path}, line {line}: board 2's deal is not kept: " in err
    assert open_store(db).kept_deals(1) == {1: Deal.from_str(DEALS[0])}


def test_event_import_keeps_the_usebio_date_and_exports_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "club.xml"
    path.write_text(
        "<USEBIO Version='1.2'><EVENT EVENT_TYPE='MP_PAIRS'><EVENT_DESCRIPTION>Martes"
        "</EVENT_DESCRIPTION><DATE>01/11/2026</DATE><BOARD_SCORING_METHOD>MATCH_POINTS"
        "</BOARD_SCORING_METHOD><SESSION><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<SCORE>420</SCORE></TRAVELLER_LINE><TRAVELLER_LINE><NS_PAIR_NUMBER>3"
        "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>-50</SCORE>"
        "</TRAVELLER_LINE></BOARD></SESSION></EVENT></USEBIO>",
        encoding="utf-8",
    )
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    _import(capsys, path, db)
    assert open_store(db).event(1).held_on == datetime.date(2026, 11, 1)
    assert "<DATE>01/11/2026</DATE>" in _export(capsys, db, "--usebio")

"""``arbitro ruling``: the ruling report, recording a case, the organiser's list (Laws 12, 16, 83, 92)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "docs" / "examples" / "ruling-slow-5c.json"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exit_.value.code or 0), captured.out, captured.err


def test_law_12c1b_report_of_example_2_gives_each_side_its_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "ruling", "report", str(CASE))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Ruling: board 7, table 3 (director: Ana)"
    # 5C= all vulnerable: 100 + 500 = +600 for N/S; E/W keep 6C= (120+500+750) = -1370.
    assert "  North-South: +600; East-West: -1370" in lines
    assert "Ruling: assigned score (Laws 16B1, 12C1a, 12C1b)" in lines
    assert "  Pass: considered by 3 of 4, chosen by 2" in lines
    assert lines[-1].startswith("Either side may appeal this ruling (Law 92)")
    assert "Luis" not in out  # the respondents are known to the director only


def test_law_12c1b_report_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "ruling", "report", str(CASE), "--lang", "es")
    assert status == 0
    assert out.splitlines()[0] == "Decisión: estuche 7, mesa 3 (árbitro: Ana)"
    assert "  Norte-Sur: +600; Este-Oeste: -1370" in out.splitlines()
    assert "Artículo 92" in out.splitlines()[-1]


def test_ruling_report_json_gives_the_poll_counts_without_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "ruling", "report", str(CASE), "--json")
    data = json.loads(out)
    assert status == 0
    assert data["ruling"]["result"] == "+600/-1370"
    assert data["ruling"]["laws"] == ["16B1", "12C1a", "12C1b"]
    assert data["poll"]["logical_alternatives"] == ["Pass"]
    assert "answers" not in data["poll"]
    assert "Luis" not in out


def test_ruling_report_names_the_file_and_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "case.json"
    bad.write_text(json.dumps({**json.loads(CASE.read_text()), "board": 0}), encoding="utf-8")
    status, _, err = run(capsys, "ruling", "report", str(bad))
    assert status == 2
    assert err.strip() == (
        f"arbitro ruling report: {bad}: invalid ruling case 'board': "
        "expected the board's number, from 1 up"
    )
    bad.write_text('{"board": 7,\n  oops}', encoding="utf-8")
    status, _, err = run(capsys, "ruling", "report", str(bad))
    assert status == 2
    assert f"{bad}, line 2: not JSON" in err
    assert len(err.strip().splitlines()) == 1


def test_law_16b1_record_apply_then_list_for_the_organiser(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    event = store.create_event(
        EventSpec("Simultaneous", boards=8), [Participant(str(n)) for n in range(1, 7)]
    )
    # Board 7, all vulnerable (Law 2): 6C by North made, 120 + 500 + 750 = +1370.
    store.enter_result(event, 7, 3, Entry.from_str("6C N 12"), ns="5", ew="6")
    store.close()
    status, out, _ = run(capsys, "ruling", "record", str(event), str(CASE), "--apply", "--db", url)
    assert status == 0
    assert out.strip() == "Ruling 1 recorded at board 7: +600/-1370 (Laws 16B1, 12C1a, 12C1b)"
    status, out, _ = run(capsys, "ruling", "list", str(event), "--adjusted", "--db", url)
    assert out.strip() == (
        "Ruling 1: board 7, table 3 (NS 5, EW 6): +1370 adjusted to +600/-1370 "
        "(Laws 16B1, 12C1a, 12C1b)"
    )
    status, out, _ = run(capsys, "ruling", "list", str(event), "--json", "--db", url)
    assert json.loads(out)[0]["adjusted"] is True
    status, out, _ = run(capsys, "ruling", "show", str(event), "1", "--db", url)
    assert out.splitlines()[0] == "Ruling 1: board 7, table 3 (director: Ana)"
    status, out, _ = run(capsys, "result", "list", str(event), "--json", "--db", url)
    assert "+600/-1370" in out


def test_law_16b1b_poll_answers_one_by_one_then_the_case_uses_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    event = store.create_event(EventSpec("Club", boards=8))
    store.close()
    poll_file = ROOT / "docs" / "examples" / "poll-slow-5c.json"
    status, out, _ = run(capsys, "ruling", "poll", str(event), str(poll_file), "--db", url)
    assert out.strip() == "Poll 1 opened at board 7"
    run(
        capsys,
        "ruling",
        "answer",
        str(event),
        "1",
        "Luis",
        "pass",
        "--considered",
        "6C",
        "--db",
        url,
    )
    status, out, _ = run(capsys, "ruling", "answer", str(event), "1", "Eva", "6C", "--db", url)
    # Two players: both considered 6C, one considered passing and chose it.
    assert out.splitlines() == [
        "6♣: considered by 2 of 2, chosen by 1",
        "Pass: considered by 1 of 2, chosen by 1",
        "logical alternatives: Pass",
    ]
    # A Spanish player's answer in Spanish notation: paso, and six clubs (tréboles).
    status, out, _ = run(
        capsys, "ruling", "answer", str(event), "1", "Ana", "paso", "--considered", "6T",
        "--lang", "es", "--db", url,
    )  # fmt: skip
    assert status == 0
    assert out.splitlines()[0].startswith("6♣: ")
    status, _, err = run(capsys, "ruling", "answer", str(event), "1", "Eva", "Pass", "--db", url)
    assert status == 1
    assert err.strip() == "arbitro: invalid poll entry 'Eva': this respondent has already answered"
    case = json.loads(CASE.read_text(encoding="utf-8"))
    del case["poll"]
    case_file = tmp_path / "case.json"
    case_file.write_text(json.dumps(case), encoding="utf-8")
    status, out, _ = run(
        capsys, "ruling", "record", str(event), str(case_file), "--poll", "1", "--db", url
    )
    assert out.strip() == "Ruling 1 recorded at board 7: +600/-1370 (Laws 16B1, 12C1a, 12C1b)"
    status, _, err = run(capsys, "ruling", "answer", str(event), "1", "Ana", "6C", "--db", url)
    assert "served a ruling already" in err


def test_law_75_convention_card_kept_printed_refused_and_removed_from_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    event = store.create_event(EventSpec("Club", boards=8), [Participant("1"), Participant("2")])
    store.close()
    card = tmp_path / "pair1.txt"
    card.write_text(
        "# Pair 1\nsystem: Acol\n1nt p 2c: Stayman (alert)\n2D: multi (alert)\n", encoding="utf-8"
    )
    status, out, _ = run(capsys, "ruling", "card", str(event), "1", str(card), "--db", url)
    assert (status, out.strip()) == (0, "Convention card of pair 1 kept: 2 agreements")
    status, out, _ = run(capsys, "ruling", "card", str(event), "1", "--db", url)
    assert out.splitlines() == [
        "system: Acol",
        "1NT Pass 2C: Stayman (alert)",
        "2D: multi (alert)",
    ]
    bad = tmp_path / "bad.txt"
    bad.write_text("system: Acol\n2D multi\n", encoding="utf-8")
    status, _, err = run(capsys, "ruling", "card", str(event), "2", str(bad), "--db", url)
    assert status == 2
    assert "line 2: expected the auction, a colon and the meaning" in err
    status, _, err = run(capsys, "ruling", "card", str(event), "2", "--db", url)
    assert status == 1
    assert "pair 2 has no convention card in this event" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    status, out, _ = run(capsys, "ruling", "card", str(event), "1", str(empty), "--db", url)
    assert (status, out.strip()) == (0, "Convention card of pair 1 removed")
    assert run(capsys, "ruling", "card", str(event), "1", "--db", url)[0] == 1


def test_law_75_convention_card_in_spanish_notation_from_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    event = store.create_event(EventSpec("Club", boards=8), [Participant("1")])
    store.close()
    card = tmp_path / "pareja1.txt"
    card.write_text("sistema: Acol\n1SA paso 2T: Stayman (alerta)\n", encoding="utf-8")
    status, _, _ = run(
        capsys, "ruling", "card", str(event), "1", str(card), "--lang", "es", "--db", url
    )
    assert status == 0
    status, out, _ = run(capsys, "ruling", "card", str(event), "1", "--db", url, "--lang", "en")
    assert out.splitlines() == ["system: Acol", "1NT Pass 2C: Stayman (alert)"]

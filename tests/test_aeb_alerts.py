"""The AEB's alert norms at the table and at the ruling, through ``arbitro ruling alerts``.

Norm 5 (a natural call with a specific message of strength or length the opponents may
not know) and norm 6 (a natural call whose message comes from a convention played) make
natural calls alertable under the AEB; the WBF profile alerts artificial calls only. A
missing alert is misinformation (40B4, 21B1a); an alert made after the next opponent
called is not made "immediately" (21B1a: misinformation); an alert the norms do not
require is a mistaken explanation (20F5a) and extraneous information for partner (16B1).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core import Seat
from arbitro.laws.authority import authority
from arbitro.store import open_store
from arbitro.table import Table
from arbitro.table.agreements import Agreement, ConventionCard, alert_check, check_alert
from arbitro.table.events import EXAMPLE_DEAL, AlertEvent
from arbitro.tournament.event import EventSpec, Participant

BOARD = {"event": "board", "board": 1, "deal": str(EXAMPLE_DEAL)}
CARD = """system: Standard
1C 1H 1S: five or more spades; with four a double (norm 5)
1C Pass 1D Pass 1NT: 12-14 balanced, after the strong club denial (norm 6)
1NT Pass 2D: transfer to hearts (artificial)
1NT Pass 2S: natural, to play
"""


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exited.value.code or 0), captured.out, captured.err


def write_log(path: Path, *events: dict[str, object]) -> Path:
    path.write_text("\n".join(json.dumps(e) for e in (BOARD, *events)) + "\n", encoding="utf-8")
    return path


def calls(*pairs: tuple[str, str]) -> list[dict[str, object]]:
    return [{"event": "call", "seat": seat, "call": call} for seat, call in pairs]


def alerts(
    capsys: pytest.CaptureFixture[str], log: Path, card: Path, *extra: str
) -> list[dict[str, Any]]:
    """The calls ``arbitro ruling alerts --json`` checks."""
    status, out, err = run(capsys, "ruling", "alerts", str(log), str(card), *extra, "--json")
    assert (status, err) == (0, ""), err
    checked: list[dict[str, Any]] = json.loads(out)["calls"]
    return checked


@pytest.fixture
def card(tmp_path: Path) -> Path:
    path = tmp_path / "ns.txt"
    path.write_text(CARD, encoding="utf-8")
    return path


def test_aeb_alert_norm_5_natural_call_needs_an_alert_under_the_aeb_not_the_wbf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card: Path
) -> None:
    log = write_log(tmp_path / "b1.jsonl", *calls(("N", "1C"), ("E", "1H"), ("S", "1S")))
    [spades] = alerts(capsys, log, card, "--side", "NS")
    assert (spades["call_number"], spades["needed"], spades["alerted"]) == (3, True, False)
    assert spades["laws"] == ["40B4", "21B1a"]
    assert spades["misinformation"]
    wbf = alerts(capsys, log, card, "--side", "NS", "--profile", "wbf")
    assert wbf[0]["needed"] is False
    assert wbf[0]["laws"] == []


def test_aeb_alert_norm_6_natural_call_from_a_convention_needs_an_alert(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card: Path
) -> None:
    log = write_log(
        tmp_path / "b1.jsonl",
        *calls(("N", "1C"), ("E", "Pass"), ("S", "1D"), ("W", "Pass"), ("N", "1NT")),
        {"event": "alert", "seat": "S", "call_number": 5},
    )
    status, out, _ = run(capsys, "ruling", "alerts", str(log), str(card), "--side", "NS")
    assert status == 0
    assert out.splitlines() == ["Call 5 (1C Pass 1D Pass 1NT): needs an alert, alerted at once"]


def test_aeb_alert_late_alert_is_misinformation_21b1a_and_is_in_the_table_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card: Path
) -> None:
    # South's 2D transfer is alerted by North only after West has called.
    log = write_log(
        tmp_path / "b1.jsonl",
        *calls(("N", "1NT"), ("E", "Pass"), ("S", "2D"), ("W", "Pass")),
        {"event": "alert", "seat": "N", "call_number": 3},
    )
    [transfer] = alerts(capsys, log, card, "--side", "NS")
    assert (transfer["alerted"], transfer["late"], transfer["laws"]) == (True, True, ["21B1a"])
    assert transfer["misinformation"]
    status, out, _ = run(capsys, "table", "replay", str(log), "--json")
    assert status == 0
    assert json.loads(out)["explanations"] == [
        {"seat": "N", "call_number": 3, "alert": True, "late": True}
    ]
    status, out, _ = run(capsys, "table", "replay", str(log))
    assert "late alert, after the next opponent called (Law 21B1a)" in out


def test_aeb_alert_made_before_the_next_opponent_called_is_right(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card: Path
) -> None:
    log = write_log(
        tmp_path / "b1.jsonl",
        *calls(("N", "1NT"), ("E", "Pass"), ("S", "2D")),
        {"event": "alert", "seat": "N", "call_number": 3},
        *calls(("W", "Pass")),
    )
    [transfer] = alerts(capsys, log, card, "--side", "NS")
    assert (transfer["late"], transfer["laws"], transfer["misinformation"]) == (False, [], False)


def test_aeb_alert_needless_alert_is_misinformation_20f5a_besides_16b1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card: Path
) -> None:
    log = write_log(
        tmp_path / "b1.jsonl",
        *calls(("N", "1NT"), ("E", "Pass"), ("S", "2S")),
        {"event": "alert", "seat": "N", "call_number": 3},
    )
    [natural] = alerts(capsys, log, card, "--side", "NS")
    assert natural["laws"] == ["20F5a", "16B1"]
    assert natural["misinformation"]
    assert natural["unauthorised"]


def test_aeb_alert_case_first_question_answered_from_the_late_alert(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card: Path
) -> None:
    log = write_log(
        tmp_path / "b1.jsonl",
        *calls(("N", "1NT"), ("E", "Pass"), ("S", "2D"), ("W", "Pass")),
        {"event": "alert", "seat": "N", "call_number": 3},
    )
    case = tmp_path / "case.json"
    case.write_text(
        json.dumps(
            {
                "board": 1,
                "table": 2,
                "worksheet": {
                    "irregularity": "MI",
                    "offenders": "NS",
                    "actual": 140,
                    "answers": [{"step": "suggested", "yes": False, "note": "West had passed"}],
                },
            }
        ),
        encoding="utf-8",
    )
    status, out, err = run(
        capsys, "ruling", "alerts", str(log), str(card), "--side", "NS",
        "--case", str(case), "--call", "3",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert "call 3 alerted late, after the next opponent called" in out
    assert "(Law 21B1a)" in out
    # Misinformation found, then no consequence: the score stands, with the AEB's regulation G.
    assert "the score stands" in out
    status, _, err = run(
        capsys, "ruling", "alerts", str(log), str(card), "--side", "NS",
        "--case", str(case), "--call", "2",
    )  # fmt: skip
    assert status == 2
    assert "--call: give the number of a call of the side" in err
    assert "Traceback" not in err


def test_aeb_alert_from_the_card_kept_with_the_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    event = store.create_event(EventSpec("Club", boards=8), [Participant("1"), Participant("2")])
    store.close()
    assert run(capsys, "ruling", "card", str(event), "1", str(card), "--db", url)[0] == 0
    log = write_log(tmp_path / "b1.jsonl", *calls(("N", "1NT"), ("E", "Pass"), ("S", "2D")))
    status, out, _ = run(
        capsys, "ruling", "alerts", str(log), "1", "--event", str(event), "--side", "NS",
        "--db", url,
    )  # fmt: skip
    assert status == 0
    assert (
        out.strip()
        == "Call 3 (1NT Pass 2D): needs an alert, not alerted: Laws 40B4, 21B1a, misinformation"
    )
    status, _, err = run(
        capsys, "ruling", "alerts", str(log), "2", "--event", str(event), "--side", "NS",
        "--db", url,
    )  # fmt: skip
    assert status == 2
    assert "pair 2 has no convention card in this event" in err


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=3))
def test_aeb_alert_is_late_exactly_when_the_next_opponent_has_called(later: int) -> None:
    # 1NT by North, then South's 2D transfer; the alert comes after `later` further calls.
    card = ConventionCard.from_text("NS", CARD)
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NES", ("1NT", "Pass", "2D"), strict=True):
        table.call(seat, call)
    for seat, call in list(zip("WNES", ("Pass", "Pass", "Pass", "2H"), strict=True))[:later]:
        table.call(seat, call)
    table.apply(AlertEvent(Seat.NORTH, 3))
    profile = authority("aeb")
    check = alert_check(card, table, 3, profile.alertable)
    assert check.late is (later > 0)
    assert check.misinformation is (later > 0)
    assert check_alert(card, table, 3) == ("21B1a" if later else None)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.sampled_from(["artificial", "norm5", "norm6", "special_defence", "destructive"]),
             unique=True, max_size=3),
    st.booleans(),
    st.sampled_from(["en", "es"]),
)  # fmt: skip
def test_aeb_alert_card_marks_survive_the_text_either_language(
    marks: list[str], alert: bool, lang: str
) -> None:
    card = ConventionCard(
        "NS", "Standard", (Agreement(("1NT", "Pass", "2D"), "transfer", alert, tuple(marks)),)
    )
    assert ConventionCard.from_text("NS", card.to_text(lang), lang) == card
    needed = card.agreements[0].needs_alert(authority("aeb").alertable)
    assert needed is (alert or bool({"artificial", "norm5", "norm6"} & set(marks)))

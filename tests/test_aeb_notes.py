"""The AEB's notes to the 2007 Laws, each checked against the profiles.

The AEB's Spanish edition of the Laws carries notes of its own ("Nota AEB"). Where a
note makes the AEB's regulation differ from the Laws' default (the ``wbf`` profile),
a test here shows the difference in the profile data and, where the note changes what
Árbitro does, through the command line: the same input gives different answers under
the ``aeb`` and ``wbf`` profiles. The notes that change nothing (Law 3, 78A's name of
matchpoints, 80B2a, 81) are listed in ``docs/aeb.md``; the note to 12C1c and 12C1e in the
worksheet is ``test_aeb_note_12c1c_12c1e_the_profiles_differ`` in
``test_aeb_regulations.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arbitro.cli import main
from arbitro.laws.authority import DEFAULT_AUTHORITY, authority
from arbitro.table.events import EXAMPLE_DEAL

DOCS = Path(__file__).parent.parent / "docs" / "examples"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exited.value.code or 0), captured.out, captured.err


def answer(capsys: pytest.CaptureFixture[str], *arguments: str) -> Any:
    """The ``--json`` answer of a command that must succeed."""
    status, out, err = run(capsys, *arguments, "--json")
    assert (status, err) == (0, ""), err
    return json.loads(out)


def test_aeb_note_12c1c_session_score_refuses_a_weighted_score_under_the_aeb_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """12C1c: "salvo si la Autoridad Reguladora lo prohíba … (Nota: La AEB sí lo prohíbe)"."""
    assert (authority("aeb").weighted_scores, authority("wbf").weighted_scores) == (False, True)
    weighted = str(DOCS / "weighted.csv")
    status, out, err = run(capsys, "session", "score", weighted, "--profile", "aeb")
    assert status == 1
    assert out == ""
    assert "(aeb) does not allow weighted scores (Law 12C1c); it applies Law 12C1e" in err
    status, out, err = run(capsys, "session", "score", weighted, "--profile", "wbf")
    assert (status, err) == (0, "")
    assert out != ""


def test_aeb_note_21b1_a_natural_call_the_aeb_requires_alerted_is_misinformation_unalerted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """21B1a: failing to alert "inmediatamente" where the AEB requires an alert.

    The Laws' text is the same under both profiles; the difference is which calls the
    authority requires alerted: the AEB's norm 5 makes 1S over 1C (1H), promising five,
    alertable, so not alerting it is misinformation under the AEB and nothing under the
    WBF profile (which alerts artificial calls only).
    """
    assert "norm5" in authority("aeb").alertable
    assert "norm5" not in authority("wbf").alertable
    assert authority("aeb").late_alert_misinformation == authority("wbf").late_alert_misinformation
    card = tmp_path / "ns.txt"
    card.write_text("1C 1H 1S: five or more spades; with four a double (norm 5)\n", "utf-8")
    log = tmp_path / "board.jsonl"
    events = [
        {"event": "board", "board": 1, "deal": str(EXAMPLE_DEAL)},
        *(
            {"event": "call", "seat": s, "call": c}
            for s, c in (("N", "1C"), ("E", "1H"), ("S", "1S"))
        ),
    ]
    log.write_text("".join(json.dumps(event) + "\n" for event in events), "utf-8")
    checked = {
        profile: answer(
            capsys, "ruling", "alerts", str(log), str(card), "--side", "NS", "--profile", profile
        )["calls"][0]
        for profile in ("aeb", "wbf")
    }
    assert (checked["aeb"]["misinformation"], checked["aeb"]["laws"]) == (True, ["40B4", "21B1a"])
    assert (checked["wbf"]["misinformation"], checked["wbf"]["laws"]) == (False, [])


def test_aeb_note_40a1b_the_cards_follow_part_4_and_its_special_defence_calls(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """40A1b: cards filled per Part 4 of the AEB's regulation, with its special-defence calls.

    The AEB's highly unusual methods: a 1-level opening of 7 HCP or fewer is banned, and
    a method needing a special defence is allowed at the national level. The WBF profile
    names no ban and allows such methods only internationally.
    """
    aeb, wbf = authority("aeb"), authority("wbf")
    assert (aeb.least_opening_points, wbf.least_opening_points) == (8, 0)
    assert (aeb.special_defence_levels, wbf.special_defence_levels) == (
        ("national",),
        ("international",),
    )
    card = tmp_path / "ns.txt"
    card.write_text(
        "1C: 2+ clubs, 5-10 HCP\n2D: multi, a weak two in a major (special defence)\n", "utf-8"
    )

    def kinds(profile: str) -> list[str]:
        found = answer(
            capsys, "ruling", "methods", str(card), "--profile", profile, "--level", "national"
        )
        return [problem["kind"] for problem in found["problems"]]

    assert kinds("aeb") == ["weak_opening"]
    assert kinds("wbf") == ["special_defence"]


def test_aeb_note_72a_every_aeb_norm_applies_in_an_event_by_default(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """72A: "En todos los torneos homologados por la AEB le serán de aplicación todas sus normas".

    An event made without a profile is the AEB's, so the AEB's own regulation G (a
    penalty of at least 20 % of a top) is accepted in it and refused in a WBF event.
    """
    assert DEFAULT_AUTHORITY == "aeb"
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    pairs = ("--pair", "1", "--pair", "2")
    for name, profile in (("AEB", ()), ("WBF", ("--profile", "wbf"))):
        status, _, err = run(
            capsys, "event", "new", name, "--boards", "2", *pairs, *profile, "--db", url
        )
        assert status == 0, err
    events = {info["name"]: info for info in answer(capsys, "event", "list", "--db", url)}
    assert (events["AEB"]["profile"], events["WBF"]["profile"]) == ("aeb", "wbf")
    penalty = ("1", "20%", "--law", "AEB-G", "--reason", "2D misexplained", "--db", url)
    status, _, err = run(capsys, "event", "penalty", str(events["AEB"]["event"]), *penalty)
    assert status == 0, err
    status, _, err = run(capsys, "event", "penalty", str(events["WBF"]["event"]), *penalty)
    assert status != 0
    assert "the regulating authority (wbf) has no regulation G of the AEB" in err


def test_aeb_note_80a_in_spain_the_regulating_authority_is_the_aeb(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """80A: "Nota: En España la Autoridad Reguladora es la Asociación Española de Bridge, AEB"."""
    assert authority(DEFAULT_AUTHORITY).name == "Asociación Española de Bridge"
    assert authority("wbf").name == "World Bridge Federation"
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, _, err = run(
        capsys, "event", "new", "Club", "--boards", "2", "--pair", "1", "--pair", "2", "--db", url
    )
    assert status == 0, err
    status, out, err = run(capsys, "event", "show", "1", "--db", url)
    assert status == 0, err
    assert "(AEB)" in out
    assert "(WBF)" not in out


def test_aeb_note_12c2_an_inexperienced_offender_gets_average_under_the_aeb_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """12C2 (the AEB's note in ``001_*``): inexperience is mitigation, a more lenient score.

    No result is likely (12C2a): the innocent side gets average-plus; the offenders
    average-minus, or average when the director treats their inexperience as mitigation,
    which only the AEB's profile allows.
    """
    assert (authority("aeb").inexperience_mitigation, authority("wbf").inexperience_mitigation) == (
        True,
        False,
    )
    steps = ("irregularity", "suggested", "alternatives", "chosen", "damage")

    def report(profile: str, inexperienced: bool, likely: object = None) -> tuple[int, str, str]:
        case = {
            "board": 1,
            "table": 1,
            "profile": profile,
            "inexperienced": inexperienced,
            "worksheet": {
                "irregularity": "UI",
                "offenders": "EW",
                "actual": 140,
                "answers": [{"step": step, "yes": True} for step in steps],
            },
            "otherwise": {"likely": likely},
        }
        path = tmp_path / "case.json"
        path.write_text(json.dumps(case), encoding="utf-8")
        return run(capsys, "ruling", "report", str(path), "--json")

    results = {}
    for profile, inexperienced in (("aeb", False), ("aeb", True), ("wbf", False)):
        status, out, err = report(profile, inexperienced)
        assert (status, err) == (0, "")
        ruling = json.loads(out)["ruling"]
        results[profile, inexperienced] = (ruling["ns"], ruling["ew"])
    assert results["aeb", False] == results["wbf", False] == ("A+", "A-")
    assert results["aeb", True] == ("A+", "A=")
    status, out, err = report("wbf", True)
    assert (status, out) == (2, "")
    assert "'inexperienced': the regulating authority (wbf) has no note to Law 12C2" in err
    assert "Traceback" not in err
    # With a likely result (12C1) there is no artificial score to make more lenient.
    status, out, err = report("aeb", True, [{"weight": "1", "score": 420}])
    assert (status, out) == (2, "")
    assert "inexperience changes only an artificial score" in err

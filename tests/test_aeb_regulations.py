"""The AEB's own regulations through the command line: regulation G, and score-entry rule B.

Regulation G (AEB, ``Voces artificiales erróneamente explicadas``): every mistaken
explanation of a call costs at least 20 % of a top at pairs and 3 IMPs at teams, "como
mínimo", whether or not there was damage. Rule B of the AEB's score entries: a disputed
congruent entry is changed only if both pairs agree, and then each pair gets the worse
of the two scores for itself.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.board import Board
from arbitro.laws.authority import authority
from arbitro.scoring.law77 import possible_scores
from arbitro.scoring.penalties import regulation_g
from arbitro.scoring.results import Result, Weighted
from arbitro.store import open_store
from arbitro.tournament.entry import Entry, disputed_correction
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.judgement import Case
from arbitro.tournament.records import (
    InvalidRecordError,
    PenaltyKind,
    PenaltyRecord,
    check_regulation_g,
)
from arbitro.web import create_app
from arbitro.web.security import hash_password

PASSWORD = "club night 2026"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exit_.value.code or 0), captured.out, captured.err


def club(
    tmp_path: Path, profile: str = "aeb", kind: str = "pairs", method: str = ""
) -> tuple[str, int]:
    """Four pairs, board 2 played at tables 1 and 2 (pair 3 East-West at table 1)."""
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    # A teams event has no session method: its matches are IMPs, then victory points.
    spec = EventSpec.scored("Club", 4, method or None, profile=profile, kind=kind)
    event = store.create_event(spec, [Participant(str(n)) for n in range(1, 5)])
    store.enter_result(event, 2, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.enter_result(event, 2, 2, Entry.from_str("2S N 9"), ns="2", ew="4")
    store.close()
    return url, event


def misinformation_case(tmp_path: Path, **extra: object) -> Path:
    """East-West misexplained 2D (multi explained as weak); the right one changes nothing."""
    case = {
        "board": 2,
        "table": 1,
        "director": "Ana",
        "worksheet": {
            "irregularity": "MI",
            "offenders": "EW",
            "actual": 110,
            "answers": [
                {"step": "irregularity", "yes": True, "note": "2D explained as weak; card: multi"},
                {"step": "suggested", "yes": False, "note": "North would bid 2S anyway"},
            ],
        },
        **extra,
    }
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    return path


def penalties(url: str, event: int) -> list[PenaltyRecord]:
    store = open_store(url)
    try:
        return [stored.record for stored in store.penalties(event)]
    finally:
        store.close()


def test_aeb_regulation_g_score_stands_and_the_offenders_are_penalised(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    case = misinformation_case(tmp_path)
    status, out, err = run(capsys, "ruling", "record", str(event), str(case), "--db", url)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "Ruling 1 recorded at board 2: +110 (Laws 21B1a)"
    assert lines[1].startswith("Penalty 1 recorded: 3, 20% of a top (AEB regulation G")
    (record,) = penalties(url, event)
    assert (record.participant, record.amount, record.unit, record.law, record.board) == (
        "3",
        Fraction(1, 5),
        "top",
        "AEB-G",
        2,
    )
    # The pair's score card shows it, and the ranking takes it off: 2 results on
    # board 2, a top of 2, so 20 % of a top is 0.4 matchpoints.
    status, out, _ = run(capsys, "event", "card", str(event), "3", "--json", "--db", url)
    assert json.loads(out)["penalties"][0]["law"] == "AEB-G"
    status, out, _ = run(capsys, "ruling", "show", str(event), "1", "--db", url)
    assert status == 0
    # The report the director reads to the players names the penalty (AEB note to 12C2).
    shown = out.splitlines()
    assert shown[-2].startswith("Procedural penalty on East-West, AEB regulation G"), out
    assert shown[-2].endswith(": 20% of a top")
    status, out, _ = run(capsys, "ruling", "report", str(case), "--json")
    assert json.loads(out)["penalty"] == {
        "law": "AEB-G",
        "side": "EW",
        "amount": "1/5",
        "unit": "top",
        "text": shown[-2],
    }
    store = open_store(url)
    try:
        text = store.rulings(event)[0][1].text
    finally:
        store.close()
    assert text.splitlines()[-1].startswith("Procedural penalty on East-West, AEB regulation G")


def test_aeb_regulation_g_the_director_raises_the_penalty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    case = misinformation_case(tmp_path, regulation_g="30%")
    status, _out, err = run(capsys, "ruling", "record", str(event), str(case), "--db", url)
    assert status == 0, err
    assert penalties(url, event)[0].amount == Fraction(3, 10)


def test_aeb_regulation_g_a_case_below_the_minimum_is_refused_and_nothing_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    case = misinformation_case(tmp_path, regulation_g="10%")
    status, _, err = run(capsys, "ruling", "record", str(event), str(case), "--db", url)
    assert status == 2
    assert (
        "AEB regulation G takes at least 20% of a top at matchpoints and 3 IMPs where the scores are IMPs"
        in err
    )
    assert penalties(url, event) == []


def test_aeb_regulation_g_at_teams_is_three_imps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, kind="teams")
    case = misinformation_case(tmp_path)
    status, _out, err = run(capsys, "ruling", "record", str(event), str(case), "--db", url)
    assert status == 0, err
    (record,) = penalties(url, event)
    assert (record.amount, record.unit) == (Fraction(3), "imps")


@pytest.mark.parametrize("method", ["imp-butler", "cross-imp"])
def test_aeb_regulation_g_at_pairs_scored_in_imps_is_three_imps_with_the_ruling(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, method: str
) -> None:
    """A pairs event scored in IMPs has no top: the regulation's IMP form, 3 IMPs.

    Before, the share of a top a pairs event takes was refused by the IMP scoring and
    the ruling was lost with it.
    """
    url, event = club(tmp_path, method=method)
    case = misinformation_case(tmp_path)
    status, out, err = run(capsys, "ruling", "record", str(event), str(case), "--db", url)
    assert status == 0, err
    assert "Ruling 1 recorded at board 2" in out
    (record,) = penalties(url, event)
    assert (record.amount, record.unit, record.law) == (Fraction(3), "imps", "AEB-G")
    by_hand = ("event", "penalty", str(event), "4", "--law", "AEB-G", "--reason", "2D")
    status, _, err = run(capsys, *by_hand[:4], "2IMP", *by_hand[4:], "--db", url)
    assert status != 0
    assert "3 IMPs where the scores are IMPs" in err
    status, _, err = run(capsys, *by_hand[:4], "3IMP", *by_hand[4:], "--db", url)
    assert status == 0, err


@pytest.mark.parametrize(
    ("kind", "amount", "shown"),
    [
        ("pairs", "20.5%", "20.50% of a top"),
        ("pairs", "20.125%", "161/800 of a top"),
        ("teams", "3.5", "3.50 IMPs"),
        ("teams", "3.125", "25/8 IMPs"),
    ],
)
def test_aeb_regulation_g_the_rulings_penalty_is_written_as_decided_never_rounded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, amount: str, shown: str
) -> None:
    """The ruling's text shows the amount as every penalty's is written: two decimals when
    they hold it exactly, else the fraction decided (never a rounded figure)."""
    url, event = club(tmp_path, kind=kind)
    case = misinformation_case(tmp_path, regulation_g=amount)
    status, out, err = run(capsys, "ruling", "record", str(event), str(case), "--db", url)
    assert status == 0, err
    assert f", {shown} (AEB regulation G" in out.splitlines()[1]
    store = open_store(url)
    try:
        text = store.rulings(event)[0][1].text
    finally:
        store.close()
    assert text.splitlines()[-1].endswith(f": {shown}")
    (record,) = penalties(url, event)
    assert record.amount == Fraction(amount.removesuffix("%")) / (100 if "%" in amount else 1)


def test_aeb_regulation_g_does_not_apply_under_the_wbf_or_to_a_mistaken_call(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, profile="wbf")
    status, out, err = run(
        capsys, "ruling", "record", str(event), str(misinformation_case(tmp_path)), "--db", url
    )
    assert status == 0, err
    assert "Penalty" not in out
    assert penalties(url, event) == []
    # A mistaken call (Law 75C, the first answer "no") is no misinformation: no penalty.
    (tmp_path / "aeb").mkdir()
    url, event = club(tmp_path / "aeb")
    mistaken = misinformation_case(tmp_path)
    data = json.loads(mistaken.read_text())
    data["worksheet"]["answers"] = [{"step": "irregularity", "yes": False, "note": "75C"}]
    mistaken.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "ruling", "record", str(event), str(mistaken), "--db", url)
    assert status == 0, err
    assert penalties(url, event) == []


@pytest.mark.parametrize(
    ("kind", "amount", "accepted"),
    [
        ("pairs", "10%", False),
        ("pairs", "20%", True),
        ("pairs", "35%", True),
        ("pairs", "1MP", False),  # a share of a top is what the regulation sets at pairs
        ("teams", "2IMP", False),
        ("teams", "3IMP", True),
        ("teams", "1VP", False),
    ],
)
def test_aeb_regulation_g_event_penalty_enforces_the_minimum(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, amount: str, accepted: bool
) -> None:
    url, event = club(tmp_path, kind=kind)
    arguments = ("event", "penalty", str(event), "3", amount, "--law", "AEB-G", "--board", "2")
    status, _out, err = run(capsys, *arguments, "--reason", "2D misexplained", "--db", url)
    assert (status == 0) is accepted, err
    assert len(penalties(url, event)) == (1 if accepted else 0)
    if not accepted:
        assert "regulation G" in err
        assert "Traceback" not in err


def test_aeb_regulation_g_event_penalty_refused_in_a_wbf_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, profile="wbf")
    status, _, err = run(
        capsys, "event", "penalty", str(event), "3", "25%", "--law", "AEB-G", "--reason", "x",
        "--db", url,
    )  # fmt: skip
    assert status != 0
    assert "the regulating authority (wbf) has no regulation G of the AEB" in err


@given(st.fractions(min_value=Fraction(1, 1000), max_value=Fraction(1)))
def test_aeb_regulation_g_a_share_of_a_top_stands_exactly_from_one_fifth(amount: Fraction) -> None:
    record = PenaltyRecord("3", PenaltyKind.PROCEDURAL, amount, "top", "AEB-G", "misexplained")
    try:
        check_regulation_g(record, "aeb", in_imps=False)
        refused = False
    except InvalidRecordError:
        refused = True
    assert refused is (amount < Fraction(1, 5))
    # Under another code the minimum does not apply.
    check_regulation_g(
        PenaltyRecord("3", PenaltyKind.PROCEDURAL, amount, "top", "90", ""), "aeb", False
    )


def stored_entry(url: str, event: int, board: int, table: int) -> Entry:
    store = open_store(url)
    try:
        (found,) = [r for r in store.results(event) if (r.board, r.table) == (board, table)]
        return found.entry
    finally:
        store.close()


CORRECT = ("result", "correct", "--board", "2", "--table", "1", "--reason", "EW say 9 tricks")


def test_aeb_entry_rule_b_agreed_dispute_gives_each_pair_the_worse_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    status, out, err = run(
        capsys, *CORRECT, str(event), "--contract", "2S", "--declarer", "N", "--tricks", "9",
        "--agreed", "--disputed", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    # 2S made (+110) disputed as 2S+1 (+140): North-South keep +110, East-West take -140.
    assert stored_entry(url, event, 2, 1).result(Board(2)) == Result.split(110, -140)
    assert "+110/-140" in out


def test_aeb_entry_rule_b_without_agreement_the_entry_stands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    status, _, err = run(
        capsys, *CORRECT, str(event), "--contract", "2S", "--declarer", "N", "--tricks", "9",
        "--disputed", "--db", url,
    )  # fmt: skip
    assert status == 2
    assert "a disputed entry stands unless both pairs agree to change it (AEB rule B" in err
    assert stored_entry(url, event, 2, 1) == Entry.from_str("2S N 8")


def test_aeb_entry_rule_b_is_not_applied_under_the_wbf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, profile="wbf")
    status, _, err = run(
        capsys, *CORRECT, str(event), "--score", "140", "--agreed", "--disputed", "--db", url
    )
    assert status == 2
    assert "the regulating authority (wbf) has no rule B" in err
    assert stored_entry(url, event, 2, 1) == Entry.from_str("2S N 8")


SCORES = sorted(possible_scores(True, False))  # board 2: North-South vulnerable


@given(st.sampled_from(SCORES), st.sampled_from(SCORES))
def test_aeb_entry_rule_b_each_pair_gets_the_worse_score_for_itself(
    entered: int, claimed: int
) -> None:
    stored = Entry.from_str(f"score {entered}")
    new = disputed_correction(stored, Entry.from_str(f"score {claimed} agreed"), Board(2), "aeb")
    result = new.result(Board(2))
    assert result is not None
    assert result.ns == Weighted.single(min(entered, claimed))
    assert result.ew == Weighted.single(max(entered, claimed))


def test_aeb_entry_rule_b_through_the_api(tmp_path: Path) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    store.add_director("ana", hash_password(PASSWORD))
    try:
        with TestClient(create_app(store, secret="s" * 64)) as client:
            signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
            client.headers["X-CSRF-Token"] = signed.json()["csrf"]
            body = {"board": 2, "table": 1, "contract": "2S", "declarer": "N", "tricks": "9"}
            body |= {"reason": "EW say 9 tricks", "disputed": True}
            refused = client.put(f"/api/events/{event}/results", json=body)
            assert refused.status_code == 422
            assert "AEB rule B" in refused.json()["detail"]
            agreed = client.put(f"/api/events/{event}/results", json=body | {"agreed": True})
            assert agreed.status_code == 200, agreed.text
            assert agreed.json()["score"] == "+110/-140"
    finally:
        store.close()


def test_law_79c2_reopening_needs_the_director_and_the_organiser(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    reason = ("--reason", "board 2 entered for table 1")
    reopen = ("event", "reopen", str(event), "--board", "2", *reason)
    status, _, err = run(capsys, *reopen, "--by", "Ana", "--db", url)
    assert status == 2
    assert "needs both the director (--by) and the organiser (--organiser)" in err
    status, _, err = run(capsys, *reopen, "--organiser", "Club Nerja", "--db", url)
    assert status == 2
    store = open_store(url)
    try:
        assert store.event(event).correction.reopened is None  # nothing was recorded
    finally:
        store.close()
    status, _out, err = run(
        capsys, *reopen, "--by", "Ana", "--organiser", "Club Nerja", "--db", url
    )
    assert status == 0, err
    store = open_store(url)
    try:
        reopened = store.event(event).correction.reopened
    finally:
        store.close()
    assert reopened == "board 2 entered for table 1 (Law 79C2: director Ana, organiser Club Nerja)"


def test_aeb_homogenisation_4_every_adjustment_is_in_the_organisers_list(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    store.enter_result(event, 3, 1, Entry.from_fields(adjusted="A60/A40"), ns="1", ew="3")
    store.enter_result(event, 3, 2, Entry.from_str("3NT S 9"), ns="2", ew="4")
    store.close()
    status, _, err = run(
        capsys, "event", "ruling", str(event), "--board", "4", "--table", "2", "--law", "13B",
        "--text", "board with 12 and 14 cards found after the auction: A60/A40", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    run(capsys, "event", "ruling", str(event), "--board", "1", "--law", "74B1", "--text", "x",
        "--db", url)  # fmt: skip
    status, out, err = run(capsys, "ruling", "list", str(event), "--adjusted", "--db", url)
    assert status == 0, err
    assert out.splitlines() == [
        "Board 3, table 1 (NS 1, EW 3), session 1: adjusted score entered, adjusted A60/A40",
        "Ruling 1: board 4, table 2: Law 13B: board with 12 and 14 cards found after the "
        "auction: A60/A40",
    ]
    status, out, _ = run(capsys, "ruling", "list", str(event), "--adjusted", "--json", "--db", url)
    assert [row["kind"] for row in json.loads(out)] == ["entry", "ruling"]
    # Without --adjusted the list is the judgement rulings only.
    status, out, _ = run(capsys, "ruling", "list", str(event), "--db", url)
    assert out.strip() == "No judgement rulings."


@pytest.mark.parametrize(
    ("profile", "laws", "result"),
    [("aeb", ["16B1", "12C1e"], "+420/-450"), ("wbf", ["16B1", "12C1c"], "1/2 +420; 1/2 +170")],
)
def test_aeb_note_12c1c_12c1e_the_profiles_differ(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, profile: str, laws: list[str], result: str
) -> None:
    """The AEB's notes to 12C1c (weighted scores forbidden) and 12C1e (applied in full)."""
    case = {
        "board": 1,
        "table": 1,
        "profile": profile,
        "worksheet": {
            "irregularity": "UI",
            "offenders": "EW",
            "actual": 140,
            "answers": [{"step": step, "yes": True} for step in
                        ("irregularity", "suggested", "alternatives", "chosen", "damage")],
        },
        "otherwise": {
            "likely": [{"weight": "1/2", "score": 420}, {"weight": "1/2", "score": 170}],
            "probable": [450],
        },
    }  # fmt: skip
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    status, out, err = run(capsys, "ruling", "report", str(path), "--json")
    assert status == 0, err
    ruling = json.loads(out)["ruling"]
    assert (ruling["laws"], ruling["result"]) == (laws, result)


def test_law_73f_deceptive_tempo_is_ruled_in_the_worksheet_and_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """East hesitated with a singleton; South, misled, went wrong in 4S (-100 not +620)."""
    url, event = club(tmp_path)
    store = open_store(url)
    store.enter_result(event, 1, 1, Entry.from_str("4S S 9"), ns="1", ew="3")
    store.close()
    steps = ("irregularity", "suggested", "alternatives", "chosen", "damage")
    case = {
        "board": 1,
        "table": 1,
        "worksheet": {
            "irregularity": "DT",
            "offenders": "EW",
            "actual": -50,
            "answers": [{"step": step, "yes": True, "note": step} for step in steps],
        },
        "otherwise": {"likely": [{"weight": "1", "score": 420}]},
    }
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    status, out, err = run(
        capsys, "ruling", "record", str(event), str(path), "--apply", "--db", url
    )
    assert status == 0, err
    assert out.strip() == "Ruling 1 recorded at board 1: +420 (Laws 73F, 12C1e)"
    assert stored_entry(url, event, 1, 1).result(Board(1)) == Result.played(420)
    status, out, _ = run(capsys, "ruling", "show", str(event), "1", "--db", url)
    assert "Did the innocent player draw a false inference from it (Law 73F)? Yes" in out
    # A "no" to the bridge reason (he had one) ends the case: the score stands (73F).
    case["worksheet"]["answers"] = [  # type: ignore[index]
        {"step": "irregularity", "yes": True},
        {"step": "suggested", "yes": True},
        {"step": "alternatives", "yes": False, "note": "a real problem in the bidding"},
    ]
    path.write_text(json.dumps(case), encoding="utf-8")
    status, out, _ = run(capsys, "ruling", "report", str(path), "--json")
    assert json.loads(out)["ruling"]["laws"] == ["73F"]


def test_aeb_homogenisation_7_an_appeal_is_signed_by_both_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    pairs = [Participant.from_str("1: Ana, Luis"), Participant.from_str("2: Eva, Juan")]
    event = store.create_event(EventSpec("Club", boards=2), pairs)
    store.close()
    appeal = ("event", "appeal", str(event), "2", "--reason", "no hesitation", "--db", url)
    status, _, err = run(capsys, *appeal, "--signed-by", "Eva")
    assert status == 2
    assert "an appeal needs the signatures of 2 players of the appellant" in err
    status, _, err = run(capsys, *appeal, "--signed-by", "Eva", "--signed-by", "Ana")
    assert status == 2
    assert "'Ana': not a player of the appellant (expected one of Eva, Juan)" in err
    status, _out, err = run(capsys, *appeal, "--signed-by", "Eva", "--signed-by", "Juan")
    assert status == 0, err
    store = open_store(url)
    try:
        (lodged,) = store.appeals(event)
    finally:
        store.close()
    assert lodged.appeal.reason == "no hesitation (signed by Eva, Juan; Law 92D)"


def test_law_92d_a_teams_appeal_is_the_captains_and_wbf_signatures_are_optional(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, kind="teams")
    appeal = ("event", "appeal", str(event), "3", "--reason", "x", "--db", url)
    status, _, err = run(capsys, *appeal, "--signed-by", "Eva", "--signed-by", "Juan")
    assert status == 2
    assert "the signatures of 1 players" in err
    assert run(capsys, *appeal, "--signed-by", "Eva")[0] == 0
    (tmp_path / "wbf").mkdir()
    url, event = club(tmp_path / "wbf", profile="wbf")
    status, _, err = run(capsys, "event", "appeal", str(event), "3", "--reason", "x", "--db", url)
    assert status == 0, err


def director_error_case(tmp_path: Path, otherwise: dict[str, object]) -> Path:
    steps = ("irregularity", "suggested", "damage")
    case = {
        "board": 1,
        "table": 1,
        "worksheet": {
            "irregularity": "DE",
            "offenders": "NS",
            "actual": -50,
            "answers": [{"step": step, "yes": True} for step in steps],
        },
        "otherwise": otherwise,
    }
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("profile", "otherwise", "expected", "laws"),
    [
        # Under 12C1e each side gets the likely result most favourable to it.
        ("aeb", [("1/2", 420), ("1/2", 170)], "+420/-170", "82C, 12C1e"),
        ("wbf", [("1/2", 420), ("1/2", 170)], "1/2 +420; 1/2 +170", "82C, 12C1c"),
        ("aeb", None, "A+/A+", "82C, 12C2a"),
    ],
)
def test_law_82c_a_directors_error_treats_both_sides_as_non_offending(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    profile: str,
    otherwise: list[tuple[str, int]] | None,
    expected: str,
    laws: str,
) -> None:
    url, event = club(tmp_path, profile=profile)
    store = open_store(url)
    store.enter_result(event, 1, 1, Entry.from_str("4S S 9"), ns="1", ew="3")
    store.close()
    likely = None if otherwise is None else [{"weight": w, "score": s} for w, s in otherwise]
    path = director_error_case(tmp_path, {"likely": likely})
    status, out, err = run(
        capsys, "ruling", "record", str(event), str(path), "--apply", "--db", url
    )
    assert status == 0, err
    assert out.strip() == f"Ruling 1 recorded at board 1: {expected} (Laws {laws})"
    result = stored_entry(url, event, 1, 1).result(Board(1))
    assert result is not None
    assert result.to_str() == expected
    status, out, _ = run(capsys, "ruling", "show", str(event), "1", "--db", url)
    assert "both sides are treated as non-offending (Law 82C)" in out


@pytest.mark.parametrize(
    ("kind", "asked", "not_asked"),
    [
        ("DE", "Was a ruling given that the director now finds incorrect (Law 82C)?", "(Law 73F)"),
        ("DT", "Did the innocent player draw a false inference from it (Law 73F)?", "(Law 82C)"),
    ],
)
def test_law_82c_and_73f_cases_open_on_the_desk_with_their_own_questions(
    tmp_path: Path, kind: str, asked: str, not_asked: str
) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    store.add_director("ana", hash_password(PASSWORD))
    try:
        with TestClient(create_app(store, secret="s" * 64)) as client:
            client.post("/api/session", json={"name": "ana", "password": PASSWORD})
            page = client.get(f"/director/cases/new?event={event}&kind={kind}")
            assert page.status_code == 200, page.text
            assert asked in page.text
            assert not_asked not in page.text
    finally:
        store.close()


def test_aeb_regulation_g_case_files_that_said_teams_still_read_in_imps(tmp_path: Path) -> None:
    """Case files written before pairs scored in IMPs said ``"teams": true`` for the IMP form."""
    data = json.loads(misinformation_case(tmp_path).read_text())
    old = Case.from_json({**data, "teams": True, "regulation_g": "4"})
    assert old.in_imps
    assert old.penalty() == regulation_g(authority("aeb"), in_imps=True, amount=Fraction(4))
    assert Case.from_json(old.to_json()) == old
    assert old.to_json()["in_imps"] is True

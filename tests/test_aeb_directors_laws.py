"""The AEB's homogenisation criteria 1, 2 and 6, entry rule A by profile, and the director's Laws.

Criteria 1, 2 and 6 of ``004_*`` ("penalizar siempre"): a ruling under Law 13/14 (a
player did not count his cards), Law 15 (a pair at the wrong table) or 43A1b/43B3
(dummy pointed out a revoke) proposes the procedural penalty under the AEB, and says
nothing under the WBF. Rule A (an incongruent entry's number stands) is the AEB's:
under the WBF an incongruent entry is refused without naming it. Laws 93B (who decides
an appeal, and the decision changing the score), 4 (substitutes), 91 (suspension and
disqualification) and 10B (the players' own rectification) are recorded with the event
from the command line; the appeal's decision from the director's API too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.board import Board
from arbitro.core.seat import Seat
from arbitro.scoring.law77 import possible_scores
from arbitro.scoring.results import Result
from arbitro.store import open_store
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, DecisionEvent, DefectiveBoardEvent, DummyEvent
from arbitro.table.log import dumps, replay
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from arbitro.web.security import hash_password
from table_support import SCENARIOS, scenario_lines

PASSWORD = "club night 2026"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exit_.value.code or 0), captured.out, captured.err


def club(tmp_path: Path, profile: str = "aeb") -> tuple[str, int]:
    """Four pairs, board 2 played at tables 1 and 2 (1 v 3 at table 1, 2 v 4 at table 2)."""
    url = f"sqlite:///{tmp_path / f'{profile}.sqlite3'}"
    store = open_store(url)
    spec = EventSpec("Club", boards=4, profile=profile)
    event = store.create_event(spec, [Participant(str(n)) for n in range(1, 5)])
    store.enter_result(event, 2, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.enter_result(event, 2, 2, Entry.from_str("2S N 9"), ns="2", ew="4")
    store.close()
    return url, event


def log_file(tmp_path: Path, table: Table) -> str:
    path = tmp_path / "table.jsonl"
    path.write_text(dumps(table), encoding="utf-8")
    return str(path)


def ruling(url: str, event: int, law: str, *extra: str) -> tuple[str, ...]:
    return (
        "event", "ruling", str(event), "--board", "2", "--table", "1", "--law", law,
        "--text", "ruled at the table", *extra, "--db", url,
    )  # fmt: skip


# -- Criterion 1: a player who did not count his cards (Laws 7B1, 13) -------------------------


def _wrong_count_13b() -> Table:
    table = Table(EXAMPLE_DEAL, number=2)
    table.call("E", "1S")
    table.apply(DefectiveBoardEvent("wrong_count", Seat.EAST))
    table.apply(DecisionEvent("director", "13B"))
    return table


def test_aeb_homogenisation_1_a_wrong_count_ruling_proposes_the_penalty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = _wrong_count_13b()
    assert table.rulings[-1].law == "13B"
    url, event = club(tmp_path)
    status, out, err = run(capsys, *ruling(url, event, "12C1a", "--log", log_file(tmp_path, table)))
    assert status == 0, err
    # From the table's log: the 13B ruling makes the penalty due (not "may" any more).
    assert (
        "AEB criterion 1: a procedural penalty (Law 90) is due to the player who did not count"
        in out
    )
    assert "arbitro event penalty" in out
    # ... but not to the players who sent the board on, unless they did it before.
    assert "not to those who sent the board on with the wrong cards unless they did" in out


def test_aeb_homogenisation_1_is_not_proposed_under_the_wbf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, profile="wbf")
    status, out, err = run(capsys, *ruling(url, event, "13C"))
    assert status == 0, err
    assert "Ruling 1 recorded" in out
    assert "criterion" not in out


# -- Criterion 2: a pair at the wrong table (Law 15) -------------------------------------------


def test_aeb_homogenisation_2_a_law_15_ruling_and_a_law15_entry_propose_the_penalty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    status, out, err = run(capsys, *ruling(url, event, "15B"))
    assert status == 0, err
    assert (
        "AEB criterion 2: a procedural penalty (Law 90) is due to the pair that sat at a table"
        in out
    )
    enter = (
        "result", "enter", str(event), "--board", "3", "--table", "1", "--ns", "1", "--ew", "2",
        "--score", "110", "--law15", "--db", url,
    )  # fmt: skip
    status, out, err = run(capsys, *enter)
    assert status == 0, err
    assert "AEB criterion 2" in out
    # Under the WBF the same entry proposes nothing.
    wbf_url, wbf_event = club(tmp_path, profile="wbf")
    status, out, err = run(
        capsys, *[wbf_url if a == url else str(wbf_event) if a == str(event) else a for a in enter]
    )
    assert status == 0, err
    assert "criterion" not in out


# -- Criterion 6: dummy who points out a revoke (Laws 43A1b, 43B3) -----------------------------


def test_aeb_homogenisation_6_dummy_pointing_out_a_revoke_is_recorded_and_penalised(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # East revoked (ruffed the ♦A holding diamonds); dummy, with his rights, says so.
    lines = scenario_lines("law_43b3_dummy_first_to_point_out_defender_revoke")
    before = lines[: next(n for n, line in enumerate(lines) if "draws_attention" in line)]
    table = replay(line for line in before if "forfeits" not in line)
    assert [str(revoke.seat) for revoke in table.revokes] == ["E"]
    table.apply(DummyEvent("draws_attention"))  # recorded as dummy's irregularity
    assert table.rulings[-1].law == "43A1b"
    assert "43B1" in [note.law for note in table.notes]
    url, event = club(tmp_path)
    status, out, err = run(capsys, *ruling(url, event, "64A1", "--log", log_file(tmp_path, table)))
    assert status == 0, err
    assert (
        "AEB criterion 6: if dummy pointed out a revoke and is a player of a high standard" in out
    )
    # Having forfeited his rights (43B3), the same proposal follows.
    forfeited = str(SCENARIOS / "law_43b3_dummy_first_to_point_out_defender_revoke.jsonl")
    status, out, err = run(capsys, *ruling(url, event, "43B3", "--log", forfeited))
    assert status == 0, err
    assert "AEB criterion 6" in out
    store = open_store(url)
    try:
        assert [one.law for _, one in store.rulings(event)] == ["64A1", "43B3"]
    finally:
        store.close()


# -- Entry rule A is the AEB's only --------------------------------------------------------------


def test_aeb_entry_rule_a_is_neither_applied_nor_named_under_the_wbf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    incongruent = ("--contract", "4S", "--declarer", "N", "--tricks", "9", "--score", "50")
    for profile in ("aeb", "wbf"):
        url, event = club(tmp_path, profile)
        status, out, err = run(
            capsys, "result", "enter", str(event), "--board", "1", "--table", "1",
            "--ns", "1", "--ew", "2", *incongruent, "--db", url,
        )  # fmt: skip
        if profile == "aeb":
            # Rule A: the number (50) stands, with a warning that names the rule.
            assert status == 0, err
            assert "AEB rule A" in err
            store = open_store(url)
            try:
                (stored,) = [one for one in store.results(event) if one.board == 1]
            finally:
                store.close()
            assert stored.result == Result.played(50)
        else:
            assert status == 1, (out, err)
            assert "the contract gives -50 but the score is 50" in err
            assert "rule A" not in err
            assert "AEB" not in err
            store = open_store(url)
            try:
                assert [one for one in store.results(event) if one.board == 1] == []
            finally:
                store.close()


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(possible_scores(False, False))), st.integers(6, 13))
def test_aeb_entry_rule_a_wbf_keeps_only_congruent_entries(entered: int, tricks: int) -> None:
    # Board 1, nobody vulnerable: 4S by North; under the WBF the entry is kept only when
    # the number is the contract's own score.
    from arbitro.tournament.result_rules import ResultRefusedError, check_incongruent

    entry = Entry.from_str(f"4S N {tricks} score {entered}")
    wbf = EventSpec("Club", boards=4, profile="wbf")
    computed = Entry.from_str(f"4S N {tricks}").result(Board(1))
    if computed == Result.played(entered):
        check_incongruent(wbf, entry, Board(1))
    else:
        with pytest.raises(ResultRefusedError):
            check_incongruent(wbf, entry, Board(1))
    check_incongruent(EventSpec("Club", boards=4), entry, Board(1))  # the AEB's rule A


# -- Law 93B: who decides an appeal, and the decision that changes the score ---------------------


def _appeal(capsys: pytest.CaptureFixture[str], url: str, event: int, law: str) -> None:
    status, _, err = run(capsys, *ruling(url, event, law))
    assert status == 0, err
    status, _, err = run(
        capsys, "event", "appeal", str(event), "3", "--reason", "no hesitation", "--ruling", "1",
        "--signed-by", "Eva", "--signed-by", "Juan", "--db", url,
    )  # fmt: skip
    assert status == 0, err


def _ranking(capsys: pytest.CaptureFixture[str], url: str, event: int) -> str:
    status, out, err = run(capsys, "event", "ranking", str(event), "--db", url)
    assert status == 0, err
    return out


def test_law_93b_the_committee_decides_judgement_and_the_score_changes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    _appeal(capsys, url, event, "16B1a")
    before = _ranking(capsys, url, event)
    decide = ("event", "decide", str(event), "1", "upheld", "--by", "Comité", "--db", url)
    # 93B2: with a committee, the director does not decide an appeal on judgement.
    status, _, err = run(capsys, *decide, "--matter", "judgement", "--body", "director")
    assert status == 1  # a refusal by Law 93, not a mistake
    assert "Law 93B2" in err
    status, out, err = run(capsys, *decide, "--matter", "judgement", "--score", "adjusted A40/A60")
    assert status == 0, err
    assert "Decided under Law 93B2" in out
    store = open_store(url)
    try:
        (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
        (decided,) = store.appeals(event)
        audit = [line.action for line in store.audit(event)]
        log = [entry.detail for entry in store.event_log(event) if entry.action == "decision"]
    finally:
        store.close()
    assert stored.entry == Entry.from_str("adjusted A40/A60")
    assert decided.appeal.decision is not None
    assert decided.appeal.decision.value == "upheld"
    assert "appeal" in audit
    assert log == ["appeal 1: upheld (Law 93B2); board 2, table 1: 2♠ N 8 -> adjusted A40/A60"]
    assert _ranking(capsys, url, event) != before  # the decision reaches the ranking


def test_law_93b_the_committee_may_not_overrule_the_director_on_law(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    _appeal(capsys, url, event, "27B1a")
    decide = ("event", "decide", str(event), "1", "--by", "Comité", "--matter", "law")
    status, _, err = run(capsys, *decide, "upheld", "--score", "2S N 9", "--db", url)
    assert status == 1  # a refusal by Law 93, not a mistake
    assert "may not overrule the director on a point of Law or regulation (Law 93B3)" in err
    store = open_store(url)
    try:
        (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
        assert store.appeals(event)[0].appeal.decision is None
    finally:
        store.close()
    assert stored.entry == Entry.from_str("2S N 8")  # nothing changed
    status, out, err = run(capsys, *decide, "dismissed", "--db", url)
    assert status == 0, err
    assert "Decided under Law 93B3" in out


def test_law_93b_the_director_decides_law_and_without_a_committee_everything(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    _appeal(capsys, url, event, "16B1a")
    status, out, err = run(
        capsys, "event", "decide", str(event), "1", "upheld", "--by", "Ana", "--body", "director",
        "--matter", "judgement", "--no-committee", "--score", "2S N 9", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    assert "Decided under Law 93A" in out
    store = open_store(url)
    try:
        (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
    finally:
        store.close()
    assert stored.result == Result.played(140)


def test_law_93b_a_decision_through_the_api_changes_the_score(tmp_path: Path) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    store.add_director("ana", hash_password(PASSWORD))
    from arbitro.tournament.records import Ruling

    store.add_ruling(event, Ruling(2, 1, "16B1a", "3S assigned"))
    store.lodge_appeal(event, "3", "no hesitation (signed by Eva, Juan; Law 92D)", 1)
    try:
        with TestClient(create_app(store, secret="s" * 64)) as client:
            signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
            client.headers["X-CSRF-Token"] = signed.json()["csrf"]
            url_ = f"/api/events/{event}/appeals/1/decision"
            refused = client.post(
                url_, json={"decision": "upheld", "matter": "law", "score": "2S N 9"}
            )
            assert refused.status_code == 422, refused.text
            assert "93B3" in refused.json()["detail"]
            done = client.post(
                url_, json={"decision": "upheld", "matter": "judgement", "score": "2S N 9"}
            )
            assert done.status_code == 200, done.text
    finally:
        store.close()
    store = open_store(url)
    try:
        (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
    finally:
        store.close()
    assert stored.result == Result.played(140)


# -- Law 4: substitutes ----------------------------------------------------------------------------


def test_law_4_a_substitute_is_authorised_by_the_director_and_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    sub = ("event", "substitute", str(event), "1", "--player", "Luis", "--substitute", "Pedro")
    status, _, err = run(capsys, *sub, "--reason", "ill", "--db", url)
    assert status == 2
    assert "--by is required (Law 4)" in err
    status, _out, err = run(capsys, *sub, "--reason", "ill", "--by", "Ana", "--db", url)
    assert status == 0, err
    status, _, err = run(
        capsys, *sub[:3], "9", *sub[4:], "--reason", "ill", "--by", "Ana", "--db", url
    )
    assert status != 0
    assert "'9' is not a participant" in err
    store = open_store(url)
    try:
        log = [(e.action, e.detail) for e in store.event_log(event) if e.action == "substitute"]
    finally:
        store.close()
    assert log == [("substitute", "1: Pedro for Luis in session 1: ill (Law 4, authorised by Ana)")]


# -- Law 91: suspension and disqualification -----------------------------------------------------


def test_law_91_suspension_is_final_and_disqualification_needs_the_organiser(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    status, out, err = run(
        capsys, "event", "suspend", str(event), "3", "--boards", "3-4", "--reason", "abusive",
        "--by", "Ana", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    assert "Law 91A" in out
    disqualify = ("event", "disqualify", str(event), "3", "--reason", "cheating", "--by", "Ana")
    status, _, err = run(capsys, *disqualify, "--db", url)
    assert status == 2
    assert "--organiser is required (Law 91B)" in err
    status, out, err = run(capsys, *disqualify, "--organiser", "Club Nerja", "--db", url)
    assert status == 0, err
    store = open_store(url)
    try:
        log = [(e.action, e.detail) for e in store.event_log(event) if e.action != "appeal"]
    finally:
        store.close()
    assert log == [
        ("suspend", "3: session 1, boards 3-4: abusive (Law 91A, by Ana; final, Law 93B3)"),
        ("disqualify", "3: cheating (Law 91B, by Ana; approved by the organiser Club Nerja)"),
    ]


def test_law_91_the_committee_may_not_overrule_a_disciplinary_ruling(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    _appeal(capsys, url, event, "91A")
    status, _, err = run(
        capsys, "event", "decide", str(event), "1", "upheld", "--matter", "judgement",
        "--db", url,
    )  # fmt: skip
    assert status == 1  # a refusal by Law 93, not a mistake
    assert "disciplinary powers of Law 91 (Law 93B3)" in err


# -- Law 10B: a rectification the players applied themselves ------------------------------------


def test_law_10b_the_players_own_rectification_is_accepted_or_cancelled(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    base = ("event", "rectified", str(event), "--board", "2", "--table", "1", "--by", "Ana")
    what = ("--what", "East picked up his exposed card")
    status, _, err = run(capsys, *base, *what, "--db", url)
    assert status == 2  # the director must say whether he accepts it
    status, _out, err = run(capsys, *base, *what, "--cancel", "--db", url)
    assert status == 0, err
    status, _out, err = run(
        capsys, *base, "--what", "declarer chose the lead", "--accept", "--db", url
    )
    assert status == 0, err
    store = open_store(url)
    try:
        recorded = [(one.law, one.text) for _, one in store.rulings(event)]
    finally:
        store.close()
    assert recorded == [
        (
            "10B",
            "the players applied a rectification without the director: East picked up his "
            "exposed card; cancelled, the director rectifies as the Laws say (Law 10B)",
        ),
        (
            "10B",
            "the players applied a rectification without the director: declarer chose the "
            "lead; accepted (Law 10B)",
        ),
    ]


def test_law_4_and_91_through_the_api(tmp_path: Path) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    store.add_director("ana", hash_password(PASSWORD))
    try:
        with TestClient(create_app(store, secret="s" * 64)) as client:
            signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
            client.headers["X-CSRF-Token"] = signed.json()["csrf"]
            acts = f"/api/events/{event}/participants/3/acts"
            unapproved = client.post(acts, json={"action": "disqualify", "reason": "cheating"})
            assert unapproved.status_code == 422
            assert "--organiser is required (Law 91B)" in unapproved.json()["detail"]
            body = {"action": "substitute", "reason": "ill", "player": "Eva", "substitute": "Ada"}
            assert client.post(acts, json=body).status_code == 201
            body = {"action": "suspend", "reason": "abusive", "boards": "3-4"}
            assert client.post(acts, json=body).status_code == 201
            stranger = client.post(f"/api/events/{event}/participants/9/acts", json=body)
            assert stranger.status_code == 422
            log = client.get(f"/api/events/{event}/log").json()
    finally:
        store.close()
    assert [(line["action"], line["detail"]) for line in log] == [
        ("substitute", "3: Ada for Eva in session 1: ill (Law 4, authorised by ana)"),
        ("suspend", "3: session 1, boards 3-4: abusive (Law 91A, by ana; final, Law 93B3)"),
    ]

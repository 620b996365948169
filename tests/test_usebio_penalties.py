"""Procedural and disciplinary penalties (Laws 90, 91) in the USEBIO export: each penalised
participant's ``ADJUSTMENT`` (what the penalties took off its total) and, in a comment,
each penalty's Law, amount and reason; read back, the published figures still agree."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.formats import usebio
from arbitro.formats.usebio.published import differences
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli


def _four_pairs(store: Store) -> int:
    """Four pairs, boards 1-2 played at two tables (1 v 3, 2 v 4) with different results."""
    pairs = [Participant.from_str(f"{n}: P{n}a, P{n}b") for n in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=4), pairs)
    store.enter_result(event, 1, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.enter_result(event, 1, 2, Entry.from_str("2S N 9"), ns="2", ew="4")
    store.enter_result(event, 2, 1, Entry.from_str("3NT S 9"), ns="1", ew="3")
    store.enter_result(event, 2, 2, Entry.from_str("3NT S 8"), ns="2", ew="4")
    return event


def _by_number(text: str) -> dict[str | None, usebio.Participant]:
    session = usebio.loads(text).event.sessions[0]
    return {participant.number: participant for participant in session.participants}


def test_law_90_a_pairs_penalty_is_the_pairs_adjustment_with_its_law_in_a_comment() -> None:
    store = open_store("sqlite:///:memory:")
    event = _four_pairs(store)
    before = _by_number(store.usebio_text(event)[0])
    slow = PenaltyRecord("2", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B2", "slow play")
    store.add_penalty(event, slow)
    text = store.usebio_text(event)[0]
    assert "<ADJUSTMENT>-0.50</ADJUSTMENT>" in text  # a quarter of a top of 2
    assert "<!-- Penalty (Law 90B2): 25% of a top: slow play -->" in text
    after = _by_number(text)
    pair = after["2"]
    assert pair.adjustment == Fraction(-1, 2)
    assert pair.note == "Penalty (Law 90B2): 25% of a top: slow play"
    assert before["2"].total is not None
    assert pair.total == before["2"].total - Fraction(1, 2)
    assert after["1"].adjustment is None
    assert after["1"].note is None
    # Read back, the file's figures are Árbitro's: the adjustment is taken as a penalty.
    assert differences(usebio.loads(text)) == []
    store.close()


def test_law_91b_a_disqualified_pairs_penalties_stay_in_its_note() -> None:
    store = open_store("sqlite:///:memory:")
    event = _four_pairs(store)
    store.add_penalty(
        event, PenaltyRecord("1", PenaltyKind.DISCIPLINARY, Fraction(3), "mp", "91A", "rude")
    )
    store.log_act(event, "disqualify", "1: cheating (Law 91B)", by="ana")
    note = _by_number(store.usebio_text(event)[0])["1"].note
    assert note == (
        "Disqualified, not ranked (Law 91B): cheating (Law 91B); Penalty (Law 91A): 3 matchpoints: rude"
    )


def test_law_90_a_teams_penalty_in_vp_is_the_teams_adjustment() -> None:
    store = open_store("sqlite:///:memory:")
    event = store.create_event(
        EventSpec("Liga", boards=2, kind="teams"),
        [Participant(team) for team in "ABCD"],
    )
    for board, table, ns, ew, score in (
        (1, 1, "A", "B", 420),
        (1, 2, "B", "A", 170),
        (2, 1, "A", "B", 100),
        (2, 2, "B", "A", -100),
        (1, 3, "C", "D", 50),
        (1, 4, "D", "C", -50),
        (2, 3, "C", "D", 600),
        (2, 4, "D", "C", -100),
    ):
        store.enter_result(event, board, table, Entry.from_str(f"score {score}"), ns=ns, ew=ew)
    before = _by_number(store.usebio_text(event)[0])
    store.add_penalty(
        event, PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(2), "vp", "90B8", "late")
    )
    after = _by_number(store.usebio_text(event)[0])
    team = after["B"]
    assert team.adjustment == Fraction(-2)
    assert team.note == "Penalty (Law 90B8): 2 VP: late"
    assert before["B"].total is not None
    assert team.total == before["B"].total - 2
    assert after["A"].adjustment is None
    store.close()


def test_law_90_an_imported_penalty_keeps_its_law_amount_and_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = open_store("sqlite:///:memory:")
    event = _four_pairs(store)
    store.add_penalty(
        event, PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1), "mp", "90B8", "late")
    )
    exported = tmp_path / "club.xml"
    exported.write_text(store.usebio_text(event)[0], encoding="utf-8")
    ranking = store.ranking(event)
    store.close()
    database = str(tmp_path / "again.db")
    code, out, err = run_cli(capsys, "event", "import", str(exported), "--db", database, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["published"]["compared"] > 0
    assert data["published"]["differences"] == []
    again = open_store(database)
    (penalty,) = again.penalties(data["event"])
    assert (penalty.record.participant, penalty.record.amount, penalty.record.unit) == (
        "3",
        Fraction(1),
        "mp",
    )
    # Árbitro's note gives the penalty back as recorded, not Law 90 with the note as reason.
    assert (penalty.record.law, penalty.record.reason) == ("90B8", "late")
    assert [(s.participant, s.total) for s in again.ranking(data["event"])] == [
        (s.participant, s.total) for s in ranking
    ]
    again.close()

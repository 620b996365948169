"""The penalties (Laws 90, 91) in a USEBIO participant's note, read back exactly as written.

Árbitro writes each penalty as ``Penalty (Law 90B2): 3 IMPs, board 4: slow play``, in the
participant's comment, beside the ``ADJUSTMENT`` its penalties took. Read back:

- only that form is a penalty, from the comment's start (or after a Law 91B record): a
  remark or prose quoting one is another program's comment, and the ``ADJUSTMENT`` is
  imported plainly with it as its reason;
- noted penalties that do not add up to the ``ADJUSTMENT`` give way to it (it is what
  the file scored), with a warning naming the participant and both figures;
- a penalty still waiting took nothing: it is in no ``ADJUSTMENT`` and no note;
- an amount is written exactly (``1/3 of a top``), so any fraction comes back as it was;
  an older file's ``33.33% of a top`` is read as written.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.formats.usebio.notes import NotedPenalty, penalties_in
from arbitro.formats.usebio.scoring import penalty_note
from arbitro.i18n import Language, use_language
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli


def _four_pairs() -> tuple[Store, int]:
    """Four pairs, boards 1-2 played at two tables (1 v 3, 2 v 4) with different results."""
    store = open_store("sqlite:///:memory:")
    pairs = [Participant.from_str(f"{n}: P{n}a, P{n}b") for n in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=4), pairs)
    for board, table, ns, ew, text in (
        (1, 1, "1", "3", "2S N 8"),
        (1, 2, "2", "4", "2S N 9"),
        (2, 1, "1", "3", "3NT S 9"),
        (2, 2, "2", "4", "3NT S 8"),
    ):
        store.enter_result(event, board, table, Entry.from_str(text), ns=ns, ew=ew)
    return store, event


def _four_teams(rounds: int = 3) -> tuple[Store, int]:
    """Four teams in a round robin of three rounds of two boards; ``rounds`` of them played."""
    store = open_store("sqlite:///:memory:")
    event = store.create_event(EventSpec("Liga", 6, kind="teams"), movement=round_robin(4, 2))
    movement = store.movement(event)
    assert movement is not None
    for round_number in range(1, rounds + 1):
        for seat in movement.seatings(round_number):
            for board in seat.boards:
                text = "4S N 10" if seat.table % 2 else "4S N 9"
                store.enter_result(event, board, seat.table, Entry.from_str(text))
    return store, event


def _imported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> tuple[Store, int, dict[str, object]]:
    """``text`` imported with ``arbitro event import --json``: the new store, event and JSON."""
    source = tmp_path / "export.xml"
    source.write_text(text, encoding="utf-8")
    database = str(tmp_path / "again.sqlite3")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", database, "--json")
    assert code == 0, err
    data = json.loads(out)
    return open_store(database), data["event"], data


def _penalties(store: Store, event: int) -> list[tuple[str, str, Fraction, str, str]]:
    return [
        (p.record.participant, p.record.law, p.record.amount, p.record.unit, p.record.reason)
        for p in store.penalties(event)
    ]


@pytest.mark.parametrize(
    "note",
    [
        "Penalty (Law 90): 3 IMPs was withdrawn",
        "The director wrote Penalty (Law 90B2): 3 IMPs: slow play",
        "Penalty (Law 90B2): 3 IMPs; late start",
        "Penalty (Law 90B2): 3 IMPs, board x",
        "Penalty (Law 90B2): 1/0 of a top",
        "Disqualified, not ranked (Law 91B): cheating; late start, Penalty (Law 90): 3 IMPs",
    ],
)
def test_law_90_a_remark_quoting_a_penalty_is_no_noted_penalty(note: str) -> None:
    assert penalties_in(note) == []


def test_law_90_a_noted_penalty_is_read_from_the_note_start_or_after_a_law_91b_record() -> None:
    note = (
        "Disqualified, not ranked (Law 91B): cheating; "
        "Penalty (Law 90B2): 3 IMPs, board 4: slow; still slow; Penalty (Law 91A): 1 VP"
    )
    assert penalties_in(note) == [
        NotedPenalty("90B2", Fraction(3), "imps", 4, "slow; still slow"),
        NotedPenalty("91A", Fraction(1), "vp", None, ""),
    ]


def test_law_90_a_remark_quoting_a_penalty_is_imported_as_the_adjustment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store, event = _four_teams()
    slow = PenaltyRecord("4", PenaltyKind.PROCEDURAL, Fraction(2), "vp", "90B2", "slow play")
    store.add_penalty(event, slow)
    text, _ = store.usebio_text(event)
    store.close()
    remark = "Penalty (Law 90B2): 2 VP was withdrawn"
    text = text.replace("<!-- Penalty (Law 90B2): 2 VP: slow play -->", f"<!-- {remark} -->")
    again, imported, _ = _imported(capsys, tmp_path, text)
    try:
        assert _penalties(again, imported) == [("4", "90", Fraction(2), "vp", remark)]
    finally:
        again.close()


def test_law_90_noted_penalties_that_disagree_with_a_teams_adjustment_give_way_to_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store, event = _four_teams()
    slow = PenaltyRecord("4", PenaltyKind.PROCEDURAL, Fraction(2), "vp", "90B2", "slow play")
    store.add_penalty(event, slow)
    text, _ = store.usebio_text(event)
    ranking = [(s.participant, s.total) for s in store.ranking(event)]
    store.close()
    assert "<ADJUSTMENT>-2.00</ADJUSTMENT>" in text
    text = text.replace("Penalty (Law 90B2): 2 VP", "Penalty (Law 90B2): 5 VP")
    again, imported, data = _imported(capsys, tmp_path, text)
    try:
        assert data["warnings"] == [
            "4: the penalties its note gives take 5.00, but its ADJUSTMENT takes 2.00: "
            "the ADJUSTMENT is imported, as the file scored it (Laws 90, 91)"
        ]
        ((team, law, amount, unit, _),) = _penalties(again, imported)
        assert (team, law, amount, unit) == ("4", "90", Fraction(2), "vp")
        assert [(s.participant, s.total) for s in again.ranking(imported)] == ranking
    finally:
        again.close()


def test_law_90_noted_penalties_that_disagree_with_a_pairs_adjustment_give_way_to_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store, event = _four_pairs()
    slow = PenaltyRecord("2", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B2", "slow")
    store.add_penalty(event, slow)
    text, _ = store.usebio_text(event)
    ranking = [(s.participant, s.total) for s in store.ranking(event)]
    store.close()
    assert "<ADJUSTMENT>-0.50</ADJUSTMENT>" in text  # a quarter of a top of 2
    text = text.replace("Penalty (Law 90B2): 25% of a top", "Penalty (Law 90B2): 50% of a top")
    source = tmp_path / "edited.xml"
    source.write_text(text, encoding="utf-8")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", str(tmp_path / "a.db"))
    assert code == 0, err
    assert err.splitlines()[0] == (
        "warning: 2: the penalties its note gives take 1.00, but its ADJUSTMENT takes 0.50: "
        "the ADJUSTMENT is imported, as the file scored it (Laws 90, 91)"
    )
    assert re.fullmatch(
        r"Published figures: \d+ compared, all agree with Árbitro's", err.splitlines()[1]
    )
    again = open_store(str(tmp_path / "a.db"))
    try:
        ((pair, law, amount, unit, _),) = _penalties(again, 1)
        assert (pair, law, amount, unit) == ("2", "90", Fraction(1, 2), "mp")
        assert [(s.participant, s.total) for s in again.ranking(1)] == ranking
    finally:
        again.close()


def test_law_90_a_penalty_still_waiting_is_in_no_note_nor_adjustment() -> None:
    store, event = _four_teams(rounds=1)
    try:
        # Board 3 is round 2's: its match is not scored yet, so the IMPs wait for it.
        late = PenaltyRecord("4", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "late", 3)
        store.add_penalty(event, late)
        text, _ = store.usebio_text(event)
        assert "Penalty (Law" not in text
        assert "<ADJUSTMENT>" not in text
        movement = store.movement(event)
        assert movement is not None
        for seat in movement.seatings(2):
            for board in seat.boards:
                store.enter_result(event, board, seat.table, Entry.from_str("3NT S 9"))
        text, _ = store.usebio_text(event)
        assert "<!-- Penalty (Law 90B2): 3 IMPs, board 3: late -->" in text
    finally:
        store.close()


def test_law_90_a_third_of_a_top_round_trips_exactly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store, event = _four_pairs()
    third = PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1, 3), "top", "90B2", "slow")
    store.add_penalty(event, third)
    text, _ = store.usebio_text(event)
    ranking = [(s.participant, s.total) for s in store.ranking(event)]
    store.close()
    assert "<!-- Penalty (Law 90B2): 1/3 of a top: slow -->" in text
    assert "<ADJUSTMENT>-0.67</ADJUSTMENT>" in text
    again, imported, data = _imported(capsys, tmp_path, text)
    try:
        assert data["warnings"] == []  # 2/3 of a matchpoint is the ADJUSTMENT's 0.67
        assert _penalties(again, imported) == [("3", "90B2", Fraction(1, 3), "top", "slow")]
        assert [(s.participant, s.total) for s in again.ranking(imported)] == ranking
    finally:
        again.close()


def test_law_90_an_older_files_decimal_share_of_a_top_is_read_as_written() -> None:
    assert penalties_in("Penalty (Law 90B2): 33.33% of a top") == [
        NotedPenalty("90B2", Fraction(3333, 10000), "top", None, "")
    ]
    assert penalty_note("90B2", Fraction(1, 8), "top") == "Penalty (Law 90B2): 12.5% of a top"


REASONS = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzñá ,.-"), max_size=30).map(str.strip)


@settings(max_examples=200, deadline=None)
@given(
    amount=st.fractions(min_value=0, max_value=1000, max_denominator=10**6).filter(
        lambda value: value > 0
    ),
    unit=st.sampled_from(["top", "mp", "imps", "vp"]),
    law=st.sampled_from(["90", "90B2", "90B8", "91A", "AEB-G"]),
    board=st.none() | st.integers(min_value=1, max_value=999),
    reason=REASONS,
    lang=st.sampled_from(["en", "es"]),
)
def test_law_90_a_penalty_of_any_fraction_survives_its_note(
    amount: Fraction, unit: str, law: str, board: int | None, reason: str, lang: Language
) -> None:
    with use_language(lang):
        note = penalty_note(law, amount, unit, reason, board)
    assert penalties_in(note) == [NotedPenalty(law, amount, unit, board, reason)]
    again = penalty_note("90", Fraction(1), "vp")
    assert penalties_in(f"{note}; {again}")[0] == NotedPenalty(law, amount, unit, board, reason)


def test_law_90_a_pairs_import_with_a_noted_penalty_the_event_refuses_stores_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The file's penalties are worked out before anything is stored: all of it, or nothing."""
    store, event = _four_pairs()
    slow = PenaltyRecord("2", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B2", "slow", 2)
    store.add_penalty(event, slow)
    text, _ = store.usebio_text(event)
    store.close()
    assert "Penalty (Law 90B2): 25% of a top, board 2: slow" in text
    source = tmp_path / "edited.xml"
    source.write_text(text.replace(", board 2: slow", ", board 9: slow"), encoding="utf-8")
    database = str(tmp_path / "a.db")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", database)
    assert code != 0
    assert out == ""
    assert f"{source}, session 1, participant 2: the adjustment cannot be stored" in err
    assert "board 9 is not in the event" in err
    again = open_store(database)
    try:
        assert again.events() == []
    finally:
        again.close()

"""Judgement cases in the store, on SQLite and on a real PostgreSQL: rows of their own.

The worksheet's answers, the results the director weighed, the facts and the poll are
each kept in a table (migration 0005) and read back equal; a report's questions can be
answered by plain SQL. Expected scores are worked out by hand from Law 77.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlalchemy import text

from arbitro.core.seat import Seat, Side
from arbitro.scoring.results import Weighted
from arbitro.scoring.worksheet import Irregularity, Otherwise, Worksheet, WorksheetError
from arbitro.store import Store, judgement, open_store
from arbitro.store.repository import StoreError
from arbitro.table.agreements import ConventionCard
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.judgement import Case, CaseFact
from arbitro.tournament.poll import Poll, PollAnswer, PollError, answer_alternatives

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture


@pytest.fixture
def store(database: str) -> Store:
    return open_store(database)


def example_2_case(table: int = 3) -> Case:
    """Ejemplo 2 of `004_*`: slow 5C, 6C made (+1370); 5C+1 (+600), 6C-1 (-100) after."""
    poll = Poll(2, Seat.NORTH, "6C", "North's call after 5C, without the hesitation")
    for name, chosen, considered in (
        ("Luis", "Pass", ("6C",)),
        ("Eva", "6C", ("Pass", "6NT")),
        ("Juan", "Pass", ()),
    ):
        poll = poll.add(PollAnswer(name, chosen, considered))
    sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 1370)
    sheet = answer_alternatives(sheet.answer(True, "slow 5C").answer(True, "bid on"), poll)
    sheet = sheet.answer(True, "6C").answer(True, "6C made")
    return Case(
        2,
        table,
        sheet,
        "wbf",
        Otherwise(Weighted.single(600), after=-100),
        poll,
        (CaseFact("16B1", "South's slow 5C"), CaseFact("16B3", "called at the end of play")),
        "Ana",
    )


def three_tables(store: Store) -> int:
    pairs = [Participant(str(n)) for n in range(1, 7)]
    event = store.create_event(EventSpec("Club", boards=2), pairs)
    # Board 2, N/S vulnerable (Law 2): 6C= 120 + 500 + 750 = +1370; 5C= (eleven tricks)
    # 100 + 500 = +600; 6C-1 vulnerable = -100.
    for table, (entry, ns, ew) in enumerate(
        (("6C N 12", "1", "2"), ("5C N 11", "3", "4"), ("6C N 11", "5", "6")), start=1
    ):
        store.enter_result(event, 2, table, Entry.from_str(entry), ns=ns, ew=ew)
    return event


def test_law_12c1b_example_2_case_is_kept_in_its_own_rows_and_read_back(store: Store) -> None:
    event = three_tables(store)
    case = example_2_case()
    number = store.add_case(event, case)
    assert store.load_case(event, number) == case
    with store.engine.connect() as db:
        answers = db.execute(
            text(
                "SELECT a.step, a.law, a.yes FROM worksheet_answers a "
                "JOIN worksheets w ON w.id = a.worksheet_id "
                "WHERE w.ruling_id = :ruling ORDER BY a.position"
            ),
            {"ruling": number},
        ).all()
        assert [(step, law, bool(yes)) for step, law, yes in answers] == [
            ("irregularity", "16B1", True),
            ("suggested", "16B1a", True),
            ("alternatives", "16B1b", True),
            ("chosen", "16B1a", True),
            ("damage", "12B1", True),
        ]
        sheet = db.execute(
            text("SELECT actual, after, stands, laws, result FROM worksheets WHERE ruling_id = :r"),
            {"r": number},
        ).one()
        assert (sheet.actual, sheet.after, bool(sheet.stands)) == (1370, -100, False)
        assert (sheet.laws, sheet.result) == ("16B1, 12C1a, 12C1b", "+600/-1370")
        chosen = db.execute(
            text("SELECT chosen, COUNT(*) FROM poll_answers GROUP BY chosen ORDER BY chosen")
        ).all()
        assert [tuple(row) for row in chosen] == [("6C", 1), ("Pass", 2)]
        considered = (
            db.execute(text("SELECT action FROM poll_considered ORDER BY action")).scalars().all()
        )
        assert considered == ["6C", "6NT", "Pass"]
        assert db.execute(text("SELECT COUNT(*) FROM worksheet_facts")).scalar() == 2


def test_law_12c1c_weighted_and_12c1e_probable_results_round_trip(store: Store) -> None:
    event = three_tables(store)
    sheet = Worksheet(Irregularity.MISINFORMATION, Side.EW, -100)
    for _ in range(5):
        sheet = sheet.answer(True, "MI")
    likely = Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100)))
    weighted = Case(1, 1, sheet, "wbf", Otherwise(likely))
    aeb = Case(2, 2, sheet, "aeb", Otherwise(likely, probable=(650, 170)))
    numbers = [store.add_case(event, case) for case in (weighted, aeb)]
    assert [store.load_case(event, number) for number in numbers] == [weighted, aeb]
    with store.engine.connect() as db:
        rows = db.execute(
            text(
                "SELECT kind, weight, score FROM worksheet_scores s JOIN worksheets w "
                "ON w.id = s.worksheet_id WHERE w.ruling_id = :r ORDER BY kind, position"
            ),
            {"r": numbers[1]},
        ).all()
    assert [tuple(row) for row in rows] == [
        ("likely", "2/3", 620),
        ("likely", "1/3", -100),
        ("probable", "", 650),
        ("probable", "", 170),
    ]


def test_law_16b1_applied_ruling_changes_the_board_result_and_the_ranking(store: Store) -> None:
    event = three_tables(store)
    before = {s.participant: s.total for s in store.ranking(event)}
    store.add_case(event, example_2_case(table=1), apply=True, by="Ana")
    after = {s.participant: s.total for s in store.ranking(event)}
    # Board 2, N/S: +1370 (pair 1), +600 (pair 3: 5C=), -100 (pair 5: 6C-1).
    # Before, pair 1 beat both (top); after, pair 1 has +600: tied with pair 3.
    # E/W pair 2 keeps its -1370 (a split score): still bottom.
    assert before["1"] > after["1"]
    assert after["1"] == after["3"]
    assert before["2"] == after["2"]
    result = next(r for r in store.results(event) if r.table == 1)
    assert result.result is not None
    assert result.result.to_str() == "+600/-1370"
    assert [entry.action for entry in store.audit(event)][-1] == "correct"


def test_law_16b1_applied_ruling_its_correction_and_worksheet_commit_together_or_not_at_all(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = three_tables(store)
    results = [(r.table, r.board, r.entry.to_str(), r.version) for r in store.results(event)]
    audit = store.audit(event)

    def failing_worksheet(*args: object) -> int:
        raise OSError("disk full")  # after the correction and the ruling, before the worksheet

    monkeypatch.setattr(judgement, "write_case", failing_worksheet)
    with pytest.raises(OSError, match="disk full"):
        store.add_case(event, example_2_case(table=1), apply=True, by="Ana")
    assert [(r.table, r.board, r.entry.to_str(), r.version) for r in store.results(event)] == (
        results
    )
    assert store.audit(event) == audit
    assert store.rulings(event) == []
    monkeypatch.undo()
    number = store.add_case(event, example_2_case(table=1), apply=True, by="Ana")
    assert [n for n, _ in store.rulings(event)] == [number]
    assert [entry.action for entry in store.audit(event)] == [e.action for e in audit] + ["correct"]


def test_law_16b1_organisers_list_shows_the_pairs_and_only_adjustments_when_asked(
    store: Store,
) -> None:
    event = three_tables(store)
    stands = Case(2, 2, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 600).answer(False, "no"))
    store.add_case(event, stands)
    adjusted = store.add_case(event, example_2_case(table=1))
    listed = store.stored_cases(event)
    assert [(c.case.table, c.ns, c.ew) for c in listed] == [(2, "3", "4"), (1, "1", "2")]
    assert [c.number for c in store.stored_cases(event, adjusted_only=True)] == [adjusted]


def test_unfinished_worksheet_is_refused_and_nothing_is_stored(store: Store) -> None:
    event = three_tables(store)
    unfinished = Case(2, 1, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 1370).answer(True))
    with pytest.raises(WorksheetError, match="answer every question"):
        store.add_case(event, unfinished)
    assert store.rulings(event) == []
    with pytest.raises(StoreError, match="ruling 1 of this event has no worksheet"):
        store.load_case(event, 1)


def test_deleting_the_event_deletes_its_cases_rows(store: Store) -> None:
    event = three_tables(store)
    store.add_case(event, example_2_case())
    store.delete_event(event)
    with store.engine.connect() as db:
        for table in (
            "worksheets",
            "worksheet_answers",
            "worksheet_scores",
            "worksheet_facts",
            "polls",
            "poll_answers",
            "poll_considered",
        ):
            assert db.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar() == 0, table


def test_law_16b1b_poll_takes_answers_one_by_one_then_serves_the_ruling(store: Store) -> None:
    event = three_tables(store)
    number = store.open_poll(
        event, Poll(2, Seat.NORTH, "6C", "North's call after 5C, without the hesitation")
    )
    for name, chosen, considered in (
        ("Luis", "Pass", ("6C",)),
        ("Eva", "6C", ("Pass", "6NT")),
        ("Juan", "Pass", ()),
    ):
        poll = store.add_poll_answer(event, number, PollAnswer(name, chosen, considered))
    with pytest.raises(PollError, match="'Eva': this respondent has already answered"):
        store.add_poll_answer(event, number, PollAnswer("Eva", "Pass"))
    assert store.load_poll(event, number) == poll
    assert poll == example_2_case().poll
    # The case links the poll instead of storing it again.
    ruling = store.add_case(event, example_2_case(), poll_number=number)
    assert store.load_case(event, ruling).poll == poll
    with store.engine.connect() as db:
        assert db.execute(text("SELECT COUNT(*) FROM polls")).scalar() == 1
    with pytest.raises(StoreError, match="served a ruling already"):
        store.add_poll_answer(event, number, PollAnswer("Marta", "6C"))


def test_law_16b1b_poll_of_another_event_or_another_case_is_refused(store: Store) -> None:
    event, other = three_tables(store), three_tables(store)
    number = store.open_poll(event, Poll(2, Seat.NORTH, "6C"))
    with pytest.raises(StoreError, match=f"there is no poll {number} in this event"):
        store.load_poll(other, number)
    with pytest.raises(StoreError, match=f"not poll {number} as stored"):
        store.add_case(event, example_2_case(), poll_number=number)
    with pytest.raises(StoreError, match="board 3 is not in the event"):
        store.open_poll(event, Poll(3, Seat.NORTH, "6C"))


def test_law_16b1_open_case_is_kept_as_typed_updated_and_closed(store: Store) -> None:
    event = three_tables(store)
    fields = {"facts": "16B1: South's slow 5C", "answer_irregularity": "yes", "note": "ñ"}
    number = store.save_open_case(event, 2, 1, Irregularity.UNAUTHORISED, fields, by="Ana")
    kept = store.load_open_case(event, number)
    assert (kept.board, kept.table, kept.irregularity, kept.opened_by) == (
        2,
        1,
        Irregularity.UNAUTHORISED,
        "Ana",
    )
    assert dict(kept.fields) == fields
    changed = {**fields, "answer_suggested": "no"}
    assert (
        store.save_open_case(event, 2, None, Irregularity.UNAUTHORISED, changed, number) == number
    )
    [again] = store.open_cases(event)
    assert again.table is None
    assert again.fields["answer_suggested"] == "no"
    with pytest.raises(StoreError, match="too long"):
        store.save_open_case(event, 2, 1, Irregularity.UNAUTHORISED, {"facts": "x" * 5000})
    store.close_open_case(event, number)
    assert store.open_cases(event) == []
    with pytest.raises(StoreError, match="no open case"):
        store.close_open_case(event, number)
    store.save_open_case(event, 1, None, Irregularity.MISINFORMATION, {})
    store.delete_event(event)
    with store.engine.connect() as db:
        assert db.execute(text("SELECT COUNT(*) FROM open_cases")).scalar() == 0


def test_law_16b1_recording_an_open_case_and_closing_it_are_one_transaction(
    store: Store,
) -> None:
    event = three_tables(store)
    number = store.save_open_case(event, 2, 1, Irregularity.UNAUTHORISED, {}, by="Ana")
    results = [(r.table, r.entry.to_str()) for r in store.results(event)]

    def record_and_close(case_number: int) -> int:
        with store.transaction():
            recorded = store.add_case(event, example_2_case(table=1), apply=True, by="Ana")
            store.close_open_case(event, case_number)
        return recorded

    with pytest.raises(StoreError, match="no open case"):
        record_and_close(number + 1)  # the wrong case: nothing may stay recorded
    assert store.rulings(event) == []
    assert [(r.table, r.entry.to_str()) for r in store.results(event)] == results
    recorded = record_and_close(number)
    assert [n for n, _ in store.rulings(event)] == [recorded]
    assert store.open_cases(event) == []


def test_law_75_convention_cards_kept_per_pair_replaced_and_removed(store: Store) -> None:
    event = three_tables(store)
    acol = ConventionCard.from_text("1", "system: Acol\n2D: multi, a weak two in a major (alert)")
    store.keep_convention_card(event, acol)
    store.keep_convention_card(event, ConventionCard.from_text("2", "1NT: 15-17"))
    assert store.convention_card(event, "1") == acol
    natural = ConventionCard.from_text("1", "system: Acol\n2D: weak, diamonds")
    store.keep_convention_card(event, natural)
    assert store.convention_card(event, "1") == natural
    assert [card.pair for card in store.convention_cards(event)] == ["1", "2"]
    with pytest.raises(StoreError, match="there is no pair 9 in this event"):
        store.keep_convention_card(event, ConventionCard("9", "Acol", ()))
    store.keep_convention_card(event, ConventionCard("2", "", ()))
    assert store.convention_card(event, "2") is None
    store.delete_event(event)
    with store.engine.connect() as db:
        assert db.execute(text("SELECT COUNT(*) FROM convention_cards")).scalar() == 0


def test_law_12c2a_artificial_case_is_stored_read_back_and_applied(store: Store) -> None:
    event = three_tables(store)
    sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 1370)
    for _ in range(5):
        sheet = sheet.answer(True, "yes")
    case = Case(2, 1, sheet, "wbf", Otherwise.artificial())
    number = store.add_case(event, case, apply=True, by="Ana")
    assert store.load_case(event, number) == case
    result = next(r for r in store.results(event) if r.board == 2 and r.table == 1)
    assert result.result is not None
    assert result.result.to_str() == "A-/A+"  # offenders N/S average-minus

"""Judgement cases in the store: the worksheet, its answers, scores, facts and poll as rows.

:meth:`~arbitro.store.Store.add_case` records a :class:`~arbitro.tournament.judgement.Case` as the board's
ruling (its text as :func:`~arbitro.tournament.judgement.ruling_record` writes it)
and keeps every part of it in a table of its own (``worksheets``,
``worksheet_answers``, ``worksheet_scores``, ``worksheet_facts``, ``polls``,
``poll_answers``, ``poll_considered``), so that a report can query them; with
``apply`` an assigned score also replaces the table's result, through the store's
correction with its audit trail (and its Law 79C period). :meth:`~arbitro.store.Store.load_case` reads a
case back, :meth:`~arbitro.store.Store.stored_cases` lists an event's cases with the pairs at the table:
the organiser's list of adjustments.

A poll may be opened before the ruling (:meth:`~arbitro.store.Store.open_poll`), take its answers one by one
(:meth:`~arbitro.store.Store.add_poll_answer`, refused once a ruling used the poll), and be linked to the
case it served (``add_case(..., poll_number=...)``).

>>> from arbitro.core.seat import Side
>>> from arbitro.scoring.worksheet import Irregularity, Worksheet
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> from arbitro.tournament.judgement import Case
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=8))
>>> case = Case(7, 3, Worksheet(Irregularity.MISINFORMATION, Side.NS, 110).answer(False, "mistaken call"))
>>> number = store.add_case(event, case)
>>> store.load_case(event, number) == case
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbitro.core.seat import Seat, Side
from arbitro.i18n import N_, gettext
from arbitro.store.models import (
    PollAnswerRow,
    PollConsideredRow,
    PollRow,
    ResultRow,
    RulingRow,
    WorksheetAnswerRow,
    WorksheetFactRow,
    WorksheetRow,
    WorksheetScoreRow,
)
from arbitro.store.penalties import PenaltyRecords
from arbitro.store.repository import StoreConflictError, StoreError, StoreNotFoundError
from arbitro.store.rulings import RulingRecords
from arbitro.store.stored import StoredResult

if TYPE_CHECKING:
    from arbitro.scoring.penalties import Penalty
    from arbitro.tournament.judgement import Case
    from arbitro.tournament.poll import Poll, PollAnswer
    from arbitro.tournament.records import Ruling


@dataclass(frozen=True)
class StoredCase:
    """A judgement case as stored: the ruling's number, session, the case and the pairs.

    ``ns`` and ``ew`` are the pairs of the board's result at that table, when entered.

    >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
    >>> from arbitro.tournament.judgement import Case
    >>> StoredCase(1, 1, Case(2, 1, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0))).ns
    ''
    """

    number: int
    session: int
    case: Case
    ns: str = ""
    ew: str = ""


def _write(db: Session, event_id: int, number: int, case: Case, with_poll: bool) -> int:
    sheet, ruling = case.sheet, case.ruling()
    otherwise = case.otherwise
    row = WorksheetRow(
        ruling_id=number,
        irregularity=sheet.irregularity.value,
        offenders=str(sheet.offenders),
        actual=sheet.actual,
        profile=case.profile,
        after=otherwise.after if otherwise else None,
        stands=ruling.stands,
        laws=", ".join(ruling.laws),
        result=ruling.result.to_str(),
    )
    db.add(row)
    db.flush()
    for position, answer in enumerate(sheet.answers):
        db.add(
            WorksheetAnswerRow(
                worksheet_id=row.id,
                position=position,
                step=answer.step.value,
                law=answer.step.law(sheet.irregularity),
                yes=answer.yes,
                note=answer.note,
            )
        )
    if otherwise is not None and otherwise.likely is not None:
        for position, (weight, score) in enumerate(otherwise.likely.parts):
            db.add(
                WorksheetScoreRow(
                    worksheet_id=row.id,
                    kind="likely",
                    position=position,
                    weight=str(weight),
                    score=score,
                )
            )
        for position, score in enumerate(otherwise.probable):
            db.add(
                WorksheetScoreRow(
                    worksheet_id=row.id, kind="probable", position=position, weight="", score=score
                )
            )
    for position, fact in enumerate(case.facts):
        db.add(
            WorksheetFactRow(worksheet_id=row.id, position=position, law=fact.law, text=fact.text)
        )
    if case.poll is not None and with_poll:
        _write_poll(db, event_id, case.poll, row.id)
    return row.id


def _write_poll(db: Session, event_id: int, poll: Poll, worksheet_id: int | None) -> int:
    poll_row = PollRow(
        event_id=event_id,
        worksheet_id=worksheet_id,
        board=poll.board,
        seat=str(poll.seat),
        taken=poll.taken,
        question=poll.question,
        significant=str(poll.significant),
    )
    db.add(poll_row)
    db.flush()
    for position, given in enumerate(poll.answers):
        _write_answer(db, poll_row.id, position, given)
    return poll_row.id


def _write_answer(db: Session, poll_id: int, position: int, given: PollAnswer) -> None:
    answer_row = PollAnswerRow(
        poll_id=poll_id, position=position, respondent=given.respondent, chosen=given.chosen
    )
    db.add(answer_row)
    db.flush()
    for action in given.considered:
        db.add(PollConsideredRow(answer_id=answer_row.id, action=action))


_ATTEMPTS = 5


def _poll_row(db: Session, event_id: int, number: int) -> PollRow:
    row = db.get(PollRow, number)
    if row is None or row.event_id != event_id:
        raise StoreNotFoundError(N_("there is no poll {number} in this event"), number=number)
    return row


def _case(db: Session, ruling: RulingRow, row: WorksheetRow) -> Case:
    from arbitro.scoring.results import Weighted
    from arbitro.scoring.worksheet import Answer, Irregularity, Otherwise, Step, Worksheet
    from arbitro.tournament.judgement import Case, CaseFact

    irregularity = Irregularity(row.irregularity)
    answers = db.scalars(
        select(WorksheetAnswerRow)
        .where(WorksheetAnswerRow.worksheet_id == row.id)
        .order_by(WorksheetAnswerRow.position)
    )
    sheet = Worksheet(
        irregularity,
        Side.from_str(row.offenders),
        row.actual,
        tuple(Answer(Step(answer.step), answer.yes, answer.note) for answer in answers),
    )
    scores = list(
        db.scalars(
            select(WorksheetScoreRow)
            .where(WorksheetScoreRow.worksheet_id == row.id)
            .order_by(WorksheetScoreRow.kind, WorksheetScoreRow.position)
        )
    )
    likely = tuple((Fraction(s.weight), s.score) for s in scores if s.kind == "likely")
    otherwise = None
    if likely:
        probable = tuple(s.score for s in scores if s.kind == "probable")
        otherwise = Otherwise(Weighted(likely), probable, row.after)
    elif sheet.next_question is Step.OTHERWISE:
        # Five "yes" and no likely result: the score was artificial (Law 12C2a).
        otherwise = Otherwise.artificial()
    facts = db.scalars(
        select(WorksheetFactRow)
        .where(WorksheetFactRow.worksheet_id == row.id)
        .order_by(WorksheetFactRow.position)
    )
    return Case(
        ruling.board,
        ruling.table_number,
        sheet,
        row.profile,
        otherwise,
        _poll(db, row.id),
        tuple(CaseFact(fact.law, fact.text) for fact in facts),
        ruling.director,
    )


def _poll(db: Session, worksheet_id: int) -> Poll | None:
    row = db.scalars(select(PollRow).where(PollRow.worksheet_id == worksheet_id)).first()
    return None if row is None else _poll_of(db, row)


def _poll_of(db: Session, row: PollRow) -> Poll:
    from arbitro.tournament.poll import Poll, PollAnswer

    poll = Poll(
        row.board,
        Seat.from_str(row.seat),
        row.taken,
        row.question,
        significant=Fraction(row.significant),
    )
    answers = db.scalars(
        select(PollAnswerRow)
        .where(PollAnswerRow.poll_id == row.id)
        .order_by(PollAnswerRow.position)
    )
    for answer in answers:
        considered = db.scalars(
            select(PollConsideredRow.action)
            .where(PollConsideredRow.answer_id == answer.id)
            .order_by(PollConsideredRow.id)
        )
        poll = poll.add(PollAnswer(answer.respondent, answer.chosen, tuple(considered)))
    return poll


@dataclass(frozen=True)
class RegulationGPenalty:
    """The AEB's regulation G penalty recorded with a ruling: its id, the pair and the amount."""

    id: int
    participant: str
    penalty: Penalty


@dataclass(frozen=True)
class OrganiserAdjustments:
    """Every score adjustment of an event, for its organiser (the AEB's criterion 4).

    ``cases`` the worksheet's rulings (all, or only the adjusted ones), ``entered`` the
    adjusted scores entered directly that no worksheet covers, ``mechanical`` the rulings
    by rule (Laws 13 and 15) recorded at a board without a worksheet.

    >>> OrganiserAdjustments([], [], []).lines()
    []
    """

    cases: list[StoredCase]
    entered: list[StoredResult]
    mechanical: list[tuple[int, Ruling]]

    def lines(self) -> list[tuple[int | None, str]]:
        """Each adjustment as (its worksheet's number, None without one, and its line), in the active language.

        >>> from arbitro.tournament.records import Ruling
        >>> OrganiserAdjustments([], [], [(5, Ruling(2, 1, "13B", "A60/A40"))]).lines()
        [(None, 'Ruling 5: board 2, table 1: Law 13B: A60/A40')]
        """
        from arbitro.tournament.ruling_report import (
            adjustment_line,
            entered_adjustment_line,
            mechanical_ruling_line,
        )

        found: list[tuple[int | None, str]] = [
            (stored.number, adjustment_line(stored.number, stored.case, stored.ns, stored.ew))
            for stored in self.cases
        ]
        found += [
            (
                None,
                entered_adjustment_line(
                    r.board, r.table, r.ns, r.ew, r.entry.localized(), r.session
                ),
            )
            for r in self.entered
        ]
        found += [
            (
                None,
                mechanical_ruling_line(number, ruling.board, ruling.table, ruling.law, ruling.text),
            )
            for number, ruling in self.mechanical
        ]
        return found


class JudgementRecords(RulingRecords, PenaltyRecords):
    """Judgement cases and polls, every part in its own rows."""

    def add_case(
        self,
        event_id: int,
        case: Case,
        session: int = 1,
        apply: bool = False,
        by: str = "",
        poll_number: int | None = None,
    ) -> int:
        """Record ``case`` as a ruling of the event, every part in its own rows; its number.

        With ``apply``, an assigned score replaces the table's result first (a correction
        in the audit trail, refused after the correction period, Law 79C); a ruling that
        lets the score stand changes nothing. The correction and the ruling are one
        transaction: a failure leaves neither. ``poll_number`` links a poll opened before
        (:meth:`~arbitro.store.Store.open_poll`) to the case instead of storing the case's poll again.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.judgement import Case
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8))
        >>> store.add_case(event, Case(9, 1, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0).answer(False)))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: board 9 is not in the event (expected 1 to 8)
        """
        from arbitro.tournament.entry import Entry

        ruling = case.ruling()  # an unfinished worksheet is refused before anything is written
        record = case.record()
        self._check_board(event_id, case.board)
        if poll_number is not None:
            if dict(self.event_poll_numbers(event_id)).get(poll_number):
                raise StoreConflictError(
                    N_("poll {number} has served a ruling already; open a new poll"),
                    number=poll_number,
                )
            stored = self.load_poll(event_id, poll_number)
            if case.poll is not None and case.poll != stored:
                raise StoreError(
                    N_("the case's poll is not poll {number} as stored"), number=poll_number
                )
        if apply and not ruling.stands and case.table is None:
            raise StoreError(N_("an assigned score needs the table the board was played at"))
        # The correction, the ruling and its worksheet are committed together or not at all.
        with self.transaction() as db:
            if apply and not ruling.stands:
                assert case.table is not None, "checked above"
                self.correct_result(
                    event_id,
                    case.board,
                    case.table,
                    Entry.from_fields(adjusted=ruling.result.to_str()),
                    reason=record.text.splitlines()[-1],
                    session=session,
                    by=by or case.director,
                )
            number = self.add_ruling(event_id, record, session)
            worksheet = _write(db, event_id, number, case, poll_number is None)
            if poll_number is not None:
                row = db.get(PollRow, poll_number)
                assert row is not None, "the poll was found above"
                row.worksheet_id = worksheet
        return number

    def add_regulation_g(
        self, event_id: int, case: Case, ruling: int, session: int = 1, by: str = ""
    ) -> RegulationGPenalty | None:
        """Record ``case``'s regulation G penalty (AEB) on the offending pair at its table; ``None`` if none.

        A misinformation case whose first question found a misexplanation carries the
        penalty under the AEB whatever the score (``Case.penalty``): it falls on the pair
        or team of the offending side at the case's table, read from the board's result
        there, with the ruling's number in its reason, and comes off the ranking. The
        command line (``arbitro ruling record``) and the desk's worksheet both record it
        here, inside the caller's transaction when there is one.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.judgement import Case
        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=2), [Participant("1"), Participant("2")])
        >>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.EW, 110).answer(True).answer(False)
        >>> store.add_regulation_g(event, Case(2, 1, sheet), ruling=1)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: board 2 has no result at table 1: enter it first, so that the regulation G penalty falls on the offending pair
        >>> _ = store.enter_result(event, 2, 1, Entry.from_str("2S N 8"), ns="1", ew="2")
        >>> store.add_regulation_g(event, Case(2, 1, sheet), ruling=1).participant
        '2'
        """
        from arbitro.tournament.records import PenaltyKind, PenaltyRecord

        penalty = case.penalty()
        if penalty is None:
            return None
        stored = next(
            (
                one
                for one in self.results(event_id, session)
                if one.board == case.board and one.table == case.table
            ),
            None,
        )
        if stored is None:
            raise StoreError(
                N_(
                    "board {board} has no result at table {table}: enter it first, so that the "
                    "regulation G penalty falls on the offending pair"
                ),
                board=case.board,
                table=case.table if case.table is not None else "-",
            )
        offenders = stored.ns if case.sheet.offenders is Side.NS else stored.ew
        record = PenaltyRecord(
            offenders,
            PenaltyKind.PROCEDURAL,
            penalty.amount,
            penalty.unit,
            penalty.law,
            gettext("misexplained call (ruling {id})").format(id=ruling),
            case.board,
        )
        number = self.add_penalty(event_id, record, session, by or case.director)
        return RegulationGPenalty(number, offenders, penalty)

    def _check_board(self, event_id: int, board: int) -> None:
        boards = self.event(event_id).spec.boards
        if not 1 <= board <= boards:
            raise StoreError(
                N_("board {board} is not in the event (expected 1 to {boards})"),
                board=board,
                boards=boards,
            )

    def open_poll(self, event_id: int, poll: Poll) -> int:
        """Keep a poll of the event before the ruling, with the answers it has so far; its number.

        >>> from arbitro.tournament.poll import Poll, PollAnswer
        >>> from arbitro.core.seat import Seat
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8))
        >>> number = store.open_poll(event, Poll(7, Seat.NORTH, "6C", "North's call after 5C"))
        >>> store.add_poll_answer(event, number, PollAnswer("Luis", "Pass", ("6C",))).logical_alternatives()
        ('Pass',)
        """
        self._check_board(event_id, poll.board)
        with self.transaction() as db:
            return _write_poll(db, event_id, poll, None)

    def add_poll_answer(self, event_id: int, number: int, answer: PollAnswer) -> Poll:
        """Add one respondent's answer to poll ``number`` of the event; the poll as it now stands.

        Refused when the respondent has answered already, and once a ruling used the poll.

        >>> from arbitro.tournament.poll import PollAnswer
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.add_poll_answer(store.create_event(EventSpec("Club", boards=8)), 1, PollAnswer("Eva", "Pass"))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no poll 1 in this event
        """
        self.event(event_id)
        for attempt in range(_ATTEMPTS):
            try:
                with self.transaction() as db:
                    row = _poll_row(db, event_id, number)
                    if row.worksheet_id is not None:
                        raise StoreConflictError(
                            N_(
                                "poll {number} has served a ruling already; it takes no more answers"
                            ),
                            number=number,
                        )
                    poll = _poll_of(db, row).add(answer)  # the same respondent twice is refused
                    _write_answer(db, row.id, len(poll.answers) - 1, answer)
                    return poll
            except IntegrityError:
                # Another answer took the same place at the same moment: read again and retry.
                if attempt == _ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def load_poll(self, event_id: int, number: int) -> Poll:
        """Read back poll ``number`` of the event, with its answers in order.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.load_poll(store.create_event(EventSpec("Club", boards=8)), 3)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no poll 3 in this event
        """
        self.event(event_id)
        with self.reading() as db:
            return _poll_of(db, _poll_row(db, event_id, number))

    def event_poll_numbers(self, event_id: int) -> list[tuple[int, bool]]:
        """The event's polls, oldest first: each number, and whether a ruling has used it.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.event_poll_numbers(store.create_event(EventSpec("Club", boards=8)))
        []
        """
        self.event(event_id)
        with self.reading() as db:
            rows = db.execute(
                select(PollRow.id, PollRow.worksheet_id)
                .where(PollRow.event_id == event_id)
                .order_by(PollRow.id)
            ).all()
        return [(number, used is not None) for number, used in rows]

    def load_case(self, event_id: int, number: int) -> Case:
        """Read back the judgement case of ruling ``number`` of the event.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.load_case(store.create_event(EventSpec("Club", boards=8)), 4)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: ruling 4 of this event has no worksheet
        """
        self.event(event_id)  # an unknown event is named
        with self.reading() as db:
            found = db.execute(
                select(RulingRow, WorksheetRow)
                .join(WorksheetRow, WorksheetRow.ruling_id == RulingRow.id)
                .where(RulingRow.event_id == event_id, RulingRow.id == number)
            ).first()
            if found is None:
                raise StoreNotFoundError(
                    N_("ruling {number} of this event has no worksheet"), number=number
                )
            return _case(db, found[0], found[1])

    def organiser_adjustments(
        self, event_id: int, adjusted_only: bool = True
    ) -> OrganiserAdjustments:
        """The event's score adjustments for the organiser (the AEB's criterion 4).

        Criterion 4: every adjustment reaches the organiser, so besides the worksheet's
        rulings the list holds the adjusted scores entered directly (``result enter
        --adjusted``, not covered by a worksheet that adjusted the same table) and the
        rulings by rule recorded at a board under Laws 13 and 15 (13B, 15B...). Without
        ``adjusted_only`` it is the list of every worksheet ruling, nothing else. The
        command line's ``ruling list --adjusted`` and the desk's list both use it.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import Ruling
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8), [Participant("1"), Participant("2")])
        >>> store.add_ruling(event, Ruling(2, 1, "13B", "A60/A40"))
        1
        >>> [number for number, _ in store.organiser_adjustments(event).mechanical]
        [1]
        >>> store.organiser_adjustments(event, adjusted_only=False).mechanical
        []
        """
        from arbitro.tournament.ruling_report import is_mechanical

        cases = self.stored_cases(event_id, adjusted_only=adjusted_only)
        if not adjusted_only:
            return OrganiserAdjustments(cases, [], [])
        by_case = {stored.number for stored in self.stored_cases(event_id)}
        covered = {
            (stored.session, stored.case.board, stored.case.table)
            for stored in cases
            if not stored.case.ruling().stands
        }
        entered = [
            r
            for r in self.results(event_id)
            if r.entry.adjusted is not None and (r.session, r.board, r.table) not in covered
        ]
        mechanical = [
            (number, ruling)
            for number, ruling in self.rulings(event_id)
            if number not in by_case and is_mechanical(ruling.law)
        ]
        return OrganiserAdjustments(cases, entered, mechanical)

    def stored_cases(self, event_id: int, adjusted_only: bool = False) -> list[StoredCase]:
        """The event's judgement cases, oldest first, with the pairs of the board's result.

        ``adjusted_only`` keeps the rulings that assigned a score: the list the AEB asks the
        director to send to the organiser of a simultaneous event.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.stored_cases(store.create_event(EventSpec("Club", boards=8)))
        []
        """
        self.event(event_id)
        with self.reading() as db:
            query = (
                select(RulingRow, WorksheetRow)
                .join(WorksheetRow, WorksheetRow.ruling_id == RulingRow.id)
                .where(RulingRow.event_id == event_id)
                .order_by(RulingRow.id)
            )
            if adjusted_only:
                query = query.where(WorksheetRow.stands.is_(False))
            cases = []
            for ruling, row in db.execute(query):
                result = db.scalars(
                    select(ResultRow).where(
                        ResultRow.event_id == event_id,
                        ResultRow.session == ruling.session,
                        ResultRow.board == ruling.board,
                        ResultRow.table_number == ruling.table_number,
                    )
                ).first()
                cases.append(
                    StoredCase(
                        ruling.id,
                        ruling.session,
                        _case(db, ruling, row),
                        result.ns if result else "",
                        result.ew if result else "",
                    )
                )
            return cases

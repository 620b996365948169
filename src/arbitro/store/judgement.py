"""Judgement cases in the store: a case recorded as the board's ruling, and read back.

:meth:`~arbitro.store.Store.add_case` records a :class:`~arbitro.tournament.judgement.Case` as the board's
ruling (its text as :func:`~arbitro.tournament.judgement.ruling_record` writes it)
and keeps every part of it in a table of its own (``worksheets``,
``worksheet_answers``, ``worksheet_scores``, ``worksheet_facts``, ``polls``,
``poll_answers``, ``poll_considered``: written by ``case_rows.py``, read back by
``case_reading.py``), so that a report can query them; with ``apply`` an assigned
score also replaces the table's result, through the store's correction with its audit
trail (and its Law 79C period). :meth:`~arbitro.store.Store.add_regulation_g` records
the AEB's regulation G penalty a case carries. :meth:`~arbitro.store.Store.load_case`
reads a case back, :meth:`~arbitro.store.Store.stored_cases` lists an event's cases
with the pairs at the table; the organiser's list of adjustments is in
``adjustments.py``, the polls opened before a ruling in ``polls.py``.

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
from typing import TYPE_CHECKING

from sqlalchemy import select

from arbitro.core.seat import Side
from arbitro.i18n import N_, gettext
from arbitro.store.case_reading import case_of, case_rows_of
from arbitro.store.case_rows import write_case
from arbitro.store.models import PollRow, ResultRow, RulingRow, WorksheetRow
from arbitro.store.penalties import PenaltyRecords
from arbitro.store.polls import PollRecords
from arbitro.store.repository import (
    StoreConflictError,
    StoreError,
    StoreNotFoundError,
    check_board,
)
from arbitro.store.rulings import RulingRecords

if TYPE_CHECKING:
    from arbitro.scoring.penalties import Penalty
    from arbitro.tournament.judgement import Case

__all__ = ["JudgementRecords", "RegulationGPenalty", "StoredCase"]


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


@dataclass(frozen=True)
class RegulationGPenalty:
    """The AEB's regulation G penalty recorded with a ruling: its id, the pair and the amount."""

    id: int
    participant: str
    penalty: Penalty


class JudgementRecords(PollRecords, RulingRecords, PenaltyRecords):
    """Judgement cases, every part in its own rows."""

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
        check_board(self.event(event_id).spec.boards, case.board)
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
            worksheet = write_case(db, event_id, number, case, poll_number is None)
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
            found = db.execute(case_rows_of(event_id).where(RulingRow.id == number)).first()
            if found is None:
                raise StoreNotFoundError(
                    N_("ruling {number} of this event has no worksheet"), number=number
                )
            return case_of(db, found[0], found[1])

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
            query = case_rows_of(event_id).order_by(RulingRow.id)
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
                        case_of(db, ruling, row),
                        result.ns if result else "",
                        result.ew if result else "",
                    )
                )
            return cases

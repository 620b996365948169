"""Procedural and disciplinary penalties, given, changed and withdrawn (``penalties``).

Each change goes to the event's log; a penalty is taken off the scores once its
participant has a result in its session.

>>> from fractions import Fraction
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec, Participant
>>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=1), [Participant("1")])
>>> given = store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
>>> [stored.record.participant for stored in store.penalties(event)]
['1']
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbitro.core.errors import Problem
from arbitro.i18n import N_
from arbitro.store.errors import MissingReasonError
from arbitro.store.models import EventLogRow, ParticipantRow, PenaltyRow
from arbitro.store.repository import (
    EventInfo,
    StoreError,
    check_board,
    check_participant,
    time_of,
)
from arbitro.store.results import ResultRecords
from arbitro.store.stored import StoredPenalty, StoredResult

if TYPE_CHECKING:
    from collections.abc import Sequence

    from arbitro.tournament.records import PenaltyRecord


def _penalty_detail(row: PenaltyRow) -> str:
    """A penalty as the event's log writes it: ``5EW: -1/4 top (90B8) #3``."""
    detail = f"{row.participant}: -{row.amount} {row.unit} ({row.law})"
    return detail if row.board is None else f"{detail} #{row.board}"


class PenaltyRecords(ResultRecords):
    """The penalties of an event."""

    def add_penalty(
        self,
        event_id: int,
        record: PenaltyRecord,
        session: int = 1,
        director: str = "",
        now: datetime | None = None,
    ) -> int:
        """Record a procedural (90) or disciplinary (91) penalty in ``session``; its number in the event.

        Penalties are numbered 1, 2, 3 within their event in the order given; a withdrawn
        penalty's number is not given again. The penalty changes the score, so like a result it is refused once the correction
        period is over, unless the director reopened its board, or every board for a
        penalty that names none (Law 79C). It goes to the event's log, with who gave it.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        1
        >>> store.add_penalty(event, PenaltyRecord("9", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: '9' is not a participant of the event (expected 1)
        """
        moment = time_of(now)
        with self.transaction() as db:
            event_row = self._event_row(db, event_id)
            info = self.info_of(event_row)
            self._check_penalty(db, info, event_id, record, session, moment)
            # The writers queue on the store's write lock: the count is read and raised alone.
            event_row.penalties_given += 1
            row = PenaltyRow(
                event_id=event_id,
                number=event_row.penalties_given,
                session=session,
                participant=record.participant,
                kind=record.kind.value,
                amount=str(record.amount),
                unit=record.unit,
                law=record.law,
                reason=record.reason,
                board=record.board,
                director=director,
            )
            db.add(row)
            db.flush()
            detail = _penalty_detail(row)
            if record.reason:
                detail += f": {record.reason}"
            db.add(
                EventLogRow(
                    event_id=event_id, at=moment, by=director, action="penalty", reason=detail
                )
            )
            return row.number

    def _check_penalty(
        self,
        db: Session,
        info: EventInfo,
        event_id: int,
        record: PenaltyRecord,
        session: int,
        moment: datetime,
    ) -> None:
        """Refuse a penalty the event cannot take: closed results, unknown pair, unit, board.

        A teams penalty in IMPs names its board where a team plays several matches
        (:func:`~arbitro.tournament.penalties.check_penalty_board`).
        """
        from arbitro.tournament.penalties import check_penalty_board
        from arbitro.tournament.records import check_penalty_unit, check_regulation_g
        from arbitro.tournament.result_rules import check_session

        check_session(info.spec, session)
        info.correction.check(moment, record.board)
        known = list(
            db.scalars(select(ParticipantRow.number).where(ParticipantRow.event_id == event_id))
        )
        check_participant(record.participant, known)
        check_penalty_unit(info.spec.penalty_units, record.unit)
        check_regulation_g(record, info.spec.profile, info.spec.scored_in_imps)  # AEB regulation G
        if record.board is not None:
            check_board(info.spec.boards, record.board)
        check_penalty_board(record, info.spec, info.timetable)  # the match of its board (90)
        amount = record.amount
        if max(amount.numerator.bit_length(), amount.denominator.bit_length()) > 63:
            # Kept as text, but printed and summed in every ranking: a mistyped
            # 40-digit amount is refused here, whoever typed it.
            raise StoreError(
                N_(
                    "invalid penalty amount '{amount}': expected numbers up to {largest}, "
                    "such as 1/4 or 3"
                ),
                amount=str(amount),
                largest=2**63 - 1,
            )

    def withdraw_penalty(
        self,
        event_id: int,
        number: int,
        reason: str,
        director: str = "",
        now: datetime | None = None,
    ) -> None:
        """Withdraw the event's penalty ``number``, with the reason in the event's log (like a correction, Law 79C).

        Its number is not given again: the next penalty takes the one after the last given.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> given = store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        >>> store.withdraw_penalty(event, given, "given to the wrong pair"); store.penalties(event)
        []
        >>> store.event_log(event)[-1].detail
        '1: -25% of a top (Law 90): given to the wrong pair'
        >>> store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        2
        """
        moment = time_of(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            row = self._penalty_row(db, event_id, number, reason)
            info.correction.check(moment, row.board)
            detail = f"{_penalty_detail(row)}: {reason.strip()}"
            db.delete(row)
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=director,
                    action="penalty-withdrawn",
                    reason=detail,
                )
            )

    def change_penalty(
        self,
        event_id: int,
        number: int,
        record: PenaltyRecord,
        reason: str,
        director: str = "",
        now: datetime | None = None,
        session: int | None = None,
    ) -> None:
        """Change the event's penalty ``number`` (amount, unit, Law, reason, board), with why in the event's log.

        The new penalty is checked as a new one is (:meth:`add_penalty`); after the
        correction period the board it was on must be reopened too. It moves to
        ``session`` when one is given, else stays in its own; it keeps its number.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> given = store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        >>> store.change_penalty(event, given, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 10), "top", "90B1", ""), "late, not slow")
        >>> store.penalties(event)[0].record.amount, store.event_log(event)[-1].detail
        (Fraction(1, 10), '1: -25% of a top (Law 90) → 1: -10% of a top (Law 90B1): late, not slow')
        """
        moment = time_of(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            row = self._penalty_row(db, event_id, number, reason)
            info.correction.check(moment, row.board)  # the board it was on, and the new one
            session = row.session if session is None else session
            self._check_penalty(db, info, event_id, record, session, moment)
            before = _penalty_detail(row)
            row.session = session
            row.participant = record.participant
            row.kind = record.kind.value
            row.amount = str(record.amount)
            row.unit = record.unit
            row.law = record.law
            row.reason = record.reason
            row.board = record.board
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=director,
                    action="penalty-changed",
                    reason=f"{before} → {_penalty_detail(row)}: {reason.strip()}",
                )
            )

    @staticmethod
    def _penalty_row(db: Session, event_id: int, number: int, reason: str) -> PenaltyRow:
        """The event's penalty ``number``; refused without a reason for the change."""
        row = db.scalar(
            select(PenaltyRow).where(PenaltyRow.event_id == event_id, PenaltyRow.number == number)
        )
        if row is None:
            raise StoreError(
                N_("event {event} has no penalty {penalty}"), event=event_id, penalty=number
            )
        if not reason.strip():
            raise MissingReasonError(N_("a change to a penalty needs its reason, for the record"))
        return row

    def penalty_problems(self, event_id: int) -> list[tuple[StoredPenalty, Problem]]:
        """The penalties not taken off the scores, each with why (the desk shows them).

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1"), Participant("2")])
        >>> _ = store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 10), "top", "90B2", ""))
        >>> [(stored.record.participant, str(problem)) for stored, problem in store.penalty_problems(event)]
        [('1', '1 has no result in session 1 yet: the penalty comes off when it has one')]
        """
        info = self.event(event_id)
        played = self._played(event_id)
        out = []
        for stored in self.penalties(event_id):
            problem = self._penalty_waits(info, stored, played)
            if problem is not None:
                out.append((stored, problem))
        return out

    def _played(
        self, event_id: int, results: Sequence[StoredResult] | None = None
    ) -> dict[int, set[str]]:
        """By session, who has a result: pairs, teams, and an individual event's players.

        ``results`` are the event's, when the caller has read them already.
        """
        from arbitro.tournament.individual_scores import SEPARATOR

        out: dict[int, set[str]] = {}
        for stored in self.results(event_id) if results is None else results:
            if stored.result is None:
                continue
            names = out.setdefault(stored.session, set())
            for side in (stored.ns, stored.ew):
                names.add(side)
                if SEPARATOR in side:
                    names.update(part.strip() for part in side.split(SEPARATOR))
        return out

    @staticmethod
    def _penalty_waits(
        info: EventInfo, stored: StoredPenalty, played: dict[int, set[str]]
    ) -> Problem | None:
        """Why ``stored`` is not taken off (yet); a teams event's wait on their matches."""
        from arbitro.tournament.records import penalty_waits

        everyone = {stored.record.participant} if info.spec.kind == "teams" else set()
        return penalty_waits(
            stored.record,
            info.spec.penalty_units,
            played.get(stored.session, set()) | everyone,
            stored.session,
        )

    def penalties(self, event_id: int) -> list[StoredPenalty]:
        """The event's penalties, oldest first, each with its number in the event and its session.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.penalties(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.records import PenaltyKind, PenaltyRecord

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(PenaltyRow)
                .where(PenaltyRow.event_id == event_id)
                .order_by(PenaltyRow.number)
            )
            return [
                StoredPenalty(
                    row.number,
                    row.session,
                    PenaltyRecord(
                        row.participant,
                        PenaltyKind(row.kind),
                        Fraction(row.amount),
                        row.unit,  # type: ignore[arg-type]  # stored from a checked record
                        row.law,
                        row.reason,
                        row.board,
                        recorded=True,
                    ),
                )
                for row in rows
            ]

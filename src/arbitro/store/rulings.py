"""Rulings at a board and the appeals against them, lodged and decided (``rulings``, ``appeals``).

The appeals' lodging and decisions go to the event's log too (Laws 92-93).

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> from arbitro.tournament.records import Ruling
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=3))
>>> store.add_ruling(event, Ruling(2, 1, "16B1a", "score adjusted"))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbitro.i18n import N_
from arbitro.store.models import (
    AppealRow,
    AuditRow,
    EventLogRow,
    ParticipantRow,
    ResultRow,
    RulingRow,
)
from arbitro.store.repository import (
    StoreNotFoundError,
    as_utc,
    check_board,
    check_participant,
    time_of,
)
from arbitro.store.results import ResultRecords
from arbitro.store.stored import StoredAppeal

if TYPE_CHECKING:
    from arbitro.tournament.directing import Body, Matter
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.records import Decision, Ruling


def _check_appellant_at_table(db: Session, ruling: RulingRow, appellant: str) -> None:
    """Who sat at the ruling's table, for the event's rule of Law 92A (:func:`check_appellant`).

    The contestants are read from the results entered at that table (at any table of the
    board when the ruling names none); with no result entered there yet, nobody is refused.
    A partnership of an individual event (``1&3``) counts each of its players.
    """
    from arbitro.tournament.records import check_appellant

    query = select(ResultRow.ns, ResultRow.ew).where(
        ResultRow.event_id == ruling.event_id,
        ResultRow.session == ruling.session,
        ResultRow.board == ruling.board,
    )
    if ruling.table_number is not None:
        query = query.where(ResultRow.table_number == ruling.table_number)
    seated: set[str] = set()
    for ns, ew in db.execute(query):
        for side in (ns, ew):
            seated.add(side)
            seated.update(part.strip() for part in side.split("&"))
    check_appellant(appellant, seated, ruling.board, ruling.table_number)


COMMITTEE_SETTINGS = {True: "committee", False: "no committee"}
"""The event log's text of each appeals-committee setting (action ``committee``, Law 93)."""


def kept_committee(db: Session, event_id: int) -> bool:
    """Whether the event has an appeals committee: its last ``committee`` log entry, else yes."""
    last = db.scalars(
        select(EventLogRow.reason)
        .where(EventLogRow.event_id == event_id, EventLogRow.action == "committee")
        .order_by(EventLogRow.at.desc(), EventLogRow.id.desc())
        .limit(1)
    ).first()
    return last != COMMITTEE_SETTINGS[False]


class RulingRecords(ResultRecords):
    """The rulings of an event and the appeals against them."""

    def add_ruling(self, event_id: int, ruling: Ruling, session: int = 1) -> int:
        """Record a ruling at a board (with the table's log, if given); its id.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.records import Ruling
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=3))
        >>> store.add_ruling(event, Ruling(3, 1, "16B1a", "score adjusted to 3S= N"))
        1
        """
        from arbitro.tournament.result_rules import check_session

        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            check_session(info.spec, session)
            check_board(info.spec.boards, ruling.board)
            row = RulingRow(
                event_id=event_id,
                session=session,
                board=ruling.board,
                table_number=ruling.table,
                law=ruling.law,
                text=ruling.text,
                director=ruling.director,
                log=ruling.log,
            )
            db.add(row)
            db.flush()
            return row.id

    def rulings(self, event_id: int) -> list[tuple[int, Ruling]]:
        """The event's rulings with their ids, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.rulings(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.records import Ruling

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(RulingRow).where(RulingRow.event_id == event_id).order_by(RulingRow.id)
            )
            return [
                (
                    row.id,
                    Ruling(
                        row.board,
                        row.table_number,
                        row.law,
                        row.text,
                        row.director,
                        row.log,
                        recorded=True,
                    ),
                )
                for row in rows
            ]

    def lodge_appeal(
        self,
        event_id: int,
        appellant: str,
        reason: str,
        ruling: int | None = None,
        now: datetime | None = None,
        by: str = "",
    ) -> int:
        """Lodge an appeal (Law 92): refused after the deadline of 92B; its id.

        An appeal against a ``ruling`` is refused from a contestant who did not sit at
        the ruling's table (92A). It goes to the event's log, with who recorded it (``by``).

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> from datetime import UTC, datetime
        >>> event = store.create_event(EventSpec("A", boards=1, appeal_minutes=30), [Participant("1")])
        >>> _ = store.publish(event, now=datetime(2026, 1, 1, 22, 0, tzinfo=UTC))
        >>> store.lodge_appeal(event, "1", "late", now=datetime(2026, 1, 1, 22, 31, tzinfo=UTC))
        Traceback (most recent call last):
        ...
        arbitro.tournament.appeals.AppealTooLateError: the time to appeal ended on 2026-01-01 at 22:30 UTC (Law 92B)
        """
        from arbitro.tournament.appeal_log import AppealLodged
        from arbitro.tournament.records import Appeal, appeal_deadline

        moment = time_of(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            known = set(
                db.scalars(select(ParticipantRow.number).where(ParticipantRow.event_id == event_id))
            )
            check_participant(appellant, sorted(known))
            if ruling is not None:
                found = db.get(RulingRow, ruling)
                if found is None or found.event_id != event_id:
                    raise StoreNotFoundError(
                        N_("there is no ruling {ruling} in this event"), ruling=ruling
                    )
                _check_appellant_at_table(db, found, appellant)
            deadline = appeal_deadline(info.published, info.spec.appeal_minutes)
            appeal = Appeal(appellant, reason, moment, deadline, ruling)
            row = AppealRow(
                event_id=event_id,
                ruling_id=ruling,
                appellant=appellant,
                reason=appeal.reason,
                lodged_at=moment,
                deadline=deadline,
            )
            db.add(row)
            db.flush()
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=by,
                    action="appeal",
                    # Kept as data, worded in the reader's language (tournament.appeal_log).
                    reason=AppealLodged(row.id, appellant, appeal.reason, ruling).to_str(),
                )
            )
            return row.id

    def lodge_signed_appeal(
        self,
        event_id: int,
        appellant: str,
        reason: str,
        signers: Sequence[str],
        ruling: int | None = None,
        by: str = "",
        now: datetime | None = None,
    ) -> int:
        """:meth:`lodge_appeal` with its signatures (Law 92D; the AEB's criterion 7).

        The signatures are checked against the event's profile and kind and the
        appellant's players (:func:`arbitro.tournament.records.signed_appeal`) and kept
        in the appeal's reason. The command line, the API and the desk lodge this way.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant.from_str("1: Ana, Luis")])
        >>> store.lodge_signed_appeal(event, "1", "no hesitation", ["Ana"])
        Traceback (most recent call last):
        ...
        arbitro.tournament.record_errors.InvalidRecordError: invalid record 'Ana': an appeal needs the signatures of 2 players of the appellant (--signed-by), and this has 1 (Law 92D; AEB criterion 7)
        >>> store.lodge_signed_appeal(event, "1", "no hesitation", ["Ana", "Luis"])
        1
        """
        from arbitro.tournament.records import signed_appeal

        spec = self.event(event_id).spec
        players = next(
            (p.players for p in self.participants(event_id) if p.number == appellant), ()
        )
        signed = signed_appeal(
            reason, tuple(signers), tuple(p.name for p in players), spec.profile, spec.kind
        )
        return self.lodge_appeal(event_id, appellant, signed, ruling, now, by)

    def decide_appeal(
        self,
        event_id: int,
        appeal_id: int,
        decision: Decision,
        by: str = "",
        now: datetime | None = None,
        *,
        matter: Matter | None = None,
        body: Body = "committee",
        committee: bool | None = None,
        score: Entry | None = None,
    ) -> str:
        """Record the decision on an appeal (Law 93), once: a decision taken is not replaced; its Law.

        The decision, who took it and when go to the event's log. With the ``matter``
        it turned on, the ``body`` that took it and whether a ``committee`` was
        available (by default what the event keeps, :meth:`has_committee`; a
        ``committee`` given that differs from it is an override, and the log says so),
        Law 93's split is checked against the appealed ruling's Law
        (:func:`arbitro.tournament.directing.check_93b`) and the Law it was taken under
        (93A, 93B1-3) is logged and returned. An upheld decision with a ``score``
        (which needs the ``matter``) replaces the result of the appealed ruling's table
        in the same transaction (audit action ``appeal``), so the ranking follows it.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.records import Decision
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.decide_appeal(store.create_event(EventSpec("A", boards=1)), 4, Decision.UPHELD)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no appeal 4 in this event
        """
        from arbitro.tournament.appeal_log import AppealDecided
        from arbitro.tournament.directing import (
            check_93b,
            check_decision_score,
            check_disciplinary_powers_kept,
        )
        from arbitro.tournament.records import Decision, check_undecided

        moment = time_of(now)
        with self.transaction() as db:
            row = db.get(AppealRow, appeal_id)
            if row is None or row.event_id != event_id:
                raise StoreNotFoundError(
                    N_("there is no appeal {appeal} in this event"), appeal=appeal_id
                )
            check_undecided(appeal_id, row.decision, row.decided_by)
            ruling = db.get(RulingRow, row.ruling_id) if row.ruling_id is not None else None
            law = ""
            kept = kept_committee(db, event_id)
            available = kept if committee is None else committee
            overridden = None if available is kept else available
            appealed_law = ruling.law if ruling is not None else None
            if matter is not None:
                law = check_93b(
                    body,
                    matter,
                    decision is Decision.UPHELD,
                    committee=available,
                    appealed_law=appealed_law,
                )
            else:
                check_disciplinary_powers_kept(
                    body,
                    decision is Decision.UPHELD,
                    committee=available,
                    appealed_law=appealed_law,
                )
            changed: tuple[int, int, str, str] | None = None
            if score is not None:
                check_decision_score(
                    decision is Decision.UPHELD,
                    row.ruling_id,
                    ruling.table_number if ruling is not None else None,
                    matter,
                )
                assert ruling is not None
                changed = self._decided_score(db, event_id, ruling, score, appeal_id, by, moment)
            row.decision = decision.value
            row.decided_by = by
            row.decided_at = moment
            board, table, old, new = changed or (None, None, "", "")
            decided = AppealDecided(
                appeal_id, decision.value, law, overridden, board, table, old, new
            )
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=by,
                    action="decision",
                    # Kept as data, worded in the reader's language (tournament.appeal_log).
                    reason=decided.to_str(),
                )
            )
            return law

    def _decided_score(
        self,
        db: Session,
        event_id: int,
        ruling: RulingRow,
        score: Entry,
        appeal_id: int,
        by: str,
        moment: datetime,
    ) -> tuple[int, int, str, str]:
        """Put an upheld appeal's score on the ruling's table; its board, table, old and new entries.

        A contract and its tricks the decision gives is an assigned adjusted score
        (Laws 12C1, 93B3), unless the table played it
        (:func:`arbitro.tournament.appeal_log.assigned_score`).
        """
        from arbitro.tournament.appeal_log import appeal_audit_reason, assigned_score
        from arbitro.tournament.result_rules import (
            check_in_imps,
            check_incongruent,
            check_weighted,
        )

        info = self.info_of(self._event_row(db, event_id))
        table = ruling.table_number
        assert table is not None
        result_row = self._result_row(db, event_id, ruling.session, ruling.board, table)
        if result_row is None:
            raise StoreNotFoundError(
                N_("board {board} at table {table} has no result for the decision to change"),
                board=ruling.board,
                table=table,
            )
        marked = self.board(db.connection(), event_id, ruling.board)
        entered = db.execute(
            select(AuditRow.old, AuditRow.new).where(AuditRow.result_id == result_row.id)
        )
        score = assigned_score(score, [text for pair in entered for text in pair if text])
        score.check_score(marked)
        check_incongruent(info.spec, score, marked)
        result = score.result(marked)
        check_weighted(info.spec, result, ruling.board, table)
        check_in_imps(info.spec, result, ruling.board, table)
        old = result_row.entry
        result_row.entry = score.to_str()
        result_row.version += 1
        db.add(
            AuditRow(
                result_id=result_row.id,
                at=moment,
                by=by,
                action="appeal",
                old=old,
                new=result_row.entry,
                reason=appeal_audit_reason(appeal_id),
            )
        )
        return ruling.board, table, old, result_row.entry

    def appeals(self, event_id: int) -> list[StoredAppeal]:
        """The event's appeals, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.appeals(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.records import Appeal, Decision

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(AppealRow).where(AppealRow.event_id == event_id).order_by(AppealRow.id)
            )
            return [
                StoredAppeal(
                    row.id,
                    Appeal(
                        row.appellant,
                        row.reason,
                        as_utc(row.lodged_at),
                        as_utc(row.deadline) if row.deadline is not None else None,
                        row.ruling_id,
                        Decision(row.decision) if row.decision else None,
                        row.decided_by,
                    ),
                )
                for row in rows
            ]

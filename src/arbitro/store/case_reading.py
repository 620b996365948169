"""A judgement case read back from its rows: the worksheet, its answers, scores, facts and poll.

The reverse of ``case_rows.py``, inside the caller's session: :func:`case_of` rebuilds
a :class:`~arbitro.tournament.judgement.Case` from its ruling and worksheet rows
(:func:`case_rows_of` selects them for an event), :func:`poll_of` a poll from its rows.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from arbitro.core.seat import Seat, Side
from arbitro.i18n import N_
from arbitro.store.errors import StoreNotFoundError
from arbitro.store.models import (
    PollAnswerRow,
    PollConsideredRow,
    PollRow,
    RulingRow,
    WorksheetAnswerRow,
    WorksheetFactRow,
    WorksheetRow,
    WorksheetScoreRow,
)

if TYPE_CHECKING:
    from arbitro.tournament.judgement import Case
    from arbitro.tournament.poll import Poll

__all__ = ["case_of", "case_rows_of", "poll_of", "poll_row", "worksheet_poll"]


def case_rows_of(event_id: int) -> Select[RulingRow, WorksheetRow]:
    """The event's rulings that have a worksheet, each with its worksheet's row."""
    return (
        select(RulingRow, WorksheetRow)
        .join(WorksheetRow, WorksheetRow.ruling_id == RulingRow.id)
        .where(RulingRow.event_id == event_id)
    )


def poll_row(db: Session, event_id: int, number: int) -> PollRow:
    """The row of poll ``number`` of the event; refused when the event has no such poll."""
    row = db.get(PollRow, number)
    if row is None or row.event_id != event_id:
        raise StoreNotFoundError(N_("there is no poll {number} in this event"), number=number)
    return row


def case_of(db: Session, ruling: RulingRow, row: WorksheetRow) -> Case:
    """The judgement case of ``ruling``, read back from its worksheet's rows (and its poll's)."""
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
        worksheet_poll(db, row.id),
        tuple(CaseFact(fact.law, fact.text) for fact in facts),
        ruling.director,
    )


def worksheet_poll(db: Session, worksheet_id: int) -> Poll | None:
    """The poll that served worksheet ``worksheet_id``; ``None`` when it had none."""
    row = db.scalars(select(PollRow).where(PollRow.worksheet_id == worksheet_id)).first()
    return None if row is None else poll_of(db, row)


def poll_of(db: Session, row: PollRow) -> Poll:
    """The poll of ``row``, with its answers in order and the actions each considered."""
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

"""A judgement case written as rows: the worksheet, its answers, scores and facts, and the poll.

Every part of a :class:`~arbitro.tournament.judgement.Case` is kept in a table of its
own (``worksheets``, ``worksheet_answers``, ``worksheet_scores``, ``worksheet_facts``,
``polls``, ``poll_answers``, ``poll_considered``), so that a report can query them.
These functions write them inside the caller's transaction;
``case_reading.py`` reads them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from arbitro.store.models import (
    PollAnswerRow,
    PollConsideredRow,
    PollRow,
    WorksheetAnswerRow,
    WorksheetFactRow,
    WorksheetRow,
    WorksheetScoreRow,
)

if TYPE_CHECKING:
    from arbitro.tournament.judgement import Case
    from arbitro.tournament.poll import Poll, PollAnswer

__all__ = ["write_answer", "write_case", "write_poll"]


def write_case(db: Session, event_id: int, number: int, case: Case, with_poll: bool) -> int:
    """Write ``case``'s worksheet as the rows of ruling ``number``: answers, scores, facts; its row's id.

    The case's poll is written too, linked to the worksheet, when ``with_poll`` (a poll
    opened before the ruling is linked by the caller instead).
    """
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
        write_poll(db, event_id, case.poll, row.id)
    return row.id


def write_poll(db: Session, event_id: int, poll: Poll, worksheet_id: int | None) -> int:
    """Write ``poll`` with its answers as rows of the event, linked to a worksheet if given; its id."""
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
        write_answer(db, poll_row.id, position, given)
    return poll_row.id


def write_answer(db: Session, poll_id: int, position: int, given: PollAnswer) -> None:
    """Write one respondent's answer, at ``position`` in poll ``poll_id``, with the actions considered."""
    answer_row = PollAnswerRow(
        poll_id=poll_id, position=position, respondent=given.respondent, chosen=given.chosen
    )
    db.add(answer_row)
    db.flush()
    for action in given.considered:
        db.add(PollConsideredRow(answer_id=answer_row.id, action=action))

"""What the desk and the API share to record the director's acts.

A penalty read from its fields (Laws 90, 91), and an act on a participant (Laws 4, 91)
recorded in the event's log, with what a suspension scored.
"""

from __future__ import annotations

from typing import NamedTuple

from arbitro.i18n import gettext
from arbitro.store import Store
from arbitro.store.stored import StoredResult
from arbitro.tournament.directing import unscored_suspension
from arbitro.tournament.penalty_amounts import read_penalty_amount
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from arbitro.web.api_models import ActIn, PenaltyIn


def make_penalty(given: PenaltyIn) -> PenaltyRecord:
    """The penalty record of a request, its amount read as everywhere (:func:`read_penalty_amount`).

    ``unit`` is the unit of a bare number; one typed with the amount (``3IMP``) wins.

    >>> make_penalty(PenaltyIn(participant='3', amount='1/4', law='90B8')).amount
    Fraction(1, 4)
    >>> make_penalty(PenaltyIn(participant='3', amount='3 IMP', law='90B8')).unit
    'imps'
    """
    amount, unit = read_penalty_amount(given.amount, given.unit)
    return PenaltyRecord(
        given.participant,
        PenaltyKind(given.kind),
        amount,
        unit or given.unit,
        given.law,
        given.reason,
        given.board,
    )


class RecordedAct(NamedTuple):
    """One of the director's acts as recorded: its text, what a suspension scored, why none.

    ``unscored`` is a catalog message (:func:`~arbitro.tournament.directing.unscored_suspension`).

    >>> RecordedAct("late", [], None).unscored is None
    True
    """

    detail: str
    scored: list[StoredResult]
    unscored: str | None


def suspension_note(why: str) -> str:
    """What the desk and the API tell the director when a suspension scored nothing (Laws 91A, 12C2a).

    ``why`` is :func:`~arbitro.tournament.directing.unscored_suspension`'s message; the
    text is in the language in force.

    >>> from arbitro.tournament.directing import unscored_suspension
    >>> print(suspension_note(unscored_suspension("pairs", has_movement=False)))
    Nothing was scored for the suspension: the event has no movement, so it does not say whom the participant would have played. Enter the boards it misses as adjusted scores (Law 12C2a).
    """
    return gettext(
        "Nothing was scored for the suspension: {why}. Enter the boards it misses as "
        "adjusted scores (Law 12C2a)."
    ).format(why=gettext(why))


def record_act(
    store: Store, event_id: int, participant: str, given: ActIn, director: str
) -> RecordedAct:
    """Record one of the director's acts (Laws 4, 91): its text, what a suspension scored and why not.

    A suspension (91A) goes through :meth:`~arbitro.store.Store.suspend`, which scores
    the boards the participant misses (Law 12C2a) where the event's movement says whom
    it would have played (:func:`~arbitro.tournament.directing.unscored_suspension`);
    the other acts are only logged.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec, Participant
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2), [Participant("1"), Participant("2")])
    >>> act = record_act(store, event, "1", ActIn(action="suspend", reason="abusive"), "Ana")
    >>> act.detail, act.scored
    ('the whole of session 1: abusive (Law 91A, by Ana; final, Law 93B3)', [])
    >>> act.unscored
    'the event has no movement, so it does not say whom the participant would have played'
    """
    act = given.act(director)
    detail = act.worded()
    if given.action == "suspend":
        scored = store.suspend(
            event_id, participant, act.to_str(), given.session, given.boards, by=director
        )
        info = store.event(event_id)
        why = unscored_suspension(info.spec.kind, has_movement=info.timetable is not None)
        return RecordedAct(detail, scored, why)
    store.log_act(event_id, given.action, f"{participant}: {act.to_str()}", by=director)
    return RecordedAct(detail, [], None)

"""What the desk and the API share to record the director's acts.

A penalty read from its fields (Laws 90, 91), and an act on a participant (Laws 4, 91)
recorded in the event's log, with what a suspension scored.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from arbitro.core.bounded import parse_fraction
from arbitro.i18n import N_, gettext
from arbitro.store import Store, StoreError
from arbitro.store.stored import StoredResult
from arbitro.tournament.directing import unscored_suspension
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from arbitro.web.api_models import ActIn, PenaltyIn


def make_penalty(given: PenaltyIn) -> PenaltyRecord:
    """The penalty record of a request (the amount as a fraction, :func:`typed_penalty_amount`).

    >>> make_penalty(PenaltyIn(participant='3', amount='1/4', law='90B8')).amount
    Fraction(1, 4)
    """
    return PenaltyRecord(
        given.participant,
        PenaltyKind(given.kind),
        typed_penalty_amount(given.amount, given.unit),
        given.unit,
        given.law,
        given.reason,
        given.board,
    )


def typed_penalty_amount(typed: str, unit: str) -> Fraction:
    """The amount of a penalty as the director types it, in ``unit``.

    A share of a top is a fraction or a decimal of one top (``1/4``, ``0.25`` or, as a
    Spanish desk writes it, ``0,25``) or a percentage (``25%``), and at most one whole
    top: ``25`` alone would take 25 tops off the pair, so it is refused, saying how to
    write a quarter of a top. Matchpoints, IMPs and victory points are numbers of
    them, with a decimal point or comma.

    >>> typed_penalty_amount("25%", "top"), typed_penalty_amount("0,25", "top"), typed_penalty_amount("1,5", "mp")
    (Fraction(1, 4), Fraction(1, 4), Fraction(3, 2))
    >>> typed_penalty_amount("25", "top")
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: penalty amount '25': a share of a top is at most 1 (a whole top); for a quarter of a top write 1/4 or 25%
    >>> typed_penalty_amount("1e5000", "mp")
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: invalid penalty amount '1e5000': expected a number such as 1/4 or 3
    >>> typed_penalty_amount("3%", "imps")
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: penalty amount '3%': a percentage is a share of a top; in IMPs, matchpoints or victory points give their number, as 3
    """
    text = typed.strip()
    percent = text.endswith("%")
    number = text.removesuffix("%").strip()
    if "," in number and "." not in number:
        number = number.replace(",", ".")  # the decimal comma of a Spanish desk
    try:
        amount = parse_fraction(number)
        if max(amount.numerator.bit_length(), amount.denominator.bit_length()) > 63:
            raise ValueError(typed)
    except (ValueError, ZeroDivisionError):
        raise StoreError(
            N_("invalid penalty amount '{amount}': expected a number such as 1/4 or 3"),
            amount=typed,
        ) from None
    if percent and unit != "top":
        raise StoreError(
            N_(
                "penalty amount '{amount}': a percentage is a share of a top; in IMPs, "
                "matchpoints or victory points give their number, as 3"
            ),
            amount=typed,
        )
    if percent:
        amount /= 100
    if unit == "top" and amount > 1:
        raise StoreError(
            N_(
                "penalty amount '{amount}': a share of a top is at most 1 (a whole top); "
                "for a quarter of a top write 1/4 or 25%"
            ),
            amount=typed,
        )
    return amount


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

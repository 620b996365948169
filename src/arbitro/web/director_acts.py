"""The desk's records of penalties (Laws 90, 91) and appeals (92, 93).

The acts on a participant (Laws 4, 91), the players' own rectifications (10B) and the
AEB's registers are :mod:`arbitro.web.director_aeb`'s.
"""

from __future__ import annotations

from typing import Annotated, NamedTuple

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import Response

from arbitro.core.errors import ArbitroError, DescribedError, MessageError, Problem
from arbitro.i18n import N_, gettext, use_language
from arbitro.store.errors import MissingReasonError
from arbitro.tournament.entry import typed_entry
from arbitro.tournament.penalties import PenaltyBoardMissingError
from arbitro.tournament.records import Decision, PenaltyRecord
from arbitro.web.acts import make_penalty
from arbitro.web.api_models import PenaltyIn
from arbitro.web.director import event_url
from arbitro.web.labels import PairNumbers
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    RefusedRequestError,
    describe_route,
    page_language,
    whole_number,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf
from arbitro.web.sign_in import done, refused

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""Penalties and appeals."""

Csrf = Depends(require_form_csrf)


def _penalty_record(
    participant: str, kind: str, amount: str, unit: str, law: str, reason: str, board: str = ""
) -> PenaltyRecord:
    """The penalty the desk's form gives (the API's reading of it, :func:`make_penalty`).

    ``board`` is the form's board, blank for none; anything else than a board's number
    is refused naming the field.
    """
    number = whole_number(board.strip()) if board.strip() else None
    if board.strip() and number is None:
        raise RefusedRequestError(
            N_("{field}: expected a board's number, not '{text}'"),
            422,
            field=FieldName(BOARD_FIELD),
            text=board.strip()[:12],
        )
    return make_penalty(
        PenaltyIn(
            participant=participant,
            kind=kind,  # type: ignore[arg-type]  # the form's pattern allows only the kinds
            amount=amount,
            unit=unit,  # type: ignore[arg-type]  # the form's pattern allows only the units
            law=law,
            reason=reason,
            board=number,
        )
    )


BOARD_FIELD = N_("Board")
"""The label of the penalty forms' board: a teams penalty in IMPs without it is refused naming it."""


def board_named(error: ArbitroError) -> ArbitroError:
    """``error`` naming the form's field *Board* when a teams penalty in IMPs lacks its board (90).

    >>> from arbitro.tournament.penalties import PenaltyBoardMissingError
    >>> print(board_named(PenaltyBoardMissingError(N_("name the board"))))
    “Board”: name the board
    """
    if not isinstance(error, PenaltyBoardMissingError):
        return error
    return RefusedRequestError(
        N_("{field}: {problem}"), 422, field=FieldName(BOARD_FIELD), problem=error
    )


@router.post("/events/{event}/penalties", dependencies=[Csrf])
def penalty(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    participant: Annotated[str, Form(min_length=1, max_length=20)],
    amount: Annotated[str, Form(min_length=1, max_length=20)],
    law: Annotated[str, Form(min_length=2, max_length=20)],
    kind: Annotated[str, Form(pattern="^(procedural|disciplinary)$")] = "procedural",
    unit: Annotated[str, Form(pattern="^(top|mp|imps|vp)$")] = "top",
    reason: Annotated[str, Form(max_length=500)] = "",
    board: Annotated[str, Form(max_length=12)] = "",
    session: Annotated[int | None, Form(ge=1, le=999)] = None,
) -> Response:
    """Give a procedural (Law 90) or disciplinary (Law 91) penalty in its session.

    A teams penalty in IMPs names its board where a team plays several matches: the
    IMPs come off the match of that board (refused without it, naming the field).
    Without a session it goes to the event's current one (the desk's form offers it).

    >>> describe_route(router, penalty)
    'POST /director/events/{event}/penalties'
    """
    try:
        record = _penalty_record(participant, kind, amount, unit, law, reason, board)
        in_session = store.current_session(event) if session is None else session
        store.add_penalty(event, record, in_session, director=director)
        contestant = store.event(event).spec.contestant
    except ArbitroError as error:
        # Back to the form as typed: the director corrects the field the message names.
        typed = {
            "participant": participant, "kind": kind, "amount": amount, "unit": unit,
            "law": law, "reason": reason, "board": board,
            "session": "" if session is None else str(session),
        }  # fmt: skip
        return refused(request, board_named(error), penalties_url(event), typed={"penalty": typed})
    return done(
        request,
        PENALTY_RECORDED.get(contestant, PENALTY_RECORDED["pair"]),
        penalties_url(event),
        participant=PairNumbers((participant,)),
    )


def penalties_url(event: int) -> str:
    """The event's penalties on the desk, where every penalty form goes back to.

    >>> penalties_url(3)
    '/director/events/3?view=rulings#penalties'
    """
    return event_url(event, "rulings") + "#penalties"


PENALTY_RECORDED = {
    "team": N_("Penalty on team {participant} recorded."),
    "pair": N_("Penalty on pair {participant} recorded."),
    "player": N_("Penalty on player {participant} recorded."),
}
"""The flash of a penalty given, naming the team, pair or player (the event's contestant)."""


@router.post("/events/{event}/penalties/{penalty}/withdraw", dependencies=[Csrf])
def withdraw_penalty(
    request: Request,
    event: Number,
    penalty: Number,
    director: DirectorName,
    store: StoreDep,
    why: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Withdraw a penalty, with the reason in the event's log.

    Refused, the form comes back as typed (form ``withdraw-{penalty}``), the
    refusal naming its field.

    >>> describe_route(router, withdraw_penalty)
    'POST /director/events/{event}/penalties/{penalty}/withdraw'
    """
    try:
        store.withdraw_penalty(event, penalty, why, director=director)
    except ArbitroError as error:
        return refused(
            request,
            reason_named(error, WHY_WITHDRAWN),
            penalties_url(event),
            typed={f"withdraw-{penalty}": {"why": why}},
        )
    return done(request, N_("Penalty {penalty} withdrawn."), penalties_url(event), penalty=penalty)


WHY_CHANGES = N_("Why it changes")
"""The label of the field a change to a penalty gives its reason in: a refusal names it."""
WHY_WITHDRAWN = N_("Why it is withdrawn")
"""The label of the field a penalty's withdrawal gives its reason in: a refusal names it."""


def reason_named(error: ArbitroError, label: str) -> ArbitroError:
    """``error`` naming the form's field ``label`` when it refuses a change for want of its reason.

    >>> from arbitro.store.errors import MissingReasonError
    >>> print(reason_named(MissingReasonError(N_("a change needs its reason")), WHY_CHANGES))
    “Why it changes”: a change needs its reason
    """
    if not isinstance(error, MissingReasonError):
        return error
    return RefusedRequestError(N_("{field}: {problem}"), 422, field=FieldName(label), problem=error)


@router.post("/events/{event}/penalties/{penalty}", dependencies=[Csrf])
def change_penalty(
    request: Request,
    event: Number,
    penalty: Number,
    director: DirectorName,
    store: StoreDep,
    participant: Annotated[str, Form(min_length=1, max_length=20)],
    amount: Annotated[str, Form(min_length=1, max_length=20)],
    law: Annotated[str, Form(min_length=2, max_length=20)],
    kind: Annotated[str, Form(pattern="^(procedural|disciplinary)$")] = "procedural",
    unit: Annotated[str, Form(pattern="^(top|mp|imps|vp)$")] = "top",
    reason: Annotated[str, Form(max_length=500)] = "",
    why: Annotated[str, Form(max_length=500)] = "",
    board: Annotated[str, Form(max_length=12)] = "",
    session: Annotated[int | None, Form(ge=1, le=999)] = None,
) -> Response:
    """Change a penalty (amount, unit, Law, reason, board, session), with why in the event's log.

    Refused, the form comes back as typed (form ``change-{penalty}``), the refusal
    naming the field.

    >>> describe_route(router, change_penalty)
    'POST /director/events/{event}/penalties/{penalty}'
    """
    try:
        store.change_penalty(
            event,
            penalty,
            _penalty_record(participant, kind, amount, unit, law, reason, board),
            why,
            director=director,
            session=session,
        )
    except ArbitroError as error:
        typed = {
            "amount": amount, "unit": unit, "law": law, "reason": reason, "why": why,
            "board": board, "session": "" if session is None else str(session),
        }  # fmt: skip
        return refused(
            request,
            board_named(reason_named(error, WHY_CHANGES)),
            penalties_url(event),
            typed={f"change-{penalty}": typed},
        )
    return done(request, N_("Penalty {penalty} changed."), penalties_url(event), penalty=penalty)


@router.post("/events/{event}/appeals", dependencies=[Csrf])
def appeal(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    appellant: Annotated[str, Form(min_length=1, max_length=20)],
    reason: Annotated[str, Form(min_length=1, max_length=500)],
    signed_by: Annotated[list[str] | None, Form(max_length=100)] = None,
    ruling: Annotated[str, Form(max_length=12)] = "",
) -> Response:
    """Lodge an appeal (Law 92), with the signatures of Law 92D (required under the AEB, criterion 7).

    >>> describe_route(router, appeal)
    'POST /director/events/{event}/appeals'
    """
    try:
        against = whole_number(ruling) if ruling.strip() else None
        if ruling.strip() and against is None:
            raise RefusedRequestError(
                N_("ruling: expected a ruling's number, not '{text}'"), 422, text=ruling[:12]
            )
        with use_language(page_language(request)):  # its signatures noted as the reason is
            store.lodge_signed_appeal(
                event, appellant, reason, signed_by or [], against, by=director
            )
    except ArbitroError as error:
        typed: dict[str, str | list[str]] = {
            "appellant": appellant,
            "reason": reason,
            "signed_by": signed_by or [],
        }
        return refused(request, options_named(error), appeals_url(event), typed={"appeal": typed})
    return done(
        request,
        N_("Appeal by {participant} lodged."),
        appeals_url(event),
        participant=PairNumbers((appellant,)),
    )


def appeals_url(event: int) -> str:
    """The event's appeals on the desk, where the appeals' forms go back to.

    >>> appeals_url(3)
    '/director/events/3?view=rulings#appeals'
    """
    return event_url(event, "rulings") + "#appeals"


SIGNED_BY = N_("Signed by (Law 92D: both players of a pair, a team's captain)")
"""The label of the appeal form's first signature: a refusal names it."""

OPTION_FIELDS = {
    "--signed-by": SIGNED_BY,
    "--matter": N_("It turns on (Law 93B)"),
    "--ruling": N_("Ruling appealed"),
}
"""The appeal forms' field for each command line option a refusal of Laws 92 and 93 names."""


def options_named(error: ArbitroError) -> ArbitroError:
    """``error`` naming the appeal forms' fields where it names the command line's options.

    The count of signatures (Law 92D) and what an upheld decision's score needs (Law 93)
    are checked for the command line and the desk alike; on the desk the director
    fills in fields, not ``--signed-by`` or ``--matter``.

    >>> from arbitro.tournament.appeals import signed_appeal
    >>> try:
    ...     signed_appeal("no hesitation", ("Ana",), (), "aeb", "pairs")
    ... except ArbitroError as error:
    ...     print(options_named(error))
    invalid record 'Ana': an appeal needs the signatures of 2 players of the appellant (“Signed by (Law 92D: both players of a pair, a team's captain)”), and this has 1 (Law 92D; AEB criterion 7)
    >>> from arbitro.tournament.directing import check_decision_score
    >>> try:
    ...     check_decision_score(True, 3, 1, matter=None)
    ... except ArbitroError as error:
    ...     print(options_named(error))
    a decision that changes the score says whether the appeal turned on Law or judgement (Law 93B; “It turns on (Law 93B)”)
    """
    if isinstance(error, DescribedError):
        problems = [
            Problem(problem.reason, {**problem.details, "option": _field(problem.details)})
            if problem.details.get("option") in OPTION_FIELDS
            else problem
            for problem in error.problems
        ]
        return type(error).of_problems(error.text, problems)
    if isinstance(error, MessageError) and error.details.get("option") in OPTION_FIELDS:
        return type(error)(error.message, **{**error.details, "option": _field(error.details)})
    return error


def _field(details: dict[str, object]) -> FieldName:
    return FieldName(OPTION_FIELDS[str(details["option"])])


class FieldName(NamedTuple):
    """A form's field named in a message, in the language the message is shown in.

    >>> FieldName("Reason").localized()
    '“Reason”'
    """

    label: str

    def localized(self) -> str:
        """The field's label between the language's quotation marks."""
        return gettext("“{label}”").format(label=gettext(self.label))


@router.post("/events/{event}/appeals/{appeal_id}/decision", dependencies=[Csrf])
def decide(
    request: Request,
    event: Number,
    appeal_id: Number,
    director: DirectorName,
    store: StoreDep,
    decision: Annotated[str, Form(pattern="^(upheld|dismissed|withdrawn)$")],
    matter: Annotated[str, Form(pattern="^(|law|judgement)$")] = "",
    body: Annotated[str, Form(pattern="^(director|committee)$")] = "committee",
    committee: Annotated[str, Form(pattern="^(|yes|no)$")] = "",
    score: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Record the decision on an appeal (Law 93), with 93B's split and the score it gives.

    Refused, the form comes back as typed (form ``decision-{appeal_id}``), the refusal
    naming the field.

    >>> describe_route(router, decide)
    'POST /director/events/{event}/appeals/{appeal_id}/decision'
    """
    lang = page_language(request)
    try:
        try:
            entry = typed_entry(score, lang) if score.strip() else None
        except ArbitroError as error:
            raise RefusedRequestError(
                N_("{field}: {problem}"), 422, field=FieldName(DECISION_SCORE), problem=error
            ) from error
        store.decide_appeal(
            event,
            appeal_id,
            Decision(decision),
            by=director,
            matter="law" if matter == "law" else "judgement" if matter else None,
            body="director" if body == "director" else "committee",
            committee={"yes": True, "no": False}.get(committee),
            score=entry,
        )
    except ArbitroError as error:
        typed = {
            "decision": decision, "matter": matter, "body": body, "committee": committee,
            "score": score,
        }  # fmt: skip
        return refused(
            request,
            options_named(error),
            f"{event_url(event, 'rulings')}#appeal-{appeal_id}",
            typed={f"decision-{appeal_id}": typed},
        )
    return done(
        request,
        N_("Decision on appeal {appeal} recorded."),
        event_url(event, "rulings"),
        appeal=appeal_id,
    )


DECISION_SCORE = N_("The score the decision gives the table (upheld; empty: none)")
"""The label of the decision form's score: a refusal of the score typed names it."""

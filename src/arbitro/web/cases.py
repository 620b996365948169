"""The director's worksheet in the web console: a UI or MI case from the facts to the score.

A case of unauthorised information (Law 16B) or misinformation (21B, 40B, 75) is opened
from the event's rulings page, ``/director/cases?event=N``. Its form asks the
worksheet's questions in the order the Laws ask them
(:class:`arbitro.scoring.worksheet.Step`), each with a yes or no and the director's
note; the logical-alternative question can take its answer from a player poll of the
board (:mod:`arbitro.web.polls`). A "no" ends the case: the score stands. After five
"yes" the director says what would probably have happened otherwise: the likely
result, weighted where the authority allows it (12C1c), the results at all probable
for the offenders under the AEB's 12C1e, and the result after the infraction with
normal play when the innocent side's own serious error followed it (12C1b); or that no
result can be assigned (an artificial score, 12C2a). A misinformation case may take its
first answer from the offending pair's convention card (:mod:`arbitro.web.agreements`),
and any case its facts, score and explanation from the board's table log.

The director may keep the case open (the ``save`` action), come back after the poll,
``preview`` the ruling report, and ``record`` it: the ruling is stored with the board
(:meth:`~arbitro.store.Store.add_case`) and, when asked, an assigned score replaces
the table's result as a correction with its audit trail, so the session's scores and
ranking follow (Law 12C through the scoring package). The form is read into a case by
:mod:`arbitro.web.case_form`.

>>> sorted({route.path for route in router.routes})[:2]
['/director/cases', '/director/cases/new']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arbitro.core.board import Board
from arbitro.core.bounded import MAX_NUMBER
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext, use_language
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.scoring.worksheet import Irregularity, Step
from arbitro.store import Store
from arbitro.table.log import loads
from arbitro.tournament.penalty_amounts import read_penalty_amount
from arbitro.tournament.ruling_report import RulingReport
from arbitro.web.case_form import (
    FIELDS,
    KINDS,
    FieldLabel,
    case_from_fields,
    table_result,
    table_score,
)
from arbitro.web.director_aeb import pair_registers
from arbitro.web.pages import (
    Number,
    RefusedRequestError,
    error_status,
    get_store,
    page_language,
    render,
    whole_number,
)
from arbitro.web.polls import event_polls
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, require_form_csrf

__all__ = ["router"]

router = APIRouter(include_in_schema=False, route_class=LazyRoute)
"""The worksheet pages (the application includes this)."""


@router.get("/director/cases")
def cases_page(
    request: Request, director: DirectorName, event: Number, adjusted: bool = False
) -> Response:
    """The event's judgement cases: those still open, and the rulings recorded.

    ``adjusted`` lists every score adjustment: the list the AEB asks the director to
    send to the organiser of a simultaneous event (criterion 4), the worksheet's
    adjusted rulings, the adjusted scores entered directly and the rulings by rule.
    """
    store = get_store(request)
    info = store.event(event)
    with use_language(page_language(request)):
        # Criterion 4 of the AEB: the same list as ``arbitro ruling list --adjusted``, with
        # the adjusted scores entered directly and the rulings by Laws 13 and 15.
        recorded = store.organiser_adjustments(event, adjusted_only=adjusted).lines()
    return render(
        request,
        "cases/list.html",
        adjusted=adjusted,
        info=info,
        event=event,
        open_cases=store.open_cases(event),
        recorded=recorded,
        rulings=[] if adjusted else store.rulings(event),
        flash=None,
    )


def _form_page(
    request: Request,
    store: Store,
    event: int,
    kind: Irregularity,
    fields: Mapping[str, str],
    number: int | None,
    error: ArbitroError | None = None,
    report: list[str] | None = None,
) -> Response:
    info = store.event(event)
    rules = info.spec.rules
    with use_language(page_language(request)):
        least = (
            write_penalty_amount(rules.misexplanation_imps, "imps")
            if info.spec.scored_in_imps
            else write_penalty_amount(rules.misexplanation_top_fraction, "top")
        )
    pairs = _case_pairs(store, event, fields)
    with use_language(page_language(request)):
        registers = pair_registers(store, event, pairs)
    return render(
        request,
        "cases/form.html",
        registers=registers,
        register_pair=pairs[0] if pairs else "",
        status_code=200 if error is None else error_status(error),
        info=info,
        regulation_g_least=least,
        event=event,
        kind=kind,
        questions=[(step.value, step.question(kind), step.law(kind)) for step in kind.steps],
        last_question=Step.OTHERWISE.question(kind),
        fields=fields,
        number=number,
        polls=[item for item in event_polls(store, event) if not item.served],
        error=error,
        report=report,
        flash=None,
    )


def _case_pairs(store: Store, event: int, fields: Mapping[str, str]) -> list[str]:
    """The pairs whose register of psychics the worksheet shows: the one named, the table's (offenders first)."""
    pairs = [fields.get("pair", "").strip()]
    board, table = whole_number(fields.get("board", "")), whole_number(fields.get("table", ""))
    session = whole_number(fields.get("session", "")) or 1
    if board is not None and table is not None:
        stored = table_result(store, event, session, board, table)
        if stored is not None:
            sides = [stored.ns, stored.ew]
            pairs += sides[::-1] if fields.get("offenders", "").upper() == "EW" else sides
    return [pair for pair in dict.fromkeys(pairs) if pair]


@router.get("/director/cases/new")
def new_case_page(
    request: Request, director: DirectorName, event: Number, kind: str = "UI", board: Number = 1
) -> Response:
    """An empty worksheet for a case of ``kind`` (``UI`` or ``MI``)."""
    store = get_store(request)
    store.event(event)
    fields = {**dict.fromkeys(FIELDS, ""), "board": str(board), "session": "1", "apply": "on"}
    return _form_page(
        request, store, event, KINDS.get(kind.upper(), Irregularity.UNAUTHORISED), fields, None
    )


@router.get("/director/cases/open/{number}")
def open_case_page(
    request: Request, director: DirectorName, number: Number, event: Number
) -> Response:
    """An open case's worksheet as the director left it."""
    store = get_store(request)
    kept = store.load_open_case(event, number)
    fields = {**dict.fromkeys(FIELDS, ""), **kept.fields, "board": str(kept.board)}
    return _form_page(request, store, event, kept.irregularity, fields, number)


@router.post("/director/cases", dependencies=[Depends(require_form_csrf)])
async def case_submit(request: Request, director: DirectorName) -> Response:
    """Save, preview or record a worksheet (the button pressed says which)."""
    form = await request.form()
    submitted = {name: str(value) for name, value in form.items()}
    return await run_in_threadpool(_submit, request, director, submitted)


def _submit(request: Request, director: str, form: Mapping[str, str]) -> Response:
    """Carry out a submitted worksheet (in a worker thread: the store blocks)."""
    store = get_store(request)
    fields = {name: form.get(name, "").strip() for name in (*FIELDS, "board", "apply")}
    action = form.get("action", "preview")
    kind = KINDS.get(form.get("kind", "").upper(), Irregularity.UNAUTHORISED)
    number_text = form.get("number", "").strip()
    number = whole_number(number_text)
    event = _positive(form.get("event", "").strip(), "event")
    spec = store.event(event).spec
    try:
        board = _positive(fields["board"], "board")
        boards = spec.boards
        if board > boards:
            raise RefusedRequestError(
                N_("board {board} is not in the event (expected 1 to {boards})"),
                422,
                board=board,
                boards=boards,
            )
        table = _positive(fields["table"], "table") if fields["table"] else None
        session = _positive(fields["session"] or "1", "session")
        if action == "save":
            number = store.save_open_case(event, board, table, kind, fields, number, director)
            return RedirectResponse(f"/director/cases/open/{number}?event={event}", status_code=303)
        stored = None if table is None else table_result(store, event, session, board, table)
        if not fields["actual"]:
            fields["actual"] = table_score(stored)
        poll_number = _positive(fields["poll"], "poll") if fields["poll"] else None
        poll = None if poll_number is None else store.load_poll(event, poll_number)
        if poll is not None and poll.board != board:
            raise RefusedRequestError(
                N_("poll {number} is about board {poll_board}, not board {board}"),
                422,
                number=poll_number,
                poll_board=poll.board,
                board=board,
            )
        pair = fields["pair"]
        if not pair and stored is not None:
            pair = stored.ns if fields["offenders"].upper() == "NS" else stored.ew
        card = store.convention_card(event, pair) if pair else None
        log = fields["log"]
        played = loads(log, source=gettext(N_("the table log"))) if log else None
        lang = page_language(request)
        with use_language(lang):
            case = case_from_fields(
                fields,
                kind,
                store.boards(event).get(board) or Board(board),
                spec.profile,
                poll,
                table,
                director,
                lang,
                card,
                played,
            )
            raised = read_penalty_amount(fields["regulation_g"]) if fields["regulation_g"] else None
            case = replace(
                case,
                in_imps=spec.scored_in_imps,
                regulation_g=raised.amount if raised else None,
                regulation_g_unit=raised.unit if raised else None,
                inexperienced=fields["inexperienced"] == "on",
            )
            case.ruling()  # the AEB's note to 12C2: mitigation only of an artificial score
            case.penalty()  # AEB regulation G: a raised amount below its least is refused
            if action != "record":
                report = RulingReport(case).lines()
                return _form_page(request, store, event, kind, fields, number, report=report)
        with store.transaction():  # the ruling is recorded and its open case closed together
            recorded = store.add_case(
                event,
                case,
                session,
                apply=fields["apply"] == "on",
                by=director,
                poll_number=poll_number,
            )
            store.add_regulation_g(event, case, recorded, session, director)
            if number is not None:
                store.close_open_case(event, number)
    except ArbitroError as problem:
        return _form_page(request, store, event, kind, fields, number, problem)
    return RedirectResponse(f"/director/cases/{recorded}?event={event}", status_code=303)


def _positive(text: str, field: str) -> int:
    number = whole_number(text)
    if number is None:
        raise RefusedRequestError(
            N_("{field}: expected a whole number from 1 to {largest}, not '{text}'"),
            422,
            field=FieldLabel(field),
            largest=MAX_NUMBER,
            text=text[:20],
        )
    return number


def _said(request: Request, error: ArbitroError) -> str:
    with use_language(page_language(request)):
        return str(error)


@router.get("/director/cases/{number}")
def case_report_page(
    request: Request, director: DirectorName, number: Number, event: Number
) -> Response:
    """A recorded ruling's report, printable: facts, questions, poll, score and the appeal."""
    store = get_store(request)
    case = store.load_case(event, number)
    with use_language(page_language(request)):
        lines = RulingReport(case, number).lines()
    return render(request, "cases/report.html", event=event, number=number, lines=lines, flash=None)

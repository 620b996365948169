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
(:func:`arbitro.store.judgement.add_case`) and, when asked, an assigned score replaces
the table's result as a correction with its audit trail, so the session's scores and
ranking follow (Law 12C through the scoring package).

>>> fields = {"offenders": "EW", "actual": "+50", "likely": "+590"}
>>> fields |= {f"answer_{step.value}": "yes" for step in QUESTIONS}
>>> case = case_from_fields(fields, Irregularity.UNAUTHORISED, board=1, profile="wbf")
>>> case.ruling().result
Result.played(590)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arbitro.core.board import Board
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Side
from arbitro.i18n import N_, gettext, use_language
from arbitro.scoring.results import Weighted
from arbitro.scoring.travellers import read_adjusted
from arbitro.scoring.worksheet import Irregularity, Otherwise, Step, Worksheet
from arbitro.store.agreements import convention_card
from arbitro.store.judgement import add_case, load_case, load_poll, stored_cases
from arbitro.store.open_cases import (
    close_open_case,
    load_open_case,
    open_cases,
    save_open_case,
)
from arbitro.store.repository import Store, StoredResult
from arbitro.table.agreements import (
    ConventionCard,
    check_explanation,
    explanation_check,
    read_auction,
)
from arbitro.table.log import loads
from arbitro.table.table import Table
from arbitro.tournament.judgement import Case, CaseFact, answer_misinformation, facts_of
from arbitro.tournament.poll import Poll, answer_alternatives
from arbitro.tournament.ruling_report import RulingReport, adjustment_line
from arbitro.web.pages import RefusedRequestError, error_status, get_store, page_language, render
from arbitro.web.polls import event_polls
from arbitro.web.security import DirectorName, require_form_csrf

__all__ = ["QUESTIONS", "case_from_fields", "router", "table_result", "table_score"]

QUESTIONS = tuple(step for step in Step if step is not Step.OTHERWISE)
"""The worksheet's yes-or-no questions, in order; the last question is the score."""

KINDS = {kind.value: kind for kind in Irregularity}
"""The kinds of case by their code in the address: ``UI`` and ``MI``."""

_FACT = re.compile(r"^\s*(\d{1,2}[A-F]?\d?[a-e]?)\s*:\s*(\S.*)$")
"""A fact line that starts with its Law, as in ``16B1: South hesitated before 5C``."""

_TEXT_FIELDS = (
    "actual",
    "facts",
    "likely",
    "probable",
    "after",
    "poll",
    "offenders",
    "table",
    "pair",
    "call",
    "explanation",
    "card_matches",
    "artificial",
    "log",
)
_FIELDS = (
    *_TEXT_FIELDS,
    "session",
    *(f"answer_{step.value}" for step in QUESTIONS),
    *(f"note_{step.value}" for step in QUESTIONS),
)


_FIELD_LABELS = {
    "actual": N_("score at the table"),
    "likely": N_("likely result"),
    "probable": N_("probable results"),
    "after": N_("result after the infraction"),
    "board": N_("board"),
    "table": N_("table"),
    "session": N_("session"),
    "poll": N_("poll"),
    "event": N_("event"),
    "call": N_("the call explained"),
}
"""The form's fields as an error names them (catalog messages)."""


class _Label:
    """A form field's name put into words in the language in force when the error is shown."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __str__(self) -> str:
        return gettext(_FIELD_LABELS.get(self.field, self.field))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _one_score(text: str, board: int, lang: str, field: str) -> int:
    """A North-South score typed as the ``adjusted`` column takes it: ``+420`` or ``4S= N``."""
    likely = _weighted(text, board, lang, field)
    if not likely.is_single:
        raise RefusedRequestError(
            N_("{field}: expected one North-South score, as in +420 or 4S= N"),
            422,
            field=_Label(field),
        )
    return likely.parts[0][1]


def _weighted(text: str, board: int, lang: str, field: str) -> Weighted:
    """A likely result: one score, or weights and scores as in ``1/2 4S= N; 1/2 4S-1 N``."""
    try:
        result = read_adjusted(text, Board(board), lang)
    except ArbitroError as error:
        raise RefusedRequestError(
            N_("{field}: {problem}"), 422, field=_Label(field), problem=error
        ) from None
    if not result.is_balanced or not isinstance(result.ns, Weighted):
        raise RefusedRequestError(
            N_("{field}: expected the same North-South result for both sides, as in +420"),
            422,
            field=_Label(field),
        )
    return result.ns


def _facts(text: str, irregularity: Irregularity) -> tuple[CaseFact, ...]:
    """One fact a line; a line may start with its Law (``16B1: ...``)."""
    default = "16B1" if irregularity is Irregularity.UNAUTHORISED else "20F"
    facts = []
    for line in text.splitlines():
        if not line.strip():
            continue
        match = _FACT.match(line)
        if match is None:
            facts.append(CaseFact(default, line.strip()))
        else:
            facts.append(CaseFact(match[1], match[2].strip()))
    return tuple(facts)


def case_from_fields(
    fields: Mapping[str, str],
    irregularity: Irregularity,
    board: int,
    profile: str,
    poll: Poll | None = None,
    table: int | None = None,
    director: str = "",
    lang: str = "en",
    card: ConventionCard | None = None,
    played: Table | None = None,
) -> Case:
    """The case a filled worksheet describes; refused (422) naming the first gap.

    ``fields`` are the form's: ``offenders`` (NS or EW), ``actual`` (the table's North-South
    score), ``facts`` (one a line), ``answer_<step>`` (``yes``, ``no``, or ``poll`` for the
    logical alternatives, ``card`` for the first question of a misinformation case) with
    ``note_<step>``, and for the last question ``likely``, ``probable`` (comma-separated)
    and ``after``, or ``artificial`` (``on``) when no result can be assigned (12C2a).
    Answers after a "no" are not read. The convention card answers by
    ``call`` (the auction up to the call explained), ``explanation`` (as given) and
    ``card_matches`` (the director's judgement that the words mean the card's: ``yes``,
    ``no``, or empty to compare the words). ``played`` is the board's table log, when the
    director has one: its facts come first (:func:`~arbitro.tournament.judgement.facts_of`),
    its score stands for an empty ``actual``, and a ``call`` given as a number is the call
    of the log whose explanation the card checks.

    >>> case_from_fields({"offenders": "NS", "actual": "+1370"}, Irregularity.UNAUTHORISED, 2, "wbf")
    Traceback (most recent call last):
    ...
    arbitro.web.pages.RefusedRequestError: answer question 1 of the worksheet: yes or no
    """
    offenders_text = fields.get("offenders", "").strip().upper()
    if offenders_text not in ("NS", "EW"):
        raise RefusedRequestError(N_("say which side committed the irregularity"), 422)
    offenders = Side.NS if offenders_text == "NS" else Side.EW
    if not fields.get("actual", "").strip() and played is not None:
        score = played.score()
        if score is not None:
            fields = {**fields, "actual": f"{score:+d}"}
    if not fields.get("actual", "").strip():
        raise RefusedRequestError(
            N_("give the score obtained at the table, North-South's, as in +1370"), 422
        )
    actual = _one_score(fields["actual"], board, lang, "actual")
    sheet = Worksheet(irregularity, offenders, actual)
    for position, step in enumerate(QUESTIONS, start=1):
        if sheet.next_question is not step:
            break
        reply = fields.get(f"answer_{step.value}", "").strip().lower()
        note = fields.get(f"note_{step.value}", "").strip()
        if reply == "card" and step is Step.IRREGULARITY:
            sheet = _from_card(sheet, fields, card, played, lang)
        elif reply == "poll" and step is Step.ALTERNATIVES:
            if poll is None:
                raise RefusedRequestError(
                    N_("choose the poll that answers the logical-alternative question"), 422
                )
            sheet = answer_alternatives(sheet, poll)
        elif reply in ("yes", "no"):
            sheet = sheet.answer(reply == "yes", note)
        else:
            raise RefusedRequestError(
                N_("answer question {number} of the worksheet: yes or no"), 422, number=position
            )
    otherwise = None
    if sheet.next_question is Step.OTHERWISE and fields.get("artificial", "") == "on":
        otherwise = Otherwise.artificial()
    elif sheet.next_question is Step.OTHERWISE:
        if not fields.get("likely", "").strip():
            raise RefusedRequestError(
                N_("say what would probably have happened without the irregularity, as in 4S= N"),
                422,
            )
        likely = _weighted(fields["likely"], board, lang, "likely")
        probable = tuple(
            _one_score(part, board, lang, "probable")
            for part in fields.get("probable", "").split(",")
            if part.strip()
        )
        after_text = fields.get("after", "").strip()
        after = _one_score(after_text, board, lang, "after") if after_text else None
        otherwise = Otherwise(likely, probable, after)
    case = Case(
        board,
        table,
        sheet,
        profile,
        otherwise,
        poll,
        (
            *(facts_of(played) if played is not None else ()),
            *_facts(fields.get("facts", ""), irregularity),
        ),
        director,
    )
    case.ruling()  # a score the authority does not allow is refused here
    return case


def _from_card(
    sheet: Worksheet,
    fields: Mapping[str, str],
    card: ConventionCard | None,
    played: Table | None = None,
    lang: str = "en",
) -> Worksheet:
    """The first answer of a misinformation case from the convention card (75B, 75C, 21B1b).

    With the table log and ``call`` a number, the explanation checked is the one the log
    recorded for that call; otherwise the auction and the explanation typed.
    """
    if card is None:
        raise RefusedRequestError(
            N_("no convention card is kept for that pair: add it under Convention cards"), 422
        )
    judged = fields.get("card_matches", "").strip().lower()
    matches = None if judged not in ("yes", "no") else judged == "yes"
    call = fields.get("call", "").strip()
    if played is not None and call.isdigit():
        return answer_misinformation(sheet, check_explanation(card, played, int(call), matches))
    if not call or not fields.get("explanation", "").strip():
        raise RefusedRequestError(
            N_("give the auction up to the call explained and the explanation given"), 422
        )
    try:
        auction = read_auction(call, lang)
    except ArbitroError as error:
        raise RefusedRequestError(
            N_("{field}: {problem}"), 422, field=_Label("call"), problem=error
        ) from None
    return answer_misinformation(
        sheet, explanation_check(card, auction, fields["explanation"], matches)
    )


def table_result(
    store: Store, event: int, session: int, board: int, table: int
) -> StoredResult | None:
    """The result entered for the board at the table, if any.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> table_result(store, store.create_event(EventSpec("Club", boards=8)), 1, 2, 1) is None
    True
    """
    return next(
        (
            stored
            for stored in store.results(event, session)
            if stored.board == board and stored.table == table
        ),
        None,
    )


def table_score(stored: StoredResult | None) -> str:
    """The North-South score of a result entered at a table, as text; "" when none.

    A weighted or artificial result has no single score and gives "".

    >>> table_score(None)
    ''
    """
    if stored is not None and stored.result is not None:
        ns = stored.result.ns
        if stored.result.is_balanced and isinstance(ns, Weighted) and ns.is_single:
            return f"{ns.parts[0][1]:+d}"
    return ""


router = APIRouter(include_in_schema=False)
"""The worksheet pages (the application includes this)."""


@router.get("/director/cases")
def cases_page(
    request: Request, director: DirectorName, event: int, adjusted: bool = False
) -> Response:
    """The event's judgement cases: those still open, and the rulings recorded.

    ``adjusted`` lists only the rulings that assigned a score: the list the AEB asks
    the director to send to the organiser of a simultaneous event.

    >>> cases_page.__name__
    'cases_page'
    """
    store = get_store(request)
    info = store.event(event)
    with use_language(page_language(request)):
        recorded = [
            (stored.number, adjustment_line(stored.number, stored.case, stored.ns, stored.ew))
            for stored in stored_cases(store, event, adjusted_only=adjusted)
        ]
    return render(
        request,
        "cases/list.html",
        adjusted=adjusted,
        info=info,
        event=event,
        open_cases=open_cases(store, event),
        recorded=recorded,
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
    return render(
        request,
        "cases/form.html",
        status_code=200 if error is None else error_status(error),
        info=store.event(event),
        event=event,
        kind=kind,
        questions=[(step.value, step.question(kind), step.law(kind)) for step in QUESTIONS],
        last_question=Step.OTHERWISE.question(kind),
        fields=fields,
        number=number,
        polls=[item for item in event_polls(store, event) if not item.served],
        error=error,
        report=report,
        flash=None,
    )


@router.get("/director/cases/new")
def new_case_page(
    request: Request, director: DirectorName, event: int, kind: str = "UI", board: int = 1
) -> Response:
    """An empty worksheet for a case of ``kind`` (``UI`` or ``MI``).

    >>> new_case_page.__name__
    'new_case_page'
    """
    store = get_store(request)
    store.event(event)
    fields = {**dict.fromkeys(_FIELDS, ""), "board": str(board), "session": "1", "apply": "on"}
    return _form_page(
        request, store, event, KINDS.get(kind.upper(), Irregularity.UNAUTHORISED), fields, None
    )


@router.get("/director/cases/open/{number}")
def open_case_page(request: Request, director: DirectorName, number: int, event: int) -> Response:
    """An open case's worksheet as the director left it.

    >>> open_case_page.__name__
    'open_case_page'
    """
    store = get_store(request)
    try:
        kept = load_open_case(store, event, number)
    except ArbitroError as problem:
        return render(request, "error.html", status_code=404, message=_said(request, problem))
    fields = {**dict.fromkeys(_FIELDS, ""), **kept.fields, "board": str(kept.board)}
    return _form_page(request, store, event, kept.irregularity, fields, number)


@router.post("/director/cases", dependencies=[Depends(require_form_csrf)])
async def case_submit(request: Request, director: DirectorName) -> Response:
    """Save, preview or record a worksheet (the button pressed says which).

    >>> case_submit.__name__
    'case_submit'
    """
    form = await request.form()
    submitted = {name: str(value) for name, value in form.items()}
    return await run_in_threadpool(_submit, request, director, submitted)


def _submit(request: Request, director: str, form: Mapping[str, str]) -> Response:
    """Carry out a submitted worksheet (in a worker thread: the store blocks)."""
    store = get_store(request)
    fields = {name: form.get(name, "").strip() for name in (*_FIELDS, "board", "apply")}
    action = form.get("action", "preview")
    kind = KINDS.get(form.get("kind", "").upper(), Irregularity.UNAUTHORISED)
    number_text = form.get("number", "").strip()
    number = int(number_text) if number_text.isdigit() else None
    try:
        event = _positive(form.get("event", "").strip(), "event")
        spec = store.event(event).spec
    except ArbitroError as problem:
        return render(request, "error.html", status_code=404, message=_said(request, problem))
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
            number = save_open_case(store, event, board, table, kind, fields, number, director)
            return RedirectResponse(f"/director/cases/open/{number}?event={event}", status_code=303)
        stored = None if table is None else table_result(store, event, session, board, table)
        if not fields["actual"]:
            fields["actual"] = table_score(stored)
        poll_number = _positive(fields["poll"], "poll") if fields["poll"] else None
        poll = None if poll_number is None else load_poll(store, event, poll_number)
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
        card = convention_card(store, event, pair) if pair else None
        log = fields["log"]
        played = loads(log, source=gettext(N_("the table log"))) if log else None
        lang = page_language(request)
        with use_language(lang):
            case = case_from_fields(
                fields,
                kind,
                board,
                spec.profile,
                poll,
                table,
                director,
                lang,
                card,
                played,
            )
            if action != "record":
                report = RulingReport(case).lines()
                return _form_page(request, store, event, kind, fields, number, report=report)
        with store.transaction():  # the ruling is recorded and its open case closed together
            recorded = add_case(
                store,
                event,
                case,
                session,
                apply=fields["apply"] == "on",
                by=director,
                poll_number=poll_number,
            )
            if number is not None:
                close_open_case(store, event, number)
    except ArbitroError as problem:
        return _form_page(request, store, event, kind, fields, number, problem)
    return RedirectResponse(f"/director/cases/{recorded}?event={event}", status_code=303)


def _positive(text: str, field: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise RefusedRequestError(
            N_("{field}: expected a whole number from 1 up, not '{text}'"),
            422,
            field=_Label(field),
            text=text,
        )
    return int(text)


def _said(request: Request, error: ArbitroError) -> str:
    with use_language(page_language(request)):
        return str(error)


@router.get("/director/cases/{number}")
def case_report_page(request: Request, director: DirectorName, number: int, event: int) -> Response:
    """A recorded ruling's report, printable: facts, questions, poll, score and the appeal.

    >>> case_report_page.__name__
    'case_report_page'
    """
    store = get_store(request)
    try:
        case = load_case(store, event, number)
    except ArbitroError as problem:
        return render(request, "error.html", status_code=404, message=_said(request, problem))
    with use_language(page_language(request)):
        lines = RulingReport(case, number).lines()
    return render(request, "cases/report.html", event=event, number=number, lines=lines, flash=None)

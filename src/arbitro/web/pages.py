"""What every router of the web console shares: templates, the page's language, the store.

A router renders a page with :func:`render` and reaches the database with
:func:`get_store` (a FastAPI dependency). The application keeps both on
``app.state`` (see :func:`arbitro.web.app.create_app`).

>>> from starlette.requests import Request
>>> request = Request({"type": "http", "headers": [(b"accept-language", b"es-ES,es;q=0.9")]})
>>> choose_language(request, None)
'es'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import jinja2
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

import arbitro
from arbitro.core.bounded import MAX_NUMBER
from arbitro.core.errors import ArbitroError
from arbitro.core.errors import render as render_value
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.i18n import (
    LANGUAGES,
    N_,
    NP_,
    Language,
    get_language,
    gettext,
    ngettext,
    parse_language,
    use_language,
    write_date,
    write_number,
)
from arbitro.web.deps import LANGUAGE_COOKIE, choose_language, get_store, page_language
from arbitro.web.security import csrf_token, signed_in_director

if TYPE_CHECKING:
    from arbitro.store import Store
    from arbitro.store.repository import EventInfo
    from arbitro.tournament.entry import Entry

__all__ = [
    "LANGUAGE_COOKIE",
    "choose_language",
    "get_store",
    "page_language",
]

LangQuery = Annotated[str | None, Query(alias="lang", max_length=16)]
"""The ``?lang=`` parameter every page takes."""

Number = Annotated[int, Field(ge=1, le=MAX_NUMBER)]
"""A number given in a path, a query, a form (``Annotated[Number, Form()]``) or a body field.

>>> from pydantic import TypeAdapter, ValidationError
>>> TypeAdapter(Number).validate_python("2147483647")
2147483647
>>> try:
...     TypeAdapter(Number).validate_python(2**31)
... except ValidationError as error:
...     print(error.errors()[0]["type"])
less_than_equal
"""


def whole_number(text: str) -> int | None:
    """``text`` as a number the console takes (1 to :data:`MAX_NUMBER`), or None.

    Only the digits 0 to 9: ``"²".isdigit()`` is true, but it is no number.

    >>> whole_number("12"), whole_number("²"), whole_number("0"), whole_number(str(2**40))
    (12, None, None, None)
    """
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_NUMBER)):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_NUMBER else None


def make_templates() -> jinja2.Environment:
    """The Jinja2 environment of the console's templates, with ``_()`` translating.

    >>> make_templates().from_string("{{ _('Language') }}").render()
    'Language'
    """
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("arbitro.web", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
    )
    environment.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    environment.globals["written"] = written
    environment.filters["pair"] = pair_label
    environment.filters["number"] = _number_filter
    environment.globals["number_label"] = number_label
    environment.globals["penalty_amount"] = penalty_amount
    environment.filters["clock"] = clock
    environment.globals["strain_label"] = strain_label
    environment.globals["seat_label"] = seat_label
    environment.globals["action_label"] = poll_action
    environment.filters["action"] = poll_action
    environment.filters["movement"] = movement_label
    environment.filters["scoring"] = scoring_label
    environment.filters["score"] = score_shown
    environment.filters["day"] = day_written
    return environment


MOVEMENT_LABELS = {
    "mitchell": N_("Mitchell"),
    "howell": N_("Howell"),
    "individual": N_("Individual movement"),
    "round-robin": N_("Round robin"),
    "swiss": N_("Swiss"),
}
"""A movement's kind (as the event keeps it) as the pages name it, through the catalog."""


def scoring_label(scoring: str) -> str:
    """An event's scoring (:attr:`EventSpec.scoring <arbitro.tournament.event.EventSpec.scoring>`) as the pages name it.

    >>> scoring_label("vp"), scoring_label("mp")
    ('IMPs and victory points', 'matchpoints')
    """
    from arbitro.tournament.event import SCORING_NAMES

    return gettext(SCORING_NAMES[scoring])


def movement_label(kind: str | None) -> str:
    """The movement ``kind`` an event keeps, named in the language in force (empty for none).

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     movement_label("mitchell"), movement_label("round-robin"), movement_label(None)
    ('Mitchell', 'Liga', '')
    """
    if not kind:
        return ""
    label = MOVEMENT_LABELS.get(kind)
    return gettext(label) if label is not None else kind


def poll_action(action: str) -> str:
    """A poll's action (kept in English notation) as the page's language writes it.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     poll_action("6C"), poll_action("Pass")
    ('6♣', 'Paso')
    """
    from arbitro.tournament.poll import action_label  # not at the server's start

    return action_label(action, get_language())


def score_shown(text: str) -> str:
    """A result's stored text as a traveller or a score card shows it: a passed-out board's ``0``.

    The JSON keeps the stored text (``+0``); the page writes the board passed out as a
    score sheet does (:func:`arbitro.scoring.results.shown_score`).

    >>> score_shown("+0"), score_shown("-110"), score_shown("A60/A40")
    ('0', '-110', 'A60/A40')
    """
    from arbitro.scoring.results import shown_score  # the scorer's: not at the server's start

    return shown_score(text)


def day_written(day: date) -> str:
    """``day`` written in full in the page's language: the public list, the desk, the print.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     day_written(date(2026, 11, 24))
    'martes, 24 de noviembre de 2026'
    """
    return write_date(day, get_language())


def event_day(info: EventInfo, first_result: datetime | None) -> date | None:
    """The day an event is dated by: the day it is held, else its first result's, else its creation's.

    The director gives the day an event is held on the desk's new-event form; an event
    made without it (from the command line, the API, an import) is dated by the day its
    first result was entered, the night it was played, and before any result by the day
    it was created. Moments are read in the club's time zone
    (:func:`~arbitro.tournament.records.shown_time`).

    >>> from dataclasses import replace
    >>> from datetime import UTC, timedelta
    >>> from arbitro.store.repository import EventInfo
    >>> from arbitro.tournament.event import EventSpec
    >>> late = datetime(2026, 11, 24, 21, 30, tzinfo=UTC)
    >>> info = EventInfo(1, EventSpec("Martes", boards=1), None, None, None, None, None)
    >>> event_day(replace(info, held_on=date(2026, 11, 24)), late)
    datetime.date(2026, 11, 24)
    >>> event_day(replace(info, created=late - timedelta(days=7)), late).isoformat()
    '2026-11-24'
    >>> event_day(replace(info, created=late - timedelta(days=7)), None).isoformat()
    '2026-11-17'
    >>> event_day(info, None) is None
    True
    """
    from arbitro.tournament.records import shown_time  # the records': not at the server's start

    if info.held_on is not None:
        return info.held_on
    moment = first_result if first_result is not None else info.created
    return shown_time(moment).date() if moment is not None else None


def event_days(store: Store, events: Sequence[EventInfo]) -> dict[int, date | None]:
    """Each of ``events``' day (:func:`event_day`), by event: the lists of events date them.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Martes", boards=1))
    >>> from arbitro.tournament.records import shown_time
    >>> event_days(store, store.events())[event] == shown_time(store.event(event).created).date()
    True
    """
    first = store.first_results([info.id for info in events])
    return {info.id: event_day(info, first.get(info.id)) for info in events}


def written(entry: Entry | str, lang: str | None = None) -> str:
    """A traveller entry in ``lang``'s bridge notation (default: the language in force).

    The stored text (:meth:`~arbitro.tournament.entry.Entry.to_str`) is English; the
    pages write contracts, seats and cards as the core's notation for their language
    does (:mod:`arbitro.core.notation`), and the words around them translated.

    Suits are written with their symbols (``3♣``), which read the same in both
    languages, where a letter would not (``3C`` is clubs in English, hearts in Spanish).

    >>> written("3NTX S 8 lead HQ", "es"), written("Pass", "es")
    ('3STX S 8 salida ♥D', 'Paso')
    >>> from arbitro.tournament.entry import Entry
    >>> written(Entry.from_str("4S W 10"), "en"), written("not an entry", "es")
    ('4♠ W 10', 'not an entry')

    Text that is not an entry (an old audit line) is shown as it is.
    """
    from arbitro.tournament.entry import Entry  # the scorer's modules: not at the server's start

    if isinstance(entry, str):
        text = entry
        try:
            entry = Entry.from_str(text)
        except ArbitroError:
            return text
    return entry.localized(lang, symbols=True)


def refused_entry(error: ArbitroError, entry: Entry | None, lang: str) -> ArbitroError:
    """``error`` quoting ``entry`` as the page writes it, when it quotes its stored text.

    A result refused once it was read (an opening lead the leader does not hold, Law
    41A) quotes the stored, English text (``3NTX W 7 lead S5``); a Spanish page quotes it
    as its reader typed it, with suit symbols. Any other error, or one quoting the text
    as typed, is left as it is.

    >>> from arbitro.tournament.entry import Entry, InvalidEntryError
    >>> entry = Entry.from_str("3NTX W 7 lead S5")
    >>> refused_entry(InvalidEntryError("3NTX W 7 lead S5", "wrong lead"), entry, "es").text
    '3STX O 7 salida ♠5'
    >>> refused_entry(InvalidEntryError("3C N", "no tricks"), None, "es").text
    '3C N'
    """
    from arbitro.tournament.entry import InvalidEntryError  # the scorer's, on first use

    if isinstance(error, InvalidEntryError) and entry is not None and error.text == entry.to_str():
        error.text = written(entry, lang)
    return error


def clock(moment: datetime) -> str:
    """The time of day of a moment, in the club's time zone (:func:`~arbitro.tournament.records.shown_time`).

    >>> from datetime import UTC
    >>> import os
    >>> os.environ["ARBITRO_TIMEZONE"] = "Europe/Madrid"
    >>> clock(datetime(2026, 11, 22, 22, 30, 5, tzinfo=UTC))
    '23:30:05'
    >>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
    """
    from arbitro.tournament.records import shown_time  # the scorer's layer, on first use

    return shown_time(moment).strftime("%H:%M:%S")


def pair_label(number: object, lang: str | None = None) -> str:
    """A pair's number as a reader of ``lang`` writes it: East-West is ``EO`` in Spanish.

    >>> pair_label("3EW", "es"), pair_label("3EW", "en"), pair_label("3NS", "es"), pair_label(None)
    ('3EO', '3EW', '3NS', '')
    """
    if number is None:
        return ""
    text = str(number)
    if (lang or get_language()) == "es" and text.endswith("EW") and text[:-2].isdigit():
        return text[:-2] + "EO"
    return text


_FIGURE = re.compile(r"(-?[0-9]{1,30}(?:\.[0-9]{1,30})?)(%|\s.{0,30})?", re.DOTALL)
"""A figure as the scorer shows it: ``55.23``, ``-1.50``, with its unit: ``55.23%``, ``12.50 VP``."""


PENALTY_UNITS = {
    "mp": NP_("%(num)s matchpoint", "%(num)s matchpoints"),
    "imps": NP_("%(num)s IMP", "%(num)s IMPs"),
    "vp": NP_("%(num)s victory point", "%(num)s victory points"),
}
"""A penalty's amount in each unit but a share of a top, singular and plural."""


def penalty_amount(amount: Fraction, unit: str) -> str:
    """A penalty's amount with its unit, in the page's language: one victory point, 1/4 of a top.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     penalty_amount(Fraction(1), "vp"), penalty_amount(Fraction(3), "imps")
    ('1 punto de victoria', '3 IMPs')
    >>> penalty_amount(Fraction(1, 4), "top"), penalty_amount(Fraction(1), "mp")
    ('1/4 of a top', '1 matchpoint')
    """
    if unit not in PENALTY_UNITS:
        return f"{amount} {gettext('of a top') if unit == 'top' else unit}"
    singular, plural = PENALTY_UNITS[unit]
    return ngettext(singular, plural, 1 if amount == 1 else 2) % {"num": amount}


UNITS = {"VP": N_("VP")}
"""The units of a figure a page writes in its reader's language (``VP``: victory points)."""


def number_label(value: object, lang: str | None = None, *, percent: bool = False) -> str:
    r"""A number as a reader of ``lang`` (default: the page's) writes it: ``55,23 %`` in Spanish.

    The one way the pages write a number with decimals (the ``number`` filter): points,
    percentages, totals, IMPs and VPs. ``value`` is a figure as the scorer shows it
    (:func:`~arbitro.scoring.session.show`: rounded once, with its places), alone or with
    its unit, or an exact number, shown by that same rule first. A percentage (``%``, or
    ``percent``) is written as the language writes one; another unit is kept after the
    number. Anything else (an empty cell, ``A60``) is shown as it is. The files and the
    JSON API keep the point: only the pages speak the reader's language.

    >>> from fractions import Fraction
    >>> number_label("55.23%", "es"), number_label("12.50 VP", "es"), number_label("-3.00", "es")
    ('55,23\xa0%', '12,50 PV', '-3,00')
    >>> number_label("55.23%", "en"), number_label(Fraction(37, 3), "es"), number_label("", "es")
    ('55.23%', '12,33', '')
    >>> number_label("A60", "es"), number_label(None), number_label("75.00", "es", percent=True)
    ('A60', '', '75,00\xa0%')
    """
    if value is None:
        return ""
    if isinstance(value, int | Fraction | Decimal) and not isinstance(value, bool):
        from arbitro.scoring.session import show  # the scorer's rounding, not at the start

        value = show(Fraction(value))
    text = str(value)
    figure = _FIGURE.fullmatch(text.strip())
    if figure is None:
        return text
    digits, unit = figure[1], figure[2] or ""
    language = parse_language(lang) if lang else get_language()
    if unit == "%" or (percent and not unit):
        return write_number(Decimal(digits), language, percent=True)
    if unit.strip() in UNITS:
        # A unit the reader's language writes its own way: PV for VP in Spanish.
        with use_language(language):
            unit = " " + gettext(UNITS[unit.strip()])
    return write_number(Decimal(digits), language) + unit


@jinja2.pass_context
def _number_filter(_context: jinja2.runtime.Context, value: object, percent: bool = False) -> str:
    """:func:`number_label` as the ``number`` filter: in the language of the page rendered.

    It takes the template's context so that Jinja never works it out once, when the
    template is compiled (as it does with a plain filter of a constant), in the language
    of the first page.
    """
    return number_label(value, percent=percent)


@dataclass(frozen=True)
class PairNumbers:
    """Pairs' numbers named in a message, written as its reader's language writes them.

    A message is put into words when it is shown (:class:`RefusedRequestError`), in the
    language of the page; so is this value (:func:`pair_label`).

    >>> with use_language("es"):
    ...     print(RefusedRequestError(N_("pair {pair} cannot"), 403, pair=PairNumbers(("5EW",))))
    pair 5EO cannot
    """

    numbers: tuple[str, ...]

    def localized(self) -> str:
        """The numbers in the active language, separated by slashes."""
        return " / ".join(pair_label(number) for number in self.numbers)

    def __str__(self) -> str:
        return self.localized()


def typed_pair(text: str) -> str:
    """A pair's number as typed in an address, East-West as ``EW``: ``5EO`` and ``5eo`` are ``5EW``.

    >>> typed_pair("5EO"), typed_pair("5eo"), typed_pair("5NS"), typed_pair("Ana")
    ('5EW', '5EW', '5NS', 'Ana')
    """
    if text[-2:].upper() == "EO" and text[:-2].isascii() and text[:-2].isdigit():
        return text[:-2] + "EW"
    return text


def strain_label(strain: str, lang: str | None = None) -> str:
    """The label of a strain (given in English, ``S`` or ``NT``) in ``lang``'s notation.

    >>> strain_label("H", "es"), strain_label("NT", "es"), strain_label("NT", "en")
    ('C', 'ST', 'NT')
    """
    return Strain.from_str(strain).to_str(lang or get_language())


def seat_label(seat: str, lang: str | None = None) -> str:
    """The label of a seat (given in English, ``W``) in ``lang``'s notation.

    >>> seat_label("W", "es"), seat_label("W", "en")
    ('O', 'W')
    """
    return Seat.from_str(seat).to_str(lang or get_language())


@dataclass(frozen=True)
class PageContext:
    """What every page template receives besides its own data, as ``page``.

    ``csrf`` is the session's CSRF token (put it in every form as ``csrf_token``);
    ``director`` the signed-in director's name, if any.

    >>> PageContext("en", ("es", "en"), "0.1.0", "/").director is None
    True
    """

    language: Language
    languages: tuple[Language, ...]
    version: str
    path: str
    csrf: str = ""
    director: str | None = None


def render(request: Request, template: str, status_code: int = 200, **data: object) -> Response:
    """Render ``template`` in the page's language, with ``page`` (a :class:`PageContext`).

    A ``?lang=`` in the address is remembered in a cookie.

    >>> from fastapi.testclient import TestClient
    >>> from arbitro.web import create_app
    >>> TestClient(create_app()).get("/?lang=es").headers["content-language"]
    'es'
    """
    asked = request.query_params.get("lang")
    language = choose_language(request, asked)
    templates: jinja2.Environment = request.app.state.templates
    with use_language(language):
        page = PageContext(
            language,
            LANGUAGES,
            arbitro.__version__,
            request.url.path,
            csrf_token(request) if "session" in request.scope else "",
            signed_in_director(request) if "session" in request.scope else None,
        )
        html = templates.get_template(template).render(page=page, **data)
    response = HTMLResponse(html, status_code=status_code)
    response.headers["Content-Language"] = language
    if asked:
        response.set_cookie(LANGUAGE_COOKIE, language, max_age=365 * 24 * 3600, samesite="lax")
    return response


class RefusedRequestError(ArbitroError):
    """A request refused with a message and the HTTP ``status`` it is answered with.

    ``message`` is marked with ``N_`` and put into words, in the language in force, with
    ``details`` when the error is printed; a detail that knows its language (a
    :class:`~arbitro.core.errors.Problem`, an entry) is shown in it too.

    >>> from arbitro.i18n import N_
    >>> error = RefusedRequestError(N_("there is no event {event}"), 404, event=3)
    >>> str(error), error.status
    ('there is no event 3', 404)
    """

    def __init__(self, message: str, status: int, **details: object) -> None:
        self.message = message
        self.status = status
        self.details = details
        super().__init__(message, details)

    def __str__(self) -> str:
        return gettext(self.message).format(
            **{name: render_value(value) for name, value in self.details.items()}
        )


_FIELD_NAMES = {
    "event": N_("event"),
    "board": N_("board"),
    "table": N_("table"),
    "round": N_("round"),
    "number": N_("number"),
    "ruling": N_("ruling"),
    "pair": N_("pair"),
}
"""The names of the fields most often typed in an address or a form, for the catalogs."""

_NUMBER_ERRORS = frozenset(
    {"int_parsing", "int_from_float", "int_type", "greater_than_equal", "less_than_equal"}
)


def invalid_input_message(errors: Sequence[Mapping[str, object]]) -> str:
    """What was wrong in a page's request (its address, query or form), in words.

    ``errors`` are FastAPI's validation errors (``RequestValidationError.errors()``):
    each names the field and its place. A number out of range or not a number says
    which numbers are taken; a missing field says so; anything else names the field.

    >>> invalid_input_message(
    ...     [{"type": "less_than_equal", "loc": ("path", "event"), "input": "99999999999"}]
    ... )
    '“event” is “99999999999”: expected a whole number from 1 to 2147483647.'
    >>> invalid_input_message([{"type": "missing", "loc": ("body", "board"), "input": None}])
    '“board” is missing.'

    An item of a list is named by its list:

    >>> invalid_input_message(
    ...     [{"type": "greater_than_equal", "loc": ("body", "boards", 0), "input": 0}]
    ... )
    '“boards” is “0”: expected a whole number from 1 to 2147483647.'
    """
    described: list[str] = []
    for error in errors:
        place = error.get("loc") or ()
        names = (
            [part for part in place if not isinstance(part, int)]
            if isinstance(place, (tuple, list))
            else []
        )
        field = str(names[-1]) if names else "?"
        field = gettext(_FIELD_NAMES[field]) if field in _FIELD_NAMES else field
        kind = error.get("type")
        value = str(error.get("input"))[:40]
        if kind == "missing":
            described.append(gettext("“{field}” is missing.").format(field=field))
        elif kind in _NUMBER_ERRORS:
            described.append(
                gettext("“{field}” is “{value}”: expected a whole number from 1 to {top}.").format(
                    field=field, value=value, top=MAX_NUMBER
                )
            )
        else:
            described.append(
                gettext("“{field}” is “{value}”: not a value this page takes.").format(
                    field=field, value=value
                )
            )
    return " ".join(described) or gettext("The request was not understood.")


class ErrorAnswer(BaseModel):
    """The one shape of every refusal the JSON API answers, whatever its status.

    ``detail`` says what was refused and why, in the caller's language; a request whose
    fields were malformed (422) also lists them in ``errors``, each with its place.

    >>> ErrorAnswer(detail="there is no event 9").model_dump(exclude_none=True)
    {'detail': 'there is no event 9'}
    """

    detail: str
    errors: list[dict[str, Any]] | None = None


_STATUS_WORDS = {
    400: "The request is malformed.",
    401: "Not signed in (a director's session, or a table's code).",
    403: "Refused to this session (a bad CSRF token, another table, a closed page).",
    404: "There is no such thing (event, board, ruling, appeal, poll...).",
    409: "The request conflicts with what is stored (published already, entered already).",
    422: "Bad input, or refused by a Law or a rule of the event.",
    429: "Too many attempts: wait and try again.",
    503: "The database is busy or missing: try again.",
    507: "The disk is full: nothing was saved.",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a router's refusals: each status, in :class:`ErrorAnswer`'s shape.

    >>> sorted(error_responses(404, 422))
    [404, 422]
    """
    return {
        status: {"model": ErrorAnswer, "description": _STATUS_WORDS[status]} for status in statuses
    }


HTML_REFUSAL: dict[int | str, dict[str, Any]] = {
    422: {
        "description": "A malformed query, answered with the page of a refusal.",
        "content": {"text/html": {"schema": {"type": "string"}}},
    }
}
"""The OpenAPI answer of a page (not the API) to a malformed query: HTML, like the page."""


ErrorPage = Callable[[Request, ArbitroError], Response]
"""The page that answers a refused request in one part of the console."""

AnErrorPage = TypeVar("AnErrorPage", bound=ErrorPage)

ERROR_PAGES: dict[str, ErrorPage] = {}
"""The parts of the console with their own error page, by path prefix (see :func:`error_page`)."""


def error_page(prefix: str) -> Callable[[AnErrorPage], AnErrorPage]:
    """Make the decorated function the error page of the requests under ``prefix``.

    The application's one handler of :class:`~arbitro.core.errors.ArbitroError` answers
    with it (the tables' page offers the way back to the table, the results' the form for
    the table card's code); every other page gets ``error.html``.

    >>> @error_page("/example")
    ... def example_error(request: Request, error: ArbitroError) -> Response:
    ...     return HTMLResponse(str(error), status_code=error.status)
    >>> error_page_for("/example/3") is example_error, error_page_for("/examples") is None
    (True, True)
    """

    def register(page: AnErrorPage) -> AnErrorPage:
        ERROR_PAGES[prefix] = page
        return page

    return register


def error_page_for(path: str) -> ErrorPage | None:
    """The error page registered for ``path``'s part of the console, if any.

    >>> error_page_for("/director/") is None
    True
    """
    for prefix, page in ERROR_PAGES.items():
        if path == prefix or path.startswith(prefix + "/"):
            return page
    return None


def error_status(error: ArbitroError) -> int:
    """The HTTP status of a refused request: the one its kind carries.

    A busy database is 503 and a full disk 507: no fault of the request.

    >>> from arbitro.i18n import N_
    >>> from arbitro.core.errors import NotFoundError
    >>> error_status(RefusedRequestError(N_("no"), 403)), error_status(NotFoundError("gone"))
    (403, 404)
    """
    return error.status


def error_json(request: Request, error: ArbitroError) -> JSONResponse:
    """The JSON answer to a refused request: ``{"detail": message}`` in the page's language.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "headers": [], "query_string": b""})
    >>> answer = error_json(request, ArbitroError("bad"))
    >>> answer.status_code, answer.body
    (422, b'{"detail":"bad"}')
    """
    with use_language(page_language(request)):
        return JSONResponse({"detail": str(error)}, status_code=error_status(error))


def describe_route(router: APIRouter, endpoint: Callable[..., object]) -> str:
    """The method and path by which ``router`` reaches ``endpoint``, as ``GET /path``.

    >>> router = APIRouter(prefix="/x")
    >>> @router.get("/y")
    ... def y() -> None: ...
    >>> describe_route(router, y)
    'GET /x/y'
    """
    for route in router.routes:
        if getattr(route, "endpoint", None) is endpoint:
            methods = sorted(getattr(route, "methods", None) or ())
            return f"{' '.join(methods)} {getattr(route, 'path', '')}"
    raise LookupError(endpoint.__name__)

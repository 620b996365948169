r"""The director uploads the session's deals as a PBN file; the hand records show them.

:func:`read_deals` reads a PBN file (:mod:`arbitro.formats.pbn`, lenient about what
dealing programs bend) and takes each game's ``Board`` and ``Deal``; every problem is
reported with the file's line: a board outside the event, a game without a whole
deal, the same board dealt twice in two ways. Nothing is kept unless the whole file
is right; then the deals replace the event's deals
(:func:`arbitro.web.public_results.set_deals`) and appear on the results pages.

>>> text = '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
>>> sorted(read_deals(text, "club.pbn", boards=2))
[1]
>>> read_deals('[Board "3"]\n', "club.pbn", boards=2)
Traceback (most recent call last):
...
arbitro.web.deals.DealsFileError: club.pbn, line 1: board 3 is not in the event (expected 1 to 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Depends, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, Response

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_PBN_BYTES
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.dealer import BoardSet, Dealer, DealtBoard, Seed, commitment
from arbitro.dealing.pbn import games_from_board_set
from arbitro.formats.pbn import ENCODINGS, decode, dumps, encode, read
from arbitro.i18n import N_, gettext, ngettext, use_language
from arbitro.web.output import UTF8_LINK
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    LangQuery,
    Number,
    describe_route,
    page_language,
    render,
    whole_number,
)
from arbitro.web.public_results import deals, set_deals
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf

if TYPE_CHECKING:
    from arbitro.store import Store

__all__ = ["DealsFileError", "read_deals", "router"]


class DealsFileError(ArbitroError):
    """A deal file with problems: ``problems`` lists each, with its file and line.

    >>> print(DealsFileError(["a.pbn, line 2: x", "a.pbn, line 9: y"]))
    a.pbn, line 2: x (and 1 more problem)
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(problems)

    def __str__(self) -> str:
        first = self.problems[0] if self.problems else ""
        more = len(self.problems) - 1
        if more <= 0:
            return first
        return (
            first
            + " "
            + ngettext("(and {count} more problem)", "(and {count} more problems)", more).format(
                count=more
            )
        )


def _at(source: str, line: int, message: str, **details: object) -> str:
    return gettext("{source}, line {line}: {problem}").format(
        source=source, line=line, problem=gettext(message).format(**details)
    )


def read_deals(text: str, source: str, boards: int) -> dict[int, Deal]:
    """The deals of a PBN text, by board (1 to ``boards``); raises listing every problem.

    A board given twice with the same deal (a file of played boards) is read once.

    >>> read_deals("", "empty.pbn", boards=2)
    Traceback (most recent call last):
    ...
    arbitro.web.deals.DealsFileError: empty.pbn: the file holds no games
    """
    games, errors = read(text, source, strict=False)
    problems = [str(error) for error in errors]
    found: dict[int, tuple[Deal, int]] = {}
    for game in games:
        line = game.line_of("Board")
        number = game.known("Board")
        if number is None or not (number.isascii() and number.isdigit() and len(number) < 10):
            problems.append(
                _at(source, line, N_('a game without a board number (expected [Board "1"])'))
            )
            continue
        board = int(number)
        if not 1 <= board <= boards:
            problems.append(
                _at(
                    source,
                    line,
                    N_("board {board} is not in the event (expected 1 to {boards})"),
                    board=board,
                    boards=boards,
                )
            )
            continue
        deal = game.deal()
        if deal is None:
            problems.append(
                _at(
                    source,
                    game.line_of("Deal"),
                    N_("board {board} has no whole deal (expected four hands of 13 cards)"),
                    board=board,
                )
            )
            continue
        if board in found and found[board][0] != deal:
            problems.append(
                _at(
                    source,
                    game.line_of("Deal"),
                    N_("board {board} is dealt differently on line {first}"),
                    board=board,
                    first=found[board][1],
                )
            )
            continue
        found.setdefault(board, (deal, game.line_of("Deal")))
    if not found and not problems:
        problems.append(
            gettext("{source}: {problem}").format(
                source=source,
                problem=gettext(
                    "no game with a board and a deal (expected [Board] and [Deal] tags)"
                ),
            )
        )
    if problems:
        # A game that copies the game before's tags (``#``) repeats that game's problem,
        # at that game's line: each is said once.
        raise DealsFileError(list(dict.fromkeys(problems)))
    return {board: deal for board, (deal, _line) in sorted(found.items())}


router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The deal upload page of the director's desk."""

REFUSED = {
    "file": N_("Nothing was kept: the file has these problems."),
    "upload": N_("The file's deals were not kept:"),
    "deal": N_("The boards were not dealt:"),
    "marking": N_("The board's marking was not kept:"),
    "download": N_("The file of the deals was not written:"),
}
"""The heading of a refusal on the deals page, by what was refused: the uploaded file's
contents, an upload or a dealing the director did not confirm, a board's marking, the
download of the deals."""


def _page(
    request: Request,
    store: StoreDep,
    event: int,
    *,
    problems: list[str] | None = None,
    refused: str = "file",
    saved: list[int] | None = None,
    status_code: int = 200,
    dealt: tuple[str, str] | None = None,
    marking: dict[str, str] | None = None,
) -> Response:
    info = store.event(event)
    kept = deals(store, event)
    progress = store.analysis_progress(event)
    if not progress.finished:
        store.analyse_in_background(event)  # resumed after a restart; no-op when running
    return render(
        request,
        "director/deals.html",
        status_code=status_code,
        flash=None,
        event=info,
        kept=kept,
        progress=progress,
        problems=problems or [],
        refused=REFUSED[refused],
        saved=saved or [],
        dealt=dealt,
        marked=[board for board in store.boards(event).values() if not board.follows_law2],
        marking=marking or {"board": "", "dealer": "", "vulnerability": ""},
        lang=page_language(request),
    )


@router.get("/events/{event}/deals", response_class=HTMLResponse)
def deals_page(
    request: Request, event: Number, director: DirectorName, store: StoreDep, lang: LangQuery = None
) -> Response:
    """The event's deals: which boards have one, and the form to upload a PBN file.

    >>> describe_route(router, deals_page)
    'GET /director/events/{event}/deals'
    """
    return _page(request, store, event)


@router.post(
    "/events/{event}/deals",
    response_class=HTMLResponse,
    dependencies=[Depends(require_form_csrf)],
)
def upload_deals(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    pbn: Annotated[UploadFile, File()],
    replace: Annotated[bool, Form()] = False,
) -> Response:
    """Read the uploaded PBN file and keep its deals; or show every problem with its line.

    Deals kept already are replaced only when the director ticks ``replace``
    (:func:`unconfirmed_replacement`).

    >>> describe_route(router, upload_deals)
    'POST /director/events/{event}/deals'
    """
    source = (pbn.filename or "deals.pbn").rsplit("/", 1)[-1][:100]
    data = pbn.file.read(MAX_PBN_BYTES + 1)
    info = store.event(event)
    # The problems are put into words in the page's language.
    with use_language(page_language(request)):
        if (unconfirmed := unconfirmed_replacement(store, event, replace)) is not None:
            return _page(
                request, store, event, problems=[unconfirmed], refused="upload", status_code=409
            )
        if len(data) > MAX_PBN_BYTES:
            problems = [
                gettext("{source}: the file is larger than {size} kB").format(
                    source=source, size=MAX_PBN_BYTES // 1000
                )
            ]
            return _page(request, store, event, problems=problems, status_code=422)
        try:
            read_ = read_deals(decode(data, source), source, info.spec.boards)
            set_deals(store, event, {board: deal.to_str() for board, deal in read_.items()})
        except DealsFileError as error:
            return _page(request, store, event, problems=error.problems, status_code=422)
        except ArbitroError as error:
            return _page(request, store, event, problems=[str(error)], status_code=422)
    return _page(request, store, event, saved=sorted(read_))


@router.post(
    "/events/{event}/deals/deal",
    response_class=HTMLResponse,
    dependencies=[Depends(require_form_csrf)],
)
def deal_here(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    replace: Annotated[bool, Form()] = False,
) -> Response:
    """Deal the event's boards here (Law 6E4): a secret seed, its commitment, the deals kept.

    The page shows the commitment to publish before play and the seed to keep secret
    until the session is over (``arbitro deal verify`` checks one against the other);
    the deals replace those kept before, when the director ticks ``replace``
    (:func:`unconfirmed_replacement`), and are analysed for the hand records.

    >>> describe_route(router, deal_here)
    'POST /director/events/{event}/deals/deal'
    """
    with use_language(page_language(request)):
        if (unconfirmed := unconfirmed_replacement(store, event, replace)) is not None:
            return _page(
                request, store, event, problems=[unconfirmed], refused="deal", status_code=409
            )
    info = store.event(event)
    seed = Seed.new()
    numbers = range(1, info.spec.boards + 1)
    board_set = Dealer(seed, info.spec.name).board_set(numbers)
    set_deals(store, event, {dealt.board.number: dealt.deal.to_str() for dealt in board_set})
    return _page(
        request,
        store,
        event,
        saved=list(numbers),
        dealt=(commitment(seed, info.spec.name, numbers), seed.hex()),
    )


def unconfirmed_replacement(store: Store, event: int, replace: bool) -> str | None:
    """Why new deals may not replace the deals kept, if they may not: the director did not confirm it.

    Replacing the deals cannot be undone (the seed of deals dealt here is not kept), and
    the boards played with the old deals no longer match their hand records: the forms
    ask for a tick once deals are kept.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Martes", boards=2))
    >>> unconfirmed_replacement(store, event, replace=False) is None
    True
    """
    kept = deals(store, event)
    if not kept or replace:
        return None
    return ngettext(
        "The deal of %(num)s board is kept already: tick “Replace the deals kept” to replace it.",
        "The deals of %(num)s boards are kept already: tick “Replace the deals kept” to replace them.",
        len(kept),
    ) % {"num": len(kept)}


@router.get("/events/{event}/deals.pbn")
def deals_file(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    encoding: str = "latin-1",
) -> Response:
    """The deals kept for the event as a PBN file (for a dealing machine or another program).

    In ISO 8859-1, the PBN standard's character set, or in UTF-8 with
    ``?encoding=utf-8``; an event name Latin-1 cannot write is shown as a problem on the
    deals' page, naming the character (:func:`arbitro.formats.pbn.encode`).

    >>> describe_route(router, deals_file)
    'GET /director/events/{event}/deals.pbn'
    """
    if encoding not in ENCODINGS:
        raise HTTPException(404)
    info = store.event(event)
    marked = store.boards(event)
    board_set = BoardSet(
        info.spec.name,
        tuple(
            DealtBoard(marked.get(number) or Board(number), deal)
            for number, deal in sorted(deals(store, event).items())
        ),
    )
    name = f"deals-{event}.pbn"
    with use_language(page_language(request)):
        try:
            data = encode(
                dumps(games_from_board_set(board_set)),
                name,
                encoding=encoding,
                how=gettext(UTF8_LINK),
            )
        except ArbitroError as error:
            return _page(
                request, store, event, problems=[str(error)], refused="download", status_code=422
            )
    return Response(
        data,
        media_type=f"application/x-chess-pbn; charset={encoding}",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post(
    "/events/{event}/deals/marking",
    response_class=HTMLResponse,
    dependencies=[Depends(require_form_csrf)],
)
def mark_board(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    board: Annotated[str, Form(max_length=5)] = "",
    dealer: Annotated[str, Form(max_length=10)] = "",
    vulnerability: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    """Keep a board marked otherwise than Law 2 says: it is played and scored as marked.

    Empty dealer and vulnerability bring the board back to Law 2's marking.

    >>> describe_route(router, mark_board)
    'POST /director/events/{event}/deals/marking'
    """
    lang = page_language(request)
    form = {"board": board, "dealer": dealer, "vulnerability": vulnerability}
    info = store.event(event)
    with use_language(lang):
        try:
            number = whole_number(board.strip()) or 0
            if not 1 <= number <= info.spec.boards:
                raise DealsFileError(
                    [
                        gettext(
                            "board {board} is not in the event (expected 1 to {boards})"
                        ).format(board=board.strip(), boards=info.spec.boards)
                    ]
                )
            seat = Seat.from_str(dealer.strip(), lang) if dealer.strip() else None
            marked = (
                Vulnerability.from_str(vulnerability.strip(), lang)
                if vulnerability.strip()
                else None
            )
            store.mark_board(event, Board(number, seat, marked))
        except ArbitroError as error:
            problems = error.problems if isinstance(error, DealsFileError) else [str(error)]
            return _page(
                request,
                store,
                event,
                problems=problems,
                refused="marking",
                status_code=422,
                marking=form,
            )
    return _page(request, store, event)

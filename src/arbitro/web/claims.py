r"""The claim page of the ruling assistant: check a claim or concession (Laws 68-71).

The director (signed in) gives the board as the ruling assistant takes it (a deal and
the actions up to the claim, or a table log, :mod:`arbitro.web.rulings`), the claimer
and the statement (``COUNT[: STEP, ...]``, as ``arbitro claim check`` reads it), and
sees the checker's verdict (:func:`arbitro.analysis.claims.check_claim`): the tricks
the claimer's side makes following its statement against every defence, the fewest on
any normal line (Law 70), the double-dummy result, the award with its Law (70 for a
claim cut, 71 for a concession cancelled, 69A when it stands) and a normal line that
makes only the award, card by card. A claim written in the log is the default.

>>> from pathlib import Path
>>> log = Path("docs/examples/claim-end-position.jsonl").read_text()
>>> verdict = claim_verdict(log, "", "", double_dummy=False)
>>> verdict.claimer, verdict.statement, verdict.check.award, verdict.check.law
(Seat.SOUTH, '3: C', 1, '70')
"""

from __future__ import annotations

import logging
import shlex
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Annotated

from anyio import from_thread
from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import Response

from arbitro.analysis.claims import (
    ClaimCheck,
    ClaimCheckCancelledError,
    ClaimStatement,
    check_claim,
    checker,
)
from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_LOG_CHARACTERS
from arbitro.core.seat import Seat
from arbitro.i18n import N_, get_language, gettext, use_language
from arbitro.table import Phase
from arbitro.table.events import EXAMPLE_DEAL as EXAMPLE
from arbitro.table.events import ClaimEvent
from arbitro.table.log import loads
from arbitro.tournament.claims import double_dummy as dds_tricks
from arbitro.tournament.claims import (
    line_by_trick,
    logged_statement,
    not_applied,
    position_of,
    shown_out,
)
from arbitro.web.pages import Number, get_store, page_language, render, whole_number
from arbitro.web.public_results import deals
from arbitro.web.routes import LazyRoute
from arbitro.web.rulings import RulingInputError, board_log
from arbitro.web.security import DirectorName, require_form_csrf

__all__ = [
    "ClaimVerdict",
    "DirectorLeft",
    "claim_verdict",
    "router",
    "thorough_command",
    "turn_to_search_further",
]

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ClaimVerdict:
    """A claim checked: who claimed, the statement as read, and the checker's findings.

    ``line`` is the normal line that makes only the award, trick by trick; ``warnings``
    what the check could not take into account (a statement it could not read, a
    penalty card or a lead restriction in force); ``stated``, whether the statement's
    line was read (the page shows what following it makes only then).
    """

    claimer: Seat
    statement: str
    check: ClaimCheck
    line: tuple[tuple[tuple[Seat, str], ...], ...]
    warnings: tuple[str, ...] = ()
    stated: bool = True
    """Whether a line was read: a statement the checker could not read gives none (70D)."""

    @property
    def statement_shown(self) -> str:
        """The statement in the active language's words and notation, for the page.

        ``statement`` is the English form the logs keep.
        """
        return ClaimStatement.from_str(self.statement).localized()


def claim_verdict(
    log: str,
    claimer: str,
    statement: str,
    *,
    from_top: bool = True,
    double_dummy: bool = True,
    budget: int | None = None,
    cancelled: Callable[[int], bool] | None = None,
    notation: str = "en",
) -> ClaimVerdict:
    """Check the claim at the end of the table ``log`` (``claimer`` and ``statement``, or the log's claim).

    ``budget`` and ``cancelled``: the checker's
    (:func:`arbitro.analysis.claims.check_claim`; its own budget when None). The typed
    ``statement`` writes suits and cards in ``notation`` (the page's: in Spanish ``C`` is
    hearts); the log's own claim is in English notation, as every log is.

    >>> from pathlib import Path
    >>> log = Path("docs/examples/claim-end-position.jsonl").read_text()
    >>> claim_verdict(log, "S", "most", double_dummy=False)
    Traceback (most recent call last):
    ...
    arbitro.core.claim_statement.InvalidClaimError: invalid claim statement 'most': expected all, concede N or a number of tricks before any ':'
    """
    table = loads(log, source=gettext("the log"))
    if table.contract is None or table.phase in (Phase.AUCTION, Phase.PASSED_OUT):
        raise RulingInputError(N_("the board has no contract yet: there is no play to claim in"))
    logged = next((e for e in reversed(table.events) if isinstance(e, ClaimEvent)), None)
    unread: str | None = None
    if statement.strip():
        read = ClaimStatement.from_str(statement, notation)  # as the director types it
    elif logged is not None:
        read, unread = logged_statement(logged)
    else:
        raise RulingInputError(N_("the log has no claim: type the claim statement"))
    if claimer.strip():
        seat = Seat.from_str(claimer.strip())
    elif logged is not None:
        seat = logged.seat
    else:
        raise RulingInputError(N_("choose the seat of the player who claims"))
    position = position_of(table)
    if position.remaining == 0:
        raise RulingInputError(N_("no tricks are left to claim"))
    check = check_claim(
        position,
        seat,
        read,
        from_top=from_top,
        shown_out=shown_out(table),
        double_dummy=dds_tricks if double_dummy else None,
        declarer=table.declarer,
        budget=budget,
        cancelled=cancelled,
    )
    tricks = tuple(
        tuple((played, card.localized()) for played, card in trick)
        for trick in line_by_trick(check.line, len(position.trick))
    )
    warnings = ([unread] if unread else []) + not_applied(table)
    return ClaimVerdict(seat, read.to_str(), check, tricks, tuple(warnings), unread is None)


def thorough_command(verdict: ClaimVerdict, log_name: str, from_top: bool) -> str:
    """The command that searches ``verdict``'s claim thoroughly, its log saved as ``log_name``.

    For a ruling after the session or on appeal: the claim page points to it, with its
    board's table log to download, when searching further has left the award a range.

    The command names the page's language with ``--lang``, and the seat and the
    statement are written in its words and notation: the command line reads them in
    the language of ``--lang`` (in Spanish ``C`` is hearts), whatever the machine's.

    >>> from pathlib import Path
    >>> log = Path("docs/examples/claim-end-position.jsonl").read_text()
    >>> verdict = claim_verdict(log, "", "", double_dummy=False)
    >>> print(thorough_command(verdict, "board-1.jsonl", from_top=False))
    arbitro claim check board-1.jsonl --lang en --seat S --claim '3: C' --any-card --thorough
    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     print(thorough_command(verdict, "board-1.jsonl", from_top=True))
    arbitro claim check board-1.jsonl --lang es --seat S --claim '3: T' --thorough
    """
    lang = get_language()
    statement = ClaimStatement.from_str(verdict.statement).to_str(lang)
    words = ["arbitro", "claim", "check", log_name, "--lang", lang]
    words += ["--seat", verdict.claimer.to_str(lang), "--claim", statement]
    if not from_top:
        words.append("--any-card")
    words.append("--thorough")
    return shlex.join(words)


class DirectorLeft:
    """Whether the browser that asked for a claim check has gone: a check's ``cancelled``.

    A check searched further takes seconds; when the client that asked drops the
    request and closes its connection, the server stops the check instead of searching
    on for nobody. Called from the worker thread that runs the check (a route handler's
    thread), it asks the server's event loop whether the connection is closed, at most
    every :attr:`INTERVAL` seconds. Headless Chromium closes it when the director goes
    to another page or closes the tab (``tests/test_browser_claim_search_further.py``);
    a browser that kept it open would leave the check to run to its budget, seconds.
    """

    INTERVAL = 0.25
    """Seconds between two looks at the connection."""

    def __init__(self, request: Request) -> None:
        self.request = request
        self.left = False
        self.next = time.monotonic() + self.INTERVAL

    def __call__(self, done: int) -> bool:
        """Whether the connection is closed (as last seen), whatever the work ``done``."""
        now = time.monotonic()
        if not self.left and now >= self.next:
            self.next = now + self.INTERVAL
            self.left = from_thread.run(self.request.is_disconnected)
        return self.left


SEARCHES_FURTHER_AT_ONCE = 1
"""Searches further one server process runs at once; a Director who asks for another
waits for his turn (seconds: a search further ends within about five at 13 cards a
hand). A search further holds up to about half a gigabyte while it runs
(``docs/web-tables.md``): one at a time keeps a process's memory within that."""

_further_turns = threading.BoundedSemaphore(SEARCHES_FURTHER_AT_ONCE)


@contextmanager
def turn_to_search_further(left: Callable[[int], bool]) -> Iterator[None]:
    """Wait for this process's turn to search further (:data:`SEARCHES_FURTHER_AT_ONCE`).

    ``left`` (a :class:`DirectorLeft`) is asked every :attr:`DirectorLeft.INTERVAL`
    seconds while waiting: when the Director has gone, the wait stops with
    :class:`~arbitro.analysis.claims.ClaimCheckCancelledError`, and no search starts.

    >>> with turn_to_search_further(lambda done: False):
    ...     print("searching further")
    searching further
    """
    waited = False
    while not _further_turns.acquire(timeout=DirectorLeft.INTERVAL):
        if not waited:
            waited = True
            _log.info("a search further waits: another is running in this process")
        if left(0):
            raise ClaimCheckCancelledError
    try:
        yield
    finally:
        _further_turns.release()


router = APIRouter(prefix="/director/rulings/claim", include_in_schema=False, route_class=LazyRoute)
"""The claim page (the application includes this)."""

SEATS = ("N", "E", "S", "W")


@router.get("")
def claim_page(
    request: Request, director: DirectorName, event: Number | None = None, board: Number = 1
) -> Response:
    """The claim form: the board (a deal and the play, or a log), the claimer and the statement."""
    store = get_store(request)
    kept = deals(store, event).get(board) if event is not None else None
    return render(
        request,
        "rulings/claim.html",
        events=store.events(),
        event=event,
        board=board,
        deal=str(kept if kept is not None else EXAMPLE),
        steps="",
        log="",
        claimer="",
        statement="",
        seats=SEATS,
        any_card=False,
        further=False,
        times=checker.FURTHER,
        thorough=checker.THOROUGH,
        verdict=None,
        error=None,
    )


@router.post("", dependencies=[Depends(require_form_csrf)])
def claim_check(
    request: Request,
    director: DirectorName,
    board: Annotated[int, Form(ge=1, le=9999)] = 1,
    deal: Annotated[str, Form(max_length=200)] = "",
    steps: Annotated[str, Form(max_length=20000)] = "",
    log: Annotated[str, Form(max_length=MAX_LOG_CHARACTERS)] = "",
    notation: Annotated[str, Form(pattern="^(en|es)?$")] = "",
    event: Annotated[str, Form(max_length=12)] = "",
    claimer: Annotated[str, Form(max_length=2)] = "",
    statement: Annotated[str, Form(max_length=200)] = "",
    any_card: Annotated[str, Form(max_length=4)] = "",
    further: Annotated[str, Form(pattern="^1?$")] = "",
) -> Response:
    """Check the claim and show the verdict (422 with the reason for bad input).

    ``further``: the Director asked to search further, with a budget
    :data:`arbitro.analysis.claims.checker.FURTHER` times the checker's own; an
    undetermined verdict offers it; it waits for its turn when another runs in this
    process (:func:`turn_to_search_further`). A check whose browser has gone stops
    (:class:`DirectorLeft`) and answers 499, the status that says the client closed
    the request (nobody reads it).
    """
    store = get_store(request)
    verdict: ClaimVerdict | None = None
    error: ArbitroError | None = None
    written = ""
    command = ""
    log_name = f"board-{board}.jsonl"  # the board's table log, downloaded from the page
    # The verdict's line, warnings and refusals, and the command, in the page's language.
    with use_language(page_language(request)):
        try:
            written = board_log(
                store, event, board, deal, steps, log, notation or page_language(request)
            )
            budget = checker.further_budget() if further else None
            left = DirectorLeft(request)
            with turn_to_search_further(left) if further else nullcontext():
                _log.debug(
                    "checking a claim: board %s, claimer %r, budget %s", board, claimer, budget
                )
                verdict = claim_verdict(
                    written,
                    claimer,
                    statement,
                    from_top=not any_card,
                    budget=budget,
                    cancelled=left,
                    notation=notation or page_language(request),
                )
            command = thorough_command(verdict, log_name, not any_card)
        except ArbitroError as problem:
            error = problem
        except ClaimCheckCancelledError:
            _log.info(
                "claim check stopped: the browser left (board %s, claimer %r)", board, claimer
            )
            return Response(status_code=499)
    return render(
        request,
        "rulings/claim.html",
        status_code=200 if error is None else 422,
        events=store.events(),
        event=whole_number(event.strip()),
        board=board,
        deal=deal,
        steps=steps,
        notation=notation or page_language(request),
        log=log,
        claimer=claimer,
        statement=statement,
        seats=SEATS,
        any_card=bool(any_card),
        further=bool(further),
        times=checker.FURTHER,
        thorough=checker.THOROUGH,
        verdict=verdict,
        error=error,
        board_log=written if verdict is not None else "",
        log_name=log_name,
        command=command,
    )

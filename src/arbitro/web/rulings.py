r"""The ruling assistant: replay a board up to the irregularity and see what the Laws say.

The director (signed in) types a deal and the board number (dealer and vulnerability
follow Law 2) and the auction and play as they happened, one action a line (``N 1NT``,
``E 1H`` for a call, ``W SA`` for a card, ``face`` when the opening lead is faced), or
pastes a table log (``docs/table-log.md``). The page shows the table as it stands
(:func:`arbitro.table.report.report_lines`) and, when the table waits on a decision, the
Law, who chooses and the options (:attr:`arbitro.table.table.Table.pending`); choosing an
option replays the log with the decision and shows the state after it. An option's value
(a suit, suits, a card or a call) is typed in the page's notation, as the actions are
(:func:`arbitro.web.decision_values.option_value`). The ruling is saved to the board with its log
(:meth:`arbitro.store.rulings.RulingRecords.add_ruling`).

>>> log = table_log(board=1, deal=str(EXAMPLE), steps="N 1NT\nE 1H")
>>> loads(log).pending.law
'27'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, TypeVar

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import Response

from arbitro.core.card import Card
from arbitro.core.errors import ArbitroError, MessageError
from arbitro.core.files import MAX_LOG_CHARACTERS
from arbitro.core.seat import Seat
from arbitro.i18n import N_, gettext, use_language
from arbitro.laws.auction import read_call
from arbitro.store import Store
from arbitro.table.events import EXAMPLE_DEAL as EXAMPLE
from arbitro.table.log import dumps, loads
from arbitro.table.report import report_lines
from arbitro.table.table import Table
from arbitro.tournament.directing import ruling_proposals
from arbitro.tournament.records import Ruling
from arbitro.web.decision_values import option_value, value_hint
from arbitro.web.pages import Number, get_store, page_language, render, whole_number
from arbitro.web.public_results import deals
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, require_form_csrf

_Read = TypeVar("_Read")


class RulingInputError(MessageError):
    """An action line the assistant cannot read; the message names the line.

    >>> print(RulingInputError(N_("line {line}: expected a seat and a call or card, as in {example}"),
    ...                        line=2, example="N 1NT"))
    line 2: expected a seat and a call or card, as in N 1NT
    """


def board_log(
    store: Store, event: str, board: int, deal: str, steps: str, log: str, lang: str = "en"
) -> str:
    """The table log a ruling form describes: the log typed, else the deal and the steps.

    With neither log nor deal, the deal comes from the event the director picked (the
    deals given for it); refused when it has none for that board, or no event is picked.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> number = store.create_event(EventSpec("Club", boards=2))
    >>> board_log(store, str(number), 2, "", "", "")
    Traceback (most recent call last):
    ...
    arbitro.web.rulings.RulingInputError: event 1 has no deal for board 2: type the deal
    """
    kept_in = whole_number(event.strip())
    if not log.strip() and not deal.strip() and kept_in is None:
        # Never a made-up deal: the director rules on the board's cards or types them.
        raise RulingInputError(
            N_("choose the event whose deal of the board is ruled on, or type the deal")
        )
    if not log.strip() and not deal.strip() and kept_in is not None:
        kept = deals(store, kept_in).get(board)
        if kept is None:
            raise RulingInputError(
                N_("event {event} has no deal for board {board}: type the deal"),
                event=event,
                board=board,
            )
        deal = str(kept)
    return log.strip() or table_log(board, deal, steps, lang)


def table_log(board: int, deal: str, steps: str, lang: str = "en") -> str:
    r"""A table log from a board number, a PBN deal and the actions, one a line.

    A line is a seat and a call (``N 1NT``, ``E Pass``, ``S X``) or a card (``W SA``),
    or ``face`` for the faced opening lead; blank lines and ``#`` lines are skipped.
    Seats, calls and cards are read in ``lang``'s notation (in Spanish ``O 1SA``,
    ``E paso``, ``S PA``); the log is written in English notation.

    >>> print(table_log(3, str(EXAMPLE), "S 1C\nface").splitlines()[1])
    {"event": "call", "seat": "S", "call": "1C"}
    >>> print(table_log(3, str(EXAMPLE), "O 1SA\nN PA", lang="es").splitlines()[1:])
    ['{"event": "call", "seat": "W", "call": "1NT"}', '{"event": "play", "seat": "N", "card": "SA"}']
    >>> table_log(3, str(EXAMPLE), "S")
    Traceback (most recent call last):
    ...
    arbitro.web.rulings.RulingInputError: line 1: expected a seat and a call or card, as in N 1NT
    """
    events: list[dict[str, object]] = [{"event": "board", "board": board, "deal": deal.strip()}]
    for number, raw in enumerate(steps.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower() in _FACE:
            events.append({"event": "face_lead"})
            continue
        parts = line.split()
        if len(parts) != 2:
            raise RulingInputError(
                N_("line {line}: expected a seat and a call or card, as in {example}"),
                line=number,
                example=f"{Seat.N.to_str(lang)} {_written_call('1NT', lang)}",
            )
        events.append(_action(number, parts[0], parts[1], lang))
    return "".join(json.dumps(event) + "\n" for event in events)


_FACE = ("face", "face_lead", "descubrir")
"""The words for facing the opening lead, in English and in Spanish."""


def _action(number: int, seat_text: str, action: str, lang: str) -> dict[str, object]:
    """One action line as a log event: the seat and the call or card, in English notation.

    Read in ``lang``'s notation only: ``C`` is clubs in English and hearts in Spanish, so
    nothing is guessed.
    """
    seat = _read(Seat.from_str, seat_text, lang)
    if seat is None:
        raise RulingInputError(
            N_("line {line}: '{seat}' is not a seat: expected one of {seats}"),
            line=number,
            seat=seat_text,
            seats=", ".join(seat.to_str(lang) for seat in Seat),
        )
    call = _read(read_call, action, lang)
    if call is not None:
        return {"event": "call", "seat": seat.to_str(), "call": str(call)}
    card = _read(Card.from_str, action, lang)
    if card is not None:
        return {"event": "play", "seat": seat.to_str(), "card": card.to_str()}
    raise RulingInputError(
        N_("line {line}: '{action}' is neither a call nor a card, as in {examples}"),
        line=number,
        action=action,
        examples=", ".join(
            (
                _written_call("1NT", lang),
                _written_call("Pass", lang),
                Card.from_str("SA").to_str(lang),
            )
        ),
    )


def _written_call(call: str, lang: str) -> str:
    """A call given in English notation, as ``lang``'s notation writes it: ``1NT`` is ``1ST``."""
    return read_call(call, "en").to_str(lang)


def _read(reader: Callable[[str, str], _Read], text: str, lang: str) -> _Read | None:
    try:
        return reader(text, lang)
    except ArbitroError:
        return None


def with_decision(log: str, by: str, choice: str, extra: str = "", lang: str = "en") -> str:
    r"""The log with the answer to its pending decision appended.

    ``extra`` is the value the option chosen needs (a suit, suits, a card or a call),
    typed in ``lang``'s notation and written in the log's, English
    (:func:`~arbitro.web.decision_values.option_value`); an option that needs none takes none.

    >>> table = loads(with_decision(table_log(1, str(EXAMPLE), "N 1NT\nE 1H"), "S", "accept"))
    >>> table.pending is None
    True
    """
    decision: dict[str, object] = {"event": "decision", "by": by, "choice": choice}
    if extra.strip():
        pending = loads(log).pending
        option = pending.option(choice) if pending is not None else None
        if option is not None:
            decision.update(option_value(option, extra, lang))
    return log.rstrip("\n") + "\n" + json.dumps(decision) + "\n"


def _view(table: Table, lang: str) -> dict[str, object]:
    """What the page shows of ``table``; the options' hints in ``lang``'s notation."""
    pending = table.pending
    hints = {
        option.choice: str(value_hint(option, lang))
        for option in (pending.options if pending is not None else ())
        if option.needs
    }
    return {"report": report_lines(table), "pending": pending, "log": dumps(table), "hints": hints}


router = APIRouter(prefix="/director/rulings", include_in_schema=False, route_class=LazyRoute)


@router.get("")
def assistant_page(
    request: Request, director: DirectorName, event: Number | None = None, board: Number = 1
) -> Response:
    """The assistant's form: the board, the deal and the actions, or a pasted log.

    ``?event=N&board=B`` picks the board of an event whose deals were given.
    """
    store = get_store(request)
    kept = deals(store, event).get(board) if event is not None else None
    return render(
        request,
        "rulings/assistant.html",
        events=store.events(),
        event=event,
        board=board,
        kept=str(kept) if kept is not None else "",
        table_number="",
        # Empty: the replay takes the event's deal of the board (never an example's).
        deal="",
        example=str(EXAMPLE),
        applied_law="",
        steps="",
        log="",
        view=None,
        error=None,
        saved=None,
    )


@router.post("", dependencies=[Depends(require_form_csrf)])
def assistant_replay(
    request: Request,
    director: DirectorName,
    board: Annotated[int, Form(ge=1, le=9999)] = 1,
    deal: Annotated[str, Form(max_length=200)] = "",
    steps: Annotated[str, Form(max_length=20000)] = "",
    log: Annotated[str, Form(max_length=MAX_LOG_CHARACTERS)] = "",
    notation: Annotated[str, Form(pattern="^(en|es)?$")] = "",
    event: Annotated[str, Form(max_length=12)] = "",
    table_number: Annotated[str, Form(max_length=12)] = "",
    by: Annotated[str, Form(max_length=12)] = "",
    choice: Annotated[str, Form(max_length=40)] = "",
    extra: Annotated[str, Form(max_length=40)] = "",
    law: Annotated[str, Form(max_length=20)] = "",
    text: Annotated[str, Form(max_length=2000)] = "",
    save: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Replay (with a decision, if one was chosen) and show the Laws' answer; or save the ruling.

    Everything is read in ``notation`` (else the page's language) and told in the page's
    language. A decision refused (its value unread, or refused by the table) shows the
    decision again, with the value as typed.
    """
    store = get_store(request)
    language = page_language(request)
    lang = notation or language
    view: dict[str, object] | None = None
    error: ArbitroError | None = None
    saved: int | None = None
    proposals: list[str] = []
    applied_law = law
    asked: Table | None = None  # the decision asked, while its answer is being read
    with use_language(language):  # the table's account and its refusals, in the page's language
        try:
            written = board_log(store, event, board, deal, steps, log, lang)
            table = loads(written, source=gettext("the log"))
            if choice:
                asked = table
                applied_law = _applied_law(written, choice)
                written = with_decision(written, by, choice, extra, lang)
                table = loads(written, source=gettext("the log"))
                asked = None
            view = _view(table, lang)
            if save:
                saving = whole_number(event.strip())
                if saving is None:
                    raise RulingInputError(N_("choose the event the ruling is saved to"))
                recorded = Ruling(
                    table.number or board,
                    whole_number(table_number.strip()),
                    law,
                    text,
                    director,
                    written,
                )
                saved = store.add_ruling(saving, recorded)
                # The AEB's criteria 1, 2 and 6: the penalty the ruling makes due.
                proposals = ruling_proposals(recorded, store.event(saving).spec.profile)
        except ArbitroError as problem:
            error = problem
            if asked is not None:
                view = _view(asked, lang)
    return render(
        request,
        "rulings/assistant.html",
        status_code=200 if error is None else 422,
        events=store.events(),
        event=whole_number(event.strip()),
        board=board,
        table_number=table_number,
        deal=deal,
        steps=steps,
        notation=lang,
        log=view["log"] if view is not None else log,
        view=view,
        error=error,
        saved=saved,
        proposals=proposals,
        example=str(EXAMPLE),
        applied_law=applied_law,
        # The answer refused, as typed, in the form of its option.
        typed={"choice": choice, "extra": extra} if asked is not None else None,
    )


def _applied_law(log: str, choice: str) -> str:
    r"""The Law of the option ``choice`` of the log's pending decision: the ruling being made.

    >>> _applied_law(table_log(1, str(EXAMPLE), "N 1NT\nE 1H"), "accept")
    '27A1'
    """
    pending = loads(log).pending
    if pending is None:
        return ""
    option = pending.option(choice)
    return option.law if option is not None and option.law else pending.law

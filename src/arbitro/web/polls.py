"""The player poll in the web console: the consultation of Law 16B1 (the AEB's criterion).

The director (signed in) opens a poll for a board at ``/director/polls?event=N``: the
seat, the action taken, the alternatives to ask about, and the hand and auction as the
players are to see them (without the unauthorised information). Each poll's page gives
a link for the players, ``/poll/<token>``, where the token is signed with the
installation's secret and names the event and the poll's number only. A player opens
the link (no sign-in), gives a name, the action chosen and the others seriously
considered. The director sees how many considered and chose each action
(:meth:`arbitro.tournament.poll.Poll.shares`); the names are on the director's pages
only. A poll that served a ruling takes no more answers.

>>> token = poll_token("k" * 64, 3, 12)
>>> read_poll_token("k" * 64, token)
(3, 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import RedirectResponse, Response
from itsdangerous import BadSignature, URLSafeSerializer

from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Seat
from arbitro.i18n import N_, gettext, use_language
from arbitro.store import Store
from arbitro.tournament.poll import Poll, PollAnswer, action_label, read_action
from arbitro.web.pages import (
    Number,
    RefusedRequestError,
    error_status,
    get_store,
    page_language,
    render,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, app_secret, require_form_csrf

__all__ = ["OpenPoll", "event_polls", "poll_token", "read_poll_token", "router"]

_SALT = "arbitro-poll"
SEATS = ("N", "E", "S", "W")


def poll_token(secret: str, event: int, number: int) -> str:
    """The signed token of the players' link to poll ``number`` of ``event``.

    >>> poll_token("k" * 64, 1, 2) == poll_token("k" * 64, 1, 2) != poll_token("k" * 64, 1, 3)
    True
    """
    return URLSafeSerializer(secret, salt=_SALT).dumps([event, number])


def read_poll_token(secret: str, token: str) -> tuple[int, int]:
    """The event and poll a token names; 404 when it was not signed here.

    >>> read_poll_token("k" * 64, poll_token("x" * 64, 1, 2))
    Traceback (most recent call last):
    ...
    arbitro.web.error_answers.RefusedRequestError: this poll link is not valid: ask the director for the link again
    """
    try:
        data = URLSafeSerializer(secret, salt=_SALT).loads(token)
    except BadSignature:
        data = None
    if (
        not isinstance(data, list)
        or len(data) != 2
        or not all(isinstance(item, int) and not isinstance(item, bool) for item in data)
    ):
        raise RefusedRequestError(
            N_("this poll link is not valid: ask the director for the link again"), 404
        )
    return data[0], data[1]


@dataclass(frozen=True)
class OpenPoll:
    """A poll of the event as the director sees it: its number, whether a ruling used it.

    >>> OpenPoll(4, Poll(2, Seat.NORTH, "6C"), served=False).poll.taken
    '6C'
    """

    number: int
    poll: Poll
    served: bool


def event_polls(store: Store, event: int) -> list[OpenPoll]:
    """The event's polls, oldest first, with their answers.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=8))
    >>> number = store.open_poll(event, Poll(7, Seat.NORTH, "6C"))
    >>> [(item.number == number, item.poll.board, item.served) for item in event_polls(store, event)]
    [(True, 7, False)]
    """
    return [
        OpenPoll(number, store.load_poll(event, number), used)
        for number, used in store.event_poll_numbers(event)
    ]


def _one_poll(store: Store, event: int, number: int) -> OpenPoll:
    """Poll ``number`` of ``event``; 404 when there is none."""
    for item in event_polls(store, event):
        if item.number == number:
            return item
    raise RefusedRequestError(N_("there is no poll {number} in this event"), 404, number=number)


def _actions(text: str, lang: str) -> tuple[str, ...]:
    """The actions of a comma- or space-separated list, each read as the poll reads it."""
    found: list[str] = []
    for part in text.replace(",", " ").split():
        action = read_action(part, lang)
        if action not in found:
            found.append(action)
    return tuple(found)


_EMPTY = {"name": "", "chosen": "", "considered": ""}

router = APIRouter(include_in_schema=False, route_class=LazyRoute)
"""The poll pages (the application includes this)."""


def _director_page(
    request: Request,
    store: Store,
    event: int,
    form: dict[str, str],
    error: ArbitroError | None = None,
) -> Response:
    return render(
        request,
        "polls/list.html",
        status_code=200 if error is None else error_status(error),
        info=store.event(event),
        event=event,
        polls=event_polls(store, event),
        form=form,
        seats=SEATS,
        error=error,
        flash=None,
    )


@router.get("/director/polls")
def polls_page(request: Request, director: DirectorName, event: Number) -> Response:
    """The event's polls with their shares (counts only), and the form to open one."""
    form = dict.fromkeys(("taken", "alternatives", "hand", "auction", "question"), "")
    return _director_page(request, get_store(request), event, {**form, "seat": "N", "board": "1"})


@router.post("/director/polls", dependencies=[Depends(require_form_csrf)])
def polls_open(
    request: Request,
    director: DirectorName,
    event: Annotated[Number, Form()],
    board: Annotated[int, Form(ge=1, le=9999)],
    seat: Annotated[str, Form(max_length=2)],
    taken: Annotated[str, Form(max_length=20)],
    alternatives: Annotated[str, Form(max_length=200)] = "",
    hand: Annotated[str, Form(max_length=2000)] = "",
    auction: Annotated[str, Form(max_length=2000)] = "",
    question: Annotated[str, Form(max_length=2000)] = "",
) -> Response:
    """Open a poll for a board and go to its page (422 with the reason for bad input)."""
    store = get_store(request)
    form = {
        "board": str(board),
        "seat": seat,
        "taken": taken,
        "alternatives": alternatives,
        "hand": hand,
        "auction": auction,
        "question": question,
    }
    try:
        lang = page_language(request)
        action = read_action(taken, lang)
        options = tuple(dict.fromkeys((action, *_actions(alternatives, lang))))
        if len(options) < 2:
            raise RefusedRequestError(
                N_("give at least one alternative to the action taken, as in Pass, 6C"), 422
            )
        with use_language(lang):
            # With the suits' symbols: the players may read another language than the
            # director's (C is clubs in English, hearts in Spanish).
            offered = gettext(N_("Actions to consider: {actions}")).format(
                actions=", ".join(action_label(option, lang) for option in sorted(options))
            )
        text = "\n".join(
            part.strip() for part in (hand, auction, question, offered) if part.strip()
        )
        number = store.open_poll(event, Poll(board, Seat.from_str(seat), action, text))
    except ArbitroError as problem:
        return _director_page(request, store, event, form, problem)
    return RedirectResponse(f"/director/polls/{number}?event={event}", status_code=303)


@router.get("/director/polls/{number}")
def poll_page(request: Request, director: DirectorName, number: Number, event: Number) -> Response:
    """One poll for the director: the players' link, the shares, and who answered what."""
    try:
        item = _one_poll(get_store(request), event, number)
    except RefusedRequestError as problem:
        return _refused(request, problem)
    link = str(request.url_for("player_page", token=poll_token(app_secret(request), event, number)))
    return render(request, "polls/poll.html", event=event, item=item, link=link, flash=None)


def _refused(request: Request, error: RefusedRequestError) -> Response:
    """The error page for a refused link, with the error's own status."""
    with use_language(page_language(request)):
        message = str(error)
    return render(
        request, "error.html", status_code=error.status, message=message, code=error.status
    )


def _player_page(
    request: Request,
    token: str,
    poll: Poll,
    form: dict[str, str],
    error: ArbitroError | None = None,
    done: bool = False,
) -> Response:
    return render(
        request,
        "polls/answer.html",
        status_code=200 if error is None else error_status(error),
        token=token,
        poll=poll,
        form=form,
        error=error,
        done=done,
    )


@router.get("/poll/{token}", name="player_page")
def player_page(request: Request, token: str) -> Response:
    """The players' page: the problem and the form (no sign-in; 404 for a bad link)."""
    try:
        event, number = read_poll_token(app_secret(request), token)
        item = _one_poll(get_store(request), event, number)
    except RefusedRequestError as problem:
        return _refused(request, problem)
    return _player_page(request, token, item.poll, _EMPTY)


@router.post("/poll/{token}", dependencies=[Depends(require_form_csrf)])
def player_answer(
    request: Request,
    token: str,
    name: Annotated[str, Form(max_length=100)] = "",
    chosen: Annotated[str, Form(max_length=20)] = "",
    considered: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Record a player's answer: 404 bad link, 409 answered already or poll closed, 422 bad input."""
    store = get_store(request)
    try:
        event, number = read_poll_token(app_secret(request), token)
        item = _one_poll(store, event, number)
    except RefusedRequestError as problem:
        return _refused(request, problem)
    form = {"name": name, "chosen": chosen, "considered": considered}
    try:
        if item.served:
            raise RefusedRequestError(
                N_("this poll has served a ruling already and takes no more answers"), 409
            )
        if not name.strip():
            raise RefusedRequestError(N_("give your name (only the director sees it)"), 422)
        if any(answer.respondent == name.strip() for answer in item.poll.answers):
            raise RefusedRequestError(
                N_("{name} has answered this poll already: each player answers once"),
                409,
                name=name.strip(),
            )
        lang = page_language(request)
        answer = PollAnswer(name, read_action(chosen, lang), _actions(considered, lang))
        store.add_poll_answer(event, number, answer)
    except ArbitroError as problem:
        return _player_page(request, token, item.poll, form, problem)
    return _player_page(request, token, item.poll, _EMPTY, done=True)

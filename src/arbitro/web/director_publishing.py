"""The desk's publication of the results: publishing, the tables' ranking, reopening.

Publishing starts the correction period (Law 79C); the tables' pages may show the
provisional ranking meanwhile; locked results are reopened by Law 79C2.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import Response

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext, use_language
from arbitro.tournament.records import law_79c2_reason
from arbitro.tournament.reopening import LONGEST, board_numbers, named_boards, reopened_text
from arbitro.web.director import event_url
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    describe_route,
    page_language,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf
from arbitro.web.sign_in import acted, done, refused

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""Publishing, the tables' ranking, reopening."""

Csrf = Depends(require_form_csrf)


@router.post("/events/{event}/publish", dependencies=[Csrf])
def publish(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    anyway: Annotated[bool, Form()] = False,
) -> Response:
    """Publish the official results: the correction period (Law 79C) starts.

    With a round still open for entry at the tables, or a result missing, it asks first:
    the desk says what is still to come and publishes only when the director confirms
    (``anyway``).

    >>> describe_route(router, publish)
    'POST /director/events/{event}/publish'
    """
    if not anyway and store.results_to_come(event):
        return done(
            request,
            N_("Results are still to come: nothing is published until you confirm below."),
            f"{event_url(event, 'ranking')}&publishing=1#publishing",
        )
    return acted(
        request,
        lambda: store.publish(event, by=director),
        N_("Results published."),
        event_url(event, "ranking"),
    )


@router.post("/events/{event}/tables-ranking", dependencies=[Csrf])
def tables_ranking(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    allow: Annotated[str, Form(max_length=5)] = "",
) -> Response:
    """Let the tables' pages show the provisional ranking (``allow``), or stop it; off by default.

    >>> describe_route(router, tables_ranking)
    'POST /director/events/{event}/tables-ranking'
    """
    store.event(event)  # an event that is not there is refused, not switched on
    store.show_ranking_at_tables(event, bool(allow))
    message = (
        N_("The tables now show the provisional ranking.")
        if allow
        else N_("The tables no longer show the ranking.")
    )
    return done(request, message, event_url(event, "ranking"))


@router.post("/events/{event}/reopen", dependencies=[Csrf])
def reopen(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    reason: Annotated[str, Form(max_length=500)] = "",
    organiser: Annotated[str, Form(max_length=100)] = "",
    boards: Annotated[str, Form(max_length=LONGEST)] = "",
    all_boards: Annotated[str, Form(max_length=5)] = "",
) -> Response:
    """Reopen the boards of locked results whose score is wrong (Law 79C2): the director and the organiser.

    ``boards`` names them as ``6``, ``3, 7`` or ``5-8``; ``all_boards`` reopens every
    board instead. Until the results are published again only those may change.

    >>> describe_route(router, reopen)
    'POST /director/events/{event}/reopen'
    """
    reason_typed = reason
    try:
        if reason.strip():
            reason = law_79c2_reason(reason, director, organiser)
        with use_language(page_language(request)):
            field, every = gettext("Boards to reopen"), gettext("Every board")
        chosen = named_boards(board_numbers(boards), bool(all_boards), field, every)
        info = store.reopen(event, reason, by=director, boards=chosen)
    except ArbitroError as error:
        # Back to the form as typed: the director corrects the field the message names.
        typed = {"boards": boards, "all_boards": all_boards, "reason": reason_typed,
                 "organiser": organiser}  # fmt: skip
        return refused(request, error, event_url(event, "ranking"), typed={"reopen": typed})
    with use_language(page_language(request)):
        shown = reopened_text(info.reopened_boards)
    return done(
        request, N_("Results reopened for {boards}."), event_url(event, "ranking"), boards=shown
    )

"""The pairs' convention cards in the web console, for the misinformation worksheet.

At ``/director/agreements?event=N`` the director keeps each pair's card: its system
and its agreements, one a line, as
:meth:`arbitro.table.agreements.ConventionCard.from_text` reads them
(``1NT Pass 2C: Stayman (alert)``; in the page's notation, so ``1SA paso 2T: Stayman
(alerta)`` on a Spanish page). A line that cannot be read is refused with its number
and nothing is kept; an empty card removes the pair's card. The worksheet of a
misinformation case (:mod:`arbitro.web.cases`) consults the card of the offending pair.

>>> router.routes[0].path
'/director/agreements'
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import RedirectResponse, Response

from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_CARD_CHARACTERS
from arbitro.store import Store
from arbitro.table.agreements import ConventionCard, write_auction
from arbitro.web.pages import Number, error_status, get_store, page_language, render
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, require_form_csrf

__all__ = ["router"]

router = APIRouter(include_in_schema=False, route_class=LazyRoute)
"""The convention cards' pages (the application includes this)."""


def _page(
    request: Request,
    store: Store,
    event: int,
    form: dict[str, str],
    error: ArbitroError | None = None,
) -> Response:
    lang = page_language(request)
    cards = [
        (card, [(write_auction(a.auction, lang), a.meaning, a.alert) for a in card.agreements])
        for card in store.convention_cards(event)
    ]
    return render(
        request,
        "cases/agreements.html",
        status_code=200 if error is None else error_status(error),
        info=store.event(event),
        event=event,
        cards=cards,
        participants=store.participants(event),
        form=form,
        error=error,
        flash=None,
    )


@router.get("/director/agreements")
def agreements_page(
    request: Request, director: DirectorName, event: Number, pair: str = ""
) -> Response:
    """The event's convention cards, and the form to keep one (``pair``'s, if given)."""
    store = get_store(request)
    store.event(event)
    lang = page_language(request)
    kept = {card.pair: card.to_text(lang) for card in store.convention_cards(event)}
    return _page(request, store, event, {"pair": pair, "text": kept.get(pair, "")})


@router.post("/director/agreements", dependencies=[Depends(require_form_csrf)])
def agreements_keep(
    request: Request,
    director: DirectorName,
    event: Annotated[Number, Form()],
    pair: Annotated[str, Form(min_length=1, max_length=20)],
    text: Annotated[str, Form(max_length=MAX_CARD_CHARACTERS)] = "",
) -> Response:
    """Keep a pair's card and go back to the list (422 naming the line for a bad card)."""
    store = get_store(request)
    form = {"pair": pair.strip(), "text": text}
    try:
        card = ConventionCard.from_text(pair.strip(), text, page_language(request))
        store.keep_convention_card(event, card)
    except ArbitroError as problem:
        return _page(request, store, event, form, problem)
    return RedirectResponse(
        f"/director/agreements?event={event}#card-{pair.strip()}", status_code=303
    )

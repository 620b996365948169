"""Pages rendered from the console's templates, in the page's language.

A router renders a page with :func:`render`; the application keeps the templates
(:func:`make_templates`) on ``app.state`` (see :func:`arbitro.web.app.create_app`).
"""

from __future__ import annotations

from dataclasses import dataclass

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse, Response

import arbitro
from arbitro.i18n import LANGUAGES, Language, gettext, ngettext, use_language
from arbitro.web.csrf import csrf_token
from arbitro.web.dates import clock, day_written
from arbitro.web.deps import LANGUAGE_COOKIE, choose_language
from arbitro.web.figures import number_filter, number_label, penalty_amount
from arbitro.web.labels import (
    movement_label,
    pair_label,
    poll_action,
    score_shown,
    scoring_label,
    seat_label,
    strain_label,
    written,
)
from arbitro.web.sessions import signed_in_director


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
    environment.filters["number"] = number_filter
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

"""A desk page asked for with nobody signed in is sent to sign in before its router is imported.

A director's bookmark of the desk (``/director/``) is often the first request of a
server started for the evening. Every desk page needs a director
(``require_director``), so with nobody signed in its answer is the way to the sign-in
page whatever the page: :class:`~arbitro.web.sessions.SignInFirst` gives it ahead of the
desk's routers, without importing them (and the store's classes and SQLAlchemy with
them; issue 26: ``arbitro serve``'s first answer). These tests hold that the answer is
the one the routes give, that every page it stands in front of needs a director, and
that the pages nobody signed in may see are still served. No time is measured
(``benchmarks/bench_serve.py`` does).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.web import create_app
from arbitro.web.routes import LazyRoute, every_route
from arbitro.web.security import SignInFirst, require_director
from test_cli_startup import run_python

pytest_plugins = ("web_director",)  # the store and director fixtures


def _dependencies(dependant: Dependant) -> set[Callable[..., Any] | None]:
    """Every callable ``dependant`` depends on, at any depth."""
    found = {dependant.call}
    for inner in dependant.dependencies:
        found |= _dependencies(inner)
    return found


def test_a_desk_bookmark_with_nobody_signed_in_goes_to_sign_in_without_importing_the_desk(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'event.db'}"
    answered = run_python(
        "import json, sys\n"
        "from fastapi.testclient import TestClient\n"
        "from arbitro.store import open_store\n"
        "from arbitro.web import create_app\n"
        f"client = TestClient(create_app(open_store({url!r})))\n"
        "desk = client.get('/director/', follow_redirects=False)\n"
        "deep = client.get('/director/events/3/results?lang=es', follow_redirects=False)\n"
        "imported = sorted(m for m in sys.modules if m.startswith('arbitro.web.director'))\n"
        "followed = client.get('/director/')\n"
        "print(json.dumps([desk.status_code, desk.headers['location'],\n"
        "                  deep.headers['location'], imported, followed.status_code,\n"
        "                  followed.url.path]))"
    )
    status, location, deep, imported, followed, path = json.loads(answered.splitlines()[-1])
    assert (status, location) == (303, "/director/sign-in?next=/director/")
    assert deep == "/director/sign-in?next=/director/events/3/results?lang=es"
    assert imported == []  # neither the desk's router nor the AEB's
    # The database has no director yet: the sign-in page sends on to the first one's set-up.
    assert (followed, path) == (200, "/director/setup")


def test_every_desk_page_behind_sign_in_first_needs_a_director() -> None:
    """Past :class:`SignInFirst`, every route under its prefix that a GET reaches needs a
    director: sending such a GET to sign in is what the route would do. A page that nobody
    signed in may see goes in a router ahead of it (``app.SIGNED_IN_FROM``)."""
    routes = create_app().router.routes
    first = next(index for index, route in enumerate(routes) if isinstance(route, SignInFirst))
    guard = routes[first]
    assert isinstance(guard, SignInFirst)
    behind = [
        route
        for route in every_route(routes[first + 1 :])
        if isinstance(route, APIRoute)
        and route.path.startswith(guard.prefix)
        and bool((route.methods or set()) & {"GET", "HEAD"})
    ]
    assert len(behind) > 15  # the desk, the events, the rulings, ...
    for route in behind:
        if isinstance(route, LazyRoute):
            route.build()
        assert require_director in _dependencies(route.dependant), route.path
    ahead = {
        route.path
        for route in every_route(routes[:first])
        if isinstance(route, APIRoute) and route.path.startswith(guard.prefix)
    }
    assert {"/director/sign-in", "/director/setup", "/director/table/players"} <= ahead


def test_pages_nobody_signed_in_may_see_are_still_served(store: Store) -> None:
    client = TestClient(create_app(store))
    assert client.get("/director/sign-in").status_code == 200
    # The table shown to its players refuses a visitor itself, with its own reason.
    players = client.get("/director/table/players?event=1&board=1", follow_redirects=False)
    assert players.status_code == 403
    assert "table card" in players.text


def test_a_signed_in_director_reaches_the_desk_and_other_methods_go_to_the_routes(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    desk = client.get("/director/", follow_redirects=False)
    assert desk.status_code == 200
    assert "/director/sign-in" not in desk.headers.get("location", "")
    # A POST with nobody signed in is refused by the route as before, not sent on here.
    visitor = TestClient(create_app(store))
    posted = visitor.post("/director/events", data={"name": "x"}, follow_redirects=False)
    unguarded = TestClient(create_app(store))
    unguarded.app.router.routes[:] = [  # type: ignore[attr-defined]
        route
        for route in unguarded.app.router.routes  # type: ignore[attr-defined]
        if not isinstance(route, SignInFirst)
    ]
    before = unguarded.post("/director/events", data={"name": "x"}, follow_redirects=False)
    assert (posted.status_code, posted.headers.get("location")) == (
        before.status_code,
        before.headers.get("location"),
    )

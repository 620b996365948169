"""The console's routers are imported, and its routes built, when first used; then they serve as before.

``arbitro serve`` once spent half its start making the validators of every route, and
most of the rest importing every router's module (issue 26).
:class:`~arbitro.web.routes.LazyRoute` keeps a route's validators for its first use,
and :class:`~arbitro.web.routes.LazyRouter` a router's module for the first request
that may reach it, by the path prefixes :data:`~arbitro.web.app.ROUTERS` gives. These
tests hold that nothing is built or imported at start beyond what the first page
needs, that the prefixes cover each router's real paths, that a request reaches the
same route as when every router was included up front, and that every route, once
built, is the route FastAPI would have built when it was declared. No time is
measured (``make bench`` does, in ``bench_serve``).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Match
from starlette.types import Scope

import arbitro.web
from arbitro.web import create_app
from arbitro.web.app import HTTP_METHODS, ROUTERS
from arbitro.web.routes import EXAMPLES, LazyRoute, LazyRouter
from arbitro.web.security import SignInFirst
from test_cli_startup import run_python


def test_the_console_builds_no_route_when_it_is_made_and_one_for_a_request(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'event.db'}"
    built = run_python(
        "import json\n"
        "from fastapi.testclient import TestClient\n"
        "from arbitro.store import open_store\n"
        "from arbitro.web import create_app\n"
        "from arbitro.web.routes import LazyRoute\n"
        f"app = create_app(open_store({url!r}))\n"
        "routes = [r for r in app.routes if isinstance(r, LazyRoute)]\n"
        "before = sum(r.built for r in routes)\n"
        "status = TestClient(app).get('/director/sign-in').status_code\n"
        "after = sorted(r.path for r in routes if r.built)\n"
        "print(json.dumps([len(routes), before, status, after]))"
    )
    routes, before, status, after = json.loads(built.splitlines()[-1])
    assert routes > 100
    assert before == 0
    assert status == 200
    # A database without directors sends the sign-in page on to the first director's set-up.
    assert after == ["/director/setup", "/director/sign-in"]


def test_every_route_once_built_is_the_route_fastapi_declares() -> None:
    """Each route, built, equals an :class:`APIRoute` made from the same declaration:
    a mistake in a route's signature still shows here, as it did at import."""
    app = create_app()
    routes = [route for route in app.routes if isinstance(route, LazyRoute)]
    assert len(routes) > 100
    for route in routes:
        path, endpoint, options = route.declared
        eager = APIRoute(path, endpoint, **options)
        assert route.status_code == eager.status_code, path
        assert route.methods == eager.methods, path
        assert route.name == eager.name, path
        assert route.path_format == eager.path_format, path
        assert route.include_in_schema == eager.include_in_schema, path
        assert route.description == eager.description.split(EXAMPLES, 1)[0], path
        assert [param.name for param in route.dependant.query_params] == [
            param.name for param in eager.dependant.query_params
        ], path
        assert [param.name for param in route.dependant.path_params] == [
            param.name for param in eager.dependant.path_params
        ], path
        assert (route.body_field is None) == (eager.body_field is None), path
        assert (route.response_field is None) == (eager.response_field is None), path
        assert route.built


def test_the_openapi_descriptions_leave_out_the_docstrings_examples() -> None:
    paths = create_app().openapi()["paths"]
    descriptions = [
        operation.get("description", "")
        for operations in paths.values()
        for operation in operations.values()
    ]
    assert descriptions
    assert not [text for text in descriptions if ">>>" in text]


def test_every_route_of_the_console_is_built_on_first_use() -> None:
    """A router declared without ``route_class=LazyRoute`` would build its routes at start."""
    eager = [
        route.path
        for route in create_app().routes
        if isinstance(route, APIRoute) and not isinstance(route, LazyRoute)
    ]
    assert eager == []


def _router(module: str, name: str) -> APIRouter:
    router = getattr(importlib.import_module(module), name)
    assert isinstance(router, APIRouter), (module, name)
    return router


@pytest.mark.parametrize(("module", "name", "prefixes"), ROUTERS)
def test_each_routers_prefixes_cover_its_paths(
    module: str, name: str, prefixes: tuple[str, ...]
) -> None:
    """A path a route matches starts with its fixed part (up to its first parameter):
    that part must start with one of the router's prefixes, or a request for the
    route would never import its module."""
    routes = _router(module, name).routes
    assert routes
    for route in routes:
        assert isinstance(route, LazyRoute)
        fixed = route.path.split("{", 1)[0]
        assert fixed.startswith(prefixes), (module, route.path, prefixes)


def test_every_router_of_the_console_is_in_the_table() -> None:
    """A module of ``arbitro.web`` with a router of :class:`LazyRoute`: listed in ``ROUTERS``
    (else its pages would not be served), each once."""
    found = set()
    for info in pkgutil.iter_modules(arbitro.web.__path__):
        module = importlib.import_module(f"arbitro.web.{info.name}")
        for name, value in vars(module).items():
            declared_here = isinstance(value, APIRouter) and [
                route
                for route in value.routes
                if isinstance(route, LazyRoute) and route.endpoint.__module__ == module.__name__
            ]
            if declared_here:
                found.add((module.__name__, name))
    listed = [(module, name) for module, name, _ in ROUTERS]
    assert len(listed) == len(set(listed))
    assert found == set(listed)


def _sample_paths(route: APIRoute) -> list[str]:
    """Paths the route matches (each parameter a number, or a word), with and without a final slash."""
    paths = []
    for value in ("1", "x"):
        path = route.path
        for parameter in route.param_convertors:
            path = path.replace("{" + parameter + "}", value)
        paths += [path, path.rstrip("/") if path.endswith("/") else path + "/"]
    return paths


def _chosen(routes: list[BaseRoute], scope: Scope) -> tuple[str, object]:
    """What the application's router picks for ``scope``: the first full match, else the
    first partial one (a 405), as the endpoint it calls."""
    partial = None
    for route in routes:
        match, child_scope = route.matches(scope)
        if match is Match.FULL:
            return "full", child_scope["endpoint"]
        if match is Match.PARTIAL and partial is None:
            partial = child_scope["endpoint"]
    return ("partial", partial) if partial is not None else ("none", None)


def test_a_request_reaches_the_route_it_reached_with_every_router_included_up_front() -> None:
    """For each method and a path of every route (and the path with its final slash
    changed, which the router tries for a redirect), the routers imported on first use
    pick the same endpoint as the console's routes all listed in order, as it was. A
    director is signed in: with nobody, a desk page's GET is sent to sign in ahead of
    them all (``tests/test_web_sign_in_first.py``)."""
    lazy = create_app().router.routes
    assert any(isinstance(route, LazyRouter) for route in lazy)
    eager: list[BaseRoute] = [
        route for route in lazy if not isinstance(route, LazyRouter | SignInFirst)
    ]
    eager += [route for module, name, _ in ROUTERS for route in _router(module, name).routes]
    paths = sorted(
        {path for route in eager if isinstance(route, APIRoute) for path in _sample_paths(route)}
    )
    assert len(paths) > 100
    for path in [*paths, "/director", "/poll", "/api", "/nothing/here"]:
        for method in HTTP_METHODS:
            scope: Scope = {
                "type": "http",
                "path": path,
                "root_path": "",
                "method": method,
                "session": {"director": "ana"},
            }
            assert _chosen(lazy, scope) == _chosen(eager, scope), (method, path)


def test_a_route_of_a_router_imported_on_first_use_is_found_by_name() -> None:
    app = create_app()
    assert app.url_path_for("player_page", token="abc") == "/poll/abc"
    assert app.url_path_for("desk") == "/director/"


def test_the_schema_lists_the_routes_of_every_router() -> None:
    """The OpenAPI schema reads ``app.routes``: every route, each router's module imported."""
    app = create_app()
    assert isinstance(app, FastAPI)
    paths = app.openapi()["paths"]
    assert "/api/tables/sign-in" in paths
    assert "/api/results/{event}" in paths
    assert "/api/events/{event_id}/ranking" in paths

"""The console's routes are built when first used, and then serve as FastAPI builds them.

``arbitro serve`` once spent half its start making the validators of every route
(issue 26). :class:`~arbitro.web.routes.LazyRoute` keeps them for a route's first
use; these tests hold that nothing is built at start, that a request builds only the
route it reaches, and that every route, once built, is the route FastAPI would have
built when it was declared. No time is measured (``make bench`` does, in ``bench_serve``).
"""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.routing import APIRoute

from arbitro.web import create_app
from arbitro.web.routes import EXAMPLES, LazyRoute
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

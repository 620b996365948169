"""The console's routes: each router imported, and each route built, when first used.

FastAPI builds a route when it is declared: it reads the endpoint's signature and
makes a pydantic validator for each parameter, dependency and answer. For the
console's 120-odd routes that was half of ``arbitro serve``'s start (issue 26).
:class:`LazyRoute` keeps what matching a request needs (the path's pattern, the
methods, the name) and builds the rest the first time anything else is read: when
the route answers its first request, or the OpenAPI schema reads it. What it then
builds is FastAPI's own route, unchanged, so a route answers as it always did.

:class:`LazyRouter` goes one step further back: it stands in the application's
routes for a whole router of the console, named by its module, and imports that
module the first time a request's path starts with one of the router's path
prefixes (which a test holds to the router's real paths). A server's first page
then imports only the modules of the routers it may reach.

>>> from fastapi import APIRouter
>>> router = APIRouter(route_class=LazyRoute)
>>> @router.get("/boards/{number}")
... def board(number: int) -> dict[str, int]:
...     '''One board.
...
...     >>> board(7)
...     {'number': 7}
...     '''
...     return {"number": number}
>>> route = router.routes[0]
>>> route.matches({"type": "http", "path": "/boards/7", "method": "GET"})[0].name, route.built
('FULL', False)
>>> route.description, route.built
('One board.', True)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from fastapi.routing import APIRoute
from starlette._utils import get_route_path  # the path a route matches (root_path taken off)
from starlette.datastructures import URLPath
from starlette.routing import BaseRoute, Match, NoMatchFound, compile_path, get_name
from starlette.types import Receive, Scope, Send

_BUILDING = threading.RLock()
"""Held while a route is built: the server's threads may first use the same route at once."""

EXAMPLES = "\n\n>>>"
"""Where a docstring's examples start: kept out of the OpenAPI descriptions."""


class LazyRoute(APIRoute):
    """A FastAPI route that builds its validation when first used (``route_class`` of a router).

    The path's pattern, parameters' converters, methods, name, endpoint and whether
    it is in the schema are set at once, as FastAPI sets them, so that matching a
    request, ``url_for`` and the 405 answer's ``Allow`` build nothing. Any other
    attribute builds the route first (:attr:`built`). The description leaves out the
    docstring's ``>>>`` examples. ``declared`` keeps the path, endpoint and options
    the router gave, as FastAPI's :class:`APIRoute` takes them.
    """

    def __init__(self, path: str, endpoint: Any, **options: Any) -> None:
        self.built = False
        self._builder: int | None = None
        self.declared = (path, endpoint, options)
        self.path = path
        self.endpoint = endpoint
        name = options.get("name")
        self.name = get_name(endpoint) if name is None else name
        self.path_regex, self.path_format, self.param_convertors = compile_path(path)
        methods = options.get("methods") or ["GET"]
        self.methods = {method.upper() for method in methods}
        self.include_in_schema = options.get("include_in_schema", True)

    def build(self) -> None:
        """Build the route as FastAPI declares it (once; a second call does nothing).

        >>> from fastapi import APIRouter
        >>> router = APIRouter(route_class=LazyRoute)
        >>> @router.post("/x", status_code=201)
        ... def x() -> None: ...
        >>> router.routes[0].build(); router.routes[0].status_code
        201
        """
        with _BUILDING:
            if self.built:
                return
            path, endpoint, options = self.declared
            self._builder = threading.get_ident()
            try:
                APIRoute.__init__(self, path, endpoint, **options)
            finally:
                self._builder = None
            self.description = self.description.split(EXAMPLES, 1)[0]
            self.built = True

    def __getattr__(self, name: str) -> Any:
        # Only for what is not set yet: the parts FastAPI builds.
        state = self.__dict__
        if (
            name.startswith("__")
            or state.get("built", True)  # built, or not yet through __init__
            or state.get("_builder") == threading.get_ident()  # FastAPI, while it builds
        ):
            raise AttributeError(name)
        self.build()
        return getattr(self, name)


class LazyRouter(BaseRoute):
    """A router's routes in the application, its module imported when a path first may reach them.

    ``module`` and ``name`` name the router (``arbitro.web.tables`` and ``api``);
    ``prefixes`` are the starts of its paths: a request whose path starts with none of
    them matches none of its routes, so it is answered without importing the module.
    Otherwise the router's routes are matched in their order, as the application
    matches its own (the first full match, else the first that matches the path but not
    the method), and the one matched answers the request. ``url_path_for`` looks
    through the routes too, importing the module.

    >>> from fastapi import FastAPI
    >>> from fastapi.testclient import TestClient
    >>> app = FastAPI()
    >>> app.router.routes.append(LazyRouter("arbitro.web.polls", "router", ("/poll/",)))
    >>> routes = app.router.routes[-1]
    >>> TestClient(app).get("/health").status_code, routes.imported
    (404, False)
    >>> TestClient(app).get("/poll/no/such/page").status_code, routes.imported
    (404, True)
    >>> [route.path for route in routes.routes if route.path.startswith("/poll/")]
    ['/poll/{token}', '/poll/{token}']
    """

    def __init__(self, module: str, name: str, prefixes: Sequence[str]) -> None:
        self.module = module
        self.name = name
        self.prefixes = tuple(prefixes)
        self._routes: list[BaseRoute] | None = None

    @property
    def imported(self) -> bool:
        """Whether the router's module has been imported (its routes read)."""
        return self._routes is not None

    @property
    def routes(self) -> list[BaseRoute]:
        """The router's routes, in its order (its module imported the first time)."""
        routes = self._routes
        if routes is None:
            routes = self._routes = list(getattr(import_module(self.module), self.name).routes)
        return routes

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        """The first of the routes that matches ``scope`` fully, else the first that matches its path."""
        if not get_route_path(scope).startswith(self.prefixes):
            return Match.NONE, {}
        partial: Scope | None = None
        for route in self.routes:
            match, child_scope = route.matches(scope)
            if match is Match.FULL:
                return match, {**child_scope, "route": route}
            if match is Match.PARTIAL and partial is None:
                partial = {**child_scope, "route": route}
        if partial is not None:
            return Match.PARTIAL, partial
        return Match.NONE, {}

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Let the route :meth:`matches` chose answer (the router puts it in ``scope``)."""
        route: BaseRoute = scope["route"]
        await route.handle(scope, receive, send)

    def url_path_for(self, name: str, /, **path_params: Any) -> URLPath:
        """The path of the route called ``name`` with ``path_params``, if it is one of these."""
        for route in self.routes:
            try:
                return route.url_path_for(name, **path_params)
            except NoMatchFound:
                pass
        raise NoMatchFound(name, path_params)

    def __repr__(self) -> str:
        return f"LazyRouter({self.module}.{self.name}, {self.prefixes})"


def every_route(routes: Sequence[BaseRoute]) -> list[BaseRoute]:
    """``routes`` with each :class:`LazyRouter` replaced by its routes (importing its module).

    >>> routes = every_route([LazyRouter("arbitro.web.agreements", "router", ("/director/agreements",))])
    >>> [route.path for route in routes]
    ['/director/agreements', '/director/agreements']
    """
    return [
        inner
        for route in routes
        for inner in (route.routes if isinstance(route, LazyRouter) else [route])
    ]

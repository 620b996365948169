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

import inspect
import json
import threading
from collections.abc import Callable, Coroutine, Sequence
from contextvars import ContextVar
from importlib import import_module
from typing import Any

import fastapi.routing
from fastapi.dependencies.models import Dependant
from fastapi.params import Form
from fastapi.routing import APIRoute
from starlette._utils import get_route_path  # the path a route matches (root_path taken off)
from starlette.datastructures import URLPath
from starlette.requests import Request
from starlette.responses import Response
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

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """FastAPI's handler of the route, ahead of it the :func:`direct_handler` when the route is one.

        ``direct`` says which (while it is true, the route's requests go to the direct
        handler: a test turns it off to hold the direct answers to FastAPI's).

        >>> from fastapi import APIRouter
        >>> router = APIRouter(route_class=LazyRoute)
        >>> @router.post("/boards/{number}")
        ... async def board(number: int) -> Response:
        ...     return Response(str(number))
        >>> router.routes[0].build(); router.routes[0].direct
        True
        """
        handler = super().get_route_handler()
        if _INCLUDED is None:
            return handler  # another FastAPI: its own handler only
        if _INCLUDED.get() is not None:
            # The route as included in another router (with that router's dependencies,
            # overrides...): FastAPI's handler of it, as FastAPI builds it.
            return handler
        direct = direct_handler(self, handler)
        self.direct = direct is not None
        return handler if direct is None else direct


_INCLUDED: ContextVar[object] | None = getattr(
    fastapi.routing, "_effective_route_context_var", None
)
"""FastAPI's route as included in another router, while it builds that one's handler."""

JSON = "application/json"
"""The content type the direct handler reads a body of; any other goes to FastAPI's handler."""


def _plain_dependency(dependant: Dependant) -> bool:
    """Whether ``dependant`` is a coroutine function of the request alone (or of nothing)."""
    return (
        inspect.iscoroutinefunction(dependant.call)
        and not dependant.dependencies
        and not (dependant.path_params or dependant.query_params or dependant.body_params)
        and not (dependant.header_params or dependant.cookie_params)
        and not (dependant.websocket_param_name or dependant.http_connection_param_name)
        and not (dependant.response_param_name or dependant.background_tasks_param_name)
        and not dependant.security_scopes_param_name
        and dependant.concurrency is None
    )


def direct_handler(
    route: LazyRoute, fastapi_handler: Callable[[Request], Coroutine[Any, Any, Response]]
) -> Callable[[Request], Coroutine[Any, Any, Response]] | None:
    """A handler for ``route`` that answers a well-formed request without FastAPI's general machinery.

    ``None`` unless the route is of the simple kind the tables' writes are: a coroutine
    endpoint that returns a :class:`~starlette.responses.Response` itself, of the request,
    path parameters and at most one JSON body model, whose dependencies are coroutine
    functions of the request alone (the CSRF check, the desk). FastAPI spends about as
    much processor time solving such a route's dependencies and parameters, each
    request, as the rest of the request's way through the server (issue 26).

    The direct handler validates the path parameters and the body with FastAPI's own
    validators of the route; when they are valid it runs the dependencies in their order,
    then the endpoint, as FastAPI does. Anything else (another content type, a body that
    is not JSON, a parameter or body FastAPI would refuse, dependency overrides, the
    route's ``direct`` turned off) goes to
    ``fastapi_handler``, which answers as it always does: the direct handler has run
    nothing yet, so the answer, refusals included, is FastAPI's own.
    """
    dependant = route.dependant
    call = dependant.call
    if (
        not inspect.iscoroutinefunction(call)
        or dependant.query_params
        or dependant.header_params
        or dependant.cookie_params
        or len(dependant.body_params) > 1
        or getattr(route, "_embed_body_fields", True)
        or any(isinstance(field.field_info, Form) for field in dependant.body_params)
        or dependant.websocket_param_name
        or dependant.http_connection_param_name
        or dependant.response_param_name
        or dependant.background_tasks_param_name
        or dependant.security_scopes_param_name
        or not all(_plain_dependency(sub) for sub in dependant.dependencies)
        # FastAPI calls a dependency named twice once: the direct handler would call it twice.
        or len({sub.call for sub in dependant.dependencies}) < len(dependant.dependencies)
    ):
        return None
    answer = inspect.signature(call, eval_str=True).return_annotation
    if not (isinstance(answer, type) and issubclass(answer, Response)):
        return None
    assert call is not None
    path_fields = [(field.name, field.alias, field) for field in dependant.path_params]
    body = dependant.body_params[0] if dependant.body_params else None
    request_name = dependant.request_param_name
    dependencies = [(sub.name, sub.call, sub.request_param_name) for sub in dependant.dependencies]
    overrides = route.dependency_overrides_provider

    async def direct(request: Request) -> Response:
        if not route.direct or getattr(overrides, "dependency_overrides", None):
            return await fastapi_handler(request)
        values: dict[str, Any] = {}
        path_params = request.path_params
        for name, alias, field in path_fields:
            value, errors = field.validate(path_params.get(alias), loc=("path", alias))
            if errors:
                return await fastapi_handler(request)
            values[name] = value
        if body is not None:
            if request.headers.get("content-type") != JSON:
                return await fastapi_handler(request)
            raw = await request.body()  # kept by the request for FastAPI's handler
            try:
                data = json.loads(raw) if raw else None
            except ValueError:
                return await fastapi_handler(request)
            if data is None:  # FastAPI's "missing"
                return await fastapi_handler(request)
            value, errors = body.validate(data, loc=("body",))
            if errors:
                return await fastapi_handler(request)
            values[body.name] = value
        if request_name:
            values[request_name] = request
        for named, dependency, its_request in dependencies:
            assert dependency is not None
            solved = await (dependency(**{its_request: request}) if its_request else dependency())
            if named is not None:
                values[named] = solved
        response: Response = await call(**values)
        return response

    return direct


class LazyRouter(BaseRoute):
    """A router's routes in the application, its module imported when a path first may reach them.

    ``module`` and ``name`` name the router (``arbitro.web.tables_api`` and ``api``);
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

"""The console's route class: a route is matched at once and built when first used.

FastAPI builds a route when it is declared: it reads the endpoint's signature and
makes a pydantic validator for each parameter, dependency and answer. For the
console's 120-odd routes that was half of ``arbitro serve``'s start (issue 26).
:class:`LazyRoute` keeps what matching a request needs (the path's pattern, the
methods, the name) and builds the rest the first time anything else is read: when
the route answers its first request, or the OpenAPI schema reads it. What it then
builds is FastAPI's own route, unchanged, so a route answers as it always did.

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
from typing import Any

from fastapi.routing import APIRoute
from starlette.routing import compile_path, get_name

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

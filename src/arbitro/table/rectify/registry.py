"""A registry of handlers by key, which refuses a second handler for a key.

The table routes every event, and every call, card or decision that answers a
rectification in progress, through registries built in :mod:`arbitro.table.rectify`,
one line per handler. A key registered twice is a programming error, found when the
package is imported rather than when the Law comes up at a table.

>>> registry: Registry[str, str] = Registry("decision")
>>> registry.add("27", "the insufficient bid")
>>> registry["27"]
'the insufficient bid'
>>> registry.add("27", "another")
Traceback (most recent call last):
...
arbitro.table.rectify.registry.DuplicateHandlerError: two decision handlers for 27
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from types import MappingProxyType
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
H = TypeVar("H")


class DuplicateHandlerError(LookupError):
    """A registry was given a second handler for a key it already has."""


class Registry(Generic[K, H]):
    """Handlers ``H`` by key ``K`` (a Law, or an event class): each key once.

    >>> Registry("play", {"53": "lead out of turn"}, {"54": "faced lead"}).keys()
    ['53', '54']
    """

    __slots__ = ("_handlers", "name")

    def __init__(self, name: str, *tables: Mapping[K, H]) -> None:
        self.name = name
        self._handlers: dict[K, H] = {}
        for table in tables:
            for key, handler in table.items():
                self.add(key, handler)

    def add(self, key: K, handler: H) -> None:
        """Register ``handler`` for ``key``; a key already registered is refused.

        >>> registry: Registry[str, int] = Registry("call")
        >>> registry.add("29", 1)
        >>> "29" in registry
        True
        """
        if key in self._handlers:
            label = key.__name__ if isinstance(key, type) else key
            raise DuplicateHandlerError(f"two {self.name} handlers for {label}")
        self._handlers[key] = handler

    @property
    def handlers(self) -> Mapping[K, H]:
        """The handlers by key, read-only: a lookup in C where every event goes through.

        >>> Registry("call", {"29": 1}).handlers.get("29")
        1
        """
        return MappingProxyType(self._handlers)

    def get(self, key: K) -> H | None:
        """The handler for ``key``, or None.

        >>> Registry("call", {"29": 1}).get("30") is None
        True
        """
        return self._handlers.get(key)

    def __getitem__(self, key: K) -> H:
        return self._handlers[key]

    def __contains__(self, key: object) -> bool:
        return key in self._handlers

    def __iter__(self) -> Iterator[K]:
        return iter(self._handlers)

    def __len__(self) -> int:
        return len(self._handlers)

    def keys(self) -> list[K]:
        """The keys registered, in the order they were.

        >>> Registry("call", {"29": 1, "25": 2}).keys()
        ['29', '25']
        """
        return list(self._handlers)

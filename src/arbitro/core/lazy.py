"""A package's names imported from their modules when first used (PEP 562).

A package whose ``__init__`` would import a heavy module (the table engine, endplay,
the session scorer) names where each of its names lives instead, and gives Python a
module-level ``__getattr__`` that imports the name's module the first time the name is
asked for. A command or a page that needs one light submodule then loads nothing else
(issue 26: the command line and the server's start).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module

__all__ = ["names_on_first_use"]


def names_on_first_use(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """The ``__getattr__`` of ``package`` that imports each name of ``homes`` from its submodule.

    ``homes`` maps a name to the submodule, relative to ``package``, that defines it. The
    name is kept in the package's namespace once imported, so later uses cost nothing;
    any other name is an ``AttributeError``, as for an ordinary module.

    >>> find = names_on_first_use("arbitro.core", {"Seat": "seat"})
    >>> find("Seat").NORTH
    Seat.NORTH
    >>> find("Nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'arbitro.core' has no attribute 'Nothing'
    """

    def find(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value: object = getattr(import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return find

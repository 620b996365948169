"""Árbitro: the Laws of Duplicate Bridge (2007) as software.

>>> import arbitro
>>> arbitro.Contract.from_str("4SX").score(tricks=8, vulnerable=True)
-500
>>> arbitro.imps(-620)
-12
>>> arbitro.Board(3).dealer
Seat.SOUTH
"""

from typing import TYPE_CHECKING

import arbitro.core
from arbitro.core import __all__ as _core_all

if TYPE_CHECKING:
    from arbitro.core import *  # noqa: F403  (the core values are the package's vocabulary)
    from arbitro.scoring import imps

    __version__: str


def __getattr__(name: str) -> object:
    """The core's values, ``imps`` and ``__version__``, each loaded when first asked for (PEP 562).

    Every module of Árbitro imports this package first: the core's values load with
    the modules that use them, not with every command or page (issue 26).
    ``importlib.metadata`` takes longer to import than the rest of a short command, so
    the command line does not pay for it unless it prints the version.
    """
    if name in _core_all:
        value: object = getattr(arbitro.core, name)
        globals()[name] = value
        return value
    if name == "imps":
        from arbitro.scoring import imps

        globals()["imps"] = imps
        return imps
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("arbitro")
    except PackageNotFoundError:  # pragma: no cover  (running from a source tree)
        found = "0.0.0"
    globals()["__version__"] = found
    return found


__all__ = [*_core_all, "__version__", "imps"]

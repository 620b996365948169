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

from arbitro.core import *  # noqa: F403  (the core values are the package's vocabulary)
from arbitro.core import __all__ as _core_all
from arbitro.scoring import imps

if TYPE_CHECKING:
    __version__: str


def __getattr__(name: str) -> str:
    """``__version__``, read from the installed package's metadata when first asked for.

    ``importlib.metadata`` takes longer to import than the rest of a short command, so
    the command line does not pay for it unless it prints the version.
    """
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

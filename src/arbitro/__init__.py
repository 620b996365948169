"""Árbitro: the Laws of Duplicate Bridge (2007) as software.

>>> import arbitro
>>> arbitro.Contract.from_str("4SX").score(tricks=8, vulnerable=True)
-500
>>> arbitro.imps(-620)
-12
>>> arbitro.Board(3).dealer
Seat.SOUTH
"""

from importlib.metadata import PackageNotFoundError, version

from arbitro.core import *  # noqa: F403  (the core values are the package's vocabulary)
from arbitro.core import __all__ as _core_all
from arbitro.scoring import imps

try:
    __version__ = version("arbitro")
except PackageNotFoundError:  # pragma: no cover  (running from a source tree)
    __version__ = "0.0.0"

__all__ = [*_core_all, "__version__", "imps"]

"""Python's cycle collector paused around work that makes many objects and no cycles."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while the work inside runs.

    Scoring a session of thousands of tables (its lines, its columns, each pair's
    standing) or checking a claim (millions of small tuples of the positions searched)
    makes a great many objects and no cycle among them, and the collector would go over
    them and every object alive again and again: a quarter of Butler's time at 10,000
    tables, a fifth of a compiled claim check. Left as it was found: a pause inside a
    pause does not end it. It also serves as a decorator.

    >>> import gc
    >>> with cycle_collector_paused():
    ...     with cycle_collector_paused():
    ...         pass
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

"""The claim checker's compiled modules (mypyc) and their Python source, the reference.

The install compiles the search core with mypyc (``pyproject.toml``, the ``mypyc``
build hook): each compiled module is an extension file beside its ``.py`` source, and
Python imports the extension first. The build writes ``arbitro/compiled.txt``: each
compiled module's dotted name and the SHA-256 of the source it was compiled from.

An editable install does not compile again when a source is edited. So the package
checks at import (:func:`run_stale_from_source`): when a compiled module of the
package was compiled from another source than the one beside it, or is not in the
record, every compiled module of the package runs from its source instead, with a
warning saying how to rebuild; a developer never runs a stale compiled module
unknowingly. :func:`source_module` loads a module's source beside the installed one:
the tests compare the two, the benchmark times them side by side.

>>> from arbitro.analysis.claims import checker
>>> source = source_module("arbitro.analysis.claims.checker")
>>> is_compiled(source), source is checker
(False, False)
>>> source.BUDGET == checker.BUDGET
True
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

RECORD = Path(__file__).resolve().parents[2] / "compiled.txt"
"""What the build compiled: a line a module, its dotted name and its source's SHA-256."""

REBUILD = "make .venv/.installed (pip install -e '.[test,bench]')"
"""How a developer compiles the modules again."""


def recorded() -> dict[str, str]:
    """The modules the install compiled, each with its source's digest (none: not compiled).

    >>> all(len(digest) == 64 for digest in recorded().values())
    True
    """
    try:
        text = RECORD.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return dict(line.split(maxsplit=1) for line in text.splitlines() if line.strip())


def digest(source: Path) -> str:
    """The SHA-256 of a source file, as the build records it.

    >>> len(digest(Path(__file__)))
    64
    """
    return hashlib.sha256(source.read_bytes()).hexdigest()


def never_cancelled(done: int) -> bool:
    """The claim checker's default ``cancelled``: wanted until it ends, whatever is ``done``.

    Python code on purpose, here beside the compiled modules and not in them: the
    compiled search calls it every ``checker.HEARTBEAT`` of work, and a call into Python
    code is where Python acts on a signal (Ctrl-C raises ``KeyboardInterrupt`` there) and
    lets other threads take the interpreter lock; compiled code alone does neither.

    >>> never_cancelled(5_000)
    False
    """
    return False


def release(tables: Sequence[dict[Any, Any] | list[Any]]) -> None:
    """Empty a finished search's ``tables`` an entry at a time, in Python code.

    A search further keeps a million positions and more; dropped at once, compiled
    code frees them in one stretch (about a tenth of a second a million) and every
    other thread of the server waits for the interpreter lock meanwhile. Emptied here, in
    Python code on purpose (see :func:`never_cancelled`), the interpreter hands the lock
    to a waiting thread every few milliseconds (``sys.getswitchinterval()``), for about
    two fifths more work than a ``clear()``.

    >>> positions, queued = {1: (2, 3), 4: (5, 6)}, [(7, 8)] * 3000
    >>> release([positions, queued])
    >>> positions, queued
    ({}, [])
    """
    for table in tables:
        if isinstance(table, dict):
            take = table.popitem
            while table:
                take()
        else:
            while table:
                del table[-1000:]


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension (compiled), not from Python source.

    >>> import json
    >>> is_compiled(json)
    False
    """
    origin = getattr(module, "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_in(directory: Path) -> list[str]:
    """The modules of the package in ``directory`` with a compiled extension beside them.

    >>> compiled_in(Path(__file__).parent) == sorted(compiled_in(Path(__file__).parent))
    True
    """
    return sorted(
        source.stem
        for source in directory.glob("*.py")
        if any(
            (directory / (source.stem + suffix)).exists()
            for suffix in importlib.machinery.EXTENSION_SUFFIXES
        )
    )


def stale_in(package: str, directory: Path) -> list[str]:
    """The compiled modules of ``package`` whose source is not the one they were compiled from.

    A module compiled but missing from the record counts as stale.

    >>> stale_in("arbitro.analysis.claims", Path(__file__).parent)
    []
    """
    record = recorded()
    return [
        name
        for name in compiled_in(directory)
        if record.get(f"{package}.{name}") != digest(directory / f"{name}.py")
    ]


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the named modules in their Python source, before any compiled extension."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """The spec of ``fullname`` from its source, when it is one of the named modules."""
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


@contextmanager
def _from_source(package: str, directory: Path, names: Sequence[str]) -> Iterator[None]:
    finder = _SourceFinder({f"{package}.{name}": directory / f"{name}.py" for name in names})
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


def run_stale_from_source(package: str, directory: Path) -> list[str]:
    """Run every compiled module of ``package`` from its source when one of them is stale.

    Called by the package's ``__init__`` before it imports them. Returns the stale
    modules (none: the compiled ones are used). All of them, not only the stale ones:
    compiled modules of one build call each other directly.
    """
    stale = stale_in(package, directory)
    if not stale:
        return []
    names = compiled_in(directory)
    warnings.warn(
        f"{', '.join(f'{package}.{name}' for name in stale)}: compiled from another source "
        f"than the one in {directory}; running the Python source of {', '.join(names)} "
        f"instead (slower). Compile again: {REBUILD}",
        RuntimeWarning,
        stacklevel=3,
    )
    with _from_source(package, directory, names):
        for name in names:
            importlib.import_module(f"{package}.{name}")
    return stale


def source_module(name: str) -> ModuleType:
    """The module ``name`` run from its Python source, beside the one installed.

    The compiled modules of its package that it imports are run from their source too.
    The installed modules stay what ``import`` gives.
    """
    package, _, child = name.rpartition(".")
    parent = importlib.import_module(package)
    assert parent.__file__ is not None
    directory = Path(parent.__file__).parent
    names = sorted({child, *compiled_in(directory)})
    full = [f"{package}.{each}" for each in names]
    saved = {each: sys.modules.pop(each) for each in full if each in sys.modules}
    attributes = {each: parent.__dict__[each] for each in names if each in parent.__dict__}
    try:
        with _from_source(package, directory, names):
            module = importlib.import_module(name)
    finally:
        for each in full:
            sys.modules.pop(each, None)
        sys.modules.update(saved)
        for each in names:
            if each in attributes:
                setattr(parent, each, attributes[each])
            elif each in parent.__dict__:
                delattr(parent, each)
    return module

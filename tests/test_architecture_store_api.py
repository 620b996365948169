"""One API style for the store: every operation on the database is a method of ``Store``.

``EventStore`` (``store/events.py``) holds the transaction and the events; each
other module of the store adds its records as a mixin derived from it (or from another mixin),
and ``Store`` (``store/store.py``) gathers them. A function ``f(store, ...)`` in
``store/`` is the other style coming back: these tests fail on it. Functions that take
a ``Connection`` (the statements a group-commit job runs in its transaction) and
helpers over an ORM ``Session`` are not calls on the store and stay functions.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

from arbitro.store import Store
from arbitro.store.repository import EventStore

STORE = Path(__file__).resolve().parent.parent / "src" / "arbitro" / "store"


def store_modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(STORE.glob("*.py")):
        yield path.name, ast.parse(path.read_text(encoding="utf-8"))


def store_classes() -> set[str]:
    """``EventStore`` and every class of ``store/`` derived from it (the mixins, ``Store``)."""
    bases: dict[str, set[str]] = {}
    for _, tree in store_modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {ast.unparse(base) for base in node.bases}
    found = {"EventStore"}
    while True:
        more = {name for name, parents in bases.items() if parents & found} - found
        if not more:
            return found
        found |= more


def functions_taking_the_store(
    modules: Iterator[tuple[str, ast.Module]], classes: set[str]
) -> list[str]:
    """The module-level functions that take the store (by the parameter's name or type)."""
    places = []
    for name, tree in modules:
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            arguments = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            for argument in arguments:
                annotation = ast.unparse(argument.annotation) if argument.annotation else ""
                if argument.arg == "store" or annotation.strip("'\"") in classes:
                    places.append(f"{name}:{node.lineno} {node.name}({argument.arg}: {annotation})")
    return places


def test_no_function_of_the_store_takes_the_store() -> None:
    """An operation on the store is a ``Store`` method, never a function ``f(store, ...)``."""
    assert functions_taking_the_store(store_modules(), store_classes()) == []


def test_a_function_taking_the_store_is_found() -> None:
    """The check above sees the other style, by the parameter's name or by its type."""
    source = (
        "def keep(store: Store, event: int) -> None: ...\n"
        "def read(records: 'ConsoleRecords') -> int: ...\n"
        "def write(connection: Connection, event: int) -> None: ...\n"
    )
    found = functions_taking_the_store(iter([("x.py", ast.parse(source))]), store_classes())
    assert found == ["x.py:1 keep(store: Store)", "x.py:2 read(records: 'ConsoleRecords')"]


def test_store_gathers_every_mixin_of_the_store() -> None:
    """Each class of ``store/`` derived from ``EventStore`` is a base of ``Store``."""
    modules = [importlib.import_module(f"arbitro.store.{path.stem}") for path in STORE.glob("*.py")]
    mixins = {
        cls
        for module in modules
        for cls in vars(module).values()
        if inspect.isclass(cls)
        and issubclass(cls, EventStore)
        and cls.__module__ == module.__name__
    }
    assert {cls.__name__ for cls in mixins} >= {"ConsoleRecords", "JudgementRecords"}
    assert all(cls in Store.__mro__ for cls in mixins)


def test_no_two_groups_of_the_store_define_one_method() -> None:
    """A method defined in two groups would silently hide one of them behind the other."""
    defined: dict[str, list[str]] = {}
    for group in Store.__mro__:
        if group is Store or not group.__module__.startswith("arbitro.store"):
            continue
        for name in vars(group):
            if not name.startswith("__"):
                defined.setdefault(name, []).append(group.__name__)
    assert {name: groups for name, groups in defined.items() if len(groups) > 1} == {}

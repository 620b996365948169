"""The layers of docs/developers.md hold, for imports at any level (module or function).

- No module imports a layer above its own (the arrows of the layering), with no
  exception: a function that imports lazily counts like a module that imports at its top.
- No circle in the graph of imports between modules of ``src/arbitro`` (outside the
  table package, whose own circles are another piece of work).
- The web never speaks SQL: no ``sqlalchemy`` under ``web/`` (the store owns every statement).
- One way to open a transaction: only ``Store.transaction`` and ``Store.reading`` open
  an ORM session or a connection (``database.py`` opens the engine, migrations their own).
- One kind of error a kind of failure: each error class carries its HTTP status, and no
  route catches an error only to render it again (the application's one handler does).
- Inside the table engine, nothing that ``table.py`` is built on imports ``table.py``
  back, at any level: the rules take the public base state (``arbitro.table.base``).
- The formats' syntax (the PBN games, reader, checks and writer) is one codec, directly
  above core, so that dealing and analysis use it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "arbitro"

LOWER = {"i18n"}
SYNTAX = "formats.syntax"
"""The formats' syntax (PBN: model, reader, writer), directly above core."""
SYNTAX_MODULES = {
    "arbitro.formats",
    *(f"arbitro.formats.pbn{part}" for part in
      ("", ".model", ".reader", ".writer", ".sections", ".table_tags", ".validate",
       ".tag_values", ".auction_checks", ".play_checks", ".export_lines", ".export_sections",
       ".encoding")),
}  # fmt: skip
ALLOWED: dict[str, set[str]] = {
    "i18n": set(),
    "core": {"core"} | LOWER,
    SYNTAX: {"core", SYNTAX} | LOWER,
    "laws": {"core", "laws"} | LOWER,
    "scoring": {"core", "laws", "scoring"} | LOWER,
    "dealing": {"core", SYNTAX, "dealing"} | LOWER,
    "analysis": {"core", SYNTAX, "dealing", "analysis"} | LOWER,
    "table": {"core", "laws", "table"} | LOWER,
    "formats": {"core", SYNTAX, "laws", "table", "scoring", "formats"} | LOWER,
    "tournament": {"core", "laws", "table", "scoring", "dealing", "analysis", "tournament", SYNTAX}
    | LOWER,
}
ALLOWED["store"] = ALLOWED["tournament"] | {"formats", "store"}
ALLOWED["cli"] = ALLOWED["store"] | {"cli", "web"}  # `arbitro serve` starts the web console
ALLOWED["web"] = ALLOWED["store"] | {"web"}


def module_name(path: Path) -> str:
    parts = ["arbitro", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(path: Path) -> str:
    if module_name(path) in SYNTAX_MODULES:
        return SYNTAX
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


def layer_imported(name: str) -> str:
    """The layer of ``name``, a module or a name imported from one (``arbitro.core.Card``)."""
    parts = name.split(".")
    is_module = (
        PACKAGE.joinpath(*parts[1:]).with_suffix(".py").exists()
        or PACKAGE.joinpath(*parts[1:]).is_dir()
    )
    if name in SYNTAX_MODULES or (not is_module and name.rpartition(".")[0] in SYNTAX_MODULES):
        return SYNTAX
    return parts[1]


def imported_names(path: Path) -> Iterator[tuple[str, ast.AST]]:
    """Every module ``path`` imports, anywhere in it (module level, functions, classes)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            yield module, node
            for alias in node.names:  # ``from arbitro.web import tables`` imports a module
                yield f"{module}.{alias.name}", node


def arbitro_layers(path: Path) -> set[str]:
    """The arbitro layers a module imports, at any level."""
    layers: set[str] = set()
    for name, _ in imported_names(path):
        parts = name.split(".")
        if parts[0] == "arbitro" and len(parts) > 1 and (PACKAGE / parts[1]).exists():
            layers.add(layer_imported(name))
        elif parts[0] == "arbitro" and len(parts) > 1 and parts[1] == "i18n":
            layers.add("i18n")
        elif parts == ["arbitro"]:
            layers.add("arbitro")
    return layers


MODULES = sorted(
    path for path in PACKAGE.rglob("*.py") if path.parent != PACKAGE or path.name == "i18n.py"
)
KNOWN = {module_name(path) for path in PACKAGE.rglob("*.py")}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_module_imports_only_its_own_layer_and_below(path: Path) -> None:
    layer = layer_of(path)
    assert layer in ALLOWED, f"{layer} is not a layer of docs/developers.md"
    imported = arbitro_layers(path) - {"arbitro"}
    assert imported <= ALLOWED[layer], f"{path.name} ({layer}) imports {imported - ALLOWED[layer]}"


def test_core_does_not_import_the_package_root() -> None:
    for path in (PACKAGE / "core").rglob("*.py"):
        assert "arbitro" not in arbitro_layers(path), path.name


def import_graph() -> dict[str, set[str]]:
    """Module -> the arbitro modules it imports (a package's ``__init__`` is its own node)."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        source = module_name(path)
        targets = graph.setdefault(source, set())
        for name, _ in imported_names(path):
            if name in KNOWN and name != source:
                targets.add(name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_circles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_circle_of_imports_outside_the_table() -> None:
    graph = import_graph()
    # A package's __init__ re-exports its modules; a module that imports its own
    # package's __init__ back is not a circle of the code's meaning, so the edges from
    # a package's __init__ to its own modules are left out.
    for source, targets in graph.items():
        if (PACKAGE / Path(*source.split(".")[1:]) / "__init__.py").exists():
            graph[source] = {t for t in targets if not t.startswith(source + ".")}
    outside = [
        component
        for component in circles(graph)
        if not all(name.startswith("arbitro.table") for name in component)
    ]
    assert outside == []


def test_the_web_never_speaks_sql() -> None:
    speaking = [
        f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)} imports {name}"
        for path in (PACKAGE / "web").rglob("*.py")
        for name, node in imported_names(path)
        if name.split(".")[0] == "sqlalchemy"
    ]
    assert speaking == []


OPENERS = {
    "store/transactions.py": {"transaction", "reading"},
    "store/schema.py": {"migrate", "schema_revision"},
}
"""The functions that open a session or a connection, by module: the store's transaction and
reading, and the migrations (``schema_revision``: their own look at ``alembic_version``)."""


def test_one_way_to_open_a_transaction() -> None:
    """Only the store's transaction() and reading() open an ORM session or a connection."""
    opening = {"Session", "connect", "begin", "raw_connection"}
    places = []
    for path in PACKAGE.rglob("*.py"):
        relative = str(path.relative_to(PACKAGE))
        if relative.startswith("store/migrations") or relative == "store/database.py":
            continue
        text = path.read_text(encoding="utf-8")
        orm = "from sqlalchemy.orm import" in text and "Session" in text
        tree = ast.parse(text)
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if function.name in OPENERS.get(relative, set()):
                continue
            for node in ast.walk(function):
                if not isinstance(node, ast.Call):
                    continue
                called = node.func
                name = (
                    called.id
                    if isinstance(called, ast.Name)
                    else called.attr
                    if isinstance(called, ast.Attribute)
                    else ""
                )
                receiver = ast.unparse(called)
                if (orm and name == "Session") or (name in opening and "engine" in receiver):
                    places.append(f"{relative}:{node.lineno} {function.name}: {receiver}")
    assert sorted(set(places)) == []


def error_classes() -> Iterator[tuple[str, ast.ClassDef]]:
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                yield str(path.relative_to(PACKAGE)), node


def test_no_two_error_classes_share_a_name() -> None:
    seen: dict[str, list[str]] = {}
    for place, node in error_classes():
        if not node.name.startswith("_"):
            seen.setdefault(node.name, []).append(place)
    assert {name: places for name, places in seen.items() if len(places) > 1} == {}


def test_every_error_of_arbitro_carries_an_http_status() -> None:
    import importlib

    from arbitro.core.errors import ArbitroError

    statuses = {}
    for place, node in error_classes():
        if node.name.startswith("_"):
            continue
        module = importlib.import_module(module_name(PACKAGE / place))
        error = getattr(module, node.name, None)
        if isinstance(error, type) and issubclass(error, ArbitroError):
            statuses[node.name] = error.status
    assert statuses, "no error class found"
    assert {
        name: status for name, status in statuses.items() if status not in (404, 409, 422, 503, 507)
    } == {}
    assert statuses["StoreNotFoundError"] == 404
    assert statuses["StoreConflictError"] == 409
    assert statuses["NotationError"] == 422


def tells_its_own_message(node: ast.ClassDef) -> bool:
    """A class that keeps a catalog message and its details, or renders one, by itself."""
    for method in node.body:
        if not isinstance(method, ast.FunctionDef):
            continue
        text = ast.unparse(method)
        if method.name == "__init__" and "self.message =" in text and "self.details =" in text:
            return True
        if method.name == "__str__" and "gettext(self.message)" in text:
            return True
    return False


def test_errors_told_by_a_catalog_message_share_one_constructor() -> None:
    """``MessageError`` holds the constructor of an error told by a message and its values."""
    from arbitro.core.errors import ConflictError, MessageError, NotFoundError, RefusedError
    from arbitro.store.errors import StoreConflictError, StoreError, StoreNotFoundError
    from arbitro.tournament.record_errors import RecordConflictError, RecordRefusedError
    from arbitro.tournament.result_rules import ResultRefusedError

    copies = [
        f"{place}: {node.name}"
        for place, node in error_classes()
        if node.name != "MessageError" and tells_its_own_message(node)
    ]
    assert copies == []
    kinds = {
        StoreError: (RefusedError, 422),
        StoreNotFoundError: (NotFoundError, 404),
        StoreConflictError: (ConflictError, 409),
        RecordRefusedError: (RefusedError, 422),
        RecordConflictError: (ConflictError, 409),
        ResultRefusedError: (RefusedError, 422),
    }
    for error, (kind, status) in kinds.items():
        assert issubclass(error, MessageError), error
        assert issubclass(error, kind), error
        assert error.status == status, error


def only_renders_again(handler: ast.ExceptHandler) -> bool:
    """An ``except`` whose body only answers the caught error (a page, JSON, a 404)."""
    if len(handler.body) != 1 or handler.name is None:
        return False
    statement = handler.body[0]
    text = ast.unparse(statement)
    if isinstance(statement, ast.Return):
        return any(
            f"{answer}(request, {handler.name}" in text
            for answer in ("error_json", "_fail", "_failed", "_refused")
        ) or ("error.html" in text and handler.name in text)
    if isinstance(statement, ast.Raise):
        return text.startswith("raise HTTPException(") and handler.name in text
    return False


def test_no_route_catches_an_error_only_to_render_it_again() -> None:
    found = []
    for path in (PACKAGE / "web").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ExceptHandler) and node.type is not None:
                caught = ast.unparse(node.type)
                if "ArbitroError" in caught and only_renders_again(node):
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node.body[0])}")
    assert found == []


def test_the_store_holds_no_rule_of_the_laws() -> None:
    """The store persists the event; a refusal that cites a Law is the event's (tournament/)."""
    found = []
    for path in (PACKAGE / "store").rglob("*.py"):
        relative = path.relative_to(PACKAGE)
        for name, node in imported_names(path):
            if name.startswith("arbitro.laws"):
                found.append(f"{relative}:{getattr(node, 'lineno', 0)} imports {name}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func if isinstance(node, ast.Call) else None
            if isinstance(called, ast.Name) and called.id == "N_":
                text = "".join(
                    part.value
                    for part in ast.walk(node)
                    if isinstance(part, ast.Constant) and isinstance(part.value, str)
                )
                if "Law " in text:
                    found.append(
                        f"{relative}:{getattr(node, 'lineno', 0)} refuses by a Law: {text[:60]}"
                    )
    assert found == []


def test_one_pbn_codec_models_the_games() -> None:
    # One PBN codec (arbitro.formats.pbn, directly above core): dealing and analysis use
    # its games and tags instead of a copy of their own.
    defined = [
        path.relative_to(PACKAGE)
        for path in PACKAGE.rglob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith(("class PBNGame", "class PBNTag"))
    ]
    assert sorted(map(str, defined)) == ["formats/pbn/model.py", "formats/pbn/model.py"]


TABLE = PACKAGE / "table"


def table_modules_below_the_facade() -> set[Path]:
    """The modules ``table.py`` is built on: those it imports, and theirs, in arbitro.table."""
    below: set[Path] = set()
    todo = [TABLE / "table.py"]
    while todo:
        for name, _ in imported_names(todo.pop()):
            parts = name.split(".")
            if parts[:2] != ["arbitro", "table"] or name == "arbitro.table.table":
                continue
            candidates = [
                PACKAGE.joinpath(*parts[1:]).with_suffix(".py"),
                PACKAGE.joinpath(*parts[1:], "__init__.py"),
            ]
            for candidate in candidates:
                if (
                    candidate.exists()
                    and candidate not in below
                    and candidate != TABLE / "__init__.py"
                ):
                    below.add(candidate)
                    todo.append(candidate)
    return below


def test_the_rules_are_found_below_the_table() -> None:
    below = {path.relative_to(TABLE).as_posix() for path in table_modules_below_the_facade()}
    assert {
        "base.py",
        "events.py",
        "state.py",
        "rectify/__init__.py",
        "rectify/revokes.py",
    } <= below


@pytest.mark.parametrize(
    "path",
    sorted(table_modules_below_the_facade()),
    ids=lambda path: str(path.relative_to(PACKAGE)),
)
def test_nothing_below_the_table_imports_it_back(path: Path) -> None:
    back = {
        (name, getattr(node, "lineno", 0))
        for name, node in imported_names(path)
        if name in ("arbitro.table.table", "arbitro.table.Table")
    }
    assert not back, f"{path.relative_to(PACKAGE)} imports the Table facade: {sorted(back)}"


RECTIFY = TABLE / "rectify"


def function_level_imports(path: Path) -> Iterator[tuple[str, int]]:
    """The modules ``path`` imports inside a function or a class, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {node.lineno for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)}
    for name, node in imported_names(path):
        line = getattr(node, "lineno", 0)
        if line not in top:
            yield name, line


@pytest.mark.parametrize(
    "path", sorted(RECTIFY.glob("*.py")), ids=lambda path: str(path.relative_to(PACKAGE))
)
def test_the_rules_import_each_other_at_module_level_only(path: Path) -> None:
    # The rules' modules are layered (docs/developers.md): a rule that needs another's
    # helper imports it at the top of the module; one that would make a circle moves the
    # helper down into a lower module, or is given what it needs through the base state.
    hidden = [
        (name, line)
        for name, line in function_level_imports(path)
        if name.startswith("arbitro.table")
    ]
    assert hidden == [], f"{path.relative_to(PACKAGE)} imports inside a function: {hidden}"


def test_no_circle_between_the_rules() -> None:
    graph = {
        source: {target for target in targets if target.startswith("arbitro.table.rectify.")}
        for source, targets in import_graph().items()
        if source.startswith("arbitro.table.rectify.")
    }
    assert circles(graph) == []

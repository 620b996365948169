"""The layers of ARCHITECTURE.md hold: no module imports a layer above its own.

Imports count at any level: module level, inside a function, under ``TYPE_CHECKING``.
A function may import a higher layer lazily only where it delegates on purpose, and
those are the documented exceptions in ``LAZY_EXCEPTIONS`` (``Contract.score`` hands
over to ``arbitro.scoring.law77``; ``serve`` starts the web console). Inside the table
engine, nothing that ``table.py`` is built on imports ``table.py`` back, at any level:
the rules take the public base state (``arbitro.table.base``), never the ``Table``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "arbitro"

LOWER = {"i18n"}
SYNTAX = "formats.syntax"
"""The formats' syntax (PBN: model, reader, writer), directly above core."""
SYNTAX_MODULES = {
    "arbitro.formats",
    *(f"arbitro.formats.pbn{part}" for part in
      ("", ".model", ".reader", ".writer", ".sections", ".table_tags", ".validate")),
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
ALLOWED["cli"] = ALLOWED["store"] | {"cli"}
ALLOWED["web"] = ALLOWED["store"] | {"cli", "web"}


def module_of(path: Path) -> str:
    """The dotted name of the module at ``path``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(path: Path) -> str:
    if module_of(path) in SYNTAX_MODULES:
        return SYNTAX
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


def module_level_arbitro_imports(path: Path) -> set[str]:
    """The arbitro layers a module imports at module level (not inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    layers: set[str] = set()
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if name in SYNTAX_MODULES:
                layers.add(SYNTAX)
            elif parts[0] == "arbitro" and len(parts) > 1:
                layers.add(parts[1])
            elif parts == ["arbitro"]:
                layers.add("arbitro")
    return layers


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


def arbitro_imports_at_any_level(path: Path) -> set[tuple[str, int]]:
    """Every ``arbitro`` module a module imports, at any level, with the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[tuple[str, int]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add((node.module, node.lineno))
            # ``from arbitro.table import rectify`` imports the submodule too.
            found.update((f"{node.module}.{alias.name}", node.lineno) for alias in node.names)
    return {(name, line) for name, line in found if name.split(".")[0] == "arbitro"}


LAZY_EXCEPTIONS = {
    ("core/contract.py", "scoring"),  # Contract.score hands over to the Law 77 table
    ("cli/serve.py", "web"),  # arbitro serve starts the web console only when it runs
    ("cli/director.py", "web"),  # password hashing lives with the console's security
}
"""Imports against the layers, inside a function, on purpose: (module, layer imported)."""


MODULES = sorted(
    path for path in PACKAGE.rglob("*.py") if path.parent != PACKAGE or path.name == "i18n.py"
)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_module_imports_only_its_own_layer_and_below(path: Path) -> None:
    layer = layer_of(path)
    assert layer in ALLOWED, f"{layer} is not a layer of ARCHITECTURE.md"
    imported = module_level_arbitro_imports(path) - {"arbitro"}
    assert imported <= ALLOWED[layer], f"{path.name} ({layer}) imports {imported - ALLOWED[layer]}"


def test_core_does_not_import_the_package_root() -> None:
    for path in (PACKAGE / "core").rglob("*.py"):
        assert "arbitro" not in module_level_arbitro_imports(path), path.name


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


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_imports_at_any_level_respect_the_layers(path: Path) -> None:
    layer = layer_of(path)
    relative = path.relative_to(PACKAGE).as_posix()
    against = {
        (name, line)
        for name, line in arbitro_imports_at_any_level(path)
        if len(name.split(".")) > 1
        and layer_imported(name) not in ALLOWED[layer]
        and (relative, layer_imported(name)) not in LAZY_EXCEPTIONS
    }
    assert not against, f"{relative} ({layer}) imports {sorted(against)}"


TABLE = PACKAGE / "table"


def table_modules_below_the_facade() -> set[Path]:
    """The modules ``table.py`` is built on: those it imports, and theirs, in arbitro.table."""
    below: set[Path] = set()
    todo = [TABLE / "table.py"]
    while todo:
        for name, _ in arbitro_imports_at_any_level(todo.pop()):
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
        (name, line)
        for name, line in arbitro_imports_at_any_level(path)
        if name in ("arbitro.table.table", "arbitro.table.Table")
    }
    assert not back, f"{path.relative_to(PACKAGE)} imports the Table facade: {sorted(back)}"

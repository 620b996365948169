"""The layers of ARCHITECTURE.md hold: no module imports a layer above its own.

Only imports at module level count; a function may import a higher layer lazily when
it delegates (``Contract.score`` hands over to ``arbitro.scoring.law77``; ``serve``
starts the web console), and those are the documented exceptions.
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
    "formats": {"core", SYNTAX, "table", "scoring", "formats"} | LOWER,
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

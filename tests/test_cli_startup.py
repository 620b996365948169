"""The command line starts at once: a command imports what it needs, and nothing heavy else.

Each check runs a fresh Python process and reads its ``sys.modules``: in this process the
other tests have long imported everything. No time is measured here (``make bench``
does, beside a bare ``import click``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from arbitro.cli.main import COMMANDS, cli

HEAVY = (
    "endplay",  # the double-dummy solver, about 0.6 s with matplotlib
    "matplotlib",
    "numpy",
    "sqlalchemy",  # the store
    "alembic",
    "psycopg",
    "fastapi",  # the web console
    "starlette",
    "uvicorn",
    "jinja2",
    "reportlab",  # hand records as PDF
    "babel",  # compiling a catalog (done once, then read from the cache)
    "importlib.metadata",  # only for --version
)
"""What a short command does not need."""


def run_python(code: str, cache: Path | None = None) -> str:
    """The standard output of a fresh process running ``code`` (with its own cache folder)."""
    env = dict(os.environ)
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)  # where platformdirs keeps the compiled catalogs
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def loaded_after(code: str, cache: Path | None = None) -> set[str]:
    """The modules of ``HEAVY`` that a fresh process has loaded after ``code``."""
    probe = (
        f"import sys\n{code}\n"
        f"print(__import__('json').dumps(sorted(set(sys.modules) & set({list(HEAVY)!r}))))"
    )
    return set(json.loads(run_python(probe, cache).splitlines()[-1]))


def run_main(arguments: list[str]) -> str:
    """Code that runs ``arbitro`` with ``arguments`` and checks that it succeeds."""
    return (
        "from arbitro.cli import main\n"
        "try:\n"
        f"    main({arguments!r})\n"
        "except SystemExit as end:\n"
        "    assert end.code == 0, end.code\n"
    )


def test_importing_the_cli_loads_nothing_heavy() -> None:
    assert loaded_after("import arbitro.cli") == set()


@pytest.mark.parametrize(
    "arguments",
    [["score", "3NT", "9"], ["--help"], ["board", "7"], ["imps", "-620"], ["score", "--help"]],
)
def test_a_short_command_loads_nothing_heavy(arguments: list[str], tmp_path: Path) -> None:
    # The first run on a machine compiles the catalogs (with Babel) and keeps them.
    for language in ("en", "es"):
        run_python(f"from arbitro.i18n import translations; translations({language!r})", tmp_path)
    assert loaded_after(run_main(arguments), tmp_path) == set()
    assert loaded_after(run_main([*arguments, "--lang", "es"]), tmp_path) == set()


def test_a_first_run_compiles_the_catalog_and_keeps_it(tmp_path: Path) -> None:
    assert "babel" in loaded_after(run_main(["--help"]), tmp_path)
    [kept] = (tmp_path / "arbitro" / "locale").iterdir()
    assert kept.name.startswith("arbitro-en-")
    assert loaded_after(run_main(["--help"]), tmp_path) == set()


def test_arbitro_help_imports_no_command_module() -> None:
    probe = (
        f"import sys\n{run_main(['--help'])}\n"
        "print(__import__('json').dumps(sorted(m for m in sys.modules "
        "if m.startswith('arbitro.cli.'))))"
    )
    imported = json.loads(run_python(probe).splitlines()[-1])
    assert imported == ["arbitro.cli.localized", "arbitro.cli.main"]


def test_every_command_module_imports_without_the_heavy_ones() -> None:
    """Even the commands that use the store or the solver import them when they run."""
    modules = sorted({lazy.target.partition(":")[0] for lazy in COMMANDS.values()})
    assert len(modules) > 5
    assert loaded_after("\n".join(f"import {module}" for module in modules)) == set()


def test_each_listed_summary_is_the_commands_own() -> None:
    with click.Context(cli) as context:
        for name, lazy in COMMANDS.items():
            command = cli.get_command(context, name)
            assert command is not None, name
            assert command.name == name
            assert command.short_help == lazy.summary, name


def test_the_group_lists_the_commands_it_runs() -> None:
    with click.Context(cli) as context:
        assert cli.list_commands(context) == sorted(COMMANDS)
        assert cli.get_command(context, "no-such-command") is None


@pytest.mark.parametrize("damage", [b"", b"\x00\x01", b"not a catalog at all"])
def test_a_damaged_kept_catalog_is_compiled_again(tmp_path: Path, damage: bytes) -> None:
    code = "from arbitro.i18n import gettext, use_language\nwith use_language('es'):\n    print(gettext('North'))"
    assert run_python(code, tmp_path).strip() == "Norte"
    [kept] = (tmp_path / "arbitro" / "locale").iterdir()
    kept.write_bytes(damage)
    assert run_python(code, tmp_path).strip() == "Norte"
    assert kept.read_bytes() != damage

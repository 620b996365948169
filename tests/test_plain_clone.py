"""A plain ``git clone`` tests on its own: every file the tests read is in the repository.

CI runs ``make test`` in a fresh clone with nothing beside it (``docs/developers.md``).
These tests hold that true on any machine: no tracked file names a path outside the
repository (an absolute path, a folder beside the clone, ``parents[n]`` climbing above
the repository's root), every third-party file under ``tests/data/`` has its licence
and its source beside it, and a clone of the last commit, made in an empty folder,
collects a test for every PBN file it holds.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
TEXT_ENDINGS = {".py", ".md", ".toml", ".cfg", ".txt", ".sh", ".yml", ".yaml", ".ini", ".html"}
# Built from parts, so that this file does not match itself.
ABSOLUTE = re.compile("/" + "work/|/home/|/tmp/" + "arbitro-data")
BESIDE = re.compile(r"\.\./" + r"shared|\"shared\" / \"data\"")
CLIMB = re.compile(r"parents\[(\d+)\]")


def _tracked() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode("utf-8")
    return [ROOT / name for name in listed.split("\0") if name]


def _outside_references(path: Path, root: Path = ROOT) -> list[str]:
    """The places in ``path`` (in the repository at ``root``) that name a file outside it."""
    text = path.read_text(encoding="utf-8", errors="replace")
    depth = len(path.relative_to(root).parts) - 1  # parents[depth] is the repository itself
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        climbs = [int(match.group(1)) for match in CLIMB.finditer(line)]
        if ABSOLUTE.search(line) or BESIDE.search(line) or any(n > depth for n in climbs):
            found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_no_tracked_file_names_a_path_outside_the_repository() -> None:
    found: list[str] = []
    for path in _tracked():
        if (
            (path.suffix in TEXT_ENDINGS or path.name == "Makefile")
            and DATA not in path.parents
            and path != Path(__file__).resolve()
            and path.is_file()
        ):
            found += _outside_references(path)
    assert found == []


def test_each_third_party_data_file_has_its_licence_and_source_beside_it() -> None:
    own = DATA / "programs"  # files written for Árbitro's tests, under its own licence
    folders = {
        path.parent
        for path in DATA.rglob("*")
        if path.is_file() and own not in path.parents and path.parent != DATA
    }
    assert folders, "tests/data holds no third-party files"
    for folder in folders:
        names = {path.name for path in folder.iterdir()}
        assert names & {"LICENCE", "LICENSE", "LICENSE.md", "LICENCE.md"}, folder
        assert "SOURCE.md" in names, folder
        assert "http" in (folder / "SOURCE.md").read_text(encoding="utf-8"), folder


def test_every_file_under_tests_data_is_tracked() -> None:
    tracked = set(_tracked())
    untracked = [
        str(path.relative_to(ROOT))
        for path in DATA.rglob("*")
        if path.is_file() and path not in tracked
    ]
    assert untracked == [], "commit these files: a clone would not have them"


def test_a_plain_clone_collects_a_test_for_each_pbn_file_it_holds(tmp_path: Path) -> None:
    clone = tmp_path / "arbitro"  # an empty folder: nothing beside the clone
    subprocess.run(
        ["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)],
        check=True,
        capture_output=True,
    )
    environment = {**os.environ, "PYTHONPATH": str(clone / "src")}
    collected = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/test_pbn.py",
        ],
        cwd=clone,
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert collected.returncode == 0, collected.stdout + collected.stderr
    files = sorted((clone / "tests" / "data" / "pbn").rglob("*.pbn"))
    assert files, "the clone holds no PBN files"
    missing = [path.name for path in files if f"[{path.name}]" not in collected.stdout]
    assert missing == []


@pytest.mark.parametrize(
    ("line", "where", "outside"),
    [
        ('DATA = Path(__file__).parents[2] / "x"', "tests/test_x.py", True),
        ('DATA = Path(__file__).parents[1] / "tests"', "tests/test_x.py", False),
        ('DATA = Path(__file__).parents[1] / "x"', "src/arbitro/x.py", False),
        ('DATA = Path(__file__).parents[1] / "x"', "conftest.py", True),
        ("PATH = '/" + "work/shared/data/a.pbn'", "tests/test_x.py", True),
        ("PATH = '../" + "shared/data/a.pbn'", "docs/x.md", True),
    ],
)
def test_outside_references_are_found(line: str, where: str, outside: bool, tmp_path: Path) -> None:
    # The scan itself, on lines written for it, placed as if in a repository at tmp_path.
    path = tmp_path / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(line + "\n", encoding="utf-8")
    assert bool(_outside_references(path, tmp_path)) is outside

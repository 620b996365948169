"""The docs stay true: every ``console`` example in README.md and docs/ runs as shown.

A console block holds ``$ arbitro ...`` lines, each followed by what it prints (its
standard output and standard error together). The ``>>>`` examples in the same files
are run by pytest's doctest collection.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from arbitro.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def console_examples() -> list[tuple[str, str, str]]:
    """(document, command, expected output) for every example in the docs."""
    examples = []
    for document in DOCUMENTS:
        for block in BLOCK.findall(document.read_text(encoding="utf-8")):
            command: str | None = None
            output: list[str] = []
            for line in block.splitlines():
                if line.startswith("$ "):
                    if command is not None:
                        examples.append((document.name, command, "\n".join(output)))
                    command, output = line[2:], []
                elif command is not None:
                    output.append(line)
            if command is not None:
                examples.append((document.name, command, "\n".join(output)))
    return examples


EXAMPLES = console_examples()


def test_the_docs_have_console_examples() -> None:
    documents = {document for document, _, _ in EXAMPLES}
    assert {"README.md", "cli.md"} <= documents


@pytest.mark.parametrize(
    ("document", "command", "expected"),
    [example for example in EXAMPLES if example[1].startswith("arbitro ")],
    ids=[
        f"{document}:{command}"
        for document, command, _ in EXAMPLES
        if command.startswith("arbitro ")
    ],
)
def test_console_example_prints_what_the_docs_say(
    capsys: pytest.CaptureFixture[str], document: str, command: str, expected: str
) -> None:
    arguments = shlex.split(command)[1:]
    with pytest.raises(SystemExit):
        main(arguments)
    captured = capsys.readouterr()
    # A PBN file written to standard output ends its lines in CR LF (export format,
    # PBN 2.3); the docs show its lines.
    printed = (captured.out + captured.err).replace("\r\n", "\n").rstrip("\n")
    assert printed == expected.rstrip("\n"), f"{document}: $ {command}"


@pytest.mark.parametrize(
    "command",
    [
        "score",
        "board",
        "imps",
        "serve",
        "director add",
        "director list",
        "session",
        "deal",
        "deal verify",
        "analyze",
        "table replay",
        "convert",
        "check",
        "claim check",
        "event new",
        "event movement",
        "event list",
        "event show",
        "event import",
        "event publish",
        "event reopen",
        "event penalty",
        "event ruling",
        "event rectified",
        "event substitute",
        "event suspend",
        "event disqualify",
        "event appeal",
        "event decide",
        "event carry-over",
        "event ranking",
        "event export",
        "event traveller",
        "event card",
        "result enter",
        "result import",
        "result correct",
        "result list",
        "result audit",
        "ruling report",
        "ruling record",
        "ruling show",
        "ruling list",
        "ruling poll",
        "ruling answer",
        "ruling card",
        "ruling alerts",
        "ruling psychic",
        "ruling psychics",
        "ruling methods",
        "ruling level",
    ],
)
def test_every_command_is_documented(command: str) -> None:
    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"## `arbitro {command}`" in reference

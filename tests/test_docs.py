"""The docs stay true: every ``console`` example in README.md and docs/ runs as shown.

A console block holds ``$ arbitro ...`` lines, each followed by what it prints (its
standard output and standard error together). The ``>>>`` examples in the same files
are run by pytest's doctest collection. Every relative link leads to a file that is
there, and an anchor to one of its headings.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from arbitro.cli import cli, main

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


def command_names(group: click.Group, context: click.Context, prefix: str = "") -> list[str]:
    """Every command of ``group`` and of its subgroups, as typed after ``arbitro``.

    The group may be lazy: the commands are loaded through click's own API. A group
    that does something itself (``deal``, run without a subcommand) is a command too.
    """
    names = []
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None, f"{prefix}{name}"
        path = f"{prefix}{name}"
        if isinstance(command, click.Group):
            if command.invoke_without_command:
                names.append(path)
            child = click.Context(command, parent=context, info_name=name)
            names.extend(command_names(command, child, f"{path} "))
        elif not command.hidden:
            names.append(path)
    return names


COMMANDS = command_names(cli, click.Context(cli, info_name="arbitro"))


def test_the_command_list_is_read_from_the_group() -> None:
    assert {"score", "deal", "deal verify", "session score", "event board"} <= set(COMMANDS)
    assert "event" not in COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_is_documented(command: str) -> None:
    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"## `arbitro {command}`" in reference


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
"""A Markdown link or image: its target (an address, a file, ``file#anchor``, ``#anchor``)."""
FENCED = re.compile(r"```.*?```", re.DOTALL)


def heading_anchors(document: Path) -> set[str]:
    """The anchors a Markdown viewer gives ``document``'s headings (GitHub's rule).

    Lower case, punctuation dropped, spaces made hyphens; a repeated heading gets ``-1``,
    ``-2``, ... Headings inside code blocks are not headings.
    """
    text = FENCED.sub("", document.read_text(encoding="utf-8"))
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6}\s+(.*)$", text, flags=re.MULTILINE):
        anchor = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        repeats = seen.get(anchor, 0)
        seen[anchor] = repeats + 1
        anchors.add(anchor if repeats == 0 else f"{anchor}-{repeats}")
    return anchors


def broken_links(document: Path) -> list[str]:
    """The relative links of ``document`` to a file that is not there, or to no heading of it."""
    broken = []
    for target in LINK.findall(FENCED.sub("", document.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue  # an address (https:, mailto:): not the repository's
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in heading_anchors(linked):
            broken.append(f"{target}: no heading gives #{anchor}")
    return broken


def test_the_heading_anchors_follow_the_viewers_rule(tmp_path: Path) -> None:
    document = tmp_path / "a.md"
    document.write_text(
        "# Knockout matches (Law 86B)\n## The AEB's notes\n## Notes\n## Notes\n"
        "```sh\n# not a heading\n```\n[x](#knockout-matches-law-86b) [y](#notes-2)\n",
        encoding="utf-8",
    )
    assert heading_anchors(document) == {
        "knockout-matches-law-86b",
        "the-aebs-notes",
        "notes",
        "notes-1",
    }
    assert broken_links(document) == ["#notes-2: no heading gives #notes-2"]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda document: document.name)
def test_every_link_of_the_docs_leads_somewhere(document: Path) -> None:
    assert broken_links(document) == []

"""The command-line reference, taken from the commands themselves, in the active language.

The web console does not import the CLI: ``arbitro serve`` hands its own command group
to :func:`~arbitro.web.app.create_app`, which shows this reference at ``/help/cli``.

>>> @click.group("arbitro")
... def tool() -> None: ...
>>> @tool.command("score", short_help="Score a contract.")
... def score() -> None: ...
>>> [(page.name, page.summary) for page in cli_reference(tool)]
[('arbitro', ''), ('score', 'Score a contract.')]
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from arbitro.i18n import gettext


@dataclass(frozen=True)
class CommandHelp:
    """One command's name, one-line summary and ``--help`` text."""

    name: str
    summary: str
    help_text: str


def cli_reference(cli: click.Group) -> list[CommandHelp]:
    """The ``--help`` of the command group ``cli`` and of each of its commands and subcommands.

    Each page is as the terminal shows it; a group's subcommands follow the group
    (``table``, then ``table replay``).

    >>> @click.group("arbitro")
    ... def tool() -> None: ...
    >>> @tool.group("table")
    ... def table() -> None: ...
    >>> @table.command("replay")
    ... @click.argument("file")
    ... def replay(file: str) -> None: ...
    >>> pages = {page.name: page for page in cli_reference(tool)}
    >>> pages["table replay"].help_text.splitlines()[0]
    'Usage: arbitro table replay [OPTIONS] FILE'
    """
    pages: list[CommandHelp] = []
    # make_context applies each command's context settings (its -h / --help names);
    # resilient parsing lets a command with required arguments be described.
    with cli.make_context("arbitro", [], resilient_parsing=True) as root:
        pages.append(CommandHelp("arbitro", _summary(cli), root.get_help()))
        _add_commands(cli, root, "", pages)
    return pages


def _add_commands(
    group: click.Group, parent: click.Context, prefix: str, pages: list[CommandHelp]
) -> None:
    """Add the help pages of ``group``'s commands, and of their subcommands, in order."""
    for name in group.list_commands(parent):
        command = group.get_command(parent, name)
        if command is None or command.hidden:
            continue
        with command.make_context(name, [], parent=parent, resilient_parsing=True) as context:
            pages.append(CommandHelp(prefix + name, _summary(command), context.get_help()))
            if isinstance(command, click.Group):
                _add_commands(command, context, f"{prefix}{name} ", pages)


def _summary(command: click.Command) -> str:
    """The command's one-line summary in the active language."""
    return gettext(command.short_help) if command.short_help else ""

"""The command-line reference, taken from the commands themselves, in the active language.

>>> [command.name for command in cli_reference()][:3]
['arbitro', 'analyze', 'board']
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


def cli_reference() -> list[CommandHelp]:
    """The ``--help`` of ``arbitro`` and of each of its commands and subcommands.

    Each page is as the terminal shows it; a group's subcommands follow the group
    (``table``, then ``table replay``).

    >>> pages = {page.name: page for page in cli_reference()}
    >>> pages["table replay"].help_text.splitlines()[0]
    'Usage: arbitro table replay [OPTIONS] FILE'
    """
    from arbitro.cli import cli  # the console sits beside the CLI; import when asked

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

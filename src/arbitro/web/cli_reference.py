"""The command-line reference, taken from the commands themselves, in the active language.

>>> [command.name for command in cli_reference()][:3]
['arbitro', 'board', 'imps']
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
    """The ``--help`` of ``arbitro`` and of each of its commands, as the terminal shows it.

    >>> cli_reference()[-1].help_text.splitlines()[0]
    'Usage: arbitro serve [OPTIONS]'
    """
    from arbitro.cli import cli  # the console sits beside the CLI; import when asked

    pages = []
    # make_context applies each command's context settings (its -h / --help names);
    # resilient parsing lets a command with required arguments be described.
    with cli.make_context("arbitro", [], resilient_parsing=True) as root:
        pages.append(CommandHelp("arbitro", _summary(cli), root.get_help()))
        for name in cli.list_commands(root):
            command = cli.get_command(root, name)
            if command is None or command.hidden:
                continue
            with command.make_context(name, [], parent=root, resilient_parsing=True) as context:
                pages.append(CommandHelp(name, _summary(command), context.get_help()))
    return pages


def _summary(command: click.Command) -> str:
    """The command's one-line summary in the active language."""
    return gettext(command.short_help) if command.short_help else ""

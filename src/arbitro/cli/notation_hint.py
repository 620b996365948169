"""The hint a contract, card or seat written in the other language's notation gets.

Contracts, seats and cards are read in the command line's notation (``--notation``,
else ``--lang``): a Spanish director who types ``4S``, ``W`` or ``HK``, or reads an
English program's CSV file, is refused, since ``S`` is no Spanish strain. When the
refused text reads in the other notation, :func:`notation_hint` says how to write it
in the notation in force, and, where the command has it, that ``--notation`` reads
the other one. The hint changes no reading: the text stays refused.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from arbitro.core.other_notation import NOTATION_NAMES, in_other_notation
from arbitro.i18n import get_language, gettext


def notation_hint(
    error: BaseException, arguments: Sequence[str], group: click.Group | None = None
) -> str:
    """The hint for ``error`` if its text reads in the other notation, else ``""``.

    ``arguments`` are the command line's (its ``--notation``, and the command, whose
    ``--notation`` option, if it has one, the hint names); ``group`` is the command group.
    The reading is :func:`arbitro.core.other_notation.in_other_notation`, the desk's too.

    >>> from arbitro.core.contract import Contract
    >>> from arbitro.core.errors import InvalidContractError
    >>> try:
    ...     Contract.from_str("4P", "en")
    ... except InvalidContractError as error:
    ...     print(notation_hint(error, ["score", "4P", "10", "--lang", "en"]))
    '4P' is in Spanish notation: write 4S
    >>> notation_hint(ValueError("4S"), [])
    ''
    """
    notation = _option_value(arguments, "--notation") or get_language()
    found = in_other_notation(error, notation)
    if found is None:
        return ""
    values = {
        "text": found.text,
        "notation": gettext(NOTATION_NAMES[found.other]),
        "written": found.written,
        "other": found.other,
    }
    if _has_notation_option(arguments, group):
        return gettext(
            "'{text}' is in {notation}: write {written}, or add --notation {other}"
        ).format(**values)
    return gettext("'{text}' is in {notation}: write {written}").format(**values)


def _option_value(arguments: Sequence[str], name: str) -> str | None:
    """The value of the option ``name`` on the command line, wherever it stands."""
    for position, argument in enumerate(arguments):
        if argument == name and position + 1 < len(arguments):
            return arguments[position + 1]
        if argument.startswith(name + "="):
            return argument.partition("=")[2]
    return None


def _has_notation_option(arguments: Sequence[str], group: click.Group | None) -> bool:
    """Whether the command ``arguments`` run (its group's words followed) takes ``--notation``."""
    command: click.Command | None = group
    for argument in arguments:
        if not isinstance(command, click.Group):
            break
        if argument.startswith("-"):
            continue
        found = command.get_command(click.Context(command), argument)
        command = found or command  # an option's value (--lang es) names no command
    if command is None or isinstance(command, click.Group):
        return False
    return any("--notation" in param.opts for param in command.params)

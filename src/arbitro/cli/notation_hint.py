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

from arbitro.core.card import Card
from arbitro.core.contract import Contract
from arbitro.core.errors import (
    InvalidCardError,
    InvalidContractError,
    InvalidSeatError,
    NotationError,
)
from arbitro.core.seat import Seat
from arbitro.i18n import N_, get_language, gettext

NOTATION_NAMES = {"en": N_("English notation"), "es": N_("Spanish notation")}
"""Each notation as the hint names it."""


def notation_hint(
    error: BaseException, arguments: Sequence[str], group: click.Group | None = None
) -> str:
    """The hint for ``error`` if its text reads in the other notation, else ``""``.

    ``arguments`` are the command line's (its ``--notation``, and the command, whose
    ``--notation`` option, if it has one, the hint names); ``group`` is the command group.

    >>> try:
    ...     Contract.from_str("4P", "en")
    ... except InvalidContractError as error:
    ...     print(notation_hint(error, ["score", "4P", "10", "--lang", "en"]))
    '4P' is in Spanish notation: write 4S
    >>> notation_hint(ValueError("4S"), [])
    ''
    """
    refused = _notation_error(error)
    if refused is None:
        return ""
    notation = _option_value(arguments, "--notation") or get_language()
    other = "es" if notation == "en" else "en"
    written = _written(refused, other, notation)
    if written is None:
        return ""
    values = {
        "text": refused.text.strip(),
        "notation": gettext(NOTATION_NAMES[other]),
        "written": written,
        "other": other,
    }
    if _has_notation_option(arguments, group):
        return gettext(
            "'{text}' is in {notation}: write {written}, or add --notation {other}"
        ).format(**values)
    return gettext("'{text}' is in {notation}: write {written}").format(**values)


def _notation_error(error: BaseException) -> NotationError | None:
    """The contract, card or seat error ``error`` is, or was raised while handling."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, InvalidContractError | InvalidCardError | InvalidSeatError):
            return current
        current = current.__cause__ or current.__context__
    return None


def _written(error: NotationError, other: str, notation: str) -> str | None:
    """The refused text read in the ``other`` notation and written in ``notation``, or None."""
    text = error.text.strip()
    try:
        if isinstance(error, InvalidContractError):
            return Contract.from_str(text, other).to_str(notation)
        if isinstance(error, InvalidCardError):
            return Card.from_str(text, other).to_str(notation)
        return Seat.from_str(text, other).to_str(notation)
    except NotationError:
        return None


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

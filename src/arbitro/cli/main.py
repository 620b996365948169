"""The ``arbitro`` group and :func:`main`, which turns every failure into one clear line.

>>> main(["score", "8NT", "9"])
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence

import click

import arbitro
from arbitro.cli.claims import claim_group
from arbitro.cli.commands import board_command, imps_command, score_command
from arbitro.cli.dealing import analyze_command, deal_command
from arbitro.cli.director import director_group
from arbitro.cli.event import event_group
from arbitro.cli.formats import check_command, convert_command
from arbitro.cli.localized import LocalizedGroup, lang_option
from arbitro.cli.result import result_group
from arbitro.cli.ruling import ruling_group
from arbitro.cli.serve import serve_command
from arbitro.cli.session import session_group
from arbitro.cli.table import table_group
from arbitro.core.errors import ArbitroError
from arbitro.i18n import (
    N_,
    UnknownLanguageError,
    gettext,
    parse_language,
    reset_language,
    set_language,
)

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 70


@click.group(
    "arbitro",
    cls=LocalizedGroup,
    help=N_(
        "Árbitro: the Laws of Duplicate Bridge (2007 code, AEB edition) for the table, "
        "the director and the scorer."
    ),
    short_help=N_("The Laws of Duplicate Bridge as software."),
)
@click.version_option(
    arbitro.__version__, "--version", prog_name="arbitro", message="%(prog)s %(version)s"
)
@lang_option
def cli() -> None:
    """The ``arbitro`` command group."""


for command in (
    analyze_command,
    board_command,
    claim_group,
    deal_command,
    director_group,
    event_group,
    imps_command,
    score_command,
    result_group,
    ruling_group,
    serve_command,
    session_group,
    table_group,
    convert_command,
    check_command,
):
    cli.add_command(command)


def _language_from_arguments(arguments: Sequence[str]) -> str | None:
    """The value of ``--lang`` wherever it stands, so errors and help speak it."""
    for position, argument in enumerate(arguments):
        if argument == "--lang" and position + 1 < len(arguments):
            return arguments[position + 1]
        if argument.startswith("--lang="):
            return argument.partition("=")[2]
    return None


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: object = None,
    line: str | None = None,
) -> None:
    """Show a warning (a database others can read, ...) as one line, without the source line."""
    click.echo(gettext("warning: {warning}").format(warning=message), err=True)


def _fail(command_path: str, message: str, status: int) -> None:
    click.echo(f"{command_path}: {message}", err=True)
    sys.exit(status)


def _usage_message(error: click.UsageError) -> str:
    if isinstance(error, click.MissingParameter) and error.param is not None:
        name = error.param.human_readable_name
        return gettext("missing {name}").format(name=gettext(name))
    if isinstance(error, click.NoSuchOption):
        return gettext("no such option: {option}").format(option=error.option_name)
    return error.format_message() if not isinstance(error, click.BadParameter) else error.message


def main(argv: Sequence[str] | None = None) -> None:
    """Run the ``arbitro`` command line with ``argv`` (default: the process's arguments).

    It always ends with :class:`SystemExit`: 0 on success, 2 for bad input, 1 for
    other failures and 70 for an internal error.

    >>> main(["imps", "720"])
    Traceback (most recent call last):
    ...
    SystemExit: 0
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    warnings.showwarning = _show_warning
    try:
        asked = _language_from_arguments(arguments) or os.environ.get("ARBITRO_LANG")
        token = set_language(parse_language(asked) if asked else None)
    except UnknownLanguageError as error:
        _fail("arbitro", str(error), EXIT_USAGE)
    try:
        _run(arguments)
    finally:
        reset_language(token)


def _run(arguments: list[str]) -> None:
    """Run the group, turning every failure into one line and an exit status."""
    try:
        status = cli.main(args=arguments, prog_name="arbitro", standalone_mode=False)
    except click.UsageError as error:
        path = error.ctx.command_path if error.ctx is not None else "arbitro"
        _fail(path, _usage_message(error), EXIT_USAGE)
    except click.ClickException as error:
        _fail("arbitro", error.format_message(), error.exit_code)
    except click.Abort:
        _fail("arbitro", gettext("interrupted"), EXIT_ERROR)
    except ArbitroError as error:
        _fail("arbitro", str(error), EXIT_ERROR)
    except Exception as error:
        if os.environ.get("ARBITRO_DEBUG"):
            raise
        _fail(
            "arbitro",
            gettext(
                "internal error ({kind}: {error}); please report it, and run again with "
                "ARBITRO_DEBUG=1 to see the details"
            ).format(kind=type(error).__name__, error=error),
            EXIT_INTERNAL,
        )
    sys.exit(status if isinstance(status, int) else 0)

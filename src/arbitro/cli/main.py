"""The ``arbitro`` group and :func:`main`, which turns every failure into one clear line.

The group imports a command's module when the command is run or listed
(:class:`LazyGroup`), so ``arbitro score 3NT 9`` loads Law 77 and not the store, the
web console or the double-dummy solver.

>>> main(["score", "8NT", "9"])
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from difflib import get_close_matches
from gettext import gettext as _click_gettext  # the catalog click writes its messages with
from importlib import import_module
from typing import Any, NamedTuple

import click
from click.exceptions import NoSuchCommand

from arbitro.cli.localized import LocalizedGroup, click_usage_message, lang_option
from arbitro.core.errors import ArbitroError, BadInputError, RefusedError, printable
from arbitro.i18n import (
    N_,
    UnknownLanguageError,
    gettext,
    parse_language,
    reset_language,
    set_language,
)

EXIT_REFUSED = 1
"""What was asked is refused: by a Law, by the regulating authority's rules (a weighted score
under the AEB's profile, Law 12C1c) or by the event's records. Every command ends a refusal
by a rule with it, however the refused value came in (an option, a file's line)."""
EXIT_ERROR = 1
"""Any other failure that is not the input's fault (the command was interrupted)."""
EXIT_USAGE = 2
"""A mistake in the input: the command line, or a file that cannot be read as its format."""
EXIT_INTERNAL = 70


class Lazy(NamedTuple):
    """Where a command is defined (``module:name``) and its one-line summary for ``--help``."""

    target: str
    summary: str


COMMANDS: Mapping[str, Lazy] = {
    "analyze": Lazy(
        "arbitro.cli.dealing:analyze_command", N_("Double-dummy tables, par and hand records.")
    ),
    "board": Lazy(
        "arbitro.cli.commands:board_command", N_("Dealer and vulnerability of a board (Law 2).")
    ),
    "check": Lazy("arbitro.cli.formats:check_command", N_("Check a file against its format.")),
    "claim": Lazy("arbitro.cli.claims:claim_group", N_("Check a claim or concession.")),
    "convert": Lazy("arbitro.cli.formats:convert_command", N_("Convert a file between formats.")),
    "deal": Lazy(
        "arbitro.cli.dealing:deal_command", N_("Deal a set of boards (Law 6), or verify one.")
    ),
    "director": Lazy(
        "arbitro.cli.director:director_group", N_("Director accounts of the web console.")
    ),
    "event": Lazy("arbitro.cli.event:event_group", N_("Run an event: set-up, records, ranking.")),
    "imps": Lazy(
        "arbitro.cli.commands:imps_command", N_("Convert a point difference to IMPs (Law 78B).")
    ),
    "result": Lazy("arbitro.cli.result:result_group", N_("Enter and correct results.")),
    "ruling": Lazy("arbitro.cli.ruling:ruling_group", N_("Judgement rulings and their reports.")),
    "score": Lazy("arbitro.cli.commands:score_command", N_("Score a contract by Law 77.")),
    "serve": Lazy("arbitro.cli.serve:serve_command", N_("Start the web console.")),
    "session": Lazy(
        "arbitro.cli.session:session_group", N_("Score a session (Laws 12, 78, 86-90).")
    ),
    "table": Lazy("arbitro.cli.table:table_group", N_("Replay a table log.")),
}
"""Each command of ``arbitro``: where it is defined, and its summary (the command's own
``short_help``, which ``tests/test_cli_startup.py`` holds it to), so that ``arbitro
--help`` lists every command without importing any."""


class LazyGroup(LocalizedGroup):
    """A group that imports a command's module only when the command is run or described.

    ``lazy`` maps each command's name to where it is defined and its summary; the list
    of ``--help`` shows the summaries, so it imports nothing. A command, once imported,
    is kept like any other.

    >>> group = LazyGroup("demo", lazy={"imps": COMMANDS["imps"]})
    >>> group.list_commands(click.Context(group)), sorted(group.commands)
    (['imps'], [])
    >>> group.get_command(click.Context(group), "imps").name, sorted(group.commands)
    ('imps', ['imps'])
    """

    def __init__(self, *args: Any, lazy: Mapping[str, Lazy], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, imported or not, in alphabetical order."""
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, its module imported the first time it is asked for."""
        if cmd_name not in self.commands and cmd_name in self.lazy:
            target = self.lazy[cmd_name].target
            module, _, name = target.partition(":")
            command = getattr(import_module(module), name)
            if not isinstance(command, click.Command):
                raise TypeError(f"{target} is not a click command")
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands with their summaries; a command not imported yet stays so."""
        rows: list[tuple[str, str]] = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            if command is None:
                rows.append((name, self.lazy[name].summary))
            elif not command.hidden:
                rows.append((name, command.get_short_help_str(formatter.width)))
        if rows:
            with formatter.section(N_("Commands")):
                formatter.write_dl(rows)


@click.group(
    "arbitro",
    cls=LazyGroup,
    lazy=COMMANDS,
    help=N_(
        "Árbitro: the Laws of Duplicate Bridge (2007 code, AEB edition) for the table, "
        "the director and the scorer."
    ),
    short_help=N_("The Laws of Duplicate Bridge as software."),
)
@click.version_option(
    None,
    "--version",
    package_name="arbitro",  # read when asked for: importlib.metadata is slow to import
    prog_name="arbitro",
    message="%(prog)s %(version)s",
)
@lang_option
def cli() -> None:
    """The ``arbitro`` command group."""


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
    click.echo(f"{command_path}: {printable(message)}", err=True)
    sys.exit(status)


def _usage_message(error: click.UsageError) -> str:
    """The message of a usage error, in the active language (click writes its own in English).

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     _usage_message(NoSuchCommand("evnet", possibilities=["event", "session"]))
    '«evnet» no es una orden; ¿quería decir event?'
    """
    if isinstance(error, NoSuchCommand):
        text = gettext("'{name}' is not a command").format(name=error.command_name)
        # The close names among all the group's commands, loaded or not (the lazy group
        # knows only those imported so far).
        group = error.ctx.command if error.ctx is not None else None
        names = (
            group.list_commands(error.ctx)
            if isinstance(group, click.Group) and error.ctx is not None
            else error.possibilities or []
        )
        close = get_close_matches(error.command_name, names)
        if close:
            text += gettext("; did you mean {names}?").format(names=", ".join(close))
        return text
    if type(error) is click.UsageError and error.message == _click_gettext("Missing command."):
        return gettext("a command is missing (--help lists them)")
    if isinstance(error, click.MissingParameter):
        param = error.param
        if isinstance(param, click.Option):  # named as typed, --other-table, not other_table
            return gettext("missing {name}").format(name=max(param.opts, key=len))
        if param is not None:
            return gettext("missing {name}").format(name=gettext(param.human_readable_name))
    if isinstance(error, click.NoSuchOption):
        text = gettext("no such option: {option}").format(option=error.option_name)
        if error.possibilities:
            text += gettext("; did you mean {names}?").format(names=", ".join(error.possibilities))
        return text
    translated = click_usage_message(error.message)
    if translated is not None:
        return translated
    return error.format_message() if not isinstance(error, click.BadParameter) else error.message


def main(argv: Sequence[str] | None = None) -> None:
    """Run the ``arbitro`` command line with ``argv`` (default: the process's arguments).

    It always ends with :class:`SystemExit`: 0 on success, 2 for bad input, 1 for
    a refusal by a Law or a rule (and other failures) and 70 for an internal error.

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


def _hinted(message: str, error: BaseException, arguments: Sequence[str]) -> str:
    """``message``, with the hint for a contract, card or seat in the other notation."""
    from arbitro.cli.notation_hint import notation_hint  # only when something failed

    hint = notation_hint(error, arguments, cli)
    return f"{message}; {hint}" if hint else message


def _run(arguments: list[str]) -> None:
    """Run the group, turning every failure into one line and an exit status."""
    try:
        status = cli.main(args=arguments, prog_name="arbitro", standalone_mode=False)
    except click.UsageError as error:
        path = error.ctx.command_path if error.ctx is not None else "arbitro"
        _fail(path, _hinted(_usage_message(error), error, arguments), EXIT_USAGE)
    except click.ClickException as error:
        _fail("arbitro", _hinted(error.format_message(), error, arguments), error.exit_code)
    except click.Abort:
        _fail("arbitro", gettext("interrupted"), EXIT_ERROR)
    except ArbitroError as error:
        mistaken = isinstance(error, BadInputError) and not isinstance(error, RefusedError)
        _fail(
            "arbitro",
            _hinted(str(error), error, arguments),
            EXIT_USAGE if mistaken else EXIT_REFUSED,
        )
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

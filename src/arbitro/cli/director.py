"""``arbitro director``: the director accounts of the web console.

The first director is made here (or on the console's first-run page); the password is
asked twice without echo, or read from standard input with ``--password-stdin`` (or when
standard input is not a terminal, a pipe or a file), and only its Argon2 hash is stored.

>>> from click.testing import CliRunner
>>> runner = CliRunner()
>>> result = runner.invoke(director_group, ["add", "ana", "--password-stdin", "--db", "sqlite:///:memory:"], input="correct horse")
>>> print(result.output, end="")
Director 'ana' added.
"""

from __future__ import annotations

import sys

import click

from arbitro.cli.localized import LocalizedArgument, LocalizedCommand, LocalizedGroup, lang_option
from arbitro.cli.shared import db_option, opened, option
from arbitro.core.passwords import MAX_PASSWORD, PasswordLengthError, check_password
from arbitro.i18n import N_, gettext


@click.group(
    "director",
    cls=LocalizedGroup,
    help=N_("The director accounts that sign in to the web console's director's desk."),
    short_help=N_("Director accounts of the web console."),
)
@lang_option
def director_group() -> None:
    """The ``arbitro director`` group.

    >>> sorted(director_group.commands)
    ['add', 'list', 'password']
    """


@director_group.command(
    "add",
    cls=LocalizedCommand,
    help=N_(
        "Add the director NAME; the password is asked twice (at least 8 characters) and "
        "only its hash is kept."
    ),
    short_help=N_("Add a director."),
)
@click.argument("name", cls=LocalizedArgument, help=N_("The director's name, to sign in with."))
@option(
    "--password-stdin",
    is_flag=True,
    help=N_(
        "Read the password from the first line of standard input (for scripts; the same "
        "when standard input is not a terminal)."
    ),
)
@db_option
@lang_option
def add_command(name: str, password_stdin: bool, database: str | None) -> None:
    """Add a director.

    >>> from click.testing import CliRunner
    >>> CliRunner().invoke(add_command, ["eva", "--password-stdin", "--db", "sqlite:///:memory:"], input="short").exit_code
    2
    """
    from arbitro.web.security import hash_password  # hashing lives with the console's security

    password = _read_password(password_stdin)
    with opened(database) as store:
        store.add_director(name, hash_password(password))
    click.echo(gettext("Director '{name}' added.").format(name=name.strip()))


def _read_password(from_stdin: bool) -> str:
    """The new password, 8 to 200 characters: asked twice without echo, or read from stdin.

    Standard input's first line is read with ``--password-stdin``, or when a password is
    piped in: there is no echo to hide, and asking would only warn that it cannot hide it.
    """
    if from_stdin or not _at_terminal():
        # Read no further than the longest password and its line's end: a longer line
        # is refused below, never read whole (standard input may be any file).
        password = sys.stdin.readline(MAX_PASSWORD + 2).rstrip("\r\n")
    else:
        password = click.prompt(
            gettext("Password"), hide_input=True, confirmation_prompt=gettext("Repeat the password")
        )
    try:
        return check_password(password)
    except PasswordLengthError as error:
        raise click.UsageError(str(error)) from None


def _at_terminal() -> bool:
    """Whether standard input is a terminal, where the password can be typed unseen."""
    stdin = sys.stdin
    return stdin is not None and stdin.isatty()


@director_group.command(
    "password",
    cls=LocalizedCommand,
    help=N_(
        "Give the director NAME a new password (asked twice, at least 8 characters); every "
        "session they had in the web console ends."
    ),
    short_help=N_("Change a director's password."),
)
@click.argument("name", cls=LocalizedArgument, help=N_("The director's name."))
@option(
    "--password-stdin",
    is_flag=True,
    help=N_(
        "Read the password from the first line of standard input (for scripts; the same "
        "when standard input is not a terminal)."
    ),
)
@db_option
@lang_option
def password_command(name: str, password_stdin: bool, database: str | None) -> None:
    """Change a director's password; their sessions in the console end."""
    from arbitro.web.security import hash_password  # hashing lives with the console's security

    password = _read_password(password_stdin)
    with opened(database) as store:
        store.change_password(name.strip(), hash_password(password))
    click.echo(
        gettext("Director '{name}': new password; their sessions have ended.").format(
            name=name.strip()
        )
    )


@director_group.command(
    "list",
    cls=LocalizedCommand,
    help=N_("List the directors' names."),
    short_help=N_("List the directors."),
)
@db_option
@lang_option
def list_command(database: str | None) -> None:
    """List the directors.

    >>> from click.testing import CliRunner
    >>> CliRunner().invoke(list_command, ["--db", "sqlite:///:memory:"]).output
    ''
    """
    with opened(database, existing=True) as store:
        for name in store.director_names():
            click.echo(name)

r"""What the command groups that work on a database share: ``--db``, ``EVENT``, the open store.

``arbitro event``, ``result``, ``ruling`` and ``director`` take the same options; they
live here so that none of those groups imports another. The store (SQLAlchemy,
Alembic) is imported by :func:`opened`, when a command runs, not when the command
line starts.

>>> @click.command()
... @db_option
... @event_argument
... @option("--by", help="Who did it.")
... def hello(database: str | None, event: int, by: str | None) -> None:
...     click.echo(f"{database} {event} {by}")
>>> from click.testing import CliRunner
>>> CliRunner().invoke(hello, ["3", "--db", "x.db", "--by", "Ana"]).output
'x.db 3 Ana\n'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from arbitro.cli.localized import LocalizedArgument, LocalizedChoice, LocalizedOption
from arbitro.cli.numbers import NumberParam
from arbitro.i18n import N_, gettext
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY

if TYPE_CHECKING:
    from arbitro.store import Store

F = TypeVar("F", bound=Callable[..., Any])


def option(*names: str, **settings: Any) -> Callable[[F], F]:
    """``click.option`` with :class:`LocalizedOption`: help in the active language, defaults too.

    >>> @click.command()
    ... @option("--table", type=int, default=1, show_default=True, help="The table.")
    ... def hello(table: int) -> None: ...
    >>> with click.Context(hello) as ctx:
    ...     hello.params[0].get_help_record(ctx)
    ('--table INTEGER', 'The table.  [default: 1]')
    """
    settings.setdefault("cls", LocalizedOption)
    return click.option(*names, **settings)


def profile_option(function: F) -> F:
    """The ``--profile`` option of a new event: the regulating authority's profile (AEB by default).

    >>> @click.command()
    ... @profile_option
    ... def hello(profile: str) -> None: ...
    >>> [(param.name, param.default) for param in hello.params]
    [('profile', 'aeb')]
    """
    return option(
        "--profile",
        type=LocalizedChoice(AUTHORITIES),
        default=DEFAULT_AUTHORITY,
        show_default=True,
        help=N_("The regulating authority's profile."),
    )(function)


def db_option(function: F) -> F:
    """The ``--db`` option: the database file or URL (default ``ARBITRO_DB``).

    >>> @click.command()
    ... @db_option
    ... def hello(database: str | None) -> None: ...
    >>> [param.name for param in hello.params]
    ['database']
    """
    return option(
        "--db",
        "database",
        metavar=N_("FILE|URL"),
        cls=LocalizedOption,
        help=N_("Database file or URL (default: ARBITRO_DB, then the file in your data folder)."),
    )(function)


@contextmanager
def opened(database: str | None, *, existing: bool = False) -> Iterator[Store]:
    """The store at ``database``, closed afterwards.

    ``existing``: a command that only reads refuses an SQLite file that is not there
    (a mistyped ``--db`` or ``ARBITRO_DB``), rather than make an empty database and
    answer from it. A blank ``--db``, or one naming a folder, is refused by every command.

    >>> with opened("sqlite:///:memory:") as store:
    ...     store.events()
    []
    >>> with opened("/nonexistent/club.sqlite3", existing=True) as store:
    ...     pass
    Traceback (most recent call last):
    ...
    click.exceptions.UsageError: there is no database at '/nonexistent/club.sqlite3': check --db or ARBITRO_DB (arbitro event new, event import and serve make one)
    """
    from arbitro.store import open_store  # SQLAlchemy only when a command runs
    from arbitro.store.database import database_url
    from arbitro.store.first_reads import sqlite_file

    if database is not None and not database.strip():
        raise click.UsageError(gettext("--db is blank: give a database file or URL"))
    path = sqlite_file(database_url(database))
    if path is not None and path.is_dir():
        raise click.UsageError(
            gettext("'{path}' is a folder: --db names a database file").format(path=path)
        )
    if existing and path is not None and not path.exists():
        raise click.UsageError(
            gettext(
                "there is no database at '{path}': check --db or ARBITRO_DB "
                "(arbitro event new, event import and serve make one)"
            ).format(path=path)
        )
    store = open_store(database)
    try:
        yield store
    finally:
        store.close()


def event_argument(function: F) -> F:
    """The ``EVENT`` argument: the event's number, as ``arbitro event new`` printed it.

    A number out of range (:class:`~arbitro.cli.params.NumberParam`) is a usage error.

    >>> @click.command()
    ... @event_argument
    ... def hello(event: int) -> None: ...
    >>> [param.name for param in hello.params]
    ['event']
    """
    return click.argument("event", type=NumberParam(), cls=LocalizedArgument, metavar=N_("EVENT"))(
        function
    )

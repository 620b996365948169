"""``arbitro event round``: open and close a round for entry at the tables.

What the desk's rounds do, from the command line: ``open`` lets the tables of a round
(of a session) enter their results; ``close`` ends it, asking first while a board of
the round has no result yet (the desk's rule, :meth:`~arbitro.store.Store.round_closing`).

>>> sorted(round_group.commands)
['close', 'open']
"""

from __future__ import annotations

import json
import sys

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    LocalizedGroup,
    json_option,
    lang_option,
)
from arbitro.cli.numbers import NumberParam
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.i18n import N_, gettext


@click.group(
    "round",
    cls=LocalizedGroup,
    help=N_(
        "Open and close a round for entry at the tables (the web console's score entry). "
        "The tables enter one session at a time: a round of another session still open is "
        "refused until it is closed."
    ),
    short_help=N_("Open or close a round for the tables."),
)
@lang_option
def round_group() -> None:
    """The ``arbitro event round`` group."""


def _round_argument(function: click.decorators.FC) -> click.decorators.FC:
    """The ``ROUND`` argument: the round's number in the movement."""
    return click.argument(
        "round_number", type=NumberParam(), cls=LocalizedArgument, metavar=N_("ROUND")
    )(function)


def _session_option(function: click.decorators.FC) -> click.decorators.FC:
    """The ``--session`` option: the session whose round it is."""
    return option(
        "--session",
        type=NumberParam(),
        default=1,
        show_default=True,
        help=N_("The session the round is of."),
    )(function)


YES = ("y", "yes", "s", "si", "sí")
"""The answers that confirm, in English and in Spanish; any other, or none, declines."""


def confirmed(question: str) -> bool:
    """Ask ``question`` on standard error; whether the answer is yes (``y``, or ``s`` in Spanish).

    No answer (an empty line, or the input ended) declines, as ``[y/N]`` says.
    """
    try:
        answer = click.prompt(question, default="", show_default=False, prompt_suffix=" ", err=True)
    except click.Abort:
        answer = ""
    if not sys.stdin.isatty():  # an answer piped in is not echoed: end the question's line
        click.echo(err=True)
    return str(answer).strip().lower() in YES


@round_group.command(
    "open",
    cls=LocalizedCommand,
    help=N_(
        "Open round ROUND of the event for entry at the tables (again, if it was closed); "
        "the event's log keeps it. Refused while a round of another session is open, and "
        "for a round the movement does not have."
    ),
    short_help=N_("Open a round for entry at the tables."),
)
@event_argument
@_round_argument
@_session_option
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@json_option
@lang_option
def open_command(
    event: int, round_number: int, session: int, by: str, database: str | None, as_json: bool
) -> None:
    """Open a round."""
    with opened(database) as store:
        several = store.event(event).spec.sessions > 1
        store.open_round(event, round_number, session, by=by)
    if as_json:
        click.echo(
            json.dumps({"event": event, "session": session, "round": round_number, "open": True})
        )
        return
    message = (
        gettext("Round {round} of session {session} is open.")
        if several
        else gettext("Round {round} is open.")
    )
    click.echo(message.format(round=round_number, session=session))


@round_group.command(
    "close",
    cls=LocalizedCommand,
    help=N_(
        "Close round ROUND of the event: its tables can no longer enter or change its "
        "results; the event's log keeps it. While a board of the round has no result yet "
        "(an entry awaiting East-West's confirmation, or none at all), each is listed with "
        "its table and the round closes only when you confirm; --yes closes it without "
        "asking. A round never opened is refused."
    ),
    short_help=N_("Close a round, asking while boards have no result."),
)
@event_argument
@_round_argument
@_session_option
@option("--by", default="", help=N_("Who does it (for the record)."))
@option(
    "--yes",
    "anyway",
    is_flag=True,
    help=N_("Close it even with boards still without a result, without asking."),
)
@db_option
@json_option
@lang_option
def close_command(
    event: int,
    round_number: int,
    session: int,
    by: str,
    anyway: bool,
    database: str | None,
    as_json: bool,
) -> None:
    """Close a round, asking first while boards of it have no result."""
    with opened(database) as store:
        several = store.event(event).spec.sessions > 1
        closing = store.round_closing(event, round_number, session)
        if closing and not anyway:
            # As the desk asks: each board without a result, then the question (on
            # standard error, so that --json's answer stays the only output).
            click.echo(
                gettext("Round {round} still has boards without a result: {boards}").format(
                    round=round_number, boards=closing.localized()
                ),
                err=True,
            )
            if not confirmed(gettext("Close it anyway? [y/N]")):
                raise click.ClickException(
                    gettext(
                        "round {round} stays open: nothing was closed (--yes closes it "
                        "without asking)"
                    ).format(round=round_number)
                )
        store.close_round(event, round_number, session, by=by)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "event": event,
                    "session": session,
                    "round": round_number,
                    "open": False,
                    "without_result": [
                        {"table": board.table, "board": board.board} for board in closing.boards
                    ],
                }
            )
        )
        return
    message = (
        gettext("Round {round} of session {session} is closed.")
        if several
        else gettext("Round {round} is closed.")
    )
    click.echo(message.format(round=round_number, session=session))

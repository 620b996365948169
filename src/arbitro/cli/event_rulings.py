"""``arbitro event ruling`` and ``rectified``: the rulings recorded at a board.

``ruling`` records the Law applied and what the director decided, with the table's log
when there is one, and prints the AEB's proposals for it; ``rectified`` records a
rectification the players applied (or waived) without the director, and whether he
accepts it or cancels it (Law 10B).
"""

from __future__ import annotations

from pathlib import Path

import click

from arbitro.cli.localized import LocalizedCommand, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import FileParam, read_text
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.files import MAX_LOG_CHARACTERS
from arbitro.i18n import N_, gettext
from arbitro.tournament.directing import ruling_proposals
from arbitro.tournament.records import InvalidRecordError, Ruling


@click.command(
    "ruling",
    cls=LocalizedCommand,
    help=N_(
        "Record a ruling at a board: the Law applied and what was decided, with the table's "
        "log (a JSON Lines file of arbitro table) when there is one."
    ),
    short_help=N_("Record a ruling at a board."),
)
@event_argument
@option("--board", type=NumberParam(), required=True, help=N_("The board."))
@option("--table", type=NumberParam(), default=None, help=N_("The table."))
@option("--law", required=True, help=N_("The Law applied, as in 27B1a."))
@option("--text", required=True, help=N_("What the director decided."))
@option(
    "--log",
    type=FileParam(),
    default=None,
    help=N_("The table's log (JSON Lines), checked by replaying it."),
)
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def ruling_command(
    event: int,
    board: int,
    table: int | None,
    law: str,
    text: str,
    log: Path | None,
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a ruling."""
    log_text = None
    if log is not None:
        log_text = read_text(log, limit=MAX_LOG_CHARACTERS, problem=click.BadParameter)
    ruling = Ruling(board, table, law, text, by, log_text)
    with opened(database) as store:
        number = store.add_ruling(event, ruling, session)
        profile = store.event(event).spec.profile
    click.echo(gettext("Ruling {id} recorded at board {board}").format(id=number, board=board))
    for (
        note
    ) in ruling.log_notes():  # a Law the log neither applied nor waits on (the record stands)
        click.echo(gettext("Note: {note}").format(note=note), err=True)
    for line in ruling_proposals(ruling, profile):  # the AEB's criteria 1, 2 and 6
        click.echo(line)


@click.command(
    "rectified",
    cls=LocalizedCommand,
    help=N_(
        "Record that the players applied (or waived) a rectification without the director "
        "at a board, and whether he accepts it or cancels it (Law 10B; Law 10A: only the "
        "director rectifies)."
    ),
    short_help=N_("The players rectified by themselves (Law 10B)."),
)
@event_argument
@option("--board", type=NumberParam(), required=True, help=N_("The board."))
@option("--table", type=NumberParam(), default=None, help=N_("The table."))
@option("--what", required=True, help=N_("What the players did without the director."))
@option(
    "--accept/--cancel",
    "accepted",
    default=None,
    help=N_("The director accepts what they did, or cancels it and rectifies (Law 10B)."),
)
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def rectified_command(
    event: int,
    board: int,
    table: int | None,
    what: str,
    accepted: bool | None,
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a rectification the players applied themselves (Law 10B)."""
    if accepted is None:
        raise click.UsageError(
            gettext(
                "say whether the director accepts it or cancels it (--accept or --cancel; Law 10B)"
            )
        )
    with opened(database) as store:
        try:
            number, text = store.record_rectification(
                event, board, table, what, accepted, session, by
            )
        except InvalidRecordError as error:
            raise click.BadParameter(str(error)) from None
    click.echo(gettext("Ruling {id} recorded at board {board}").format(id=number, board=board))
    click.echo(text)

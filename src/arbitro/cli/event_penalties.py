"""``arbitro event penalty`` and ``penalty-withdraw``: the penalties of Laws 90 and 91.

``penalty`` reads its AMOUNT as every penalty's amount is read
(:func:`~arbitro.tournament.penalty_amounts.read_penalty_amount`: a share of a top,
matchpoints, IMPs or victory points, a bare number in the event's points) and records a
procedural (Law 90) or disciplinary (Law 91) penalty; ``penalty-withdraw`` withdraws
one, its reason kept in the event's log.

>>> from click.testing import CliRunner
>>> CliRunner().invoke(penalty_command, ["1", "3", "lots", "--reason", "late"]).exit_code
2
"""

from __future__ import annotations

import click

from arbitro.cli.event_params import PairNumberParam
from arbitro.cli.localized import LocalizedArgument, LocalizedCommand, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.i18n import N_, gettext
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.tournament.event import pair_written
from arbitro.tournament.penalties import PenaltyBoardMissingError, check_penalty_board
from arbitro.tournament.penalty_amounts import PenaltyAmountError, read_penalty_amount
from arbitro.tournament.records import PenaltyKind, PenaltyRecord


@click.command(
    "penalty",
    cls=LocalizedCommand,
    help=N_(
        "Give PARTICIPANT a procedural penalty (Law 90), or a disciplinary one (Law 91) with "
        "--disciplinary. AMOUNT is a percentage of a top (25%), victory points in a teams "
        "event (1VP), or points in the event's unit (matchpoints or IMPs; 3IMP, 2MP)."
    ),
    short_help=N_("Record a penalty (Laws 90, 91)."),
)
@event_argument
@click.argument(
    "participant", type=PairNumberParam(), cls=LocalizedArgument, metavar=N_("PARTICIPANT")
)
@click.argument("amount", cls=LocalizedArgument, metavar=N_("AMOUNT"))
@option("--reason", required=True, help=N_("What the penalty is for."))
@option("--law", default=None, help=N_("The Law applied (default 90, or 91 for --disciplinary)."))
@option("--disciplinary", is_flag=True, help=N_("A disciplinary penalty (Law 91)."))
@option(
    "--board",
    type=NumberParam(),
    default=None,
    help=N_(
        "The board, if any; a penalty in IMPs in a teams event of several matches names "
        "it: the IMPs come off the match of that board."
    ),
)
@option(
    "--session",
    type=NumberParam(),
    default=None,
    help=N_(
        "The session whose score the penalty comes off (default: the event's current session)."
    ),
)
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def penalty_command(
    event: int,
    participant: str,
    amount: str,
    reason: str,
    law: str | None,
    disciplinary: bool,
    board: int | None,
    session: int | None,
    by: str,
    database: str | None,
) -> None:
    """Record a penalty."""
    try:
        value, unit = read_penalty_amount(amount)
    except PenaltyAmountError as error:
        raise click.BadParameter(str(error)) from None
    kind = PenaltyKind.DISCIPLINARY if disciplinary else PenaltyKind.PROCEDURAL
    with opened(database) as store:
        info = store.event(event)
        if unit is None:
            # A bare number is matchpoints where there is a top, else IMPs (a teams event's too).
            unit = "mp" if "top" in info.spec.penalty_units else "imps"
            # A forgotten % costs a pair far more than meant: say what the number was taken as,
            # and, where the event has a top, how a share of it is written.
            warning = gettext("warning: no unit given, so {amount} is taken as {unit} of the event")
            if unit == "mp" and amount.strip().isdigit():
                warning += " " + gettext("(write {amount}% for a share of a top)")
            elif unit == "mp":
                warning += " " + gettext("(a share of a top is written as a percentage: 25%)")
            click.echo(
                warning.format(
                    amount=amount.strip(),
                    unit=gettext("matchpoints") if unit == "mp" else gettext("IMPs"),
                ),
                err=True,
            )
        record = PenaltyRecord(
            participant,
            kind,
            value,
            unit,
            law or ("91" if disciplinary else "90"),
            reason,
            board,
        )
        try:
            check_penalty_board(record, info.spec, info.timetable)
        except PenaltyBoardMissingError as error:
            # The rule's message, naming the option that gives the board.
            raise click.UsageError(
                gettext("{field}: {problem}").format(field="--board", problem=error)
            ) from None
        in_session = store.current_session(event) if session is None else session
        number = store.add_penalty(event, record, in_session, by)
    message = gettext("Penalty {id} recorded: {participant}, {amount} (Law {law})").format(
        id=number,
        participant=pair_written(participant),
        amount=write_penalty_amount(record.amount, record.unit),
        law=record.law,
    )
    if info.spec.sessions > 1:
        message += " " + gettext("in session {session}").format(session=in_session)
    click.echo(message)


@click.command(
    "penalty-withdraw",
    cls=LocalizedCommand,
    help=N_(
        "Withdraw the penalty numbered PENALTY (as 'arbitro event show' lists it); the "
        "reason goes to the event's log."
    ),
    short_help=N_("Withdraw a penalty (Laws 90, 91)."),
)
@event_argument
@click.argument("penalty", type=NumberParam(), cls=LocalizedArgument, metavar=N_("PENALTY"))
@option("--reason", required=True, help=N_("Why the penalty is withdrawn."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def penalty_withdraw_command(
    event: int, penalty: int, reason: str, by: str, database: str | None
) -> None:
    """Withdraw a penalty."""
    with opened(database) as store:
        store.withdraw_penalty(event, penalty, reason, by)
    click.echo(gettext("Penalty {id} withdrawn: {reason}").format(id=penalty, reason=reason))

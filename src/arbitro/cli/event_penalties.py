"""``arbitro event penalty`` and ``penalty-withdraw``: the penalties of Laws 90 and 91.

``penalty`` reads its AMOUNT as a share of a top, victory points or points in the
event's unit and records a procedural (Law 90) or disciplinary (Law 91) penalty;
``penalty-withdraw`` withdraws one, its reason kept in the event's log.

>>> from click.testing import CliRunner
>>> CliRunner().invoke(penalty_command, ["1", "3", "lots", "--reason", "late"]).exit_code
2
"""

from __future__ import annotations

import re
from fractions import Fraction

import click

from arbitro.cli.event_params import PairNumberParam
from arbitro.cli.localized import LocalizedArgument, LocalizedCommand, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.i18n import N_, gettext
from arbitro.tournament.event import pair_written
from arbitro.tournament.records import PenaltyKind, PenaltyRecord

_AMOUNT = re.compile(
    r"(?P<amount>[0-9]{1,100}(?:\.[0-9]{1,100}|/0{0,100}[1-9][0-9]{0,100})?)\s*(?P<unit>%|vp|imps?|mp)?",
    re.IGNORECASE,
)
_UNITS = {"%": "top", "vp": "vp", "imp": "imps", "imps": "imps", "mp": "mp"}


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
@option("--board", type=NumberParam(), default=None, help=N_("The board, if any."))
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
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
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a penalty."""
    match = _AMOUNT.fullmatch(amount.strip())
    if match is None:
        raise click.BadParameter(
            gettext(
                "invalid amount '{text}': expected a percentage of a top or points, as in {examples}"
            ).format(text=amount, examples="25%, 3, 1VP, 3IMP")
        )
    kind = PenaltyKind.DISCIPLINARY if disciplinary else PenaltyKind.PROCEDURAL
    with opened(database) as store:
        info = store.event(event)
        written = (match["unit"] or "").lower()
        if written == "%":
            value, unit = Fraction(match["amount"]) / 100, "top"
        elif written:
            value, unit = Fraction(match["amount"]), _UNITS[written]
        else:
            # A bare number is matchpoints where there is a top, else IMPs (a teams event's too).
            value, unit = (
                Fraction(match["amount"]),
                "mp" if "top" in info.spec.penalty_units else "imps",
            )
            # A forgotten % costs a pair far more than meant: say what the number was taken as.
            click.echo(
                gettext(
                    "warning: no unit given, so {amount} is taken as {unit} of the event "
                    "(write {amount}% for a share of a top)"
                ).format(
                    amount=match["amount"],
                    unit=gettext("matchpoints") if unit == "mp" else gettext("IMPs"),
                ),
                err=True,
            )
        record = PenaltyRecord(
            participant,
            kind,
            value,
            unit,  # type: ignore[arg-type]  # one of the three units
            law or ("91" if disciplinary else "90"),
            reason,
            board,
        )
        number = store.add_penalty(event, record, session, by)
    click.echo(
        gettext("Penalty {id} recorded: {participant}, {amount} (Law {law})").format(
            id=number, participant=pair_written(participant), amount=amount, law=record.law
        )
    )


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

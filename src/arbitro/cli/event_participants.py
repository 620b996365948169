"""What the director decides on a participant: carry-over, substitute, suspend, disqualify.

``carry-over`` sets what a participant brings into the event or its match;
``substitute`` records a substitution the director authorises (Law 4); ``suspend``
bars a participant from a session and scores the boards it misses (Laws 91A, 12C2a);
``disqualify`` records a disqualification with the organiser's approval (Law 91B).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import click

from arbitro.cli.event_params import CarryOverParam, PairNumberParam
from arbitro.cli.localized import LocalizedArgument, LocalizedCommand, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import figure
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext
from arbitro.tournament.directing import (
    DirectorAct,
    law_4_act,
    law_91_act,
    unscored_suspension,
)
from arbitro.tournament.event import Participant, pair_written


@click.command(
    "carry-over",
    cls=LocalizedCommand,
    help=N_(
        "Set a participant's carry-over, as TEAM,AMOUNT: in a knockout the IMPs (a whole "
        "number, a decimal or a fraction, as 7.5 or 15/2) the conditions of contest give "
        "the team at the start of its match, never negative: a carry-over is given to "
        "one team, so give it to the other team of the match instead; 0 takes it away. In "
        "another event, the points a participant brings from an earlier stage, as event "
        "new --carry-over sets them (never negative in a teams event). Kept in the "
        "event's log."
    ),
    short_help=N_("Set a team's carry-over into its match."),
)
@event_argument
@click.argument("carry", type=CarryOverParam(), cls=LocalizedArgument, metavar=N_("TEAM,AMOUNT"))
@option("--by", default="", help=N_("Who does it (for the audit trail)."))
@db_option
@lang_option
def carry_over_command(
    event: int, carry: tuple[str, Fraction], by: str, database: str | None
) -> None:
    """Set a participant's carry-over (a knockout: IMPs into its match)."""
    team, value = carry
    number = Participant.from_str(team).number
    with opened(database, existing=True) as store:
        store.set_carry_over(event, number, value, by)
        unit = store.event(event).spec.total_unit
    click.echo(
        gettext("{team}: carry-over {amount}").format(team=number, amount=figure(value, unit=unit))
    )


@click.command(
    "substitute",
    cls=LocalizedCommand,
    help=N_(
        "Record a substitution the director authorises in PARTICIPANT (Law 4: a pair plays "
        "with the same partner through a session, save substitutions the director "
        "authorises)."
    ),
    short_help=N_("Authorise a substitute (Law 4)."),
)
@event_argument
@click.argument(
    "participant", type=PairNumberParam(), cls=LocalizedArgument, metavar=N_("PARTICIPANT")
)
@option("--player", required=True, help=N_("The player who leaves."))
@option("--substitute", required=True, help=N_("The player who takes his place."))
@option("--reason", required=True, help=N_("Why."))
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("The director who authorises it (Law 4)."))
@db_option
@lang_option
def substitute_command(
    event: int,
    participant: str,
    player: str,
    substitute: str,
    reason: str,
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a substitute (Law 4)."""
    _record_act(
        database,
        event,
        participant,
        "substitute",
        by,
        lambda: law_4_act(player, substitute, session, reason, by),
    )


@click.command(
    "suspend",
    cls=LocalizedCommand,
    help=N_(
        "Bar PARTICIPANT from all or part of a session to keep order and discipline (Law "
        "91A); the decision is final (93B3). Each board the movement gives it in those "
        "boards of the session, not yet played, is scored at once: average-minus to it, "
        "average-plus to its opponents (Law 12C2a). Without a movement, or in an individual "
        "event, the director enters them (arbitro result enter --adjusted)."
    ),
    short_help=N_("Suspend a participant (Law 91A)."),
)
@event_argument
@click.argument(
    "participant", type=PairNumberParam(), cls=LocalizedArgument, metavar=N_("PARTICIPANT")
)
@option("--reason", required=True, help=N_("Why."))
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--boards", default="", help=N_("The boards it may not play, as 5-8 (default: all)."))
@option("--by", default="", help=N_("The director (Law 91A)."))
@db_option
@lang_option
def suspend_command(
    event: int,
    participant: str,
    reason: str,
    session: int,
    boards: str,
    by: str,
    database: str | None,
) -> None:
    """Suspend a participant (Law 91A) and score the boards it misses (Law 12C2a)."""
    try:
        act = law_91_act("suspend", reason, by, session=session, boards=boards)
    except ArbitroError as error:
        raise click.UsageError(str(error)) from None
    detail = act.worded()
    with opened(database) as store:
        scored = store.suspend(event, participant, act.to_str(), session, boards, by)
        info = store.event(event)
    why = unscored_suspension(info.spec.kind, has_movement=info.timetable is not None)
    click.echo(
        gettext("{participant}: {detail}").format(
            participant=pair_written(participant), detail=detail
        )
    )
    for one in scored:
        click.echo(
            gettext("Board {board}, table {table}: {entry} (Law 12C2a)").format(
                board=one.board, table=one.table, entry=one.entry.localized()
            )
        )
    if why is not None:  # Law 91A: the director enters the missed boards
        click.echo(
            gettext(
                "Nothing was scored for the suspension: {why}. Enter the boards it misses "
                "with arbitro result enter --adjusted (Law 12C2a)."
            ).format(why=gettext(why))
        )


@click.command(
    "disqualify",
    cls=LocalizedCommand,
    help=N_(
        "Disqualify PARTICIPANT (Law 91B): the decision is subject to the organiser's "
        "approval, so the organiser who approved it is required."
    ),
    short_help=N_("Disqualify a participant (Law 91B)."),
)
@event_argument
@click.argument(
    "participant", type=PairNumberParam(), cls=LocalizedArgument, metavar=N_("PARTICIPANT")
)
@option("--reason", required=True, help=N_("Why."))
@option("--organiser", default="", help=N_("The organiser who approved it (Law 91B)."))
@option("--by", default="", help=N_("The director (Law 91B)."))
@db_option
@lang_option
def disqualify_command(
    event: int, participant: str, reason: str, organiser: str, by: str, database: str | None
) -> None:
    """Disqualify a participant (Law 91B)."""
    _record_act(
        database,
        event,
        participant,
        "disqualify",
        by,
        lambda: law_91_act("disqualify", reason, by, organiser=organiser),
    )


def _record_act(
    database: str | None,
    event: int,
    participant: str,
    action: str,
    by: str,
    act_of: Callable[[], DirectorAct],
) -> None:
    """Record a Law 4 or 91 act on the participant in the event's log, and say it.

    The log keeps the act (its kind and what was given), worded in the reader's
    language whenever it is read.
    """
    try:
        act = act_of()
    except ArbitroError as error:
        raise click.UsageError(str(error)) from None
    with opened(database) as store:
        store.log_act(event, action, f"{participant}: {act.to_str()}", by)
    click.echo(
        gettext("{participant}: {detail}").format(
            participant=pair_written(participant), detail=act.worded()
        )
    )

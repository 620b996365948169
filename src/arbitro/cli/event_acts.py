"""The director's acts on an event: rulings, penalties, appeals, carry-over, substitutes, order.

``arbitro event ruling`` and ``rectified`` (Law 10B) record rulings at a board;
``penalty`` and ``penalty-withdraw`` the penalties of Laws 90 and 91; ``appeal``,
``decide`` and ``committee`` the appeals of Laws 92 and 93; ``carry-over`` what a
participant brings into the event; ``substitute`` (Law 4), ``suspend`` and
``disqualify`` (Law 91) what the director decides on a participant.

>>> from click.testing import CliRunner
>>> CliRunner().invoke(penalty_command, ["1", "3", "lots", "--reason", "late"]).exit_code
2
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import click

from arbitro.cli.event_params import CarryOverParam
from arbitro.cli.localized import LocalizedArgument, LocalizedChoice, LocalizedCommand, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import FileParam, read_text
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext
from arbitro.scoring.session import show
from arbitro.tournament.directing import (
    BODIES,
    MATTERS,
    AppealRefusedError,
    DirectorAct,
    law_4_act,
    law_91_act,
    ruling_proposals,
    unscored_suspension,
)
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import Participant
from arbitro.tournament.records import (
    Decision,
    InvalidRecordError,
    PenaltyKind,
    PenaltyRecord,
    Ruling,
)

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
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
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
            id=number, participant=participant, amount=amount, law=record.law
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
        log_text = read_text(log, problem=click.BadParameter)
    ruling = Ruling(board, table, law, text, by, log_text)
    with opened(database) as store:
        number = store.add_ruling(event, ruling, session)
        profile = store.event(event).spec.profile
    click.echo(gettext("Ruling {id} recorded at board {board}").format(id=number, board=board))
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


@click.command(
    "appeal",
    cls=LocalizedCommand,
    help=N_(
        "Lodge an appeal by PARTICIPANT against a ruling (Law 92); refused after the time to "
        "appeal (30 minutes after the official results unless the event says otherwise)."
    ),
    short_help=N_("Lodge an appeal (Law 92)."),
)
@event_argument
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
@option("--reason", required=True, help=N_("What the appeal is about."))
@option("--ruling", type=NumberParam(), default=None, help=N_("The ruling appealed."))
@option(
    "--signed-by",
    "signers",
    multiple=True,
    help=N_(
        "A player who confirmed the appeal to the director and signed it (Law 92D: both "
        "members of a pair, a team's captain; required under the AEB, criterion 7)."
    ),
)
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def appeal_command(
    event: int,
    participant: str,
    reason: str,
    ruling: int | None,
    signers: tuple[str, ...],
    by: str,
    database: str | None,
) -> None:
    """Lodge an appeal, with its signatures (Law 92D, AEB criterion 7)."""
    with opened(database) as store:
        try:
            number = store.lodge_signed_appeal(event, participant, reason, signers, ruling, by=by)
        except InvalidRecordError as error:  # the signatures, or the time to appeal (92B)
            raise click.UsageError(str(error)) from None
    click.echo(
        gettext("Appeal {id} lodged by {participant}").format(id=number, participant=participant)
    )


@click.command(
    "decide",
    cls=LocalizedCommand,
    help=N_(
        "Record the decision on APPEAL (Law 93): upheld, dismissed or withdrawn. With "
        "--matter, Law 93B's split is checked: the director rules on Law and regulations, "
        "the committee on judgement, and the committee may not overrule the director on a "
        "point of Law nor under Law 91. Whether the event has an appeals committee is kept "
        "with the event (arbitro event committee); --committee or --no-committee overrides "
        "it for this appeal, and the log says so (93A: without a committee the director "
        "hears every appeal). An upheld decision with --score replaces the appealed table's "
        "result."
    ),
    short_help=N_("Decide an appeal (Law 93)."),
)
@event_argument
@click.argument("appeal", type=NumberParam(), cls=LocalizedArgument, metavar=N_("APPEAL"))
@click.argument(
    "decision", type=LocalizedChoice([d.value for d in Decision]), cls=LocalizedArgument
)
@option("--by", default="", help=N_("Who decided (the director or the committee)."))
@option(
    "--matter",
    type=LocalizedChoice(MATTERS),
    default=None,
    help=N_("What the appeal turns on: a point of Law or regulation, or judgement (Law 93B)."),
)
@option(
    "--body",
    type=LocalizedChoice(BODIES),
    default="committee",
    show_default=True,
    help=N_("Who took the decision: the appeals committee or the director (Law 93B)."),
)
@option(
    "--committee/--no-committee",
    "committee",
    default=None,
    help=N_(
        "Override the event's setting for this appeal: a committee heard it (93B), or none "
        "was available and the director heard it (93A); recorded in the event's log."
    ),
)
@option(
    "--score",
    default=None,
    help=N_(
        "The result the upheld decision gives the appealed table, as a result is written "
        "('4S N 10', 'adjusted A60/A40'); it replaces the table's result (needs --matter)."
    ),
)
@db_option
@lang_option
def decide_command(
    event: int,
    appeal: int,
    decision: str,
    by: str,
    matter: str | None,
    body: str,
    committee: bool | None,
    score: str | None,
    database: str | None,
) -> None:
    """Decide an appeal (Law 93), with 93B's split and the score it gives."""
    chosen = Decision(decision)
    entry = None
    if score is not None:
        try:
            entry = Entry.from_str(score)
        except ArbitroError as error:
            raise click.BadParameter(str(error), param_hint="--score") from None
    with opened(database) as store:
        try:
            law = store.decide_appeal(
                event,
                appeal,
                chosen,
                by,
                matter=matter,  # type: ignore[arg-type]  # one of MATTERS
                body=body,  # type: ignore[arg-type]  # one of BODIES
                committee=committee,
                score=entry,
            )
        except AppealRefusedError as error:
            # A refusal by Law 93, not a mistake in the command: it ends with status 1.
            raise click.ClickException(str(error)) from None
    click.echo(gettext("Appeal {id}: {decision}").format(id=appeal, decision=gettext(decision)))
    if law:
        click.echo(gettext("Decided under Law {law}").format(law=law))
    if entry is not None:
        click.echo(
            gettext("The appealed table's result is now {entry}").format(entry=entry.localized())
        )


@click.command(
    "committee",
    cls=LocalizedCommand,
    help=N_(
        "Say whether EVENT has an appeals committee (Law 93B: the director rules on Law, "
        "the committee on judgement) or not (93A: the director hears every appeal). Kept "
        "with the event and used by every decision; without --yes or --no, say which it is."
    ),
    short_help=N_("Whether the event has an appeals committee (Law 93)."),
)
@event_argument
@option("--yes/--no", "available", default=None, help=N_("The event has a committee, or not."))
@option("--by", default="", help=N_("Who says so (for the record)."))
@db_option
@lang_option
def committee_command(event: int, available: bool | None, by: str, database: str | None) -> None:
    """Keep or show whether the event has an appeals committee (Law 93)."""
    with opened(database) as store:
        if available is not None:
            store.keep_committee(event, available, by)
        has = store.has_committee(event)
    click.echo(
        gettext("The event has an appeals committee (Law 93B).")
        if has
        else gettext(
            "The event has no appeals committee: the director hears every appeal (Law 93A)."
        )
    )


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
        gettext("{team}: carry-over {amount}").format(team=number, amount=show(value)) + unit
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
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
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
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
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
    click.echo(gettext("{participant}: {detail}").format(participant=participant, detail=detail))
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
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
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
        gettext("{participant}: {detail}").format(participant=participant, detail=act.worded())
    )

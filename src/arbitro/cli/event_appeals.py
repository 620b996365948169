"""``arbitro event appeal``, ``decide`` and ``committee``: the appeals of Laws 92 and 93.

``appeal`` lodges an appeal with its signatures (Law 92D) within the time to appeal
(92B); ``decide`` records the decision with Law 93B's split between the director and
the committee, and the score an upheld decision gives; ``committee`` keeps whether the
event has an appeals committee (93A, 93B).
"""

from __future__ import annotations

import click

from arbitro.cli.event_params import PairNumberParam
from arbitro.cli.localized import LocalizedArgument, LocalizedChoice, LocalizedCommand, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.errors import ArbitroError
from arbitro.i18n import LANGUAGES, N_, Language, get_language, gettext
from arbitro.tournament.directing import BODIES, MATTERS, AppealRefusedError
from arbitro.tournament.entry import Entry, typed_entry
from arbitro.tournament.event import pair_written
from arbitro.tournament.records import Decision, InvalidRecordError


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
@click.argument(
    "participant", type=PairNumberParam(), cls=LocalizedArgument, metavar=N_("PARTICIPANT")
)
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
        gettext("Appeal {id} lodged by {participant}").format(
            id=number, participant=pair_written(participant)
        )
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
        "('4S N 10', 'adjusted A60/A40', in --notation); it replaces the table's result "
        "(needs --matter)."
    ),
)
@option(
    "--notation",
    type=LocalizedChoice(LANGUAGES),
    default=None,
    help=N_("Language of the contract, seats and cards (default: --lang)."),
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
    notation: Language | None,
    database: str | None,
) -> None:
    """Decide an appeal (Law 93), with 93B's split and the score it gives."""
    chosen = Decision(decision)
    entry = None
    if score is not None:
        try:
            entry = typed_entry(score, notation or get_language())
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
        if entry is not None:  # as stored: a contract given is an assigned score (12C1, 93B3)
            changed = [line.new for line in store.audit(event) if line.action == "appeal"]
            entry = Entry.from_str(changed[-1]) if changed else entry
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

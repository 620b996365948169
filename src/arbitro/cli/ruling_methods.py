"""``arbitro ruling methods`` and ``level``: the methods an event's level allows (Law 40B).

``methods`` checks a convention card against the event's level under the authority's
lists of highly unusual methods (the AEB's; Law 40B2a) and flags the calls of a table
log that the card's methods make illegal for the event (Law 40B5); ``level`` keeps or
prints the event's level those checks use.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedChoice,
    LocalizedCommand,
    json_option,
    lang_option,
)
from arbitro.cli.output import FileParam, echo_json
from arbitro.cli.ruling_inputs import (
    authority_option,
    card_argument,
    card_event_option,
    read_card,
    read_table,
)
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Side
from arbitro.i18n import N_, gettext
from arbitro.laws.authority import authority

if TYPE_CHECKING:
    from arbitro.tournament.methods import IllegalCall


@click.command(
    "methods",
    cls=LocalizedCommand,
    help=N_(
        "Check the convention card CARD (a file, or with --event a pair of the event) "
        "against the event's level under the authority's lists of highly unusual methods "
        "(Law 40B2a): destructive methods, 1-level openings with 7 HCP or fewer, methods "
        "that require a special defence. With --log and --side, flag the calls at the "
        "table that the card's methods make illegal for the event (Law 40B5)."
    ),
    short_help=N_("Check a card's methods against the event's level."),
)
@card_argument
@card_event_option
@authority_option
@option(
    "--level",
    default=None,
    help=N_(
        "The event's level (AEB: club, regional, national); default the event's "
        "(arbitro ruling level), else the lowest."
    ),
)
@option(
    "--log",
    "log",
    type=FileParam(),
    default=None,
    help=N_("A table log whose calls are checked."),
)
@option(
    "--side",
    type=LocalizedChoice(["NS", "EW"], case_sensitive=False),
    default=None,
    help=N_("The side whose convention card it is, at this table."),
)
@db_option
@json_option
@lang_option
def methods_command(
    card: str,
    event: int | None,
    profile: str | None,
    level: str | None,
    log: Path | None,
    side: str | None,
    database: str | None,
    as_json: bool,
) -> None:
    """Check a card's methods against the event's level, and a table's calls."""
    from arbitro.tournament.methods import card_problems, check_level, illegal_calls

    kept, default_profile = read_card(card, event, database)
    rules = authority(profile or default_profile)
    if level is None and event is not None and profile is None:
        with opened(database) as store:
            level = store.kept_level(event)
    try:
        chosen = check_level(rules, level or rules.levels[0])
    except ArbitroError as error:
        raise click.BadParameter(f"--level: {error}") from None
    problems = card_problems(kept, rules, chosen)
    flagged: tuple[IllegalCall, ...] = ()
    if log is not None:
        if side is None:
            raise click.BadParameter(gettext("--side: give the pair's side at the table"))
        flagged = illegal_calls(kept, read_table(log), Side.from_str(side).seats, rules, chosen)
    if as_json:
        echo_json(
            {
                "profile": rules.code,
                "level": chosen,
                "problems": [
                    {"auction": list(p.agreement.auction), "kind": p.kind, "law": p.law}
                    for p in problems
                ],
                "calls": [
                    {"call_number": c.call_number, "seat": str(c.seat), "kind": c.problem.kind,
                     "law": c.law}
                    for c in flagged
                ],
            }
        )  # fmt: skip
        return
    if not problems:
        click.echo(
            gettext("The card's methods are allowed at level {level} ({profile}).").format(
                level=chosen, profile=rules.code.upper()
            )
        )
    for problem in problems:
        click.echo(problem.text())
    for call in flagged:
        click.echo(
            gettext(
                "Call {number} by {seat} is illegal for this event: the score is adjusted "
                "if the opponents were damaged, and a procedural penalty may follow (Law "
                "{law})"
            ).format(number=call.call_number, seat=call.seat.localized(), law=call.law)
        )


@click.command(
    "level",
    cls=LocalizedCommand,
    help=N_(
        "Keep EVENT's level (the AEB: club, regional, national), against which arbitro ruling "
        "methods checks the pairs' convention cards (Law 40B2a). Without LEVEL, print it."
    ),
    short_help=N_("Keep or print an event's level for the methods allowed."),
)
@event_argument
@click.argument("level", required=False, cls=LocalizedArgument, metavar=N_("LEVEL"))
@db_option
@lang_option
def level_command(event: int, level: str | None, database: str | None) -> None:
    """Keep or print an event's level."""
    from arbitro.tournament.methods import check_level, event_level

    with opened(database) as store:
        rules = authority(store.event(event).spec.profile)
        if level is None:
            click.echo(event_level(rules, store.kept_level(event)))
            return
        try:
            kept = check_level(rules, level)
        except ArbitroError as error:
            raise click.BadParameter(str(error)) from None
        store.keep_level(event, kept)
    click.echo(gettext("Event {event} is at level {level}").format(event=event, level=kept))

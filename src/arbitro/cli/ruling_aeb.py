"""``arbitro ruling alerts|psychic|psychics|methods``: the AEB's regulations at a ruling.

``alerts`` sets a table log's alerts against a pair's convention card under the
authority's alert norms (the AEB's norms 5 and 6; Laws 20F5a, 21B1a, 40B4, 16B1) and
can answer a misinformation case's first question from one call's check. ``psychic``
records the director's classification of a psychic call (the AEB's section C, Law
40C1) in the pair's register, or finds weak twos opened with four cards in a table log
(homogenisation criterion 5); ``psychics`` prints a pair's register across events.
``methods`` checks a convention card against the event's level and flags the calls of
a table log the card's methods make illegal (the AEB's highly unusual methods, Law 40B).

>>> from arbitro.cli.ruling import ruling_group
>>> sorted(set(ruling_group.commands) & {"alerts", "methods", "psychic", "psychics"})
['alerts', 'methods', 'psychic', 'psychics']
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from arbitro.cli.localized import LocalizedArgument, LocalizedCommand, json_option, lang_option
from arbitro.cli.output import echo_json, read_text
from arbitro.cli.ruling import case_from_data, ruling_group
from arbitro.cli.shared import db_option, opened, option
from arbitro.core.bounded import load_json
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Side
from arbitro.i18n import N_, get_language, gettext
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY, Authority, authority
from arbitro.table.agreements import AlertCheck, ConventionCard, alert_checks
from arbitro.table.log import TableLogError, load
from arbitro.tournament.ruling_report import RulingReport

if TYPE_CHECKING:
    from arbitro.table.table import Table

_LOG = click.argument(
    "log",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    cls=LocalizedArgument,
    metavar=N_("LOG"),
)
_CARD = click.argument("card", cls=LocalizedArgument, metavar=N_("CARD"))
_SIDE = option(
    "--side",
    type=click.Choice(["NS", "EW"], case_sensitive=False),
    required=True,
    help=N_("The side whose convention card it is, at this table."),
)
_PROFILE = option(
    "--profile",
    type=click.Choice(AUTHORITIES),
    default=None,
    help=N_("The regulating authority's profile (default: the event's, else AEB)."),
)
_EVENT = option(
    "--event",
    "event",
    type=click.IntRange(min=1),
    default=None,
    help=N_("CARD names a pair whose card is kept in this event (arbitro ruling card)."),
)


def read_table(path: Path) -> Table:
    """The table a log folds into; a log that cannot be replayed is named with its line.

    >>> read_table(Path("/nonexistent.jsonl"))
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent.jsonl': no such file or folder
    """
    if not path.exists():
        raise click.BadParameter(
            gettext("cannot read '{file}': no such file or folder").format(file=path)
        )
    try:
        return load(path)
    except TableLogError as error:
        raise click.BadParameter(str(error)) from None


def read_card(card: str, event: int | None, database: str | None) -> tuple[ConventionCard, str]:
    """The convention card CARD names, and the profile it is checked under.

    Without ``event``, CARD is a file in the shape ``arbitro ruling card`` reads, and the
    profile is the default (AEB); with it, CARD is a pair of the event and the profile
    the event's.

    >>> read_card("/nonexistent.txt", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent.txt': no such file or folder
    """
    if event is None:
        text = read_text(Path(card), problem=click.BadParameter)
        try:
            return ConventionCard.from_text(Path(card).stem, text, get_language()), (
                DEFAULT_AUTHORITY
            )
        except ArbitroError as error:
            raise click.BadParameter(f"{card}: {error}") from None
    from arbitro.store.agreements import convention_card

    with opened(database) as store:
        profile = store.event(event).spec.profile
        kept = convention_card(store, event, card)
    if kept is None:
        raise click.BadParameter(
            gettext("pair {pair} has no convention card in this event").format(pair=card)
        )
    return kept, profile


def _checks(
    table: Table, card: ConventionCard, side: str, profile: Authority
) -> tuple[AlertCheck, ...]:
    return alert_checks(
        card,
        table,
        Side.from_str(side).seats,
        profile.alertable,
        profile.late_alert_misinformation,
        profile.needless_alert_misinformation,
    )


def alert_line(check: AlertCheck) -> str:
    """One call's alert check as a line for the director.

    >>> from arbitro.table.agreements import Agreement
    >>> print(alert_line(AlertCheck(3, ("1NT", "Pass", "2C"), Agreement(("1NT", "Pass", "2C"), "Stayman", True), True, False, False, ("40B4", "21B1a"))))
    Call 3 (1NT Pass 2C): needs an alert, not alerted: Laws 40B4, 21B1a, misinformation
    """
    auction = " ".join(check.auction)
    state = gettext(N_("needs an alert")) if check.needed else gettext(N_("needs no alert"))
    if not check.alerted:
        made = gettext(N_("not alerted"))
    elif check.late:
        made = gettext(N_("alerted late, after the next opponent called"))
    else:
        made = gettext(N_("alerted at once"))
    line = gettext("Call {number} ({auction}): {state}, {made}").format(
        number=check.call_number, auction=auction, state=state, made=made
    )
    if not check.laws:
        return line
    verdict = gettext(N_("misinformation")) if check.misinformation else ""
    laws = gettext("Laws {laws}").format(laws=", ".join(check.laws))
    return f"{line}: {laws}, {verdict}" if verdict else f"{line}: {laws}"


def _check_json(check: AlertCheck) -> dict[str, object]:
    return {
        "call_number": check.call_number,
        "auction": list(check.auction),
        "meaning": None if check.agreement is None else check.agreement.meaning,
        "needed": check.needed,
        "alerted": check.alerted,
        "late": check.late,
        "laws": list(check.laws),
        "misinformation": check.misinformation,
        "unauthorised": check.unauthorised,
    }


@ruling_group.command(
    "alerts",
    cls=LocalizedCommand,
    help=N_(
        "Set the alerts of the table log LOG against the convention card CARD (a file, or with "
        "--event a pair of the event) under the authority's alert norms: which calls of the "
        "side needed an alert, which were alerted and when. A missing or late alert is "
        "misinformation (Laws 40B4, 21B1a), a needless one too (20F5a, and 16B1 for partner). "
        "With --case FILE and --call N, answer the misinformation case's first question from "
        "call N's check and print its ruling report."
    ),
    short_help=N_("Which calls needed an alert, and the Laws of those that were wrong."),
)
@_LOG
@_CARD
@_SIDE
@_EVENT
@_PROFILE
@option("--case", "case_file", default=None, help=N_("A case file whose worksheet it answers."))
@option("--call", "call", type=click.IntRange(min=1), default=None, help=N_("The call's number."))
@db_option
@json_option
@lang_option
def alerts_command(
    log: Path,
    card: str,
    side: str,
    event: int | None,
    profile: str | None,
    case_file: str | None,
    call: int | None,
    database: str | None,
    as_json: bool,
) -> None:
    """Check a table's alerts against a convention card (and answer a case from one)."""
    table = read_table(log)
    kept, default_profile = read_card(card, event, database)
    rules = authority(profile or default_profile)
    checks = _checks(table, kept, side, rules)
    if case_file is None:
        if as_json:
            echo_json({"profile": rules.code, "calls": [_check_json(c) for c in checks]})
            return
        if not checks:
            click.echo(gettext("No call of the side is on the card or was alerted."))
        for check in checks:
            click.echo(alert_line(check))
        return
    chosen = next((c for c in checks if c.call_number == call), None)
    if chosen is None:
        raise click.BadParameter(
            gettext(
                "--call: give the number of a call of the side that is on the card or was "
                "alerted ({numbers})"
            ).format(numbers=", ".join(str(c.call_number) for c in checks) or "-")
        )
    from arbitro.tournament.judgement import alert_answer

    data = _case_data(case_file)
    yes, note = alert_answer(chosen)
    sheet = data.get("worksheet")
    if not isinstance(sheet, dict) or sheet.get("irregularity") != "MI":
        raise click.BadParameter(
            gettext("{file}: the alert's check answers a misinformation case (MI)").format(
                file=case_file
            )
        )
    answers = [a for a in sheet.get("answers", []) if not _first(a)]
    sheet["answers"] = [{"step": "irregularity", "yes": yes, "note": note}, *answers]
    data.setdefault("profile", rules.code)
    report = RulingReport(case_from_data(data, case_file))
    if as_json:
        echo_json(report.to_json())
        return
    for line in report.lines():
        click.echo(line)


def _first(answer: object) -> bool:
    return isinstance(answer, dict) and answer.get("step") == "irregularity"


def _case_data(file: str) -> dict[str, Any]:
    text = read_text(Path(file), problem=click.BadParameter)
    try:
        data: Any = load_json(text)
    except json.JSONDecodeError as error:
        raise click.BadParameter(
            gettext("{file}, line {line}: not JSON ({reason})").format(
                file=file, line=error.lineno, reason=error.msg
            )
        ) from None
    if not isinstance(data, dict):
        raise click.BadParameter(
            gettext("{file}: expected a JSON object with the case").format(file=file)
        )
    return data

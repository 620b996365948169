"""``arbitro ruling alerts``: a table log's alerts set against a pair's convention card.

The check follows the authority's alert norms (the AEB's norms 5 and 6; Laws 20F5a,
21B1a, 40B4, 16B1): which calls of the side needed an alert, which were alerted and
when. With a case file and one call, the call's check answers the misinformation case's
first question and the command prints the case's ruling report.
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
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import FileParam, echo_json
from arbitro.cli.ruling_inputs import (
    authority_option,
    card_argument,
    card_event_option,
    case_data,
    case_from_data,
    read_card,
    read_table,
)
from arbitro.cli.shared import db_option, option
from arbitro.core.seat import Side
from arbitro.i18n import N_, get_language, gettext
from arbitro.laws.authority import Authority, authority
from arbitro.table.agreements import AlertCheck, ConventionCard, alert_checks, write_auction
from arbitro.tournament.judgement import alert_answer
from arbitro.tournament.ruling_report import RulingReport

if TYPE_CHECKING:
    from arbitro.table.table import Table


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
    auction = write_auction(check.auction, get_language())
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


@click.command(
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
@click.argument("log", type=FileParam(must_exist=True), cls=LocalizedArgument, metavar=N_("LOG"))
@card_argument
@option(
    "--side",
    type=LocalizedChoice(["NS", "EW"], case_sensitive=False),
    required=True,
    help=N_("The side whose convention card it is, at this table."),
)
@card_event_option
@authority_option
@option("--case", "case_file", default=None, help=N_("A case file whose worksheet it answers."))
@option("--call", "call", type=NumberParam(), default=None, help=N_("The call's number."))
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

    data = case_data(case_file)
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

"""``arbitro ruling alerts|psychic|psychics|methods``: the AEB's regulations at a ruling.

``alerts`` sets a table log's alerts against a pair's convention card under the
authority's alert norms (the AEB's norms 5 and 6; Laws 20F5a, 21B1a, 40B4, 16B1) and
can answer a misinformation case's first question from one call's check. ``psychic``
records the director's classification of a psychic call (the AEB's section C, Law
40C1) in the pair's register, or finds weak twos opened with four cards in a table log
(homogenisation criterion 5); ``psychics`` prints a pair's register across events.
``methods`` checks a convention card against the event's level and flags the calls of
a table log the card's methods make illegal (the AEB's highly unusual methods, Law 40B).

>>> sorted(command.name for command in COMMANDS)
['alerts', 'level', 'methods', 'psychic', 'psychics']
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedChoice,
    LocalizedCommand,
    json_option,
    lang_option,
)
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import FileParam, echo_json, read_text
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.bounded import load_json
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Side
from arbitro.i18n import N_, get_language, gettext
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY, Authority, authority
from arbitro.table.agreements import (
    AlertCheck,
    ConventionCard,
    alert_checks,
    read_auction,
    write_auction,
)
from arbitro.table.log import TableLogError, loads
from arbitro.tournament.judgement import Case, alert_answer
from arbitro.tournament.psychics import (
    WEAK_TWOS,
    PsychicKind,
    PsychicRecord,
    criterion_5_records,
)
from arbitro.tournament.ruling_report import RulingReport

if TYPE_CHECKING:
    from arbitro.store import Store
    from arbitro.table.table import Table
    from arbitro.tournament.methods import IllegalCall

_LOG = click.argument(
    "log",
    type=FileParam(must_exist=True),
    cls=LocalizedArgument,
    metavar=N_("LOG"),
)
_CARD = click.argument("card", cls=LocalizedArgument, metavar=N_("CARD"))
_SIDE = option(
    "--side",
    type=LocalizedChoice(["NS", "EW"], case_sensitive=False),
    required=True,
    help=N_("The side whose convention card it is, at this table."),
)
_PROFILE = option(
    "--profile",
    type=LocalizedChoice(AUTHORITIES),
    default=None,
    help=N_("The regulating authority's profile (default: the event's, else AEB)."),
)
_EVENT = option(
    "--event",
    "event",
    type=NumberParam(),
    default=None,
    help=N_("CARD names a pair whose card is kept in this event (arbitro ruling card)."),
)


def case_from_data(data: dict[str, Any], file: str) -> Case:
    """The case in ``data`` (a case file's JSON) with a finished worksheet; a problem names ``file``.

    >>> case_from_data({"board": 0}, "case.json")
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: case.json: invalid ruling case 'board': expected the board's number, from 1 up
    """
    try:
        case = Case.from_json(data)
        case.ruling()  # an unfinished worksheet is named with the file
    except ArbitroError as error:
        raise click.BadParameter(f"{file}: {error}") from None
    return case


def read_table(path: Path) -> Table:
    """The table a log folds into; a log that cannot be replayed is named with its line.

    >>> read_table(Path("/nonexistent.jsonl"))
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent.jsonl': no such file or folder
    """
    text = read_text(path, problem=click.BadParameter)
    try:
        return loads(text, str(path))
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

    with opened(database, existing=True) as store:
        profile = store.event(event).spec.profile
        kept = store.convention_card(event, card)
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
@_LOG
@_CARD
@_SIDE
@_EVENT
@_PROFILE
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


def _register_lines(records: list[PsychicRecord]) -> list[str]:
    return [f"  {record.number}. {record.line()}" for record in records]


def register_report(store: Store, event: int, pairs: tuple[str, ...]) -> list[str]:
    """The register of psychics of each of ``pairs`` that has one, for the director at a ruling.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> register_report(store, store.create_event(EventSpec("Club", boards=8)), ("1", "2"))
    []
    >>> from arbitro.tournament.event import Participant
    >>> register_report(store, store.create_event(EventSpec("Club", boards=8), [Participant("1")]), ("7",))
    []
    """
    lines = []
    for pair in pairs:
        try:
            records = store.pair_register(event, pair)
        except ArbitroError:  # a pair the event does not list: no register to show
            continue
        if records:
            lines.append(
                gettext("Pair {pair}'s register of psychics ({count}):").format(
                    pair=pair, count=len(records)
                )
            )
            lines.extend(_register_lines(records))
    return lines


@click.command(
    "psychic",
    cls=LocalizedCommand,
    help=N_(
        "Record in PAIR's register a call the director classified (--kind misstatement, "
        "deviation or psychic; --fielded, --implicit-agreement) and print the AEB's "
        "consequence (section C, Law 40C1) with the pair's earlier record. With --log, "
        "find instead the weak twos the pair opened with four cards or fewer in the table "
        "log (homogenisation criterion 5) and record each as a psychic."
    ),
    short_help=N_("Record a psychic call and print its consequence and the pair's record."),
)
@event_argument
@click.argument("pair", cls=LocalizedArgument, metavar=N_("PAIR"))
@option("--board", type=NumberParam(), default=None, help=N_("The board."))
@option("--table", "table_number", type=NumberParam(), default=None, help=N_("The table."))
@option("--session", type=NumberParam(), default=1, help=N_("The session."))
@option("--auction", default=None, help=N_("The auction up to and including the call."))
@option(
    "--kind",
    type=LocalizedChoice([kind.value for kind in PsychicKind]),
    default=None,
    help=N_("The director's classification."),
)
@option("--fielded", is_flag=True, help=N_("Partner fielded the call."))
@option(
    "--implicit-agreement",
    "implicit",
    is_flag=True,
    help=N_("The director finds an implicit partnership agreement."),
)
@option(
    "--log",
    "log",
    type=FileParam(),
    default=None,
    help=N_("A table log to apply criterion 5 to (the weak twos opened with four cards)."),
)
@option(
    "--side",
    type=LocalizedChoice(["NS", "EW"], case_sensitive=False),
    default=None,
    help=N_("The pair's side at the table (with --log)."),
)
@option(
    "--weak-twos",
    default=None,
    show_default=" ".join(WEAK_TWOS),
    help=N_("The openings the pair plays as weak twos (with --log)."),
)
@option("--note", default="", help=N_("A note for the record."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@json_option
@lang_option
def psychic_command(
    event: int,
    pair: str,
    board: int | None,
    table_number: int | None,
    session: int,
    auction: str | None,
    kind: str | None,
    fielded: bool,
    implicit: bool,
    log: Path | None,
    side: str | None,
    weak_twos: str | None,
    note: str,
    by: str,
    database: str | None,
    as_json: bool,
) -> None:
    """Record a classified psychic call, or criterion 5's findings in a table log."""
    records = _psychics_to_record(
        pair, board, table_number, session, auction, kind, fielded, implicit, log, side,
        weak_twos, note, by,
    )  # fmt: skip
    answers: list[dict[str, object]] = []
    lines: list[str] = []
    with opened(database) as store:
        try:
            earlier = store.pair_register(event, pair)
        except ArbitroError as error:
            raise click.BadParameter(str(error)) from None
        for record in records:
            repeated = record.repeats(earlier)
            try:
                number = store.record_psychic(event, record)
            except ArbitroError as error:
                raise click.BadParameter(str(error)) from None
            consequence = record.consequence(repeated)
            answers.append(
                {
                    **replace(record, number=number, event=event).to_json(),
                    "lawful": consequence.lawful,
                    "adjust": consequence.adjust,
                    "procedural_penalty": consequence.procedural_penalty,
                    "laws": list(consequence.laws),
                    "repeated": consequence.repeated,
                }
            )
            lines.append(
                gettext("Psychic {id} recorded for pair {pair}: {line}").format(
                    id=number, pair=pair, line=record.line()
                )
            )
            lines.append("  " + consequence.text())
            if consequence.procedural_penalty:
                lines.append(
                    "  "
                    + gettext(
                        "a procedural penalty (Law 90) is entered with: arbitro event penalty "
                        '{event} {pair} AMOUNT --board {board} --reason "40C1: …"'
                    ).format(event=event, pair=pair, board=record.board)
                )
    if as_json:
        echo_json({"recorded": answers, "earlier": [r.to_json() for r in earlier]})
        return
    if not records:
        click.echo(
            gettext("No weak two opened with four cards or fewer: nothing to record (criterion 5).")
        )
    for line in lines:
        click.echo(line)
    if earlier:
        click.echo(
            gettext("Pair {pair}'s earlier record ({count}):").format(pair=pair, count=len(earlier))
        )
        for line in _register_lines(earlier):
            click.echo(line)


def _psychics_to_record(
    pair: str,
    board: int | None,
    table_number: int | None,
    session: int,
    auction: str | None,
    kind: str | None,
    fielded: bool,
    implicit: bool,
    log: Path | None,
    side: str | None,
    weak_twos: str | None,
    note: str,
    by: str,
) -> list[PsychicRecord]:
    if log is not None:
        if side is None:
            raise click.BadParameter(gettext("--side: give the pair's side at the table"))
        table = read_table(log)
        try:
            openings = (
                WEAK_TWOS if weak_twos is None else tuple(read_auction(weak_twos, get_language()))
            )
        except ArbitroError as error:
            raise click.BadParameter(f"--weak-twos: {error}") from None
        played = board if board is not None else table.board.number
        if played is None:
            raise click.BadParameter(gettext("--board: the log names no board; give it"))
        return criterion_5_records(
            table, pair, Side.from_str(side).seats, played, weak_twos=openings,
            session=session, table_number=table_number, fielded=fielded,
            implicit_agreement=implicit, note=note, director=by,
        )  # fmt: skip
    if board is None or auction is None or kind is None:
        raise click.BadParameter(
            gettext("give --board, --auction and --kind (or --log and --side for criterion 5)")
        )
    try:
        calls = read_auction(auction, get_language())
    except ArbitroError as error:
        raise click.BadParameter(f"--auction: {error}") from None
    if not calls:
        raise click.BadParameter(gettext("--auction: give the calls up to the psychic"))
    return [
        PsychicRecord(
            pair, session, board, table_number, calls, PsychicKind.read(kind), fielded,
            implicit, "", note, by,
        )
    ]  # fmt: skip


@click.command(
    "psychics",
    cls=LocalizedCommand,
    help=N_(
        "Print PAIR's register of psychic calls: every call the director classified in "
        "any event its players played (AEB, section C)."
    ),
    short_help=N_("Print a pair's register of psychics across events."),
)
@event_argument
@click.argument("pair", cls=LocalizedArgument, metavar=N_("PAIR"))
@db_option
@json_option
@lang_option
def psychics_command(event: int, pair: str, database: str | None, as_json: bool) -> None:
    """Print a pair's register of psychics across events."""
    with opened(database, existing=True) as store:
        try:
            records = store.pair_register(event, pair)
        except ArbitroError as error:
            raise click.BadParameter(str(error)) from None
    if as_json:
        echo_json([record.to_json() for record in records])
        return
    if not records:
        click.echo(gettext("Pair {pair} has no psychic on record.").format(pair=pair))
        return
    click.echo(
        gettext("Pair {pair}'s register of psychics ({count}):").format(
            pair=pair, count=len(records)
        )
    )
    for line in _register_lines(records):
        click.echo(line)


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
@_CARD
@_EVENT
@_PROFILE
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


COMMANDS = (alerts_command, psychic_command, psychics_command, methods_command, level_command)
"""The commands ``arbitro ruling`` adds for the AEB's regulations."""

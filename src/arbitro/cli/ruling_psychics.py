"""``arbitro ruling psychic`` and ``psychics``: a pair's register of psychic calls.

``psychic`` records the director's classification of a psychic call (the AEB's section
C, Law 40C1) in the pair's register and prints its consequence, or finds the weak twos
opened with four cards or fewer in a table log (homogenisation criterion 5);
``psychics`` prints a pair's register across events; :func:`register_report` is the
register ``arbitro ruling record`` shows beside a ruling.
"""

from __future__ import annotations

from dataclasses import replace
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
from arbitro.cli.ruling_inputs import read_table
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Side
from arbitro.i18n import N_, get_language, gettext
from arbitro.table.agreements import read_auction
from arbitro.tournament.psychics import (
    WEAK_TWOS,
    PsychicKind,
    PsychicRecord,
    criterion_5_records,
)

if TYPE_CHECKING:
    from arbitro.store import Store


def _record_lines(records: list[PsychicRecord]) -> list[str]:
    return [f"  {record.number}. {record.line()}" for record in records]


def register_lines(pair: str, records: list[PsychicRecord]) -> list[str]:
    """A pair's register of psychics as the director reads it: a heading, a line a record.

    >>> register_lines("3", [])
    ["Pair 3's register of psychics (0):"]
    """
    heading = gettext("Pair {pair}'s register of psychics ({count}):").format(
        pair=pair, count=len(records)
    )
    return [heading, *_record_lines(records)]


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
            lines.extend(register_lines(pair, records))
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
        for line in _record_lines(earlier):
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
    for line in register_lines(pair, records):
        click.echo(line)

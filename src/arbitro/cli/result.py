"""``arbitro result``: enter, import, correct and list an event's results, and show their audit trail.

A result is one board at one table: ``--contract``, ``--declarer`` and ``--tricks``
(with ``--lead`` if noted), or ``--score``, or ``--adjusted``, or ``--not-played``.
With a movement the pairs come from it; ``--ns``/``--ew`` name them otherwise, and
``--law15`` records a board played by the wrong pairs (Law 15A). Each entry is one
transaction: when the command says it is stored, it is on disk.

>>> sorted(result_group.commands)
['audit', 'correct', 'enter', 'import', 'list']
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from arbitro.cli.localized import (
    LocalizedChoice,
    LocalizedCommand,
    LocalizedGroup,
    file_argument,
    json_option,
    lang_option,
)
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import bounded_lines, echo_json, read_bytes
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.board import Board
from arbitro.core.contract import PassedOut
from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_RESULTS_BYTES
from arbitro.i18n import LANGUAGES, N_, get_language, gettext, ngettext
from arbitro.scoring.csv_lines import csv_header, csv_rows, decoded_lines
from arbitro.scoring.traveller_columns import TABLE_COLUMNS, shown_column
from arbitro.tournament.directing import penalty_proposals
from arbitro.tournament.entry import Entry, disputed_correction
from arbitro.tournament.event import pair_number, pair_written
from arbitro.tournament.records import stamp

if TYPE_CHECKING:
    from arbitro.store import Store
    from arbitro.store.stored import StoredResult

F = TypeVar("F", bound=Callable[..., Any])


class ImportLineError(ArbitroError):
    """A line of an import file that cannot be stored; names the file and line.

    >>> print(ImportLineError("r.csv", 3, "board 9 is not in the event (expected 1 to 6)"))
    r.csv, line 3: board 9 is not in the event (expected 1 to 6)
    """

    def __init__(self, source: str, line: int, problem: str) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        super().__init__(source, line, problem)

    def __str__(self) -> str:
        return gettext("{source}, line {line}: {problem}").format(
            source=self.source, line=self.line, problem=self.problem
        )


@click.group(
    "result",
    cls=LocalizedGroup,
    help=N_(
        "Enter and correct an event's results, board by board; every change is kept in an "
        "audit trail (who, when, the old and new result, why)."
    ),
    short_help=N_("Enter and correct results."),
)
@lang_option
def result_group() -> None:
    """The ``arbitro result`` group."""


def entry_options(function: F) -> F:
    """The options that say what happened at the table (contract, declarer, tricks, ...).

    >>> @click.command()
    ... @entry_options
    ... def hello(**fields: object) -> None: ...
    >>> [param.name for param in hello.params][:3]
    ['contract', 'declarer', 'tricks']
    """
    options = [
        option("--contract", default=None, help=N_("The contract, as 4S, 3NTX or Pass.")),
        option("--declarer", default=None, help=N_("The declarer: N, E, S or W.")),
        option(
            "--tricks",
            default=None,
            help=N_("The tricks declarer took, or =, +1, -2 against the contract."),
        ),
        option("--lead", default=None, help=N_("The opening lead, as HK (optional).")),
        option(
            "--score",
            default=None,
            help=N_("North-South's score; with a contract it is checked against it (AEB rule A)."),
        ),
        option(
            "--adjusted",
            default=None,
            help=N_("An adjusted score (Law 12): A60/A40, A+/A-, +420/-450, 4S= N."),
        ),
        option("--not-played", is_flag=True, help=N_("The board was not played.")),
        option(
            "--agreed",
            is_flag=True,
            help=N_("Both pairs agree the score is wrong and the contract's stands (AEB rule A)."),
        ),
        option(
            "--group",
            default=None,
            help=N_(
                "A fouled board (Law 87): the group of tables that played the same cards; "
                "each group is scored on its own."
            ),
        ),
        option(
            "--law15",
            "wrong_pairs",
            is_flag=True,
            help=N_("The board was played by the wrong pairs and the result stands (Law 15A1)."),
        ),
        option(
            "--notation",
            type=LocalizedChoice(LANGUAGES),
            default=None,
            help=N_("Language of the contract, seats and cards (default: --lang)."),
        ),
    ]
    for decorate in reversed(options):
        function = decorate(function)
    return function


def where_options(function: F) -> F:
    """The options that say where: ``--board``, ``--table``, ``--session``, ``--by``.

    >>> @click.command()
    ... @where_options
    ... def hello(**fields: object) -> None: ...
    >>> [param.name for param in hello.params]
    ['board', 'table', 'session', 'by']
    """
    options = [
        option("--board", type=NumberParam(), required=True, help=N_("The board.")),
        option("--table", type=NumberParam(), required=True, help=N_("The table.")),
        option(
            "--session",
            type=NumberParam(),
            default=1,
            show_default=True,
            help=N_("The session."),
        ),
        option("--by", default="", help=N_("Who does it (for the audit trail).")),
    ]
    for decorate in reversed(options):
        function = decorate(function)
    return function


def _entry(fields: dict[str, Any]) -> Entry:
    return Entry.from_fields(
        contract=fields["contract"],
        declarer=fields["declarer"],
        tricks=fields["tricks"],
        lead=fields["lead"],
        score=fields["score"],
        adjusted=fields["adjusted"],
        not_played=fields["not_played"],
        wrong_pairs=fields["wrong_pairs"],
        agreed=fields["agreed"],
        lang=fields["notation"] or get_language(),
        group=fields["group"],
        options=True,  # a missing field is named by its option (--tricks)
    )


def _tricks_alone(
    store: Store, event: int, board: int, table: int, session: int, fields: dict[str, Any]
) -> dict[str, Any]:
    """``fields``, with the stored contract, declarer and lead when only ``--tricks`` is given.

    A correction of the tricks alone (Law 79A, 79C) keeps the contract and declarer
    already stored; any other correction is typed in full.
    """
    others = ("contract", "declarer", "score", "adjusted", "not_played")
    if not fields["tricks"] or any(fields[name] for name in others):
        return fields
    for stored in store.results(event, session):
        if stored.board != board or stored.table != table:
            continue
        kept = stored.entry
        if kept.contract is None or kept.declarer is None or isinstance(kept.contract, PassedOut):
            return fields
        lang = fields["notation"] or get_language()
        lead = kept.lead.to_str(lang) if kept.lead is not None and not fields["lead"] else None
        return {
            **fields,
            "contract": kept.contract.to_str(lang, declarer=False),
            "declarer": kept.declarer.to_str(lang),
            "lead": fields["lead"] or lead,
        }
    return fields


def _rule_b(
    store: Store, event: int, board: int, table: int, session: int, claimed: Entry
) -> Entry:
    """The entry AEB rule B gives for a disputed one (:func:`disputed_correction`)."""
    profile = store.event(event).spec.profile
    for stored in store.results(event, session):
        if stored.board == board and stored.table == table:
            try:
                marked = store.boards(event).get(board) or Board(board)
                return disputed_correction(stored.entry, claimed, marked, profile)
            except ArbitroError as error:
                raise click.BadParameter(str(error)) from None
    # No result to dispute: the store names the board and table.
    return claimed


def _describe(stored: StoredResult) -> str:
    """A stored result as the director reads it; its score in brackets where the entry lacks it.

    An entry that already shows its score (``adjusted A60/A40``, ``not played``) does not
    repeat it.
    """
    entry = stored.entry.localized()
    result = stored.result.shown() if stored.result is not None else gettext("not played")
    if entry.endswith(result):
        return gettext("board {board}, table {table}: {ns} v {ew}, {entry}").format(
            board=stored.board,
            table=stored.table,
            ns=pair_written(stored.ns),
            ew=pair_written(stored.ew),
            entry=entry,
        )
    return gettext("board {board}, table {table}: {ns} v {ew}, {entry} ({result})").format(
        board=stored.board,
        table=stored.table,
        ns=pair_written(stored.ns),
        ew=pair_written(stored.ew),
        entry=entry,
        result=result,
    )


def _warn(stored: StoredResult, marked: dict[int, Board]) -> None:
    board = marked.get(stored.board) or Board(stored.board)  # Law 2, last paragraph
    computed = stored.entry.incongruent(board)
    if computed is not None and not stored.entry.agreed:
        click.echo(
            gettext(
                "warning: the contract gives {computed} but the score is {entered}; the score "
                "stands unless both pairs agree (AEB rule A; --agreed)"
            ).format(computed=computed, entered=stored.entry.score),
            err=True,
        )


@result_group.command(
    "enter",
    cls=LocalizedCommand,
    help=N_(
        "Enter the result of a board at a table. The pairs come from the movement, or from "
        "--ns and --ew; a board already entered is changed with arbitro result correct."
    ),
    short_help=N_("Enter a result."),
)
@event_argument
@where_options
@option("--ns", default=None, help=N_("The North-South pair (without a movement)."))
@option("--ew", default=None, help=N_("The East-West pair (without a movement)."))
@entry_options
@db_option
@lang_option
def enter_command(
    event: int,
    board: int,
    table: int,
    session: int,
    by: str,
    ns: str | None,
    ew: str | None,
    database: str | None,
    **fields: Any,
) -> None:
    """Enter a result."""
    entry = _entry(fields)
    ns, ew = (pair_number(pair) if pair is not None else None for pair in (ns, ew))  # 1EO
    with opened(database) as store:
        stored = store.enter_result(event, board, table, entry, ns, ew, session, by)
        marked = store.boards(event)
        profile = store.event(event).spec.profile
    _warn(stored, marked)
    click.echo(gettext("Stored: {result}").format(result=_describe(stored)))
    if entry.wrong_pairs:  # Law 15A1; the AEB's criterion 2 makes a penalty due
        for line in penalty_proposals(["15A1"], profile):
            click.echo(line)


@result_group.command(
    "correct",
    cls=LocalizedCommand,
    help=N_(
        "Correct the result of a board at a table; the old and new results, who and why go "
        "to the audit trail. After the correction period (Law 79C) the director must reopen "
        "the results first."
    ),
    short_help=N_("Correct a result."),
)
@event_argument
@where_options
@option("--reason", required=True, help=N_("Why the result changes."))
@option(
    "--disputed",
    is_flag=True,
    help=N_(
        "One pair disputes a congruent entry (AEB rule B): it changes only with --agreed, "
        "and each pair gets the worse of the two scores."
    ),
)
@entry_options
@db_option
@lang_option
def correct_command(
    event: int,
    board: int,
    table: int,
    session: int,
    by: str,
    reason: str,
    disputed: bool,
    database: str | None,
    **fields: Any,
) -> None:
    """Correct a result."""
    with opened(database) as store:
        entry = _entry(_tricks_alone(store, event, board, table, session, fields))
        if disputed:
            entry = _rule_b(store, event, board, table, session, entry)
        before = {(one.board, one.table): one.version for one in store.results(event, session)}
        stored = store.correct_result(event, board, table, entry, reason, session, by)
        marked = store.boards(event)
    _warn(stored, marked)
    if before.get((board, table)) == stored.version:
        click.echo(
            gettext("Nothing to correct: the result is already {result}").format(
                result=_describe(stored)
            )
        )
        return
    click.echo(
        gettext("Corrected (version {version}): {result}").format(
            version=stored.version, result=_describe(stored)
        )
    )


@result_group.command(
    "import",
    cls=LocalizedCommand,
    help=N_(
        "Enter the results in FILE ('-' for the standard input), a CSV file with a header "
        "row: board, table, and the columns ns, ew, contract, declarer, tricks, lead, score, "
        "adjusted, group (a fouled board's) as needed. A file is read as a spreadsheet saves "
        "it: ';' or ',' between fields, a decimal comma, headers in Spanish (estuche, mesa, "
        "ns, eo, contrato, declarante, bazas, ...: Spanish notation then), UTF-8, Latin-1 or "
        "UTF-16; the standard input is read line by line in UTF-8. Each line is stored on its own and "
        "acknowledged as it is; the first bad line stops the import, naming its line. A line "
        "whose result is already stored as it is written is skipped, so an import cut short "
        "can be run again."
    ),
    short_help=N_("Enter results from a CSV file."),
)
@event_argument
@file_argument
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("Who does it (for the audit trail)."))
@option(
    "--notation",
    type=LocalizedChoice(LANGUAGES),
    default=None,
    help=N_("Language of the contracts, seats and cards (default: --lang)."),
)
@db_option
@lang_option
def import_command(
    event: int, file: str, session: int, by: str, notation: str | None, database: str | None
) -> None:
    """Enter results from a CSV file, one transaction per line."""
    source = "<stdin>" if file == "-" else file

    def fail(line: int, reason: str) -> ImportLineError:
        return ImportLineError(source, line, reason)

    lines, spanish = _import_lines(file, source)
    lang = notation or ("es" if spanish else get_language())
    count = skipped = 0
    with opened(database) as store:
        stored_before = {(r.board, r.table): r for r in store.results(event, session)}
        reader = csv.DictReader(decoded_lines(lines, fail))
        header = csv_header(reader, fail)
        for name in header:
            if name not in TABLE_COLUMNS:
                raise ImportLineError(
                    source,
                    1,
                    gettext("unknown column '{name}' (expected {choices})").format(
                        name=shown_column(name), choices=", ".join(TABLE_COLUMNS)
                    ),
                )
        for name in ("board", "table"):
            if name not in header:
                raise ImportLineError(
                    source,
                    1,
                    gettext("the header lacks the column '{name}'").format(name=name),
                )
        reader.fieldnames = header
        for row in csv_rows(reader, fail):
            cells = {key: (value or "").strip() for key, value in row.items() if key}
            if not any(cells.values()):
                continue
            if None in row:  # csv.DictReader keeps the fields beyond the header under None
                raise ImportLineError(
                    source, reader.line_num, gettext("more fields than the header has")
                )
            try:
                board, table = _whole(cells["board"], "board"), _whole(cells["table"], "table")
                entry = Entry.from_fields(
                    contract=cells.get("contract") or None,
                    declarer=cells.get("declarer") or None,
                    tricks=cells.get("tricks") or None,
                    lead=cells.get("lead") or None,
                    score=cells.get("score") or None,
                    adjusted=cells.get("adjusted") or None,
                    lang=lang,
                    group=cells.get("group") or None,
                )
                ns, ew = cells.get("ns") or None, cells.get("ew") or None
                there = stored_before.get((board, table))
                if there is not None and _same(there, entry, ns, ew):
                    skipped += 1
                    click.echo(gettext("Already stored: {result}").format(result=_describe(there)))
                    continue
                stored = store.enter_result(event, board, table, entry, ns, ew, session, by)
            except ArbitroError as error:
                raise ImportLineError(source, reader.line_num, str(error)) from None
            count += 1
            click.echo(gettext("Stored: {result}").format(result=_describe(stored)))
            sys.stdout.flush()
    click.echo(
        ngettext("{count} result stored", "{count} results stored", count).format(count=count)
    )
    if skipped:
        click.echo(
            ngettext(
                "{count} result was already stored as the file gives it",
                "{count} results were already stored as the file gives them",
                skipped,
            ).format(count=skipped)
        )


def _import_lines(file: str, source: str) -> tuple[Iterable[bytes | str], bool]:
    """The lines ``result import`` reads, and whether their headers are Spanish.

    The standard input is read as it arrives, line by line in UTF-8, so that a scoring
    program can feed it. A file is read whole, as a spreadsheet saves it (as ``session
    score`` reads one, :func:`arbitro.formats.travellers.spreadsheet`): UTF-8, Latin-1 or
    UTF-16, ``,`` or ``;`` between fields, a decimal comma, headers in English or Spanish
    (``estuche, mesa, ns, eo, contrato, ...``).
    """
    if file == "-":
        # Standard input's bytes (a test's text stream has none: its lines are text).
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        return bounded_lines(stream, MAX_RESULTS_BYTES, source), False
    # The spreadsheet's reader is the travellers' (formats), not needed by other commands.
    from arbitro.formats.travellers import SPANISH_TABLE_COLUMNS, decode, spreadsheet

    data = read_bytes(Path(file), limit=MAX_RESULTS_BYTES, problem=click.BadParameter)
    text, spanish = spreadsheet(decode(data), source, SPANISH_TABLE_COLUMNS)
    return io.StringIO(text), spanish


def _same(stored: StoredResult, entry: Entry, ns: str | None, ew: str | None) -> bool:
    """Whether ``stored`` is the line's result: the same entry, and the same pairs if named."""
    return (
        stored.entry == entry
        and (ns is None or ns == stored.ns)
        and (ew is None or ew == stored.ew)
    )


def _whole(text: str, column: str) -> int:
    if not re.fullmatch("[0-9]{1,9}", text) or int(text) < 1:
        raise ImportFieldError(
            text, N_("expected a whole number from 1 in column '{column}'"), column=column
        )
    return int(text)


class ImportFieldError(ArbitroError, ValueError):
    """A cell of an import file that is not what its column needs.

    >>> print(ImportFieldError("x", N_("expected a whole number from 1 in column '{column}'"), column="board"))
    'x': expected a whole number from 1 in column 'board'
    """

    def __init__(self, text: str, reason: str, **details: object) -> None:
        self.text = text
        self.reason = reason
        self.details = details
        super().__init__(text, reason)

    def __str__(self) -> str:
        return f"'{self.text}': " + gettext(self.reason).format(**self.details)


@result_group.command(
    "list",
    cls=LocalizedCommand,
    help=N_("List the event's results by session, board and table."),
    short_help=N_("List the results."),
)
@event_argument
@option("--session", type=NumberParam(), default=None, help=N_("Only this session."))
@db_option
@json_option
@lang_option
def list_command(event: int, session: int | None, database: str | None, as_json: bool) -> None:
    """List the results."""
    with opened(database, existing=True) as store:
        results = store.results(event, session)
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "session": r.session,
                        "round": r.round,
                        "table": r.table,
                        "board": r.board,
                        "ns": r.ns,
                        "ew": r.ew,
                        "entry": r.entry.to_str(),
                        "result": r.result.to_str() if r.result is not None else None,
                        "version": r.version,
                    }
                    for r in results
                ]
            )
        )
        return
    for stored in results:
        click.echo(_describe(stored))


def _written(stored: str | None) -> str | None:
    """An audit line's stored entry in the command's language, as ``result list`` writes it.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     _written("4S N 10"), _written("score -110"), _written("not an entry"), _written(None)
    ('4P N 10', 'marca -110', 'not an entry', None)
    """
    if stored is None:
        return None
    try:
        return Entry.from_str(stored).localized()
    except ArbitroError:  # an old line's free text
        return stored


@result_group.command(
    "audit",
    cls=LocalizedCommand,
    help=N_("Show the audit trail of the event's results: every entry and correction."),
    short_help=N_("Show the audit trail."),
)
@event_argument
@db_option
@json_option
@lang_option
def audit_command(event: int, database: str | None, as_json: bool) -> None:
    """Show the audit trail."""
    with opened(database, existing=True) as store:
        trail = store.audit(event)
    if as_json:
        echo_json(
            [
                {
                    "at": line.at.isoformat(),
                    "by": line.by,
                    "action": line.action,
                    "board": line.board,
                    "table": line.table,
                    "old": line.old,
                    "new": line.new,
                    "reason": line.reason,
                }
                for line in trail
            ],
        )
        return
    for line in trail:
        where = gettext("board {board}, table {table}").format(board=line.board, table=line.table)
        if line.action == "enter":
            text = gettext("{at} {by}: {where} entered {new}")
        else:
            text = gettext("{at} {by}: {where} corrected {old} -> {new} ({reason})")
        click.echo(
            text.format(
                at=stamp(line.at),
                by=line.by or "-",
                where=where,
                new=_written(line.new),
                old=_written(line.old),
                reason=line.reason,
            )
        )

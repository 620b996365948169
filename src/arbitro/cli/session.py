"""``arbitro session score``: score a session from a USEBIO, PBN or travellers CSV file.

>>> session_group.name, sorted(session_group.commands)
('session', ['score'])
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import NamedTuple, TypeVar

import click
from click.core import ParameterSource

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedChoice,
    LocalizedCommand,
    LocalizedGroup,
    LocalizedOption,
    json_option,
    lang_option,
)
from arbitro.cli.output import FileParam, echo_json, figure, read_bytes
from arbitro.cli.published_report import echo_published, published_data
from arbitro.core.collector import cycle_collector_paused
from arbitro.core.errors import ArbitroError, NotationError
from arbitro.core.files import MAX_RESULTS_BYTES
from arbitro.core.seat import Side
from arbitro.formats.file_sessions import SessionChoiceError, one_session
from arbitro.formats.pbn import reading_once
from arbitro.formats.published import Comparison, compare_file, recorded_penalties
from arbitro.formats.travellers import decode, file_columns, kind_of, read_session
from arbitro.i18n import LANGUAGES, N_, get_language, gettext
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY, authority
from arbitro.laws.references import InvalidLawError, law_reference
from arbitro.scoring.matchpoints import look_up
from arbitro.scoring.penalties import REGULATION_G, Penalty
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.scoring.results import shown_score
from arbitro.scoring.session import (
    METHODS,
    InvalidPenaltyError,
    InvalidSessionError,
    Method,
    PairStanding,
    Points,
    SessionScore,
    score_session,
    shown_number,
)
from arbitro.scoring.traveller_errors import InvalidTravellerError
from arbitro.scoring.travellers import Travellers, check_profile
from arbitro.tournament.event import SCORING_NAMES, pair_written
from arbitro.tournament.penalties import PenaltyKind, PenaltyRecord
from arbitro.tournament.penalty_amounts import PenaltyAmountError, TypedAmount, read_penalty_amount
from arbitro.tournament.record_errors import InvalidRecordError

_V = TypeVar("_V", int, Points, tuple[str, ...])


class TypedPenalty(NamedTuple):
    """A ``--penalty`` as typed: the pair, the amount read (its unit, if typed), the Law, the text.

    ``text`` is the option's value as the director typed it, which a refusal quotes.

    >>> TypedPenalty("7", read_penalty_amount("3"), "90", "7,3").penalty("imp-butler")
    Penalty(Fraction(3, 1), unit='imps', law='90', reason='')
    """

    pair: str
    typed: TypedAmount
    law: str
    text: str

    def penalty(self, method: Method) -> Penalty:
        """The penalty in a session scored by ``method``: a plain number in its own unit."""
        unit = self.typed.unit or ("imps" if method in ("imp-butler", "cross-imp") else "mp")
        assert unit != "vp"  # refused as it is read
        return Penalty(self.typed.amount, unit, self.law)


class PenaltyParam(click.ParamType[TypedPenalty]):
    """A penalty on the command line: ``PAIR,AMOUNT[,LAW]``, AMOUNT as every penalty's.

    The amount is read as ``event penalty`` and the desk read one
    (:func:`~arbitro.tournament.penalty_amounts.read_penalty_amount`): ``25%`` of a top,
    one top at most, ``3MP`` matchpoints, ``3IMP``; a plain number (``3``, ``1/4``) is
    in the session's own unit (matchpoints, or IMPs where it is scored in IMPs). The
    comma parts the fields here, so a decimal is written with a point. The Law is
    checked as every penalty's (:class:`~arbitro.tournament.penalties.PenaltyRecord`).
    """

    name = "penalty"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> TypedPenalty:
        """Read ``3NS,25%,90`` (a quarter of a top, Law 90) or ``7,3`` (3 matchpoints or IMPs).

        >>> PenaltyParam().convert("3NS,25%,90", None, None)
        TypedPenalty(pair='3NS', typed=TypedAmount(amount=Fraction(1, 4), unit='top'), law='90', text='3NS,25%,90')
        >>> PenaltyParam().convert("7,1.5IMP", None, None).typed
        TypedAmount(amount=Fraction(3, 2), unit='imps')
        """
        if isinstance(value, TypedPenalty):
            return value
        pair, _, rest = str(value).strip().partition(",")
        amount, law_comma, law = rest.partition(",")
        if not (pair.strip() and amount.strip()) or "," in law or (law_comma and not law.strip()):
            self.fail(
                gettext(
                    "invalid penalty '{text}': expected PAIR,AMOUNT[,LAW], as in 3NS,25%,90 or 7,3"
                ).format(text=value),
                param,
                ctx,
            )
        try:
            typed = read_penalty_amount(amount)
        except PenaltyAmountError as error:
            self.fail(
                gettext("invalid penalty '{text}': {problem}").format(text=value, problem=error),
                param,
                ctx,
            )
        if typed.unit == "vp":
            self.fail(
                gettext(
                    "invalid penalty '{text}': a session is scored in matchpoints or IMPs, "
                    "not victory points"
                ).format(text=value),
                param,
                ctx,
            )
        law = law.strip() or "90"
        try:  # the amount and the Law as every penalty recorded has them (Laws 90, 91)
            cited = law if law.upper() == REGULATION_G else law_reference(law)
            kind = PenaltyKind.DISCIPLINARY if cited.startswith("91") else PenaltyKind.PROCEDURAL
            record = PenaltyRecord(pair.strip(), kind, typed.amount, typed.unit or "mp", law, "")
        except (InvalidRecordError, InvalidLawError) as error:
            problem = str(error)
            if law_comma and law.rstrip("%").isdigit():  # 1,0,5: a decimal comma, not Law 5
                problem += " " + gettext("(a decimal is written with a point here, as in 1,0.5)")
            self.fail(
                gettext("invalid penalty '{text}': {problem}").format(text=value, problem=problem),
                param,
                ctx,
            )
        return TypedPenalty(record.participant, typed, record.law, str(value).strip())


@click.group(
    "session",
    cls=LocalizedGroup,
    help=N_("Score a session of duplicate bridge from its travellers."),
    short_help=N_("Score a session (Laws 12, 78, 86-90)."),
)
@lang_option
def session_group() -> None:
    """The ``arbitro session`` group."""


@session_group.command(
    "score",
    cls=LocalizedCommand,
    help=N_(
        "Score the session in TRAVELLERS, told by its content: a USEBIO file, a PBN file "
        "with score tables, or a CSV file with a header row and one line per table and "
        "board (columns board, ns, ew, then contract, declarer and tricks, or score, or "
        "adjusted; ',', ';' or a tab between fields, headers in English or Spanish). Prints each "
        "board's points for North-South and East-West, then each pair's total, "
        "percentage and rank (ties as 2=). When the file carries the figures another "
        "program published, each one that differs from Árbitro's is listed on the "
        "standard error after a summary line. The penalties the file records (a USEBIO "
        "file's ADJUSTMENT) are applied, as --penalty's are."
    ),
    short_help=N_("Score a session from a USEBIO, PBN or travellers CSV file."),
)
@click.argument(
    "travellers",
    type=FileParam(),
    cls=LocalizedArgument,
    metavar=N_("TRAVELLERS"),
)
@click.option(
    "--scoring",
    "method",
    type=LocalizedChoice(METHODS),
    default="mp",
    help=N_(
        "mp: matchpoints (Law 78A); imp-butler: IMPs against a Butler datum; cross-imp: "
        "cross-IMPs; total: total points (Law 78C). Default: what a USEBIO or PBN file "
        "names, else mp."
    ),
)
@click.option(
    "--profile",
    type=LocalizedChoice(AUTHORITIES),
    default=DEFAULT_AUTHORITY,
    help=N_(
        "The regulating authority's profile: artificial scores, weighted scores, Neuberg. "
        "Default: aeb."
    ),
)
@click.option(
    "--penalty",
    "penalties",
    multiple=True,
    cls=LocalizedOption,
    type=PenaltyParam(),
    metavar=N_("PAIR,AMOUNT[,LAW]"),
    help=N_(
        "A procedural penalty (Law 90): AMOUNT in matchpoints or IMPs, or a percentage of a "
        "top (25%); may be repeated."
    ),
)
@click.option(
    "--notation",
    type=LocalizedChoice(LANGUAGES),
    default=None,
    help=N_(
        "Language of the contracts and seats in a CSV file (default: Spanish when its "
        "headers are Spanish, else English). A pair --penalty names is read in --lang."
    ),
)
@click.option(
    "--session",
    cls=LocalizedOption,
    type=click.IntRange(1, 999),
    default=None,
    help=N_(
        "The session to score in a file of several: a USEBIO file's SESSION_NUMBER, or "
        "a PBN file's sessions (its games' Stage) numbered 1, 2, ... in file order."
    ),
)
@json_option
@lang_option
def score_session_command(
    travellers: Path,
    method: Method,
    profile: str,
    penalties: tuple[TypedPenalty, ...],
    notation: str | None,
    session: int | None,
    as_json: bool,
) -> None:
    """Score a session and print it."""
    # A PBN file is read by the teams check, the travellers and the published figures:
    # once (reading_once).
    with cycle_collector_paused(), reading_once():
        _score_and_print(travellers, method, profile, penalties, notation, as_json, session)


def _score_and_print(
    travellers: Path,
    method: Method,
    profile: str,
    penalties: tuple[TypedPenalty, ...],
    notation: str | None,
    as_json: bool,
    session: int | None = None,
) -> None:
    context = click.get_current_context()
    data = read_bytes(travellers, limit=MAX_RESULTS_BYTES)
    rules = authority(profile)
    if _teams_file(data, travellers, profile, as_json):
        return
    try:
        # One session of a file of several, its lines where they were (messages name them).
        data = one_session(decode(data), str(travellers), session).encode("utf-8")
        found = read_session(data, str(travellers), notation)
    except SessionChoiceError as error:
        raise click.UsageError(str(error), ctx=context) from None
    except (InvalidTravellerError, NotationError) as error:
        raise click.UsageError(_with_hint(error, data, notation), ctx=context) from error
    read = found.travellers
    # A score the authority's rules refuse is not a mistake in the file: it ends as every
    # refusal by a rule does (see main's exit statuses), naming its line all the same.
    check_profile(read, rules)
    if found.method is not None and context.get_parameter_source("method") in (
        ParameterSource.DEFAULT,
        None,
    ):
        method = found.method  # the scoring the USEBIO or PBN file names
    if not read.results:
        _refuse_usebio_teams(data, travellers)
        raise click.UsageError(
            gettext("'{path}' has no results").format(path=travellers), ctx=context
        )
    pairs = {pair for table in read.results for pair in (table.ns, table.ew)}
    typed_penalties = [
        (played_pair(typed.pair, pairs), typed.penalty(method)) for typed in penalties
    ]
    recorded: list[tuple[str, Penalty]] = []
    try:
        scored = score_session(read.results, method, rules, typed_penalties)
        # The penalties the file records (a USEBIO ADJUSTMENT, Laws 90, 91) are already
        # in its totals: they come off here too, as ``event import`` takes them off.
        recorded, left = recorded_penalties(
            data, str(travellers), scored, found.method, SCORING_NAMES
        )
        for why in left:
            click.echo(gettext("warning: {warning}").format(warning=why), err=True)
        if recorded:
            scored = score_session(read.results, method, rules, [*recorded, *typed_penalties])
    except InvalidPenaltyError as error:  # quoted as the director typed it, not as it is kept
        index = None if error.index is None else error.index - len(recorded)
        typed = penalties[index].text if index is not None and index >= 0 else error.text
        raise click.UsageError(
            str(InvalidPenaltyError.of_problems(typed, error.problems)), ctx=context
        ) from None
    except InvalidSessionError as error:
        raise click.UsageError(str(error), ctx=context) from None
    for warning in read.warnings:
        click.echo(gettext("warning: {warning}").format(warning=warning), err=True)
    try:
        published = compare_file(data, str(travellers), rules, scored)
    except ArbitroError as error:  # the file's own method refuses what --scoring scored
        published = Comparison(0, ())
        click.echo(
            gettext("warning: the published figures were not compared: {why}").format(why=error),
            err=True,
        )
    if as_json:
        echo_json({**_as_data(scored, read), "published": published_data(published)})
        return
    click.echo(session_report(scored))
    echo_published(published)


def _teams_file(data: bytes, travellers: Path, profile: str, as_json: bool) -> bool:
    """Score a PBN teams file as its matches (:mod:`arbitro.cli.session_teams`); False for another file."""
    text = decode(data)
    if kind_of(text) != "pbn":
        return False
    from arbitro.formats import pbn  # a PBN file only
    from arbitro.formats.pbn_teams import is_teams

    try:
        games = pbn.loads(text, str(travellers), strict=False)
    except NotationError:
        return False  # read again, and refused, as every PBN file is
    if not is_teams(games):
        return False
    from arbitro.cli.session_teams import score_teams_file

    try:
        found, published = score_teams_file(games, str(travellers), profile, as_json)
    except (InvalidTravellerError, NotationError) as error:
        raise click.UsageError(str(error)) from error
    if as_json:
        echo_json({**found, "published": published_data(published)})
    else:
        echo_published(published)
    return True


def _refuse_usebio_teams(data: bytes, travellers: Path) -> None:
    """Refuse a USEBIO teams file, whose results are its matches: ``event import`` makes its event.

    Its matches hold the carry-overs, byes, penalties and rounds that only the event
    they make scores (:mod:`arbitro.cli.imported_teams`); another file is left alone.
    """
    text = decode(data)
    if kind_of(text) != "usebio":
        return
    from arbitro.formats import usebio  # a USEBIO file only

    if usebio.is_teams(usebio.loads(text, str(travellers)).event):
        raise click.UsageError(
            gettext(
                "'{path}' is a teams event's USEBIO file: its results are its matches, which "
                "arbitro session score does not score; make its event with arbitro event "
                "import {path}, then rank it with arbitro event ranking"
            ).format(path=travellers)
        )


def _with_hint(error: Exception, data: bytes, notation: str | None) -> str:
    """The error, with the hint for a CSV file's text in the other notation.

    A CSV file is read in its own notation (told by its headers), which the command
    line's hint (``--notation``, else ``--lang``) knows nothing of: where they differ,
    the hint is given here, for the file's notation.
    """
    from arbitro.cli.notation_hint import notation_hint  # only when something failed

    text = decode(data[:4096])
    if notation is not None or kind_of(text) != "csv":
        return str(error)
    read_in = "es" if file_columns(text) else "en"
    if read_in == get_language():  # the command line's hint is the file's
        return str(error)
    hint = notation_hint(error, ["score", "--notation", read_in], session_group)
    return f"{error}; {hint}" if hint else str(error)


def played_pair(typed: str, pairs: Collection[str]) -> str:
    """The pair a ``--penalty`` names, read in the command's language, as the file writes it.

    A pair typed with its side (``3EO`` under ``--lang es``) is the file's pair of that
    number and side, whatever the file's notation (``3EW``); a pair the file names as
    typed, or none of the file's, is kept as typed.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     played_pair("3EO", {"3NS", "3EW"}), played_pair("3NS", {"3NS"}), played_pair("9EO", {"3EW"})
    ('3EW', '3NS', '9EO')
    """
    if typed in pairs:
        return typed
    for side in Side:
        written = side.to_str(get_language())
        number = typed[: -len(written)]
        if len(typed) > len(written) and typed[-len(written) :].upper() == written:
            for other in LANGUAGES:
                if number + side.to_str(other) in pairs:
                    return number + side.to_str(other)
    return typed


def _as_data(scored: SessionScore, read: Travellers) -> dict[str, object]:
    boards = []
    for number, lines in scored.boards.items():
        boards.append(
            {
                "board": number,
                "top": shown_number(lines[0].top) if lines else None,
                "datum": scored.datums.get(number),
                "results": [
                    {
                        "ns": line.ns,
                        "ew": line.ew,
                        "result": line.result.to_str(),
                        "ns_points": shown_number(line.ns_points),
                        "ew_points": shown_number(line.ew_points),
                        "notes": list(line.notes),
                    }
                    for line in lines
                ],
            }
        )
    pairs = [
        {
            "pair": pair.pair,
            "direction": None if pair.direction is None else pair.direction.to_str(),
            "rank": pair.rank,
            "tied": pair.tied,
            "boards": pair.boards,
            "total": shown_number(pair.total),
            "maximum": shown_number(pair.maximum),
            "percentage": shown_number(pair.percentage),
            "factored": shown_number(pair.factored),
            "penalties": shown_number(pair.penalties),
        }
        for pair in scored.pairs
    ]
    return {
        "scoring": scored.method,
        "profile": scored.profile.code,
        "boards": boards,
        "pairs": pairs,
        "penalties": [
            {
                "pair": pair,
                "amount": shown_number(penalty.amount, 4),
                "unit": penalty.unit,
                "law": penalty.law,
                "reason": penalty.reason,
            }
            for pair, penalty in scored.penalties
        ],
        "warnings": [str(warning) for warning in read.warnings],
    }


def _table(rows: Sequence[Sequence[str]], right: set[int]) -> list[str]:
    """The rows as aligned text: each column as wide as its widest cell, ``right`` to the right.

    >>> _table([["pair", "total"], ["12NS", "7.50"]], {1})
    ['pair  total', '12NS   7.50']
    """
    return _columns(list(zip(*rows, strict=True)), right)


def _columns(columns: Sequence[Sequence[str]], right: set[int]) -> list[str]:
    """:func:`_table` from the table's columns: each row laid out by one format, in C.

    >>> _columns([["pair", "12NS"], ["total", "7.50"]], {1})
    ['pair  total', '12NS   7.50']
    """
    widths = [max(map(len, column)) for column in columns]
    layout = "  ".join(  # "{:<4}  {:>5}"
        f"{{:{'>' if column in right else '<'}{width}}}" for column, width in enumerate(widths)
    )
    return list(map(str.rstrip, map(layout.format, *columns)))


def _written(values: Sequence[_V], said: dict[_V, str], say: Callable[[_V], str]) -> list[str]:
    """Each value as ``say`` writes it, each distinct value written once (kept in ``said``).

    A session has thousands of tables and a few dozen distinct results and points.

    >>> _written([2, 3, 2], {}, str)
    ['2', '3', '2']
    """
    for value in set(values).difference(said):
        said[value] = say(value)
    return look_up(said, values)


def session_report(scored: SessionScore) -> str:
    """The text ``arbitro session score`` prints: each board's lines, then the ranking.

    A pair's number with its side is written as the language writes it (``3EO`` in
    Spanish, as ``arbitro event ranking`` writes it); the JSON output keeps the file's.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(420)),
    ...                         TableResult(1, "3", "4", Result.played(400))])
    >>> print(session_report(scored).splitlines()[0])
    Board 1 (top 2)
    """
    lines: list[str] = []
    # What each distinct result, number of points and set of notes is written as. A
    # result is known by its identity: a result lives as long as the report, and its
    # hash is slow to compute.
    results: dict[int, str] = {}
    numbers: dict[Points, str] = {}
    notes: dict[tuple[str, ...], str] = {}
    pairs: dict[str, str] = {}  # each pair as the language writes it (3EO in Spanish)
    for number, board_lines in scored.boards.items():
        top = board_lines[0].top if board_lines else None
        if top is not None:
            heading = gettext("Board {board} (top {top})").format(
                board=number, top=figure(top, 0 if top.denominator == 1 else 2)
            )
        elif number in scored.datums:
            heading = gettext("Board {board} (datum {datum})").format(
                board=number, datum=scored.datums[number]
            )
        else:
            heading = gettext("Board {board}").format(board=number)
        lines.append(heading)
        header = [
            "",
            gettext("NS"),
            gettext("EW"),
            gettext("result"),
            gettext("NS"),
            gettext("EW"),
            "",
        ]
        # The board's columns (a BoardLine's fields), each headed by its title.
        _, ns, ew, played, ns_points, ew_points, _, noted = (
            zip(*board_lines, strict=True) or ((),) * 8
        )
        by_id = dict(zip(map(id, played), played, strict=True))
        for at in by_id.keys() - results.keys():
            results[at] = shown_score(by_id[at].to_str())  # a board passed out: 0, not +0
        columns = [
            [""] * (len(ns) + 1),  # the margin
            [header[1], *_written(ns, pairs, pair_written)],
            [header[2], *_written(ew, pairs, pair_written)],
            [header[3], *look_up(results, list(map(id, played)))],
            [header[4], *_written(ns_points, numbers, figure)],
            [header[5], *_written(ew_points, numbers, figure)],
            [header[6], *_written(noted, notes, " ".join)],
        ]
        lines.extend(_columns(columns, {4, 5}))
        lines.append("")
    method = gettext(SCORING_NAMES[scored.method])
    groups: list[tuple[str, list[PairStanding]]] = []
    if scored.by_direction:
        for side, title in ((Side.NS, N_("North-South")), (Side.EW, N_("East-West"))):
            groups.append((gettext(title), [p for p in scored.pairs if p.direction is side]))
    else:
        groups.append(("", list(scored.pairs)))
    for title, members in groups:
        heading = gettext("Ranking, {method} ({profile})").format(
            method=method, profile=scored.profile.code.upper()
        )
        lines.append(f"{heading}: {title}" if title else heading)
        header = [gettext("place"), gettext("pair"), gettext("boards"), gettext("total")]
        if scored.method == "mp":
            header.append("%")
        rows = [header]
        for pair in members:
            row = [
                pair.rank_label,
                pair_written(pair.pair),
                str(pair.boards),
                figure(pair.factored),
            ]
            if scored.method == "mp":
                row.append(figure(pair.percentage))
            rows.append(row)
        lines.extend("  " + row for row in _table(rows, {2, 3, 4}))
        lines.append("")
    for who, penalty in scored.penalties:
        lines.append(
            gettext("Penalty: pair {pair}, {amount} (Law {law})").format(
                pair=pair_written(who),
                amount=write_penalty_amount(penalty.amount, penalty.unit),
                law=penalty.law,
            )
        )
    return "\n".join(lines).rstrip("\n")

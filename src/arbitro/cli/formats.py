r"""``arbitro convert`` and ``arbitro check``: files people already have (PBN, logs, ...).

The format of each file is the ending of its name (:data:`arbitro.formats.FORMATS`).

>>> import os, tempfile
>>> from click.testing import CliRunner
>>> path = os.path.join(tempfile.mkdtemp(), "a.pbn")
>>> _ = open(path, "w").write('[Board "1"]\n[Dealer "Q"]\n')
>>> result = CliRunner().invoke(check_command, [path])
>>> result.exit_code, result.output.splitlines()[-1].split(", ", 1)[1]
(1, 'line 2: [Dealer "Q"]: expected a seat: N, E, S, W, or ? when unknown')
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    encoding_option,
    json_option,
    lang_option,
)
from arbitro.core.errors import ArbitroError, PBNSyntaxError, printable
from arbitro.formats import FORMATS, UnknownFormatError, convert, format_for, pbn, read_text
from arbitro.i18n import N_, gettext, ngettext

_lenient = click.option(
    "--lenient",
    is_flag=True,
    help=N_(
        "Read files that bend the standard: a repeated tag starts a new game, a game "
        "takes the board's tags from the game before when it leaves them out."
    ),
)


@click.command(
    "convert",
    cls=LocalizedCommand,
    help=N_(
        "Convert IN into OUT, each in the format its name ends with (.pbn, .jsonl for a "
        "table log, and the others in arbitro.formats.FORMATS)."
    ),
    short_help=N_("Convert a file between formats."),
)
@click.argument("source", metavar="IN", cls=LocalizedArgument)
@click.argument("target", metavar="OUT", cls=LocalizedArgument)
@_lenient
@encoding_option
@lang_option
def convert_command(source: str, target: str, lenient: bool, encoding: str | None) -> None:
    """Convert a file into another format.

    Read leniently, a file may still hold what no reading forgives (a malformed tag, a
    tag never closed): its games are written without it, and each such problem is told
    on the standard error, as ``arbitro check --lenient`` lists it. A PBN file is
    written in ISO 8859-1 unless ``--encoding utf-8``; what the PBN writer cut to keep a
    line within 255 characters (a long explanation) is told on the standard error too,
    and so is each note a game could not hold (a LIN board's explained call after the
    32nd, beyond PBN's 32 notes a section), naming the file, the line and the board.
    """
    written = format_for(target)
    if encoding is not None and encoding not in written.encodings:
        raise click.UsageError(
            gettext("--encoding {encoding}: a {format} file is written in {choices}").format(
                encoding=encoding, format=written.name, choices=", ".join(written.encodings)
            )
        )
    cut: list[PBNSyntaxError] = []
    count = convert(source, target, strict=not lenient, encoding=encoding, cut=cut)
    click.echo(
        ngettext("{count} game written to {file}", "{count} games written to {file}", count).format(
            count=count, file=target
        )
    )
    for note in cut:
        click.echo(str(note), err=True)
    if lenient:
        left_out = format_for(source).check(read_text(source), source, strict=False)
        for problem in left_out:
            click.echo(str(problem), err=True)
        if left_out:
            click.echo(
                ngettext(
                    "{count} problem above, not mended: what it names was left out or written as it was",
                    "{count} problems above, not mended: what they name was left out or written as it was",
                    len(left_out),
                ).format(count=len(left_out)),
                err=True,
            )


def _published_differences(text: str, path: str) -> list[PBNSyntaxError]:
    """A PBN file's published figures that differ from Árbitro's, as a USEBIO file's are listed.

    The game's ``Score`` (Law 77), a teams file's ``ScoreIMP`` (78B) and the score
    tables' points and totals (:func:`arbitro.formats.published.compare_file`).
    """
    from arbitro.formats.published import compare_file

    return [
        PBNSyntaxError.at(path, 0, path, N_("{error}"), error=difference)
        for one in _sessions(text, path)
        for difference in compare_file(one.encode("utf-8"), path).differences
    ]


def _sessions(text: str, path: str) -> list[str]:
    """Each session of a file as its own text, lines where they were (a file of one: itself).

    An event of two sessions exported whole holds each pair's result on a board once a
    session: each session is read, and checked, on its own
    (:func:`~arbitro.formats.file_sessions.file_sessions`).
    """
    from arbitro.formats.file_sessions import file_sessions

    try:
        return [one.text for one in file_sessions(text, path)]
    except ArbitroError:  # the format's own check tells what does not read
        return [text]


def _traveller_warnings(text: str, path: str, *, refusals: bool = True) -> list[PBNSyntaxError]:
    """What ``arbitro session score`` warns of in a file's travellers, or refuses, each with its line.

    A score that contradicts its contract (AEB rule A); not a sit-out's row, which a
    file rightly holds. With ``refusals``, a value of a score table's row that ``session
    score`` cannot read (a card ``HZ`` for the lead) is the problem it stops at: the
    format's own check reads the tags, not the rows. A file without travellers gives
    nothing here.
    """
    from arbitro.formats.travellers import SIT_OUT, read_session
    from arbitro.scoring.traveller_errors import InvalidTravellerError

    lines = text.splitlines()

    def quoted(line: int) -> str:
        return lines[line - 1].strip() if 0 < line <= len(lines) else path

    found: list[PBNSyntaxError] = []
    for one in _sessions(text, path):  # each session on its own
        try:
            read = read_session(one.encode("utf-8"), path)
        except InvalidTravellerError as refused:
            row = quoted(refused.line)
            if not refusals or refused.column is None or row.startswith("["):
                continue  # the format's own check tells of tags, and of the file as a whole
            found.append(
                PBNSyntaxError.at(path, refused.line, row, refused.problem, **refused.details)
            )
            continue
        except ArbitroError:
            continue
        found += [
            PBNSyntaxError.at(
                path, warning.line, quoted(warning.line), warning.reason, **warning.details
            )
            for warning in read.travellers.warnings
            if warning.reason != SIT_OUT
        ]
    return found


def _travellers_problems(path: str) -> list[PBNSyntaxError]:
    """A travellers CSV's problems as ``arbitro session score`` meets them, each with its line.

    The line it refuses (naming the column as the file's header does), else each
    warning it gives (a score its contract does not give, AEB rule A).
    """
    from arbitro.core.files import MAX_RESULTS_BYTES
    from arbitro.formats.travellers import SIT_OUT, decode, read_session
    from arbitro.scoring.traveller_errors import InvalidTravellerError

    data = pbn.read_bytes(path, MAX_RESULTS_BYTES)
    lines = decode(data).splitlines()

    def quoted(line: int) -> str:
        return lines[line - 1].strip() if 0 < line <= len(lines) else ""

    try:
        found = read_session(data, path)
    except InvalidTravellerError as refused:
        problem = gettext(refused.problem).format(**refused.details)
        if refused.column is not None and refused.tag:  # a PBN file's, whatever its name
            problem = gettext("tag '{tag}': {problem}").format(tag=refused.column, problem=problem)
        elif refused.column is not None:
            problem = gettext("column '{column}': {problem}").format(
                column=refused.column, problem=problem
            )
        return [
            PBNSyntaxError.at(
                path, refused.line, quoted(refused.line), N_("{error}"), error=problem
            )
        ]
    except ArbitroError as refused:
        return [PBNSyntaxError.at(path, 0, "", N_("{error}"), error=refused)]
    return [
        PBNSyntaxError.at(
            path, warning.line, quoted(warning.line), warning.reason, **warning.details
        )
        for warning in found.travellers.warnings
        if warning.reason != SIT_OUT
    ]


@click.command(
    "check",
    cls=LocalizedCommand,
    help=N_(
        "List every problem of FILE, each with its line; the exit status is 1 if there is any. "
        "A USEBIO or PBN file that reads is checked against the figures it publishes: each "
        "one that differs from Árbitro's is listed. A travellers CSV file (.csv) is read as "
        "arbitro session score reads it: the line it refuses, or each warning, is listed."
    ),
    short_help=N_("Check a file against its format."),
)
@click.argument("path", metavar="FILE", cls=LocalizedArgument)
@_lenient
@click.option(
    "--strict",
    "show_notes",
    is_flag=True,
    help=N_(
        "Also list the notes, such as the tags of its own a program added to a PBN file "
        "(PBN lets programs add tags: they are kept, and are not errors without --strict)."
    ),
)
@json_option
@lang_option
def check_command(path: str, lenient: bool, show_notes: bool, as_json: bool) -> None:
    """Check a file and list its problems (and, with --strict, its notes)."""
    if Path(path).suffix.lower() == ".csv":  # travellers, as session score reads them
        _echo_problems(path, "CSV", _travellers_problems(path), as_json)
        return
    try:
        found = format_for(path)
    except UnknownFormatError as error:
        raise UnknownFormatError(path, (*FORMATS, ".csv")) from error
    line_ends: list[PBNSyntaxError] = []
    if found.name == "PBN":  # its lines read whatever their end; one in CR alone is told
        data = pbn.read_bytes(path)
        text, line_ends = pbn.decode(data, path), pbn.line_end_warnings(data, path)
    else:
        text = read_text(path)
    with pbn.reading_once():  # the check, the travellers and the figures read a PBN file once
        errors = found.check(text, path, strict=not lenient)
        if found.name == "PBN" and not errors:
            # A file of several sessions (each game's Stage) is read a session at a time.
            errors = [*_traveller_warnings(text, path), *_published_differences(text, path)]
        elif found.name == "XML":  # USEBIO: it reads when its check lists no more than figures
            errors = [*_traveller_warnings(text, path, refusals=not errors), *errors]
        errors = [*line_ends, *errors]
        if show_notes:
            errors = sorted(
                [*errors, *found.notes(text, path, strict=not lenient)],
                key=lambda error: error.line,
            )
    _echo_problems(path, found.name, errors, as_json)


def _echo_problems(path: str, name: str, errors: list[PBNSyntaxError], as_json: bool) -> None:
    """Print a file's problems (as JSON with ``as_json``); exit with status 1 if there is any."""
    if as_json:
        click.echo(
            json.dumps(
                {
                    "file": path,
                    "format": name,
                    "problems": [
                        {
                            "line": error.line,
                            "text": error.text,
                            "problem": "; ".join(str(problem) for problem in error.problems),
                        }
                        for error in errors
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        if not errors:
            click.echo(gettext("{file}: no problems").format(file=path))
        for error in errors:
            click.echo(printable(str(error)))
    if errors:
        raise SystemExit(1)

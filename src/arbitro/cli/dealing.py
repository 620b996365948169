"""The dealing commands: ``deal`` (Law 6), ``deal verify`` and ``analyze`` (hand records).

``arbitro deal`` is a group that also runs by itself: with options it deals a set,
with ``verify`` it checks one against its seed and commitment.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(deal_command, ["--boards", "1-2", "--seed", "00" * 32, "--out", "-"])
>>> result.output.count("[Board ")
2
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from arbitro.cli.localized import (
    LocalizedChoice,
    LocalizedCommand,
    LocalizedGroup,
    LocalizedOption,
    encoding_option,
    file_argument,
    file_option,
    json_option,
    lang_option,
)
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import FileProblem, echo_json, write_bytes, write_pbn, write_text
from arbitro.cli.shared import db_option, opened
from arbitro.core.errors import FileReason, NotationError
from arbitro.core.files import MAX_PBN_BYTES, read_bounded
from arbitro.core.seat import Seat
from arbitro.dealing.boards import format_board_numbers, parse_board_numbers
from arbitro.dealing.dealer import BoardSet, Dealer, DealtBoard, Seed, commitment, duplicate, verify
from arbitro.dealing.pbn import board_set_from_games, games_from_board_set, loads
from arbitro.formats.pbn import PBNGame, decode, dumps
from arbitro.i18n import N_, get_language, gettext, ngettext

if TYPE_CHECKING:
    from arbitro.analysis.tables import BoardAnalysis
    from arbitro.store import Store

_COMMITMENT = re.compile(r"[0-9a-fA-F]{64}")


class BoardNumbersParam(click.ParamType[tuple[int, ...]]):
    """Board numbers and ranges: ``1-32``, ``1-16,33-48``."""

    name = "boards"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[int, ...]:
        """Read the board numbers.

        >>> BoardNumbersParam().convert("1-3", None, None)
        (1, 2, 3)
        """
        if isinstance(value, tuple):
            return value
        try:
            return parse_board_numbers(str(value))
        except NotationError as error:
            self.fail(str(error), param, ctx)


class SeedParam(click.ParamType[Seed]):
    """A seed in hexadecimal, at least 32 digits."""

    name = "seed"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Seed:
        """Read the seed.

        >>> SeedParam().convert("ab" * 16, None, None).hex()
        'abababababababababababababababab'
        """
        if isinstance(value, Seed):
            return value
        try:
            return Seed.from_hex(str(value))
        except NotationError as error:
            self.fail(str(error), param, ctx)


class CommitmentParam(click.ParamType[str]):
    """A commitment: 64 hexadecimal digits (a SHA-256 hash)."""

    name = "commitment"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> str:
        """Read the commitment, in lowercase.

        >>> CommitmentParam().convert("AB" * 32, None, None)[:4]
        'abab'
        """
        text = str(value).strip()
        if not _COMMITMENT.fullmatch(text):
            self.fail(
                gettext("invalid commitment '{text}': expected 64 hexadecimal digits").format(
                    text=text
                ),
                param,
                ctx,
            )
        return text.lower()


def read_games(path: str) -> list[PBNGame]:
    """The games of the PBN file ``path``, read as every PBN reader reads one (:func:`~arbitro.formats.pbn.decode`).

    UTF-8, or ISO 8859-1 as older files are; lines that end in CR alone read as lines;
    a file larger than a PBN file's limit is refused, read no further.

    >>> read_games("docs/examples/club-set.pbn")[1]["Board"]
    '2'
    """
    try:
        data = read_bounded(path, MAX_PBN_BYTES)
    except OSError as error:
        raise FileProblem(path, FileReason.of(error).localized()) from None
    return loads(decode(data, path), Path(path).name)


@click.group(
    "deal",
    cls=LocalizedGroup,
    invoke_without_command=True,
    subcommand_metavar=N_("[COMMAND [ARGS]...]"),
    help=N_(
        "Deal a set of boards by computer (Law 6E4) from a secret seed and write it as "
        "PBN, with Law 2's dealer and vulnerability. Prints the commitment to publish "
        "before the session and, when Árbitro drew the seed, the seed to keep secret "
        "until the session is over. 'arbitro deal verify' checks a set afterwards."
    ),
    short_help=N_("Deal a set of boards (Law 6), or verify one."),
)
@click.option(
    "--boards",
    "boards",
    cls=LocalizedOption,
    type=BoardNumbersParam(),
    default="1-32",
    metavar=N_("NUMBERS"),
    help=N_(
        "The board numbers: a range such as 1-32, or ranges separated by commas (default 1-32)."
    ),
)
@click.option(
    "--seed",
    "seed",
    cls=LocalizedOption,
    type=SeedParam(),
    metavar=N_("HEX"),
    help=N_(
        "The secret seed in hexadecimal (at least 32 digits); drawn from the system's entropy if not given."
    ),
)
@click.option(
    "--event",
    "event",
    cls=LocalizedOption,
    default="",
    metavar=N_("NAME"),
    help=N_("The event's name; the same seed deals other boards for another name (Law 6D2)."),
)
@click.option(
    "--sections",
    "sections",
    cls=LocalizedOption,
    default="",
    metavar=N_("NAMES"),
    help=N_("Duplicate the set for these sections, separated by commas (Law 6F): A,B,C."),
)
@file_option("--out", N_("The PBN file to write; - writes it to standard output."))
@encoding_option
@click.option(
    "--keep-for",
    "keep_for",
    cls=LocalizedOption,
    type=NumberParam(),
    default=None,
    metavar=N_("EVENT"),
    help=N_(
        "Keep the deals for this event of the database, and analyse them double dummy "
        "for its hand records (with a progress bar)."
    ),
)
@db_option
@json_option
@lang_option
@click.pass_context
def deal_command(
    ctx: click.Context,
    boards: tuple[int, ...],
    seed: Seed | None,
    event: str,
    sections: str,
    out: str | None,
    encoding: str | None,
    keep_for: int | None,
    database: str | None,
    as_json: bool,
) -> None:
    """Deal a set of boards, or run a subcommand."""
    if ctx.invoked_subcommand is not None:
        return
    if out is None:
        raise click.UsageError(gettext("missing --out: the PBN file to write (- for the screen)"))
    drawn = seed is None
    used = Seed.new() if seed is None else seed
    if used.follows_a_pattern():
        click.echo(
            gettext(
                "warning: the seed follows a pattern, so anyone may find it by trying such "
                "seeds against the commitment you publish; leave out {option} and Árbitro "
                "draws one at random"
            ).format(option="--seed"),
            err=True,
        )
    board_set = Dealer(used, event).board_set(boards)
    names = [name.strip() for name in sections.split(",") if name.strip()]
    if names:
        board_set = duplicate(board_set, names)
    if keep_for is not None and names:
        raise click.UsageError(gettext("--keep-for keeps one set of deals: leave out --sections"))
    text = dumps(games_from_board_set(board_set))
    published = commitment(used, event, boards)
    if keep_for is None:
        write_pbn(out, text, encoding=encoding)
        _tell_dealt(out, event, boards, names, published, used if drawn else None, as_json)
        return
    # Kept for an event: nothing is kept until the file is written, and the commitment
    # and seed are told before the store is written, so the deals kept, the file and
    # what the director publishes always agree.
    with opened(database) as store:
        _check_boards_of_event(store, keep_for, board_set)
        write_pbn(out, text, encoding=encoding)
        _tell_dealt(out, event, boards, names, published, used if drawn else None, as_json)
        _keep_and_analyse(store, board_set, keep_for, quiet=as_json)


def _tell_dealt(
    out: str,
    event: str,
    boards: tuple[int, ...],
    names: list[str],
    published: str,
    drawn: Seed | None,
    as_json: bool,
) -> None:
    """Tell what ``arbitro deal`` wrote: the file, the commitment, and a seed it drew."""
    if as_json:
        data: dict[str, object] = {
            "event": event,
            "boards": format_board_numbers(boards),
            "sections": names,
            "out": out,
            "commitment": published,
            "law": "6E4",
        }
        if drawn is not None:
            data["seed"] = drawn.hex()
        echo_json(data, err=out == "-")
        return
    to_stderr = out == "-"
    if not to_stderr:
        click.echo(
            gettext("Dealt boards {boards} into {file}.").format(
                boards=format_board_numbers(boards), file=out
            )
        )
    click.echo(gettext("Commitment (publish it now): {hash}").format(hash=published), err=to_stderr)
    if drawn is not None:
        click.echo(
            gettext("Seed (keep it secret until the session is over): {seed}").format(
                seed=drawn.hex()
            ),
            err=to_stderr,
        )


@deal_command.command(
    "verify",
    cls=LocalizedCommand,
    help=N_(
        "Check that the boards of FILE are those the seed deals for the file's event, and "
        "that the commitment published before the session is that of the seed, the event "
        "and the board numbers. Exit status 0 when everything matches, 1 otherwise."
    ),
    short_help=N_("Check a dealt set against its seed and commitment."),
)
@file_argument
@click.option(
    "--seed",
    "seed",
    cls=LocalizedOption,
    type=SeedParam(),
    required=True,
    metavar=N_("HEX"),
    help=N_("The seed revealed after the session."),
)
@click.option(
    "--commitment",
    "published",
    cls=LocalizedOption,
    type=CommitmentParam(),
    required=True,
    metavar=N_("HEX"),
    help=N_("The commitment published before the session."),
)
@json_option
@lang_option
@click.pass_context
def verify_command(
    ctx: click.Context, file: str, seed: Seed, published: str, as_json: bool
) -> None:
    """Verify a dealt set."""
    board_set = board_set_from_games(read_games(file), Path(file).name, one_event=True)
    problems = verify(board_set, seed, published)
    name = Path(file).name
    if as_json:
        echo_json(
            {
                "file": name,
                "event": board_set.event,
                "boards": format_board_numbers(board_set.numbers()),
                "verified": not problems,
                "problems": [str(problem) for problem in problems],
                "law": "6E4",
            }
        )
    elif problems:
        for problem in problems:
            click.echo(f"{name}: {problem}")
    else:
        click.echo(
            gettext(
                "{file}: boards {boards} of '{event}' are those of the seed and the commitment."
            ).format(
                file=name, boards=format_board_numbers(board_set.numbers()), event=board_set.event
            )
        )
    if problems:
        ctx.exit(1)


@click.command(
    "analyze",
    cls=LocalizedCommand,
    help=N_(
        "Analyse the boards of a PBN FILE double dummy: the tricks each declarer takes in "
        "each strain, and par. Writes the analysed PBN, a printable hand record as PDF or "
        "HTML, or prints a summary when no output is asked for."
    ),
    short_help=N_("Double-dummy tables, par and hand records."),
)
@file_argument
@file_option(
    "--out", N_("Write the boards as PBN with OptimumResultTable, OptimumScore and ParContract.")
)
@encoding_option
@file_option("--pdf", N_("Write the hand record as PDF."))
@file_option("--html", N_("Write the hand record as an HTML page."))
@click.option(
    "--per-page",
    "per_page",
    cls=LocalizedOption,
    type=LocalizedChoice(["1", "2", "4", "6"]),
    default="2",
    help=N_("Boards on each page of the PDF: 1, 2, 4 or 6 (default 2)."),
)
@json_option
@lang_option
def analyze_command(
    file: str,
    out: str | None,
    encoding: str | None,
    pdf: str | None,
    html: str | None,
    per_page: str,
    as_json: bool,
) -> None:
    """Analyse the boards of a PBN file."""
    from arbitro.analysis.pbn import analysed_games
    from arbitro.analysis.record import HandRecord
    from arbitro.analysis.solver import analyse

    name = Path(file).name
    board_set = board_set_from_games(read_games(file), name)
    boards = _distinct(board_set)
    deals = len({dealt.deal for dealt in boards})
    with _progress_bar(deals) as bar:
        entries = analyse(boards, progress=bar)
    record = HandRecord(board_set.event, tuple(entries))
    language = get_language()
    if out is not None:
        write_pbn(out, dumps(analysed_games(entries, board_set.event)), encoding=encoding)
    if pdf is not None:
        write_bytes(pdf, record.pdf(lang=language, boards_per_page=int(per_page)))
    if html is not None:
        write_text(html, record.html(lang=language))
    if as_json:
        echo_json(
            {
                "file": name,
                "event": board_set.event,
                "boards": [
                    {
                        "board": entry.dealt.board.number,
                        "section": entry.dealt.section,
                        "deal": entry.dealt.deal.to_str(),
                        "tricks": {
                            seat.to_str(): list(entry.table.tricks_for(seat)) for seat in Seat
                        },
                        "par_score_ns": entry.par.score,
                        "par_contracts": [par.to_str() for par in entry.par.contracts],
                    }
                    for entry in entries
                ],
            }
        )
        return
    if out is None and pdf is None and html is None:
        for entry in entries:
            click.echo(_summary(entry))
        return
    click.echo(
        ngettext(
            "Analysed {count} board of {file}.", "Analysed {count} boards of {file}.", len(entries)
        ).format(count=len(entries), file=name)
    )


def _on_terminal() -> bool:
    """Whether standard error is a terminal (where a progress bar can move)."""
    return sys.stderr.isatty()


@contextmanager
def _progress_bar(deals: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error counting the deals solved, batch by batch.

    Shown on a terminal, and for work of more than one batch of the solver anywhere
    (where it is its label alone); otherwise nothing, so that a script's output is
    only what it asked for.
    """
    from arbitro.analysis.solver import BATCH_SIZE

    if not (_on_terminal() or deals > BATCH_SIZE):
        yield lambda _done: None
        return
    with click.progressbar(
        length=deals,
        label=gettext("Solving {count} deals double dummy").format(count=deals),
        file=sys.stderr,
    ) as bar:
        yield bar.update


def _check_boards_of_event(store: Store, event: int, board_set: BoardSet) -> None:
    """Refuse to keep ``board_set`` for ``event`` when the event is unknown or lacks a board."""
    spec = store.event(event).spec
    outside = [dealt.board.number for dealt in board_set if dealt.board.number > spec.boards]
    if outside:
        raise click.BadParameter(
            gettext("board {board} is not in the event (expected 1 to {boards})").format(
                board=outside[0], boards=spec.boards
            ),
            param_hint="--boards",
        )


def _keep_and_analyse(store: Store, board_set: BoardSet, event: int, *, quiet: bool) -> None:
    """Keep the dealt boards as ``event``'s deals (one transaction) and analyse them.

    The analysis shows a progress bar; interrupted, it leaves the deals kept and the
    boards analysed so far; the event's deals page on the desk finishes it.
    """
    store.keep_deals(event, {dealt.board.number: dealt.deal for dealt in board_set})
    left = store.analysis_progress(event)
    with _progress_bar(left.boards - left.analysed) as bar:
        store.analyse_event(event, progress=bar)
    if not quiet:
        click.echo(
            ngettext(
                "Deals and hand records of {count} board kept for event {event}.",
                "Deals and hand records of {count} boards kept for event {event}.",
                len(board_set),
            ).format(count=len(board_set), event=event),
            err=True,
        )


def _distinct(board_set: BoardSet) -> list[DealtBoard]:
    """Each (section, board, deal) once: a file of results repeats the deal at every table."""
    first: dict[tuple[str, int, object], DealtBoard] = {}
    for dealt in board_set:
        first.setdefault((dealt.section, dealt.board.number, dealt.deal), dealt)
    return list(first.values())


def _summary(entry: BoardAnalysis) -> str:
    """A board's analysis as a few lines of text: dealer, vulnerability, par, the table."""
    from arbitro.analysis.record import board_view

    view = board_view(entry)
    heading = gettext("{board}: dealer {dealer}, {vulnerability}; par {score}, {contracts}")
    lines = [
        heading.format(
            board=view.title,
            dealer=view.dealer,
            vulnerability=view.vulnerability,
            score=view.par_score,
            contracts=view.par_contracts,
        ),
        "    " + " ".join(f"{strain:>2}" for strain, _ in view.strains),
    ]
    lines.extend(
        f"{declarer:>3} " + " ".join(f"{value:>2}" for value in tricks)
        for declarer, tricks in view.table
    )
    return "\n".join(lines)

r"""Travellers as CSV text: one line per table and board, read into :class:`TableResult` values.

The first row names the columns, in any order, from ``board``, ``ns``, ``ew``,
``contract``, ``declarer``, ``tricks``, ``lead``, ``score``, ``adjusted`` and
``group`` (:mod:`arbitro.scoring.traveller_columns`). Each line fills ``board``, ``ns``
and ``ew`` (pair identifiers are free text: the same identifier is the same pair
wherever it appears) and then one of (:mod:`arbitro.scoring.traveller_lines`):

- ``contract``, ``declarer`` and ``tricks`` (the tricks declarer took, or ``=``,
  ``+1``, ``-2`` against the contract); the score comes from Law 77 with the board's
  vulnerability (Law 2). ``Pass`` needs neither declarer nor tricks;
- ``score``: North-South's score;
- ``adjusted``: an artificial score (``A60/A40``, ``A50``, ``A+/A-``), a split score
  (``+420/-450``: each side's score as that side scores it; or ``4S= N/4S+1 N``: the
  result each side is scored as), one assigned score for both sides (``4S= N`` or
  ``+420``), a weighted score
  (``1/3 3NT= N; 1/3 3NT-1 N; 1/6 4S= N; 1/6 4S-1 N``), or, in a team match, the
  board's IMPs for each side (``0/-2 IMP``, Law 12C1b: :meth:`Result.imps_from_str`)
  (:mod:`arbitro.scoring.adjusted_notation`).

``group`` puts the result in a group of a fouled board (Law 87). When both a contract
and a score are given and they disagree, the entry is *incongruent*: by the AEB rule
the number stands (the pairs' agreement to correct it is not in the file), and a
warning says so. This module reads the whole file (:func:`read_travellers`): each pair
once a board, never against itself, and the authority's refusals (:func:`check_profile`).

>>> travellers = read_travellers("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n")
>>> [table.result for table in travellers.results]
[Result.played(420), Result.played(-50)]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from arbitro.core.board import Board
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.csv_lines import csv_rows
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.session import TableResult
from arbitro.scoring.traveller_columns import check_header
from arbitro.scoring.traveller_errors import InvalidTravellerError, TravellerWarning
from arbitro.scoring.traveller_lines import read_line


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a row of a travellers CSV written from another file stands in that file.

    ``line`` is the file's line, and ``columns`` the file's names for the travellers'
    columns (``{"tricks": "Result"}``): a message about the row names them, not the CSV's.
    ``lines`` holds the line of each column written on a line of its own (a PBN game's
    tags), and ``tags`` says the columns are tags: a message names the tag and its line.

    >>> Origin(16, {"tricks": "Result"}, {"tricks": 17}, tags=True).lines["tricks"]
    17
    """

    line: int
    columns: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[str, int] = field(default_factory=dict)
    tags: bool = False


@dataclass(frozen=True)
class Travellers:
    """What a travellers file holds: the results, and the warnings met reading it."""

    results: list[TableResult]
    warnings: list[TravellerWarning]
    source: str = "<text>"


def read_travellers(
    text: str,
    source: str = "<text>",
    lang: str = "en",
    origins: Sequence[Origin] = (),
    columns: Mapping[str, str] | None = None,
    marked: Mapping[int, Board] | None = None,
) -> Travellers:
    r"""Read a travellers CSV (see the module's description); ``source`` names it in messages.

    ``marked`` gives, by number, the boards another file marks with their own dealer
    and vulnerability (a PBN game's tags, Law 2): their lines are scored with them.

    A CSV written from another file (a PBN score table) gives the :class:`Origin` of each
    of its rows, in order, in ``origins``: its messages, warnings and results name the
    file's lines and columns. A spreadsheet whose headers were renamed (Spanish ones)
    gives the file's names of the columns in ``columns``: a message names the column as
    the file does.

    >>> read_travellers("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,x\n", "a.csv",
    ...                 columns={"tricks": "bazas"})
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: a.csv, line 2, column 'bazas': invalid number of tricks 'x': expected a whole number from 0 to 13

    >>> found = read_travellers("board,ns,ew,contract,declarer,tricks,score\n1,1,2,4S,N,10,450\n",
    ...                         "a.pbn", origins=[Origin(16)])
    >>> print(found.warnings[0])
    a.pbn, line 16: the contract gives 420 but the score is 450; the score stands (AEB rule A)

    >>> read_travellers("board,ns\n1,2\n", source="t.csv")
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: t.csv, line 1: the header lacks the column 'ew'
    """
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))

    def fail(line: int, reason: str) -> InvalidTravellerError:
        return InvalidTravellerError(source, line, None, reason)

    header = [name.strip().lower() for name in next(csv_rows(reader, fail), [])]
    check_header(header, source)
    width = len(header)
    results: list[TableResult] = []
    warnings: list[TravellerWarning] = []
    seen: dict[tuple[int, str], int] = {}
    boards: dict[str, Board] = {str(number): board for number, board in (marked or {}).items()}
    strip, first_seen, keep = str.strip, seen.setdefault, results.append
    # A line's result depends on its cells but the pairs (and on its number only for a
    # message): a line whose other cells were met before, with no warning, gives the
    # same board, result and group (a session has thousands of tables and a few dozen
    # results a board). Not with a column named twice.
    ns_at, ew_at = header.index("ns"), header.index("ew")
    others = itemgetter(*[at for at in range(width) if at not in (ns_at, ew_at)])
    known: dict[object, tuple[int, Result, str | None]] = {}
    memoized = len(set(header)) == width
    names: Mapping[str, str] = columns or {}
    origin = Origin(0)
    try:
        for index, cells in enumerate(csv_rows(reader, fail)):
            if origins:  # the other file's line and names of the columns
                origin = origins[index]
                line, names = origin.line, origin.columns
            else:
                line = reader.line_num
            if not "".join(cells[:width]).strip():  # blank: no more than separators and spaces
                continue
            if len(cells) > width:
                raise InvalidTravellerError(
                    source, line, None, N_("more fields than the header has")
                )
            key = others(cells) if memoized and len(cells) == width else None
            same = None if key is None else known.get(key)
            ns, ew = (strip(cells[ns_at]), strip(cells[ew_at])) if same is not None else ("", "")
            if same is not None and ns and ew:
                table, warning = TableResult(same[0], ns, ew, same[1], same[2], line), None
            else:
                row = dict(zip(header, map(strip, cells), strict=False))
                if len(cells) < width:  # a short line: the columns it lacks are empty
                    row.update(dict.fromkeys(header[len(cells) :], ""))
                table, warning = read_line(row, line, source, lang, boards)
                if key is not None and warning is None:
                    known[key] = (table.board, table.result, table.group)
            if table.ns == table.ew:
                raise InvalidTravellerError(
                    source, line, "ew", N_("pair {pair} cannot play against itself"), pair=table.ns
                )
            for column, pair in (("ns", table.ns), ("ew", table.ew)):
                size = len(seen)
                earlier = first_seen((table.board, pair), line)
                if len(seen) == size:  # met before (another file's rows may share a line)
                    raise InvalidTravellerError(
                        source,
                        line,
                        column,
                        N_("pair {pair} already has a result on board {board} (line {earlier})"),
                        pair=pair,
                        board=table.board,
                        earlier=earlier,
                    )
            keep(table)
            if warning is not None:
                warnings.append(warning)
    except InvalidTravellerError as error:
        if error.column is None or error.column not in names:
            raise
        raise InvalidTravellerError(
            error.source,
            origin.lines.get(error.column, error.line),
            names[error.column],
            error.problem,
            tag=origin.tags,
            **error.details,
        ) from None
    return Travellers(results, warnings, source)


def check_profile(travellers: Travellers, profile: Authority) -> None:
    r"""Refuse what the authority does not allow, naming the line: weighted scores where 12C1e applies.

    >>> from arbitro.laws.authority import authority
    >>> t = read_travellers("board,ns,ew,adjusted\n1,1,2,1/2 +420; 1/2 -50\n", "t.csv")
    >>> check_profile(t, authority("aeb"))
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: t.csv, line 2, column 'adjusted': the regulating authority (aeb) does not allow weighted scores (Law 12C1c); it applies Law 12C1e
    """
    if profile.weighted_scores:
        return
    for table in travellers.results:
        for view in (table.result.ns, table.result.ew):
            if isinstance(view, Weighted) and not view.is_single:
                raise InvalidTravellerError(
                    travellers.source,
                    table.line or 0,
                    "adjusted",
                    N_(
                        "the regulating authority ({authority}) does not allow weighted "
                        "scores (Law 12C1c); it applies Law 12C1e"
                    ),
                    authority=profile.code,
                )

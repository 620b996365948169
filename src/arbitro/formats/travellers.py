r"""A session's travellers from whatever file a scorer has, told by its content.

:func:`read_session` reads the bytes of a file and gives the
:class:`~arbitro.scoring.travellers.Travellers` to score and, when the file says it,
the scoring method:

- a USEBIO file (its first character ``<``): each session's traveller lines
  (:func:`~arbitro.formats.usebio.table_results`); the method is the event's
  (:func:`~arbitro.formats.usebio.method_of`);
- a PBN file with results (``[`` or ``%`` first): the rows of each game's
  ``ScoreTable`` (``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``,
  ``Result``, ``Lead``, ``Score_NS``, and ``Adjusted``, the score a director assigned,
  as Árbitro's export writes it), or the one result of a game without a table
  (``Contract``, ``Declarer``, ``Result``, ``Score``; its pairs named by their players,
  ``North - South`` and ``East - West``), scored by Law 77 when no score is given; the
  method is the ``Scoring`` tag's (``MP``, ``Butler``, ``IMP``, ``TotalPoints``);
- a LIN file (``pn|`` or another tag first) is refused: :data:`LIN_FILE` says to
  convert it to PBN first;
- otherwise a travellers CSV as spreadsheets save it: ``,``, ``;`` or a tab between
  fields (the one the header holds most of), a decimal comma in numbers, headers in
  English or Spanish (``estuche, ns, eo, contrato, carteador, bazas, salida,
  puntuación, ajustado, grupo``), UTF-8 or Latin-1. The file's notation is told by its
  headers, whatever the command's language: Spanish headers mean contracts and seats in
  Spanish notation (``4P``, ``3ST``, ``4C`` for hearts, ``O`` for West), English ones
  English notation, unless ``notation`` says otherwise. A message names a column as
  the file's header does (``bazas``).

The PBN and USEBIO rows go through the same CSV reader as a spreadsheet's, so the
same session gives the same results whichever file it comes in.

>>> text = "estuche;ns;eo;contrato;carteador;bazas\n1;1;2;4C;N;10\n1;3;4;3ST;O;9\n"
>>> session = read_session(text.encode("latin-1"), "noche.csv")
>>> [table.result for table in session.travellers.results], session.method
([Result.played(420), Result.played(-400)], None)
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from arbitro.core.board import Board
from arbitro.core.bounded import MAX_NUMBER
from arbitro.core.errors import ArbitroError
from arbitro.formats import pbn, usebio
from arbitro.formats.file_kinds import EMPTY_FILE, LIN_FILE, decode, kind_of, lin_target, separator
from arbitro.formats.pbn.table_tags import read_table
from arbitro.formats.pbn_results import (
    GAME_TAGS,
    game_declarer,
    game_origin,
    game_result,
    game_row,
    refuse_unnamed,
    sided_value,
)
from arbitro.formats.usebio.notes import adjusted_in
from arbitro.formats.usebio.values import write_view
from arbitro.i18n import N_
from arbitro.scoring.adjusted_notation import read_adjusted
from arbitro.scoring.csv_lines import csv_rows
from arbitro.scoring.results import Average, Weighted
from arbitro.scoring.session import Method, TableResult
from arbitro.scoring.traveller_columns import COLUMNS
from arbitro.scoring.traveller_errors import InvalidTravellerError, TravellerWarning
from arbitro.scoring.travellers import Origin, Travellers, read_travellers

SPANISH_COLUMNS = {
    "estuche": "board",
    "ns": "ns",
    "eo": "ew",
    "contrato": "contract",
    "declarante": "declarer",
    "carteador": "declarer",
    "bazas": "tricks",
    "salida": "lead",
    "puntuación": "score",
    "puntuacion": "score",
    "ajustado": "adjusted",
    "grupo": "group",
}
"""The Spanish names of the travellers' columns, as a Spanish spreadsheet heads them."""

SPANISH_TABLE_COLUMNS = {**SPANISH_COLUMNS, "mesa": "table"}
"""The Spanish names of the columns of results entered by table (``arbitro result import``):
the travellers' and the table's (:data:`~arbitro.scoring.traveller_columns.TABLE_COLUMNS`)."""

PBN_METHODS: dict[str, Method] = {
    "MP": "mp",
    "MatchPoints": "mp",
    "Butler": "imp-butler",
    "IMP": "cross-imp",
    "TotalPoints": "total",
}
"""The scoring method a PBN ``Scoring`` tag names (as ``arbitro convert`` writes it)."""

_DECIMAL_COMMA = re.compile(r"(?<=[0-9]),(?=[0-9])")


@dataclass(frozen=True, slots=True)
class SessionFile:
    """A session read from a file: its travellers, the method it names (or None), its kind.

    >>> SessionFile(Travellers([], []), None, "csv").kind
    'csv'
    """

    travellers: Travellers
    method: Method | None
    kind: str


def spreadsheet(
    text: str, source: str = "-", columns: dict[str, str] = SPANISH_COLUMNS
) -> tuple[str, bool]:
    r"""A spreadsheet's CSV as :func:`~arbitro.scoring.travellers.read_travellers` reads it.

    Returns the text with ``,`` between fields (the file's separator is told by its
    header: :func:`~arbitro.formats.file_kinds.separator`), English headers and decimal points, and
    whether the headers were Spanish (``columns``: each Spanish name's English one; the
    travellers' unless told). Lines keep their numbers. A file already written
    that way (``,`` and English headers, told by its first line) is returned as it is,
    unread; a line that is not CSV (a field over the :mod:`csv` module's limit) is
    refused with its number in ``source``.

    >>> spreadsheet("Estuche;NS;EO;Ajustado\n1;1;2;0,5 +420\n")
    ('board,ns,ew,adjusted\n1,1,2,0.5 +420\n', True)
    >>> spreadsheet("Estuche;Mesa;Contrato\n1;2;4P\n", "r.csv", SPANISH_TABLE_COLUMNS)
    ('board,table,contract\n1,2,4P\n', True)
    """
    lines = text.lstrip("\ufeff").splitlines()
    if not lines:
        return text, False

    def fail(line: int, reason: str) -> InvalidTravellerError:
        return InvalidTravellerError(source, line, None, reason)

    delimiter = separator(lines[0])
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    header = [name.strip().lower() for name in next(csv_rows(reader, fail), [])]
    spanish = any(name in columns and name not in COLUMNS for name in header)
    if spanish:
        header = [columns.get(name, name) for name in header]
    if delimiter == "," and not spanish:
        return text, False
    written = io.StringIO()
    writer = csv.writer(written, lineterminator="\n")
    writer.writerow(header)
    for row in csv_rows(reader, fail):
        writer.writerow(
            [_DECIMAL_COMMA.sub(".", cell) if delimiter != "," else cell for cell in row]
        )
    return written.getvalue(), spanish


def _cell(text: str) -> str:
    value = text.strip().strip('"')
    return "" if value in ("-", "?") else value


SCORE_TABLE_COLUMNS = {
    "board": "Board",
    "ns": "PairId_NS",
    "ew": "PairId_EW",
    "contract": "Contract",
    "declarer": "Declarer",
    "tricks": "Result",
    "lead": "Lead",
    "score": "Score_NS",
    "adjusted": "Adjusted",
}
"""The PBN names of the travellers' columns of a ``ScoreTable`` row (the board is a tag);
``Adjusted``, a score the director assigned, is Árbitro's own column (its PBN export's)."""

USEBIO_ELEMENTS = {
    "board": "BOARD_NUMBER",
    "ns": "NS_PAIR_NUMBER",
    "ew": "EW_PAIR_NUMBER",
    "contract": "CONTRACT",
    "declarer": "PLAYED_BY",
    "tricks": "TRICKS",
    "lead": "LEAD",
    "score": "SCORE",
    "adjusted": "SCORE",
}
"""The USEBIO elements of the travellers' columns of a ``TRAVELLER_LINE``."""

SIT_OUT = N_("a row without its two pairs (a sit-out or a bye): left out, no result was played")
"""The warning for a ``ScoreTable`` row with one pair or none, left out of the session."""


@dataclass(frozen=True, slots=True)
class Rows:
    """The travellers CSV of another file's results, and where each of its rows came from.

    ``origins`` holds each row's :class:`~arbitro.scoring.travellers.Origin` (the file's
    line and names of the columns), in order; ``warnings`` what was left out; ``method``
    the scoring method the file names, or None; ``marked`` the boards the file marks
    otherwise than Law 2 (a PBN game's ``Dealer`` and ``Vulnerable``), by number.
    """

    text: str
    method: Method | None = None
    origins: tuple[Origin, ...] = ()
    warnings: tuple[TravellerWarning, ...] = ()
    marked: Mapping[int, Board] = field(default_factory=dict)

    def read(self, source: str) -> Travellers:
        r"""The travellers of the rows, their messages naming the file's lines and columns.

        >>> print(Rows("board,ns,ew,score\n1,1,1,50\n", None, (Origin(9, {"ew": "PairId_EW"}),)).read("a.pbn").results)
        Traceback (most recent call last):
        ...
        arbitro.scoring.traveller_errors.InvalidTravellerError: a.pbn, line 9, column 'PairId_EW': pair 1 cannot play against itself
        """
        found = read_travellers(self.text, source, "en", self.origins, marked=self.marked)
        return Travellers(found.results, [*self.warnings, *found.warnings], found.source)


TEAMS_TABLES = N_(
    'a teams event\'s score table ([Competition "Teams"]): its rows are the two rooms of '
    "each match, not a pairs session scored against the field; export the event as USEBIO "
    "(arbitro event export --usebio) and import that file with arbitro event import"
)
"""Why :func:`pbn_rows` refuses a teams event's ``ScoreTable`` (as Árbitro exports it)."""

HEADER = ("board", "ns", "ew", "contract", "declarer", "tricks", "lead", "score", "adjusted")
"""The travellers' columns of :func:`pbn_rows`' CSV."""


def pbn_rows(games: list[pbn.PBNGame], source: str) -> Rows:
    r"""The CSV of the ``ScoreTable`` rows of PBN games, and the method of their ``Scoring``.

    A game without a ``ScoreTable`` gives its one result (:func:`game_row`). A row of a
    table with the columns ``PairId_NS`` and ``PairId_EW`` that names one pair or none
    (``-``: a sit-out, a bye) is left out, with a warning naming its line. A teams
    event's table (``[Competition "Teams"]``) is refused: :data:`TEAMS_TABLES`. A board
    whose first game's ``Dealer`` or ``Vulnerable`` is not Law 2's is marked as the game
    says (:meth:`~arbitro.formats.pbn.PBNGame.board`): it is what the table played.

    >>> games = pbn.loads('[Board "1"]\n[Scoring "MP"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n- 3 - - -\n')
    >>> rows = pbn_rows(games, "a.pbn")
    >>> rows.text, rows.method, [origin.line for origin in rows.origins]
    ('board,ns,ew,contract,declarer,tricks,lead,score,adjusted\n1,1,2,4S,N,10,,,\n', 'mp', [4])
    >>> print(rows.warnings[0])
    a.pbn, line 5: a row without its two pairs (a sit-out or a bye): left out, no result was played
    """
    method: Method | None = None
    written = io.StringIO()
    writer = csv.writer(written, lineterminator="\n")
    writer.writerow(HEADER)
    origins: list[Origin] = []
    warnings: list[TravellerWarning] = []
    unnamed: pbn.PBNGame | None = None  # the first game with a result but not its players
    for game in games:
        tag = game.tag("ScoreTable")
        board = game.known("Board")
        if board is None:
            continue
        if tag is None:
            single = game_row(game, board)
            if single is not None:
                method = method or PBN_METHODS.get(game.get("Scoring") or "")
                writer.writerow([*single, ""])
                origins.append(game_origin(game, GAME_TAGS))
            elif unnamed is None and game_result(game):
                unnamed = game
            continue
        if (game.known("Competition") or "").lower() == "teams":
            raise InvalidTravellerError(source, game.line_of("Competition"), None, TEAMS_TABLES)
        method = method or PBN_METHODS.get(game.get("Scoring") or "")
        table = read_table(tag, source)
        names = [column.name for column in table.columns]
        paired = "PairId_NS" in names and "PairId_EW" in names
        for index, cells in enumerate(table.rows):
            row = dict(zip(names, (_cell(cell.text) for cell in cells), strict=False))
            line = table.line(index) or tag.line
            if paired and not (row.get("PairId_NS") and row.get("PairId_EW")):
                warnings.append(TravellerWarning(source, line, SIT_OUT))
                continue
            contract = row.get("Contract", "")
            writer.writerow(
                [
                    board,
                    row.get("PairId_NS", ""),
                    row.get("PairId_EW", ""),
                    contract,
                    row.get("Declarer", ""),
                    row.get("Result", "") if contract else "",
                    row.get("Lead", ""),
                    row.get("Score_NS", ""),
                    row.get("Adjusted", ""),
                ]
            )
            origins.append(Origin(line, SCORE_TABLE_COLUMNS))
    if unnamed is not None and not origins:
        refuse_unnamed(unnamed, source)
    return Rows(written.getvalue(), method, tuple(origins), tuple(warnings), marked_boards(games))


def marked_boards(games: list[pbn.PBNGame]) -> dict[int, Board]:
    r"""The boards PBN games mark otherwise than Law 2, by number: as each board's first game does.

    A game's ``Dealer`` and ``Vulnerable`` say what its table played
    (:meth:`~arbitro.formats.pbn.PBNGame.board`); a board its first game marks as Law 2
    does, or without the tags, is not among them.

    >>> marked_boards(pbn.loads('[Board "1"]\n[Dealer "E"]\n[Vulnerable "All"]\n\n[Board "2"]\n'))
    {1: Board(1, dealer=Seat.EAST, vulnerability=Vulnerability.ALL)}
    """
    marked: dict[int, Board] = {}
    for game in games:
        board = game.known("Board")
        if board is None or not (board.isascii() and board.isdigit()):
            continue
        if 0 < int(board) <= MAX_NUMBER and int(board) not in marked:
            marked[int(board)] = game.board(int(board))
    return {number: board for number, board in marked.items() if not board.follows_law2}


USEBIO_COLUMNS = tuple(column for column in COLUMNS if column != "group")
"""The travellers' columns of :func:`usebio_lines`' rows: all but a fouled board's group."""


def usebio_lines(
    read: usebio.Usebio,
) -> Iterator[tuple[int, list[str], usebio.TravellerLine]]:
    """Each traveller line of a USEBIO file as a travellers row, with its session (from 1).

    The row's cells are :data:`USEBIO_COLUMNS`' (an adjusted score in ``adjusted``),
    followed by the line as the file wrote it; a played score comes with the line's
    contract, declarer and tricks when it gives them all (or a passed-out contract), so
    that a score that contradicts them is told (AEB rule A). Sessions are numbered in
    file order, and a line without a score or pairs is left out
    (:func:`~arbitro.formats.usebio.played_lines`).

    >>> from arbitro.scoring.results import Result
    >>> line = usebio.TravellerLine("1", "2", result=Result.played(420))
    >>> session = usebio.Session(boards=(usebio.Board(3, (line,)),))
    >>> [(number, row) for number, row, _ in usebio_lines(usebio.Usebio(usebio.Event(sessions=(session,))))]
    [(1, ['3', '1', '2', '', '', '', '', '420', ''])]
    """
    for number, session in enumerate(read.event.sessions, start=1):
        for table, written in usebio.played_lines(session):
            yield number, line_row(table, written), written


def line_row(table: TableResult, written: usebio.TravellerLine) -> list[str]:
    """A table's result read from a USEBIO line as a travellers row (:data:`USEBIO_COLUMNS`).

    ``written`` is the line as the file wrote it; its contract, declarer, tricks and lead
    come with a played score when it gives them all (or a passed-out contract); an
    adjusted score goes in ``adjusted``, each side's part as :func:`usebio.read_view` reads it,
    or as the line's note gives it when Árbitro wrote the file (``4S= N``, Law 12:
    :func:`~arbitro.formats.usebio.notes.adjusted_in`) and it gives the line's score.

    >>> from arbitro.scoring.results import Result
    >>> pass_out = usebio.TravellerLine(contract="Pass")
    >>> line_row(TableResult(3, "A", "B", Result.played(-50)), pass_out)
    ['3', 'A', 'B', 'Pass', '', '', '', '-50', '']
    >>> assigned = usebio.TravellerLine(note="Adjusted score (Law 12): 4S= N")
    >>> line_row(TableResult(1, "A", "B", Result.played(420)), assigned)
    ['1', 'A', 'B', '', '', '', '', '', '4S= N']
    """
    ns, ew = table.result.ns, table.result.ew
    score, adjusted = "", _noted_adjusted(table, written)
    if adjusted:
        pass  # the director's adjusted score, as Árbitro's note gives it (Law 12)
    elif isinstance(ns, Weighted) and ns == ew and ns.is_single:
        score = str(ns.parts[0][1])
    elif ns == ew:
        adjusted = write_view(ns)  # one assigned or weighted score for both sides
    elif isinstance(ns, Average) and isinstance(ew, Average):
        adjusted = f"{ns.to_str()}/{ew.to_str()}"
    else:
        adjusted = f"{write_view(ns)}/{write_view(ew, negate=True)}"
    contract, declarer, tricks = "", "", ""
    passed = (written.contract or "").lower() == "pass"
    if score and passed:
        contract = "Pass"
    elif score and written.contract and written.declarer and written.tricks is not None:
        contract, declarer = written.contract, written.declarer.to_str()
        tricks = str(written.tricks)
    return [
        str(table.board),
        table.ns,
        table.ew,
        contract,
        declarer,
        tricks,
        "" if written.lead is None else str(written.lead),
        score,
        adjusted,
    ]


def _noted_adjusted(table: TableResult, written: usebio.TravellerLine) -> str:
    """The adjusted score the line's note gives (stored form), when it gives the line's score.

    A note that reads otherwise, or gives another score than the file's elements, is
    left aside: the elements are read plainly.

    >>> from arbitro.scoring.results import Result
    >>> noted = usebio.TravellerLine(note="Adjusted score (Law 12): 4S= N")
    >>> _noted_adjusted(TableResult(1, "A", "B", Result.played(450)), noted)
    ''
    """
    noted = adjusted_in(written.note)
    if noted is None:
        return ""
    try:
        result = read_adjusted(noted, Board(table.board), checked=False)
    except ArbitroError:
        return ""
    return noted if result == table.result else ""


def usebio_rows(read: usebio.Usebio) -> Rows:
    """The CSV of a USEBIO file's traveller lines, each row's origin its ``TRAVELLER_LINE``.

    >>> from arbitro.core.seat import Seat
    >>> from arbitro.scoring.results import Result
    >>> line = usebio.TravellerLine("1", "2", contract="4S", declarer=Seat.NORTH, tricks=7,
    ...                             result=Result.played(420), line=40)
    >>> rows = usebio_rows(usebio.Usebio(usebio.Event(sessions=(usebio.Session(boards=(usebio.Board(1, (line,)),)),))))
    >>> print(rows.read("a.xml").warnings[0])
    a.xml, line 40: the contract gives -150 but the score is 420; the score stands (AEB rule A)
    """
    written = io.StringIO()
    writer = csv.writer(written, lineterminator="\n")
    writer.writerow(USEBIO_COLUMNS)
    origins: list[Origin] = []
    for _, row, line in usebio_lines(read):
        writer.writerow(row)
        origins.append(Origin(line.line, USEBIO_ELEMENTS))
    if any(not origin.line for origin in origins):  # not read from a file: the CSV's lines
        origins = []
    return Rows(written.getvalue(), usebio.method_of(read.event), tuple(origins))


def read_session(data: bytes, source: str, notation: str | None = None) -> SessionFile:
    r"""The travellers of a USEBIO, PBN or CSV file, told by its content (see the module).

    ``notation`` is the language of contracts and seats in a CSV file (default: Spanish
    for Spanish headers, else English); PBN and USEBIO are in English.

    >>> read_session(b'[Board "1"]\n[Scoring "MP"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n', "a.pbn").travellers.results
    [TableResult(1, '1', '2', Result.played(420), line=4)]
    >>> read_session(b"\r\n", "export.csv")
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: export.csv, line 1: the file is empty
    >>> read_session(b"board,ns\n\x00\x00", "junk.csv")
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: junk.csv, line 2: binary data, not text: expected a CSV, PBN or USEBIO file of travellers
    """
    text = decode(data)
    if not text.strip():  # an export that wrote nothing: not a CSV file without its header
        raise InvalidTravellerError(source, 1, None, EMPTY_FILE)
    binary = text.find("\x00")  # no text file holds one (UTF-16's are decoded away)
    if binary >= 0:
        raise InvalidTravellerError(
            source,
            text.count("\n", 0, binary) + 1,
            None,
            N_("binary data, not text: expected a CSV, PBN or USEBIO file of travellers"),
        )
    kind = kind_of(text)
    if kind == "lin":
        raise InvalidTravellerError(
            source, 1, None, LIN_FILE, path=source, target=lin_target(source)
        )
    if kind == "usebio":
        read = usebio.loads(text, source)
        return SessionFile(usebio_rows(read).read(source), usebio.method_of(read.event), kind)
    if kind == "pbn":
        rows = pbn_rows(pbn.loads(text, source, strict=False), source)
        return SessionFile(rows.read(source), rows.method, kind)
    canonical, spanish = spreadsheet(text, source)
    lang = notation or ("es" if spanish else "en")  # the file's, told by its headers
    columns = file_columns(text) if spanish else None
    return SessionFile(read_travellers(canonical, source, lang, columns=columns), None, kind)


def file_columns(text: str, columns: dict[str, str] = SPANISH_COLUMNS) -> dict[str, str]:
    r"""The file's own names of the travellers' columns its header names in Spanish.

    Each English column's header as the file writes it (``columns``: each Spanish name's
    English one), for a message that names the file's column, not Árbitro's.

    >>> file_columns("Estuche;NS;EO;Bazas\n1;1;2;10\n")
    {'board': 'Estuche', 'ew': 'EO', 'tricks': 'Bazas'}
    """
    first = text.lstrip("\ufeff").partition("\n")[0].rstrip("\r")
    try:
        header = [
            name.strip() for name in next(csv.reader([first], delimiter=separator(first)), [])
        ]
    except csv.Error:  # not a CSV header: the reader refuses it, naming its line
        return {}
    return {
        columns[name.lower()]: name
        for name in header
        if name.lower() in columns and name.lower() not in COLUMNS
    }


__all__ = [
    "GAME_TAGS",
    "HEADER",
    "PBN_METHODS",
    "SCORE_TABLE_COLUMNS",
    "SIT_OUT",
    "SPANISH_COLUMNS",
    "SPANISH_TABLE_COLUMNS",
    "USEBIO_COLUMNS",
    "USEBIO_ELEMENTS",
    "Rows",
    "SessionFile",
    "decode",
    "file_columns",
    "game_declarer",
    "game_row",
    "kind_of",
    "marked_boards",
    "pbn_rows",
    "read_session",
    "sided_value",
    "spreadsheet",
    "usebio_lines",
    "usebio_rows",
]

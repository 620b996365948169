r"""USEBIO for ``arbitro convert`` and ``arbitro check``: travellers to and from PBN games.

A USEBIO file holds results, not deals, so each board of each session becomes a PBN
game with the PBN 2.1 results tables: ``Event`` (the description), ``Round`` (the
session), ``Board``, ``Scoring`` (``MP``, ``Butler``, ``IMP`` for cross-IMPs,
``TotalPoints``) and a ``ScoreTable`` with one row per table (``PairId_NS``,
``PairId_EW``, ``Contract``, ``Declarer``, ``Result``, ``Lead``, ``Score_NS``,
``Score_EW``, and ``MP_NS`` / ``MP_EW`` or ``IMP_NS`` / ``IMP_EW``); the first board of a
session also carries the standings as a ``TotalScoreTable`` (``Rank``, ``PairId``,
``Direction``, ``TotalScore``, ``TotalPercentage``, ``Names``). The ``Scoring`` is the
method Árbitro scores the USEBIO file by (:func:`~arbitro.formats.usebio.method_of`:
``BOARD_SCORING_METHOD``, else Compscore3's ``EVENT_TYPE`` and ``SCORING_METHOD``), so
the PBN file scores as the USEBIO file does; a teams event's boards are ``IMP``. An
element holding a space, a quote or a semicolon is a quoted string, with PBN's ``\"``
for a quote and ``\\`` for a backslash. An adjusted score that
is not one number for both sides fills ``Score_NS`` and ``Score_EW`` as in the USEBIO
file (``A60`` and ``A40``). Lines of an individual event (four player numbers) are not
carried. A teams event's match boards become games too, each row naming the team
North-South and the team East-West at its table (the match's figures are not carried:
a PBN file written back is a file of boards, not of matches).

Back to USEBIO, the tables are read as PBN 2.1 writes them (chapter 5): a column's
name without its sort order (``+Score_NS``, ``-Rank``) or its width, a row comment
(``{...}``, ``;``) left out, ``-`` and ``?`` as no value, the names of a ``Names``
element split at ``;`` (PBN) or `` - `` (as written here). Every ``ScoreTable`` row
must name the pairs of its table (``PairId_NS``, ``PairId_EW``): a table of
frequencies is not a traveller. A standings table repeated in later games
(``[TotalScoreTable "#"]``) gives each pair once.

>>> from arbitro.formats.usebio import Board, Event, Session, TravellerLine, Usebio, dumps
>>> from arbitro.scoring.results import Result
>>> text = dumps(Usebio(Event("MP_PAIRS", scoring="MATCH_POINTS", sessions=(Session("1", boards=(
...     Board(1, (TravellerLine("1", "2", result=Result.played(420)),)),)),))))
>>> game = read_games(text)[0]
>>> game["Board"], game.tag("ScoreTable").rows
('1', ('1 2 - - - - 420 - - -',))
>>> loads(write_games([game])).event.sessions[0].boards[0].lines[0].result
Result.played(420)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

from arbitro.core import Card, Seat, Side
from arbitro.core.errors import ArbitroError, PBNSyntaxError
from arbitro.formats.pbn.export_lines import escape
from arbitro.formats.pbn.model import PBNGame, PBNTag, unescape
from arbitro.formats.pbn.table_tags import Column
from arbitro.formats.usebio.document import dumps, loads
from arbitro.formats.usebio.model import (
    Board,
    Event,
    Participant,
    Player,
    Session,
    TravellerLine,
    Usebio,
    UsebioSyntaxError,
)
from arbitro.formats.usebio.published import differences
from arbitro.formats.usebio.scoring import method_of
from arbitro.formats.usebio.teams import is_teams
from arbitro.formats.usebio.values import read_view, write_view
from arbitro.i18n import N_
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.session import Method, show

EXTENSIONS = (".xml",)
"""The file name endings of USEBIO files."""

_SCORING = {
    "MATCH_POINTS": "MP",
    "BUTLER_IMPS": "Butler",
    "BUTLER": "Butler",
    "CROSS_IMPS": "IMP",
    "IMPS": "IMP",
    "AGGREGATE": "TotalPoints",
}
_READ_SCORING = {
    "MP": "MATCH_POINTS",
    "Butler": "BUTLER_IMPS",
    "IMP": "CROSS_IMPS",
    "TotalPoints": "AGGREGATE",
}
_PBN_SCORING: dict[Method, str] = {
    "mp": "MP",
    "imp-butler": "Butler",
    "cross-imp": "IMP",
    "total": "TotalPoints",
}
"""The PBN ``Scoring`` of each of Árbitro's scoring methods."""

_ELEMENT = re.compile(r'"(?:[^"\\]|\\.)*"|;.*|[^\s";]+')
"""A table element: a quoted string (with PBN's escapes), a word, or a ``;`` comment."""

_WORD = re.compile(r'[^\s"\\;{}^][^\s"\\;{}]*')
"""An element written without quotes."""


def scoring_of(event: Event) -> str:
    """The PBN ``Scoring`` of a USEBIO event: the method Árbitro scores its boards by.

    >>> scoring_of(Event("BUTLER_PAIRS", scoring_method="IMPS")), scoring_of(Event("MP_PAIRS"))
    ('Butler', 'MP')
    >>> scoring_of(Event("SWISS_TEAMS", scoring="IMPS"))
    'IMP'
    """
    if is_teams(event):
        return _SCORING.get(event.scoring or "", "IMP")
    return _PBN_SCORING[method_of(event)]


def _cell(value: object | None) -> str:
    r"""One element of a table row: ``-`` for no value, a word, or a quoted string.

    >>> print(_cell(None), _cell("7"), _cell("Ana - Luis"), _cell('María "Maru"'))
    - 7 "Ana - Luis" "María \"Maru\""
    """
    if value is None:
        return "-"
    text = str(value)
    if _WORD.fullmatch(text) and text not in ("-", "?"):
        return text
    return f'"{escape(text)}"'


def _cells(row: str) -> list[str | None]:
    r"""The elements of a table row (None for ``-`` and ``?``), up to a ``;`` comment.

    >>> _cells(r'1 - "María \"Maru\"" ? ; note')
    ['1', None, 'María "Maru"', None]
    """
    cells: list[str | None] = []
    for token in _ELEMENT.findall(row):
        if token.startswith(";"):
            break
        if len(token) > 1 and token[0] == token[-1] == '"':
            cells.append(unescape(token[1:-1]))
        else:
            cells.append(None if token in ("-", "?") else token)
    return cells


def _points(value: Fraction | None) -> str | None:
    return None if value is None else show(value, 2)


def _score_table(board: Board, points: str) -> PBNTag:
    columns = (
        f"PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;"
        f"Score_NS\\6R;Score_EW\\6R;{points}_NS\\6R;{points}_EW\\6R"
    )
    rows = []
    for line in board.lines:
        result = line.result
        ns: str | None = None
        ew: str | None = None
        if result is not None:
            if result.is_balanced and isinstance(result.ns, Weighted) and result.ns.is_single:
                ns = str(result.ns.parts[0][1])
            else:
                ns, ew = write_view(result.ns), write_view(result.ew, negate=True)
        cells = (
            line.ns,
            line.ew,
            line.contract,
            line.declarer,
            line.tricks,
            None if line.lead is None else line.lead.to_str(),
            ns,
            ew,
            _points(line.ns_points),
            _points(line.ew_points),
        )
        rows.append(" ".join(_cell(cell) for cell in cells))
    return PBNTag("ScoreTable", columns, tuple(rows))


_TIED = re.compile(r"([0-9]{1,9})=")
"""A shared place as USEBIO writes it (``2=``); PBN's ``Rank`` is a whole number."""


def _rank(place: str | None) -> str | None:
    """A USEBIO place as a PBN ``Rank``: ``2=`` is ``2`` (the tie shows in the equal ranks).

    >>> _rank("2="), _rank("3"), _rank(None)
    ('2', '3', None)
    """
    tied = None if place is None else _TIED.fullmatch(place)
    return place if tied is None else tied[1]


def _ties(participants: list[Participant]) -> list[Participant]:
    """The places of pairs sharing a rank in their line marked as USEBIO marks them: ``2=``.

    >>> [p.place for p in _ties([Participant("pair", "1", place="2"),
    ...                          Participant("pair", "3", place="2"), Participant("pair", "4")])]
    ['2=', '2=', None]
    """
    counts = Counter((participant.place, participant.direction) for participant in participants)
    return [
        replace(participant, place=f"{participant.place}=")
        if participant.place is not None
        and participant.place.isdigit()
        and counts[participant.place, participant.direction] > 1
        else participant
        for participant in participants
    ]


def _total_table(participants: tuple[Participant, ...]) -> PBNTag:
    rows = tuple(
        " ".join(
            _cell(cell)
            for cell in (
                _rank(participant.place),
                participant.number,
                participant.direction,
                _points(participant.total),
                _points(participant.percentage),
                " - ".join(player.name or "" for player in participant.players) or None,
            )
        )
        for participant in participants
        if participant.kind == "pair"
    )
    return PBNTag(
        "TotalScoreTable",
        "Rank\\3R;PairId\\3R;Direction\\2L;TotalScore\\7R;TotalPercentage\\6R;Names\\40L",
        rows,
    )


def read_games(text: str, source: str = "<text>", *, strict: bool = True) -> list[PBNGame]:
    """The boards of a USEBIO text as PBN games with their score tables.

    >>> read_games("<USEBIO><EVENT/></USEBIO>")
    []
    """
    try:
        usebio = loads(text, source)
    except UsebioSyntaxError as error:
        problem = error.problems[0]
        reason = problem.reason if isinstance(problem.reason, str) else problem.reason[0]
        raise PBNSyntaxError.at(
            source, error.line, error.path or error.text, reason, **problem.details
        ) from None
    event = usebio.event
    scoring = scoring_of(event)
    points = "MP" if scoring in ("MP", "TotalPoints") else "IMP"
    games: list[PBNGame] = []
    for session in event.sessions:
        for index, board in enumerate([*session.boards, *_match_boards(session)]):
            tags = [
                PBNTag("Event", event.description or "?"),
                PBNTag("Round", session.number or "?"),
                PBNTag("Board", str(board.number)),
                PBNTag("Scoring", scoring),
                _score_table(board, points),
            ]
            if index == 0 and session.participants:
                tags.append(_total_table(session.participants))
            games.append(PBNGame(tuple(tags)))
    return games


def _match_boards(session: Session) -> list[Board]:
    """A teams session's match boards, each line naming its teams North-South and East-West.

    >>> from arbitro.formats.usebio.model import Match
    >>> line = TravellerLine(direction=Side.EW, result=Result.played(-100))
    >>> board = _match_boards(Session(matches=(Match("1", "2", boards=(Board(3, (line,)),)),)))[0]
    >>> board.lines[0].ns, board.lines[0].ew
    ('2', '1')
    """
    boards = []
    for match in session.matches:
        for board in match.boards:
            lines = []
            for line in board.lines:
                ns, ew = match.team, match.opposing_team
                if line.direction is Side.EW:
                    ns, ew = ew, ns
                lines.append(replace(line, ns=line.ns or ns, ew=line.ew or ew, direction=None))
            boards.append(Board(board.number, tuple(lines)))
    return boards


def _line(cells: list[str | None], names: list[str]) -> TravellerLine:
    row = dict(zip(names, cells, strict=False))

    def fraction(name: str) -> Fraction | None:
        value = row.get(name)
        return None if value is None else Fraction(value)

    ns_text, ew_text = row.get("Score_NS"), row.get("Score_EW")
    result: Result | None = None
    if ns_text is not None and ew_text is not None:
        result = Result(read_view(ns_text), read_view(ew_text, negate=True))
    elif ns_text is not None:
        view = read_view(ns_text)
        result = Result(view, view)
    tricks = row.get("Result")
    declarer = row.get("Declarer")
    lead = row.get("Lead")
    return TravellerLine(
        ns=row.get("PairId_NS"),
        ew=row.get("PairId_EW"),
        contract=row.get("Contract"),
        declarer=None if declarer is None else Seat.from_str(declarer),
        lead=None if lead is None else Card.from_str(lead),
        tricks=None if tricks is None else int(tricks),
        result=result,
        ns_points=fraction("MP_NS") if "MP_NS" in row else fraction("IMP_NS"),
        ew_points=fraction("MP_EW") if "MP_EW" in row else fraction("IMP_EW"),
    )


_PAIRS = ("PairId_NS", "PairId_EW")
"""The columns of a ``ScoreTable`` that name the pairs of a table."""

_TOTALS = ("TotalScore", "TotalMP", "TotalIMP", "MP", "IMP")
_PERCENTAGES = ("TotalPercentage", "Percentage")


def _participant(cells: list[str | None], names: list[str]) -> Participant:
    """A pair of a ``TotalScoreTable`` row: its rank, number, line, total, percentage, players.

    >>> _participant(["1", "7", None, "62.5", "Ana;Luis"], ["Rank", "PairId", "Direction",
    ...              "MP", "Names"]).players[1]
    Player(name='Luis', number=None)
    """
    row = dict(zip(names, cells, strict=False))
    direction, players = row.get("Direction"), row.get("Names")
    total = next((row[name] for name in _TOTALS if row.get(name) is not None), None)
    percentage = next((row[name] for name in _PERCENTAGES if row.get(name) is not None), None)
    return Participant(
        "pair",
        row.get("PairId"),
        direction=None if direction is None else Side.from_str(direction),
        players=()
        if players is None
        else tuple(
            Player(name.strip() or None) for name in players.split(";" if ";" in players else " - ")
        ),
        place=row.get("Rank"),
        total=None if total is None else Fraction(total),
        percentage=None if percentage is None else Fraction(percentage),
    )


def _columns(tag: PBNTag) -> list[str]:
    r"""The names of a table tag's columns, without sort order and width (PBN 2.1, 5.2).

    >>> _columns(PBNTag("TotalScoreTable", "-Rank\\3R;PairId;+Percentage\\5R"))
    ['Rank', 'PairId', 'Percentage']
    """
    return [Column.from_str(written).name for written in tag.value.split(";")]


def _rows(tag: PBNTag) -> list[tuple[int, str, list[str | None]]]:
    """Each row of a table tag with its line and text; comment rows (``{...}``) left out."""
    return [
        (tag.row_line(index), row.strip(), _cells(row))
        for index, row in enumerate(tag.rows)
        if row.strip() and not row.strip().startswith("{")
    ]


def _read_columns(table: PBNTag, source: str) -> list[str]:
    """The column names of a table tag (:func:`_columns`), or PBNSyntaxError naming the tag."""
    try:
        return _columns(table)
    except ValueError as error:
        raise PBNSyntaxError.at(
            source,
            table.line,
            f'[{table.name} "{table.value}"]',
            N_("the score table cannot be read: {why}"),
            why=str(error),
        ) from None


def _traveller(table: PBNTag, source: str) -> tuple[TravellerLine, ...]:
    """The lines of a ``ScoreTable``, each naming its table's pairs, or PBNSyntaxError."""
    names = _read_columns(table, source)
    if not all(name in names for name in _PAIRS):
        raise PBNSyntaxError.at(
            source,
            table.line,
            f'[ScoreTable "{table.value}"]',
            N_("expected the pairs of each table in the columns {columns}"),
            columns=", ".join(_PAIRS),
        )
    lines = []
    for line, text, cells in _rows(table):
        try:
            read = _line(cells, names)
        except (ValueError, KeyError, ZeroDivisionError) as error:
            raise PBNSyntaxError.at(
                source, line, text, N_("the score table cannot be read: {why}"), why=str(error)
            ) from None
        if read.ns is None or read.ew is None:
            raise PBNSyntaxError.at(
                source,
                line,
                text,
                N_("expected the pairs of each table in the columns {columns}"),
                columns=", ".join(_PAIRS),
            )
        lines.append(read)
    return tuple(lines)


def _standings(totals: PBNTag, source: str) -> list[Participant]:
    """The pairs of a ``TotalScoreTable``, or PBNSyntaxError naming the row."""
    names = _read_columns(totals, source)
    participants = []
    for line, text, cells in _rows(totals):
        try:
            participants.append(_participant(cells, names))
        except (ValueError, KeyError, ZeroDivisionError) as error:
            raise PBNSyntaxError.at(
                source, line, text, N_("the score table cannot be read: {why}"), why=str(error)
            ) from None
    return participants


def write_games(games: list[PBNGame], source: str = "<games>") -> str:
    """The USEBIO text of PBN games that carry score tables (games without one are left out).

    >>> write_games([]).splitlines()[3]
    '  <EVENT />'
    """
    sessions: dict[str, tuple[list[Participant], list[Board]]] = {}
    description: str | None = None
    scoring: str | None = None
    for game in games:
        table = game.tag("ScoreTable")
        if table is None:
            continue
        try:
            number = int(game["Board"])
        except (ValueError, KeyError) as error:
            raise PBNSyntaxError.at(
                source,
                table.line or game.line,
                game.get("Board", "") or "",
                N_("the score table cannot be read: {why}"),
                why=str(error),
            ) from None
        lines = _traveller(table, source)
        totals = game.tag("TotalScoreTable")
        participants = [] if totals is None else _standings(totals, source)
        session = sessions.setdefault(game.known("Round") or "1", ([], []))
        known = {(participant.number, participant.direction) for participant in session[0]}
        # A standings table given again in a later game ("#") lists its pairs once.
        session[0].extend(
            participant
            for participant in participants
            if (participant.number, participant.direction) not in known
        )
        session[1].append(Board(number, lines))
        description = description or game.known("Event")
        scoring = scoring or _READ_SCORING.get(game.get("Scoring") or "")
    if games and not sessions:
        raise PBNSyntaxError.at(
            source,
            0,
            source,
            N_("none of these games has a ScoreTable: USEBIO holds the results of boards"),
        )
    event = Event(
        None,
        description=description,
        scoring=scoring,
        sessions=tuple(
            Session(number, participants=tuple(_ties(participants)), boards=tuple(boards))
            for number, (participants, boards) in sessions.items()
        ),
    )
    return dumps(Usebio(event, program="Árbitro") if sessions else Usebio(Event()))


_DECLARED = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']""")
_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))

NO_DEALS = N_("USEBIO holds the results of boards, not their deals")
"""Why a USEBIO file cannot be converted into a format made of deals (LIN, a table log)."""


def decode(data: bytes, source: str = "<bytes>") -> str:
    """The text of a USEBIO file's bytes, in the encoding its BOM or XML declaration gives.

    >>> decode('<?xml version="1.0" encoding="windows-1252"?><A>–</A>'.encode("cp1252"))[-8:]
    '<A>–</A>'
    >>> decode(b'<?xml version="1.0" encoding="klingon"?><A/>', "a.xml")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: a.xml, line 1: klingon: the file cannot be read in the encoding it declares
    """
    encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    declared = _DECLARED.match(data)
    if encoding is None:
        encoding = "utf-8" if declared is None else declared.group(1).decode("ascii")
    try:
        return data.decode(encoding)
    except (LookupError, UnicodeError):
        if declared is None and not data.startswith(tuple(bom for bom, _ in _BOMS)):
            raise PBNSyntaxError.at(
                source,
                1,
                source,
                N_(
                    "the file is not UTF-8 and declares no encoding "
                    '(<?xml version="1.0" encoding="..."?>)'
                ),
            ) from None
        raise PBNSyntaxError.at(
            source, 1, encoding, N_("the file cannot be read in the encoding it declares")
        ) from None


def written(games: list[PBNGame]) -> int:
    """How many of ``games`` :func:`write_games` writes: those with a score table.

    >>> written([PBNGame((PBNTag("Board", "1"),))])
    0
    """
    return sum(1 for game in games if game.tag("ScoreTable") is not None)


def check(text: str, source: str = "<text>", *, strict: bool = True) -> list[PBNSyntaxError]:
    r"""Every problem of a USEBIO text: none, or the first, with its line.

    A file that reads gives instead each published figure that differs from Árbitro's
    (:func:`~arbitro.formats.usebio.published.differences`).

    >>> [error.line for error in check("<USEBIO>\n<EVENT>\n<BOARD/></EVENT></USEBIO>", "a.xml")]
    [3]
    """
    try:
        read_games(text, source, strict=strict)
    except PBNSyntaxError as error:
        return [error]
    # The figures another program published, against Árbitro's from the same travellers,
    # which may not score (a pair with two results on a board): then that is the problem.
    try:
        found = differences(loads(text, source))
    except ArbitroError as error:
        return [PBNSyntaxError.at(source, 0, source, N_("{error}"), error=error)]
    return [
        PBNSyntaxError.at(source, 0, source, N_("{error}"), error=difference)
        for difference in found
    ]

r"""What another program published in a file, against what Árbitro computes from it.

A file brought from another scoring program often carries that program's own figures
beside the results. :func:`compare_file` finds them, whatever the file (told by its
content, as :func:`arbitro.formats.travellers.read_session` tells it), scores the
results again with Árbitro and lists every figure that differs to the hundredth:

- a USEBIO file: each traveller line's points and each pair's total and percentage
  (:func:`arbitro.formats.usebio.published.compare`);
- a PBN file: each game's ``Score`` against the score Árbitro gives the game: Law
  77's from its contract, declarer, tricks and vulnerability, or, for a table's result
  read from the game's tags, that ``Score`` itself (it stands, AEB rule A:
  :func:`scored_score`; the reader warns once of a contract that gives another); and
  in a teams file (games with ``HomeTeam`` and
  ``VisitTeam``, the home team North-South at its own table or in the open room,
  :func:`~arbitro.formats.pbn_teams.seated_teams`) each game's ``ScoreIMP``
  against the IMPs of the board's two tables of the match (Law 78B: the home team's
  score here plus its score at the other table, where it sat East-West);
- a PBN file of score tables: each ``ScoreTable`` row's ``MP_NS`` and ``MP_EW`` (or
  ``IMP_NS`` and ``IMP_EW``) and each ``TotalScoreTable`` row's total (``TotalMP``,
  ``TotalIMP``, ``TotalScore`` or ``MP``) and percentage (``TotalPercentage`` or
  ``Percentage``), against the session scored again by its ``Scoring`` method, as a
  USEBIO file's points and totals are (matchpoints on the file's own scale);
- a CSV file carries no published figures.

A ``Score`` or ``ScoreIMP`` value that names no side (``"420"``) is the declarer's
side's (PBN 2.1, 3.4.12-3.4.13); a game with no declarer has no such value to read.

>>> text = ('[Board "1"]\n[Vulnerable "None"]\n[Declarer "S"]\n[Contract "4S"]\n'
...         '[Result "10"]\n[Score "NS 450"]\n')
>>> found = compare_file(text.encode(), "a.pbn")
>>> found.compared, [str(d) for d in found.differences]
(1, ['board 1, - v -: North-South score: published 450.00, computed 420.00'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.core.board import law2_vulnerability
from arbitro.core.contract import final_contract_from_str
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Side
from arbitro.core.vulnerability import Vulnerability
from arbitro.formats import pbn, usebio
from arbitro.formats.pbn.table_tags import read_table
from arbitro.formats.pbn_teams import seated_teams
from arbitro.formats.travellers import (
    decode,
    game_declarer,
    kind_of,
    read_session,
    sided_value,
)
from arbitro.formats.usebio.published import (
    Comparison,
    Difference,
    compare,
    compare_session,
    published_penalties,
)
from arbitro.formats.usebio.scoring import SCORING_METHODS
from arbitro.i18n import N_, gettext
from arbitro.scoring.law77 import score
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.session import Method, SessionScore, show
from arbitro.scoring.teams import match_imps
from arbitro.scoring.traveller_errors import InvalidTravellerError

if TYPE_CHECKING:
    from arbitro.laws.authority import Authority

NS_SCORE = N_("North-South score")
NS_IMPS = N_("North-South IMPs")

_PLAIN = re.compile(r"[+-]?[0-9]{1,9}(?:\.[0-9]*)?")


def _whole(text: str | None, digits: int = 4) -> int | None:
    """``text`` as a whole number of ASCII digits, at most ``digits`` of them, else None.

    >>> _whole("12"), _whole("²"), _whole("9" * 5000), _whole(None)
    (12, None, None, None)
    """
    if text is None or not 0 < len(text) <= digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def _vulnerability(game: pbn.PBNGame, board: int) -> Vulnerability | None:
    written = game.known("Vulnerable")
    try:
        return Vulnerability.from_str(written) if written else law2_vulnerability(board)
    except ArbitroError:
        return None


def game_score(game: pbn.PBNGame) -> int | None:
    r"""North-South's score of a game by Law 77 from its tags, or None when they do not say.

    >>> game = pbn.loads('[Board "2"]\n[Declarer "W"]\n[Contract "3NT"]\n[Result "8"]\n')[0]
    >>> game_score(game)
    50
    """
    written, board = game.known("Contract"), _whole(game.known("Board"))
    if written is None or board is None:
        return None
    try:
        contract = final_contract_from_str(written)
    except ArbitroError:
        return None
    declarer = game_declarer(game)
    vulnerability = _vulnerability(game, board)
    if contract.to_str() == "Pass":
        return 0
    tricks = _whole(game.known("Result"), 2)
    if declarer is None or vulnerability is None or tricks is None:
        return None
    try:
        points = score(contract, tricks, vulnerability.is_vulnerable(declarer))
    except ArbitroError:
        return None
    return points if declarer.side is Side.NS else -points


def scored_score(game: pbn.PBNGame) -> int | None:
    r"""North-South's score of a game as Árbitro scores it: its ``Score`` when that stands, else Law 77's.

    A game that records one table's result in its tags (no ``ScoreTable``; its players
    named, or its teams) is scored by its ``Score`` when it gives one, whatever the
    contract gives: the score stands (AEB rule A), and the reader warns of the
    difference. Any other game's ``Score`` is a published figure, checked against Law
    77 (:func:`game_score`).

    >>> text = '[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n'
    >>> game = pbn.loads(text + '[Score "NS 450"]\n')[0]
    >>> scored_score(game), game_score(game)
    (450, 400)
    """
    ours = game_score(game)
    written = game.known("Score")
    if written is None or game.tag("ScoreTable") is not None:
        return ours
    home, visit = _seated(game)
    named = all(game.known(seat) for seat in ("North", "South", "East", "West"))
    value = sided_value(written, game_declarer(game)) if named or (home and visit) else None
    return int(value) if value is not None and value.denominator == 1 else ours


def _names(game: pbn.PBNGame) -> str:
    home, visit = game.known("HomeTeam"), game.known("VisitTeam")
    if home and visit:
        return f"{home} v {visit}"
    ns = " - ".join(game.known(seat) or "" for seat in ("North", "South")).strip(" -")
    ew = " - ".join(game.known(seat) or "" for seat in ("East", "West")).strip(" -")
    return f"{ns or '-'} v {ew or '-'}"


def _match_key(game: pbn.PBNGame, home: str, visit: str) -> tuple[str | None, ...]:
    return (
        game.known("Event"),
        game.known("Stage"),
        game.known("Round"),
        game.known("Board"),
        home,
        visit,
    )


def _seated(game: pbn.PBNGame) -> tuple[str | None, str | None]:
    """A teams game's North-South and East-West teams (its ``Room`` read), or None and None."""
    try:
        return seated_teams(game)
    except InvalidTravellerError:
        return None, None


def compare_pbn(games: Iterable[pbn.PBNGame]) -> Comparison:
    r"""The ``Score`` and ``ScoreIMP`` of PBN games against Árbitro's (see the module).

    >>> games = pbn.loads('[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Vulnerable "None"]\n'
    ...     '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[ScoreIMP "NS 11"]\n\n'
    ...     '[Board "1"]\n[HomeTeam "B"]\n[VisitTeam "A"]\n[Vulnerable "None"]\n'
    ...     '[Declarer "E"]\n[Contract "3S"]\n[Result "9"]\n[ScoreIMP "NS -11"]\n')
    >>> compare_pbn(games)
    Comparison(compared=2, differences=())
    """
    listed = list(games)
    scores: dict[tuple[str | None, ...], int | None] = {}
    for game in listed:
        home, visit = _seated(game)
        if home and visit:
            scores[_match_key(game, home, visit)] = scored_score(game)
    compared = 0
    found: list[Difference] = []
    for game in listed:
        board = _whole(game.known("Board"))
        if board is None:
            continue
        ours = scored_score(game)  # a Score that stands is the score Árbitro gives
        declarer = game_declarer(game)
        checks: list[tuple[str, Fraction | None, Fraction | None]] = []
        written = game.known("Score")
        if written is not None:
            checks.append(
                (NS_SCORE, sided_value(written, declarer), None if ours is None else Fraction(ours))
            )
        written_imps, (home, visit) = game.known("ScoreIMP"), _seated(game)
        if written_imps is not None and home and visit:
            other = scores.get(_match_key(game, visit, home))
            imps = None if ours is None or other is None else Fraction(match_imps(ours, -other))
            checks.append((NS_IMPS, sided_value(written_imps, declarer), imps))
        for figure, published, computed in checks:
            if published is None or computed is None:
                continue
            compared += 1
            if show(published) != show(computed):
                found.append(
                    Difference(board, _names(game), "", figure, show(published), show(computed))
                )
    return Comparison(compared, tuple(found))


_LINE_POINTS = (("MP_NS", "MP_EW"), ("IMP_NS", "IMP_EW"))
_TOTALS = ("TotalMP", "TotalIMP", "TotalScore", "MP", "IMP")
_PERCENTAGES = ("TotalPercentage", "Percentage")


def _number(text: str | None) -> Fraction | None:
    if text is None:
        return None
    value = text.strip().strip('"')
    return Fraction(value) if _PLAIN.fullmatch(value) else None


def _rows(game: pbn.PBNGame, name: str, source: str) -> list[dict[str, str]]:
    """The rows of a game's table tag ``name``, each a column name -> element text."""
    tag = game.tag(name)
    if tag is None:
        return []
    try:
        table = read_table(tag, source)
    except ArbitroError:
        return []
    names = [column.name for column in table.columns]
    return [dict(zip(names, (cell.text for cell in cells), strict=False)) for cells in table.rows]


def score_table_session(
    games: list[pbn.PBNGame], data: bytes, source: str
) -> tuple[usebio.Session, Method] | None:
    r"""A PBN file's score tables as a USEBIO session with its published figures, and its method.

    The travellers are the file's, read as ``arbitro session score`` reads them, with
    each row's ``MP_NS``/``MP_EW`` (or ``IMP_NS``/``IMP_EW``) beside its line and each
    ``TotalScoreTable`` row's total and percentage as a participant's; None when the
    file publishes none of them or its results do not read.

    >>> score_table_session(pbn.loads('[Board "1"]\n'), b'[Board "1"]\n', "a.pbn") is None
    True
    """
    published: dict[tuple[int, str, str], tuple[Fraction | None, Fraction | None]] = {}
    participants: list[usebio.Participant] = []
    for game in games:
        board = _whole(game.known("Board"))
        for row in _rows(game, "ScoreTable", source):
            ns, ew = row.get("PairId_NS", "").strip('"'), row.get("PairId_EW", "").strip('"')
            for ns_column, ew_column in _LINE_POINTS:
                points = _number(row.get(ns_column)), _number(row.get(ew_column))
                if board is not None and ns and ew and points != (None, None):
                    published[board, ns, ew] = points
                    break
        for row in _rows(game, "TotalScoreTable", source):
            pair = row.get("PairId", "").strip('"')
            total = next((_number(row.get(name)) for name in _TOTALS if name in row), None)
            percentage = next(
                (_number(row.get(name)) for name in _PERCENTAGES if name in row), None
            )
            if pair and (total is not None or percentage is not None):
                participants.append(
                    usebio.Participant("pair", pair, total=total, percentage=percentage)
                )
    if not published and not participants:
        return None
    try:
        found = read_session(data, source)
    except ArbitroError:
        return None
    boards: dict[int, list[usebio.TravellerLine]] = {}
    for table in found.travellers.results:
        ns_points, ew_points = published.get((table.board, table.ns, table.ew), (None, None))
        boards.setdefault(table.board, []).append(
            usebio.TravellerLine(
                table.ns, table.ew, result=table.result, ns_points=ns_points, ew_points=ew_points
            )
        )
    session = usebio.Session(
        participants=tuple(participants),
        boards=tuple(usebio.Board(number, tuple(lines)) for number, lines in boards.items()),
    )
    return session, found.method or "mp"


def compare_score_tables(
    games: list[pbn.PBNGame], data: bytes, source: str, profile: Authority | None = None
) -> Comparison:
    """The points and totals of a PBN file's score tables against Árbitro's (see the module).

    The published figures are set beside the file's travellers
    (:func:`score_table_session`) and compared as a USEBIO file's are, by
    :func:`arbitro.formats.usebio.published.compare`.
    """
    found = score_table_session(games, data, source)
    return Comparison(0, ()) if found is None else _rescored(found, profile)


def _rescored(tables: tuple[usebio.Session, Method], profile: Authority | None) -> Comparison:
    """A score tables' session (:func:`score_table_session`) against Árbitro's by its method."""
    session, method = tables
    event = usebio.Event(scoring=SCORING_METHODS[method], sessions=(session,))
    return compare(usebio.Usebio(event), profile)


def compare_file(
    data: bytes,
    source: str,
    profile: Authority | None = None,
    scored: SessionScore | None = None,
) -> Comparison:
    r"""The published figures of a file's bytes against Árbitro's, told by its content.

    ``profile`` is the regulating authority's, for the scores it rules on (USEBIO's
    adjusted scores). ``scored`` is the session as the caller scored it and shows it
    (``arbitro session score``, with the penalties it applied): the file's figures of
    one session (each line's points, each pair's total, percentage and place) are
    compared with it, so that what the caller prints is what was compared. Without it,
    or when it is scored by another method than the file's (matchpoints published are
    no IMPs) or the file holds several sessions, the file is scored again here by its
    own method. A CSV file publishes nothing: nothing is compared.

    >>> compare_file(b"board,ns,ew,score\n1,1,2,420\n", "a.csv")
    Comparison(compared=0, differences=())
    """
    kind = kind_of(decode(data[:1024]))  # a spreadsheet's CSV is not decoded again
    if kind == "csv":
        return Comparison(0, ())
    text = decode(data)
    if kind == "usebio":
        read = usebio.loads(text, source)
        own = scored is not None and scored.method == usebio.method_of(read.event)
        if scored is not None and own and len(read.event.sessions) == 1:
            return compare_session(read.event.sessions[0], scored)
        return compare(read, profile)
    if kind == "pbn":
        games = pbn.loads(text, source, strict=False)
        tables = score_table_session(games, data, source)
        found = compare_pbn(games)
        if tables is None:
            return found
        if scored is None or scored.method != tables[1]:
            return found + _rescored(tables, profile)
        return found + compare_session(tables[0], scored)
    return Comparison(0, ())


def penalised_participants(data: bytes, source: str) -> list[tuple[str, ...]]:
    r"""Each session's participants a file records a penalty (Laws 90, 91) for, a tuple a session.

    A USEBIO file's participants with a negative ``ADJUSTMENT``, in file order; one
    tuple for each of its sessions, so that a caller knows how many sessions it holds.
    A PBN or CSV file records none (no session listed).

    >>> penalised_participants(b"board,ns,ew,score\n1,1,2,420\n", "a.csv")
    []
    """
    if kind_of(decode(data[:1024])) != "usebio":
        return []
    read = usebio.loads(decode(data), source)
    return [
        tuple(
            participant.number
            for participant in session.participants
            if participant.number is not None
            and participant.adjustment is not None
            and participant.adjustment < 0
        )
        for session in read.event.sessions
    ]


def file_penalties(data: bytes, source: str, scored: SessionScore) -> list[tuple[str, Penalty]]:
    r"""The penalties (Laws 90, 91) a file of one session records, for ``scored``, that session.

    A USEBIO file's negative ``ADJUSTMENT`` of a participant, already in its published
    total (:func:`arbitro.formats.usebio.published.published_penalties`, on Árbitro's
    scale, in ``scored``'s unit): ``arbitro session score`` takes them off as ``arbitro
    event import`` does, so that its ranking is the file's. ``scored`` must be scored
    by the file's own method (a matchpoint ``ADJUSTMENT`` is no number of IMPs). A PBN
    or CSV file records none, and a file of several sessions gives none here: each
    session's penalties are its own session's, not one of the sessions read as one.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult, score_session
    >>> file_penalties(b"board,ns,ew,score\n1,1,2,420\n", "a.csv",
    ...                score_session([TableResult(1, "1", "2", Result.played(420))]))
    []
    """
    if kind_of(decode(data[:1024])) != "usebio":
        return []
    sessions = usebio.loads(decode(data), source).event.sessions
    return published_penalties(sessions[0], scored) if len(sessions) == 1 else []


def recorded_penalties(
    data: bytes,
    source: str,
    scored: SessionScore,
    own: Method | None,
    names: Mapping[str, str] | None = None,
) -> tuple[list[tuple[str, Penalty]], list[str]]:
    r"""The penalties a file records that come off ``scored``, and why any is left, in words.

    They come off a session scored by the file's own method (``own``, the method it
    names) and read from a file of one session (:func:`file_penalties`): a matchpoint
    ``ADJUSTMENT`` is no number of IMPs, and each session's penalties are its own
    session's, not those of the sessions read as one. A penalty of a participant with
    no result in ``scored`` is left. Each reason names the file (and the pair), in the
    active language, for ``arbitro session score`` to warn of; ``names`` are the
    methods' names to a person (catalog messages; the tournament's, above this layer).

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult, score_session
    >>> recorded_penalties(b"board,ns,ew,score\n1,1,2,420\n", "a.csv",
    ...                    score_session([TableResult(1, "1", "2", Result.played(420))]), None)
    ([], [])
    """
    penalised = penalised_participants(data, source)
    if not any(penalised):
        return [], []
    if own is not None and scored.method != own:
        why = gettext(
            "'{path}' is scored in {file_method}, not {method}: the penalties it records "
            "are not applied, and its published figures are compared with its own scoring"
        ).format(
            path=source,
            file_method=gettext((names or {}).get(own, own)),
            method=gettext((names or {}).get(scored.method, scored.method)),
        )
        return [], [why]
    if len(penalised) > 1:
        why = gettext(
            "'{path}' holds {count} sessions, scored here as one: the penalties it records "
            "are not applied (each belongs to its own session; arbitro event import scores "
            "each session)"
        ).format(path=source, count=len(penalised))
        return [], [why]
    played = {standing.pair for standing in scored.pairs}
    found = file_penalties(data, source, scored)
    left = [
        gettext(
            "the penalty '{path}' records for pair {pair} is not applied: the pair has no "
            "result in the session"
        ).format(path=source, pair=pair)
        for pair, _ in found
        if pair not in played
    ]
    return [(pair, penalty) for pair, penalty in found if pair in played], left


__all__ = [
    "NS_IMPS",
    "NS_SCORE",
    "Comparison",
    "Difference",
    "compare_file",
    "compare_pbn",
    "compare_score_tables",
    "file_penalties",
    "game_score",
    "penalised_participants",
    "recorded_penalties",
    "score_table_session",
    "sided_value",
]

"""One line of a travellers file read into a :class:`TableResult`: the checks of its cells.

A line fills ``board``, ``ns`` and ``ew`` and then one of: ``contract``, ``declarer``
and ``tricks`` (``Pass`` needs neither declarer nor tricks); ``score``; or ``adjusted``
(:mod:`arbitro.scoring.adjusted_notation`). A ``lead`` is checked to be a card. When
both a contract and a score are given and they disagree, the entry is *incongruent*:
by the AEB rule the number stands, and a warning says so.

>>> read_line({"board": "1", "ns": "1", "ew": "2", "score": "-50"}, 2, "t.csv", "en")
(TableResult(1, '1', '2', Result.played(-50), line=2), None)
"""

from __future__ import annotations

from arbitro.core.board import Board
from arbitro.core.bounded import MAX_NUMBER
from arbitro.core.card import Card
from arbitro.core.contract import PassedOut, final_contract_from_str
from arbitro.core.errors import InvalidBoardError, NotationError
from arbitro.core.seat import Seat
from arbitro.i18n import N_, gettext
from arbitro.scoring.adjusted_notation import read_adjusted
from arbitro.scoring.law77 import unscored
from arbitro.scoring.results import InvalidAdjustedScoreError, Result
from arbitro.scoring.session import TableResult
from arbitro.scoring.traveller_errors import InvalidTravellerError, TravellerWarning
from arbitro.scoring.traveller_numbers import entered_score, ns_score, tricks_taken


def read_line(
    row: dict[str, str],
    line: int,
    source: str,
    lang: str,
    boards: dict[str, Board] | None = None,
) -> tuple[TableResult, TravellerWarning | None]:
    """One line's table result, and the warning it gives (if any); a line that cannot be read is refused.

    ``row`` maps each column to its cell, stripped (empty where the line is short).
    ``boards`` keeps the boards read so far by their text (a session has thousands of
    lines per board). The error names the column of the cell at fault.

    >>> read_line({"board": "1", "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": "10", "score": "450"}, 2, "t.csv", "en")[1].details
    {'computed': 420, 'entered': 450}
    >>> read_line({"board": "1", "ns": "1", "ew": "2", "contract": "4S", "declarer": "N"}, 3, "t.csv", "en")
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: t.csv, line 3, column 'tricks': the number of tricks is missing
    """
    cell = row.get
    column = "board"
    try:
        number = cell("board", "")
        board = boards.get(number) if boards is not None else None
        if board is None:
            board = Board.from_str(number)
            if board.number > MAX_NUMBER:  # no event, hence no database, keeps a larger one
                raise InvalidBoardError(
                    number, N_("expected a whole number from 1 to {largest}"), largest=MAX_NUMBER
                )
            if boards is not None:
                boards[number] = board
        ns, ew = cell("ns", ""), cell("ew", "")
        if not ns or not ew:
            column = "ew" if ns else "ns"
            raise InvalidTravellerError(source, line, column, N_("the pair is missing"))
        warning = None
        group = cell("group") or None
        if cell("lead"):
            column = "lead"
            Card.from_str(row["lead"], lang)
        if cell("adjusted"):
            column = "adjusted"
            result = read_adjusted(row["adjusted"], board, lang, checked=False)
            try:
                read_adjusted(row["adjusted"], board, lang)
            except InvalidAdjustedScoreError as refused:
                # A file keeps the scores it was given (another program's, or one stored
                # before Law 77 was checked, or a board marked otherwise than its number):
                # one no result gives at the board's vulnerability is scored as written,
                # and said, where a director typing it is refused.
                warning = TravellerWarning(
                    source,
                    line,
                    N_("adjusted score '{text}': {problem}; scored as written"),
                    {"text": refused.text, "problem": "; ".join(map(str, refused.problems))},
                )
        elif cell("contract"):
            column = "contract"
            contract = final_contract_from_str(row["contract"], lang)
            if isinstance(contract, PassedOut):
                computed = 0
            else:
                column = "declarer"
                if not cell("declarer"):
                    raise InvalidTravellerError(source, line, column, N_("the declarer is missing"))
                declarer = Seat.from_str(row["declarer"], lang)
                column = "tricks"
                if not cell("tricks"):
                    raise InvalidTravellerError(
                        source, line, column, N_("the number of tricks is missing")
                    )
                computed = ns_score(
                    contract, declarer, tricks_taken(row["tricks"], contract), board
                )
            result = Result.played(computed)
            if cell("score"):
                column = "score"
                entered = entered_score(row["score"])
                if entered != computed:
                    result = Result.played(entered)
                    warning = unscored_warning(source, line, entered, board) or TravellerWarning(
                        source,
                        line,
                        N_(
                            "the contract gives {computed} but the score is {entered}; the score stands (AEB rule A)"
                        ),
                        {"computed": computed, "entered": entered},
                    )
        elif cell("score"):
            column = "score"
            entered = entered_score(row["score"])
            result = Result.played(entered)
            warning = unscored_warning(source, line, entered, board)
        else:
            raise InvalidTravellerError(
                source,
                line,
                None,
                N_("expected contract, declarer and tricks, or score, or adjusted"),
            )
    except NotationError as error:
        raise InvalidTravellerError(source, line, column, str(error)) from None
    return TableResult(board.number, ns, ew, result, group, line), warning


UNSCORED = N_("score {score}: {problem}; scored as written (Law 77)")
"""The warning of a file's score that no result gives (:func:`unscored_warning`)."""


def unscored_warning(
    source: str, line: int, ns_score: int, board: Board
) -> TravellerWarning | None:
    """The warning of a file's North-South score that Law 77 gives no result on ``board``; else None.

    A file keeps the score it was given (another program's, or one typed before Law 77
    was checked): it is scored as written, and the warning names its line, where a
    director typing it is refused (:func:`~arbitro.scoring.law77.unscored`).

    >>> print(unscored_warning("t.csv", 3, 425, Board(1)))
    t.csv, line 3: score 425: no contract scores that on board 1; the nearest are 420 and 430; scored as written (Law 77)
    >>> unscored_warning("t.csv", 3, 420, Board(1)) is None
    True
    """
    problem = unscored(ns_score, board)
    if problem is None:
        return None
    message, fields = problem
    return TravellerWarning(
        source, line, UNSCORED, {"score": ns_score, "problem": gettext(message).format(**fields)}
    )

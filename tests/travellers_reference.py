"""The travellers reader as it was before the reading was made faster, kept as the specification.

``tests/test_travellers_reading.py`` holds :func:`arbitro.scoring.travellers.read_travellers`
to this one (``csv.DictReader``, every cell stripped where it is read, a board read
from its text on every line): the same results, warnings and errors on any text.
"""

from __future__ import annotations

import csv
import io

from arbitro.core.board import Board
from arbitro.core.card import Card
from arbitro.core.contract import PassedOut, final_contract_from_str
from arbitro.core.errors import NotationError
from arbitro.core.seat import Seat
from arbitro.i18n import N_
from arbitro.scoring.adjusted_notation import read_adjusted
from arbitro.scoring.results import InvalidAdjustedScoreError, Result
from arbitro.scoring.session import TableResult
from arbitro.scoring.traveller_columns import COLUMNS
from arbitro.scoring.traveller_errors import InvalidTravellerError, TravellerWarning
from arbitro.scoring.traveller_lines import unscored_warning
from arbitro.scoring.traveller_numbers import entered_score, ns_score, tricks_taken
from arbitro.scoring.travellers import Travellers


def _cell(row: dict[str, str], name: str) -> str:
    return (row.get(name) or "").strip()


def _read_line(
    row: dict[str, str], line: int, source: str, lang: str
) -> tuple[TableResult, TravellerWarning | None]:
    column = "board"
    try:
        board = Board.from_str(_cell(row, "board"))
        pairs = []
        for column in ("ns", "ew"):
            pair = _cell(row, column)
            if not pair:
                raise InvalidTravellerError(source, line, column, N_("the pair is missing"))
            pairs.append(pair)
        warning = None
        group = _cell(row, "group") or None
        if _cell(row, "lead"):
            column = "lead"
            Card.from_str(_cell(row, "lead"), lang)
        if _cell(row, "adjusted"):
            column = "adjusted"
            text = _cell(row, "adjusted")
            result = read_adjusted(text, board, lang, checked=False)
            try:  # a file's score no result gives (Law 77): scored as written, and said
                read_adjusted(text, board, lang)
            except InvalidAdjustedScoreError as refused:
                warning = TravellerWarning(
                    source,
                    line,
                    N_("adjusted score '{text}': {problem}; scored as written"),
                    {"text": refused.text, "problem": "; ".join(map(str, refused.problems))},
                )
        elif _cell(row, "contract"):
            column = "contract"
            contract = final_contract_from_str(_cell(row, "contract"), lang)
            if isinstance(contract, PassedOut):
                computed = 0
            else:
                column = "declarer"
                if not _cell(row, "declarer"):
                    raise InvalidTravellerError(source, line, column, N_("the declarer is missing"))
                declarer = Seat.from_str(_cell(row, "declarer"), lang)
                column = "tricks"
                if not _cell(row, "tricks"):
                    raise InvalidTravellerError(
                        source, line, column, N_("the number of tricks is missing")
                    )
                computed = ns_score(
                    contract, declarer, tricks_taken(_cell(row, "tricks"), contract), board
                )
            result = Result.played(computed)
            if _cell(row, "score"):
                column = "score"
                entered = entered_score(_cell(row, "score"))
                if entered != computed:
                    result = Result.played(entered)
                    # a score no result gives (Law 77) is warned as such, else rule A
                    warning = unscored_warning(source, line, entered, board) or TravellerWarning(
                        source,
                        line,
                        N_(
                            "the contract gives {computed} but the score is {entered}; the score stands (AEB rule A)"
                        ),
                        {"computed": computed, "entered": entered},
                    )
        elif _cell(row, "score"):
            column = "score"
            entered = entered_score(_cell(row, "score"))
            result = Result.played(entered)
            warning = unscored_warning(source, line, entered, board)  # Law 77
        else:
            raise InvalidTravellerError(
                source,
                line,
                None,
                N_("expected contract, declarer and tricks, or score, or adjusted"),
            )
    except NotationError as error:
        raise InvalidTravellerError(source, line, column, str(error)) from None
    return TableResult(board.number, pairs[0], pairs[1], result, group, line), warning


def read_travellers(text: str, source: str = "<text>", lang: str = "en") -> Travellers:
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [name.strip().lower() for name in reader.fieldnames or []]
    for name in header:
        if name not in COLUMNS:
            raise InvalidTravellerError(
                source,
                1,
                None,
                N_("unknown column '{name}' (expected {choices})"),
                name=name,
                choices=", ".join(COLUMNS),
            )
    for name in ("board", "ns", "ew"):
        if name not in header:
            raise InvalidTravellerError(
                source, 1, None, N_("the header lacks the column '{name}'"), name=name
            )
    reader.fieldnames = header
    results: list[TableResult] = []
    warnings: list[TravellerWarning] = []
    seen: dict[tuple[int, str], int] = {}
    for row in reader:
        line = reader.line_num
        if not any((value or "").strip() for value in row.values() if isinstance(value, str)):
            continue
        if None in row:
            raise InvalidTravellerError(source, line, None, N_("more fields than the header has"))
        table, warning = _read_line(row, line, source, lang)
        if table.ns == table.ew:
            raise InvalidTravellerError(
                source, line, "ew", N_("pair {pair} cannot play against itself"), pair=table.ns
            )
        for column, pair in (("ns", table.ns), ("ew", table.ew)):
            earlier = seen.get((table.board, pair))
            if earlier is not None:
                raise InvalidTravellerError(
                    source,
                    line,
                    column,
                    N_("pair {pair} already has a result on board {board} (line {earlier})"),
                    pair=pair,
                    board=table.board,
                    earlier=earlier,
                )
            seen[(table.board, pair)] = line
        results.append(table)
        if warning is not None:
            warnings.append(warning)
    return Travellers(results, warnings, source)

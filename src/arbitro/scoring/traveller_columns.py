"""The columns of a travellers file, and the check of its header row.

The first row names the columns, in any order, from :data:`COLUMNS`; ``board``, ``ns``
and ``ew`` are required. Where one board is played at more than one table of a field
(a teams event's two tables, results entered by table), the table's column follows the
board's (:data:`TABLE_COLUMNS`).

>>> check_header(["board", "ns", "ew", "score"], "t.csv")
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.i18n import N_
from arbitro.scoring.traveller_errors import InvalidTravellerError

COLUMNS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "lead",
    "score",
    "adjusted",
    "group",
)
"""The columns a travellers file may have."""

TABLE_COLUMNS = (COLUMNS[0], "table", *COLUMNS[1:])
"""The travellers' columns with the table after the board: where one board is played at
more than one table of a field, as a teams event's two tables (Law 8A) and results
entered by table.

>>> TABLE_COLUMNS[:3]
('board', 'table', 'ns')
"""

REQUIRED = ("board", "ns", "ew")
"""The columns every travellers file has: the board and the two pairs."""


def shown_column(name: str) -> str:
    r"""A column's name as a message quotes it: on one line, each control character as its escape, cut at 40.

    A header read from a file that is not CSV may hold any characters, a line end
    among them (a quoted field), or thousands of them.

    >>> shown_column("pair"), shown_column("a\nb\x00"), shown_column("x" * 50)[-3:]
    ('pair', 'a\\nb\\x00', 'xx…')
    """
    escaped = "".join(
        repr(character)[1:-1] if character < " " or character == "\x7f" else character
        for character in name[:41]
    )
    return escaped if len(name) <= 40 and len(escaped) <= 40 else escaped[:40] + "…"


def check_header(header: Sequence[str], source: str) -> None:
    """Refuse a header (its names lower case) with a column not in :data:`COLUMNS` or one of :data:`REQUIRED` missing.

    >>> check_header(["board", "ns", "pair"], "t.csv")
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: t.csv, line 1: unknown column 'pair' (expected board, ns, ew, contract, declarer, tricks, lead, score, adjusted, group)
    """
    for name in header:
        if name not in COLUMNS:
            raise InvalidTravellerError(
                source,
                1,
                None,
                N_("unknown column '{name}' (expected {choices})"),
                name=shown_column(name),
                choices=", ".join(COLUMNS),
            )
    for name in REQUIRED:
        if name not in header:
            raise InvalidTravellerError(
                source, 1, None, N_("the header lacks the column '{name}'"), name=name
            )

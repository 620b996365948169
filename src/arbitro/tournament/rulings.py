"""A ruling at a board: the Law the director applied, what was decided, and the table's log if any.

A :class:`Ruling` is attached to a board (and a table); it may carry the table's log
(``arbitro.table.log``), checked by replaying it.

>>> Ruling(board=5, table=2, law="", text="no Law")
Traceback (most recent call last):
...
arbitro.tournament.record_errors.InvalidRecordError: invalid record 'no Law': a ruling needs the Law it applies and what was decided
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.i18n import N_, gettext
from arbitro.tournament.record_errors import InvalidRecordError

__all__ = ["Ruling"]


@dataclass(frozen=True)
class Ruling:
    """A ruling at a board: the Law applied, what the director decided, and the table's log if any.

    >>> Ruling(board=5, table=2, law="27B1a", text="insufficient bid corrected, no rectification").law
    '27B1a'
    """

    board: int
    table: int | None
    law: str
    text: str
    director: str = ""
    log: str | None = None

    def __post_init__(self) -> None:
        if not self.law.strip() or not self.text.strip():
            raise InvalidRecordError(
                self.text or self.law,
                N_("a ruling needs the Law it applies and what was decided"),
            )
        if self.log is not None:
            from arbitro.table.log import loads  # the table engine: not for every importer

            loads(self.log, source=gettext("the log of board {board}").format(board=self.board))

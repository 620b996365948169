"""The boards' markings: a dealer and vulnerability other than Law 2's (``board_markings``).

>>> from arbitro.core.vulnerability import Vulnerability
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=2))
>>> store.mark_board(event, Board(2, vulnerability=Vulnerability.NONE))
>>> store.boards(event)[2].vulnerability
Vulnerability.NONE
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, delete, select

from arbitro.core.board import Board
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.store.models import AnalysisRow, BoardMarkingRow, ResultRow
from arbitro.store.repository import EventStore


class BoardRecords(EventStore):
    """The boards of an event marked otherwise than Law 2 says."""

    @staticmethod
    def board(connection: Connection, event_id: int, number: int) -> Board:
        """Board ``number`` of the event, with the markings it carries (Law 2, last paragraph).

        A board marked otherwise than Law 2 says is played and scored as marked for the
        whole session; without markings kept for it, Law 2's.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> with store.transaction() as db:
        ...     store.board(db.connection(), 1, 1).follows_law2
        True
        """
        marked = connection.execute(
            select(BoardMarkingRow.dealer, BoardMarkingRow.vulnerability).where(
                BoardMarkingRow.event_id == event_id, BoardMarkingRow.board == number
            )
        ).first()
        if marked is None:
            return Board(number)
        return Board(
            number, Seat.from_str(marked.dealer), Vulnerability.from_str(marked.vulnerability)
        )

    def boards(self, event_id: int) -> dict[int, Board]:
        """The event's boards marked otherwise than Law 2 says, by number (Law 2, last paragraph).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").boards(1)
        {}
        """
        with self.reading() as db:
            rows = db.execute(
                select(BoardMarkingRow.board, BoardMarkingRow.dealer, BoardMarkingRow.vulnerability)
                .where(BoardMarkingRow.event_id == event_id)
                .order_by(BoardMarkingRow.board)
            ).all()
        return {
            row.board: Board(
                row.board, Seat.from_str(row.dealer), Vulnerability.from_str(row.vulnerability)
            )
            for row in rows
        }

    def mark_board(self, event_id: int, board: Board) -> None:
        """Keep ``board``'s dealer and vulnerability as the event's (Law 2, last paragraph).

        A board that follows Law 2 drops the markings kept before. Refused once the
        board has a result: its markings apply for the whole session.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.core.vulnerability import Vulnerability
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=2))
        >>> store.mark_board(event, Board(1, vulnerability=Vulnerability.ALL))
        >>> store.boards(event)[1].vulnerability
        Vulnerability.ALL
        >>> store.mark_board(event, Board(3))
        Traceback (most recent call last):
        ...
        arbitro.tournament.result_rules.ResultRefusedError: board 3 is not in the event (expected 1 to 2)
        """
        self.mark_boards(event_id, [board])

    def mark_boards(self, event_id: int, boards: Sequence[Board]) -> None:
        """:meth:`mark_board` for each of ``boards``, in one transaction: all or none.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.core.seat import Seat
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=2))
        >>> store.mark_boards(event, [Board(1, dealer=Seat.WEST), Board(2)])
        >>> sorted(store.boards(event))
        [1]
        """
        from arbitro.tournament.result_rules import check_marking

        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            for board in boards:
                played = db.execute(
                    select(ResultRow.id).where(
                        ResultRow.event_id == event_id, ResultRow.board == board.number
                    )
                ).first()
                check_marking(info.spec, board, played is not None)
                db.execute(
                    delete(BoardMarkingRow).where(
                        BoardMarkingRow.event_id == event_id,
                        BoardMarkingRow.board == board.number,
                    )
                )
                # The par kept was made for the board's old vulnerability and dealer: the
                # board is analysed again (the next background analysis finds it missing).
                db.execute(
                    delete(AnalysisRow).where(
                        AnalysisRow.event_id == event_id, AnalysisRow.board == board.number
                    )
                )
                if not board.follows_law2:
                    db.add(
                        BoardMarkingRow(
                            event_id=event_id,
                            board=board.number,
                            dealer=board.dealer.to_str(),
                            vulnerability=board.vulnerability.to_str(),
                        )
                    )

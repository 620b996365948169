r"""The table logs directors build on the director's table, kept per director, event and board.

Each tap on the director's table (:mod:`arbitro.web.director_table`) keeps the whole
log again, so a reload or a phone gone to sleep loses nothing. ``event`` 0 is a bare
board, not one of an event's.

>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> store.keep_table_log("ana", 0, 3, '{"event": "board", "board": 3}\\n')
>>> store.kept_table_log("ana", 0, 3)
'{"event": "board", "board": 3}\\n'
>>> store.drop_table_log("ana", 0, 3); store.kept_table_log("ana", 0, 3) is None
True
"""

from __future__ import annotations

from sqlalchemy import delete, select

from arbitro.store.models import SettingRow, TableLogRow, utcnow
from arbitro.store.repository import EventStore

__all__ = ["TableLogRecords"]


def _shared_setting(event: int) -> str:
    return f"director-table-shared:{event}"


class TableLogRecords(EventStore):
    """The director's table logs, by board."""

    def keep_table_log(self, director: str, event: int, board: int, log: str) -> None:
        r"""Keep ``log`` as ``director``'s table log of ``board`` (of ``event``, 0 for none).

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.keep_table_log("ana", 1, 2, "a\\n"); store.keep_table_log("ana", 1, 2, "b\\n")
        >>> store.kept_table_log("ana", 1, 2)
        'b\\n'
        """
        with self.transaction() as db:
            row = db.scalars(
                select(TableLogRow).where(
                    TableLogRow.director == director,
                    TableLogRow.event == event,
                    TableLogRow.board == board,
                )
            ).one_or_none()
            if row is None:
                row = TableLogRow(director=director, event=event, board=board)
                db.add(row)
            row.log = log
            row.updated_at = utcnow()

    def kept_table_log(self, director: str, event: int, board: int) -> str | None:
        """The log ``director`` keeps for ``board`` of ``event``; ``None`` when there is none.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").kept_table_log("ana", 0, 1) is None
        True
        """
        with self.reading() as db:
            return db.scalars(
                select(TableLogRow.log).where(
                    TableLogRow.director == director,
                    TableLogRow.event == event,
                    TableLogRow.board == board,
                )
            ).one_or_none()

    def drop_table_log(self, director: str, event: int, board: int) -> None:
        """Forget ``director``'s log of ``board`` of ``event`` (to start the board again).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").drop_table_log("ana", 0, 1)
        """
        with self.transaction() as db:
            db.execute(
                delete(TableLogRow).where(
                    TableLogRow.director == director,
                    TableLogRow.event == event,
                    TableLogRow.board == board,
                )
            )

    def share_table_logs(self, event: int, director: str | None) -> None:
        """Let the players of ``event``'s tables see ``director``'s table logs read-only (``None``: stop).

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.share_table_logs(4, "ana"); store.shared_by(4)
        'ana'
        >>> store.share_table_logs(4, None); store.shared_by(4) is None
        True
        """
        with self.transaction() as db:
            row = db.get(SettingRow, _shared_setting(event))
            if director is None:
                if row is not None:
                    db.delete(row)
            elif row is None:
                db.add(SettingRow(name=_shared_setting(event), value=director))
            else:
                row.value = director

    def shared_by(self, event: int) -> str | None:
        """The director whose table logs ``event``'s players may see, if one allows it.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").shared_by(1) is None
        True
        """
        with self.reading() as db:
            row = db.get(SettingRow, _shared_setting(event))
            return None if row is None else row.value

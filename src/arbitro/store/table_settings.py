"""What the director lets the tables' pages show, per event, kept as settings.

Off unless the director turns it on: the provisional ranking on the tables' phones.

>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> store.tables_show_ranking(2)
False
>>> store.show_ranking_at_tables(2, True); store.tables_show_ranking(2)
True
"""

from __future__ import annotations

from arbitro.store.models import SettingRow
from arbitro.store.repository import EventStore

__all__ = ["TableSettingRecords"]


def _ranking_setting(event: int) -> str:
    return f"tables-provisional-ranking:{event}"


class TableSettingRecords(EventStore):
    """The director's switches for what the tables' pages of an event show."""

    def show_ranking_at_tables(self, event: int, allow: bool) -> None:
        """Let the tables of ``event`` see the provisional ranking (``allow``), or stop it.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.show_ranking_at_tables(4, True); store.show_ranking_at_tables(4, False)
        >>> store.tables_show_ranking(4)
        False
        """
        with self.transaction() as db:
            row = db.get(SettingRow, _ranking_setting(event))
            if not allow:
                if row is not None:
                    db.delete(row)
            elif row is None:
                db.add(SettingRow(name=_ranking_setting(event), value="on"))

    def tables_show_ranking(self, event: int) -> bool:
        """Whether the tables of ``event`` show the provisional ranking (off by default).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").tables_show_ranking(1)
        False
        """
        with self.reading() as db:
            return db.get(SettingRow, _ranking_setting(event)) is not None

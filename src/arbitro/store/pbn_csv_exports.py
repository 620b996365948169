"""The event's results written as a PBN file and as the travellers CSV, a line or game per table.

The command line (``arbitro event export --pbn``, ``--csv``) and the web console (the
desk's exports) write the same files through these methods; each gives the text and
the number of results it holds.
"""

from __future__ import annotations

import csv
import io

from arbitro.core.board import Board
from arbitro.core.contract import PassedOut
from arbitro.scoring.results import AdjustedImps
from arbitro.store.scores import ScoreRecords
from arbitro.store.stored import StoredResult

__all__ = ["PbnCsvExportRecords"]


def pbn_score(stored: StoredResult) -> str:
    """The PBN line that gives a table's score: a ``Score`` tag for a score the table made.

    PBN's ``Score`` tag holds one score in points, so a board the director scored
    (an assigned, weighted or split score of Law 12C, an artificial A+/A-, or a team
    match's board given in IMPs, 12C1b) and a board not played get no ``Score`` but a
    commentary saying what the director gave.
    """
    if stored.result is None:
        return "{Not played}"
    text = stored.result.to_str()
    if stored.entry.adjusted is None:  # a contract and its tricks, or a bare score
        return f'[Score "NS {text}"]'
    result = stored.result
    if isinstance(result.ns, AdjustedImps) and isinstance(result.ew, AdjustedImps):
        # No PBN tag holds a board's IMPs: the commentary gives each side's (12C1b).
        return (
            "{Adjusted score in IMPs (Law 12C1b): NS "
            + f"{result.ns.to_str()}, EW {result.ew.to_str()}"
            + "}"
        )
    return "{Adjusted score (Law 12C): NS " + text + "}"


class PbnCsvExportRecords(ScoreRecords):
    """An event's results written as PBN and as the travellers CSV."""

    def pbn_text(self, event: int) -> tuple[str, int]:
        r"""The event's results as a minimal PBN file: a game per board and table; the count.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.pbn_text(store.create_event(EventSpec("Martes", boards=2)))
        ('% PBN 2.1\n% EXPORT\n', 0)
        """
        from arbitro.formats.pbn.export_lines import escape  # not at import: the server's start

        info = self.event(event)
        results = self.results(event)
        marked = self.boards(event)
        lines = ["% PBN 2.1", "% EXPORT", ""]
        for stored in results:
            board = marked.get(stored.board) or Board(stored.board)
            tags = [("Event", info.spec.name)]
            if info.spec.sessions > 1:
                tags.append(("Stage", f"Session {stored.session}"))
            tags += [
                ("Board", str(stored.board)),
                ("Dealer", str(board.dealer)),
                ("Vulnerable", board.vulnerability.to_str()),
                ("Round", str(stored.round or "")),
                ("Table", str(stored.table)),
                ("North", stored.ns),
                ("East", stored.ew),
            ]
            entry = stored.entry
            if entry.contract is not None and not entry.adjusted:
                if isinstance(entry.contract, PassedOut):
                    tags.append(("Contract", "Pass"))
                else:
                    tags += [
                        ("Declarer", str(entry.declarer)),
                        ("Contract", entry.contract.to_str()),
                        ("Result", str(entry.tricks)),
                    ]
            lines += [f'[{name} "{escape(value)}"]' for name, value in tags]
            lines += [pbn_score(stored), ""]
        return "\n".join(lines), len(results)

    def csv_text(self, event: int) -> tuple[str, int]:
        """The event's results as the travellers CSV ``arbitro session score`` reads; the count.

        The columns are :data:`~arbitro.scoring.traveller_columns.COLUMNS`; a board not played
        has no line (the scorer takes a missing line as not played). A teams event's
        lines add the ``table`` after the board
        (:data:`~arbitro.scoring.traveller_columns.TABLE_COLUMNS`, what ``arbitro result
        import`` reads): a match is played at two tables, the home team North-South at
        one and East-West at the other, and the table tells the two rooms apart.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.entry import Entry
        >>> store = open_store("sqlite:///:memory:")
        >>> pairs = [Participant("1"), Participant("2")]
        >>> event = store.create_event(EventSpec("Martes", boards=2), pairs)
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("4S N 10 lead HK"), ns="1", ew="2")
        >>> print(store.csv_text(event)[0])
        board,ns,ew,contract,declarer,tricks,lead,score,adjusted,group
        1,1,2,4S,N,10,HK,,,
        <BLANKLINE>
        """
        from arbitro.scoring.adjusted_notation import adjusted_to_str
        from arbitro.scoring.traveller_columns import COLUMNS, TABLE_COLUMNS

        teams = self.event(event).spec.kind == "teams"
        written = io.StringIO()
        writer = csv.writer(written, lineterminator="\n")
        writer.writerow(TABLE_COLUMNS if teams else COLUMNS)
        count = 0
        for stored in self.results(event):
            entry = stored.entry
            if entry.not_played:
                continue
            contract = ""
            if isinstance(entry.contract, PassedOut):
                contract = entry.contract.to_str()
            elif entry.contract is not None:
                contract = entry.contract.to_str(declarer=False)
            writer.writerow(
                [
                    stored.board,
                    *((stored.table,) if teams else ()),
                    stored.ns,
                    stored.ew,
                    contract,
                    str(entry.declarer) if entry.declarer is not None else "",
                    entry.tricks if entry.tricks is not None else "",
                    entry.lead.to_str() if entry.lead is not None else "",
                    entry.score if entry.score is not None else "",
                    adjusted_to_str(entry.adjusted) if entry.adjusted else "",
                    entry.group or "",
                ]
            )
            count += 1
        return written.getvalue(), count

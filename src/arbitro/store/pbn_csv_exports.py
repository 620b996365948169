"""The event's results written as a PBN file and as the travellers CSV, a line or game per table.

The command line (``arbitro event export --pbn``, ``--csv``) and the web console (the
desk's exports) write the same files through these methods; each gives the text and
the number of results it holds.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from arbitro.core.board import Board
from arbitro.core.contract import PassedOut
from arbitro.i18n import gettext
from arbitro.scoring.adjusted_notation import adjusted_to_str
from arbitro.scoring.results import AdjustedImps
from arbitro.store.scores import ScoreRecords
from arbitro.store.stored import StoredResult

if TYPE_CHECKING:
    from arbitro.core.deal import Deal
    from arbitro.tournament.event import Participant

__all__ = ["PbnCsvExportRecords"]


SCORE_TABLE = (
    "Table\\2R;Round\\2R;PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Result\\2R;"
    "Lead\\3L;Score_NS\\6R;Adjusted;Names_NS;Names_EW"
)
"""The columns of the export's ``ScoreTable`` (PBN 2.1, 5.9), one row per table: the
standard's, and ``Adjusted``, Árbitro's own, for a score the director assigned (Law 12C)."""

COMPETITIONS = {"pairs": "Pairs", "teams": "Teams", "individual": "Individuals"}
"""The ``Competition`` tag (PBN 2.1, 4.4) of each kind of event."""

PBN_SCORING = {"mp": "MP", "imp-butler": "Butler", "cross-imp": "IMP", "total": "TotalPoints"}
"""The ``Scoring`` tag of each scoring method (what :data:`arbitro.formats.travellers.PBN_METHODS` reads)."""


def pbn_note(stored: StoredResult) -> str | None:
    """The commentary of a table's result the ``ScoreTable`` holds no score for, in the active language.

    A board not played, or a score the director assigned (Law 12C: an assigned,
    weighted or split score, an artificial A+/A-, a team match's board given in IMPs,
    12C1b): PBN's ``Score_NS`` holds one score in points, so the row has ``-`` there,
    its ``Adjusted`` column what the director gave, and this commentary says it. None
    for a score the table made.
    """
    if stored.result is None:
        return gettext("Table {table}: board not played").format(table=stored.table)
    if stored.entry.adjusted is None:
        return None
    result = stored.result
    if isinstance(result.ns, AdjustedImps) and isinstance(result.ew, AdjustedImps):
        return gettext(
            "Table {table}: adjusted score in IMPs (Law 12C1b): NS {ns}, EW {ew}"
        ).format(table=stored.table, ns=result.ns.to_str(), ew=result.ew.to_str())
    return gettext("Table {table}: adjusted score (Law 12C): NS {score}").format(
        table=stored.table, score=result.to_str()
    )


def _names(participant: Participant | None) -> str:
    """A pair's players as a ``Names`` element holds them: ``"Ana García;Luis Pérez"``, or ``-``.

    A player's federation number follows the name after ``#``, as RealBridge writes its
    players (``Markus Knob#39415``), which is how an import reads it back.

    >>> from arbitro.tournament.event import Participant
    >>> _names(Participant.from_str("1: Markus Knob #39415, Ana"))
    '"Markus Knob#39415;Ana"'
    """
    from arbitro.formats.pbn.export_lines import escape

    names = [
        f"{player.name}#{player.federation_number}" if player.federation_number else player.name
        for player in (participant.players if participant else ())
    ]
    return f'"{escape(";".join(names))}"' if any(names) else "-"


def score_row(stored: StoredResult, pairs: dict[str, Participant]) -> str:
    """A table's ``ScoreTable`` row (:data:`SCORE_TABLE`'s columns), within a PBN line.

    A row keeps within PBN's 255 characters with its line end
    (:data:`~arbitro.formats.pbn.export_lines.LONGEST`): where the two pairs' players
    (``Names_NS``, ``Names_EW``; a team's whole team) would make it longer, the longer
    list is left out (``-``), then the other, never cut in the middle of a name.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.tournament.entry import Entry
    >>> from arbitro.tournament.event import Participant
    >>> pairs = {"1": Participant.from_str("1: " + ", ".join(["María José Fernández"] * 12)),
    ...          "2": Participant.from_str("2: Ana García, Luis Pérez")}
    >>> entry = Entry.from_str("4S N 10")
    >>> stored = StoredResult(1, None, 3, 1, "1", "2", entry, Result.played(420), 1)
    >>> score_row(stored, pairs)
    '3 - "1" "2" 4S N 10 - +420 - - "Ana García;Luis Pérez"'
    """
    from arbitro.formats.pbn.export_lines import LONGEST, escape

    entry = stored.entry
    contract = declarer = tricks = "-"
    if entry.contract is not None and not entry.adjusted:
        if isinstance(entry.contract, PassedOut):
            contract = "Pass"
        else:
            contract = entry.contract.to_str(declarer=False)
            declarer = str(entry.declarer)
            tricks = str(entry.tricks)
    score = "-" if entry.adjusted or stored.result is None else stored.result.to_str()
    adjusted = f'"{escape(adjusted_to_str(entry.adjusted))}"' if entry.adjusted else "-"
    cells = [
        str(stored.table),
        str(stored.round or "-"),
        f'"{escape(stored.ns)}"',
        f'"{escape(stored.ew)}"',
        contract,
        declarer,
        tricks,
        entry.lead.to_str() if entry.lead is not None and not entry.adjusted else "-",
        score,
        adjusted,
    ]
    names = [_names(pairs.get(stored.ns)), _names(pairs.get(stored.ew))]
    for longer in sorted(range(2), key=lambda at: -len(names[at])):
        if len(" ".join([*cells, *names])) <= LONGEST:
            break
        names[longer] = "-"  # the players are left out, not cut: a cut name is no name
    return " ".join([*cells, *names])


class PbnCsvExportRecords(ScoreRecords):
    """An event's results written as PBN and as the travellers CSV."""

    if TYPE_CHECKING:  # the store's, from DealRecords (no base here: the store's order)

        def kept_deals(self, event_id: int) -> dict[int, Deal]:
            """The deals kept for the event's boards, by board."""

    def pbn_text(self, event: int) -> tuple[str, int]:
        r"""The event's results as a PBN file: a game per board and session; the count of results.

        Each game is in PBN 2.1 export format (:func:`arbitro.formats.pbn.dumps`): the
        mandatory tags in their order, ``?`` where the event does not know one (the
        players of a game of many tables, its one contract), with the event's name, its
        ``Site`` and ``Date`` when known (an imported file's), the board's ``Dealer``, ``Vulnerable`` and, when
        the desk keeps it, its ``Deal``, and the ``Scoring`` (``IMP`` for a teams
        event); then the ``Competition`` (``Pairs``, ``Teams`` or ``Individuals``), a
        ``ScoreTable`` (PBN 2.1, 5.9) with a row per table (:func:`score_row`: its
        pairs and their players, the contract, declarer, tricks and lead, a bare score
        in ``Score_NS``, a score the director assigned in ``Adjusted``) and, in an
        event of several sessions, the ``Stage``. A board's commentary in the active
        language (:func:`pbn_note`) opens its game. It is what ``arbitro session
        score`` (a pairs event's) and ``arbitro event import`` read back.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.pbn_text(store.create_event(EventSpec("Martes", boards=2)))
        ('% PBN 2.1\n% EXPORT\n', 0)
        """
        from arbitro.formats.pbn import PBNGame, PBNTag, dumps  # not at import: the server's start

        info = self.event(event)
        results = self.results(event)
        marked = self.boards(event)
        deals = self.kept_deals(event)
        pairs = {participant.number: participant for participant in self.participants(event)}
        kind = info.spec.kind
        scoring = "IMP" if kind == "teams" else PBN_SCORING.get(info.spec.method, "MP")
        boards: dict[tuple[int, int], list[StoredResult]] = {}
        for stored in results:
            boards.setdefault((stored.session, stored.board), []).append(stored)
        games: list[PBNGame] = []
        for (session, number), played in sorted(boards.items()):
            board = marked.get(number) or Board(number)
            played.sort(key=lambda stored: stored.table)
            tags = [PBNTag("Event", info.spec.name)]
            if info.site:
                tags.append(PBNTag("Site", info.site))
            if info.held_on is not None:
                tags.append(PBNTag("Date", info.held_on.strftime("%Y.%m.%d")))
            tags += [
                PBNTag("Board", str(number)),
                PBNTag("Dealer", str(board.dealer)),
                PBNTag("Vulnerable", board.vulnerability.to_str()),
                PBNTag("Scoring", scoring),
                PBNTag("Competition", COMPETITIONS.get(kind, "Pairs")),
                PBNTag(
                    "ScoreTable",
                    SCORE_TABLE,
                    tuple(score_row(stored, pairs) for stored in played if stored.result),
                ),
            ]
            if number in deals:
                tags.append(PBNTag("Deal", deals[number].to_str()))
            if info.spec.sessions > 1:
                tags.append(PBNTag("Stage", f"Session {session}"))
            notes = [note for note in map(pbn_note, played) if note is not None]
            games.append(
                PBNGame(
                    tuple(tags),
                    placed_comments=tuple(
                        (0, "", "{" + note.replace("}", ")") + "}") for note in notes
                    ),
                )
            )
        return dumps(games), len(results)

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

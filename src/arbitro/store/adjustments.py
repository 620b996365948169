"""The organiser's list of an event's score adjustments (the AEB's criterion 4).

:meth:`~arbitro.store.Store.organiser_adjustments` gathers, for the organiser, every
adjustment of an event: the worksheet's rulings that assigned a score
(:meth:`~arbitro.store.Store.stored_cases`), the adjusted scores entered directly that
no worksheet covers, and the rulings by rule recorded at a board without a worksheet;
:class:`OrganiserAdjustments` holds them and writes their lines.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> store.organiser_adjustments(store.create_event(EventSpec("Club", boards=8))).lines()
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.store.judgement import JudgementRecords, StoredCase
from arbitro.store.stored import StoredResult

if TYPE_CHECKING:
    from arbitro.tournament.records import Ruling

__all__ = ["AdjustmentRecords", "OrganiserAdjustments"]


@dataclass(frozen=True)
class OrganiserAdjustments:
    """Every score adjustment of an event, for its organiser (the AEB's criterion 4).

    ``cases`` the worksheet's rulings (all, or only the adjusted ones), ``entered`` the
    adjusted scores entered directly that no worksheet covers, ``mechanical`` the rulings
    by rule (Laws 13 and 15) recorded at a board without a worksheet.

    >>> OrganiserAdjustments([], [], []).lines()
    []
    """

    cases: list[StoredCase]
    entered: list[StoredResult]
    mechanical: list[tuple[int, Ruling]]

    def lines(self) -> list[tuple[int | None, str]]:
        """Each adjustment as (its worksheet's number, None without one, and its line), in the active language.

        >>> from arbitro.tournament.records import Ruling
        >>> OrganiserAdjustments([], [], [(5, Ruling(2, 1, "13B", "A60/A40"))]).lines()
        [(None, 'Ruling 5: board 2, table 1: Law 13B: A60/A40')]
        """
        from arbitro.tournament.ruling_report import (
            adjustment_line,
            entered_adjustment_line,
            mechanical_ruling_line,
        )

        found: list[tuple[int | None, str]] = [
            (stored.number, adjustment_line(stored.number, stored.case, stored.ns, stored.ew))
            for stored in self.cases
        ]
        found += [
            (
                None,
                entered_adjustment_line(
                    r.board, r.table, r.ns, r.ew, r.entry.localized(), r.session
                ),
            )
            for r in self.entered
        ]
        found += [
            (
                None,
                mechanical_ruling_line(number, ruling.board, ruling.table, ruling.law, ruling.text),
            )
            for number, ruling in self.mechanical
        ]
        return found


class AdjustmentRecords(JudgementRecords):
    """The organiser's list of an event's adjustments, read from its cases, results and rulings."""

    def organiser_adjustments(
        self, event_id: int, adjusted_only: bool = True
    ) -> OrganiserAdjustments:
        """The event's score adjustments for the organiser (the AEB's criterion 4).

        Criterion 4: every adjustment reaches the organiser, so besides the worksheet's
        rulings the list holds the adjusted scores entered directly (``result enter
        --adjusted``, not covered by a worksheet that adjusted the same table) and the
        rulings by rule recorded at a board under Laws 13 and 15 (13B, 15B...). Without
        ``adjusted_only`` it is the list of every worksheet ruling, nothing else. The
        command line's ``ruling list --adjusted`` and the desk's list both use it.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import Ruling
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8), [Participant("1"), Participant("2")])
        >>> store.add_ruling(event, Ruling(2, 1, "13B", "A60/A40"))
        1
        >>> [number for number, _ in store.organiser_adjustments(event).mechanical]
        [1]
        >>> store.organiser_adjustments(event, adjusted_only=False).mechanical
        []
        """
        from arbitro.tournament.ruling_report import is_mechanical

        cases = self.stored_cases(event_id, adjusted_only=adjusted_only)
        if not adjusted_only:
            return OrganiserAdjustments(cases, [], [])
        by_case = {stored.number for stored in self.stored_cases(event_id)}
        covered = {
            (stored.session, stored.case.board, stored.case.table)
            for stored in cases
            if not stored.case.ruling().stands
        }
        entered = [
            r
            for r in self.results(event_id)
            if r.entry.adjusted is not None and (r.session, r.board, r.table) not in covered
        ]
        mechanical = [
            (number, ruling)
            for number, ruling in self.rulings(event_id)
            if number not in by_case and is_mechanical(ruling.law)
        ]
        return OrganiserAdjustments(cases, entered, mechanical)

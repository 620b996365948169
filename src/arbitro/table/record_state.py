"""The records on the table's base state, and the procedure it waits on.

:class:`RecordState` shows the rectification in progress (the decision the table
waits on, the seat whose call it awaits) and keeps the board's records: the rulings
carried out, the notes for the Director, the alerts and explanations given, the facts
kept for a later ruling. A mixin over :class:`~arbitro.table.state_fields.StateFields`,
gathered by :class:`~arbitro.table.base.TableState`.
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.table.auction_record import Explanation
from arbitro.table.events import EXAMPLE_DEAL  # noqa: F401  (the examples' deal)
from arbitro.table.facts import Fact
from arbitro.table.rulings import Decision, Note, Ruling
from arbitro.table.state import Message
from arbitro.table.state_fields import StateFields


class RecordState(StateFields):
    """The procedure pending and the board's records: rulings, notes, explanations, facts."""

    __slots__ = ()

    @property
    def pending(self) -> Decision | None:
        """The decision the table waits on, if any.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).pending is None
        True
        """
        return None if self.procedure is None else self.procedure.decision

    @property
    def awaited(self) -> Seat | None:
        """The seat whose call a rectification waits for (a replacement call), if any.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).awaited is None
        True
        """
        return None if self.procedure is None else self.procedure.awaiting

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rectifications carried out, in order, each with its Law and who chose.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).rulings
        ()
        """
        return tuple(self.rulings_made)

    @property
    def notes(self) -> tuple[Note, ...]:
        """Notes for the Director at the end of the board (16D, 23, 27D, ...).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).notes
        ()
        """
        return tuple(self.notes_made)

    @property
    def explanations(self) -> tuple[Explanation, ...]:
        """Alerts and explanations given (Law 20F).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).explanations
        ()
        """
        return tuple(self.explanations_given)

    @property
    def facts(self) -> tuple[Fact, ...]:
        """Facts recorded for a later ruling: tempo, extraneous information, corrections (16B, 16C, 20F).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).facts
        ()
        """
        return tuple(self.facts_recorded)

    def rule(self, law: str, by: str, choice: str, message: Message) -> None:
        """Record a rectification carried out under ``law``, chosen by ``by``."""
        self.rulings_made.append(Ruling(law, by, choice, message))

    def note(self, law: str, message: Message) -> None:
        """Record a note for the Director at the end of the board."""
        self.notes_made.append(Note(law, message))

"""What a table shows, in the words every part of it shares: its phase, messages, refusals.

Text meant for people is a :class:`Message`: a catalog message and the values it names,
rendered in the active language when shown. The other values a table shows live by
concern: the auction record in :mod:`arbitro.table.auction_record`, the restrictions in
force in :mod:`arbitro.table.restrictions`, decisions and rulings in
:mod:`arbitro.table.rulings`, and the play's record (tricks, revokes, claims, defective
tricks) in :mod:`arbitro.table.play_record`.

>>> str(Message(N_("the auction is over")))
'the auction is over'
>>> Phase.PLAY.localized()
'play'
"""

from __future__ import annotations

import enum

from arbitro.core.errors import ArbitroError, Problem
from arbitro.i18n import N_, gettext

Message = Problem
"""A catalog message and the values it names; ``str()`` renders it in the active language."""

DIRECTOR = "director"
"""Who decides when the Laws leave the choice to the Director (Law 10A)."""


class Phase(enum.StrEnum):
    """Where the board stands (Laws 17, 22, 41, 44, 79)."""

    AUCTION = "auction"
    OPENING_LEAD = "opening lead"
    """The clarification period (22B1): the auction is over, the opening lead not yet made."""
    LEAD_FACE_DOWN = "lead face down"
    """The opening lead is made face down (41A); questions may still be asked (41B)."""
    PLAY = "play"
    COMPLETE = "complete"
    """All thirteen tricks are played: the result stands."""
    PASSED_OUT = "passed out"
    ADJUSTED = "adjusted"
    """The Director ended the board with an artificial adjusted score."""

    def localized(self) -> str:
        """The phase in the active language.

        >>> Phase.LEAD_FACE_DOWN.localized()
        'opening lead face down'
        """
        return gettext(_PHASE_NAMES[self])


_PHASE_NAMES = {
    Phase.AUCTION: N_("auction"),
    Phase.OPENING_LEAD: N_("clarification period, waiting for the opening lead"),
    Phase.LEAD_FACE_DOWN: N_("opening lead face down"),
    Phase.PLAY: N_("play"),
    Phase.COMPLETE: N_("play complete"),
    Phase.PASSED_OUT: N_("passed out"),
    Phase.ADJUSTED: N_("artificial adjusted score"),
}


class IllegalActionError(ArbitroError, ValueError):
    """An action the table cannot take now: it is refused and the table is unchanged.

    >>> print(IllegalActionError(Message(N_("the auction is over"))))
    the auction is over
    """

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.reason)

    def __str__(self) -> str:
        return str(self.message)

"""The restrictions a rectification leaves in force, and how they read.

A :class:`Restriction` binds one seat under one Law: an obligation to pass or to repeat
a call (Laws 26-32), a lead required or forbidden (26, 50D2, 51B), a card exposed in
the auction (24) or a penalty card (50), a card to play to the trick (57A, 62C2).

>>> str(Restriction(RestrictionKind.MUST_PASS_NEXT_TURN, Seat.NORTH, "30A").message)
'North must pass at the next turn (Law 30A)'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from arbitro.core import Call, Card, Seat, Suit
from arbitro.i18n import N_, gettext
from arbitro.table.state import Message


class RestrictionKind(enum.StrEnum):
    """The kinds of restriction a rectification leaves in force."""

    MUST_PASS_NEXT_TURN = "must pass at next turn"
    MUST_PASS_REST = "must pass for the rest of the auction"
    NO_DOUBLE_NEXT_TURN = "may not double or redouble at next turn"
    MUST_REPEAT = "must repeat the call"
    LEAD_OPTION = "lead restriction for declarer to choose"
    LEAD_REQUIRED = "must lead the suit"
    LEAD_FORBIDDEN = "may not lead the suit"
    EXPOSED_CARD = "card exposed during the auction"
    PENALTY_CARD = "penalty card"
    PLAY_HIGHEST = "must play the highest card of the suit led"
    PLAY_LOWEST = "must play the lowest card of the suit led"
    PLAY_NOT_SUIT = "may not play the suit"
    CARD_STANDS = "the card played after partner's revoke stands"
    CARD_MAY_CHANGE = "may take back the card played after partner's revoke"


_RESTRICTION_TEXT = {
    RestrictionKind.MUST_PASS_NEXT_TURN: N_("{seat} must pass at the next turn (Law {law})"),
    RestrictionKind.MUST_PASS_REST: N_("{seat} must pass for the rest of the auction (Law {law})"),
    RestrictionKind.NO_DOUBLE_NEXT_TURN: N_(
        "{seat} may not double or redouble at the next turn (Law {law})"
    ),
    RestrictionKind.MUST_REPEAT: N_("{seat} must repeat {call} at the next turn (Law {law})"),
    RestrictionKind.LEAD_OPTION: N_(
        "at the first lead of {seat}, declarer may restrict it (Law {law}: {suits})"
    ),
    RestrictionKind.LEAD_REQUIRED: N_("{seat} must lead {suit} (Law {law})"),
    RestrictionKind.LEAD_FORBIDDEN: N_(
        "{seat} may not lead {suit} while keeping the lead (Law {law})"
    ),
    RestrictionKind.EXPOSED_CARD: N_(
        "{card} of {seat} lies face up until the end of the auction period (Law {law})"
    ),
    RestrictionKind.PENALTY_CARD: N_("{card} is a {size} penalty card of {seat} (Law {law})"),
    RestrictionKind.PLAY_HIGHEST: N_(
        "{seat} must play the highest card of the suit led to this trick (Law {law})"
    ),
    RestrictionKind.PLAY_LOWEST: N_(
        "{seat} must play the lowest card of the suit led to this trick (Law {law})"
    ),
    RestrictionKind.PLAY_NOT_SUIT: N_("{seat} may not play {suit} to this trick (Law {law})"),
    RestrictionKind.CARD_STANDS: N_(
        "{card} of {seat}, played after partner's revoke, stands: {seat} plays it again unless "
        "the opponent before him changes his card (Law {law})"
    ),
    RestrictionKind.CARD_MAY_CHANGE: N_(
        "{seat} may play {card} again or another card, the opponent before him having changed "
        "his; a defender's card taken back becomes a penalty card (Law {law})"
    ),
}


@dataclass(frozen=True, slots=True)
class Restriction:
    """A restriction in force, on whom, and under which Law.

    ``offender`` is the player whose irregularity caused it (for lead restrictions, the
    partner of the defender who will lead); ``suits`` are the suits a Law 26A option
    names (empty: any one suit, 26B), or those the call to repeat relates to, for Law 26
    should it give way to an obligation to pass; ``call`` the call to repeat (31A1, 32B1);
    ``changed_by`` (62C2), the card the opponent before ``seat`` played after the revoke:
    should he play another, ``seat``'s card no longer stands.

    >>> str(Restriction(RestrictionKind.MUST_PASS_REST, Seat.SOUTH, "27B2").message)
    'South must pass for the rest of the auction (Law 27B2)'
    """

    kind: RestrictionKind
    seat: Seat
    law: str
    offender: Seat | None = None
    call: Call | None = None
    suits: tuple[Suit, ...] = ()
    card: Card | None = None
    major: bool = False
    any_suit: bool = False
    changed_by: Card | None = None

    @property
    def message(self) -> Message:
        """What the restriction is, for people.

        >>> str(Restriction(RestrictionKind.LEAD_REQUIRED, Seat.WEST, "26A2",
        ...                 suits=(Suit.HEARTS,)).message)
        'West must lead hearts (Law 26A2)'
        """
        suits = _SuitList(() if self.any_suit else self.suits)
        details: dict[str, object] = {
            "seat": self.seat,
            # A penalty card's kind, minor or major, is Law 50B's, whatever exposed it.
            "law": "50B" if self.kind is RestrictionKind.PENALTY_CARD else self.law,
            "suits": suits,
            "suit": suits,
            "call": self.call if self.call is not None else "",
            "card": self.card if self.card is not None else "",
            "size": _Word(N_("major") if self.major else N_("minor")),
        }
        return Message(_RESTRICTION_TEXT[self.kind], details)

    def to_json(self) -> dict[str, object]:
        """The restriction as JSON data.

        >>> Restriction(RestrictionKind.MUST_REPEAT, Seat.EAST, "31A1",
        ...             call=Call.from_str("1S")).to_json()
        {'kind': 'must repeat the call', 'seat': 'E', 'law': '31A1', 'call': '1S'}
        """
        data: dict[str, object] = {"kind": str(self.kind), "seat": str(self.seat), "law": self.law}
        if self.offender is not None:
            data["offender"] = str(self.offender)
        if self.call is not None:
            data["call"] = str(self.call)
        if self.suits:
            data["suits"] = [suit.to_str() for suit in self.suits]
        if self.any_suit:
            data["any_suit"] = True
        if self.card is not None:
            data["card"] = str(self.card)
            if self.kind is RestrictionKind.PENALTY_CARD:
                data["major"] = self.major
        return data


@dataclass(frozen=True)
class _SuitList:
    """Suits named in the active language; no suits means any suit."""

    suits: tuple[Suit, ...] = field(default=())

    def localized(self) -> str:
        if not self.suits:
            return gettext("any one suit")
        return ", ".join(suit.localized() for suit in self.suits)


@dataclass(frozen=True)
class _Word:
    """A catalog word translated when shown."""

    text: str

    def localized(self) -> str:
        return gettext(self.text)

"""What a table shows: its phase, the auction record, restrictions, decisions and rulings.

Every value here is frozen. Text meant for people is a :class:`Message`: a catalog
message and the values it names, rendered in the active language when shown.

>>> from arbitro.core import Seat, Call
>>> entry = AuctionEntry(1, Seat.NORTH, Call.from_str("1S"))
>>> entry.counts, entry.to_json()
(True, {'number': 1, 'seat': 'N', 'call': '1S', 'status': 'standing'})
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

from arbitro.core import Call, Card, Seat, Side, Suit
from arbitro.core.errors import ArbitroError, Problem
from arbitro.i18n import N_, gettext
from arbitro.laws.auction import AnyCall

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


class CallStatus(enum.StrEnum):
    """What became of a call made at the table."""

    STANDING = "standing"
    """A legal call in the auction."""
    ACCEPTED = "accepted"
    """An irregular call the opponents accepted; it stands as if legal (27A, 29A, 25B1)."""
    DEEMED = "deemed"
    """A pass the Laws deem made by a player who had to pass (28A)."""
    PENDING = "pending"
    """An irregular call waiting for its rectification."""
    WITHDRAWN = "withdrawn"
    """Withdrawn or replaced (25, 21B, 27)."""
    CANCELLED = "cancelled"
    """Cancelled (17D, 17E2, 29B, 32, 36-39)."""

    @property
    def counts(self) -> bool:
        """Whether a call with this status is part of the auction.

        >>> CallStatus.ACCEPTED.counts, CallStatus.WITHDRAWN.counts
        (True, False)
        """
        return self in COUNTING


COUNTING = frozenset({CallStatus.STANDING, CallStatus.ACCEPTED, CallStatus.DEEMED})
"""The statuses of the calls that are part of the auction (a set: the table asks on every call)."""


class AuctionEntry(NamedTuple):
    """One call as it was made: its number in order of making, seat, call and fate.

    ``law`` names the Law that gave it its status; ``unauthorized_for`` is the side for
    which the information from a withdrawn or cancelled call is unauthorised (16D2). A
    named tuple rather than a dataclass: the table makes one on every call, and a tuple
    is made several times faster.

    >>> AuctionEntry(3, Seat.EAST, Call.from_str("1H"), CallStatus.WITHDRAWN, "27B2",
    ...              Side.EW).to_json()["unauthorized_for"]
    'EW'
    """

    number: int
    seat: Seat
    call: AnyCall
    status: CallStatus = CallStatus.STANDING
    law: str | None = None
    unauthorized_for: Side | None = None

    @property
    def counts(self) -> bool:
        """Whether the call is part of the auction.

        >>> AuctionEntry(1, Seat.NORTH, Call.from_str("Pass"), CallStatus.CANCELLED).counts
        False
        """
        return self.status.counts

    def to_json(self) -> dict[str, object]:
        """The entry as JSON data.

        >>> AuctionEntry(2, Seat.SOUTH, Call.from_str("X"), CallStatus.PENDING, "36").to_json()
        {'number': 2, 'seat': 'S', 'call': 'X', 'status': 'pending', 'law': '36'}
        """
        data: dict[str, object] = {
            "number": self.number,
            "seat": str(self.seat),
            "call": str(self.call),
            "status": str(self.status),
        }
        if self.law is not None:
            data["law"] = self.law
        if self.unauthorized_for is not None:
            data["unauthorized_for"] = str(self.unauthorized_for)
        return data


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
            "law": self.law,
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


@dataclass(frozen=True, slots=True)
class Option:
    """One choice a decision offers, with the Law behind it.

    ``needs`` names what the choice must come with: ``suit`` (one of ``suits``),
    ``suits`` (the suits an artificial call showed), ``call``, or ``card`` (one of
    ``cards``).

    >>> Option("accept", "27A1", N_("accept the insufficient bid")).to_json()
    {'choice': 'accept', 'law': '27A1', 'text': 'accept the insufficient bid'}
    """

    choice: str
    law: str
    text: str
    needs: str | None = None
    suits: tuple[Suit, ...] = ()
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The option as JSON data, its text in the active language.

        >>> Option("require", "26A2", N_("require a lead of the suit"), "suit",
        ...        (Suit.SPADES,)).to_json()["suits"]
        ['S']
        """
        data: dict[str, object] = {
            "choice": self.choice,
            "law": self.law,
            "text": gettext(self.text),
        }
        if self.needs is not None:
            data["needs"] = self.needs
        if self.suits:
            data["suits"] = [suit.to_str() for suit in self.suits]
        if self.cards:
            data["cards"] = [str(card) for card in self.cards]
        return data


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision the table waits on: who decides, the question, and the options.

    ``by`` is a seat of the non-offending side (Law 10C) or None for the Director.

    >>> decision = Decision(Seat.WEST, Message(N_("accept the insufficient bid?")), "27",
    ...                     (Option("accept", "27A1", N_("accept the insufficient bid")),))
    >>> decision.decider
    'W'
    """

    by: Seat | None
    question: Message
    law: str
    options: tuple[Option, ...]

    @property
    def decider(self) -> str:
        """Who decides, as written in the table log: a seat letter or ``director``.

        >>> Decision(None, Message(N_("accept the insufficient bid?")), "27", ()).decider
        'director'
        """
        return DIRECTOR if self.by is None else str(self.by)

    def option(self, choice: str) -> Option | None:
        """The option named ``choice``, if offered.

        >>> Decision(None, Message(N_("accept the insufficient bid?")), "27", ()).option("x")
        """
        return next((option for option in self.options if option.choice == choice), None)

    def to_json(self) -> dict[str, object]:
        """The decision as JSON data, in the active language.

        >>> Decision(None, Message(N_("accept the insufficient bid?")), "27", ()).to_json()
        {'by': 'director', 'question': 'accept the insufficient bid?', 'law': '27', 'options': []}
        """
        return {
            "by": self.decider,
            "question": str(self.question),
            "law": self.law,
            "options": [option.to_json() for option in self.options],
        }


@dataclass(frozen=True, slots=True)
class Ruling:
    """A rectification carried out: its Law, who chose (a seat or the Director), and what.

    >>> str(Ruling("29A", "W", "accept", Message(N_("the call out of rotation is accepted"))))
    'Law 29A (West: accept): the call out of rotation is accepted'
    """

    law: str
    by: str
    choice: str
    message: Message

    def __str__(self) -> str:
        return gettext("Law {law} ({by}: {choice}): {text}").format(
            law=self.law, by=_who(self.by), choice=self.choice, text=self.message
        )

    def to_json(self) -> dict[str, object]:
        """The ruling as JSON data.

        >>> Ruling("27B2", "director", "27B2", Message(N_("partner must pass"))).to_json()["law"]
        '27B2'
        """
        return {"law": self.law, "by": self.by, "choice": self.choice, "text": str(self.message)}


@dataclass(frozen=True, slots=True)
class Note:
    """Something for the Director at the end of the board (Laws 16D, 23, 27D, ...).

    >>> str(Note("23", Message(N_("Law 23 may apply at the end of the board"))))
    'Law 23: Law 23 may apply at the end of the board'
    """

    law: str
    message: Message

    def __str__(self) -> str:
        return gettext("Law {law}: {text}").format(law=self.law, text=self.message)

    def to_json(self) -> dict[str, object]:
        """The note as JSON data.

        >>> Note("27D", Message(N_("partner must pass"))).to_json()
        {'law': '27D', 'text': 'partner must pass'}
        """
        return {"law": self.law, "text": str(self.message)}


@dataclass(frozen=True, slots=True)
class Explanation:
    """An alert or an explanation given at the table (Law 20F), kept for later rulings.

    ``late`` says an alert was made only after the next opponent had called: not
    "immediately" (Law 21B1a; the AEB's alert procedure), so misinformation.

    >>> Explanation(Seat.SOUTH, 1, alert=True).to_json()
    {'seat': 'S', 'call_number': 1, 'alert': True}
    >>> Explanation(Seat.SOUTH, 1, alert=True, late=True).to_json()["late"]
    True
    """

    seat: Seat
    call_number: int
    alert: bool = False
    text: str | None = None
    asked_by: Seat | None = None
    late: bool = False

    def to_json(self) -> dict[str, object]:
        """The alert or explanation as JSON data.

        >>> Explanation(Seat.SOUTH, 1, text="natural", asked_by=Seat.WEST).to_json()
        {'seat': 'S', 'call_number': 1, 'text': 'natural', 'asked_by': 'W'}
        """
        data: dict[str, object] = {"seat": str(self.seat), "call_number": self.call_number}
        if self.alert:
            data["alert"] = True
        if self.late:
            data["late"] = True
        if self.text is not None:
            data["text"] = self.text
        if self.asked_by is not None:
            data["asked_by"] = str(self.asked_by)
        return data


@dataclass(frozen=True, slots=True, init=False)
class Trick:
    """A completed trick: who led, the four cards in order of play, and the winner.

    >>> trick = Trick(Seat.WEST, tuple(Card.from_str(c) for c in ("C2", "C3", "C4", "C5")),
    ...               Seat.SOUTH)
    >>> trick.seats
    (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    """

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def __init__(self, leader: Seat, cards: tuple[Card, ...], winner: Seat) -> None:
        # Each field set through its slot, as the frozen dataclass's own __init__ does
        # through object.__setattr__ by name, at half the cost: a board closes 13 tricks.
        _SET_LEADER(self, leader)
        _SET_CARDS(self, cards)
        _SET_WINNER(self, winner)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in the order they played to the trick.

        >>> Trick(Seat.NORTH, (), Seat.NORTH).seats
        (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
        """
        return tuple(Seat((self.leader + offset) % 4) for offset in range(4))

    def to_json(self) -> dict[str, object]:
        """The trick as JSON data.

        >>> Trick(Seat.NORTH, (Card.from_str("SA"),), Seat.NORTH).to_json()
        {'leader': 'N', 'cards': ['SA'], 'winner': 'N'}
        """
        return {
            "leader": str(self.leader),
            "cards": [str(card) for card in self.cards],
            "winner": str(self.winner),
        }


_SET_LEADER = Trick.__dict__["leader"].__set__
_SET_CARDS = Trick.__dict__["cards"].__set__
_SET_WINNER = Trick.__dict__["winner"].__set__


@dataclass(frozen=True, slots=True)
class RevokeEntry:
    """A revoke as it happened (Law 61A).

    The trick (from 0), the seat, the card played, and the suit it failed to follow;
    whether it is established (63A) and whether attention was drawn to it (and when,
    for 64B4-5).

    >>> RevokeEntry(2, Seat.EAST, Card.from_str("C2"), Suit.HEARTS).to_json()["trick"]
    3
    """

    trick: int
    seat: Seat
    card: Card
    suit: Suit
    established: bool = False
    noticed: bool = False
    late: str | None = None
    exposed_card: bool = False
    event: int = 0
    """The position in the table log of the event that made the revoke."""
    penalty_card: Restriction | None = None
    """The card was a penalty card, face up, when played: corrected, it is one again (62B2)."""

    def to_json(self) -> dict[str, object]:
        """The revoke as JSON data, tricks counted from 1.

        >>> RevokeEntry(0, Seat.WEST, Card.from_str("S2"), Suit.CLUBS, True).to_json()
        {'trick': 1, 'seat': 'W', 'card': 'S2', 'suit': 'C', 'established': True, 'noticed': False}
        """
        data: dict[str, object] = {
            "trick": self.trick + 1,
            "seat": str(self.seat),
            "card": str(self.card),
            "suit": self.suit.to_str(),
            "established": self.established,
            "noticed": self.noticed,
        }
        if self.late is not None:
            data["late"] = self.late
        return data


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession at the table and what became of it.

    ``tricks`` of the ``remaining`` ones claimed by ``seat``'s side; ``awarded`` the
    tricks it was finally credited with (None while open) and the Law that settled it
    (``69A``, ``70``, ``69B``, ``71``).

    >>> Claim(Seat.SOUTH, 3, 4, "draw trumps").concedes
    1
    """

    seat: Seat
    tricks: int
    remaining: int
    statement: str = ""
    awarded: int | None = None
    law: str | None = None

    @property
    def side(self) -> Side:
        """The claimer's side.

        >>> Claim(Seat.EAST, 0, 2).side
        Side.EW
        """
        return self.seat.side

    @property
    def concedes(self) -> int:
        """The tricks the claim concedes to the opponents (68B1).

        >>> Claim(Seat.EAST, 0, 2).concedes
        2
        """
        return self.remaining - self.tricks

    def to_json(self) -> dict[str, object]:
        """The claim as JSON data.

        >>> Claim(Seat.SOUTH, 3, 4, awarded=4, law="71").to_json()["awarded"]
        4
        """
        data: dict[str, object] = {
            "seat": str(self.seat),
            "tricks": self.tricks,
            "remaining": self.remaining,
        }
        if self.statement:
            data["statement"] = self.statement
        if self.awarded is not None:
            data["awarded"] = self.awarded
            data["law"] = self.law
        return data


@dataclass(frozen=True, slots=True)
class Defect:
    """A defective trick as it happened, and whether attention has been drawn to it.

    The trick (from 0), the offender, and his extra card (None: he played no card to it).

    >>> Defect(3, Seat.EAST, None).to_json()
    {'trick': 4, 'seat': 'E', 'card': None, 'noticed': False}
    """

    trick: int
    seat: Seat
    card: Card | None
    noticed: bool = False

    def to_json(self) -> dict[str, object]:
        """The defect as JSON data, tricks counted from 1.

        >>> Defect(0, Seat.WEST, Card.from_str("H5"), True).to_json()["card"]
        'H5'
        """
        return {
            "trick": self.trick + 1,
            "seat": str(self.seat),
            "card": None if self.card is None else str(self.card),
            "noticed": self.noticed,
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


def _who(by: str) -> str:
    if by == DIRECTOR:
        return gettext("Director")
    return Seat.from_str(by).localized()

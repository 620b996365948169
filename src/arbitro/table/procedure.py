"""A rectification in progress, and what its stages remember.

:class:`Procedure` is an irregularity being rectified: its Law, its stage, the offender,
what the table waits on. Each kind of procedure keeps its own data class
(:data:`ProcedureData`: :class:`CardData`, :class:`TurnData`, ...). :class:`Watcher` is a
consequence that waits for a later call (31A, 32B, 17D, 26) and :class:`LeadSource` a
withdrawn or cancelled call that may restrict partner's lead (26). :func:`options` makes
a decision's options and :func:`waiting` the refusal of an action while a procedure waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from arbitro.core import Seat, Suit
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall
from arbitro.table.rulings import Decision, Option
from arbitro.table.state import IllegalActionError, Message


@dataclass(frozen=True, slots=True)
class Procedure:
    """A rectification in progress: the irregularity, what it waits for, its stage.

    ``decision`` is what the table waits on; ``awaiting`` a seat whose next call the
    procedure takes (a replacement); ``data`` what the stage needs to remember.
    """

    law: str
    stage: str
    offender: Seat
    entry: int
    decision: Decision | None = None
    awaiting: Seat | None = None
    data: ProcedureData | None = None

    def data_as(self, kind: type[_D]) -> _D:
        """What the procedure remembers, as the ``kind`` its stage keeps.

        >>> Procedure("52", "ruling", Seat.EAST, 0, data=CardData(3)).data_as(CardData).card
        3
        >>> Procedure("52", "ruling", Seat.EAST, 0).data_as(CardData)
        Traceback (most recent call last):
        ...
        TypeError: procedure 52 (ruling) keeps None, not CardData
        """
        data = self.data
        if not isinstance(data, kind):
            raise TypeError(
                f"procedure {self.law} ({self.stage}) keeps {type(data).__name__ if data else None},"
                f" not {kind.__name__}"
            )
        return data


# -- what a procedure remembers, one class for each kind of procedure --------------------


@dataclass(frozen=True, slots=True)
class CardData:
    """The card, by index, a ruling is on: 52, 53, 54, and an extra card going back (67)."""

    card: int


@dataclass(frozen=True, slots=True)
class EarlyCardData:
    """57C: the card played early, by index; ``then`` a defender's card behind it (57C1)."""

    card: int
    then: tuple[Seat, int] | None = None


@dataclass(frozen=True, slots=True)
class HeldCardData:
    """45D: declarer's card played after the withdrawn one, and his right-hand opponent's."""

    card: int
    rho_card: int


@dataclass(frozen=True, slots=True)
class ChangedCardData:
    """45C4b, 45D, 47: where in the trick the card is, the card, and whether the trick reopens."""

    position: int
    reopen: bool
    card: int | None = None


@dataclass(frozen=True, slots=True)
class PenaltyCardsData:
    """51: the major penalty cards, by index, declarer may name."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChangeData:
    """25: the original call's number; at stage ``lho`` the calls after it and their Law."""

    original: int
    lho_calls: tuple[int, ...] = ()
    lho_law: str = ""


@dataclass(frozen=True, slots=True)
class BeforeInsufficientData:
    """25 before 27: the new call, and the insufficient bid's procedure it may replace."""

    call: AnyCall
    insufficient: Procedure


@dataclass(frozen=True, slots=True)
class InsufficientData:
    """27: the insufficient bid's number, the first one (27B4), a replacement made (27C)."""

    insufficient: int | None = None
    first: int | None = None
    replacement: int | None = None


@dataclass(frozen=True, slots=True)
class TurnData:
    """36, 38 and 29: whose turn it was, the offender's place to it, whether in turn.

    ``replaces`` (38): the insufficient bid a bid above seven was to replace (27B, 27C).
    """

    turn: Seat | None = None
    relation: str = ""
    in_turn: bool = False
    replaces: int | None = None


ProcedureData = (
    CardData
    | EarlyCardData
    | HeldCardData
    | ChangedCardData
    | PenaltyCardsData
    | ChangeData
    | BeforeInsufficientData
    | InsufficientData
    | TurnData
)
"""What a procedure's stages remember, one class for each kind."""
_D = TypeVar("_D", bound=ProcedureData)


@dataclass(frozen=True, slots=True)
class Watcher:
    """A consequence that waits for a later call.

    Laws 31A, 32B, 17D, and Law 26's test of whether the offender chose a different call.
    """

    law: str
    seat: Seat
    offender: Seat
    call: AnyCall
    suits: tuple[Suit, ...] | None = None
    flags: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class LeadSource:
    """A withdrawn or cancelled call of a player that may restrict partner's lead (26)."""

    offender: Seat
    call: AnyCall
    suits: tuple[Suit, ...] | None


def waiting(procedure: Procedure) -> IllegalActionError:
    """The refusal of an action while ``procedure`` waits on something else.

    >>> print(waiting(Procedure("31", "replace", Seat.EAST, 0, awaiting=Seat.EAST)))
    the table waits for a call by East (Law 31)
    """
    decision = procedure.decision
    if decision is not None:
        return IllegalActionError(
            Message(
                N_("the table waits for a decision by {who} (Law {law}): {question}"),
                {
                    "who": Message(N_("the Director")) if decision.by is None else decision.by,
                    "law": decision.law,
                    "question": decision.question,
                },
            )
        )
    if procedure.awaiting is None:
        return IllegalActionError(
            Message(
                N_("the table waits for {seat}'s card played early to count (Law {law})"),
                {"seat": procedure.offender, "law": procedure.law},
            )
        )
    return IllegalActionError(
        Message(
            N_("the table waits for a call by {seat} (Law {law})"),
            {"seat": procedure.awaiting, "law": procedure.law},
        )
    )


def options(*items: tuple[str, str, str]) -> tuple[Option, ...]:
    """Options from (choice, law, text) triples.

    >>> options(("accept", "29A", N_("accept the call")))[0].law
    '29A'
    """
    return tuple(Option(choice, law, text) for choice, law, text in items)

"""Psychic calls under the AEB: the director's classification and its consequences (40C1).

The AEB's section C ("Voces falsas"): a psychic call is lawful when it rests on no
partnership agreement, the partner as deceived as the opponents; then no penalty and
no adjustment. An agreement may be explicit or implicit, and the repetition of one
psychic in one situation can create an implicit agreement: the director asks whether
the psychic's partner could presume the call might be false. Law 40C1: when the
director finds a concealed understanding that damaged the opponents, the score is
adjusted and a procedural penalty may follow.

The director classifies a call that did not match the hand as a gross misstatement,
a deviation or a psychic (:class:`PsychicKind`), says whether partner fielded it and
whether there is an implicit agreement; :func:`consequences` gives the AEB's answer,
and the pair's register (:mod:`arbitro.store.psychics`) keeps the record that is shown
to the director at the pair's next ruling.

Homogenisation criterion 5 (``004_*``, the AEB's criteria of 2008): a weak two opened
with four cards is a psychic (not with five or seven); :func:`weak_two_psychics` applies
it to an auction and the hands.

>>> consequences(PsychicKind.PSYCHIC, fielded=False, implicit_agreement=False).lawful
True
>>> consequences(PsychicKind.PSYCHIC, fielded=True, implicit_agreement=False).laws
('40C1', '12C1e')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.core.call import Bid, Call
from arbitro.core.errors import NotationError
from arbitro.core.seat import Seat
from arbitro.i18n import N_, get_language, gettext

if TYPE_CHECKING:  # the table's modules: imported by the callers that have a table
    from arbitro.table.base import TableState


class PsychicError(NotationError):
    """A psychic's classification that cannot be read.

    >>> print(PsychicError("bluff", N_("expected one of {choices}"), choices="psychic"))
    invalid psychic call 'bluff': expected one of psychic
    """

    what = N_("psychic call")


class PsychicKind(enum.Enum):
    """The director's classification of a call that did not match the hand.

    >>> PsychicKind.read("misstatement")
    PsychicKind.GROSS_MISSTATEMENT
    """

    GROSS_MISSTATEMENT = "misstatement"
    """A gross and deliberate misstatement of strength or length: the AEB's psychic proper."""
    DEVIATION = "deviation"
    """A deviation from the announced agreements (Law 40C1), smaller than a psychic."""
    PSYCHIC = "psychic"
    """A psychic call (a "voz falsa"): the AEB's section C."""

    def __repr__(self) -> str:
        return f"PsychicKind.{self.name}"

    @classmethod
    def read(cls, text: str) -> PsychicKind:
        """The kind named ``text`` (``misstatement``, ``deviation``, ``psychic``).

        >>> PsychicKind.read("bluff")
        Traceback (most recent call last):
        ...
        arbitro.tournament.psychics.PsychicError: invalid psychic call 'bluff': expected one of misstatement, deviation, psychic
        """
        for kind in cls:
            if kind.value == text.strip().casefold():
                return kind
        raise PsychicError(
            text, N_("expected one of {choices}"), choices=", ".join(k.value for k in cls)
        )

    def localized(self) -> str:
        """The kind in the active language.

        >>> PsychicKind.DEVIATION.localized()
        'deviation'
        """
        return gettext(_LABELS[self])


_LABELS = {
    PsychicKind.GROSS_MISSTATEMENT: N_("gross misstatement"),
    PsychicKind.DEVIATION: N_("deviation"),
    PsychicKind.PSYCHIC: N_("psychic"),
}


@dataclass(frozen=True)
class Consequence:
    """The AEB's answer to a classified psychic: lawful, or a concealed agreement (40C1).

    ``adjust`` says the score is adjusted when the opponents were damaged (12C1e under
    the AEB), ``procedural_penalty`` that one may be given (40C1; the amount is the
    director's), ``repeated`` that the pair's register holds the same call before
    (the repetition can create an implicit agreement).

    >>> Consequence(True, False, False, ()).lawful
    True
    """

    lawful: bool
    adjust: bool
    procedural_penalty: bool
    laws: tuple[str, ...]
    repeated: bool = False

    def text(self) -> str:
        """What the consequence means for the director, in the active language.

        >>> print(consequences(PsychicKind.PSYCHIC, False, False).text())
        lawful: no agreement, partner as deceived as the opponents; no penalty and no adjustment (AEB, section C)
        """
        if self.lawful:
            line = gettext(
                N_(
                    "lawful: no agreement, partner as deceived as the opponents; no penalty "
                    "and no adjustment (AEB, section C)"
                )
            )
        else:
            line = gettext(
                N_(
                    "a concealed partnership agreement: the score is adjusted if the "
                    "opponents were damaged, and a procedural penalty may follow (Law "
                    "{laws}); the agreement must be on the pair's card"
                )
            ).format(laws=", ".join(self.laws))
        if self.repeated:
            line += "; " + gettext(
                N_(
                    "the pair made this call before: a repetition can create an implicit "
                    "agreement (AEB, section C)"
                )
            )
        return line


def consequences(
    kind: PsychicKind, fielded: bool, implicit_agreement: bool, repeated: bool = False
) -> Consequence:
    """The AEB's consequence of a call the director classified.

    A psychic, a gross misstatement or a deviation is lawful unless the partnership has
    an agreement about it: an implicit agreement the director finds, or a psychic its
    partner fielded (partner acted as if aware that the call might be false, so had more
    reason than the opponents to know it). Then the score is adjusted when the opponents
    were damaged (40C1; 12C1e the AEB applies) and a procedural penalty may follow.
    ``repeated`` only warns: whether the repetition made an agreement is the director's
    judgement.

    >>> consequences(PsychicKind.DEVIATION, fielded=False, implicit_agreement=True).procedural_penalty
    True
    >>> consequences(PsychicKind.PSYCHIC, False, False, repeated=True).lawful
    True
    """
    if not fielded and not implicit_agreement:
        return Consequence(True, False, False, (), repeated)
    return Consequence(False, True, True, ("40C1", "12C1e"), repeated)


@dataclass(frozen=True)
class WeakTwoFinding:
    """A weak two opened short: homogenisation criterion 5 says it is a psychic.

    >>> WeakTwoFinding(1, Seat.NORTH, "2H", 4).psychic
    True
    """

    call_number: int
    seat: Seat
    call: str
    length: int

    @property
    def psychic(self) -> bool:
        """Whether criterion 5 (four cards; fewer all the more) makes it a psychic.

        >>> WeakTwoFinding(1, Seat.NORTH, "2S", 5).psychic
        False
        """
        return self.length <= 4


WEAK_TWOS = ("2D", "2H", "2S")
"""The openings taken as weak twos when the director names none."""


def weak_two_psychics(
    table: TableState, seats: tuple[Seat, ...], weak_twos: tuple[str, ...] = WEAK_TWOS
) -> tuple[WeakTwoFinding, ...]:
    """Every weak two opened by ``seats`` with four cards or fewer in the suit (criterion 5).

    An opening is the first call other than a pass; ``weak_twos`` the calls the pair plays
    as weak twos (by its card). The hand is the deal's.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)   # North: AKQJ T98 765 432
    >>> table.call("N", "2S")
    >>> weak_two_psychics(table, (Seat.NORTH, Seat.SOUTH))
    (WeakTwoFinding(call_number=1, seat=Seat.NORTH, call='2S', length=4),)
    """
    wanted = {str(Call.from_str(call)) for call in weak_twos}
    for entry in table.auction:
        if not entry.counts or str(entry.call) == "Pass":
            continue
        call = entry.call
        if entry.seat not in seats or str(call) not in wanted or not isinstance(call, Bid):
            return ()
        suit = call.strain.suit
        if suit is None:
            return ()
        length = table.deal[entry.seat].length(suit)
        if length > 4:
            return ()
        return (WeakTwoFinding(entry.number, entry.seat, str(call), length),)
    return ()


@dataclass(frozen=True)
class PsychicRecord:
    """One call in a pair's register of psychics: where, what, and the director's classification.

    ``auction`` is the auction up to and including the call; ``criterion`` is ``"5"``
    when homogenisation criterion 5 classified it; ``event`` and ``number`` are the
    event's and the register's numbers once stored, ``event_name`` the event's name.

    >>> record = PsychicRecord("3", 1, 4, 2, ("2H",), PsychicKind.PSYCHIC, fielded=True)
    >>> record.consequence().lawful
    False
    """

    pair: str
    session: int
    board: int
    table: int | None
    auction: tuple[str, ...]
    kind: PsychicKind
    fielded: bool = False
    implicit_agreement: bool = False
    criterion: str = ""
    note: str = ""
    director: str = ""
    event: int | None = None
    number: int | None = None
    event_name: str = ""

    def consequence(self, repeated: bool = False) -> Consequence:
        """The AEB's consequence of this call (:func:`consequences`).

        >>> PsychicRecord("3", 1, 4, 2, ("2H",), PsychicKind.PSYCHIC).consequence().laws
        ()
        """
        return consequences(self.kind, self.fielded, self.implicit_agreement, repeated)

    def repeats(self, earlier: Sequence[PsychicRecord]) -> bool:
        """Whether the pair's register already holds this call in the same auction (AEB, section C).

        The repetition of a false call in a given situation can create an implicit
        agreement: the director is warned, and judges.

        >>> record = PsychicRecord("3", 1, 4, 2, ("2H",), PsychicKind.PSYCHIC)
        >>> record.repeats([PsychicRecord("3", 1, 9, 1, ("2H",), PsychicKind.PSYCHIC)])
        True
        """
        return any(old.auction == self.auction for old in earlier)

    def line(self) -> str:
        """The record as one line of the pair's register, in the active language.

        >>> print(PsychicRecord("3", 1, 4, 2, ("Pass", "2H"), PsychicKind.PSYCHIC, criterion="5").line())
        board 4, table 2: Pass 2H, psychic (criterion 5)
        """
        where = gettext(N_("board {board}, table {table}")).format(
            board=self.board, table="-" if self.table is None else self.table
        )
        if self.event_name:
            where = f"{self.event_name}, {where}"
        from arbitro.table.agreements import write_auction  # the table's modules: not at import

        auction = write_auction(self.auction, get_language())
        text = f"{where}: {auction}, {self.kind.localized()}"
        if self.criterion:
            text += " " + gettext(N_("(criterion {number})")).format(number=self.criterion)
        if self.fielded:
            text += ", " + gettext(N_("fielded"))
        if self.implicit_agreement:
            text += ", " + gettext(N_("implicit agreement"))
        return f"{text} ({self.note})" if self.note else text

    def to_json(self) -> dict[str, object]:
        """The record as JSON data.

        >>> PsychicRecord("3", 1, 4, None, ("2H",), PsychicKind.DEVIATION).to_json()["kind"]
        'deviation'
        """
        return {
            "number": self.number,
            "event": self.event,
            "event_name": self.event_name,
            "pair": self.pair,
            "session": self.session,
            "board": self.board,
            "table": self.table,
            "auction": list(self.auction),
            "kind": self.kind.value,
            "fielded": self.fielded,
            "implicit_agreement": self.implicit_agreement,
            "criterion": self.criterion,
            "note": self.note,
            "director": self.director,
        }


def criterion_5_records(
    table: TableState,
    pair: str,
    seats: tuple[Seat, ...],
    board: int,
    *,
    weak_twos: tuple[str, ...] = WEAK_TWOS,
    session: int = 1,
    table_number: int | None = None,
    fielded: bool = False,
    implicit_agreement: bool = False,
    note: str = "",
    director: str = "",
) -> list[PsychicRecord]:
    """The psychics criterion 5 finds in ``table`` for ``pair`` at ``seats``, ready to record.

    Each weak two opened with four cards or fewer (:func:`weak_two_psychics`) is a
    psychic with criterion ``"5"``, its auction up to the call, and a note naming the
    length unless ``note`` is given. The command line's ``ruling psychic --log`` and the
    desk's AEB page both record these.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)   # North: AKQJ T98 765 432
    >>> table.call("N", "2S")
    >>> [r.line() for r in criterion_5_records(table, "1", (Seat.NORTH, Seat.SOUTH), 1)]
    ['board 1, table -: 2S, psychic (criterion 5) (weak two with 4 cards)']
    """
    return [
        PsychicRecord(
            pair, session, board, table_number,
            tuple(str(e.call) for e in table.auction if e.counts and e.number <= f.call_number),
            PsychicKind.PSYCHIC, fielded, implicit_agreement, "5",
            note or gettext("weak two with {length} cards").format(length=f.length), director,
        )
        for f in weak_two_psychics(table, seats, weak_twos)
        if f.psychic
    ]  # fmt: skip

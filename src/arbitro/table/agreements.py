"""A pair's convention card, consulted when an alert or an explanation is checked (20F, 40B, 75).

A :class:`ConventionCard` names the pair's system and its agreements: for an auction
(the calls that count, up to and including the call), what the call means and whether
the AEB alert norms require an alert. :func:`check_alert` compares a call of the table
with the card: an alertable call not alerted is misinformation (21B1a, 40B4), an alert
of a call the card does not make alertable is extraneous information for partner
(16B1), and a call the card does not cover leaves the director to presume a mistaken
explanation rather than a mistaken call (21B1b). :func:`check_explanation`
compares the explanation given at the table with the card: one that departs from the
agreement is a mistaken explanation (75B, misinformation), one that matches it means
the call was mistaken (75C, no infraction); either way the explanation is unauthorised
information for the player who made the call (75A).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> card = ConventionCard("Pair 3", "Standard", (Agreement(("1NT", "Pass", "2C"), "Stayman", alert=True),))
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NES", ("1NT", "Pass", "2C")):
...     table.call(seat, call)
>>> check_alert(card, table, 3)
'40B4'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitro.core.call import Call
from arbitro.core.errors import NotationError
from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.state import IllegalActionError, Message


@dataclass(frozen=True)
class Agreement:
    """One agreement: the auction up to the call, its meaning, and whether it is alerted.

    >>> Agreement(("2D",), "multi: a weak two in a major", alert=True).alert
    True
    """

    auction: tuple[str, ...]
    meaning: str
    alert: bool = False


def read_auction(text: str, lang: str = "en") -> tuple[str, ...]:
    """The calls of an auction typed with spaces in ``lang``'s notation, as the card keeps them.

    >>> read_auction("1nt p 2c"), read_auction("1SA paso 2T", "es")
    (('1NT', 'Pass', '2C'), ('1NT', 'Pass', '2C'))
    """
    return tuple(str(Call.from_str(call, lang)) for call in text.split())


def write_auction(auction: tuple[str, ...], lang: str = "en") -> str:
    """An auction as the card keeps it, written in ``lang``'s notation.

    >>> write_auction(("1NT", "Pass", "2C"), "es")
    '1ST Paso 2T'
    """
    return " ".join(Call.from_str(call).to_str(lang) for call in auction)


class ConventionCardError(NotationError):
    """A convention card's text with a line that cannot be read; the message names the line.

    >>> print(ConventionCardError("2Z: weak", N_("line {line}: {problem}"), line=3, problem="?"))
    invalid convention card '2Z: weak': line 3: ?
    """

    what = N_("convention card")


_SYSTEM = {"en": "system", "es": "sistema"}
"""The word that starts the line naming the system, by language (either is read)."""
_ALERT = {"en": "(alert)", "es": "(alerta)"}
"""The mark of an alertable call, by language (either is read)."""


@dataclass(frozen=True)
class ConventionCard:
    """A pair's system and agreements.

    >>> ConventionCard("Pair 1", "Standard", ()).meaning(("1NT",)) is None
    True
    """

    pair: str
    system: str
    agreements: tuple[Agreement, ...]

    def meaning(self, auction: tuple[str, ...]) -> Agreement | None:
        """The agreement for the last call of ``auction``, if the card has one.

        >>> card = ConventionCard("1", "Standard", (Agreement(("1NT", "Pass", "2D"), "transfer", True),))
        >>> card.meaning(("1NT", "Pass", "2D")).meaning
        'transfer'
        """
        return next((a for a in self.agreements if a.auction == auction), None)

    @classmethod
    def from_text(cls, pair: str, text: str, lang: str = "en") -> ConventionCard:
        r"""Read a card written one agreement a line, as a director types it.

        A line ``system: NAME`` names the system; every other line is the auction up to
        and including the call (the calls that count, either side's), a colon and the
        meaning, with ``(alert)`` at the end when the AEB norms require an alert. Blank
        lines and lines starting with ``#`` are skipped. A line that cannot be read is
        refused with its number. The calls are read in ``lang``'s notation; in Spanish
        ``sistema:`` and ``(alerta)`` are read too.

        >>> card = ConventionCard.from_text("3", "system: Standard\n1nt p 2c: Stayman (alert)")
        >>> card.system, card.agreements
        ('Standard', (Agreement(auction=('1NT', 'Pass', '2C'), meaning='Stayman', alert=True),))
        >>> ConventionCard.from_text("3", "1NT p 2Z: transfer")
        Traceback (most recent call last):
        ...
        arbitro.table.agreements.ConventionCardError: invalid convention card '1NT p 2Z: transfer': line 1: the calls must be calls, as in 1NT Pass 2C
        >>> ConventionCard.from_text("3", "sistema: Acol\n1SA paso 2T: Stayman (alerta)", "es").agreements[0].auction
        ('1NT', 'Pass', '2C')
        """
        system = ""
        agreements: list[Agreement] = []
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            head, colon, meaning = stripped.partition(":")
            if not colon or not meaning.strip() or not head.strip():
                raise ConventionCardError(
                    stripped,
                    N_(
                        "line {line}: expected the auction, a colon and the meaning, as in {example}"
                    ),
                    line=number,
                    example="1NT Pass 2C: Stayman (alert)",
                )
            if head.strip().casefold() in _SYSTEM.values():
                system = meaning.strip()
                continue
            try:
                auction = read_auction(head, lang)
            except NotationError:
                raise ConventionCardError(
                    stripped,
                    N_("line {line}: the calls must be calls, as in 1NT Pass 2C"),
                    line=number,
                ) from None
            meaning = meaning.strip()
            mark = next((m for m in _ALERT.values() if meaning.casefold().endswith(m)), "")
            if mark:
                meaning = meaning[: -len(mark)].strip()
            agreements.append(Agreement(auction, meaning, bool(mark)))
        return cls(pair, system, tuple(agreements))

    def to_text(self, lang: str = "en") -> str:
        """The card as :meth:`from_text` reads it, in ``lang``'s notation.

        >>> card = ConventionCard("3", "Standard", (Agreement(("2D",), "multi", True),))
        >>> print(card.to_text())
        system: Standard
        2D: multi (alert)
        >>> print(card.to_text("es"))
        sistema: Standard
        2D: multi (alerta)
        """
        words, mark = _SYSTEM.get(lang, _SYSTEM["en"]), _ALERT.get(lang, _ALERT["en"])
        lines = [f"{words}: {self.system}"] if self.system else []
        for agreement in self.agreements:
            alert = f" {mark}" if agreement.alert else ""
            lines.append(f"{write_auction(agreement.auction, lang)}: {agreement.meaning}{alert}")
        return "\n".join(lines)


def _auction_to(table: TableState, call_number: int) -> tuple[str, ...]:
    counted = [entry for entry in table.auction if entry.counts]
    position = next((i for i, entry in enumerate(counted) if entry.number == call_number), None)
    if position is None:
        raise IllegalActionError(
            Message(N_("there is no call number {number} in the auction"), {"number": call_number})
        )
    return tuple(str(entry.call) for entry in counted[: position + 1])


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w+]+", " ", text.casefold()).split())


@dataclass(frozen=True)
class ExplanationCheck:
    """An explanation given at the table, set against the convention card (75, 21B1b).

    ``law`` is ``75B`` when the explanation departs from the agreement (a mistaken
    explanation: misinformation), ``75C`` when it matches it (a mistaken call: no
    infraction), and ``21B1b`` when the card says nothing of the call (without evidence
    of the agreement the director presumes a mistaken explanation).

    >>> ExplanationCheck(3, ("1NT", "Pass", "2D"), "natural", None, "21B1b").misinformation
    True
    """

    call_number: int
    auction: tuple[str, ...]
    given: str
    agreement: Agreement | None
    law: str

    @property
    def misinformation(self) -> bool:
        """Whether the opponents were misinformed (a mistaken or presumed mistaken explanation).

        >>> ExplanationCheck(1, ("2D",), "multi", Agreement(("2D",), "multi"), "75C").misinformation
        False
        """
        return self.law != "75C"


def check_explanation(
    card: ConventionCard, table: TableState, call_number: int, matches: bool | None = None
) -> ExplanationCheck:
    """Set the explanation of call ``call_number`` given at the table against the card.

    Whether the words given mean what the card says is the director's judgement:
    ``matches`` records it. Without it, the explanation matches when it says the card's
    words (letter case, spaces and punctuation aside). The explanation checked is the
    first one given, the one the opponents acted on.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL, ExplanationEvent
    >>> from arbitro.core import Seat
    >>> card = ConventionCard("NS", "Standard", (Agreement(("1NT", "Pass", "2D"), "natural, to play"),))
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NES", ("1NT", "Pass", "2D")):
    ...     table.call(seat, call)
    >>> table.apply(ExplanationEvent(Seat.NORTH, 3, "strong, asks for majors", asked_by=Seat.WEST))
    >>> check_explanation(card, table, 3).law
    '75B'
    >>> check_explanation(card, table, 3, matches=True).law
    '75C'
    """
    auction = _auction_to(table, call_number)
    given = next(
        (
            explanation.text
            for explanation in table.explanations
            if explanation.call_number == call_number and explanation.text is not None
        ),
        None,
    )
    if given is None:
        raise IllegalActionError(
            Message(N_("no explanation of call {number} was given"), {"number": call_number})
        )
    return explanation_check(card, auction, given, matches, call_number)


def explanation_check(
    card: ConventionCard,
    auction: tuple[str, ...],
    given: str,
    matches: bool | None = None,
    call_number: int | None = None,
) -> ExplanationCheck:
    """Set an explanation of the last call of ``auction`` against the card, without a table.

    As :func:`check_explanation` does, for a director who types the auction and the
    explanation (the web worksheet); ``call_number`` defaults to the call's place in
    the auction.

    >>> card = ConventionCard("NS", "Standard", (Agreement(("2D",), "multi"),))
    >>> explanation_check(card, ("2D",), "weak, diamonds").law
    '75B'
    >>> explanation_check(card, ("1D",), "natural").law
    '21B1b'
    """
    agreement = card.meaning(auction)
    if agreement is None:
        law = "21B1b"
    else:
        same = _plain(given) == _plain(agreement.meaning) if matches is None else matches
        law = "75C" if same else "75B"
    number = len(auction) if call_number is None else call_number
    return ExplanationCheck(number, auction, given, agreement, law)


def check_alert(card: ConventionCard, table: TableState, call_number: int) -> str | None:
    """The Law a call's alert (or lack of one) falls under, by the card; ``None`` if right.

    ``40B4`` an alertable call not alerted (misinformation, 21B1a); ``16B1`` an alert the
    card does not call for (extraneous information for partner); ``21B1b`` a call the card
    does not cover (the director presumes a mistaken explanation).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> check_alert(ConventionCard("1", "Standard", ()), Table(EXAMPLE_DEAL, number=1), 1)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: there is no call number 1 in the auction
    """
    auction = _auction_to(table, call_number)
    agreement = card.meaning(auction)
    alerted = any(
        explanation.alert and explanation.call_number == call_number
        for explanation in table.explanations
    )
    if agreement is None:
        return "21B1b"
    if agreement.alert and not alerted:
        return "40B4"
    if alerted and not agreement.alert:
        return "16B1"
    return None

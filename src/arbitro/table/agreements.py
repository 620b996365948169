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
from arbitro.core.seat import Seat
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
    marks: tuple[str, ...] = ()
    """What the card says of the method besides its meaning (:data:`MARKS`): ``artificial``,
    ``norm5``, ``norm6`` (the AEB's alert norms), ``special_defence``, ``destructive``."""

    def needs_alert(self, alertable: frozenset[str]) -> bool:
        """Whether the call must be alerted: the card says so, or its kind is ``alertable``.

        >>> Agreement(("1C", "1H", "1S"), "5+ spades", marks=("norm5",)).needs_alert(frozenset({"norm5"}))
        True
        >>> Agreement(("1C", "1H", "1S"), "5+ spades", marks=("norm5",)).needs_alert(frozenset({"artificial"}))
        False
        """
        return self.alert or any(mark in alertable for mark in self.marks)


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
MARKS = {
    "artificial": {"en": "(artificial)", "es": "(artificial)"},
    "norm5": {"en": "(norm 5)", "es": "(norma 5)"},
    "norm6": {"en": "(norm 6)", "es": "(norma 6)"},
    "special_defence": {"en": "(special defence)", "es": "(defensa especial)"},
    "destructive": {"en": "(destructive)", "es": "(destructiva)"},
}
"""The marks a card's line may end with, by kind and language (either language is read):
an artificial call; a natural call the AEB's norm 5 or 6 makes alertable; a method that
requires a special defence; a destructive method (the AEB's list II)."""


def _read_marks(meaning: str) -> tuple[str, bool, tuple[str, ...]]:
    """The meaning without its trailing marks, whether one was ``(alert)``, and the others."""
    alert, marks = False, list[str]()
    while True:
        folded = meaning.casefold().rstrip()
        if any(folded.endswith(mark) for mark in _ALERT.values()):
            alert = True
            meaning = meaning.rstrip()[: meaning.rstrip().rfind("(")].rstrip()
            continue
        kind = next(
            (k for k, m in MARKS.items() if any(folded.endswith(x) for x in m.values())), None
        )
        if kind is None:
            return meaning.strip(), alert, tuple(reversed(marks))
        marks.append(kind)
        meaning = meaning.rstrip()[: meaning.rstrip().rfind("(")].rstrip()


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
        ('Standard', (Agreement(auction=('1NT', 'Pass', '2C'), meaning='Stayman', alert=True, marks=()),))
        >>> ConventionCard.from_text("3", "1C: 2+ clubs, 11+ HCP (artificial) (alert)").agreements[0].marks
        ('artificial',)
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
            meaning, alert, marks = _read_marks(meaning)
            agreements.append(Agreement(auction, meaning, alert, marks))
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
            written = "".join(
                f" {MARKS[kind].get(lang, MARKS[kind]['en'])}" for kind in agreement.marks
            )
            alert = f" {mark}" if agreement.alert else ""
            lines.append(
                f"{write_auction(agreement.auction, lang)}: {agreement.meaning}{written}{alert}"
            )
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


@dataclass(frozen=True)
class AlertCheck:
    """A call's alert (or lack of one) set against the card and the authority's alert norms.

    ``needed`` whether the norms require an alert of the call; ``alerted`` whether one
    was made, ``late`` whether only after the next opponent had called. ``laws`` the
    Laws the alert falls under, empty when it was right: ``40B4`` and ``21B1a`` an
    alertable call not alerted (misinformation); ``21B1a`` an alert made late (not
    "immediately": misinformation); ``20F5a`` and ``16B1`` an alert the norms do not
    require (a mistaken explanation, and extraneous information for partner);
    ``21B1b`` a call the card does not cover (a mistaken explanation is presumed).

    >>> AlertCheck(3, ("1NT", "Pass", "2C"), None, False, True, False, ("21B1b",)).misinformation
    True
    """

    call_number: int
    auction: tuple[str, ...]
    agreement: Agreement | None
    needed: bool
    alerted: bool
    late: bool
    laws: tuple[str, ...]

    @property
    def misinformation(self) -> bool:
        """Whether the opponents were misinformed by the alert or its absence (21B1, 20F5a).

        >>> AlertCheck(1, ("2D",), Agreement(("2D",), "multi", True), True, True, False, ()).misinformation
        False
        """
        return any(law in ("40B4", "21B1a", "21B1b", "20F5a") for law in self.laws)

    @property
    def unauthorised(self) -> bool:
        """Whether partner received extraneous information from an unexpected alert (16B1).

        >>> AlertCheck(1, ("1S",), Agreement(("1S",), "natural"), False, True, False, ("20F5a", "16B1")).unauthorised
        True
        """
        return "16B1" in self.laws


def alert_check(
    card: ConventionCard,
    table: TableState,
    call_number: int,
    alertable: frozenset[str] = frozenset({"artificial"}),
    late_is_misinformation: bool = True,
    needless_is_misinformation: bool = True,
) -> AlertCheck:
    """Check the alert of call ``call_number`` against the card, under an authority's norms.

    ``alertable`` and the two flags are the authority's (:class:`arbitro.laws.authority.
    Authority`: ``alertable``, ``late_alert_misinformation``, ``needless_alert_misinformation``).
    When the call was alerted more than once, the first alert counts.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL, AlertEvent
    >>> from arbitro.core import Seat
    >>> card = ConventionCard("NS", "", (Agreement(("1NT", "Pass", "2D"), "transfer", marks=("artificial",)),))
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NES", ("1NT", "Pass", "2D")):
    ...     table.call(seat, call)
    >>> table.call("W", "Pass")
    >>> table.apply(AlertEvent(Seat.NORTH, 3))
    >>> check = alert_check(card, table, 3)
    >>> check.late, check.laws
    (True, ('21B1a',))
    """
    auction = _auction_to(table, call_number)
    agreement = card.meaning(auction)
    alerts = [e for e in table.explanations if e.alert and e.call_number == call_number]
    alerted = bool(alerts)
    late = alerted and alerts[0].late
    needed = agreement is not None and agreement.needs_alert(alertable)
    laws: tuple[str, ...]
    if agreement is None:
        laws = ("21B1b",)
    elif needed and not alerted:
        laws = ("40B4", "21B1a")
    elif needed and late:
        laws = ("21B1a",) if late_is_misinformation else ()
    elif alerted and not needed:
        laws = ("20F5a", "16B1") if needless_is_misinformation else ("16B1",)
    else:
        laws = ()
    return AlertCheck(call_number, auction, agreement, needed, alerted, late, laws)


def alert_checks(
    card: ConventionCard,
    table: TableState,
    seats: tuple[Seat, ...],
    alertable: frozenset[str] = frozenset({"artificial"}),
    late_is_misinformation: bool = True,
    needless_is_misinformation: bool = True,
) -> tuple[AlertCheck, ...]:
    """Every call by ``seats`` (the pair whose card it is) that the card covers or that was alerted.

    Which calls needed an alert, whether and when each was alerted, and the Laws.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> from arbitro.core import Seat
    >>> card = ConventionCard("NS", "", (Agreement(("1NT", "Pass", "2C"), "Stayman", marks=("artificial",)),))
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NES", ("1NT", "Pass", "2C")):
    ...     table.call(seat, call)
    >>> [(c.call_number, c.needed, c.laws) for c in alert_checks(card, table, (Seat.NORTH, Seat.SOUTH))]
    [(3, True, ('40B4', '21B1a'))]
    """
    alerted = {e.call_number for e in table.explanations if e.alert}
    checks = []
    for entry in table.auction:
        if not entry.counts or entry.seat not in seats:
            continue
        auction = _auction_to(table, entry.number)
        if card.meaning(auction) is None and entry.number not in alerted:
            continue
        checks.append(
            alert_check(
                card,
                table,
                entry.number,
                alertable,
                late_is_misinformation,
                needless_is_misinformation,
            )
        )
    return tuple(checks)


def check_alert(card: ConventionCard, table: TableState, call_number: int) -> str | None:
    """The first Law a call's alert (or lack of one) falls under, by the card; ``None`` if right.

    As :func:`alert_check` with the card's own ``(alert)`` marks and artificial calls
    alertable: ``40B4`` an alertable call not alerted, ``21B1a`` one alerted late,
    ``20F5a`` an alert the card does not call for (16B1 besides), ``21B1b`` a call the
    card does not cover.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> check_alert(ConventionCard("1", "Standard", ()), Table(EXAMPLE_DEAL, number=1), 1)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: there is no call number 1 in the auction
    """
    laws = alert_check(card, table, call_number).laws
    return laws[0] if laws else None

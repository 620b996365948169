"""The decisions a table waits on and the rulings and notes it records.

A :class:`Decision` says who chooses (a seat of the non-offending side, Law 10C, or the
Director) among its options (:class:`Option`), each with its Law; a :class:`Ruling` is
a rectification carried out, a :class:`Note` something left for the Director at the end
of the board.

>>> from arbitro.i18n import N_
>>> print(Ruling("30A", DIRECTOR, "30A", Message(N_("partner must pass"))))
Law 30A (Director: 30A): partner must pass
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.core import Card, Seat, Suit
from arbitro.i18n import get_language, gettext
from arbitro.table.choice_words import choice_written
from arbitro.table.state import DIRECTOR, Message


@dataclass(frozen=True, slots=True)
class Option:
    """One choice a decision offers, with the Law behind it.

    ``needs`` names what the choice must come with: ``suit`` (one of ``suits``),
    ``suits`` (the suits an artificial call showed), ``call``, or ``card`` (one of
    ``cards``).

    >>> from arbitro.i18n import N_
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

        >>> from arbitro.i18n import N_
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

    >>> from arbitro.i18n import N_
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

        >>> from arbitro.i18n import N_
        >>> Decision(None, Message(N_("accept the insufficient bid?")), "27", ()).decider
        'director'
        """
        return DIRECTOR if self.by is None else str(self.by)

    def option(self, choice: str) -> Option | None:
        """The option named ``choice``, if offered.

        >>> from arbitro.i18n import N_
        >>> Decision(None, Message(N_("accept the insufficient bid?")), "27", ()).option("x")
        """
        return next((option for option in self.options if option.choice == choice), None)

    def to_json(self) -> dict[str, object]:
        """The decision as JSON data, in the active language.

        >>> from arbitro.i18n import N_
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

    >>> from arbitro.i18n import N_
    >>> str(Ruling("29A", "W", "accept", Message(N_("the call out of rotation is accepted"))))
    'Law 29A (West: accept): the call out of rotation is accepted'

    Its choice is written in the active language's word (``Oeste: aceptar``), as a
    reader of either language reads it back (:mod:`arbitro.table.choice_words`).
    """

    law: str
    by: str
    choice: str
    message: Message

    def __str__(self) -> str:
        return gettext("Law {law} ({by}: {choice}): {text}").format(
            law=self.law,
            by=_who(self.by),
            choice=choice_written(self.choice, get_language()),
            text=self.message,
        )

    def to_json(self) -> dict[str, object]:
        """The ruling as JSON data.

        >>> from arbitro.i18n import N_
        >>> Ruling("27B2", "director", "27B2", Message(N_("partner must pass"))).to_json()["law"]
        '27B2'
        """
        return {"law": self.law, "by": self.by, "choice": self.choice, "text": str(self.message)}


@dataclass(frozen=True, slots=True)
class Note:
    """Something for the Director at the end of the board (Laws 16D, 23, 27D, ...).

    >>> from arbitro.i18n import N_
    >>> str(Note("23", Message(N_("Law 23 may apply at the end of the board"))))
    'Law 23: Law 23 may apply at the end of the board'
    """

    law: str
    message: Message

    def __str__(self) -> str:
        return gettext("Law {law}: {text}").format(law=self.law, text=self.message)

    def to_json(self) -> dict[str, object]:
        """The note as JSON data.

        >>> from arbitro.i18n import N_
        >>> Note("27D", Message(N_("partner must pass"))).to_json()
        {'law': '27D', 'text': 'partner must pass'}
        """
        return {"law": self.law, "text": str(self.message)}


def _who(by: str) -> str:
    if by == DIRECTOR:
        return gettext("Director")
    return Seat.from_str(by).localized()

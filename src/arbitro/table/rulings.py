"""The decisions a table waits on and the rulings and notes it records.

A :class:`Decision` says who chooses (a seat of the non-offending side, Law 10C, or the
Director) among its options (:class:`Option`), each with its Law; a :class:`Ruling` is
a rectification carried out, a :class:`Note` something left for the Director at the end
of the board.

>>> from arbitro.i18n import N_
>>> print(Ruling("30A", DIRECTOR, "30A", Message(N_("partner must pass"))))
Law 30A (Director): partner must pass
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.core import Card, Seat, Suit
from arbitro.i18n import get_language, gettext, ngettext
from arbitro.table.choice_words import SPANISH_CHOICES, choice_written
from arbitro.table.state import DIRECTOR, Message


@dataclass(frozen=True, slots=True)
class Option:
    """One choice a decision offers, with the Law behind it.

    ``needs`` names what the choice must come with: ``suit`` (one of ``suits``),
    ``suits`` (the suits an artificial call showed), ``call``, or ``card`` (one of
    ``cards``). ``count`` is the number a text with a plural form names (marked with
    :func:`~arbitro.i18n.NP_`: ``text`` is its singular, ``plural`` its plural).

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
    count: int | None = None
    plural: str | None = None

    def localized(self) -> str:
        """The option's sentence in the active language, its number written in.

        >>> from arbitro.i18n import NP_
        >>> one, many = NP_("{count} trick to the claimer's side", "{count} tricks to the claimer's side")
        >>> Option("1", "70", one, count=1, plural=many).localized()
        "1 trick to the claimer's side"
        >>> Option("3", "70", one, count=3, plural=many).localized()
        "3 tricks to the claimer's side"
        """
        if self.count is None:
            return gettext(self.text)
        if self.plural is None:
            return gettext(self.text).format(count=self.count)
        return ngettext(self.text, self.plural, self.count).format(count=self.count)

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
            "text": self.localized(),
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

    ``option`` is the option of the decision it answers, when it answers one: the
    ruling shows the sentence the decision offered, as it was chosen.

    >>> from arbitro.i18n import N_
    >>> refuse = Option("refuse", "29B", N_("do not accept it: it is cancelled and rectified"))
    >>> str(Ruling("29B", "W", "refuse", Message(N_("the call out of rotation is not accepted")),
    ...            refuse))
    'Law 29B (West: do not accept it: it is cancelled and rectified): the call out of rotation is not accepted'

    Without an option, a choice word is written in the active language's word
    (``Oeste: aceptar``), as a reader of either language reads it back
    (:mod:`arbitro.table.choice_words`); a ruling the Laws make by themselves (its
    choice a Law, ``63B``) shows who made it, and no code.

    >>> str(Ruling("29A", "W", "accept", Message(N_("the call out of rotation is accepted"))))
    'Law 29A (West: accept): the call out of rotation is accepted'
    """

    law: str
    by: str
    choice: str
    message: Message
    option: Option | None = None

    @property
    def chosen(self) -> str | None:
        """What was chosen, in the active language: the option's sentence, or a choice word.

        None when the choice is no word (a Law, a number): the ruling's text says it.

        >>> from arbitro.i18n import N_
        >>> Ruling("63B", DIRECTOR, "63B", Message(N_("partner must pass"))).chosen is None
        True
        """
        if self.option is not None:
            return self.option.localized()
        if self.choice in SPANISH_CHOICES:
            return choice_written(self.choice, get_language())
        return None

    def __str__(self) -> str:
        chosen = self.chosen
        if chosen is None:
            return gettext("Law {law} ({by}): {text}").format(
                law=self.law, by=_who(self.by), text=self.message
            )
        return gettext("Law {law} ({by}: {choice}): {text}").format(
            law=self.law, by=_who(self.by), choice=chosen, text=self.message
        )

    def noted(self) -> str:
        """The ruling with its choice as the log names it, for a file read back (a PBN note).

        >>> from arbitro.i18n import N_
        >>> Ruling("70", DIRECTOR, "2", Message(N_("partner must pass"))).noted()
        'Law 70 (Director: 2): partner must pass'
        """
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
        data: dict[str, object] = {
            "law": self.law,
            "by": self.by,
            "choice": self.choice,
            "text": str(self.message),
        }
        if self.option is not None:
            data["option"] = self.option.localized()
        return data


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

"""The structured statement of a claim: how many tricks, and the line (Law 68C).

A statement is written ``COUNT[: STEP, STEP, ...]``. The count is ``all`` (all the
remaining tricks), ``concede N`` (all but ``N``) or a number of the remaining tricks.
The steps, in the order the claimer said he would play them:

* ``S`` or ``cash S``: play the suit, from the top unless the regulation says otherwise
  (the authority's default under Law 70E2);
* ``draw trumps`` (or ``trumps``): lead trumps while an opponent holds one;
* ``finesse HQ``: lead towards the queen of hearts and play it if it can win;
* ``ruff D``: lead the suit from one hand and ruff it in the other;
* ``played HA H3 H5 H7``, first only: the cards played after the claim, in order from
  the seat that was to play; Law 70D3 lets the Director take them as part of the
  statement (the line starts with them).

The words are read in English or in Spanish, whatever the notation (:data:`WORDS_READ`):
``todas``, ``cede N``, ``cobrar P``, ``arrastrar triunfos`` (or ``sacar triunfos``,
``quitar triunfos``, as Spanish players say it, ``triunfos``, ``arrastrar``), ``impasse CD``, ``fallo D``, ``jugadas CA C3``. No word is a suit
letter or an English word with another meaning. The suits and cards are read in the
notation given (in Spanish ``C`` is hearts and ``D`` diamonds, while ``CD``, a suit
then a rank, is the queen of hearts), and :meth:`ClaimStatement.to_str` writes a
statement back in either language; English is the form files and logs keep.

A log keeps the claimer's statement as it was given: in this form, whole or its line
alone (``draw trumps, S``), or in his own words. :func:`statement_written` writes it in
a reader's language (the line in his words and notation, his own words as they are),
:class:`SaidStatement` quotes it so in a message, and :func:`statement_read` reads it
back into the log's form.

>>> statement = ClaimStatement.from_str("all: draw trumps, S, finesse HQ")
>>> statement
ClaimStatement.from_str('all: draw trumps, S, finesse HQ')
>>> statement.to_str("es")
'todas: arrastrar triunfos, P, impasse CD'
>>> statement.claimed(5), ClaimStatement.from_str("concede 1").claimed(5)
(5, 4)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitro.core.card import Card
from arbitro.core.errors import NotationError
from arbitro.core.notation import check_notation_language
from arbitro.core.suit import Suit
from arbitro.i18n import N_, NP_, Language, get_language

STEP_KINDS = ("cash", "draw", "finesse", "ruff", "played")
"""The kinds of step a statement names."""

WORDS_WRITTEN: dict[Language, dict[str, str]] = {
    "en": {
        "all": "all",
        "concede": "concede",
        "draw": "draw trumps",
        "finesse": "finesse",
        "ruff": "ruff",
        "played": "played",
    },
    "es": {
        "all": "todas",
        "concede": "cede",
        "draw": "arrastrar triunfos",
        "finesse": "impasse",
        "ruff": "fallo",
        "played": "jugadas",
    },
}
"""The words a statement is written with in each language (a suit to cash is its letter)."""

WORDS_READ: dict[str, tuple[str, ...]] = {
    "all": ("all", "todas"),
    "concede": ("concede", "lose", "cede", "pierde"),
    "cash": ("cash", "cobrar"),
    "draw": (
        "draw trumps",
        "trumps",
        "draw",
        "arrastrar triunfos",
        "sacar triunfos",
        "quitar triunfos",
        "arrastrar",
        "triunfos",
    ),
    "finesse": ("finesse", "impasse"),
    "ruff": ("ruff", "fallo", "fallar"),
    "played": ("played", "jugadas"),
}
"""Every word read for each part of a statement, lower case, in either language."""

ENGLISH_WORDS = frozenset(
    {"all", "concede", "lose", "cash", "draw", "trumps", "finesse", "ruff", "played"}
)
"""The words of :data:`WORDS_READ` that are English (the others are Spanish)."""


class InvalidClaimError(NotationError):
    """Text that is not a claim statement.

    >>> print(InvalidClaimError("most", N_("expected all, concede N or a number of tricks")))
    invalid claim statement 'most': expected all, concede N or a number of tricks
    """

    what = N_("claim statement")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the stated line: its kind and the suit or card it names.

    >>> Step("finesse", card=Card.from_str("HQ")).to_str()
    'finesse HQ'
    """

    kind: str
    suit: Suit | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()

    def to_str(self, lang: str = "en") -> str:
        """The step as a statement writes it in ``lang``: its words and its notation.

        >>> Step("cash", Suit.SPADES).to_str(), Step("draw").to_str()
        ('S', 'draw trumps')
        >>> Step("played", cards=(Card.from_str("HA"), Card.from_str("HT"))).to_str()
        'played HA HT'
        >>> Step("played", cards=(Card.from_str("HA"), Card.from_str("HT"))).to_str("es")
        'jugadas CA C10'
        """
        language = check_notation_language(lang)
        words = WORDS_WRITTEN[language]
        if self.kind == "draw":
            return words["draw"]
        if self.kind == "played":
            return " ".join((words["played"], *(card.to_str(language) for card in self.cards)))
        if self.kind == "finesse":
            assert self.card is not None
            return f"{words['finesse']} {self.card.to_str(language)}"
        assert self.suit is not None
        if self.kind == "ruff":
            return f"{words['ruff']} {self.suit.to_str(language)}"
        return self.suit.to_str(language)


@dataclass(frozen=True, slots=True)
class ClaimStatement:
    """What the claimer said: the tricks he claims and the steps of his line (68C).

    ``tricks`` is the number of the remaining tricks claimed, ``None`` for all of them;
    ``conceded`` the tricks he said he would lose (``concede N``).

    >>> ClaimStatement(3, ()).to_str(), ClaimStatement(None, (), conceded=2).to_str()
    ('3', 'concede 2')
    """

    tricks: int | None
    steps: tuple[Step, ...] = ()
    conceded: int = 0

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> ClaimStatement:
        """Read a statement: ``COUNT[: STEP, STEP, ...]``, suits and cards in ``lang``'s notation.

        The words are read in English or Spanish whatever ``lang`` is (``all`` or
        ``todas``, ``finesse`` or ``impasse``: :data:`WORDS_READ`); a suit or a card is
        written as the director writes it in ``lang`` (in Spanish ``C`` is hearts, ``T``
        clubs, ``CR`` the king of hearts).

        >>> ClaimStatement.from_str("2: ruff D, H").steps[0]
        Step(kind='ruff', suit=Suit.DIAMONDS, card=None, cards=())
        >>> ClaimStatement.from_str("3: C, finesse CR", "es").to_str()
        '3: H, finesse HK'
        >>> ClaimStatement.from_str("cede 1: triunfos, fallo D, impasse C10", "es").to_str()
        'concede 1: draw trumps, ruff D, finesse HT'
        >>> ClaimStatement.from_str("all: finesse H")
        Traceback (most recent call last):
        ...
        arbitro.core.claim_statement.InvalidClaimError: invalid claim statement 'all: finesse H': step 1 'finesse H': expected a card to finesse, such as finesse HQ
        """
        count, _, rest = text.partition(":")
        words = count.strip().lower().split()
        tricks: int | None = None
        conceded = 0
        if len(words) == 1 and words[0] in WORDS_READ["all"]:
            pass
        elif (
            len(words) == 2
            and words[0] in WORDS_READ["concede"]
            and words[1].isascii()
            and words[1].isdigit()
            and len(words[1]) < 3
        ):
            conceded = int(words[1])
        elif len(words) == 1 and words[0].isascii() and words[0].isdigit() and len(words[0]) < 3:
            tricks = int(words[0])
        else:
            raise InvalidClaimError(
                text, N_("expected all, concede N or a number of tricks before any ':'")
            )
        steps = tuple(
            _step(text, number, part.strip(), lang)
            for number, part in enumerate(rest.split(","), start=1)
            if rest.strip()
        )
        for number, step in enumerate(steps[1:], start=2):
            if step.kind == "played":
                raise _bad(
                    text,
                    number,
                    step.to_str(lang),
                    N_("the cards played after the claim come first (Law 70D3)"),
                )
        return cls(tricks, steps, conceded)

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards played after the claim, taken as part of the statement (70D3).

        >>> ClaimStatement.from_str("all: played SA S2, H").played
        (Card(Suit.SPADES, Rank.ACE), Card(Suit.SPADES, Rank.TWO))
        """
        if self.steps and self.steps[0].kind == "played":
            return self.steps[0].cards
        return ()

    @property
    def line(self) -> tuple[Step, ...]:
        """The steps of the line still to be played (after any cards played, 70D3).

        >>> ClaimStatement.from_str("all: played SA S2, H").line
        (Step(kind='cash', suit=Suit.HEARTS, card=None, cards=()),)
        """
        return self.steps[1:] if self.played else self.steps

    def to_str(self, lang: str = "en") -> str:
        """The statement as :meth:`from_str` reads it in ``lang``; English is the canonical form.

        >>> ClaimStatement.from_str("ALL : s, Trumps").to_str()
        'all: S, draw trumps'
        >>> ClaimStatement.from_str("concede 1: ruff D, T", "es").to_str("es")
        'cede 1: fallo D, T'
        """
        language = check_notation_language(lang)
        words = WORDS_WRITTEN[language]
        if self.tricks is not None:
            count = str(self.tricks)
        elif self.conceded:
            count = f"{words['concede']} {self.conceded}"
        else:
            count = words["all"]
        if not self.steps:
            return count
        return count + ": " + ", ".join(step.to_str(language) for step in self.steps)

    def localized(self) -> str:
        """The statement in the active language's words and notation.

        >>> from arbitro.i18n import use_language
        >>> with use_language("es"):
        ...     ClaimStatement.from_str("all: H, finesse CT").localized()
        'todas: C, impasse T10'
        """
        return self.to_str(get_language())

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"ClaimStatement.from_str({self.to_str()!r})"

    def claimed(self, remaining: int) -> int:
        """The number of the ``remaining`` tricks the claimer's side claims.

        A claim or a concession of more tricks than remain is refused, naming both
        numbers: it is a slip in writing the statement down, and reading it as all the
        tricks (or none) would check another claim than the one made.

        >>> ClaimStatement.from_str("concede 1").claimed(4)
        3
        >>> ClaimStatement.from_str("concede 9").claimed(4)
        Traceback (most recent call last):
        ...
        arbitro.core.claim_statement.InvalidClaimError: invalid claim statement 'concede 9': 4 tricks are left, fewer than the 9 it names
        """
        named = self.tricks if self.tricks is not None else self.conceded
        if named > remaining:
            raise InvalidClaimError(
                self.to_str(),
                NP_(
                    "{count} trick is left, fewer than the {named} it names",
                    "{count} tricks are left, fewer than the {named} it names",
                ),
                count=remaining,
                named=named,
            )
        return named if self.tricks is not None else remaining - self.conceded

    def mentions_trumps(self, trump: Suit | None) -> bool:
        """Whether the statement speaks of trumps (Law 70C1).

        >>> ClaimStatement.from_str("all: H").mentions_trumps(Suit.HEARTS)
        True
        """
        if trump is None:
            return False
        return any(
            step.kind in ("draw", "ruff")
            or step.suit is trump
            or (step.card is not None and step.card.suit is trump)
            for step in self.steps
        )


def _read_either(text: str, lang: str) -> tuple[ClaimStatement, bool] | None:
    """``text`` read in ``lang``'s notation: a whole statement (True) or its line alone (False)."""
    if not text.strip():
        return None
    try:
        return ClaimStatement.from_str(text, lang), True
    except InvalidClaimError:
        pass
    try:
        return ClaimStatement.from_str(f"all: {text}", lang), False
    except InvalidClaimError:
        return None


def _written(statement: ClaimStatement, whole: bool, lang: str) -> str:
    if whole:
        return statement.to_str(lang)
    return ", ".join(step.to_str(lang) for step in statement.steps)


def statement_written(said: str, lang: str = "en") -> str:
    """The claimer's statement as a log keeps it (``said``), written in ``lang``.

    A statement in the form :meth:`ClaimStatement.from_str` reads (English notation, as
    logs keep it), whole or its line alone, is written in ``lang``'s words and notation;
    in English it is left as it was said. Any other words are the claimer's own: they are
    kept as they are.

    >>> statement_written("all: draw trumps, H", "es"), statement_written("finesse HT, C", "es")
    ('todas: arrastrar triunfos, C', 'impasse C10, T')
    >>> statement_written("ALL: h", "en"), statement_written("I ruff the last heart", "es")
    ('ALL: h', 'I ruff the last heart')
    """
    language = check_notation_language(lang)
    read = _read_either(said, "en") if language != "en" else None
    return said if read is None else _written(*read, language)


def statement_read(written: str, lang: str = "en") -> str | None:
    """The log's form (English notation) of a statement written in ``lang``'s notation.

    The inverse of :func:`statement_written`: a whole statement or its line alone, in
    the checker's form in ``lang``; None when ``written`` is not one (the claimer's own
    words).

    >>> statement_read("todas: arrastrar triunfos, C", "es"), statement_read("impasse C10, T", "es")
    ('all: draw trumps, H', 'finesse HT, C')
    >>> statement_read("I ruff the last heart", "es") is None
    True
    """
    read = _read_either(written, check_notation_language(lang))
    return None if read is None else _written(*read, "en")


def english_words(text: str) -> list[str]:
    """The English words of a statement (:data:`ENGLISH_WORDS`) that ``text`` holds, in order.

    >>> english_words("all: finesse CA, arrastrar"), english_words("todas: impasse CA")
    (['all', 'finesse'], [])
    """
    return [word for word in re.findall(r"[^\W\d_]+", text.lower()) if word in ENGLISH_WORDS]


@dataclass(frozen=True)
class SaidStatement:
    """A claimer's statement as a log keeps it, quoted in a message in the reader's language.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     SaidStatement("draw trumps, S").localized()
    'arrastrar triunfos, P'
    >>> str(SaidStatement("draw trumps, S"))
    'draw trumps, S'
    """

    said: str

    def localized(self) -> str:
        """The statement in the active language (:func:`statement_written`)."""
        return statement_written(self.said, get_language())

    def __str__(self) -> str:
        return self.said


def _keyword(kind: str, lowered: str) -> str | None:
    """What follows a word of ``kind`` that ``lowered`` starts with (``""`` for none), or None.

    The word must stand alone: ``finesse hq`` gives ``"hq"``, ``finessehq`` gives
    ``"hq"`` too, refused later for want of a space (``None`` only when no word matches).
    """
    for word in WORDS_READ[kind]:
        if lowered.startswith(word):
            return lowered[len(word) :]
    return None


def _argument(rest: str) -> str | None:
    """The one word after a keyword (``" hq"`` gives ``"hq"``), or None if it is not one."""
    words = rest.split()
    return words[0] if len(words) == 1 and rest[:1].isspace() else None


def _step(text: str, number: int, part: str, lang: str = "en") -> Step:
    lowered = part.lower()
    try:
        if " ".join(lowered.split()) in WORDS_READ["draw"]:
            return Step("draw")
        rest = _keyword("finesse", lowered)
        if rest is not None:
            word = _argument(rest)
            if word is None or len(word) < 2:
                raise _bad(text, number, part, N_("expected a card to finesse, such as finesse HQ"))
            return Step("finesse", card=Card.from_str(word.upper(), lang))
        rest = _keyword("played", lowered)
        if rest is not None:
            words = rest.split()
            if not words or not rest[:1].isspace():
                raise _bad(
                    text, number, part, N_("expected the cards played, such as played HA H3 H5 H7")
                )
            return Step("played", cards=tuple(Card.from_str(word.upper(), lang) for word in words))
        rest = _keyword("ruff", lowered)
        if rest is not None:
            word = _argument(rest)
            if word is None:
                raise _bad(text, number, part, N_("expected a suit to ruff, such as ruff D"))
            return Step("ruff", suit=Suit.from_str(word.upper(), lang))
        rest = _keyword("cash", lowered)
        if rest is not None and rest[:1].isspace():
            lowered = rest.strip()
        return Step("cash", suit=Suit.from_str(lowered.upper(), lang))
    except NotationError as error:
        if isinstance(error, InvalidClaimError):
            raise
        raise _bad(
            text,
            number,
            part,
            N_("expected a suit, draw trumps, finesse CARD, ruff SUIT or played CARDS"),
        ) from None


def _bad(text: str, number: int, part: str, reason: str) -> InvalidClaimError:
    return InvalidClaimError(
        text,
        N_("step {number} '{part}': {why}"),
        number=number,
        part=part,
        why=_Reason(reason),
    )


@dataclass(frozen=True)
class _Reason:
    """A catalog reason nested in another message, translated when shown."""

    text: str

    def localized(self) -> str:
        from arbitro.i18n import gettext

        return gettext(self.text)

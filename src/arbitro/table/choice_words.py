"""The words of a decision's choices (``accept``, ``refuse``, ...) in each language.

A decision's options and the rulings that answer them name a choice by a word, kept in
English in the log (``{"event": "decision", "by": "S", "choice": "refuse"}``), in the
table's JSON and in a PBN note. People read it in their language: a Spanish replay
offers ``aceptar`` and ``rechazar``, and its rulings say ``Sur: rechazar``. Both words
are read back, whatever the language: a log, a note or a program may answer
``rechazar``; the table keeps ``refuse``. A choice named by its Law (``27B1a``) or by a
number of tricks (``2``) is the same in both languages.

No Spanish word is an English choice of another meaning (``natural`` and
``artificial`` are the same word in both).

>>> choice_written("refuse", "es"), choice_read("rechazar"), choice_read("27B1a")
('rechazar', 'refuse', '27B1a')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arbitro.i18n import get_language

SPANISH_CHOICES: Final[dict[str, str]] = {
    "accept": "aceptar",
    "refuse": "rechazar",
    "dispute": "discutir",
    "artificial": "artificial",
    "natural": "natural",
    "different": "distinta",
    "same": "misma",
    "card": "carta",
    "concealed": "oculta",
    "exposed": "expuesta",
    "declarer": "declarante",
    "dummy": "muerto",
    "forbid": "prohibir",
    "forbid_suits": "prohibir_palos",
    "require": "exigir",
    "highest": "alta",
    "lowest": "baja",
    "keep": "mantener",
    "none": "ninguna",
    "spread": "extender",
    "withdraw": "retirar",
    "adjusted": "ajustada",
    "ask": "pregunta",
    "call": "voz",
    "claim": "reclamación",
    "contract": "contrato",
    "explanation": "explicación",
    "inspect": "examinar",
    "lead": "salida",
    "object": "objeción",
    "play": "jugada",
    "review": "revisión",
    "statement": "aclaración",
    "wrong_way": "girada",
}
"""Each choice's English word (the log's) and its Spanish word."""

_READ: Final[dict[str, str]] = {
    **{english: english for english in SPANISH_CHOICES},
    **{spanish: english for english, spanish in SPANISH_CHOICES.items()},
    # Typed without its accent, as on a keyboard that has none: "reclamacion".
    **{
        spanish.translate(str.maketrans("áéíóú", "aeiou")): english
        for english, spanish in SPANISH_CHOICES.items()
    },
}


def choice_written(choice: str, lang: str = "en") -> str:
    """The word ``lang`` writes the choice ``choice`` (the log's English word) with.

    >>> choice_written("forbid_suits", "es"), choice_written("accept"), choice_written("2", "es")
    ('prohibir_palos', 'accept', '2')
    """
    return SPANISH_CHOICES.get(choice, choice) if lang == "es" else choice


def choice_read(text: str) -> str:
    """The choice ``text`` names, as the log writes it: an English or a Spanish word.

    Text that is no choice word (a Law, a number of tricks, a typing slip) is returned
    as it is, for the decision to take or refuse.

    >>> choice_read("Aceptar"), choice_read("accept"), choice_read("12C1"), choice_read("revision")
    ('accept', 'accept', '12C1', 'review')
    """
    return _READ.get(text.strip().lower(), text)


@dataclass(frozen=True)
class ChoiceWords:
    """Choices named in a message, written in the reader's language when it is shown.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     ChoiceWords(("accept", "refuse")).localized()
    'aceptar, rechazar'
    >>> str(ChoiceWords(("accept",)))
    'accept'
    """

    choices: tuple[str, ...]

    def localized(self) -> str:
        """The choices in the active language, separated by commas."""
        return ", ".join(choice_written(choice, get_language()) for choice in self.choices)

    def __str__(self) -> str:
        return ", ".join(self.choices)

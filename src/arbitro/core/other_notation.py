"""A contract, card or seat refused in one notation that reads in the other.

Contracts, seats and cards are read in one notation, never guessed (``C`` is clubs in
English and hearts in Spanish): a Spanish director who types ``4S``, ``W`` or ``HK`` is
refused. When the refused text reads in the other notation, :func:`in_other_notation`
says how it is written in the notation in force, and :func:`other_notation_hint` says
so in words; the command line and the desk's forms add it to the refusal. Nothing is
read differently: the text stays refused.

>>> from arbitro.core.seat import Seat
>>> from arbitro.core.errors import NotationError
>>> try:
...     Seat.from_str("W", "es")
... except NotationError as error:
...     print(other_notation_hint(error, "es"))
'W' is in English notation: write O
"""

from __future__ import annotations

from typing import NamedTuple

from arbitro.core.card import Card
from arbitro.core.contract import Contract
from arbitro.core.errors import (
    InvalidCardError,
    InvalidContractError,
    InvalidSeatError,
    NotationError,
)
from arbitro.core.seat import Seat
from arbitro.i18n import N_, gettext

NOTATION_NAMES = {"en": N_("English notation"), "es": N_("Spanish notation")}
"""Each notation as a hint names it."""


class OtherNotation(NamedTuple):
    """A refused text that reads in the ``other`` notation, ``written`` in the one in force."""

    text: str
    other: str
    written: str


def in_other_notation(error: BaseException, notation: str) -> OtherNotation | None:
    """The contract, card or seat ``error`` refused in ``notation``, if the other notation reads it.

    The error is looked for along what ``error`` was raised from or while handling.

    >>> try:
    ...     Contract.from_str("4P", "en")
    ... except InvalidContractError as error:
    ...     in_other_notation(error, "en")
    OtherNotation(text='4P', other='es', written='4S')
    >>> in_other_notation(ValueError("4S"), "es") is None
    True
    """
    refused = _notation_error(error)
    if refused is None:
        return None
    other = "es" if notation == "en" else "en"
    text = refused.text.strip()
    try:
        if isinstance(refused, InvalidContractError):
            written = Contract.from_str(text, other).to_str(notation)
        elif isinstance(refused, InvalidCardError):
            written = Card.from_str(text, other).to_str(notation)
        else:
            written = Seat.from_str(text, other).to_str(notation)
    except NotationError:
        return None
    return OtherNotation(text, other, written)


def other_notation_hint(error: BaseException, notation: str) -> str:
    """The hint for ``error`` (refused in ``notation``), in the active language; ``""`` if none.

    >>> try:
    ...     Card.from_str("CR", "en")
    ... except InvalidCardError as error:
    ...     print(other_notation_hint(error, "en"))
    'CR' is in Spanish notation: write HK
    """
    found = in_other_notation(error, notation)
    if found is None:
        return ""
    return gettext("'{text}' is in {notation}: write {written}").format(
        text=found.text, notation=gettext(NOTATION_NAMES[found.other]), written=found.written
    )


def _notation_error(error: BaseException) -> NotationError | None:
    """The contract, card or seat error ``error`` is, or was raised while handling."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, InvalidContractError | InvalidCardError | InvalidSeatError):
            return current
        current = current.__cause__ or current.__context__
    return None

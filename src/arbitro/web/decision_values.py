"""The value a decision's option needs (a suit, suits, a card, a call), typed in a notation.

The ruling assistant (:mod:`arbitro.web.rulings`) and the director's table
(:mod:`arbitro.web.director_table`) both ask the director to type the value an option
needs when there is no button for it. Both read it here, in the notation of the page
(``P`` is spades and ``C`` hearts in Spanish), and write it in the log's, English
(:func:`option_value`); the input says what to type, with examples in that notation
(:func:`value_hint`). Whether the value is one the option allows is the table's to say.

>>> option_value(Option("require", "50D2a", "require", "suit", (Suit.SPADES,)), "P", "es")
{'suit': 'S'}
"""

from __future__ import annotations

from arbitro.core.card import Card
from arbitro.core.errors import ArbitroError, BadInputError, MessageError, Problem
from arbitro.core.rank import Rank
from arbitro.core.suit import Suit
from arbitro.i18n import N_
from arbitro.laws.auction import read_call
from arbitro.table.rulings import Option

__all__ = ["DecisionValueError", "option_value", "value_hint"]


class DecisionValueError(MessageError, BadInputError):
    """A value typed for an option that cannot be read; the message names the option.

    >>> print(DecisionValueError(N_("option '{option}': expected {expected}, not '{value}'"),
    ...                          option="require", expected="suit (S)", value="Z"))
    option 'require': expected suit (S), not 'Z'
    """


_VALUE_HINTS = {
    "suit": N_("suit ({examples})"),
    "suits": N_("suits ({examples})"),
    "card": N_("card ({examples})"),
    "call": N_("call ({examples})"),
}
"""What an option's value is, as its input names it, with examples in the notation read."""

_ANY_CARDS = (Card(Suit.SPADES, Rank.ACE), Card(Suit.HEARTS, Rank.TEN))
_ANY_CALLS = ("1NT", "2S", "Pass")
_CARDS_SHOWN = 4
"""The cards an option offers that its hint lists; more are left to the table's account."""


def value_hint(option: Option, lang: str) -> Problem:
    """What ``option``'s value is typed as, with examples in ``lang``'s notation.

    The placeholder and label of the option's input, and what a value that cannot be
    read is told it should be; its word is put in the active language when shown. The
    examples are the suits or cards the option offers, when it names them.

    >>> print(value_hint(Option("require", "50D2a", "require", "suit", (Suit.SPADES,)), "es"))
    suit (P)
    >>> print(value_hint(Option("card", "46B5", "the card dummy plays", "card"), "es"))
    card (PA, C10)
    >>> print(value_hint(Option("call", "27C", "the replacement call", "call"), "en"))
    call (1NT, 2S, Pass)
    """
    needs = option.needs or "card"
    if needs in ("suit", "suits"):
        suits = sorted(option.suits or tuple(Suit), reverse=True)
        examples = ", ".join(suit.to_str(lang) for suit in suits)
    elif needs == "call":
        examples = ", ".join(read_call(call).to_str(lang) for call in _ANY_CALLS)
    else:
        cards = option.cards or _ANY_CARDS
        examples = ", ".join(card.to_str(lang) for card in cards[:_CARDS_SHOWN])
        if len(cards) > _CARDS_SHOWN:
            examples += ", …"
    return Problem(_VALUE_HINTS.get(needs, _VALUE_HINTS["card"]), {"examples": examples})


def option_value(option: Option, text: str, lang: str) -> dict[str, object]:
    """The log's fields for ``text``, typed for ``option`` in ``lang``'s notation: English notation.

    Read in ``lang``'s notation only (``C`` is clubs in English and hearts in Spanish);
    suits are separated by blanks or commas. Whether the value is one the option allows
    is the table's to say, when the decision is applied. An option that needs no value
    takes none.

    >>> option_value(Option("card", "46B5", "the card dummy plays", "card"), "c10", "es")
    {'card': 'HT'}
    >>> option_value(Option("artificial", "29C", "an artificial bid", "suits"), "P, C", "es")
    {'suits': ['S', 'H']}
    >>> option_value(Option("call", "27C", "the replacement call", "call"), "1SA", "es")
    {'call': '1NT'}
    >>> option_value(Option("require", "26A2a", "require the lead of a suit", "suit"), "P", "en")
    Traceback (most recent call last):
    ...
    arbitro.web.decision_values.DecisionValueError: option 'require the lead of a suit': expected suit (S, H, D, C), not 'P'
    """
    if option.needs not in _VALUE_HINTS:
        return {}
    try:
        value = _read_value(option.needs, text, lang)
    except ArbitroError:
        value = None
    if value is None:
        raise DecisionValueError(
            N_("option '{option}': expected {expected}, not '{value}'"),
            option=Problem(option.text),
            expected=value_hint(option, lang),
            value=text.strip(),
        )
    return {option.needs: value}


def _read_value(needs: str, text: str, lang: str) -> str | list[str] | None:
    """The value ``text`` of the kind ``needs``, read in ``lang``, in English notation."""
    if needs == "suit":
        return Suit.from_str(text, lang).to_str()
    if needs == "suits":
        words = text.replace(",", " ").split()
        return [Suit.from_str(word, lang).to_str() for word in words] or None
    if needs == "call":
        return str(read_call(text, lang))
    return Card.from_str(text, lang).to_str()

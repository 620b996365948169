"""Law 46: what declarer's words designate among dummy's cards.

Declarer should name suit and rank (46A). When he does not, 46B says which card he is
deemed to have named: "high" the highest, "win" the lowest known to win the trick,
"low" the lowest (of one suit: the suit led when dummy follows, or a suit declarer names
with the word; dummy holding two suits or more to choose from, the words name no suit
and declarer must say which); a suit alone its lowest card; a rank alone that card in the suit
with which dummy won the last trick when leading, otherwise that card if it is the
only one of the rank that may be played; a card dummy does not hold designates
nothing; "anything" lets a defender choose.

The log keeps declarer's words as they were given, their suits and ranks in English
notation (its words, "high" or "alta", in either language); :class:`DesignationWords`
quotes them in a message in the reader's words and notation (:func:`designation_written`:
``HT`` is ``C10`` in Spanish).

>>> from arbitro.core import Hand, Strain
>>> dummy = Hand.from_str("AQ5.K2.-.98765432")
>>> designate("high", dummy.mask, [Card.from_str("SK").index], Strain.HEARTS).card
Card(Suit.SPADES, Rank.ACE)
>>> designate("win", dummy.mask, [Card.from_str("SK").index], Strain.HEARTS).card
Card(Suit.SPADES, Rank.ACE)
>>> designate("low", dummy.mask, [Card.from_str("SK").index], Strain.HEARTS).card
Card(Suit.SPADES, Rank.FIVE)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.core import Card, InvalidCardError, Rank, Strain, Suit
from arbitro.core.errors import InvalidRankError, InvalidSuitError
from arbitro.core.notation import SUIT_SYMBOL_VARIANTS, check_notation_language
from arbitro.i18n import Language, get_language
from arbitro.laws.play import playable_mask, suit_mask, trick_winner

HIGH = frozenset({"high", "top", "alta", "arriba"})
LOW = frozenset({"low", "small", "baja", "pequeña", "abajo"})
WIN = frozenset({"win", "gana", "ganar"})
ANY = frozenset({"anything", "any", "cualquiera", "la que quieras", "lo que quieras"})

WORDS_WRITTEN: dict[Language, dict[frozenset[str], str]] = {
    "en": {HIGH: "high", LOW: "low", WIN: "win", ANY: "anything"},
    "es": {HIGH: "alta", LOW: "baja", WIN: "gana", ANY: "cualquiera"},
}
"""The word each language quotes declarer's word of each kind with (``top`` is ``alta``)."""


@dataclass(frozen=True, slots=True)
class Designation:
    """What declarer's words designate: a card, or why none (with the Law).

    ``defender_chooses`` is 46B5; ``ambiguous`` means declarer must name the suit: a
    rank with two legal cards of it (46B3b), or "high" or "low" with legal cards of two
    suits or more (46B1a, 46B1c); a card of None otherwise means 46B4 (declarer may
    designate any legal card).

    >>> Designation(None, "46B4").card is None
    True
    """

    card: Card | None
    law: str
    defender_chooses: bool = False
    ambiguous: bool = False


def designation_written(text: str, lang: str = "en") -> str:
    """Declarer's words ``text``, as the log keeps them, in ``lang``'s words and notation.

    A word of :data:`HIGH`, :data:`LOW`, :data:`WIN` or :data:`ANY` is written as ``lang``
    says it (:data:`WORDS_WRITTEN`); a card, a suit letter or a rank, read in English
    notation as :func:`designate` reads it, is written in ``lang``'s notation (in
    English as it was given); a suit symbol and any other word stay as they are.

    >>> designation_written("HT", "es"), designation_written("low C", "es"), designation_written("Q", "es")
    ('C10', 'baja T', 'D')
    >>> designation_written("ht", "en"), designation_written("alta ♠", "en"), designation_written("la que quieras")
    ('ht', 'high ♠', 'anything')
    """
    language = check_notation_language(lang)
    whole = _word_written(" ".join(text.split()), language)
    if whole is not None:
        return whole
    return " ".join(_written(word, language) for word in text.split())


def _word_written(word: str, lang: Language) -> str | None:
    """``word`` as ``lang`` writes it if it is a word of :data:`WORDS_WRITTEN`'s, else None."""
    lowered = word.lower()
    for kind, written in WORDS_WRITTEN[lang].items():
        if lowered in kind:
            return written
    return None


def _written(word: str, lang: Language) -> str:
    """One of declarer's words in ``lang``: a word, a card, a suit letter or a rank."""
    written = _word_written(word, lang)
    if written is not None:
        return written
    if lang == "en" or any(symbol in word for symbol in SUIT_SYMBOL_VARIANTS):
        return word
    try:
        return Card.from_str(word).to_str(lang)
    except InvalidCardError:
        pass
    try:
        return Suit.from_str(word).to_str(lang)
    except InvalidSuitError:
        pass
    try:
        return Rank.from_str(word).to_str(lang)
    except InvalidRankError:
        return word


@dataclass(frozen=True)
class DesignationWords:
    """Declarer's words for dummy's card, quoted in a message in the reader's words and notation.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     DesignationWords("HT").localized()
    'C10'
    >>> str(DesignationWords("HT"))
    'HT'
    """

    text: str

    def localized(self) -> str:
        """The words in the active language (:func:`designation_written`)."""
        return designation_written(self.text, get_language())

    def __str__(self) -> str:
        return self.text


def designate(
    text: str,
    dummy: int,
    trick: Sequence[int],
    trumps: Strain,
    last_won_in_dummy: Suit | None = None,
    lang: str = "en",
    threats: int = 0,
) -> Designation:
    """The card of dummy's (a 52-bit mask) that ``text`` designates (Law 46).

    ``trick`` is the cards already played to the trick (indexes, the lead first);
    ``last_won_in_dummy`` the suit with which dummy won the last trick, if it did;
    ``threats`` the cards declarer cannot see that a defender still to play to the
    trick after dummy may play (46B1b: a card is known to win only if none beats it).

    >>> from arbitro.core import Hand, Strain, Suit
    >>> dummy = Hand.from_str("AQ5.K2.-.98765432").mask
    >>> designate("H", dummy, [], Strain.NOTRUMP).card
    Card(Suit.HEARTS, Rank.TWO)
    >>> designate("Q", dummy, [], Strain.NOTRUMP, last_won_in_dummy=Suit.SPADES).law
    '46B3a'
    >>> designate("DA", dummy, [], Strain.NOTRUMP).law
    '46B4'
    >>> designate("anything", dummy, [], Strain.NOTRUMP).defender_chooses
    True
    >>> designate("low", dummy, [], Strain.NOTRUMP).ambiguous, designate("low H", dummy, [],
    ...                                                                   Strain.NOTRUMP).card
    (True, Card(Suit.HEARTS, Rank.TWO))
    """
    words = text.strip().lower()
    led = trick[0] // 13 if trick else None
    legal = playable_mask(dummy, led)
    if words in ANY:
        return Designation(None, "46B5", defender_chooses=True)
    relative = _high_or_low(words, lang)
    if relative is not None:
        high, named = relative
        law = "46B1a" if high else "46B1c"
        pool = legal if named is None else dummy & suit_mask(named)
        if not pool:
            return Designation(None, "46B4")
        if named is None and len({index // 13 for index in _bits(pool)}) > 1:
            # Cards of two suits or more: the words name no suit; declarer says which
            # (as for a rank without a suit, 46B3b).
            return Designation(None, law, ambiguous=True)
        index = pool.bit_length() - 1 if high else (pool & -pool).bit_length() - 1
        return Designation(Card.from_index(index), law)
    if words in WIN:
        return _lowest_winner(legal, trick, trumps, threats)
    try:
        card = Card.from_str(text, lang)
    except InvalidCardError:
        card = None
    if card is not None:
        if not dummy >> card.index & 1:
            return Designation(None, "46B4")
        return Designation(card, "46A")
    try:
        suit = Suit.from_str(text, lang)
    except InvalidSuitError:
        suit = None
    if suit is not None:
        held = dummy & suit_mask(suit)
        if not held:
            return Designation(None, "46B4")
        return Designation(Card.from_index((held & -held).bit_length() - 1), "46B2")
    try:
        rank = Rank.from_str(text, lang)
    except InvalidRankError:
        return Designation(None, "46B4")
    return _by_rank(rank, dummy, legal, led, last_won_in_dummy)


def _high_or_low(words: str, lang: str) -> tuple[bool, Suit | None] | None:
    """Whether ``words`` say "high" (True) or "low" (False), and the suit they name if any.

    "high", "low", or either with a suit before or after it ("low D", "♠ alta").

    >>> _high_or_low("low", "en"), _high_or_low("alta ♠", "en"), _high_or_low("SK", "en")
    ((False, None), (True, Suit.SPADES), None)
    """
    if words in HIGH or words in LOW:
        return words in HIGH, None
    parts = words.split()
    if len(parts) != 2:
        return None
    for word, suit in (parts, parts[::-1]):
        if word in HIGH or word in LOW:
            try:
                return word in HIGH, Suit.from_str(suit, lang)
            except InvalidSuitError:
                return None
    return None


def _bits(mask: int) -> list[int]:
    return [index for index in range(52) if mask >> index & 1]


def _lowest_winner(
    legal: int, trick: Sequence[int], trumps: Strain, threats: int = 0
) -> Designation:
    """46B1b: the lowest card known to win: it beats the cards played and every threat."""
    if not trick:
        return Designation(None, "46B4")
    for index in range(52):
        if legal >> index & 1:
            cards = [*trick, index]
            if trick_winner(cards, trumps) == len(trick) and all(
                trick_winner([*cards, threat], trumps) == len(trick) for threat in _bits(threats)
            ):
                return Designation(Card.from_index(index), "46B1b")
    return Designation(None, "46B4")


def _by_rank(
    rank: Rank, dummy: int, legal: int, led: int | None, last_won_in_dummy: Suit | None
) -> Designation:
    if led is None and last_won_in_dummy is not None:
        index = 13 * last_won_in_dummy + rank - 2
        if dummy >> index & 1:
            return Designation(Card.from_index(index), "46B3a")
    candidates = [13 * suit + rank - 2 for suit in range(4) if legal >> (13 * suit + rank - 2) & 1]
    if not candidates:
        return Designation(None, "46B4")
    if len(candidates) > 1:
        return Designation(None, "46B3b", ambiguous=True)
    return Designation(Card.from_index(candidates[0]), "46B3b")

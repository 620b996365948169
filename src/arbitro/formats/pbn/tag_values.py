r"""The values of PBN's tags: their checks, and their spelling in export format.

:data:`CHECKS` holds the check of each tag Árbitro models (PBN 3.4 and 4): a date, a
round, a board number, a seat, a vulnerability, a deal, a contract, a result, a
score, a note; each returns None for a good value or the problem's message and its
details. :func:`canonical` writes a value that import format allows (lower case,
ranks in any order, PBN 3.11 and 3.4.11) as export format wants it.

>>> CHECKS["Board"]("0", True)
('expected a board number from 1 to {largest}', {'largest': 999999999})
>>> CHECKS["Dealer"]("N", True) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arbitro.i18n import N_

_DATE = re.compile(r"([0-9]{4}|\?{4})\.([0-9][0-9]|\?\?)\.([0-9][0-9]|\?\?)|\?")
_ROUND = re.compile(r"[0-9A-Za-z]+(?:[.:][0-9A-Za-z]+)*")
_WHOLE = re.compile(r"[0-9]{1,9}")
MAX_BOARD = 999_999_999
"""The largest board number a PBN file may give: nine digits."""
_BOARD = re.compile(r"[1-9][0-9]{0,8}")
_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT)(X|XX)?")
CONTRACT_LENIENT = re.compile(r"([1-7])(C|D|H|S|NT|N)(X|XX)?", re.IGNORECASE)
"""A contract as lenient mode reads it: any case, notrump also ``N`` (``4n``, ``3NTx``)."""
_SCORE = re.compile(r"(?:(?:NS|EW) )?[+-]?[0-9]{1,9}(?: (?:NS|EW) [+-]?[0-9]{1,9})?")
_DECIMAL_SCORE = re.compile(
    r"(?:(?:NS|EW) )?[+-]?[0-9]{1,9}(?:\.[0-9]*)?(?: (?:NS|EW) [+-]?[0-9]{1,9}(?:\.[0-9]*)?)?"
)
_PERCENTAGE = re.compile(
    r"(?:(?:NS|EW) )?[0-9]{1,9}(?:\.[0-9]*)?(?: (?:NS|EW) [0-9]{1,9}(?:\.[0-9]*)?)?"
)
_OPTIMUM = re.compile(r"(?:NS|EW) [+-]?[0-9]{1,9}")
RESULT_SIDES = re.compile(r"(NS|EW) ([0-9]{1,9})(?: (NS|EW) ([0-9]{1,9}))?")
"""A ``Result`` given by side (``NS 9 EW 4``): the side and its tricks, once or twice."""
_SCORING = re.compile(r"[A-Za-z0-9_-]+(?:;[A-Za-z0-9_-]+)*")
NOTE = re.compile(r"([0-9]{1,9}):(.*)", re.DOTALL)
"""A ``Note`` value: its number, a colon, its text."""
VULNERABLE = ("None", "Love", "-", "NS", "EW", "All", "Both")
"""The spellings of ``Vulnerable`` PBN 3.4.10 allows."""
_VULNERABLE_SPELLED = {spelling.lower(): spelling for spelling in VULNERABLE}
"""Each spelling of ``Vulnerable`` by its lower case, as import format may write it."""
SEATS = ("N", "E", "S", "W")
"""The seats as PBN writes them."""
UNKNOWN = ("", "?")
"""The values that leave a tag unknown (or, empty, irrelevant)."""

Check = Callable[[str, bool], tuple[str, dict[str, object]] | None]
"""The check of a tag's value (strict mode or not): None, or a message and its details."""


_RANK_ORDER = "AKQJT98765432"
_ANY_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT)(X|XX)?", re.IGNORECASE)
_LENIENT_NT = re.compile(r"([1-7])N(X|XX)?", re.IGNORECASE)
_ORDERED_SUIT = re.compile("A?K?Q?J?T?9?8?7?6?5?4?3?2?")
"""A suit's ranks, each once, from the ace down."""
_ORDERED_HAND = re.compile(r"(?:A?K?Q?J?T?9?8?7?6?5?4?3?2?\.){3}A?K?Q?J?T?9?8?7?6?5?4?3?2?")
"""A hand's four suits by dots, each as :data:`_ORDERED_SUIT`."""


def canonical(name: str, value: str, *, lenient: bool = False) -> str:
    """``value`` of tag ``name`` as export format writes it, when import format allows it.

    PBN 3.11: import format may write in lower case the contract (``2Dx``, ``3nt``,
    ``pass``), the seats of ``Dealer``, ``Declarer`` and ``Deal`` and the ranks of
    ``Deal`` (``n``, ``akq``), and ``Vulnerable`` (``none``, ``both``); 3.4.11: the
    ranks of a suit in any order. Each comes back upper case, ranks from the ace down.
    ``lenient`` also writes ``4N`` as ``4NT``. A value import format does not allow
    is returned as it is (the checks report it).

    >>> [canonical("Contract", value) for value in ("2Dx", "3nt", "pass", "4N", "5Hearts")]
    ['2DX', '3NT', 'Pass', '4N', '5Hearts']
    >>> canonical("Contract", "4nxx", lenient=True), canonical("Declarer", "^s")
    ('4NTXX', '^S')
    >>> canonical("Vulnerable", "both"), canonical("Deal", "e:2AK.q.. - - -")
    ('Both', 'E:AK2.Q.. - - -')
    """
    if name == "Contract":
        if value.lower() == "pass":
            return "Pass"
        if value.upper() in ("C", "D", "H", "S", "NT") or _ANY_CONTRACT.fullmatch(value):
            return value.upper()
        nt = _LENIENT_NT.fullmatch(value) if lenient else None
        return value if nt is None else f"{nt.group(1)}NT{(nt.group(2) or '').upper()}"
    if name in ("Dealer", "Declarer"):
        upper = value.upper()
        return upper if upper.removeprefix("^" if name == "Declarer" else "") in SEATS else value
    if name == "Vulnerable":
        return _VULNERABLE_SPELLED.get(value.lower(), value)
    if name == "Deal":
        return _canonical_deal(value)
    return value


def _canonical_deal(value: str) -> str:
    """A ``Deal`` value upper case, each suit's ranks from the ace down (when it is a deal)."""
    upper = value.upper()
    if upper[:1] not in SEATS or upper[1:2] != ":":
        return value
    hands = upper[2:].split(" ")
    if all(hand == "-" or _ORDERED_HAND.fullmatch(hand) for hand in hands):
        return upper  # as export format writes it already, the way most files have it
    written: list[str] = []
    for hand in hands:
        suits = hand.split(".")
        if hand == "-":
            written.append(hand)
            continue
        if len(suits) != 4 or any(
            len(set(suit)) != len(suit) or any(rank not in _RANK_ORDER for rank in suit)
            for suit in suits
        ):
            return value
        written.append(".".join("".join(sorted(suit, key=_RANK_ORDER.index)) for suit in suits))
    return f"{upper[:2]}{' '.join(written)}"


def _date(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    """A date ``YYYY.MM.DD``, ``?`` for an unknown part (PBN 3.4.3): month 01-12, day 01-31.

    >>> _date("1998.07.16", True), _date("1998.??.??", True), _date("1998.13.45", True)[1]
    (None, None, {'example': '1998.07.16'})
    """
    match = _DATE.fullmatch(value)
    if match is None:
        return N_("expected a date such as {example} (? where unknown)"), {"example": "1998.07.16"}
    month, day = match.group(2), match.group(3)
    if (month is not None and month.isdigit() and not 1 <= int(month) <= 12) or (
        day is not None and day.isdigit() and not 1 <= int(day) <= 31
    ):
        return N_("expected a month from 01 to 12 and a day from 01 to 31, as in {example}"), {
            "example": "1998.07.16"
        }
    return None


def _board(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    """A board number from 1 to :data:`MAX_BOARD` (``?`` where unknown).

    >>> _board("12", True), _board("99999999999999999999", True)
    (None, ('expected a board number from 1 to {largest}', {'largest': 999999999}))
    """
    if value in UNKNOWN or _BOARD.fullmatch(value):
        return None
    return N_("expected a board number from 1 to {largest}"), {"largest": MAX_BOARD}


def _round(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in UNKNOWN or _ROUND.fullmatch(value):
        return None
    return N_("expected a round such as {example}"), {"example": "1.A.2"}


def _seat(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in UNKNOWN or value in SEATS:
        return None
    return N_("expected a seat: {choices}, or ? when unknown"), {"choices": "N, E, S, W"}


def _declarer(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in UNKNOWN or value.removeprefix("^") in SEATS:
        return None
    return N_("expected a seat: {choices}, or ? when unknown"), {"choices": "N, E, S, W, ^N…"}


def _vulnerable(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in UNKNOWN or value in VULNERABLE:
        return None
    return N_("expected one of {choices}"), {"choices": ", ".join(VULNERABLE)}


def _contract(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    pattern = _CONTRACT if strict else CONTRACT_LENIENT
    if value in UNKNOWN or value in ("Pass", "C", "D", "H", "S", "NT") or pattern.fullmatch(value):
        return None
    return N_("expected a contract such as {example}, or Pass"), {"example": "4HX"}


def _result(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    written = value.removeprefix("^")
    if value in UNKNOWN or (_WHOLE.fullmatch(written) and int(written) <= 13):
        return None
    sides = RESULT_SIDES.fullmatch(value)
    if sides and sides.group(3) is None and int(sides.group(2)) <= 13:
        return None
    if sides and sides.group(3) not in (None, sides.group(1)):
        if int(sides.group(2)) + int(sides.group(4)) == 13:
            return None
        return N_("the tricks of the two sides must add up to 13"), {}
    return N_("expected the tricks won by declarer, 0 to 13, or {example}"), {
        "example": "NS 9 EW 4"
    }


def _pattern(pattern: re.Pattern[str], example: str) -> Check:
    def check(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
        if value in UNKNOWN or pattern.fullmatch(value):
            return None
        return N_("expected a score such as {example}"), {"example": example}

    return check


def _percentage(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in UNKNOWN:
        return None
    if _PERCENTAGE.fullmatch(value) and all(
        float(number) <= 100 for number in re.findall(r"[0-9]{1,9}(?:\.[0-9]*)?", value)
    ):
        return None
    return N_("expected a percentage from 0 to 100, such as {example}"), {"example": "NS 62.5"}


def _scoring(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in UNKNOWN or _SCORING.fullmatch(value):
        return None
    return N_("expected scoring names separated by ';', such as {example}"), {"example": "IMP"}


def _note(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    match = NOTE.fullmatch(value)
    if match and 1 <= int(match.group(1)) <= 32:
        return None
    return N_("expected a note number from 1 to 32, a colon and its text, as in {example}"), {
        "example": "1:strong"
    }


def _deal(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in UNKNOWN:
        return None
    parts = value[2:].split(" ")
    if value[1:2] != ":" or value[:1] not in SEATS or len(parts) != 4:
        return N_("expected a seat, a colon and four hands (or -), as in {example}"), {
            "example": "N:AKQJ.T98.765.432 - - -"
        }
    seen: set[str] = set()
    counts: list[int] = []
    for part in parts:
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4 or any(not _ORDERED_SUIT.fullmatch(suit) for suit in suits):
            return N_("expected four suits of ranks AKQJT98765432, by dots, in {hand}"), {
                "hand": part
            }
        cards = hand_cards(part)
        if seen & cards:
            return N_("cards in two hands: {cards}"), {"cards": " ".join(sorted(seen & cards))}
        seen |= cards
        counts.append(len(cards))
    if not counts:
        return N_("the deal names no cards"), {}
    if len(set(counts)) > 1 or counts[0] > 13:
        return N_("every hand must hold the same number of cards, at most 13"), {}
    return None


CHECKS: dict[str, Check] = {
    "Date": _date,
    "EventDate": _date,
    "Round": _round,
    "Board": _board,
    "Dealer": _seat,
    "Vulnerable": _vulnerable,
    "Deal": _deal,
    "Declarer": _declarer,
    "Contract": _contract,
    "Result": _result,
    "Scoring": _scoring,
    "Score": _pattern(_SCORE, "NS 620"),
    "ScoreIMP": _pattern(_DECIMAL_SCORE, "NS 6.5"),
    "ScoreMP": _pattern(_DECIMAL_SCORE, "NS 14.5"),
    "ScorePercentage": _percentage,
    "OptimumScore": _pattern(_OPTIMUM, "NS 620"),
    "Note": _note,
}
"""The checks of the tags' values, by tag name (a tag without one is not checked)."""


def hand_cards(hand: str) -> set[str]:
    """The cards of a hand written ``AKQ.JT9.876.5432``, as ``SA``, ``HJ``...

    >>> sorted(hand_cards("A.K.Q.J"))
    ['CJ', 'DQ', 'HK', 'SA']
    """
    return {
        letter + rank for letter, suit in zip("SHDC", hand.split("."), strict=True) for rank in suit
    }

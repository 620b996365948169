"""The field readers of the table log's events: each field's notation, read or refused.

A reader takes the event's JSON object and the field's key, and gives the field's value
or raises :class:`InvalidEventError` naming the field and what was expected. The field
types with few values (seats, cards, calls, suits, vulnerabilities) are looked up as the
codec writes them (:data:`WRITTEN`) before their parser (:data:`PARSERS`) is asked; the
readers of a notation of a field's own (a claim's tricks, a revoke's lateness, ...) are
named in the field's metadata by the event classes.

>>> read_claimed_tricks({"tricks": 14}, "tricks")
Traceback (most recent call last):
...
arbitro.table.event_fields.InvalidEventError: field 'tricks': expected a whole number of tricks from 0 to 13
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, TypeVar, cast

from arbitro.core import (
    CALLS,
    Board,
    Card,
    Deal,
    NotationError,
    Seat,
    Suit,
    Vulnerability,
)
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext
from arbitro.laws.auction import read_call
from arbitro.table.state import DIRECTOR

_Item = TypeVar("_Item")


class InvalidEventError(ArbitroError, ValueError):
    """A table-log entry that is not an event: the field and what was expected.

    >>> print(InvalidEventError("seat", N_("expected one of {choices}"), choices="N, E, S, W"))
    field 'seat': expected one of N, E, S, W
    """

    def __init__(self, field: str, reason: str, **details: object) -> None:
        self.field = field
        self.reason = reason
        self.details = details
        super().__init__(field, reason)

    def __str__(self) -> str:
        return gettext("field '{field}': {reason}").format(
            field=self.field, reason=gettext(self.reason).format(**self.details)
        )


PARSERS: dict[str, Any] = {
    "Seat": Seat.from_str,
    "Card": Card.from_str,
    "AnyCall": read_call,
    "Deal": Deal.from_str,
    "Suit": Suit.from_str,
    "Vulnerability": Vulnerability.from_str,
}
"""How each field type named in a declaration reads from its text."""


def _as_written(parse: Callable[[str], object], values: Iterable[object]) -> dict[str, Any]:
    """Each value's text as the codec writes it, mapped to what ``parse`` reads from it.

    The table is ``parse``'s own answers, worked out once: a field found in it reads as
    ``parse`` would read it, and any other text goes to ``parse`` (and its error).

    >>> _as_written(Seat.from_str, Seat)["E"]
    Seat.EAST
    """
    return {str(value): parse(str(value)) for value in values}


WRITTEN: dict[str, dict[str, Any]] = {
    "Seat": _as_written(Seat.from_str, Seat),
    "Card": _as_written(Card.from_str, map(Card.from_index, range(52))),
    "AnyCall": _as_written(read_call, CALLS),
    "Suit": _as_written(Suit.from_str, Suit),
    "Vulnerability": _as_written(Vulnerability.from_str, Vulnerability),
}
"""The value of each text the codec writes for the field types that have few values."""


def read_flag(data: dict[str, Any], name: str, default: object) -> bool:
    """A ``bool`` field: true or false, ``default`` if absent."""
    flag = data.get(name, default)
    if not isinstance(flag, bool):
        raise InvalidEventError(name, N_("expected true or false"))
    return flag


def read_number(data: dict[str, Any], name: str, optional: bool) -> int | None:
    """An ``int`` field: a whole number from 1 up; ``None`` if absent and ``optional``."""
    number = read_optional_number(data, name)
    if number is None and not optional:
        raise InvalidEventError(name, N_("missing"))
    return number


def read_late(data: dict[str, Any], name: str) -> str | None:
    """When attention to a revoke came late (64B4, 64B5), if it did."""
    late = data.get(name)
    if late not in (None, "next board", "round end"):
        raise InvalidEventError(name, N_("expected next board or round end"))
    return late


def read_claimed_tricks(data: dict[str, Any], name: str) -> int:
    """The tricks a claim is of: a whole number from 0 to 13 (Law 68)."""
    tricks = data.get(name)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise InvalidEventError(name, N_("expected a whole number of tricks from 0 to 13"))
    return tricks


def read_statement(data: dict[str, Any], name: str) -> str:
    """The claimer's statement as he gave it, without blanks around it; empty if none."""
    statement = data.get(name, "")
    if not isinstance(statement, str):
        raise InvalidEventError(name, N_("expected the claimer's statement as text"))
    return statement.strip()


def read_designation(data: dict[str, Any], name: str) -> str:
    """What declarer said to designate dummy's card (Law 46), without blanks around it."""
    text = data.get(name)
    if not isinstance(text, str) or not text.strip():
        raise InvalidEventError(name, N_("expected what declarer said"))
    return text.strip()


def read_explained_call(data: dict[str, Any], name: str) -> int:
    """The number of the call explained: a whole number from 1 up, required."""
    number = read_optional_number(data, name)
    if number is None:
        raise InvalidEventError(name, N_("expected a whole number from 1 up"))
    return number


def read_explanation(data: dict[str, Any], name: str) -> str:
    """An explanation's words, as text (Law 20F)."""
    text = data.get(name)
    if not isinstance(text, str):
        raise InvalidEventError(name, N_("expected the explanation as text"))
    return text


def read_listed_cards(data: dict[str, Any], name: str) -> tuple[Card, ...]:
    """A list of one or more cards, each as its text."""
    cards = data.get(name)
    if not isinstance(cards, list) or not cards:
        raise InvalidEventError(name, N_("expected a list of one or more cards"))
    return tuple(read_value(name, text, Card.from_str) for text in cards)


def read_truthy(data: dict[str, Any], name: str) -> bool:
    """A flag read as any JSON value's truth: absent is false."""
    return bool(data.get(name, False))


def read_true(data: dict[str, Any], name: str) -> bool:
    """A flag that is true only when written ``true``; any other value is false."""
    return data.get(name) is True


def read_board_number(data: dict[str, Any], name: str) -> int | None:
    """The board's number, if given (from 1 up)."""
    return read_optional_number(data, name)


def read_dealer(data: dict[str, Any], name: str) -> Seat:
    """The dealer as given, else the board number's (Law 2).

    >>> read_dealer({"board": 2}, "dealer")
    Seat.EAST
    """
    missing = N_("give the board number or the dealer")
    return cast(Seat, _given_or_boards(data, name, "Seat", attrgetter("dealer"), missing))


def read_vulnerability(data: dict[str, Any], name: str) -> Vulnerability:
    """The vulnerability as given, else the board number's (Law 2).

    >>> read_vulnerability({"board": 2}, "vulnerable")
    Vulnerability.NS
    >>> read_vulnerability({"vulnerable": "All"}, "vulnerable")
    Vulnerability.ALL
    """
    missing = N_("give the board number or the vulnerability")
    return cast(
        Vulnerability,
        _given_or_boards(data, name, "Vulnerability", attrgetter("vulnerability"), missing),
    )


def _given_or_boards(
    data: dict[str, Any], name: str, kind: str, boards: Callable[[Board], object], missing: str
) -> Any:
    """A field of type ``kind`` as given, else ``boards`` of the board numbered (Law 2).

    ``missing`` is the error when neither the field nor the board's number is given.
    """
    if name in data:
        return _looked_up(data, name, kind)
    if data.get("board") is None:
        raise InvalidEventError(name, missing)
    return boards(Board(data["board"]))


def _looked_up(data: dict[str, Any], name: str, kind: str) -> Any:
    """A field of type ``kind`` found in :data:`WRITTEN` as the codec writes it, else parsed."""
    try:
        return WRITTEN[kind][data[name]]
    except (KeyError, TypeError):  # missing, not as the codec writes it, or not text
        return read_field(data, name, PARSERS[kind])


def read_misinformation(data: dict[str, Any], name: str) -> bool:
    """Whether a change's reason is misinformation (21B), the only reason written."""
    reason = data.get(name)
    if reason not in (None, "misinformation"):
        raise InvalidEventError(name, N_("expected misinformation, or no reason"))
    return reason == "misinformation"


def write_misinformation(value: bool) -> str:
    """The reason written for a change after misinformation (written only when true)."""
    return "misinformation"


def read_two(
    read_one: Callable[[dict[str, Any]], _Item], expected: str
) -> Callable[[dict[str, Any], str], tuple[_Item, _Item]]:
    """The reader of a field that lists two objects, each read by ``read_one``.

    Two calls made at once (Law 33), two cards played at once (58A): ``expected`` says
    what the list must hold, for the error when it holds anything else.

    >>> read_pair = read_two(len, "expected two objects")
    >>> read_pair({"pair": [{"seat": "N"}, {}]}, "pair")
    (1, 0)
    >>> read_pair({"pair": [{}]}, "pair")
    Traceback (most recent call last):
    ...
    arbitro.table.event_fields.InvalidEventError: field 'pair': expected two objects
    """

    def read(data: dict[str, Any], name: str) -> tuple[_Item, _Item]:
        listed = data.get(name)
        if not isinstance(listed, list) or len(listed) != 2:
            raise InvalidEventError(name, expected)
        if not all(isinstance(item, dict) for item in listed):
            raise InvalidEventError(name, expected)
        return read_one(listed[0]), read_one(listed[1])

    return read


def read_decided_by(data: dict[str, Any], name: str) -> str:
    """Who gives a decision: ``director`` or a seat letter."""
    by = data.get(name)
    if by == DIRECTOR:
        return DIRECTOR
    try:
        return str(Seat.from_str(str(by)))
    except NotationError:
        raise InvalidEventError(name, N_("expected director or a seat (N, E, S, W)")) from None


def read_choice(data: dict[str, Any], name: str) -> str:
    """The name of the option a decision chooses: any text but the empty one."""
    choice = data.get(name)
    if not isinstance(choice, str) or not choice:
        raise InvalidEventError(name, N_("expected the name of one of the options"))
    return choice


def read_suits(data: dict[str, Any], name: str) -> tuple[Suit, ...] | None:
    """A list of suits, each as its letter; ``None`` if absent."""
    if name not in data:
        return None
    listed = data[name]
    if not isinstance(listed, list):
        raise InvalidEventError(name, N_("expected a list of suits"))
    return tuple(read_value(name, text, Suit.from_str) for text in listed)


def read_text(data: dict[str, Any], name: str) -> str:
    """Text, as written; empty if absent."""
    text = data.get(name, "")
    if not isinstance(text, str):
        raise InvalidEventError(name, N_("expected text"))
    return text


def read_corrected_call(data: dict[str, Any], name: str) -> int | None:
    """The call whose explanation is corrected: required for a correction (20F4-5)."""
    number = read_optional_number(data, name)
    if data["kind"] == "correction" and number is None:
        raise InvalidEventError(name, N_("expected a whole number from 1 up"))
    return number


def read_value(name: str, text: object, parse: Any) -> Any:
    """The value ``parse`` reads from ``text``; its notation error as the field's."""
    if not isinstance(text, str):
        raise InvalidEventError(name, N_("expected text"))
    try:
        return parse(text)
    except NotationError as error:
        raise InvalidEventError(name, "{error}", error=error) from None


def read_field(data: dict[str, Any], name: str, parse: Any) -> Any:
    """The field ``name`` of ``data``, required, read by ``parse`` from its text."""
    if name not in data:
        raise InvalidEventError(name, N_("missing"))
    return read_value(name, data[name], parse)


def read_optional_number(data: dict[str, Any], name: str) -> int | None:
    """A whole number from 1 up, or ``None`` if absent or ``null``."""
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidEventError(name, N_("expected a whole number from 1 up"))
    return value

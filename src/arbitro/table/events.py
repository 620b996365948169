"""The events of a table log: everything that happens at a table, legal or not.

Each event is a frozen value that reads from and writes to one JSON object (one line
of the log, ``docs/table-log.md``). Reading checks the shape of the event (its fields
and their notation); whether it can happen now is the table's business.

>>> event = event_from_json({"event": "call", "seat": "N", "call": "1NT"})
>>> event
CallEvent(seat=Seat.NORTH, call=Bid(1, Strain.NOTRUMP))
>>> event.to_json()
{'event': 'call', 'seat': 'N', 'call': '1NT'}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import MISSING, Field, dataclass, field, fields
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple, Self, cast, get_args

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
from arbitro.laws.auction import AnyCall, read_call
from arbitro.table.state import DIRECTOR


class DuplicateEventKindError(LookupError):
    """Two event classes declare the same ``KIND``: found when the module is imported."""


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


class DeclaredEvent:
    """An event whose JSON is derived from its declared fields: one codec for them all.

    A subclass is a frozen dataclass that declares its ``KIND`` and its fields; each
    field's type names its notation: ``Seat``, ``Card`` and ``AnyCall`` as their text,
    ``bool`` a flag written only when true, ``int`` a whole number from 1 up, ``str``
    one of the ``choices`` its metadata names (checked first); ``X | None`` a field that
    may be absent; a tuple of events writes each as its fields. A field's metadata may
    name its JSON ``key`` (the field's name if none), a ``read`` function of the data and
    the key that reads a field of its own notation, and a ``write`` function that writes
    its value. A field at its default is not written.

    >>> DefectiveTrickEvent.from_json({"event": "defective_trick", "seat": "W", "card": "H3"})
    DefectiveTrickEvent(seat=Seat.WEST, card=Card(Suit.HEARTS, Rank.THREE))
    >>> PlayEvent(Seat.NORTH, Card.from_str("SA"), face_down=True).to_json()
    {'event': 'play', 'seat': 'N', 'card': 'SA', 'face_down': True}
    """

    __slots__ = ()
    KIND: ClassVar[str]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Read the event from its JSON object, field by field in the order declared.

        >>> WrongWayEvent.from_json({"event": "wrong_way", "seat": "N"})
        Traceback (most recent call last):
        ...
        arbitro.table.events.InvalidEventError: field 'trick': missing
        """
        return cast(Self, _codec_of(cls).read(data))

    def to_json(self) -> dict[str, object]:
        """Write the event: its kind, then each field not at its default.

        >>> RevokeQuestionEvent(Seat.NORTH, Seat.EAST).to_json()
        {'event': 'revoke_question', 'seat': 'N', 'asked': 'E'}
        """
        written: dict[str, object] = {"event": self.KIND}
        for name, key, default, write in _codec_of(type(self)).writers:
            value = getattr(self, name)
            if default is MISSING or value != default:
                written[key] = write(value)
        return written


_PARSERS: dict[str, Any] = {
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


_WRITTEN: dict[str, dict[str, Any]] = {
    "Seat": _as_written(Seat.from_str, Seat),
    "Card": _as_written(Card.from_str, map(Card.from_index, range(52))),
    "AnyCall": _as_written(read_call, CALLS),
    "Suit": _as_written(Suit.from_str, Suit),
    "Vulnerability": _as_written(Vulnerability.from_str, Vulnerability),
}
"""The value of each text the codec writes for the field types that have few values."""


class _Codec(NamedTuple):
    """How a declared event class reads and writes, worked out once from its fields."""

    read: Callable[[dict[str, Any]], Any]
    """The reader of the whole event: the choices checked first, then each field in order."""
    writers: tuple[tuple[str, str, Any, Callable[[Any], object]], ...]
    """Each field's name, JSON key, default (``MISSING`` if none) and writer."""


_CODECS: dict[type, _Codec] = {}
"""The codec of each declared event class, worked out once."""


def _codec_of(cls: type) -> _Codec:
    """The codec of ``cls``, from its declared fields (worked out once for each class).

    >>> _codec_of(PlayEvent).read({"seat": "N", "card": "SA"})
    PlayEvent(seat=Seat.NORTH, card=Card(Suit.SPADES, Rank.ACE), face_down=False)
    """
    codec = _CODECS.get(cls)
    if codec is None:
        declared = fields(cast(Any, cls))
        codec = _CODECS[cls] = _Codec(
            _event_reader(cls, declared),
            tuple(
                (item.name, _key(item), item.default, item.metadata.get("write", _written))
                for item in declared
            ),
        )
    return codec


def _event_reader(cls: type, declared: tuple[Field[Any], ...]) -> Callable[[dict[str, Any]], Any]:
    """The reader of a whole event of class ``cls``, from its declared fields.

    The keys whose value must be one of the choices are checked first; then each
    field is read in the order declared and the event made from them.
    """
    choices = tuple(
        (_key(item), tuple(item.metadata["choices"]))
        for item in declared
        if "choices" in item.metadata
    )
    readers = {f"read_{index}": _reader(item) for index, item in enumerate(declared)}
    keywords = any(item.kw_only for item in declared)
    arguments = ", ".join(
        f"{item.name}={reader}(data)" if keywords else f"{reader}(data)"
        for item, reader in zip(declared, readers, strict=True)
    )

    def check_choices(data: dict[str, Any]) -> None:
        for key, allowed in choices:
            if data.get(key) not in allowed:
                raise InvalidEventError(
                    key, N_("expected one of {choices}"), choices=", ".join(allowed)
                )

    # The readers' calls are written out in a function made here, as dataclasses makes
    # ``__init__``: a loop over them costs as much again as the calls, on every line of
    # a replay. The source holds only the fields' names (identifiers) and the readers'.
    source = "def read(data):\n"
    if choices:
        source += "    check_choices(data)\n"
    source += f"    return cls({arguments})\n"
    namespace: dict[str, Any] = {"cls": cls, "check_choices": check_choices, **readers}
    exec(source, namespace)  # the source holds no input: names of fields and readers
    return cast(Callable[[dict[str, Any]], Any], namespace["read"])


def _key(field: Field[Any]) -> str:
    """The field's key in the JSON object: its name, unless its metadata names another."""
    return str(field.metadata.get("key", field.name))


def _reader(field: Field[Any]) -> Callable[[dict[str, Any]], Any]:
    """The reader of one declared field, by the notation its type names.

    A field whose type has few values is first looked up as the codec writes it
    (:data:`_WRITTEN`); any other value goes to the type's parser, which reads it or
    names what was expected.
    """
    name = _key(field)
    own = field.metadata.get("read")
    if own is not None:
        return lambda data: own(data, name)
    kind = str(field.type)
    optional = kind.endswith(" | None")
    kind = kind.removesuffix(" | None")
    default = field.default
    if kind == "bool":
        return lambda data: _flag(data, name, default)
    if kind == "int":
        return lambda data: _number(data, name, optional)
    if kind == "str" and "choices" in field.metadata:
        return itemgetter(name)  # one of its choices, checked before
    parse = str if kind == "str" else _PARSERS[kind]
    written = _WRITTEN.get(kind)
    if written is None:
        if optional:
            return lambda data: None if data.get(name) is None else _field(data, name, parse)
        return lambda data: _field(data, name, parse)
    if optional:

        def read_optional(data: dict[str, Any]) -> Any:
            text = data.get(name)
            if text is None:
                return None
            try:
                return written[text]
            except (KeyError, TypeError):  # not as the codec writes it, or not text at all
                return _value(name, text, parse)

        return read_optional

    def read(data: dict[str, Any]) -> Any:
        try:
            return written[data[name]]
        except (KeyError, TypeError):  # missing, not as the codec writes it, or not text
            return _field(data, name, parse)

    return read


def _flag(data: dict[str, Any], name: str, default: object) -> bool:
    flag = data.get(name, default)
    if not isinstance(flag, bool):
        raise InvalidEventError(name, N_("expected true or false"))
    return flag


def _number(data: dict[str, Any], name: str, optional: bool) -> int | None:
    number = _optional_number(data, name)
    if number is None and not optional:
        raise InvalidEventError(name, N_("missing"))
    return number


def _written(value: object) -> object:
    """A field's value as JSON: numbers and flags as they are, tuples listed, else text.

    >>> _written((CallEvent(Seat.NORTH, read_call("1S")), Suit.HEARTS))
    [{'seat': 'N', 'call': '1S'}, 'H']
    """
    if type(value) in (bool, int):
        return value
    if isinstance(value, tuple):
        return [_written_item(item) for item in value]
    return str(value)


def _written_item(item: object) -> object:
    """One item of a listed field: an event as its fields, else its text."""
    if isinstance(item, DeclaredEvent):
        written = item.to_json()
        del written["event"]
        return written
    return str(item)


def _late(data: dict[str, Any], name: str) -> str | None:
    """When attention to a revoke came late (64B4, 64B5), if it did."""
    late = data.get(name)
    if late not in (None, "next board", "round end"):
        raise InvalidEventError(name, N_("expected next board or round end"))
    return late


def _claimed_tricks(data: dict[str, Any], name: str) -> int:
    tricks = data.get(name)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise InvalidEventError(name, N_("expected a whole number of tricks from 0 to 13"))
    return tricks


def _statement(data: dict[str, Any], name: str) -> str:
    statement = data.get(name, "")
    if not isinstance(statement, str):
        raise InvalidEventError(name, N_("expected the claimer's statement as text"))
    return statement.strip()


def _designation(data: dict[str, Any], name: str) -> str:
    text = data.get(name)
    if not isinstance(text, str) or not text.strip():
        raise InvalidEventError(name, N_("expected what declarer said"))
    return text.strip()


def _explained_call(data: dict[str, Any], name: str) -> int:
    number = _optional_number(data, name)
    if number is None:
        raise InvalidEventError(name, N_("expected a whole number from 1 up"))
    return number


def _explanation(data: dict[str, Any], name: str) -> str:
    text = data.get(name)
    if not isinstance(text, str):
        raise InvalidEventError(name, N_("expected the explanation as text"))
    return text


def _listed_cards(data: dict[str, Any], name: str) -> tuple[Card, ...]:
    cards = data.get(name)
    if not isinstance(cards, list) or not cards:
        raise InvalidEventError(name, N_("expected a list of one or more cards"))
    return tuple(_value(name, text, Card.from_str) for text in cards)


def _truthy(data: dict[str, Any], name: str) -> bool:
    return bool(data.get(name, False))


def _true(data: dict[str, Any], name: str) -> bool:
    return data.get(name) is True


def _board_number(data: dict[str, Any], name: str) -> int | None:
    """The board's number, if given (from 1 up)."""
    return _optional_number(data, name)


def _dealer(data: dict[str, Any], name: str) -> Seat:
    """The dealer as given, else the board number's (Law 2)."""
    if name in data:
        return cast(Seat, _looked_up(data, name, "Seat"))
    if data.get("board") is None:
        raise InvalidEventError(name, N_("give the board number or the dealer"))
    return Board(data["board"]).dealer


def _vulnerability(data: dict[str, Any], name: str) -> Vulnerability:
    """The vulnerability as given, else the board number's (Law 2)."""
    if name in data:
        return cast(Vulnerability, _looked_up(data, name, "Vulnerability"))
    if data.get("board") is None:
        raise InvalidEventError(name, N_("give the board number or the vulnerability"))
    return Board(data["board"]).vulnerability


def _looked_up(data: dict[str, Any], name: str, kind: str) -> Any:
    """A field of type ``kind`` found in :data:`_WRITTEN` as the codec writes it, else parsed."""
    try:
        return _WRITTEN[kind][data[name]]
    except (KeyError, TypeError):  # missing, not as the codec writes it, or not text
        return _field(data, name, _PARSERS[kind])


def _misinformation(data: dict[str, Any], name: str) -> bool:
    """Whether a change's reason is misinformation (21B), the only reason written."""
    reason = data.get(name)
    if reason not in (None, "misinformation"):
        raise InvalidEventError(name, N_("expected misinformation, or no reason"))
    return reason == "misinformation"


def _write_misinformation(value: bool) -> str:
    return "misinformation"


def _two_calls(data: dict[str, Any], name: str) -> tuple[CallEvent, CallEvent]:
    """The two calls of a ``simultaneous`` event, each a seat and a call."""
    first, second = _two(data, name, N_("expected two calls, each with a seat and a call"))
    return CallEvent.from_json(first), CallEvent.from_json(second)


def _two_plays(data: dict[str, Any], name: str) -> tuple[PlayEvent, PlayEvent]:
    """The two plays of a ``simultaneous_plays`` event, each a seat and a card."""
    first, second = _two(data, name, N_("expected two plays, each with a seat and a card"))
    return PlayEvent.from_json(first), PlayEvent.from_json(second)


def _two(data: dict[str, Any], name: str, expected: str) -> tuple[Any, Any]:
    listed = data.get(name)
    if not isinstance(listed, list) or len(listed) != 2:
        raise InvalidEventError(name, expected)
    if not all(isinstance(item, dict) for item in listed):
        raise InvalidEventError(name, expected)
    return listed[0], listed[1]


_SEATED_DEFECTS = ("wrong_count", "missing_card", "played_before")
"""The defects of a board found in one seat's hand (13, 14, 15B)."""


def _defect_seat(data: dict[str, Any], name: str) -> Seat | None:
    """The seat of a defect found in one hand, else none (whatever is written)."""
    if data["kind"] not in _SEATED_DEFECTS:
        return None
    return cast(Seat, _field(data, name, Seat.from_str))


def _found(data: dict[str, Any], name: str) -> str | None:
    """Where a missing card turned up (14), else none (whatever is written)."""
    if data["kind"] != "missing_card":
        return None
    found = data.get(name)
    if found not in FOUND_PLACES:
        raise InvalidEventError(
            name, N_("expected one of {choices}"), choices=", ".join(FOUND_PLACES)
        )
    return str(found)


def _decided_by(data: dict[str, Any], name: str) -> str:
    """Who gives a decision: ``director`` or a seat letter."""
    by = data.get(name)
    if by == DIRECTOR:
        return DIRECTOR
    try:
        return str(Seat.from_str(str(by)))
    except NotationError:
        raise InvalidEventError(name, N_("expected director or a seat (N, E, S, W)")) from None


def _choice(data: dict[str, Any], name: str) -> str:
    choice = data.get(name)
    if not isinstance(choice, str) or not choice:
        raise InvalidEventError(name, N_("expected the name of one of the options"))
    return choice


def _suits(data: dict[str, Any], name: str) -> tuple[Suit, ...] | None:
    if name not in data:
        return None
    listed = data[name]
    if not isinstance(listed, list):
        raise InvalidEventError(name, N_("expected a list of suits"))
    return tuple(_value(name, text, Suit.from_str) for text in listed)


def _text(data: dict[str, Any], name: str) -> str:
    text = data.get(name, "")
    if not isinstance(text, str):
        raise InvalidEventError(name, N_("expected text"))
    return text


def _corrected_call(data: dict[str, Any], name: str) -> int | None:
    """The call whose explanation is corrected: required for a correction (20F4-5)."""
    number = _optional_number(data, name)
    if data["kind"] == "correction" and number is None:
        raise InvalidEventError(name, N_("expected a whole number from 1 up"))
    return number


@dataclass(frozen=True, slots=True)
class BoardEvent(DeclaredEvent):
    """The board in play: its number, the deal, and dealer and vulnerability (Law 2).

    Without a number, dealer and vulnerability must be given; with one, they follow
    Law 2 unless given.

    >>> BoardEvent.from_json({"event": "board", "board": 7, "deal": str(EXAMPLE_DEAL)}).dealer
    Seat.SOUTH
    """

    KIND: ClassVar[str] = "board"

    number: int | None = field(
        default=None, kw_only=True, metadata={"key": "board", "read": _board_number}
    )
    deal: Deal
    dealer: Seat = field(metadata={"read": _dealer})
    vulnerability: Vulnerability = field(metadata={"key": "vulnerable", "read": _vulnerability})


@dataclass(frozen=True, slots=True)
class CallEvent(DeclaredEvent):
    """A player makes a call: in turn or not, legal or not (Laws 17-39).

    >>> CallEvent.from_json({"event": "call", "seat": "W", "call": "8S"}).call
    ImpossibleBid(8, Strain.SPADES)
    """

    KIND: ClassVar[str] = "call"

    seat: Seat
    call: AnyCall


@dataclass(frozen=True, slots=True)
class ChangeEvent(DeclaredEvent):
    """A player replaces his own last call (Law 25), or after misinformation (21B).

    >>> ChangeEvent.from_json({"event": "change", "seat": "S", "call": "2H",
    ...                        "reason": "misinformation"}).misinformation
    True
    """

    KIND: ClassVar[str] = "change"

    seat: Seat
    call: AnyCall
    misinformation: bool = field(
        default=False,
        metadata={"key": "reason", "read": _misinformation, "write": _write_misinformation},
    )


@dataclass(frozen=True, slots=True)
class SimultaneousEvent(DeclaredEvent):
    """Two calls made at once; the one of the player in turn counts first (Law 33).

    >>> SimultaneousEvent.from_json({"event": "simultaneous", "calls": [
    ...     {"seat": "N", "call": "1S"}, {"seat": "E", "call": "Pass"}]}).calls[1].seat
    Seat.EAST
    """

    KIND: ClassVar[str] = "simultaneous"

    calls: tuple[CallEvent, CallEvent] = field(metadata={"read": _two_calls})


@dataclass(frozen=True, slots=True)
class AlertEvent(DeclaredEvent):
    """A player alerts a call of partner's (Law 20F; the AEB alert norms).

    Without ``call_number``, the alert is of partner's last call.

    >>> AlertEvent.from_json({"event": "alert", "seat": "S"})
    AlertEvent(seat=Seat.SOUTH, call_number=None)
    """

    KIND: ClassVar[str] = "alert"

    seat: Seat
    call_number: int | None = None


@dataclass(frozen=True, slots=True)
class ExplanationEvent(DeclaredEvent):
    """A player explains a call of partner's, as asked (Law 20F).

    >>> ExplanationEvent.from_json({"event": "explanation", "seat": "S", "call_number": 1,
    ...                             "text": "natural, 15-17", "asked_by": "W"}).text
    'natural, 15-17'
    """

    KIND: ClassVar[str] = "explanation"

    seat: Seat
    call_number: int = field(metadata={"read": _explained_call})
    text: str = field(metadata={"read": _explanation})
    asked_by: Seat | None = None


@dataclass(frozen=True, slots=True)
class ExposedEvent(DeclaredEvent):
    """Cards of a player's exposed during the auction period (Law 24).

    ``premature_lead`` says a card was led before the auction period ended (24B).

    >>> ExposedEvent.from_json({"event": "exposed", "seat": "E", "cards": ["SK"]}).cards
    (Card(Suit.SPADES, Rank.KING),)
    """

    KIND: ClassVar[str] = "exposed"

    seat: Seat
    cards: tuple[Card, ...] = field(metadata={"read": _listed_cards})
    premature_lead: bool = field(default=False, metadata={"read": _truthy})
    deliberate: bool = field(default=False, metadata={"read": _truthy})


@dataclass(frozen=True, slots=True)
class WrongBoardEvent(DeclaredEvent):
    """The Director finds that a player's last call was made with another board's cards.

    Law 17D.

    >>> WrongBoardEvent.from_json({"event": "wrong_board", "seat": "N"}).to_json()
    {'event': 'wrong_board', 'seat': 'N'}
    """

    KIND: ClassVar[str] = "wrong_board"

    seat: Seat


DEFECT_KINDS = ("wrong_count", "extra_card", "missing_card", "played_before", "not_theirs")
"""What a ``defective_board`` event may say the Director found (Laws 13-15)."""

FOUND_PLACES = ("played", "elsewhere", "nowhere")
"""Where a missing card turned up (Law 14)."""


@dataclass(frozen=True, slots=True)
class DefectiveBoardEvent(DeclaredEvent):
    """The Director finds the board defective, or not this table's (Laws 13-15).

    ``kind`` says what he found:

    - ``wrong_count``: ``seat``'s hand had more (or fewer) than thirteen cards, another
      hand the opposite (13); ``card_seen`` if a player saw a card of another's hand;
    - ``extra_card``: a card that is not part of the deal (13F); ``played_earlier`` if it
      had been played to an earlier trick;
    - ``missing_card``: ``seat``'s hand had fewer than thirteen and none more (14);
      ``found`` where the card turned up (``played``, ``elsewhere``, ``nowhere``);
    - ``played_before``: ``seat`` had played this board before (15B);
    - ``not_theirs``: the board was not this table's in this round, and nobody at the
      table had played it (15A, 15C).

    >>> DefectiveBoardEvent.from_json({"event": "defective_board", "kind": "missing_card",
    ...                                "seat": "E", "found": "elsewhere"}).to_json()
    {'event': 'defective_board', 'kind': 'missing_card', 'seat': 'E', 'found': 'elsewhere'}
    >>> DefectiveBoardEvent.from_json({"event": "defective_board", "kind": "wrong_count"})
    Traceback (most recent call last):
    ...
    arbitro.table.events.InvalidEventError: field 'seat': missing
    """

    KIND: ClassVar[str] = "defective_board"

    kind: str = field(metadata={"choices": DEFECT_KINDS})
    seat: Seat | None = field(default=None, metadata={"read": _defect_seat})
    card_seen: bool = field(default=False, metadata={"read": _truthy})
    played_earlier: bool = field(default=False, metadata={"read": _truthy})
    found: str | None = field(default=None, metadata={"read": _found})


@dataclass(frozen=True, slots=True)
class DecisionEvent(DeclaredEvent):
    """An answer to the pending decision: who gives it, the choice, and what it needs.

    ``by`` is a seat letter or ``director``.

    >>> DecisionEvent.from_json({"event": "decision", "by": "N", "choice": "forbid",
    ...                          "suit": "H"}).suit
    Suit.HEARTS
    """

    KIND: ClassVar[str] = "decision"

    by: str = field(metadata={"read": _decided_by})
    choice: str = field(metadata={"read": _choice})
    suit: Suit | None = None
    suits: tuple[Suit, ...] | None = field(default=None, metadata={"read": _suits})
    call: AnyCall | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class PlayEvent(DeclaredEvent):
    """A card played from a hand (dummy's cards are played by declarer, Law 41D).

    ``face_down``: an opening lead made face down and never faced (41A); by the wrong
    defender it is withdrawn and goes back to the hand, where a faced one is Law 54's.

    >>> PlayEvent.from_json({"event": "play", "seat": "W", "card": "HK"}).to_json()
    {'event': 'play', 'seat': 'W', 'card': 'HK'}
    """

    KIND: ClassVar[str] = "play"

    seat: Seat
    card: Card
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class FaceLeadEvent(DeclaredEvent):
    """The opening lead, made face down, is faced: the play period begins (Law 41C).

    >>> FaceLeadEvent.from_json({"event": "face_lead"}).to_json()
    {'event': 'face_lead'}
    """

    KIND: ClassVar[str] = "face_lead"


@dataclass(frozen=True, slots=True)
class RevokeEvent(DeclaredEvent):
    """Attention is drawn to a revoke by ``seat`` (Laws 61-63).

    ``late`` says it came only after the next board's auction began (``next board``,
    64B4) or after the round (``round end``, 64B5). ``trick`` (from 1) names the trick
    of the revoke; without it, attention is drawn to the revoke in the trick in
    progress, else to his first revoke not yet ruled on.

    >>> RevokeEvent.from_json({"event": "revoke", "seat": "E"}).to_json()
    {'event': 'revoke', 'seat': 'E'}
    >>> RevokeEvent.from_json({"event": "revoke", "seat": "E", "trick": 3}).trick
    3
    """

    KIND: ClassVar[str] = "revoke"

    seat: Seat
    late: str | None = field(default=None, metadata={"read": _late})
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class DesignateEvent(DeclaredEvent):
    """Declarer designates dummy's card in words (Law 46).

    ``high``, ``low``, ``win``, a suit, a rank, a card, or ``anything``.

    >>> DesignateEvent.from_json({"event": "designate", "text": "high"}).text
    'high'
    """

    KIND: ClassVar[str] = "designate"

    text: str = field(metadata={"read": _designation})


@dataclass(frozen=True, slots=True)
class ChangeCardEvent(DeclaredEvent):
    """A player changes the card he played to this trick (Laws 45C4b, 47C).

    >>> ChangeCardEvent.from_json({"event": "change_card", "seat": "S", "card": "HQ"}).card
    Card(Suit.HEARTS, Rank.QUEEN)
    """

    KIND: ClassVar[str] = "change_card"

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class DummyMisplayedEvent(DeclaredEvent):
    """Dummy placed a card declarer did not name (Law 45D).

    >>> DummyMisplayedEvent.from_json({"event": "dummy_misplayed", "card": "D2"}).to_json()
    {'event': 'dummy_misplayed', 'card': 'D2'}
    """

    KIND: ClassVar[str] = "dummy_misplayed"

    card: Card


@dataclass(frozen=True, slots=True)
class FifthCardEvent(DeclaredEvent):
    """A player contributed one more card to a trick he has played to: a fifth card (Law 45E).

    The trick is the one in progress, or the one just completed before the next lead
    (a defender's card held so that partner could see it after he has played, 45C1).
    The Director has judged that it was not a lead (a card led is a ``play``, 53-56).
    ``deliberate`` is his finding that a defender played it on purpose (not, as Law 50B
    says of "jugando dos cartas en una baza", inadvertently): a card below an honour is
    then a major penalty card rather than a minor one.

    >>> FifthCardEvent.from_json({"event": "fifth_card", "seat": "E", "card": "C8"}).to_json()
    {'event': 'fifth_card', 'seat': 'E', 'card': 'C8'}
    """

    KIND: ClassVar[str] = "fifth_card"

    seat: Seat
    card: Card
    deliberate: bool = field(default=False, metadata={"read": _truthy})


@dataclass(frozen=True, slots=True)
class SeveralCardsEvent(DeclaredEvent):
    """A player played several cards at once, all seen, and names the one played (58B).

    >>> SeveralCardsEvent.from_json({"event": "several_cards", "seat": "E",
    ...                              "cards": ["SA", "SK"], "played": "SK"}).played
    Card(Suit.SPADES, Rank.KING)
    """

    KIND: ClassVar[str] = "several_cards"

    seat: Seat
    cards: tuple[Card, ...] = field(metadata={"read": _listed_cards})
    played: Card


@dataclass(frozen=True, slots=True)
class SimultaneousPlaysEvent(DeclaredEvent):
    """Two cards led or played at once by two players (Law 58A).

    The card of the player in turn counts first; the other is deemed played after it.

    >>> SimultaneousPlaysEvent.from_json({"event": "simultaneous_plays", "plays": [
    ...     {"seat": "N", "card": "SA"}, {"seat": "E", "card": "S5"}]}).plays[1].card
    Card(Suit.SPADES, Rank.FIVE)
    """

    KIND: ClassVar[str] = "simultaneous_plays"

    plays: tuple[PlayEvent, PlayEvent] = field(metadata={"read": _two_plays})


QUESTION_KINDS = ("review", "explanation", "contract")
"""What a ``question`` event asks for."""


@dataclass(frozen=True, slots=True)
class QuestionEvent(DeclaredEvent):
    """A player asks, after the auction, for a review of it, an explanation, or the contract.

    ``kind`` is ``review`` (a review of the auction, 41B1-2), ``explanation`` (of an
    opponent's call, 41B1, 41B3) or ``contract`` (to be told the contract and whether
    it is doubled, once too late for a review, 41C).

    >>> QuestionEvent.from_json({"event": "question", "seat": "S", "kind": "review"}).to_json()
    {'event': 'question', 'seat': 'S', 'kind': 'review'}
    """

    KIND: ClassVar[str] = "question"

    seat: Seat
    kind: str = field(metadata={"choices": QUESTION_KINDS})


@dataclass(frozen=True, slots=True)
class DefectiveTrickEvent(DeclaredEvent):
    """A trick made defective, as it happened and nobody noticed (Law 67).

    Without ``card``: the trick passes ``seat`` by at his turn, and is quitted when the
    other three have played (a trick with a missing card). With ``card``: ``seat``'s ``card`` went
    to the trick ``seat`` has just played to as an extra card (a trick with a card too
    many). Attention drawn to it is a ``defect_noticed`` event.

    >>> DefectiveTrickEvent.from_json({"event": "defective_trick", "seat": "W"}).to_json()
    {'event': 'defective_trick', 'seat': 'W'}
    """

    KIND: ClassVar[str] = "defective_trick"

    seat: Seat
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class DefectNoticedEvent(DeclaredEvent):
    """Attention is drawn to the defective trick of ``seat`` (Law 67A, 67B).

    Or the Director establishes it, as a player has too few or too many cards.

    >>> DefectNoticedEvent.from_json({"event": "defect_noticed", "seat": "W"}).seat
    Seat.WEST
    """

    KIND: ClassVar[str] = "defect_noticed"

    seat: Seat


DUMMY_ACTS = ("forfeits", "warns", "asks_revoke", "spreads", "draws_attention", "indicates")
"""What a ``dummy`` event can say dummy did."""


@dataclass(frozen=True, slots=True)
class DummyEvent(DeclaredEvent):
    """Something dummy did in the play (Laws 42-43).

    ``act`` is ``forfeits`` (the Director finds dummy broke a limitation of 43A2),
    ``warns`` (dummy warns declarer against leading from the wrong hand),
    ``asks_revoke`` (dummy asks declarer, who failed to follow suit, if he has a card
    of it), ``spreads`` (dummy shows his cards before declarer's choice on an opening
    lead out of turn, 54C), ``draws_attention`` (dummy, having forfeited his rights,
    is first to draw attention to a defender's irregularity, 43B3) or ``indicates``
    (dummy touched or indicated one of his cards without declarer's instruction, 45F).

    >>> DummyEvent.from_json({"event": "dummy", "act": "warns"}).to_json()
    {'event': 'dummy', 'act': 'warns'}
    """

    KIND: ClassVar[str] = "dummy"

    act: str = field(metadata={"choices": DUMMY_ACTS})


@dataclass(frozen=True, slots=True)
class ClaimEvent(DeclaredEvent):
    """A player claims or concedes tricks: ``tricks`` of those left, with his statement.

    A claim of fewer than all the tricks left concedes the rest (Law 68A-C);
    ``statement`` is the line the claimer gave, as he gave it (see
    :mod:`arbitro.analysis.claims.statement` for the form the claim checker reads).

    >>> ClaimEvent.from_json({"event": "claim", "seat": "S", "tricks": 3,
    ...                       "statement": "draw trumps, S"}).to_json()["tricks"]
    3
    """

    KIND: ClassVar[str] = "claim"

    seat: Seat
    tricks: int = field(metadata={"read": _claimed_tricks})
    statement: str = field(default="", metadata={"read": _statement})


@dataclass(frozen=True, slots=True)
class ObjectionEvent(DeclaredEvent):
    """A defender's partner objects at once to his concession: there is none (Law 68B2).

    >>> ObjectionEvent.from_json({"event": "objection", "seat": "E"}).to_json()
    {'event': 'objection', 'seat': 'E'}
    """

    KIND: ClassVar[str] = "objection"

    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimReviewEvent(DeclaredEvent):
    """Within the correction period, a player asks the Director to review a settled claim.

    An opponent of the claimer withdraws his side's acquiescence (Law 69B); a player
    of the claimer's side asks that its concession be cancelled (Law 71).

    >>> ClaimReviewEvent.from_json({"event": "claim_review", "seat": "E"}).to_json()
    {'event': 'claim_review', 'seat': 'E'}
    """

    KIND: ClassVar[str] = "claim_review"

    seat: Seat


FACT_KINDS = ("tempo", "extraneous", "correction", "other_table", "card_seen")
"""The kinds of fact a ``fact`` event records for a later ruling."""


@dataclass(frozen=True, slots=True)
class FactEvent(DeclaredEvent):
    """A fact the Director records now and judges later (Laws 16B, 16C, 20F4-5, 75).

    ``kind`` is ``tempo`` (a break in tempo, 16B1), ``extraneous`` (a remark, a
    gesture, an unexpected alert: other extraneous information from partner, 16B1),
    ``correction`` (a correction of the explanation of call ``call_number``, 20F4-5,
    75), ``other_table`` (information about the board from another table or a
    wrong board, 16C) or ``card_seen`` (a card of another player's seen by accident,
    16C1). ``seat`` is the player who gave the information, corrected the
    explanation, received the information from elsewhere or saw the card; ``noticed_by`` the
    player who drew attention to it, ``reserved`` whether he reserved the right to
    call the Director later (16B2); ``text`` the words, as said.

    >>> FactEvent.from_json({"event": "fact", "kind": "tempo", "seat": "N",
    ...                      "noticed_by": "E", "reserved": True}).reserved
    True
    """

    KIND: ClassVar[str] = "fact"

    kind: str = field(metadata={"choices": FACT_KINDS})
    seat: Seat
    noticed_by: Seat | None = None
    reserved: bool = False
    call_number: int | None = field(default=None, metadata={"read": _corrected_call})
    text: str = field(default="", metadata={"read": _text})


WITHDRAW_REASONS = ("illegal", "turn", "explanation")
"""Why a card played is withdrawn: Law 47B, 47E1 or 47E2."""


@dataclass(frozen=True, slots=True)
class WithdrawEvent(DeclaredEvent):
    """``seat`` withdraws ``card``, which it played, for a reason Law 47 allows.

    ``illegal``: the card was an illegal play (47B; a defender's becomes a penalty
    card, 49); ``turn``: a lead or play out of turn made because an opponent said it
    was his turn (47E1); ``explanation``: a card played on an opponent's mistaken
    explanation, before it was corrected (47E2).

    >>> WithdrawEvent.from_json({"event": "withdraw", "seat": "W", "card": "HA",
    ...                          "reason": "turn"}).reason
    'turn'
    """

    KIND: ClassVar[str] = "withdraw"

    seat: Seat
    card: Card
    reason: str = field(metadata={"choices": WITHDRAW_REASONS})


@dataclass(frozen=True, slots=True)
class RevokeQuestionEvent(DeclaredEvent):
    """``seat`` asks ``asked``, who failed to follow suit, whether he has a card of it (61B).

    >>> RevokeQuestionEvent.from_json({"event": "revoke_question", "seat": "N", "asked": "E"})
    RevokeQuestionEvent(seat=Seat.NORTH, asked=Seat.EAST)
    """

    KIND: ClassVar[str] = "revoke_question"

    seat: Seat
    asked: Seat


@dataclass(frozen=True, slots=True)
class InspectEvent(DeclaredEvent):
    """``seat`` asks to see the cards of trick ``trick`` (from 1), or only his own (Law 66).

    ``director``: the Director allowed it (66C, a quitted trick during the play).

    >>> InspectEvent.from_json({"event": "inspect", "seat": "E", "trick": 2}).to_json()
    {'event': 'inspect', 'seat': 'E', 'trick': 2}
    """

    KIND: ClassVar[str] = "inspect"

    seat: Seat
    trick: int
    own: bool = field(default=False, metadata={"read": _true})
    director: bool = field(default=False, metadata={"read": _true})


@dataclass(frozen=True, slots=True)
class WrongWayEvent(DeclaredEvent):
    """``seat`` draws attention to a card of trick ``trick`` pointed the wrong way (65B3).

    >>> WrongWayEvent.from_json({"event": "wrong_way", "seat": "N", "trick": 1}).to_json()
    {'event': 'wrong_way', 'seat': 'N', 'trick': 1}
    """

    KIND: ClassVar[str] = "wrong_way"

    seat: Seat
    trick: int


Event = (
    BoardEvent
    | CallEvent
    | ChangeEvent
    | SimultaneousEvent
    | AlertEvent
    | ExplanationEvent
    | ExposedEvent
    | WrongBoardEvent
    | DefectiveBoardEvent
    | DecisionEvent
    | PlayEvent
    | FaceLeadEvent
    | RevokeEvent
    | DesignateEvent
    | ChangeCardEvent
    | DummyMisplayedEvent
    | FifthCardEvent
    | SeveralCardsEvent
    | SimultaneousPlaysEvent
    | QuestionEvent
    | DefectiveTrickEvent
    | DefectNoticedEvent
    | DummyEvent
    | ClaimEvent
    | ObjectionEvent
    | ClaimReviewEvent
    | FactEvent
    | WithdrawEvent
    | RevokeQuestionEvent
    | InspectEvent
    | WrongWayEvent
)
"""Any event of a table log; each class declares its ``KIND``, and the readers derive from them."""

_READERS: dict[str, Any] = {}
for _class in get_args(Event):
    if _class.KIND in _READERS:
        raise DuplicateEventKindError(f"two event classes are written {_class.KIND!r}")
    _READERS[_class.KIND] = _class

EVENT_NAMES = tuple(_READERS)
"""The names of the events, as the ``event`` field writes them."""


def event_from_json(data: object) -> Event:
    """Read one event from its JSON object.

    >>> event_from_json({"event": "bid"})
    Traceback (most recent call last):
    ...
    arbitro.table.events.InvalidEventError: field 'event': expected one of board, call, change, simultaneous, alert, explanation, exposed, wrong_board, defective_board, decision, play, face_lead, revoke, designate, change_card, dummy_misplayed, fifth_card, several_cards, simultaneous_plays, question, defective_trick, defect_noticed, dummy, claim, objection, claim_review, fact, withdraw, revoke_question, inspect, wrong_way
    """
    if not isinstance(data, dict):
        raise InvalidEventError("event", N_("expected a JSON object with an 'event' field"))
    kind = data.get("event")
    try:
        read = _READ_BY_KIND[kind]
    except (KeyError, TypeError):  # a kind not read yet, or not a kind at all
        reader = _READERS.get(str(kind))
        if reader is None:
            raise InvalidEventError(
                "event", N_("expected one of {choices}"), choices=", ".join(EVENT_NAMES)
            ) from None
        read = _READ_BY_KIND[reader.KIND] = _codec_of(reader).read
    event: Event = read(data)
    return event


def light_from_json(data: object) -> tuple[type[CallEvent] | type[PlayEvent], Any, Any] | None:
    """A call, or a faced card, read in the light form a table logs it in; else ``None``.

    The light form is ``(CallEvent, seat, call)`` or ``(PlayEvent, seat, card)``, what
    :meth:`~arbitro.table.Table.call` and :meth:`~arbitro.table.Table.play` log: the same
    event, with no object made for it. It is read only when the line holds the event's
    first two fields as the codec writes them and none of its others (a play's
    ``face_down``); any other line, or anything but a JSON object, is ``None``, for :func:`event_from_json`
    and its errors.

    >>> light_from_json({"event": "play", "seat": "W", "card": "HK"})
    (<class 'arbitro.table.events.PlayEvent'>, Seat.WEST, Card(Suit.HEARTS, Rank.KING))
    >>> light_from_json({"event": "play", "seat": "W", "card": "HK", "face_down": True})
    """
    line: Any = data  # any JSON value: what is not an object fails to index
    try:
        cls, first, second, others, read_first, read_second = _LIGHT[line["event"]]
        value = read_second[line[second]]
        return (cls, read_first[line[first]], value) if others.isdisjoint(line) else None
    except (KeyError, TypeError):  # another event, a value not as the codec writes it
        return None


def _light_reader(
    cls: type[CallEvent] | type[PlayEvent],
) -> tuple[
    type[CallEvent] | type[PlayEvent], str, str, frozenset[str], dict[str, Any], dict[str, Any]
]:
    """How to read ``cls`` light, from its declared fields: the first two, the others' keys."""
    first, second, *others = fields(cls)
    return (
        cls,
        _key(first),
        _key(second),
        frozenset(map(_key, others)),
        _WRITTEN[str(first.type)],
        _WRITTEN[str(second.type)],
    )


_LIGHT: dict[object, Any] = {cls.KIND: _light_reader(cls) for cls in (CallEvent, PlayEvent)}
"""The light reading of the events a table logs light, by the name in their ``event`` field."""


_ENCODE: Callable[[object], str] = json.JSONEncoder(ensure_ascii=False).encode
"""The JSON a log line is written in: ``json.dumps(..., ensure_ascii=False)``, one encoder."""


def event_line(event: DeclaredEvent) -> str:
    """The line of a table log that writes ``event``: its JSON object, with no newline.

    >>> print(event_line(PlayEvent(Seat.WEST, Card.from_str("HK"))))
    {"event": "play", "seat": "W", "card": "HK"}
    """
    return _ENCODE(event.to_json())


LightEntry = tuple[type[CallEvent] | type[PlayEvent], Any, Any]
"""A call or a faced card in the light form a table logs it in: its class, seat and value."""

_LIGHT_LINES: dict[str, LightEntry] = {}


def light_lines() -> dict[str, LightEntry]:
    """Each line :func:`event_line` writes for a call or a faced card, and its light form.

    A replay looks a line up here before reading any JSON: a line found is the event
    :func:`light_from_json` reads from that line's JSON object, and any other line
    (blanks around it, other keys, another order, ``face_down``) is read as JSON. There
    are 360 lines (4 seats, and 38 calls or 52 cards), made the first time they are asked
    for: the JSON object of each class's two fields (what :meth:`DeclaredEvent.to_json`
    writes for it) written once with a mark in place of each value, and each value's text
    written once, by the encoder :func:`event_line` writes with; a line is the first with
    the marks replaced by the second.

    >>> light_lines()['{"event": "call", "seat": "N", "call": "1NT"}']
    (<class 'arbitro.table.events.CallEvent'>, Seat.NORTH, Bid(1, Strain.NOTRUMP))
    >>> len(light_lines())
    360
    """
    if _LIGHT_LINES:
        return _LIGHT_LINES
    made: dict[str, LightEntry] = {}
    mark = "\x00"
    written_mark = _ENCODE(mark)[1:-1]
    for kind, (cls, first_key, second_key, _others, read_first, read_second) in _LIGHT.items():
        written = _ENCODE({"event": kind, first_key: mark, second_key: mark})
        head, middle, tail = written.split(written_mark)
        firsts = [(_ENCODE(text)[1:-1], value) for text, value in read_first.items()]
        for text, second in read_second.items():
            text_second = middle + _ENCODE(text)[1:-1] + tail
            for text_first, first in firsts:
                made[head + text_first + text_second] = (cls, first, second)
    # Filled in one step, so that another thread sees it empty or whole (a line not
    # found is read as JSON: the same event either way).
    _LIGHT_LINES.update(made)
    return _LIGHT_LINES


_READ_BY_KIND: dict[object, Callable[[dict[str, Any]], Any]] = {}
"""The reader of each kind of event read so far, by its name in the ``event`` field."""


def _value(name: str, text: object, parse: Any) -> Any:
    if not isinstance(text, str):
        raise InvalidEventError(name, N_("expected text"))
    try:
        return parse(text)
    except NotationError as error:
        raise InvalidEventError(name, "{error}", error=error) from None


def _field(data: dict[str, Any], name: str, parse: Any) -> Any:
    if name not in data:
        raise InvalidEventError(name, N_("missing"))
    return _value(name, data[name], parse)


def _optional_number(data: dict[str, Any], name: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidEventError(name, N_("expected a whole number from 1 up"))
    return value


EXAMPLE_DEAL = Deal.from_str(
    "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
)
"""A deal for the examples."""

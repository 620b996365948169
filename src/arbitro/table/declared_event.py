"""The event codec: a declared event's JSON, read and written by its declared fields.

An event class is a frozen dataclass built on :class:`DeclaredEvent`; its codec (the
reader of its JSON object and the writers of its fields) is worked out once, the first
time it is asked for, from the fields' types and metadata, with the field readers of
:mod:`arbitro.table.event_fields`.

>>> from arbitro.core import Seat
>>> from arbitro.table.events import CallEvent
>>> CallEvent.from_json({"event": "call", "seat": "N", "call": "Pass"}).seat is Seat.NORTH
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, fields
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple, Self, cast

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.event_fields import (
    PARSERS,
    WRITTEN,
    InvalidEventError,
    read_field,
    read_flag,
    read_number,
    read_value,
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

    >>> from arbitro.core import Card, Seat
    >>> from arbitro.table.events import DefectiveTrickEvent, PlayEvent
    >>> DefectiveTrickEvent.from_json({"event": "defective_trick", "seat": "W", "card": "H3"})
    DefectiveTrickEvent(seat=Seat.WEST, card=Card(Suit.HEARTS, Rank.THREE))
    >>> PlayEvent(Seat.NORTH, Card.from_str("SA"), face_down=True).to_json()
    {'event': 'play', 'seat': 'N', 'card': 'SA', 'face_down': True}
    """

    __slots__ = ()
    KIND: ClassVar[str]

    def __post_init__(self) -> None:
        """Refuse, where the event is made, a seat field given anything but a :class:`Seat`.

        A seat's letter (``"N"``) is the log's notation, read by :meth:`from_json`; an
        event made in Python takes the seat itself. A letter or anything else there
        would fail far from its cause, where a Law asks the seat for its partner.

        >>> from arbitro.core import Card
        >>> from arbitro.table.events import PlayEvent
        >>> PlayEvent("N", Card.from_str("SA"))
        Traceback (most recent call last):
        ...
        TypeError: PlayEvent.seat: expected a Seat (such as Seat.NORTH), not 'N'
        """
        for name in seat_fields(type(self)):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Seat):
                raise TypeError(
                    f"{type(self).__name__}.{name}: expected a Seat (such as Seat.NORTH), "
                    f"not {value!r}"
                )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Read the event from its JSON object, field by field in the order declared.

        >>> from arbitro.table.events import WrongWayEvent
        >>> WrongWayEvent.from_json({"event": "wrong_way", "seat": "N"})
        Traceback (most recent call last):
        ...
        arbitro.table.event_fields.InvalidEventError: field 'trick': missing
        """
        return cast(Self, codec_of(cls).read(data))

    def to_json(self) -> dict[str, object]:
        """Write the event: its kind, then each field not at its default.

        >>> from arbitro.core import Seat
        >>> from arbitro.table.events import RevokeQuestionEvent
        >>> RevokeQuestionEvent(Seat.NORTH, Seat.EAST).to_json()
        {'event': 'revoke_question', 'seat': 'N', 'asked': 'E'}
        """
        written: dict[str, object] = {"event": self.KIND}
        for name, key, default, write in codec_of(type(self)).writers:
            value = getattr(self, name)
            if default is MISSING or value != default:
                written[key] = write(value)
        return written


_SEAT_TYPES = ("Seat", "Seat | None")
"""The declared types of a field that holds a seat (the annotations are text)."""

_SEAT_FIELDS: dict[type, tuple[str, ...]] = {}
"""The names of each declared event class's seat fields, worked out once."""


def seat_fields(cls: type) -> tuple[str, ...]:
    """The names of the fields of ``cls`` that hold a seat (worked out once for each class).

    >>> from arbitro.table.events import RevokeQuestionEvent
    >>> seat_fields(RevokeQuestionEvent)
    ('seat', 'asked')
    """
    names = _SEAT_FIELDS.get(cls)
    if names is None:
        names = _SEAT_FIELDS[cls] = tuple(
            item.name for item in fields(cast(Any, cls)) if str(item.type) in _SEAT_TYPES
        )
    return names


class Codec(NamedTuple):
    """How a declared event class reads and writes, worked out once from its fields."""

    read: Callable[[dict[str, Any]], Any]
    """The reader of the whole event: the choices checked first, then each field in order."""
    writers: tuple[tuple[str, str, Any, Callable[[Any], object]], ...]
    """Each field's name, JSON key, default (``MISSING`` if none) and writer."""


_CODECS: dict[type, Codec] = {}
"""The codec of each declared event class, worked out once."""


def codec_of(cls: type) -> Codec:
    """The codec of ``cls``, from its declared fields (worked out once for each class).

    >>> from arbitro.table.events import PlayEvent
    >>> codec_of(PlayEvent).read({"seat": "N", "card": "SA"})
    PlayEvent(seat=Seat.NORTH, card=Card(Suit.SPADES, Rank.ACE), face_down=False)
    """
    codec = _CODECS.get(cls)
    if codec is None:
        declared = fields(cast(Any, cls))
        codec = _CODECS[cls] = Codec(
            _event_reader(cls, declared),
            tuple(
                (item.name, field_key(item), item.default, item.metadata.get("write", _written))
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
        (field_key(item), tuple(item.metadata["choices"]))
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


def field_key(field: Field[Any]) -> str:
    """The field's key in the JSON object: its name, unless its metadata names another."""
    return str(field.metadata.get("key", field.name))


def _reader(field: Field[Any]) -> Callable[[dict[str, Any]], Any]:
    """The reader of one declared field, by the notation its type names.

    A field whose type has few values is first looked up as the codec writes it
    (:data:`WRITTEN`); any other value goes to the type's parser, which reads it or
    names what was expected.
    """
    name = field_key(field)
    own = field.metadata.get("read")
    if own is not None:
        return lambda data: own(data, name)
    kind = str(field.type)
    optional = kind.endswith(" | None")
    kind = kind.removesuffix(" | None")
    default = field.default
    if kind == "bool":
        return lambda data: read_flag(data, name, default)
    if kind == "int":
        return lambda data: read_number(data, name, optional)
    if kind == "str" and "choices" in field.metadata:
        return itemgetter(name)  # one of its choices, checked before
    parse = str if kind == "str" else PARSERS[kind]
    written = WRITTEN.get(kind)
    if written is None:
        if optional:
            return lambda data: None if data.get(name) is None else read_field(data, name, parse)
        return lambda data: read_field(data, name, parse)
    if optional:

        def read_optional(data: dict[str, Any]) -> Any:
            text = data.get(name)
            if text is None:
                return None
            try:
                return written[text]
            except (KeyError, TypeError):  # not as the codec writes it, or not text at all
                return read_value(name, text, parse)

        return read_optional

    def read(data: dict[str, Any]) -> Any:
        try:
            return written[data[name]]
        except (KeyError, TypeError):  # missing, not as the codec writes it, or not text
            return read_field(data, name, parse)

    return read


def _written(value: object) -> object:
    """A field's value as JSON: numbers and flags as they are, tuples listed, else text.

    >>> from arbitro.core import Seat, Suit
    >>> from arbitro.laws.auction import read_call
    >>> from arbitro.table.events import CallEvent
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

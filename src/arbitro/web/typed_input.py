"""What the console takes from an address, a query or a form, and what it says when it is wrong.

Numbers (:data:`Number`, :func:`whole_number`), the ``?lang=`` every page takes
(:data:`LangQuery`), a pair's number as typed (:func:`typed_pair`), and FastAPI's
validation errors put into words (:func:`invalid_input_message`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, cast

from fastapi import Query
from pydantic import Field

from arbitro.core.bounded import MAX_NUMBER
from arbitro.i18n import N_, gettext

LangQuery = Annotated[str | None, Query(alias="lang", max_length=16)]
"""The ``?lang=`` parameter every page takes."""

Number = Annotated[int, Field(ge=1, le=MAX_NUMBER)]
"""A number given in a path, a query, a form (``Annotated[Number, Form()]``) or a body field.

>>> from pydantic import TypeAdapter, ValidationError
>>> TypeAdapter(Number).validate_python("2147483647")
2147483647
>>> try:
...     TypeAdapter(Number).validate_python(2**31)
... except ValidationError as error:
...     print(error.errors()[0]["type"])
less_than_equal
"""


def whole_number(text: str) -> int | None:
    """``text`` as a number the console takes (1 to :data:`MAX_NUMBER`), or None.

    Only the digits 0 to 9: ``"²".isdigit()`` is true, but it is no number.

    >>> whole_number("12"), whole_number("²"), whole_number("0"), whole_number(str(2**40))
    (12, None, None, None)
    """
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_NUMBER)):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_NUMBER else None


def typed_pair(text: str) -> str:
    """A pair's number as typed in an address, East-West as ``EW``: ``5EO`` and ``5eo`` are ``5EW``.

    >>> typed_pair("5EO"), typed_pair("5eo"), typed_pair("5NS"), typed_pair("Ana")
    ('5EW', '5EW', '5NS', 'Ana')
    """
    if text[-2:].upper() == "EO" and text[:-2].isascii() and text[:-2].isdigit():
        return text[:-2] + "EW"
    return text


_FIELD_NAMES = {
    "event": N_("event"),
    "board": N_("board"),
    "table": N_("table"),
    "round": N_("round"),
    "number": N_("number"),
    "ruling": N_("ruling"),
    "pair": N_("pair"),
    "session": N_("session"),
    "contract": N_("contract"),
    "declarer": N_("declarer"),
    "tricks": N_("tricks"),
    "lead": N_("lead"),
    "score": N_("score"),
    "adjusted": N_("adjusted"),
}
"""The names of the fields most often typed in an address or a form, for the catalogs."""

_NUMBER_ERRORS = frozenset(
    {"int_parsing", "int_from_float", "int_type", "greater_than_equal", "less_than_equal"}
)


def invalid_input_message(errors: Sequence[Mapping[str, object]]) -> str:
    """What was wrong in a page's request (its address, query or form), in words.

    ``errors`` are FastAPI's validation errors (``RequestValidationError.errors()``):
    each names the field and its place. A number out of range or not a number says
    which numbers are taken; a missing field says so; anything else names the field.

    >>> invalid_input_message(
    ...     [{"type": "less_than_equal", "loc": ("path", "event"), "input": "99999999999"}]
    ... )
    '“event” is “99999999999”: expected a whole number from 1 to 2147483647.'
    >>> invalid_input_message([{"type": "missing", "loc": ("body", "board"), "input": None}])
    '“board” is missing.'

    An item of a list is named by its list:

    >>> invalid_input_message(
    ...     [{"type": "greater_than_equal", "loc": ("body", "boards", 0), "input": 0}]
    ... )
    '“boards” is “0”: expected a whole number from 1 to 2147483647.'

    Text longer than the field takes says how long it may be:

    >>> invalid_input_message([{"type": "string_too_long", "loc": ("body", "contract"),
    ...                         "input": "3NT" * 9, "ctx": {"max_length": 20}}])
    '“contract” is longer than 20 characters.'
    """
    described: list[str] = []
    for error in errors:
        place = error.get("loc") or ()
        names = (
            [part for part in place if not isinstance(part, int)]
            if isinstance(place, (tuple, list))
            else []
        )
        field = str(names[-1]) if names else "?"
        field = gettext(_FIELD_NAMES[field]) if field in _FIELD_NAMES else field
        kind = error.get("type")
        given = error.get("input")
        # A body that is not UTF-8 is given as its bytes: shown as text, not as b'...'.
        value = (given.decode("utf-8", "replace") if isinstance(given, bytes) else str(given))[:40]
        if kind == "missing":
            described.append(gettext("“{field}” is missing.").format(field=field))
        elif kind == "string_too_long" and isinstance(error.get("ctx"), Mapping):
            most = cast("Mapping[str, object]", error["ctx"]).get("max_length")
            described.append(
                gettext("“{field}” is longer than {most} characters.").format(
                    field=field, most=most
                )
            )
        elif kind in _NUMBER_ERRORS:
            described.append(
                gettext("“{field}” is “{value}”: expected a whole number from 1 to {top}.").format(
                    field=field, value=value, top=MAX_NUMBER
                )
            )
        else:
            described.append(
                gettext("“{field}” is “{value}”: not a value this page takes.").format(
                    field=field, value=value
                )
            )
    return " ".join(described) or gettext("The request was not understood.")

r"""CSV text read line by line, each line's number kept for the messages about it.

Every reader of a CSV file that people type or export (travellers, results by table,
spreadsheets) goes through these: bytes that are not UTF-8 text, a field longer than
the :mod:`csv` module's limit and text that is not CSV are refused with the line they
are on, through the caller's ``fail(line, reason)``.

>>> import io
>>> reader = csv.reader(io.StringIO("board,ns\n1,2\n"))
>>> list(csv_rows(reader, lambda line, reason: ValueError(reason)))
[['board', 'ns'], ['1', '2']]
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, TypeVar

from arbitro.i18n import N_, gettext

_CSV_REASONS = (
    ("NUL", N_("binary data (a NUL byte), not text: expected CSV text, a row of fields a line")),
    (
        "new-line character",
        N_("a line end inside a field (a CR alone?): expected CSV text, a row of fields a line"),
    ),
    ("expected after", N_("a quote out of place: a quoted field ends just before , or ;")),
    ("unexpected end of data", N_("a quoted field that is never closed")),
)
"""The words of the :mod:`csv` module's errors, and what each means to the reader (its
own words, in English, never reach him)."""


def _csv_reason(error: csv.Error | UnicodeDecodeError) -> str:
    r"""What is wrong with a line that is not CSV text, in the active language.

    >>> _csv_reason(csv.Error("line contains NUL"))
    'binary data (a NUL byte), not text: expected CSV text, a row of fields a line'
    >>> _csv_reason(csv.Error("something new"))
    'not CSV text: expected a row of fields a line, separated by , or ;'
    """
    if isinstance(error, UnicodeDecodeError):
        return gettext("not UTF-8 text; save the file as UTF-8 CSV")
    if "field limit" in str(error):
        return gettext("a field is longer than {limit} characters").format(
            limit=csv.field_size_limit()
        )
    for words, reason in _CSV_REASONS:
        if words in str(error):
            return gettext(reason)
    return gettext("not CSV text: expected a row of fields a line, separated by , or ;")


def decoded_lines(
    stream: Iterable[bytes | str], fail: Callable[[int, str], Exception]
) -> Iterator[str]:
    r"""The lines of a CSV file's bytes as text, one at a time (UTF-8, a BOM dropped).

    A line that is not UTF-8 raises ``fail(line, reason)`` when it is reached, so a file
    read as it arrives (a pipe) is stored up to that line. Lines already text pass as
    they are.

    >>> list(decoded_lines([b"\xef\xbb\xbfboard\n", b"1\n", b"\xe9\n"], lambda line, reason: ValueError(f"line {line}: {reason}")))
    Traceback (most recent call last):
    ...
    ValueError: line 3: not UTF-8 text; save the file as UTF-8 CSV
    """
    for number, raw in enumerate(stream, start=1):
        try:
            line = raw if isinstance(raw, str) else raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise fail(number, _csv_reason(error)) from None
        yield line.removeprefix("\ufeff") if number == 1 else line


def csv_header(reader: csv.DictReader[str], fail: Callable[[int, str], Exception]) -> list[str]:
    r"""The column names of ``reader``, lower case; a header that is not CSV text raises ``fail(1, reason)``.

    >>> import io
    >>> csv_header(csv.DictReader(io.StringIO("Board,NS\n")), lambda line, reason: ValueError(reason))
    ['board', 'ns']
    """
    try:
        return [name.strip().lower() for name in reader.fieldnames or []]
    except (csv.Error, UnicodeDecodeError) as error:
        raise fail(1, _csv_reason(error)) from None


_Row = TypeVar("_Row", covariant=True)


class LineReader(Protocol[_Row]):
    """A reader of CSV rows that knows the line it is on (:func:`csv.reader`, :class:`csv.DictReader`)."""

    @property
    def line_num(self) -> int:
        """The number of lines read from the source so far."""

    def __next__(self) -> _Row:
        """The next row."""


def csv_rows(reader: LineReader[_Row], fail: Callable[[int, str], Exception]) -> Iterator[_Row]:
    r"""The rows of ``reader``; a line that is not CSV text raises ``fail(line, reason)``.

    A field longer than the :mod:`csv` module's limit (131,072 characters) and bytes
    that are not UTF-8 text are refused with the line they are on.

    >>> import io
    >>> reader = csv.DictReader(io.StringIO("a\n" + "x" * 200_000 + "\n"))
    >>> list(csv_rows(reader, lambda line, reason: ValueError(f"line {line}: {reason}")))
    Traceback (most recent call last):
    ...
    ValueError: line 2: a field is longer than 131072 characters
    """
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except (csv.Error, UnicodeDecodeError) as error:
            # The line the csv module was reading (a DictReader counts only the rows it
            # gave; the reader under it has counted the failing line too).
            under = reader.reader if isinstance(reader, csv.DictReader) else reader
            raise fail(under.line_num, _csv_reason(error)) from None
        yield row

"""Reading and writing the commands' files: JSON on the standard output, text to a file or ``-``.

Every failure names the file and the reason, in one line, as the commands report it.
The reports for people write their figures in the command's language (:func:`figure`:
``60,63 %`` in Spanish); JSON and the files keep the point, for the programs that read them.

>>> echo_json({"board": 1, "player": "Núñez"})
{"board": 1, "player": "Núñez"}
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import IO

import click

from arbitro.core.errors import FileReason, FileTooLargeError
from arbitro.core.files import read_bounded, replace_file
from arbitro.i18n import gettext, write_figure


class FileProblem(click.ClickException):
    """A file that cannot be read or written; the message names it.

    >>> FileProblem("set.pbn", "No such file or directory").format_message()
    'cannot use the file set.pbn: No such file or directory'
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            gettext("cannot use the file {file}: {reason}").format(file=path, reason=reason)
        )


def echo_json(data: object, *, err: bool = False) -> None:
    """Print ``data`` as one line of JSON, accented letters as they are (``err``: on stderr).

    >>> echo_json([{"pair": "1NS", "score": 62.5}])
    [{"pair": "1NS", "score": 62.5}]
    """
    click.echo(json.dumps(data, ensure_ascii=False), err=err)


def cannot_read(path: str | Path, error: Exception) -> str:
    """The message for a file that cannot be read: its path and the reason.

    >>> cannot_read("travellers.csv", FileNotFoundError(2, "No such file or directory"))
    "cannot read 'travellers.csv': no such file or folder"
    """
    reason = FileReason.of(error) if isinstance(error, OSError) else error
    return gettext("cannot read '{path}': {reason}").format(path=path, reason=reason)


def cannot_write(path: str, reason: str) -> click.ClickException:
    """The error for a file that cannot be written: its path and the reason (exit status 1).

    >>> cannot_write("results.pbn", "Permission denied").message
    "cannot write 'results.pbn': Permission denied"
    """
    return click.ClickException(
        gettext("cannot write '{path}': {reason}").format(path=path, reason=reason)
    )


def read_text(path: Path, *, limit: int, problem: type[click.UsageError] = click.UsageError) -> str:
    """The text of the UTF-8 file ``path``; ``problem`` names it when it cannot be read.

    A byte-order mark (Windows Notepad writes one) is dropped; bytes that are not UTF-8
    are refused naming the file and the line they are on. ``limit`` is the most bytes
    read of a file of its kind (:func:`read_bytes`).

    >>> read_text(Path("/nonexistent/movement.json"), limit=1000)
    Traceback (most recent call last):
    ...
    click.exceptions.UsageError: cannot read '/nonexistent/movement.json': no such file or folder
    """
    data = read_bytes(path, limit=limit, problem=problem)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise problem(
            gettext("{source}, line {line}: {reason}").format(
                source=path, line=line, reason=gettext("not UTF-8 text")
            )
        ) from None


def read_bytes(
    path: Path, *, limit: int, problem: type[click.UsageError] = click.UsageError
) -> bytes:
    """The bytes of the file ``path`` (its encoding is the reader's to tell).

    ``limit`` is the most bytes read of a file of its kind (the constants of
    :mod:`arbitro.core.files`, the desk's limits too): a larger file, or one without
    end such as ``/dev/zero``, is refused at once, naming the file and the limit.

    >>> read_bytes(Path("/nonexistent/travellers.csv"), limit=1000)
    Traceback (most recent call last):
    ...
    click.exceptions.UsageError: cannot read '/nonexistent/travellers.csv': no such file or folder
    >>> read_bytes(Path("/dev/zero"), limit=20_000)
    Traceback (most recent call last):
    ...
    click.exceptions.UsageError: /dev/zero: the file is larger than 20 kB
    """
    try:
        return read_bounded(path, limit)
    except OSError as error:
        raise problem(cannot_read(path, error)) from None
    except FileTooLargeError as error:
        raise problem(str(error)) from None


def bounded_lines(stream: IO[bytes] | IO[str], limit: int, source: str) -> Iterator[bytes | str]:
    r"""The lines of ``stream`` as they arrive, no more than ``limit`` bytes or characters in all.

    Standard input read line by line (a scoring program feeding ``result import -``)
    is bounded as a file of its kind is (:func:`read_bytes`): a stream without a line
    end or without end (``< /dev/zero``) stops at the limit with a
    :class:`~arbitro.core.errors.FileTooLargeError` naming ``source`` and the limit,
    after the lines before it.

    >>> import io
    >>> list(bounded_lines(io.BytesIO(b"board\n1\n"), 100, "<stdin>"))
    [b'board\n', b'1\n']
    >>> list(bounded_lines(io.BytesIO(bytes(5000)), 2000, "<stdin>"))
    Traceback (most recent call last):
    ...
    arbitro.core.errors.FileTooLargeError: <stdin>: the file is larger than 2 kB
    """
    left = limit
    while True:
        line = stream.readline(left + 1)
        if not line:
            return
        left -= len(line)
        if left < 0:
            raise FileTooLargeError(source, limit)
        yield line


def write_text(
    path: str, text: str, *, problem: Callable[[str, str], Exception] = FileProblem
) -> bool:
    r"""Write ``text`` to ``path`` (``-`` for the standard output); True if it went to a file.

    A file that cannot be written raises ``problem(path, reason)``.

    >>> write_text("-", "[Board \"1\"]\n")
    [Board "1"]
    False
    """
    if path == "-":
        click.echo(text, nl=False)
        return False
    try:
        replace_file(Path(path), text.encode("utf-8"))
    except OSError as error:
        raise problem(path, FileReason.of(error).localized()) from None
    return True


def write_pbn(
    path: str,
    text: str,
    *,
    encoding: str | None = None,
    problem: Callable[[str, str], Exception] = FileProblem,
) -> bool:
    r"""Write the PBN ``text`` to ``path`` (``-``: the standard output) in its character set; True if to a file.

    ISO 8859-1, the PBN standard's, unless ``encoding`` is ``utf-8``
    (:func:`arbitro.formats.pbn.encode`): a character it cannot hold is an error
    naming the board, the tag and the character, and nothing is written. The standard
    output gets the same bytes as a file would.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "set.pbn")
    >>> write_pbn(path, '[North "Muñoz"]\n'), open(path, "rb").read()
    (True, b'[North "Mu\xf1oz"]\r\n')
    """
    from arbitro.formats.pbn import encode

    data = encode(text, path, encoding=encoding or "latin-1")
    if path == "-":
        click.echo(data, nl=False)
        return False
    try:
        replace_file(Path(path), data)
    except OSError as error:
        raise problem(path, FileReason.of(error).localized()) from None
    return True


def write_bytes(path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path``, whole or not at all (:func:`replace_file`).

    >>> write_bytes("/nonexistent/record.pdf", b"")
    Traceback (most recent call last):
    ...
    arbitro.cli.output.FileProblem: cannot use the file /nonexistent/record.pdf: no such file or folder
    """
    try:
        replace_file(Path(path), data)
    except OSError as error:
        raise FileProblem(path, FileReason.of(error).localized()) from None


class FileParam(click.Path):
    """A file the command reads (``must_exist``: it must be there already), as a :class:`Path`.

    A folder, or a file that is missing or cannot be read, is a usage error naming the
    file and the reason in the active language (click's own checks say it in English).

    >>> FileParam().convert("travellers.csv", None, None)
    PosixPath('travellers.csv')
    >>> FileParam(must_exist=True).convert("/nonexistent/log.jsonl", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent/log.jsonl': no such file or folder
    """

    def __init__(self, *, must_exist: bool = False) -> None:
        super().__init__(exists=must_exist, dir_okay=False, path_type=Path)

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Path:
        """The path, refused in the active language when it is no readable file."""
        path = value if isinstance(value, Path) else Path(str(value))
        refusal: OSError | None = None
        if path.is_dir():
            refusal = IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        elif self.exists and not path.exists():
            refusal = FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        elif path.exists() and not os.access(path, os.R_OK):
            refusal = PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        if refusal is not None:
            self.fail(cannot_read(path, refusal), param, ctx)
        return Path(os.fsdecode(super().convert(path, param, ctx)))


__all__ = [
    "FileParam",
    "FileProblem",
    "bounded_lines",
    "cannot_read",
    "cannot_write",
    "echo_json",
    "echo_table",
    "figure",
    "read_bytes",
    "read_text",
    "write_bytes",
    "write_pbn",
    "write_text",
]


def echo_table(rows: list[list[str]]) -> None:
    """Print rows as aligned columns, the first row being the header.

    >>> echo_table([["table", "result"], ["1", "4S N 10"], ["12", "3NT S 9"]])
      table  result
      1      4S N 10
      12     3NT S 9
    """
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        click.echo(
            ("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))).rstrip()
        )


def figure(
    value: Fraction | int | None, places: int = 2, *, unit: str = "", whole: bool = False
) -> str:
    r"""``value`` as a report for people prints it: rounded once, written in the command's language.

    The number :func:`~arbitro.scoring.session.show` gives (``places`` decimals), with its
    ``unit`` (``%``, `` VP``), written by :func:`~arbitro.i18n.write_figure` as the
    director's desk writes it: ``60,63 %`` (a no-break space) and ``12,50 PV`` in Spanish.
    ``None`` is an empty cell. JSON, CSV and the files written keep the point: they never
    come here. ``whole``: IMPs, written whole where they are (``12``), with their
    decimals where they have a fraction (``3,50``), as the pages write them.

    >>> from arbitro.i18n import use_language
    >>> figure(Fraction(37, 3)), figure(Fraction(1, 4) * 100, 0, unit="%")
    ('12.33', '25%')
    >>> with use_language("es"):
    ...     figure(Fraction(37, 3)), figure(Fraction(121, 2), unit="%"), figure(7, unit=" VP")
    ('12,33', '60,50\xa0%', '7,00 PV')
    >>> figure(None), figure(Fraction(12), whole=True), figure(Fraction(7, 2), whole=True)
    ('', '12', '3.50')
    """
    if value is None:
        return ""
    from arbitro.scoring.session_values import show  # the scorer's rounding, not at the start

    return write_figure(show(value, places) + unit, whole=whole)

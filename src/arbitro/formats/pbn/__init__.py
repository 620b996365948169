r"""PBN 2.1 (Portable Bridge Notation): read, checked and written.

``loads`` / ``load`` read the games of a file (import format: comments, ``#`` and
``##`` inheritance, escape lines; export format); ``dumps`` / ``dump`` write them in
export format. In strict mode (the default) any problem raises
:class:`~arbitro.formats.pbn.model.PBNFileError`, whose ``errors`` list every problem
with its line; :func:`check` returns that list instead, and lenient mode
(``strict=False``) reads what it can of files that bend the standard.

>>> games = loads('[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1NT Pass 3NT AP\n')
>>> games[0]["Event"], games[0].tag("Auction").rows
('Club', ('1NT Pass 3NT AP',))
>>> loads('[Board "1"]\n[Dealer "Q"]\n[Contract "5Hearts"]\n')
Traceback (most recent call last):
...
arbitro.formats.pbn.model.PBNFileError: <text>, line 2: [Dealer "Q"]: expected a seat: N, E, S, W, or ? when unknown (and 1 more problem)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from arbitro.core.errors import FileReason, FileWriteError, PBNSyntaxError
from arbitro.core.files import MAX_PBN_BYTES, read_bounded, replace_file
from arbitro.formats.pbn.encoding import ENCODINGS, encode
from arbitro.formats.pbn.model import (
    PBNCutShortError,
    PBNFileError,
    PBNGame,
    PBNNote,
    PBNTag,
    describe,
)
from arbitro.formats.pbn.reader import iter_games
from arbitro.formats.pbn.writer import HEADER, MANDATORY_TAGS, cuts
from arbitro.formats.pbn.writer import dumps as dumps
from arbitro.i18n import N_

EXTENSIONS = (".pbn",)
"""The file name endings of PBN files."""

_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
"""The byte-order marks UTF-16 text starts with: little-endian (Windows') and big-endian."""


def read(
    text: str, source: str = "<text>", *, strict: bool = True, values: bool = True
) -> tuple[list[PBNGame], list[PBNSyntaxError]]:
    r"""The games of ``text`` and every problem found, without raising.

    ``values=False`` checks the syntax only, not what the tags say.

    >>> games, errors = read('[Board "x"]\n')
    >>> len(games), [error.line for error in errors]
    (1, [1])
    >>> read('[Board "x"]\n', values=False)[1]
    []
    """
    games, errors, _ = read_all(text, source, strict=strict, values=values)
    return games, errors


_Reading = tuple[tuple[PBNGame, ...], tuple[PBNSyntaxError, ...], tuple[PBNSyntaxError, ...]]
_READ_ONCE: ContextVar[dict[tuple[str, str, bool, bool], _Reading] | None] = ContextVar(
    "_READ_ONCE", default=None
)


@contextmanager
def reading_once() -> Iterator[None]:
    r"""Within it, a PBN text read again the same way gives the games of its first reading.

    For a command that reads one file in several steps (``arbitro check`` checks it, then
    reads its travellers, then its published figures): each reading of the same text,
    source and mode is done once. The games are immutable; each caller gets lists of
    its own. Nothing is kept once the block ends.

    >>> with reading_once():
    ...     first, again = read('[Board "1"]\n'), read('[Board "1"]\n')
    >>> first[0][0] is again[0][0], first[0] is again[0]
    (True, False)
    """
    token = _READ_ONCE.set({})
    try:
        yield
    finally:
        _READ_ONCE.reset(token)


def read_all(
    text: str, source: str = "<text>", *, strict: bool = True, values: bool = True
) -> tuple[list[PBNGame], list[PBNSyntaxError], list[PBNSyntaxError]]:
    r"""The games of ``text``, its errors and its notes (:class:`PBNNote`: a program's own tags).

    A file without a game (empty, or only comments) is an error.

    >>> games, errors, notes = read_all('[Board "1"]\n[BCFlags "1f"]\n')
    >>> len(games), errors, [note.line for note in notes]
    (1, [], [2])
    >>> print(read_all("", "empty.pbn")[1][0])
    empty.pbn: the file holds no games
    """
    memo = _READ_ONCE.get()
    key = (text, source, strict, values)
    if memo is not None and key in memo:
        kept_games, kept_errors, kept_notes = memo[key]
        return list(kept_games), list(kept_errors), list(kept_notes)
    found: list[PBNSyntaxError] = []
    games = list(iter_games(text.split("\n"), source, found, strict=strict, values=values))
    if not games and not found:
        found.append(PBNSyntaxError.at(source, 0, source, N_("the file holds no games")))
    found.sort(key=lambda error: error.line)
    errors = [error for error in found if not isinstance(error, PBNNote)]
    notes: list[PBNSyntaxError] = [error for error in found if isinstance(error, PBNNote)]
    if memo is not None:
        memo[key] = (tuple(games), tuple(errors), tuple(notes))
    return games, errors, notes


def loads(text: str, source: str = "<text>", *, strict: bool = True) -> list[PBNGame]:
    r"""The games of a PBN text; ``source`` names the file in errors.

    Strict mode raises :class:`PBNFileError` listing every problem; lenient mode
    returns what it could read, unless a tag or a comment is still open where the file
    ends (:class:`PBNCutShortError`: a file cut short), which either mode refuses.

    >>> len(loads('[Board "1"]\n[Board "2"]\n', strict=False))
    2
    >>> loads('[Board "1"]\n[Board "2', "cut.pbn", strict=False)
    Traceback (most recent call last):
    ...
    arbitro.formats.pbn.model.PBNFileError: cut.pbn, line 2: [Board "2: a tag that is never closed
    """
    games, errors = read(text, source, strict=strict)
    if not strict:
        errors = [error for error in errors if isinstance(error, PBNCutShortError)]
    if errors:
        raise PBNFileError.of_errors(errors)
    return games


def decode(data: bytes, source: str = "<bytes>") -> str:
    r"""The text of a PBN file's bytes: UTF-8 (with or without a BOM), else ISO 8859-1.

    A file that starts with a UTF-16 byte-order mark (what Windows calls "Unicode", as
    Excel's "Unicode text" and Notepad save it) is read as UTF-16, and so is one
    without the mark whose first characters are ASCII, each beside a zero byte. The one place every
    reader of a PBN file turns its bytes into text: lines that end in CR alone, as old
    Mac programs write them, are read as lines (the text's lines then end in LF);
    :func:`line_end_warnings` tells of them.

    >>> decode("Ñ".encode("latin-1")), decode("Ñ".encode("utf-8")), decode("Ñ".encode("utf-16"))
    ('Ñ', 'Ñ', 'Ñ')
    >>> decode(b'[Board "1"]\r[Dealer "N"]\r'), decode(b'[Board "1"]\r\n')
    ('[Board "1"]\n[Dealer "N"]\n', '[Board "1"]\r\n')
    """
    text = characters(data)
    return text.replace("\r", "\n") if _cr_only(text) else text


def characters(data: bytes) -> str:
    r"""The characters of a file's bytes as :func:`decode` reads them, their line ends as they are.

    For a format that reads its text as PBN does but has line ends of its own (LIN).

    >>> characters(b"pn|Ana|\r")
    'pn|Ana|\r'
    """
    encoding = "utf-16" if data.startswith(_UTF16_MARKS) else _utf16_without_mark(data)
    if encoding is not None:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            pass  # not UTF-16 after all: bytes that happen to start so
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _utf16_without_mark(data: bytes) -> str | None:
    r"""UTF-16 text without its byte-order mark, told by its start: ASCII characters, each beside a zero byte.

    ``utf-16-le`` when every other byte of the first ones is zero from the second,
    ``utf-16-be`` from the first; None for any other bytes (a binary file's zeros are
    not so regular).

    >>> _utf16_without_mark("[Board".encode("utf-16-le")), _utf16_without_mark("[Board".encode("utf-16-be"))
    ('utf-16-le', 'utf-16-be')
    >>> _utf16_without_mark(b"[Board"), _utf16_without_mark(b"\x00\x00\x00\x00")
    (None, None)
    """
    start = data[: min(len(data), 64) // 2 * 2]  # whole characters of two bytes
    if len(start) < 4:
        return None
    even, odd = start[0::2], start[1::2]
    if not odd.strip(b"\x00") and 0 not in even and even.isascii():
        return "utf-16-le"
    if not even.strip(b"\x00") and 0 not in odd and odd.isascii():
        return "utf-16-be"
    return None


def _cr_only(text: str) -> bool:
    r"""Whether the lines of ``text`` end in CR alone: a CR in it, and no LF anywhere.

    A stray CR in a file whose lines end in LF or CR LF is not a line end: the reader
    names it as a character PBN does not allow there.

    >>> _cr_only("a\rb\r"), _cr_only("a\r\nb\r\n"), _cr_only("a\rb\n"), _cr_only("a")
    (True, False, False, False)
    """
    return "\r" in text and "\n" not in text


def line_end_warnings(data: bytes, source: str = "<bytes>") -> list[PBNSyntaxError]:
    r"""A warning when the lines of a PBN file's bytes end in CR alone (else nothing).

    PBN's export format ends each line in CR LF, and the files of today's programs end
    them in CR LF or LF; old Mac programs wrote CR alone. Every reader reads such lines
    (:func:`decode`); ``arbitro check`` lists this warning so that the file is not
    taken for a standard one.

    >>> for warning in line_end_warnings(b'[Board "1"]\r', "old.pbn"):
    ...     print(warning)
    old.pbn: the lines end in CR alone, as old Mac programs wrote them (PBN's export format ends them in CR LF): read as lines
    >>> line_end_warnings(b'[Board "1"]\r\n')
    []
    """
    if not _cr_only(characters(data)):
        return []
    return [
        PBNSyntaxError.at(
            source,
            0,
            source,
            N_(
                "the lines end in CR alone, as old Mac programs wrote them "
                "(PBN's export format ends them in CR LF): read as lines"
            ),
        )
    ]


def load(path: str | Path, *, strict: bool = True) -> list[PBNGame]:
    """The games of the PBN file at ``path``.

    >>> load("no-such-file.pbn")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: no-such-file.pbn: the file cannot be read: no such file or folder
    """
    return loads(read_file(path), str(path), strict=strict)


def read_file(path: str | Path) -> str:
    """The text of the file at ``path``, or a :class:`PBNSyntaxError` naming it.

    >>> read_file("no-such-file.pbn")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: no-such-file.pbn: the file cannot be read: no such file or folder
    """
    return decode(read_bytes(path), str(path))


def read_bytes(path: str | Path, limit: int = MAX_PBN_BYTES) -> bytes:
    """The bytes of the file at ``path``, at most ``limit`` of them (a PBN file's, by default).

    A file that cannot be read is a :class:`PBNSyntaxError` naming it and the reason;
    a larger one a :class:`~arbitro.core.errors.FileTooLargeError` naming it and the
    limit, read no further (``/dev/zero`` ends at once).

    >>> read_bytes("/dev/zero")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.FileTooLargeError: /dev/zero: the file is larger than 20000 kB
    """
    try:
        return read_bounded(path, limit)
    except OSError as error:
        raise PBNSyntaxError.at(
            str(path), 0, str(path), N_("the file cannot be read: {why}"), why=FileReason.of(error)
        ) from None


def write_file(path: str | Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8) or the bytes ``text`` to ``path``, whole or not at all.

    The file is replaced in one step (:func:`~arbitro.core.files.replace_file`): a failed
    write never leaves half a file. A PBN file's bytes come from :func:`encode` (ISO
    8859-1 unless UTF-8 is asked for). A file that cannot be written is a
    :class:`~arbitro.core.errors.FileWriteError` naming it and the reason.

    >>> write_file("no-such-folder/out.pbn", "")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.FileWriteError: no-such-folder/out.pbn: the file cannot be written: no such file or folder
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        replace_file(Path(path), data)
    except OSError as error:
        raise FileWriteError(str(path), FileReason.of(error)) from None


def dump(games: list[PBNGame], path: str | Path, *, encoding: str = "latin-1") -> None:
    r"""Write ``games`` to ``path`` in export format, in ISO 8859-1 (PBN 2.1's character set) or UTF-8.

    A character the encoding cannot hold is an error naming the board, the tag and the
    character (:func:`encode`), and nothing is written.

    >>> import tempfile, os
    >>> target = os.path.join(tempfile.mkdtemp(), "out.pbn")
    >>> dump([PBNGame((PBNTag("Board", "1"), PBNTag("North", "Muñoz")))], target)
    >>> open(target, "rb").read().count(b"Mu\xf1oz"), load(target)[0]["North"]
    (1, 'Muñoz')
    """
    write_file(path, encode(dumps(games), str(path), encoding=encoding))


def check(text: str, source: str = "<text>", *, strict: bool = True) -> list[PBNSyntaxError]:
    r"""Every problem of a PBN text, each with its line (empty when it is correct).

    >>> [describe(error) for error in check('[Round "&"]\n')]
    ['line 1: [Round "&"]: expected a round such as 1.A.2']
    """
    return read(text, source, strict=strict)[1]


def notes(text: str, source: str = "<text>", *, strict: bool = True) -> list[PBNSyntaxError]:
    r"""The notes of a PBN text: the tags of its own that a program added (not errors).

    >>> for note in notes('[Board "1"]\n[DoubleDummyTricks "7766"]\n'):
    ...     print(describe(note))
    line 2: [DoubleDummyTricks "7766"]: DoubleDummyTricks is not a tag of PBN 2.1 (a program's own tag, kept as it is)
    """
    return read_all(text, source, strict=strict)[2]


__all__ = [
    "ENCODINGS",
    "EXTENSIONS",
    "HEADER",
    "MANDATORY_TAGS",
    "PBNCutShortError",
    "PBNFileError",
    "PBNGame",
    "PBNNote",
    "PBNTag",
    "characters",
    "check",
    "cuts",
    "decode",
    "describe",
    "dump",
    "dumps",
    "encode",
    "line_end_warnings",
    "load",
    "loads",
    "notes",
    "read",
    "read_all",
    "read_bytes",
    "read_file",
    "read_games",
    "reading_once",
    "write_file",
    "write_games",
]


def read_games(text: str, source: str = "<text>", *, strict: bool = True) -> list[PBNGame]:
    r"""The games of a PBN text, for :func:`arbitro.formats.convert` (same as :func:`loads`).

    >>> read_games('[Board "5"]\n')[0]["Board"]
    '5'
    """
    return loads(text, source, strict=strict)


def write_games(games: list[PBNGame], source: str = "<games>") -> str:
    """The text of ``games`` in export format (same as :func:`dumps`; ``source`` is unused).

    >>> write_games([]).startswith(HEADER)
    True
    """
    return dumps(games)

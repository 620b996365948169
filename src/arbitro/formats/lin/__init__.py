"""LIN, the hand records and played boards of Bridge Base Online, read and written.

``load`` / ``loads`` read a file or a text into a :class:`LinFile` of
:class:`LinBoard` values; ``dump`` / ``dumps`` write one back. :func:`to_table`
replays a board into an :class:`arbitro.table.Table` and :func:`from_table` records a
table's board as LIN. Malformed text raises :class:`LINSyntaxError`, naming the line
and the tag (``docs/formats.md``).

>>> lin = loads("md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|b|ah|Board 4|")
>>> lin.boards[0].number, lin.boards[0].vulnerability
(4, Vulnerability.ALL)
>>> loads(dumps(lin)) == lin
True
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from arbitro.core.errors import FileReason
from arbitro.core.files import replace_file
from arbitro.formats.lin.model import LinBoard, LinCall, LinFile, LINSyntaxError
from arbitro.formats.lin.table import LinTableError, from_table, to_table
from arbitro.formats.lin.text import dumps, loads
from arbitro.i18n import N_

__all__ = [
    "LINSyntaxError",
    "LinBoard",
    "LinCall",
    "LinFile",
    "LinTableError",
    "dump",
    "dumps",
    "from_table",
    "load",
    "loads",
    "to_table",
]


def load(file: str | Path | IO[bytes]) -> LinFile:
    """Read a LIN file (UTF-8; a file that is not UTF-8 is read as Latin-1, as BBO's old files are).

    >>> import io
    >>> load(io.BytesIO(b"ah|Board 2|")).boards[0].number
    2
    >>> try:
    ...     load("no-such-file.lin")
    ... except LINSyntaxError as error:
    ...     print(error)
    no-such-file.lin: the file cannot be read: no such file or folder
    """
    if isinstance(file, str | Path):
        source = str(file)
        try:
            data = Path(file).read_bytes()
        except OSError as error:
            raise LINSyntaxError.at(
                source,
                0,
                0,
                "",
                source,
                N_("the file cannot be read: {why}"),
                why=FileReason.of(error),
            ) from None
    else:
        source = getattr(file, "name", "<file>")
        data = file.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise LINSyntaxError.at(
            source, line, 0, "", "\\x00", N_("a LIN file is text, not binary data")
        )
    return loads(text, source)


def dump(lin: LinFile | LinBoard, file: str | Path | IO[str]) -> None:
    r"""Write ``lin`` to a file (UTF-8, whole or not at all) or a text stream.

    >>> import io
    >>> out = io.StringIO()
    >>> dump(LinBoard(title="Board 2"), out)
    >>> out.getvalue()
    'ah|Board 2|\n'
    """
    text = dumps(lin)
    if isinstance(file, str | Path):
        replace_file(Path(file), text.encode("utf-8"))
    else:
        file.write(text)

r"""Files people already have: PBN 2.1, LIN, USEBIO, and Árbitro's table logs.

Each format is a module with the ``json`` module's API (``load``, ``loads``, ``dump``,
``dumps``) over its own values. For ``arbitro convert`` and ``arbitro check`` they also
meet in one value, a list of PBN games (:class:`~arbitro.formats.pbn.model.PBNGame`,
the richest record of a board as played): each format module registered in
:data:`FORMATS` gives

- ``read_games(text: str, source: str, *, strict: bool) -> list[PBNGame]``; with
  ``LEAVES_OUT = True`` it also takes ``left_out: list[PBNSyntaxError]``, to which it
  adds a warning for what the games could not hold (LIN, a table log: a note beyond
  the 32 PBN numbers in a section), each naming the file, the line and the board,
- ``write_games(games: list[PBNGame], source: str) -> str`` (``source``: the file the
  games came from, for the problems it names),
- ``check(text: str, source: str, *, strict: bool) -> list[PBNSyntaxError]``: every
  problem of a file, each with its line,
- optionally ``written(games: list[PBNGame]) -> int``: how many of them
  ``write_games`` writes, when it leaves some out (USEBIO keeps only results);
- optionally ``cuts(games: list[PBNGame], source: str) -> list[PBNSyntaxError]``: what
  ``write_games`` cuts to fit the format (PBN: a value longer than its line), each
  named, to tell the user;
- optionally ``encode(text: str, source: str, *, encoding: str, how: str) -> bytes``:
  the file's bytes (PBN: ISO 8859-1 by default, :data:`arbitro.formats.pbn.ENCODINGS`);
  a format without it is written in UTF-8.
- optionally ``NEEDS_DEALS = True``: a file of the format is made of deals (LIN, a
  table log), and ``NO_DEALS``: why a file of the format has none (USEBIO), so that
  converting one into the other is refused for that reason.

A new format is one line in :data:`FORMATS`: its file name ending and its module.

>>> format_for("boards.PBN").module
'arbitro.formats.pbn'
>>> format_for("boards.doc")
Traceback (most recent call last):
...
arbitro.formats.UnknownFormatError: boards.doc: expected a file ending in .jsonl, .lin, .pbn, .xml
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_LOG_CHARACTERS, MAX_PBN_BYTES, MAX_RESULTS_BYTES, read_bounded
from arbitro.i18n import N_, gettext

if TYPE_CHECKING:
    from arbitro.core.errors import PBNSyntaxError
    from arbitro.formats.pbn.model import PBNGame

FORMATS: dict[str, str] = {
    ".pbn": "arbitro.formats.pbn",
    ".lin": "arbitro.formats.lin.games",
    ".xml": "arbitro.formats.usebio.games",
    ".jsonl": "arbitro.formats.pbn.tables",
}
"""File name ending -> module that reads and writes it (see the module's docstring)."""

LIMITS: dict[str, int] = {
    ".pbn": MAX_PBN_BYTES,
    ".lin": MAX_PBN_BYTES,
    ".xml": MAX_RESULTS_BYTES,
    ".jsonl": MAX_LOG_CHARACTERS,
}
"""File name ending -> the most bytes read of such a file (:mod:`arbitro.core.files`)."""


class UnknownFormatError(ArbitroError, ValueError):
    """A file whose name does not say a format Árbitro knows.

    ``endings`` are the endings the command takes, when not :data:`FORMATS`' own.

    >>> print(UnknownFormatError("a.txt"))
    a.txt: expected a file ending in .jsonl, .lin, .pbn, .xml
    >>> print(UnknownFormatError("a.txt", (*FORMATS, ".csv")))
    a.txt: expected a file ending in .csv, .jsonl, .lin, .pbn, .xml
    """

    def __init__(self, path: str, endings: tuple[str, ...] = ()) -> None:
        self.path = path
        self.endings = endings or tuple(FORMATS)
        super().__init__(path)

    def __str__(self) -> str:
        return gettext("{file}: expected a file ending in {choices}").format(
            file=self.path, choices=", ".join(sorted(self.endings))
        )


@dataclass(frozen=True, slots=True)
class Format:
    """A registered format: its file name ending and the module that handles it.

    >>> Format(".pbn", "arbitro.formats.pbn").name
    'PBN'
    """

    extension: str
    module: str

    @property
    def name(self) -> str:
        """The format's short name, as people say it.

        >>> Format(".jsonl", "arbitro.formats.pbn.tables").name
        'JSONL'
        """
        return self.extension.lstrip(".").upper()

    def _function(self, name: str) -> Callable[..., object]:
        return cast("Callable[..., object]", getattr(importlib.import_module(self.module), name))

    def read_games(
        self,
        text: str,
        source: str,
        *,
        strict: bool = True,
        left_out: list[PBNSyntaxError] | None = None,
    ) -> list[PBNGame]:
        r"""The games of ``text`` in this format; what they could not hold is added to ``left_out``.

        >>> format_for("a.pbn").read_games('[Board "2"]\n', "a.pbn")[0]["Board"]
        '2'
        """
        function = self._function("read_games")
        module = importlib.import_module(self.module)
        if left_out is not None and getattr(module, "LEAVES_OUT", False):
            return cast("list[PBNGame]", function(text, source, strict=strict, left_out=left_out))
        return cast("list[PBNGame]", function(text, source, strict=strict))

    def write_games(self, games: list[PBNGame], source: str = "<games>") -> str:
        """The text of ``games`` in this format; a problem names the file they came from, ``source``.

        >>> format_for("a.pbn").write_games([]).splitlines()
        ['% PBN 2.1', '% EXPORT']
        """
        return cast("str", self._function("write_games")(games, source))

    def written(self, games: list[PBNGame]) -> int:
        """How many of ``games`` :meth:`write_games` writes (all, unless the module says less).

        >>> format_for("a.pbn").written([])
        0
        """
        module = importlib.import_module(self.module)
        count = getattr(module, "written", len)
        return cast("int", count(games))

    def cuts(self, games: list[PBNGame], source: str = "<games>") -> list[PBNSyntaxError]:
        """What :meth:`write_games` cuts to fit the format, each named (none, unless the module says).

        >>> from arbitro.formats.pbn.model import PBNGame, PBNTag
        >>> long = [PBNGame((PBNTag("Board", "1"), PBNTag("Event", "x" * 300)))]
        >>> len(format_for("a.pbn").cuts(long)), format_for("a.lin").cuts(long)
        (1, [])
        """
        module = importlib.import_module(self.module)
        found = getattr(module, "cuts", None)
        return [] if found is None else cast("list[PBNSyntaxError]", found(games, source))

    @property
    def needs_deals(self) -> bool:
        """Whether a file of this format is made of deals (LIN, a table log).

        >>> format_for("a.lin").needs_deals, format_for("a.pbn").needs_deals
        (True, False)
        """
        return bool(getattr(importlib.import_module(self.module), "NEEDS_DEALS", False))

    @property
    def no_deals(self) -> str | None:
        """Why a file of this format holds no deals (USEBIO), or None when it may hold them.

        >>> format_for("a.xml").no_deals, format_for("a.pbn").no_deals
        ('USEBIO holds the results of boards, not their deals', None)
        """
        return cast("str | None", getattr(importlib.import_module(self.module), "NO_DEALS", None))

    @property
    def encodings(self) -> tuple[str, ...]:
        """The character sets a file of this format can be written in, the default first.

        >>> format_for("a.pbn").encodings, format_for("a.lin").encodings
        (('latin-1', 'utf-8'), ('utf-8',))
        """
        module = importlib.import_module(self.module)
        return cast("tuple[str, ...]", getattr(module, "ENCODINGS", ("utf-8",)))

    def encode(
        self,
        text: str,
        source: str = "<text>",
        *,
        encoding: str | None = None,
        how: str = "--encoding utf-8",
    ) -> bytes:
        r"""The bytes of a file of this format holding ``text``: in ``encoding``, else the format's own.

        A PBN file is ISO 8859-1 unless UTF-8 is asked for (a character it cannot hold is
        an error naming it); the other formats are UTF-8.

        >>> format_for("a.pbn").encode('[North "Muñoz"]'), format_for("a.lin").encode("pn|Muñoz|")
        (b'[North "Mu\xf1oz"]', b'pn|Mu\xc3\xb1oz|')
        """
        encoding = encoding or self.encodings[0]
        if encoding not in self.encodings:
            raise ValueError(f"{self.name} is not written in {encoding}")
        found = getattr(importlib.import_module(self.module), "encode", None)
        if found is None:
            return text.encode(encoding)
        return cast("bytes", found(text, source, encoding=encoding, how=how))

    def check(self, text: str, source: str, *, strict: bool = True) -> list[PBNSyntaxError]:
        r"""Every problem of ``text`` in this format, each with its line.

        >>> [error.line for error in format_for("a.pbn").check('[Round "&"]\n', "a.pbn")]
        [1]
        """
        return cast("list[PBNSyntaxError]", self._function("check")(text, source, strict=strict))

    def notes(self, text: str, source: str, *, strict: bool = True) -> list[PBNSyntaxError]:
        r"""The notes of ``text`` (remarks that are not errors, such as a program's own PBN tags).

        A format without notes gives none.

        >>> [note.line for note in format_for("a.pbn").notes('[Board "2"]\n[BCFlags "1f"]\n', "a.pbn")]
        [2]
        >>> format_for("a.lin").notes("ah|Board 2|", "a.lin")
        []
        """
        module = importlib.import_module(self.module)
        found = getattr(module, "notes", None)
        if found is None:
            return []
        return cast("list[PBNSyntaxError]", found(text, source, strict=strict))


def format_for(path: str | Path) -> Format:
    """The format of the file at ``path``, from the ending of its name.

    >>> format_for("log.jsonl").name
    'JSONL'
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise UnknownFormatError(str(path))
    return Format(suffix, FORMATS[suffix])


def read_text(path: str | Path) -> str:
    """The text of a file: UTF-8 (with or without a BOM), else ISO 8859-1.

    A format whose module has its own ``decode(data, source)`` (USEBIO: the XML
    declaration) gives the text that function gives; a PBN file's is
    :func:`arbitro.formats.pbn.decode`'s. No more is read than the limit of the file's
    kind (:data:`LIMITS`): a larger file is refused naming it and the limit.

    >>> read_text("no-such-file.pbn")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: no-such-file.pbn: the file cannot be read: no such file or folder
    """
    from arbitro.formats.pbn import characters, read_bytes, read_file
    from arbitro.formats.pbn import decode as decode_pbn

    suffix = Path(path).suffix.lower()
    module = importlib.import_module(FORMATS[suffix]) if suffix in FORMATS else None
    decode = getattr(module, "decode", None)
    if suffix == ".pbn":
        return decode_pbn(read_bytes(path), str(path))
    if decode is None:  # LIN: read as PBN reads, its line ends as they are
        return characters(read_bytes(path, LIMITS.get(suffix, MAX_PBN_BYTES)))
    try:
        data = read_bounded(path, LIMITS[suffix])
    except OSError:
        return read_file(path)  # its error names the file
    return cast("str", decode(data, str(path)))


def convert(
    source: str | Path,
    target: str | Path,
    *,
    strict: bool = True,
    encoding: str | None = None,
    cut: list[PBNSyntaxError] | None = None,
) -> int:
    r"""Convert the file ``source`` into ``target``, each in the format its name says.

    Returns the number of games written. ``encoding`` is the target's character set
    (a PBN file: ``latin-1``, the default, or ``utf-8``). Added to ``cut``: what the
    games read could not hold (a LIN board's 33rd explained call, beyond PBN's 32 notes
    a section), each naming ``source``, its line and the board; then what the target's
    format cut to fit (a PBN note longer than its line), each naming ``target``.
    Nothing is written when a game cannot be (a character outside the character set).

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "a.pbn"), "w") as file:
    ...     _ = file.write('[Board "1"]\n')
    >>> convert(os.path.join(folder, "a.pbn"), os.path.join(folder, "b.pbn"))
    1
    """
    reader, writer = format_for(source), format_for(target)
    games = reader.read_games(read_text(source), str(source), strict=strict, left_out=cut)
    if games and writer.needs_deals and reader.no_deals is not None:
        from arbitro.core.errors import PBNSyntaxError

        raise PBNSyntaxError.at(
            str(source),
            0,
            str(source),
            N_("{why}: each board of a {target} file needs its deal"),
            why=gettext(reader.no_deals),
            target=writer.name,
        )
    from arbitro.formats.pbn import write_file

    data = writer.encode(writer.write_games(games, str(source)), str(target), encoding=encoding)
    write_file(target, data)
    if cut is not None:
        cut.extend(writer.cuts(games, str(target)))
    return writer.written(games)


_ = N_("{file}: expected a file ending in {choices}")

__all__ = ["FORMATS", "Format", "UnknownFormatError", "convert", "format_for", "read_text"]

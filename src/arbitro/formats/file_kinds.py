r"""What a file of results holds, told by its content: its text, its kind, its separator.

A scorer hands Árbitro whatever file another program or a spreadsheet saved: this
module reads its bytes as text (:func:`decode`), tells USEBIO, PBN, LIN and CSV apart
by their first characters (:func:`kind_of`) and a CSV file's separator by its header
(:func:`separator`).

>>> kind_of(decode("estuche\tns\teo\n".encode("utf-16"))), separator("estuche\tns\teo")
('csv', '\t')
"""

from __future__ import annotations

import re

from arbitro.formats import pbn
from arbitro.i18n import N_

SEPARATORS = (",", ";", "\t")
"""The separators a spreadsheet's CSV is saved with: comma, semicolon, tab (Excel's "text")."""

LIN_FILE = N_(
    "a LIN file (Bridge Base Online) holds boards as played, not travellers: convert it "
    "to PBN first (arbitro convert {path} {target}) and give that file"
)
"""Why a LIN file is refused where travellers are read, and the way to go."""

EMPTY_FILE = N_("the file is empty")
"""Why a file of results with nothing but spaces in it is refused, whatever reads it."""

_LIN_START = re.compile(r"[a-zA-Z]{2}\|")


def decode(data: bytes) -> str:
    """The text of a file's bytes: UTF-8 (with or without a BOM), else Latin-1 (as a PBN file's).

    UTF-16, as Excel's "Unicode text" saves a sheet (with its byte-order mark, or told by
    the zero bytes of its ASCII characters), is read too (:func:`arbitro.formats.pbn.decode`).

    >>> decode("puntuación".encode("latin-1")), decode("puntuación".encode("utf-16"))
    ('puntuación', 'puntuación')
    """
    return pbn.decode(data)


def kind_of(text: str) -> str:
    """What a file holds, from its first characters: ``usebio``, ``pbn``, ``lin`` or ``csv``.

    A LIN file starts with a tag of two letters and a bar (``pn|``, ``md|``).

    >>> kind_of("<?xml version='1.0'?>"), kind_of('% PBN 2.1'), kind_of("pn|Ana,Luis|")
    ('usebio', 'pbn', 'lin')
    >>> kind_of("board,ns,ew")
    'csv'
    """
    stripped = text.lstrip("\ufeff \t\r\n")
    start = stripped[:1]
    if start == "<":
        return "usebio"
    if start in ("[", "%", "{", ";"):
        return "pbn"
    if _LIN_START.match(stripped):
        return "lin"
    return "csv"


def separator(header: str) -> str:
    r"""The separator of a CSV file with this header line: the one of :data:`SEPARATORS` it holds most of.

    A comma when it holds none, or as many commas as any other.

    >>> separator("Estuche;NS;EO"), separator("board,ns,ew"), separator("board\tns\tew"), separator("board")
    (';', ',', '\t', ',')
    """
    counts = {mark: header.count(mark) for mark in SEPARATORS}
    best = max(SEPARATORS, key=lambda mark: counts[mark])
    return best if counts[best] > counts[","] else ","


def lin_target(path: str) -> str:
    """The PBN file a LIN file is converted into, for the message that says how.

    >>> lin_target("noche.lin"), lin_target("noche")
    ('noche.pbn', 'noche.pbn')
    """
    stem = path[: -len(".lin")] if path.lower().endswith(".lin") else path
    return stem + ".pbn"


__all__ = ["EMPTY_FILE", "LIN_FILE", "SEPARATORS", "decode", "kind_of", "lin_target", "separator"]

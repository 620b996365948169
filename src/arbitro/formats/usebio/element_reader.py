"""What every part of the USEBIO reader stands on: an element's text and value, checked.

:class:`ElementReader` holds the file's name, the line each element starts on and the
comments each holds; it reads an element's text, its value through one of
:mod:`arbitro.formats.usebio.values`' readers, and raises a
:class:`~arbitro.formats.usebio.model.UsebioSyntaxError` that names the file, the line,
the element's path and what was expected when a value does not read.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from arbitro.core import NotationError, Side
from arbitro.formats.usebio.model import Player, UsebioSyntaxError
from arbitro.formats.usebio.values import board_number, number
from arbitro.i18n import N_

T = TypeVar("T")


class ElementReader:
    """A parsed file's elements read with the file's name and the lines they start on.

    >>> root = ET.fromstring("<PAIR><PERCENTAGE>x</PERCENTAGE></PAIR>")
    >>> reader = ElementReader("pairs.xml", {root.find("PERCENTAGE"): 4})
    >>> try:
    ...     reader.number(root, "PAIR", "PERCENTAGE")
    ... except UsebioSyntaxError as error:
    ...     print(error)
    pairs.xml, line 4, PAIR/PERCENTAGE: 'x': expected a number, as in 57.14
    """

    def __init__(
        self,
        source: str,
        lines: dict[ET.Element, int],
        comments: dict[ET.Element, list[str]] | None = None,
    ) -> None:
        self.source = source
        self.lines = lines
        self.comments = comments or {}

    def error(
        self, element: ET.Element, path: str, text: str, reason: str, **details: object
    ) -> UsebioSyntaxError:
        """The error of ``element`` (at ``path``) whose ``text`` is not what ``reason`` expects."""
        return UsebioSyntaxError.at(
            self.source, self.lines.get(element, 0), path, text, reason, **details
        )

    def text(self, parent: ET.Element, tag: str) -> str | None:
        """The text of ``parent``'s child ``tag``, stripped; ``None`` when it is missing or blank."""
        child = parent.find(tag)
        if child is None or child.text is None or not child.text.strip():
            return None
        return child.text.strip()

    def value(
        self,
        parent: ET.Element,
        path: str,
        tag: str,
        read: Callable[[str], T],
        reason: str,
        **details: object,
    ) -> T | None:
        """The value ``read`` gives of ``parent``'s child ``tag``; ``None`` when it is missing.

        A text ``read`` refuses raises the error of the child, with ``reason`` and its
        ``details``.
        """
        child = parent.find(tag)
        if child is None or child.text is None or not child.text.strip():
            return None
        try:
            return read(child.text.strip())
        except (ValueError, ZeroDivisionError, NotationError):
            raise self.error(
                child, f"{path}/{tag}", child.text.strip(), reason, **details
            ) from None

    def number(self, parent: ET.Element, path: str, tag: str) -> Fraction | None:
        """The decimal number of ``parent``'s child ``tag`` (a score, a total, a percentage)."""
        return self.value(
            parent, path, tag, number, N_("expected a number, as in {example}"), example="57.14"
        )

    def counted(self, parent: ET.Element, path: str, tag: str) -> int | None:
        """The whole number from 1 up of ``parent``'s child ``tag`` (a board, a round, a count)."""
        return self.value(parent, path, tag, board_number, N_("expected a whole number from 1 up"))

    def direction(self, parent: ET.Element, path: str) -> Side | None:
        """The side of ``parent``'s ``DIRECTION``: ``NS`` or ``EW``."""
        return self.value(
            parent,
            path,
            "DIRECTION",
            Side.from_str,
            N_("expected one of {choices}"),
            choices="NS, EW",
        )

    def player(self, element: ET.Element) -> Player:
        """The name and national number ``element`` gives a player."""
        return Player(self.text(element, "PLAYER_NAME"), self.text(element, "NATIONAL_ID_NUMBER"))

    def note(self, element: ET.Element) -> str | None:
        """The comments ``element`` holds, joined: a participant's or a board's note."""
        return " ".join(self.comments.get(element, ())) or None

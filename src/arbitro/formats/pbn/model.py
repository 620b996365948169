r"""The values of a PBN file: tags with their section data, games, and located errors.

A game keeps every tag as written (name, value, the rows of data that follow it), so
tags Árbitro does not model are written back unchanged. The values Árbitro models
are read from the tags on demand (:meth:`PBNGame.deal`, :meth:`PBNGame.contract`) and
from the sections (:mod:`arbitro.formats.pbn.sections`).

>>> game = PBNGame((PBNTag("Board", "3"), PBNTag("Dealer", "S")), line=10)
>>> game["Board"], game.get("Deal"), game.line_of("Dealer")
('3', None, 10)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError, NotationError, PBNSyntaxError, Problem
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.i18n import gettext, ngettext


@dataclass(frozen=True, slots=True)
class PBNTag:
    """One tag pair and the rows of data that follow it (a section or a table).

    ``rows`` are kept as written, comments included; ``line`` is the tag's line,
    ``row_lines`` the line of each row, and ``written`` the value as the file escaped
    it, written back unchanged (all three ignored when games are compared).

    >>> PBNTag("Auction", "N", ("1NT Pass 3NT AP",))
    PBNTag(name='Auction', value='N', rows=('1NT Pass 3NT AP',))
    """

    name: str
    value: str
    rows: tuple[str, ...] = ()
    line: int = field(default=0, compare=False, repr=False)
    row_lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    written: str | None = field(default=None, compare=False, repr=False)

    def row_line(self, index: int) -> int:
        """The line of row ``index`` (the tag's own line when unknown).

        >>> PBNTag("Play", "W", ("SK H3 S4 S3",), 7, (8,)).row_line(0)
        8
        """
        return self.row_lines[index] if index < len(self.row_lines) else self.line


@dataclass(frozen=True, slots=True)
class PBNGame:
    """The tags of one game (a board as dealt or as played), in file order.

    >>> PBNGame((PBNTag("Board", "3"),)).tag("Board")
    PBNTag(name='Board', value='3', rows=())
    """

    tags: tuple[PBNTag, ...]
    line: int = field(default=0, compare=False, repr=False)
    comments: tuple[str, ...] = field(default=(), compare=False, repr=False)
    placed_comments: tuple[tuple[int, str, str], ...] = field(default=(), compare=False, repr=False)
    """Each comment outside the sections' rows where it stood: the line and the name of
    the tag it follows (``0, ""`` before the first tag) and the comment as written,
    ``{...}`` (over several lines, maybe) or ``; ...``; written back there (PBN 3.8)."""
    _first: dict[str, PBNTag] = field(init=False, compare=False, repr=False)
    """The first tag of each name: :meth:`tag` looks a tag up at once, not tag by tag."""

    def __post_init__(self) -> None:
        first: dict[str, PBNTag] = {}
        for tag in self.tags:
            first.setdefault(tag.name, tag)
        object.__setattr__(self, "_first", first)

    def tag(self, name: str) -> PBNTag | None:
        """The tag called ``name`` (tag names are case-sensitive), the first if there are several, or None.

        >>> PBNGame((PBNTag("Board", "3"),)).tag("Deal") is None
        True
        >>> PBNGame((PBNTag("Note", "1:a"), PBNTag("Note", "2:b"))).tag("Note").value
        '1:a'
        """
        return self._first.get(name)

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value of tag ``name``, or ``default`` when the game has no such tag.

        >>> PBNGame((PBNTag("Board", "3"),)).get("Event", "?")
        '?'
        """
        tag = self.tag(name)
        return default if tag is None else tag.value

    def known(self, name: str) -> str | None:
        """The value of tag ``name``, or None when missing, empty or ``?`` (unknown).

        >>> PBNGame((PBNTag("Contract", "?"),)).known("Contract") is None
        True
        """
        value = self.get(name)
        return None if value is None or value in ("", "?") else value

    def line_of(self, name: str) -> int:
        """The line of tag ``name`` in its file (the game's first line if it is missing).

        >>> PBNGame((PBNTag("Deal", "", (), 14),), line=10).line_of("Deal")
        14
        """
        tag = self.tag(name)
        return tag.line if tag is not None and tag.line else self.line

    def with_tags(self, *tags: PBNTag) -> PBNGame:
        """This game with ``tags``, each replacing a tag of the same name or added last.

        >>> PBNGame((PBNTag("Board", "3"),)).with_tags(PBNTag("Board", "4"))["Board"]
        '4'
        """
        given = {tag.name: tag for tag in tags}
        kept = [given.pop(tag.name, tag) for tag in self.tags]
        return PBNGame((*kept, *given.values()), self.line, self.comments, self.placed_comments)

    def deal(self) -> Deal | None:
        """The deal of a ``Deal`` tag with four whole hands, or None.

        >>> PBNGame((PBNTag("Deal", "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
        ...                 "432.AKQJ.T98.765"),)).deal().to_str()[:6]
        'N:AKQJ'
        """
        value = self.known("Deal")
        if value is None or " -" in value or ":-" in value:
            return None
        try:
            return Deal.from_str(value)
        except NotationError:
            return None

    def seat(self, name: str) -> Seat | None:
        """The seat of a tag such as ``Dealer`` or ``Declarer`` (``^S`` counts as S).

        >>> PBNGame((PBNTag("Declarer", "^S"),)).seat("Declarer")
        Seat.SOUTH
        """
        value = self.known(name)
        if value is None or value.lstrip("^") not in ("N", "E", "S", "W"):
            return None
        return Seat.from_str(value.lstrip("^"))

    def board(self, number: int) -> Board:
        """Board ``number`` as the game marks it: its ``Dealer`` and ``Vulnerable`` tags.

        They say what the table played, so they stand even where they contradict the
        number (Law 2 fixes the standard marking; a club may use boards marked
        otherwise); a tag missing, ``?`` or unreadable gives Law 2's, from the number.

        >>> marked = PBNGame((PBNTag("Board", "1"), PBNTag("Vulnerable", "All")))
        >>> marked.board(1).vulnerability, marked.board(1).dealer, PBNGame(()).board(2).vulnerability
        (Vulnerability.ALL, Seat.NORTH, Vulnerability.NS)
        """
        vulnerable = self.known("Vulnerable")
        try:
            vulnerability = Vulnerability.from_str(vulnerable) if vulnerable else None
        except ArbitroError:  # not PBN's: the number's, as a game without the tag
            vulnerability = None
        return Board(number, self.seat("Dealer"), vulnerability)

    def result_tricks(self) -> int | None:
        """The tricks declarer won by the ``Result`` tag, in any of PBN's forms (3.4.15), or None.

        ``10``, ``^10`` (a result the players agreed, other than the cards'), ``NS 10``,
        ``EW 3`` (the other side's: declarer won the rest), ``NS 10 EW 3``; a side's form
        needs the ``Declarer`` tag.

        >>> [PBNGame((PBNTag("Declarer", "N"), PBNTag("Result", result))).result_tricks()
        ...  for result in ("10", "^9", "NS 11", "EW 2", "EW 2 NS 11", "?", "NS 14")]
        [10, 9, 11, 11, 11, None, None]
        """
        value = self.known("Result")
        if value is None:
            return None
        text = value.removeprefix("^").strip()
        if is_number(text, 2):
            return int(text) if int(text) <= 13 else None
        declarer = self.seat("Declarer")
        words = text.split()
        if declarer is None or len(words) not in (2, 4):
            return None
        won: dict[str, int] = {}
        for side, tricks in zip(words[::2], words[1::2], strict=True):
            if side not in ("NS", "EW") or not (tricks.isascii() and tricks.isdigit()):
                return None
            if len(tricks) > 2 or int(tricks) > 13:
                return None
            won[side] = int(tricks)
        ours = "NS" if declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
        if ours in won:
            return won[ours]
        return 13 - won["EW" if ours == "NS" else "NS"]

    def __getitem__(self, name: str) -> str:
        value = self.get(name)
        if value is None:
            raise KeyError(name)
        return value


def is_number(text: str, digits: int = 4) -> bool:
    """Whether ``text`` is a whole number of 0-9 digits, at most ``digits`` of them.

    A number longer than that is not read: a note number, a NAG, a result or a board
    number is short, and ``int()`` of thousands of digits is slow.

    >>> [is_number(text) for text in ("12", "²", "٣", "9" * 5000, "")]
    [True, False, False, False, False]
    >>> is_number("123", 2), is_number("12", 2)
    (False, True)
    """
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


_ESCAPED = re.compile(r'\\(["\\])')
"""A backslash before a quote or a backslash, in a tag value as written."""


def unescape(value: str) -> str:
    r"""A tag value as meant: a backslash before a quote or a backslash is dropped.

    >>> unescape(r'say \"hi\"')
    'say "hi"'
    """
    if "\\" not in value:  # most values: nothing to drop
        return value
    return _ESCAPED.sub(r"\1", value)


class PBNFileError(PBNSyntaxError):
    """A PBN file with problems: each of ``errors`` names its line; the first is shown.

    >>> from arbitro.i18n import N_
    >>> first = PBNSyntaxError.at("a.pbn", 3, '[Board "x"]', N_("expected a whole number"))
    >>> print(PBNFileError.of_errors([first, first]))
    a.pbn, line 3: [Board "x"]: expected a whole number (and 1 more problem)
    """

    errors: tuple[PBNSyntaxError, ...] = ()

    @classmethod
    def of_errors(cls, errors: list[PBNSyntaxError]) -> PBNFileError:
        """The error of a file whose problems are ``errors`` (at least one).

        >>> from arbitro.i18n import N_
        >>> PBNFileError.of_errors([PBNSyntaxError.at("a.pbn", 1, "x", N_("expected a tag"))]).line
        1
        """
        first = errors[0]
        error = cls.of_problems(first.text, list(first.problems))
        error.source, error.line, error.errors = first.source, first.line, tuple(errors)
        return error

    def __str__(self) -> str:
        shown = PBNSyntaxError.__str__(self)
        more = len(self.errors) - 1
        if more <= 0:
            return shown
        return (
            shown
            + " "
            + ngettext("(and {count} more problem)", "(and {count} more problems)", more).format(
                count=more
            )
        )


class PBNNote(PBNSyntaxError):  # noqa: N818 (a note, not an error: kept in the same lists)
    """A remark on a PBN file that is not an error: a tag PBN 2.1 does not define.

    PBN 2.1 lets programs add their own tags (4.9: a reader skips a tag it does not
    know), so such a tag is read, kept and written back; ``arbitro check --strict``
    shows the notes.

    >>> from arbitro.i18n import N_
    >>> note = PBNNote.at("a.pbn", 4, '[BCFlags "1f"]', N_("expected a tag"))
    >>> isinstance(note, PBNSyntaxError), note.line
    (True, 4)
    """


class PBNCutShortError(PBNSyntaxError):
    """A tag or a comment still open where the file ends: a file cut short.

    Lenient reading bends the standard, but cannot tell what such a file lost (the rest
    of a score table, the games after it), so :func:`~arbitro.formats.pbn.loads` refuses
    it in either mode rather than read half a file.

    >>> from arbitro.i18n import N_
    >>> error = PBNCutShortError.at("a.pbn", 9, "[Deal", N_("a tag that is never closed"))
    >>> isinstance(error, PBNSyntaxError), error.line
    (True, 9)
    """


def located(source: str, line: int, text: str, reason: str, **details: object) -> PBNSyntaxError:
    """A PBN error at ``line`` of ``source`` (a shorthand for :meth:`PBNSyntaxError.at`).

    >>> from arbitro.i18n import N_
    >>> print(located("a.pbn", 2, "[Event]", N_("expected a tag such as {example}"), example='[Board "1"]'))
    a.pbn, line 2: [Event]: expected a tag such as [Board "1"]
    """
    return PBNSyntaxError.at(source, line, text, reason, **details)


def describe(error: PBNSyntaxError) -> str:
    """One line for an error: its line number and what is wrong, in the active language.

    >>> from arbitro.i18n import N_
    >>> describe(located("a.pbn", 4, "X", N_("expected a tag such as {example}"), example="[B]"))
    'line 4: X: expected a tag such as [B]'
    """
    reason = "; ".join(str(problem) for problem in error.problems)
    return gettext("line {line}: {text}: {reason}").format(
        line=error.line, text=error.text, reason=reason
    )


__all__ = [
    "PBNCutShortError",
    "PBNFileError",
    "PBNGame",
    "PBNNote",
    "PBNTag",
    "Problem",
    "describe",
    "located",
    "unescape",
]

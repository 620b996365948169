"""Errors raised by the core values: each names the input and what was expected.

Every error is a :class:`ValueError` with a narrow class that says what kind of input
failed (python-chess style). The message is rendered in the active language when it
is shown, so an error raised in one place can be reported in Spanish or English.

>>> from arbitro.core import Contract
>>> try:
...     Contract.from_str("8NT")
... except InvalidContractError as error:
...     print(error)
invalid contract '8NT': the level must be 1 to 7
"""

from __future__ import annotations

import errno
import re
from dataclasses import dataclass, field
from typing import Protocol, Self, runtime_checkable

from arbitro.i18n import N_, gettext, ngettext


@runtime_checkable
class Localized(Protocol):
    """A value that knows how to show itself in the active language."""

    def localized(self) -> str:
        """Return the value as a reader of the active language writes it."""
        ...


def render(value: object) -> str:
    """Show ``value`` inside a message, in the active language when it can.

    >>> render(12)
    '12'
    """
    return value.localized() if isinstance(value, Localized) else str(value)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: a catalog message and the values it names.

    A reason marked with :func:`~arbitro.i18n.NP_` has a plural form, chosen by
    ``details["count"]``.

    >>> from arbitro.i18n import NP_
    >>> print(Problem(NP_("{count} card is missing: {cards}", "{count} cards are missing: {cards}"),
    ...               {"count": 2, "cards": "♠A, ♠K"}))
    2 cards are missing: ♠A, ♠K
    """

    reason: str | tuple[str, str]
    details: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        rendered = {name: render(value) for name, value in self.details.items()}
        if isinstance(self.reason, str):
            return gettext(self.reason).format(**rendered)
        count = self.details["count"]
        assert isinstance(count, int), "a plural message needs a whole 'count'"
        return ngettext(*self.reason, count).format(**rendered)


_FILE_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of its path is not a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
}


@dataclass(frozen=True)
class FileReason:
    """Why the system refused to read or write a file, shown in the active language.

    The common refusals have a message of their own in the catalogs; any other keeps
    the system's own words.

    >>> print(FileReason.of(FileNotFoundError(errno.ENOENT, "No such file or directory")))
    no such file or folder
    >>> print(FileReason.of(OSError(errno.EIO, "Input/output error")))
    Input/output error
    """

    reason: str
    system: bool = False

    @classmethod
    def of(cls, error: OSError) -> FileReason:
        """The reason for ``error``, a refusal by the operating system.

        >>> FileReason.of(PermissionError(errno.EACCES, "Permission denied")).reason
        'permission denied'
        """
        known = _FILE_REASONS.get(error.errno or 0)
        if known is not None:
            return cls(known)
        return cls(error.strerror or str(error), system=True)

    def localized(self) -> str:
        """The reason in the active language.

        >>> FileReason("the disk is full").localized()
        'the disk is full'
        """
        return self.reason if self.system else gettext(self.reason)

    def __str__(self) -> str:
        return self.localized()


class ArbitroError(Exception):
    """The root of every error Árbitro raises on purpose; ``status`` is its HTTP status.

    An error says what kind of failure it is by the class it comes from, and that kind
    carries the status the web answers it with (one handler renders every one, in the
    user's language): :class:`BadInputError` (422), :class:`RefusedError` (422),
    :class:`NotFoundError` (404), :class:`ConflictError` (409), :class:`BusyError` (503).
    An error told by one catalog message and its values takes its constructor from
    :class:`MessageError`.

    >>> [kind.status for kind in (BadInputError, RefusedError, NotFoundError, ConflictError, BusyError)]
    [422, 422, 404, 409, 503]
    """

    status: int = 422


class MessageError(ArbitroError):
    """An error told by one catalog message and the values that fill its ``{placeholders}``.

    ``message`` is the English msgid, marked with :func:`~arbitro.i18n.N_` where it is
    raised; ``details`` are its values. Nothing is put into words until the error is
    shown: the one handler of every error renders it in the reader's language, and a
    detail that knows its language (a seat, a pair, a list of units) is shown in it.
    Its kind comes from the class it is mixed with, as ``RecordRefusedError(MessageError,
    RefusedError)`` is a refusal by the event's rules (422).

    >>> error = MessageError(N_("there is no event {event}"), event=9)
    >>> print(error)
    there is no event 9
    >>> error.message, error.details
    ('there is no event {event}', {'event': 9})
    """

    def __init__(self, message: str, **details: object) -> None:
        self.message = message
        self.details = details
        super().__init__(message, details)

    def __str__(self) -> str:
        return gettext(self.message).format(
            **{name: render(value) for name, value in self.details.items()}
        )


class BadInputError(ArbitroError, ValueError):
    """Input that does not spell what was expected (a notation, a file, a form's field)."""


class RefusedError(ArbitroError):
    """A well-formed request that a Law or a rule of the event or the console refuses."""


class NotFoundError(ArbitroError):
    """A request about something that does not exist (an event, a poll, a result)."""

    status = 404


class ConflictError(ArbitroError):
    """A request that the thing's present state refuses (published already, decided already)."""

    status = 409


class BusyError(ArbitroError):
    """The database or the server is busy: the same request may succeed when tried again."""

    status = 503


class FileWriteError(ArbitroError):
    """A file that cannot be written (a folder missing, the disk full), named with the reason.

    Not a mistake in the input nor a refusal by a rule: the command line ends it with
    status 1, the web with 507 (the server cannot store it), as a full database.

    >>> print(FileWriteError("out/set.pbn", FileReason("the disk is full")))
    out/set.pbn: the file cannot be written: the disk is full
    """

    status = 507

    def __init__(self, path: str, reason: FileReason) -> None:
        self.path, self.reason = path, reason
        super().__init__(path, reason.reason)

    def __str__(self) -> str:
        return f"{self.path}: " + gettext("the file cannot be written: {why}").format(
            why=self.reason.localized()
        )


class FileTooLargeError(MessageError, BadInputError):
    """A file larger than the most Árbitro reads of its kind, named with that limit.

    Read no further than the limit (:func:`arbitro.core.files.read_bounded`): a device
    without end, such as ``/dev/zero``, is refused at once rather than read for ever.

    >>> print(FileTooLargeError("night.pbn", 2_000_000))
    night.pbn: the file is larger than 2000 kB
    """

    def __init__(self, path: str, limit: int) -> None:
        super().__init__(
            N_("{source}: the file is larger than {size} kB"), source=path, size=limit // 1000
        )


class DescribedError(ArbitroError):
    """An error about an input, ``text``, with every reason it was refused (``problems``).

    ``reason`` and ``details`` are the first problem's catalog message (English msgid)
    and the values that fill its ``{placeholders}``; ``what`` names the kind of input.
    Its kind comes from the class it is mixed with: :class:`NotationError` for bad
    input, :class:`RuleError` for a refusal by a Law or rule.
    """

    what: str = N_("value")

    def __init__(self, text: str, reason: str | tuple[str, str], **details: object) -> None:
        self.text = text
        self.problems = [Problem(reason, details)]
        super().__init__(text, reason)

    @classmethod
    def of_problems(cls, text: str, problems: list[Problem]) -> Self:
        """The error for ``text`` with several ``problems`` (at least one).

        >>> print(InvalidHandError.of_problems("AZ.Y..", [Problem(N_("expected one of {choices}"),
        ...     {"choices": "A, K"}), Problem(N_("the level must be 1 to 7"))]))
        invalid hand 'AZ.Y..': expected one of A, K; the level must be 1 to 7
        """
        if not problems:
            raise ValueError("an error needs at least one problem")
        error = cls.__new__(cls)
        error.text = text
        error.problems = list(problems)
        Exception.__init__(error, text, problems[0].reason)
        return error

    @property
    def reason(self) -> str | tuple[str, str]:
        """The catalog message of the first problem.

        >>> InvalidBoardError("0", N_("expected a whole number from 1 up")).reason
        'expected a whole number from 1 up'
        """
        return self.problems[0].reason

    @property
    def details(self) -> dict[str, object]:
        """The values named by the first problem.

        >>> InvalidSeatError("X", N_("expected one of {choices}"), choices="N, E, S, W").details
        {'choices': 'N, E, S, W'}
        """
        return self.problems[0].details

    def __str__(self) -> str:
        return gettext("invalid {what} '{text}': {reason}").format(
            what=gettext(self.what),
            text=shown(self.text),
            reason="; ".join(str(problem) for problem in self.problems),
        )


class NotationError(DescribedError, BadInputError):
    """Text that does not spell a value of the expected kind (bad input, 422)."""


class RuleError(DescribedError, RefusedError, ValueError):
    """An input that spells a value, refused by a Law or a rule (a case, a poll, a remedy).

    >>> error = RuleError("5C", N_("the level must be 1 to 7"))
    >>> error.status, isinstance(error, NotationError), isinstance(error, ValueError)
    (422, False, True)
    """


SHOWN = 200
"""The most characters of a refused input a message repeats."""


def shown(text: str) -> str:
    """``text`` as a message repeats it: whole, or its start and its length when long.

    >>> shown("8NT")
    '8NT'
    >>> shown("9" * 5000)[-30:]
    '99999999999… (5000 characters)'
    """
    if len(text) <= SHOWN:
        return text
    return gettext("{start}… ({length} characters)").format(start=text[:SHOWN], length=len(text))


class InvalidLanguageNotationError(NotationError):
    """A notation language other than ``en`` or ``es``."""

    what = N_("notation language")


class InvalidSuitError(NotationError):
    """Text that is not a suit."""

    what = N_("suit")


class InvalidStrainError(NotationError):
    """Text that is not a strain (denomination)."""

    what = N_("strain")


class InvalidRankError(NotationError):
    """Text that is not a rank."""

    what = N_("rank")


class InvalidCardError(NotationError):
    """Text that is not a card."""

    what = N_("card")


class InvalidHandError(NotationError):
    """Text that is not a hand."""

    what = N_("hand")


class InvalidSeatError(NotationError):
    """Text that is not a seat (compass direction)."""

    what = N_("seat")


class InvalidSideError(NotationError):
    """Text that is not a side (NS or EW)."""

    what = N_("side")


class InvalidVulnerabilityError(NotationError):
    """Text that is not a vulnerability."""

    what = N_("vulnerability")


class InvalidCallError(NotationError):
    """Text that is not a call (a bid, pass, double or redouble)."""

    what = N_("call")


class InvalidContractError(NotationError):
    """Text that is not a contract."""

    what = N_("contract")


class InvalidBoardError(NotationError):
    """A board number that is not a positive whole number."""

    what = N_("board number")


class InvalidTricksError(NotationError):
    """A number of tricks outside 0 to 13."""

    what = N_("number of tricks")


class InvalidPointsError(NotationError):
    """Text that is not a whole number of total points."""

    what = N_("point difference")


class InvalidDealError(NotationError):
    """A deal with problems; ``problems`` lists every one of them, not just the first."""

    what = N_("deal")


class InvalidDealNumberError(NotationError):
    """A deal number outside 0 to 53,644,737,765,488,792,839,237,439,999."""

    what = N_("deal number")


class InvalidSeedError(NotationError):
    """A dealing seed that is not hexadecimal, or too short to be secret."""

    what = N_("seed")


class InvalidDoubleDummyTableError(NotationError):
    """Text that is not a double-dummy table of 20 results."""

    what = N_("double-dummy table")


class InvalidParError(NotationError):
    """Text that is not a par result (contracts with declarers and results)."""

    what = N_("par")


class InvalidBoardRangeError(NotationError):
    """Text that is not a list of board numbers and ranges (``1-32``, ``1-16,33-48``)."""

    what = N_("boards")


class PBNSyntaxError(NotationError):
    """A PBN file that cannot be read: the message names the file and the line.

    >>> print(PBNSyntaxError.at("set.pbn", 12, '[Deal "N:"]', N_("expected a seat, a colon and four hands, as in {example}"), example="N:AKQ…"))
    set.pbn, line 12: [Deal "N:"]: expected a seat, a colon and four hands, as in N:AKQ…

    Neither a line 0 nor an empty text is named:

    >>> print(PBNSyntaxError.at("set.lin", 0, "", N_("a table needs a whole deal")))
    set.lin: a table needs a whole deal
    """

    what = N_("PBN")
    source: str = ""
    line: int = 0

    @classmethod
    def at(
        cls, source: str, line: int, text: str, reason: str | tuple[str, str], **details: object
    ) -> PBNSyntaxError:
        """The error for ``text`` on ``line`` of the file ``source``."""
        error = cls(text, reason, **details)
        error.source = source
        error.line = line
        return error

    def __str__(self) -> str:
        reason = "; ".join(str(problem) for problem in self.problems)
        text = "" if self.text == self.source else self.text
        if not self.line and not text:  # the file as a whole (read, written)
            return gettext("{source}: {reason}").format(source=self.source, reason=reason)
        if not self.line:  # no line to name (a game made from another file)
            return gettext("{source}: {text}: {reason}").format(
                source=self.source, text=text, reason=reason
            )
        if not text:
            return gettext("{source}, line {line}: {reason}").format(
                source=self.source, line=self.line, reason=reason
            )
        return gettext("{source}, line {line}: {text}: {reason}").format(
            source=self.source, line=self.line, text=text, reason=reason
        )


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
"""The characters a terminal acts on rather than shows (a line break other than LF included)."""


def printable(text: str) -> str:
    r"""``text`` as a terminal shows it: each control character a file held written as its escape.

    An error quotes the input where it went wrong, which may be any bytes: a NUL,
    a carriage return that would overwrite the line, a vertical tab. Line feeds and tabs
    stay as they are.

    >>> print(printable("line 1: ?|\x00\x0b|\r: expected a tag"))
    line 1: ?|\x00\x0b|\r: expected a tag
    """
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], text)

"""The table log: JSON Lines, one event per line, the board first (``docs/table-log.md``).

Replaying a log folds its events into a :class:`~arbitro.table.table.Table`. A line
that is not an event, or an event that cannot apply, stops the replay with an error
that names the line; the table is left as it was after the last good line.

>>> lines = [
...     '{"event": "board", "board": 1, "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
...     '765.432.AKQJ.T98 432.AKQJ.T98.765"}',
...     '{"event": "call", "seat": "N", "call": "1NT"}',
... ]
>>> table = replay(lines)
>>> table.calls
((Seat.NORTH, Bid(1, Strain.NOTRUMP)),)
>>> print(dumps(table).splitlines()[1])
{"event": "call", "seat": "N", "call": "1NT"}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from itertools import compress
from operator import not_
from pathlib import Path
from typing import Any

from arbitro.core.bounded import load_json, load_json_lines
from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_LOG_CHARACTERS, read_bounded, replace_file
from arbitro.i18n import N_, gettext
from arbitro.table.event_lines import LightEntry, event_line, light_from_json, light_lines
from arbitro.table.events import EXAMPLE_DEAL as EXAMPLE  # noqa: F401  (the examples' deal)
from arbitro.table.events import BoardEvent, CallEvent, InvalidEventError, event_from_json
from arbitro.table.state import IllegalActionError
from arbitro.table.table import Table


class TableLogError(ArbitroError, ValueError):
    """A table log that cannot be replayed: the file, the line, and why.

    ``table`` is the table as it stood after the last good line (None if the board
    line itself was bad).

    >>> print(TableLogError("board.jsonl", 3, "the auction is over"))
    board.jsonl, line 3: the auction is over
    """

    def __init__(self, source: str, line: int, reason: str, table: Table | None = None) -> None:
        self.source = source
        self.line = line
        self.reason = reason
        self.table = table
        super().__init__(source, line, reason)

    def __str__(self) -> str:
        return gettext("{source}, line {line}: {reason}").format(
            source=self.source, line=self.line, reason=self.reason
        )


def replay(lines: Iterable[str], source: str = "<log>") -> Table:
    """Fold the events of a log, given as lines of text, into a table.

    Blank lines and lines starting with ``#`` are skipped. A line that writes a call or a
    faced card as the log writes it is looked up (:func:`~arbitro.table.event_lines.light_lines`)
    in its light form; the other lines are read as JSON all at once
    (:func:`~arbitro.core.bounded.load_json_lines`), or one at a time by
    :func:`~arbitro.core.bounded.load_json` when one of them is not simply a document,
    so that its error names it, and a call or a faced card among them is read light
    (:func:`~arbitro.table.event_lines.light_from_json`). A call or a card goes where
    :meth:`Table.call` and :meth:`Table.play` hand it, the flow of the Laws that
    :meth:`Table.apply` reaches too (:func:`~arbitro.table.rectify.flow.on_call`,
    :func:`~arbitro.table.rectify.flow.on_play`), and its light entry is logged; should
    it raise, the table is folded again from its log (:meth:`Table.refold`). Any other
    event is made and applied.

    >>> replay(['{"event": "call", "seat": "N", "call": "1NT"}'], "x.jsonl")
    Traceback (most recent call last):
    ...
    arbitro.table.log.TableLogError: x.jsonl, line 1: the first event must be the board
    """
    texts = lines if isinstance(lines, list) else list(lines)
    # Each line looked up as it is: one with blanks around it is not found, and is read
    # as JSON (to the same event) with its blanks stripped.
    entries = list(map(light_lines().get, texts))
    # The lines read as JSON: neither looked up, nor blank (""), nor a comment ("#...").
    others = [
        text for text in map(str.strip, compress(texts, map(not_, entries))) if text[:1] not in "#"
    ]
    values = load_json_lines(others)
    read_so_far = 0

    def read(number: int, text: str, table: Table | None) -> Any:
        """The JSON value of line ``number``, ``text``; an error names it if it is not JSON."""
        nonlocal read_so_far
        read_so_far += 1
        if values is not None:
            return values[read_so_far - 1]
        try:
            return load_json(text)
        except json.JSONDecodeError as error:
            raise TableLogError(
                source, number, gettext("not JSON ({error})").format(error=error.msg), table
            ) from None

    first = None  # the first line neither blank nor a comment: nearly always the first
    for index, text in enumerate(texts):
        if entries[index] or text.strip()[:1] not in "#":
            first = index
            break
    if first is None:
        raise TableLogError(source, 1, gettext(N_("the log has no board event")))
    if entries[first]:
        raise TableLogError(source, first + 1, gettext(N_("the first event must be the board")))
    try:
        board = event_from_json(read(first + 1, texts[first].strip(), None))
    except InvalidEventError as error:
        raise TableLogError(source, first + 1, str(error)) from None
    if not isinstance(board, BoardEvent):
        raise TableLogError(source, first + 1, gettext(N_("the first event must be the board")))
    table = Table.from_event(board)
    # A call or a card goes to the flow of the Laws as Table.call and Table.play hand it
    # on (on_call, on_play: the registry's handlers), and its light entry is logged: in
    # the log the table holds then, which a rewind (55A, 62) puts back as a new list.
    on_call, on_play, apply = table.on_call, table.on_play, table.apply
    number = first + 1
    entry: LightEntry | None = None
    try:
        for number, entry in enumerate(entries[first + 1 :], start=first + 2):
            if entry is None:
                text = texts[number - 1].strip()
                if text[:1] in "#":  # blank, or a comment
                    continue
                data = read(number, text, table)
                entry = light_from_json(data)
                if entry is None:
                    apply(event_from_json(data))  # undone by apply itself should it raise
                    continue
            kind, seat, value = entry
            (on_call if kind is CallEvent else on_play)(seat, value)
            table.log.append(entry)
    except BaseException as error:
        if entry is not None:  # a call or a card, which raised half-way through the flow
            table.refold()  # as it was before
        if isinstance(error, IllegalActionError | InvalidEventError):
            raise TableLogError(source, number, str(error), table) from None
        raise
    return table


def load(path: str | Path) -> Table:
    """Replay the table log in the file at ``path``; a file that is not UTF-8 text is refused.

    A byte-order mark at its start is read as none. A file larger than
    :data:`MAX_LOG_CHARACTERS` bytes is refused, read no further: a
    :class:`~arbitro.core.errors.FileTooLargeError` naming it and the limit.

    >>> load("no-such-file.jsonl")
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: 'no-such-file.jsonl'
    """
    data = read_bounded(path, MAX_LOG_CHARACTERS)
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark, as Notepad writes, is dropped
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise TableLogError(str(path), line, gettext(N_("not UTF-8 text"))) from None
    return replay(text.splitlines(), str(path))


def loads(text: str, source: str = "<log>") -> Table:
    """Replay a table log given as one string.

    >>> loads('{"event": "board", "board": 2, "deal": "' + str(EXAMPLE) + '"}').dealer
    Seat.EAST
    """
    return replay(text.splitlines(), source)


def dumps(table: Table) -> str:
    """The table's log as text, one JSON object per line.

    >>> len(dumps(Table(EXAMPLE, number=1)).splitlines())
    1
    """
    return "".join(event_line(event) + "\n" for event in table.events)


def dump(table: Table, path: str | Path) -> None:
    """Write the table's log to the file at ``path`` (written whole, then moved in place).

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     dump(Table(EXAMPLE, number=1), os.path.join(folder, "b.jsonl"))
    ...     load(os.path.join(folder, "b.jsonl")).number
    1
    """
    replace_file(Path(path), dumps(table).encode("utf-8"))

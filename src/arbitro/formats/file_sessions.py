"""A results file's sessions, each as a file of its own with its lines where they were.

``arbitro session score`` scores one session: a USEBIO file of several ``SESSION``
elements, or a PBN file whose games name several ``Stage`` tags (as ``arbitro event
export`` writes an event of two sessions), holds a pair's results on the same board once
a session. :func:`file_sessions` gives each session as the file's text with the other
sessions' lines left blank, so that every reader, check and message of one session's
file works on it unchanged, naming the file's own lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitro.core.errors import BadInputError, MessageError
from arbitro.formats import pbn, usebio
from arbitro.formats.file_kinds import kind_of
from arbitro.i18n import N_

__all__ = ["FileSession", "SessionChoiceError", "file_sessions", "one_session"]


class SessionChoiceError(MessageError, BadInputError):
    """A file of several sessions scored as one, or a session the file does not hold.

    >>> print(SessionChoiceError(N_("'{path}' has no session {session}; its sessions: {sessions}"),
    ...                          path="a.xml", session=3, sessions="1, 2"))
    'a.xml' has no session 3; its sessions: 1, 2
    """


_SESSION = re.compile(r"<SESSION\b[^>]*?(?:/>|>.*?</SESSION\s*>)", re.DOTALL)
"""A USEBIO ``SESSION`` element, from its start tag to its end tag (sessions do not nest)."""


@dataclass(frozen=True, slots=True)
class FileSession:
    """One session of a file: its number, its name in the file, and the file's text of it alone.

    ``number`` is the session's ``SESSION_NUMBER`` (:func:`~arbitro.formats.usebio.session_numbers`)
    or, in a PBN file, its place in the file (1, 2, ...); ``name`` what the file calls it
    (a PBN game's ``Stage``), else its number; ``text`` the whole file's text, the other
    sessions' lines left blank; ``boards`` the numbers of the boards it holds.

    >>> FileSession(2, "Session 2", "").name
    'Session 2'
    """

    number: int
    name: str
    text: str
    boards: frozenset[int] = frozenset()


def file_sessions(text: str, source: str = "<text>") -> list[FileSession]:
    r"""The sessions of a USEBIO or PBN file's text, in file order; one for any other file.

    A file of one session (or a CSV file, which has no sessions) gives itself whole. A
    USEBIO file's sessions are its ``SESSION`` elements; a PBN file's, its games told
    apart by their ``Stage`` tag, in the order the file first names each.

    >>> pbn_text = '[Board "1"]\n[Stage "Session 1"]\n\n[Board "1"]\n[Stage "Session 2"]\n'
    >>> [(one.number, one.name, one.text.count("\n")) for one in file_sessions(pbn_text)]
    [(1, 'Session 1', 5), (2, 'Session 2', 5)]
    >>> file_sessions(pbn_text)[1].text
    '\n\n\n[Board "1"]\n[Stage "Session 2"]\n'
    >>> xml = '<USEBIO><EVENT>\n<SESSION SESSION_NUMBER="3"/>\n<SESSION SESSION_NUMBER="4"/>\n</EVENT></USEBIO>'
    >>> [(one.number, one.text.count("<SESSION")) for one in file_sessions(xml)]
    [(3, 1), (4, 1)]
    """
    kind = kind_of(text)
    if kind == "usebio" and len(_SESSION.findall(text)) > 1:
        return _usebio_sessions(text, source)
    if kind == "pbn" and "Stage" in text:  # a file without is read once, by its reader
        return _pbn_sessions(text, source)
    return [FileSession(1, "1", text)]


def one_session(text: str, source: str, number: int | None) -> str:
    r"""The text of session ``number`` of a file, the other sessions' lines blank; refused when none.

    Without ``number``, a file of one session is itself, and so is one whose sessions
    share no board (each board's lines are then in one session, read as one as before);
    one whose sessions play the same boards is refused, naming its sessions and
    ``--session``: a pair has a result on a board once a session, so the sessions
    cannot be scored as one.

    >>> pbn_text = '[Board "1"]\n[Stage "Session 1"]\n\n[Board "1"]\n[Stage "Session 2"]\n'
    >>> one_session(pbn_text, "a.pbn", 1).count("[Board")
    1
    >>> one_session(pbn_text, "a.pbn", None)
    Traceback (most recent call last):
    ...
    arbitro.formats.file_sessions.SessionChoiceError: 'a.pbn' holds 2 sessions (1: Session 1, 2: Session 2): score one at a time with --session
    >>> one_session(pbn_text, "a.pbn", 3)
    Traceback (most recent call last):
    ...
    arbitro.formats.file_sessions.SessionChoiceError: 'a.pbn' has no session 3; its sessions: 1: Session 1, 2: Session 2
    """
    sessions = file_sessions(text, source)
    named = ", ".join(
        str(one.number) if one.name == str(one.number) else f"{one.number}: {one.name}"
        for one in sessions
    )
    if number is None:
        boards = [board for one in sessions for board in one.boards]
        if len(boards) == len(set(boards)):  # one session, or sessions of their own boards
            return text
        raise SessionChoiceError(
            N_("'{path}' holds {count} sessions ({sessions}): score one at a time with --session"),
            path=source,
            count=len(sessions),
            sessions=named,
        )
    for one in sessions:
        if one.number == number or (len(sessions) == 1 and number == 1):
            return one.text
    raise SessionChoiceError(
        N_("'{path}' has no session {session}; its sessions: {sessions}"),
        path=source,
        session=number,
        sessions=named,
    )


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span of ``spans`` (start, end offsets) left as its line breaks alone."""
    parts: list[str] = []
    at = 0
    for start, end in spans:
        parts += [text[at:start], "\n" * text.count("\n", start, end)]
        at = end
    return "".join([*parts, text[at:]])


def _usebio_sessions(text: str, source: str) -> list[FileSession]:
    """A USEBIO file's ``SESSION`` elements, each alone in the file (see :func:`file_sessions`)."""
    read = usebio.loads(text, source)
    spans = [found.span() for found in _SESSION.finditer(text)]
    if len(read.event.sessions) < 2 or len(spans) != len(read.event.sessions):
        return [FileSession(1, "1", text)]
    numbers = usebio.session_numbers(read)
    return [
        FileSession(
            number,
            str(number),
            _blank(text, spans[:index] + spans[index + 1 :]),
            frozenset(board.number for board in session.boards),
        )
        for index, (number, session) in enumerate(zip(numbers, read.event.sessions, strict=True))
    ]


def _pbn_sessions(text: str, source: str) -> list[FileSession]:
    """A PBN file's games by their ``Stage``, each stage alone in the file (see :func:`file_sessions`)."""
    games = pbn.loads(text, source, strict=False)
    stages = [game.known("Stage") or "" for game in games]
    names = list(dict.fromkeys(stages))
    if len(names) < 2:
        return [FileSession(1, names[0] if names and names[0] else "1", text)]
    lines = [0, *(found.end() for found in re.finditer("\n", text))]  # where each line starts
    starts = [lines[min(max(game.line, 1), len(lines)) - 1] for game in games]
    ends = [*starts[1:], len(text)]
    return [
        FileSession(
            number,
            name or str(number),
            _blank(
                text,
                [
                    (start, end)
                    for start, end, stage in zip(starts, ends, stages, strict=True)
                    if stage != name
                ],
            ),
            frozenset(
                int(board)
                for game, stage in zip(games, stages, strict=True)
                if stage == name and (board := game.known("Board") or "").isdigit()
            ),
        )
        for number, name in enumerate(names, start=1)
    ]

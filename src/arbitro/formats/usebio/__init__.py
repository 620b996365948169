"""USEBIO 1.2, the XML results files of the national bridge federations, read and written.

``load`` / ``loads`` read a file (through ``defusedxml``: no entity expansion) into a
:class:`Usebio` value; ``dump`` / ``dumps`` write one. :func:`from_session` writes a
session scored by :func:`arbitro.scoring.session.score_session`, and
:func:`table_results` gives a file's travellers back to it. A teams session is
written from its scored matches by :func:`from_matches` and read back by
:func:`team_results` and :func:`match_figures` (:mod:`arbitro.formats.usebio.teams`).
A file's sessions are numbered by :func:`session_numbers`, and the participants it
records as disqualified read by :func:`disqualified_in`
(:mod:`arbitro.formats.usebio.sessions`). A malformed file raises
:class:`UsebioSyntaxError`, naming the line and the element path (``docs/formats.md``).

>>> usebio = Usebio(Event("MP_PAIRS", sessions=(Session("1", boards=(Board(3),)),)))
>>> loads(dumps(usebio)) == usebio
True
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from arbitro.core.errors import FileReason
from arbitro.core.files import replace_file
from arbitro.formats.usebio.document import dumps, loads
from arbitro.formats.usebio.model import (
    Board,
    Event,
    Match,
    Participant,
    Player,
    Session,
    TravellerLine,
    Usebio,
    UsebioSyntaxError,
    numbered,
)
from arbitro.formats.usebio.scoring import (
    SWISS_PAIRS_TYPES,
    PlayerStanding,
    from_session,
    individual_results,
    method_of,
    played_lines,
    player_standings,
    table_results,
)
from arbitro.formats.usebio.sessions import disqualified_in, session_numbers
from arbitro.formats.usebio.teams import (
    KNOCKOUT,
    SWISS_TEAMS,
    TEAMS,
    FouledBoard,
    MatchFigures,
    TeamStanding,
    from_matches,
    is_teams,
    match_figures,
    standings_of,
    team_results,
)
from arbitro.i18n import N_

__all__ = [
    "KNOCKOUT",
    "SWISS_PAIRS_TYPES",
    "SWISS_TEAMS",
    "TEAMS",
    "Board",
    "Event",
    "FouledBoard",
    "Match",
    "MatchFigures",
    "Participant",
    "Player",
    "PlayerStanding",
    "Session",
    "TeamStanding",
    "TravellerLine",
    "Usebio",
    "UsebioSyntaxError",
    "disqualified_in",
    "dump",
    "dumps",
    "from_matches",
    "from_session",
    "individual_results",
    "is_teams",
    "load",
    "loads",
    "match_figures",
    "method_of",
    "numbered",
    "played_lines",
    "player_standings",
    "session_numbers",
    "standings_of",
    "table_results",
    "team_results",
]


def load(file: str | Path | IO[bytes]) -> Usebio:
    """Read a USEBIO file (its XML declaration gives the encoding).

    >>> import io
    >>> load(io.BytesIO(dumps(Usebio(Event("INDIVIDUAL"))).encode())).event.event_type
    'INDIVIDUAL'
    >>> try:
    ...     load("no-such-file.xml")
    ... except UsebioSyntaxError as error:
    ...     print(error)
    no-such-file.xml: the file cannot be read: no such file or folder
    """
    if isinstance(file, str | Path):
        try:
            data = Path(file).read_bytes()
        except OSError as error:
            raise UsebioSyntaxError.at(
                str(file),
                0,
                "",
                str(file),
                N_("the file cannot be read: {why}"),
                why=FileReason.of(error),
            ) from None
        return loads(data, str(file))
    return loads(file.read(), getattr(file, "name", "<file>"))


def dump(usebio: Usebio, file: str | Path | IO[str]) -> None:
    """Write ``usebio`` to a file (UTF-8, whole or not at all) or a text stream.

    >>> import io
    >>> out = io.StringIO()
    >>> dump(Usebio(Event("MP_PAIRS")), out)
    >>> out.getvalue().splitlines()[2]
    '<USEBIO Version="1.2">'
    """
    text = dumps(usebio)
    if isinstance(file, str | Path):
        replace_file(Path(file), text.encode("utf-8"))
    else:
        file.write(text)

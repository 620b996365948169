"""An event and its participants: pairs, teams or individual players (Laws 3-8).

An event has a kind (pairs, teams, individual), a scoring method, the regulating
authority's profile, its boards, one or more sessions and sections, and the periods
the Laws leave to the organiser: the correction period (79C1, 30 minutes after the
official results by default) and the time to appeal (92B, also 30 minutes by
default). Participants are numbered as the movement numbers them (``1``, ``3NS``,
``A``) and may carry their players' names with federation numbers.

>>> Participant.from_str("3: Ana García #12345, Luis Pérez")
Participant.from_str('3: Ana García #12345, Luis Pérez')
>>> EventSpec("Tuesday pairs", boards=24).correction_minutes
30
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from arbitro.core.errors import NotationError
from arbitro.i18n import N_, get_language
from arbitro.laws.authority import AUTHORITIES, Authority, authority
from arbitro.scoring.session import METHODS, Method, penalty_units

Kind = Literal["pairs", "teams", "individual"]
KINDS: tuple[Kind, ...] = ("pairs", "teams", "individual")
"""The kinds of event."""

KNOCKOUT = "knockout"
"""The scoring of a teams event whose matches are decided on total IMPs: a knockout (Law 86B)."""

VICTORY_POINTS = "vp"
"""The scoring of a teams event that is not a knockout: each match in IMPs, then victory points.

Árbitro scores every such match so (Law 78B, the WBF scale); there is no board-a-match."""

TEAM_SCORINGS: tuple[str, ...] = (VICTORY_POINTS, KNOCKOUT)
"""What a teams event can be scored by: IMPs turned into victory points, or a knockout."""

SCORINGS: tuple[str, ...] = (*METHODS, *TEAM_SCORINGS)
"""What an event can be scored by: a session's methods (pairs, individual), or a teams event's."""


SCORING_NAMES: dict[str, str] = {
    "mp": N_("matchpoints"),
    "imp-butler": N_("IMPs against a Butler datum"),
    "cross-imp": N_("cross-IMPs"),
    "total": N_("total points"),
    VICTORY_POINTS: N_("IMPs and victory points"),
    KNOCKOUT: N_("knockout: total IMPs (Law 86B)"),
}
"""How each scoring (:data:`SCORINGS`) is named to a person, through the catalog."""


def scorings(kind: str) -> tuple[str, ...]:
    """The scorings an event of ``kind`` can have, its default first.

    >>> scorings("teams"), scorings("pairs")
    (('vp', 'knockout'), ('mp', 'imp-butler', 'cross-imp', 'total'))
    """
    return TEAM_SCORINGS if kind == "teams" else METHODS


def kept_scoring(kind: str, scoring: str) -> str:
    """A stored event's scoring as Árbitro reads it: a teams event's is ``vp`` or ``knockout``.

    Before the rule that a teams event is scored by one of :data:`TEAM_SCORINGS`, a teams
    event kept the pairs' method it was created with (``mp`` by default, or the one
    given), and never used it: its matches were scored in IMPs, then victory points, as
    they are now. Such an event is read as ``vp``, so it opens and scores as it did.

    >>> kept_scoring("teams", "imp-butler"), kept_scoring("teams", "knockout")
    ('vp', 'knockout')
    >>> kept_scoring("pairs", "cross-imp")
    'cross-imp'
    """
    if kind == "teams" and scoring not in TEAM_SCORINGS:
        return VICTORY_POINTS
    return scoring


class InvalidParticipantError(NotationError):
    """Text that does not spell a participant (``NUMBER: NAME #FEDERATION, NAME``)."""

    what = N_("participant")


class InvalidEventSpecError(NotationError):
    """An event that cannot be set up as asked; the message names the setting."""

    what = N_("event")


_SIDED = re.compile(r"([0-9]+)\s*(NS|EW|EO)", re.IGNORECASE)


def pair_number(text: str) -> str:
    """A participant's number as the event keeps it: a Mitchell pair's side in capitals, ``EW``.

    A Spanish director writes East-West ``EO`` (Este-Oeste); either spelling, in any
    case, is the same pair. Anything else is kept as written.

    >>> pair_number("1eo"), pair_number(" 3 EW "), pair_number("5ns"), pair_number("A")
    ('1EW', '3EW', '5NS', 'A')
    """
    stripped = text.strip()
    sided = _SIDED.fullmatch(stripped)
    if sided is None:
        return stripped
    side = sided[2].upper()
    return sided[1] + ("EW" if side == "EO" else side)


def pair_written(number: str, lang: str | None = None) -> str:
    """A pair's number as a reader of ``lang`` writes it (default: the language in force).

    East-West is ``EO`` (Este-Oeste) in Spanish; anything else is written as it is kept.

    >>> pair_written("3EW", "es"), pair_written("3EW", "en"), pair_written("3NS", "es")
    ('3EO', '3EW', '3NS')
    >>> pair_written("EW", "es"), pair_written("A", "es")
    ('EW', 'A')
    """
    if (lang or get_language()) == "es" and number.endswith("EW") and number[:-2].isdigit():
        return number[:-2] + "EO"
    return number


@dataclass(frozen=True)
class WrittenPairs:
    """Pairs' numbers inside a message, written as the reader's language writes them.

    A message is put into words when it is shown, in its reader's language
    (:class:`~arbitro.core.errors.MessageError`); so are these numbers (:func:`pair_written`).

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     WrittenPairs(("1NS", "2EW")).localized()
    '1NS, 2EO'
    """

    numbers: tuple[str, ...]

    def localized(self) -> str:
        """The numbers in the active language (``2EO`` in Spanish, ``2EW`` in English)."""
        return ", ".join(map(pair_written, self.numbers))

    def __str__(self) -> str:
        return self.localized()


@dataclass(frozen=True)
class Player:
    """A player's name and, optionally, their federation number.

    >>> Player("Ana García", "12345").to_str()
    'Ana García #12345'
    """

    name: str
    federation_number: str | None = None

    def to_str(self) -> str:
        """The player as ``NAME`` or ``NAME #NUMBER``.

        >>> Player("Luis").to_str()
        'Luis'
        """
        if self.federation_number:
            return f"{self.name} #{self.federation_number}"
        return self.name


@dataclass(frozen=True)
class Participant:
    """A pair, team or player of the event: its number in the movement and its players.

    >>> Participant("1", (Player("Ana", "7"),)).to_str()
    '1: Ana #7'
    """

    number: str
    players: tuple[Player, ...] = ()

    @classmethod
    def from_str(cls, text: str) -> Participant:
        """Read ``NUMBER[: NAME [#FEDERATION], NAME ...]``.

        >>> Participant.from_str("2").players
        ()
        >>> Participant.from_str(": Ana")
        Traceback (most recent call last):
        ...
        arbitro.tournament.event.InvalidParticipantError: invalid participant ': Ana': the number is missing (expected NUMBER: NAME #FEDERATION, NAME, as in 3: Ana García #12345, Luis Pérez)
        """
        number, _, names = text.partition(":")
        if not number.strip() or any(space in number.strip() for space in " \t,#"):
            raise InvalidParticipantError(
                text,
                N_("the number is missing (expected {form}, as in {example})"),
                form="NUMBER: NAME #FEDERATION, NAME",
                example="3: Ana García #12345, Luis Pérez",
            )
        players = []
        for piece in names.split(","):
            if not piece.strip():
                continue
            name, _, federation = piece.partition("#")
            if not name.strip():
                raise InvalidParticipantError(
                    text, N_("a player's name is missing before '#{number}'"), number=federation
                )
            players.append(Player(name.strip(), federation.strip() or None))
        return cls(pair_number(number), tuple(players))

    def to_str(self) -> str:
        """The participant as :meth:`from_str` reads it.

        >>> Participant("4").to_str()
        '4'
        """
        if not self.players:
            return self.number
        return f"{self.number}: " + ", ".join(player.to_str() for player in self.players)

    @property
    def names(self) -> str:
        """The players' names, as a ranking shows them beside the number ("" if none kept).

        >>> Participant.from_str("3: Ana García #12345, Luis Pérez").names
        'Ana García, Luis Pérez'
        """
        return ", ".join(player.name for player in self.players)

    def __repr__(self) -> str:
        return f"Participant.from_str({self.to_str()!r})"


MOST_PLAYERS: dict[str, int] = {"pairs": 2, "teams": 6, "individual": 1}
"""The most players a participant of each kind of event names: a pair two (Law 4), a
team six (two pairs, and up to two more who play in their turn), an individual one.
Fewer is incomplete, not wrong (a name still to come, a team named by its captain)."""

_TOO_MANY = {
    "pairs": N_("a pair is two players, not {count} (one name or two, or none)"),
    "teams": N_("a team has at most six players, not {count}"),
    "individual": N_("a participant of an individual event is one player, not {count}"),
}


def check_players(participant: Participant, kind: str) -> Participant:
    """``participant`` when it names no more players than one of an event of ``kind`` has.

    More than :data:`MOST_PLAYERS` gives is refused, naming the participant and the
    count expected: a typing slip (two pairs' names on one line). Fewer names pass.

    >>> check_players(Participant.from_str("3: Ana, Luis"), "pairs").names
    'Ana, Luis'
    >>> check_players(Participant.from_str("3: Ana, Luis, Eva"), "pairs")
    Traceback (most recent call last):
    ...
    arbitro.tournament.event.InvalidParticipantError: invalid participant '3: Ana, Luis, Eva': a pair is two players, not 3 (one name or two, or none)
    """
    count = len(participant.players)
    if kind in MOST_PLAYERS and count > MOST_PLAYERS[kind]:
        raise InvalidParticipantError(participant.to_str(), _TOO_MANY[kind], count=count)
    return participant


@dataclass(frozen=True)
class EventSpec:
    """What an event is: its name, kind, boards, scoring, profile and the organiser's periods.

    ``tie_breaks`` is the order of :mod:`arbitro.tournament.ranking`'s tie-breaks.
    ``method`` is how a pairs or an individual event's sessions are scored. A teams
    event has none: its matches are scored in IMPs, then victory points (Law 78B), or,
    with ``knockout``, decided on total IMPs, each match played over the event's
    sessions (segments) between the same two teams, with its carry-over (Law 86B
    averages a non-balancing adjusted score there). A teams event keeps the default
    ``method`` and refuses another; :attr:`scoring` names its scoring (``vp`` or
    ``knockout``).

    >>> EventSpec("Club", boards=0)
    Traceback (most recent call last):
    ...
    arbitro.tournament.event.InvalidEventSpecError: invalid event 'Club': the number of boards must be 1 or more, not 0
    """

    name: str
    boards: int
    kind: Kind = "pairs"
    method: Method = "mp"
    profile: str = "aeb"
    sessions: int = 1
    correction_minutes: int = 30
    appeal_minutes: int = 30
    tie_breaks: tuple[str, ...] = ()
    knockout: bool = False

    @classmethod
    def scored(
        cls, name: str, boards: int, scoring: str | None = None, **settings: Any
    ) -> EventSpec:
        """An event scored by ``scoring``, one of :func:`scorings` of its kind (its first if None).

        A pairs or an individual event takes a session's method; a teams event ``vp``
        (IMPs, then victory points) or ``knockout``.

        >>> EventSpec.scored("Cup", 16, "knockout", kind="teams").knockout
        True
        >>> EventSpec.scored("Club", 16, "imp-butler").method
        'imp-butler'
        >>> EventSpec.scored("Liga", 16, kind="teams").scoring
        'vp'
        >>> EventSpec.scored("Liga", 16, "imp-butler", kind="teams")
        Traceback (most recent call last):
        ...
        arbitro.tournament.event.InvalidEventSpecError: invalid event 'Liga': a teams event is scored in IMPs turned into victory points (vp) or as a knockout (knockout), not by imp-butler, a pairs or an individual event's scoring
        """
        kind = settings.get("kind", "pairs")
        chosen = scoring if scoring is not None else scorings(kind)[0]
        if chosen in SCORINGS and chosen not in scorings(kind):
            raise scoring_refused(name, kind, chosen)
        if chosen == KNOCKOUT:
            return cls(name, boards, knockout=True, **settings)
        if chosen == VICTORY_POINTS:
            return cls(name, boards, **settings)
        return cls(name, boards, method=chosen, **settings)  # type: ignore[arg-type]

    @property
    def scoring(self) -> str:
        """What the event is scored by, as :meth:`scored` reads it: a method, ``vp`` or ``knockout``.

        >>> EventSpec("Cup", 16, kind="teams", knockout=True).scoring, EventSpec("Club", 8).scoring
        ('knockout', 'mp')
        >>> EventSpec("Liga", 16, kind="teams").scoring
        'vp'
        """
        if self.knockout:
            return KNOCKOUT
        return VICTORY_POINTS if self.kind == "teams" else self.method

    @property
    def rules(self) -> Authority:
        """The regulating authority's profile the event is run under (what the Laws leave to it).

        >>> EventSpec("Club", boards=8, profile="wbf").rules.code
        'wbf'
        """
        return authority(self.profile)

    @property
    def contestant(self) -> str:
        """What a participant of the event is called, as a catalog message.

        >>> EventSpec("Club", boards=8, kind="teams").contestant
        'team'
        """
        return {"teams": N_("team"), "individual": N_("player")}.get(self.kind, N_("pair"))

    @property
    def total_unit(self) -> str:
        """The unit a ranking's totals are written with: %, VP, or none (IMPs, points).

        >>> EventSpec("Club", boards=8).total_unit, EventSpec("Cup", 8, kind="teams").total_unit
        ('%', ' VP')
        >>> EventSpec("Cup", 8, kind="teams", knockout=True).total_unit
        ' IMP'
        """
        if self.knockout:
            return " IMP"
        if self.kind == "teams":
            return " VP"
        return "%" if self.method == "mp" else ""

    @property
    def penalty_units(self) -> tuple[str, ...]:
        """The units a penalty (Laws 90, 91) can be given in, in this event.

        A teams event takes IMPs or victory points; a knockout IMPs only, off the
        offending team's match total; the others what their scoring can take off a
        session (:func:`~arbitro.scoring.session.penalty_units`).

        >>> EventSpec("Club", boards=8).penalty_units, EventSpec("Cup", 8, kind="teams").penalty_units
        (('top', 'mp'), ('imps', 'vp'))
        >>> EventSpec("Cup", 8, kind="teams", knockout=True).penalty_units
        ('imps',)
        """
        if self.knockout:
            return ("imps",)
        if self.kind == "teams":
            return ("imps", "vp")
        return penalty_units(self.method)

    @property
    def scored_in_imps(self) -> bool:
        """Whether the event's scores are IMPs, with no top to take a share of (teams, Butler, cross-IMPs).

        The AEB's regulation G then takes IMPs, as at teams, not a share of a top.

        >>> EventSpec("Club", boards=8).scored_in_imps, EventSpec("Club", 8, method="imp-butler").scored_in_imps
        (False, True)
        """
        return "top" not in self.penalty_units

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise InvalidEventSpecError(self.name, N_("the event needs a name"))
        if self.boards < 1:
            raise InvalidEventSpecError(
                self.name,
                N_("the number of boards must be 1 or more, not {boards}"),
                boards=self.boards,
            )
        if self.sessions < 1:
            raise InvalidEventSpecError(
                self.name,
                N_("the number of sessions must be 1 or more, not {sessions}"),
                sessions=self.sessions,
            )
        for name, minutes in (
            ("correction_minutes", self.correction_minutes),
            ("appeal_minutes", self.appeal_minutes),
        ):
            if minutes < 0:
                raise InvalidEventSpecError(
                    self.name,
                    N_("{setting} cannot be negative ({minutes})"),
                    setting=name,
                    minutes=minutes,
                )
        if self.kind not in KINDS:
            raise InvalidEventSpecError(
                self.name, N_("unknown kind '{kind}'"), kind=self.kind
            )  # pragma: no cover - the CLI offers only the known kinds
        if self.method not in METHODS or self.profile not in AUTHORITIES:
            raise InvalidEventSpecError(
                self.name,
                N_("unknown scoring '{method}' or profile '{profile}'"),
                method=self.method,
                profile=self.profile,
            )
        if self.knockout and self.kind != "teams":
            raise scoring_refused(self.name, self.kind, KNOCKOUT)
        if self.kind == "teams" and self.method != EventSpec.method:
            # A teams event has no session method: its matches are IMPs, then VPs.
            raise scoring_refused(self.name, self.kind, self.method)


def scoring_refused(name: str, kind: str, scoring: str) -> InvalidEventSpecError:
    """Why the event ``name`` of ``kind`` cannot be scored by ``scoring``, naming the choices.

    >>> print(scoring_refused("Martes", "pairs", "vp"))
    invalid event 'Martes': vp scores a teams event's matches: create a teams event, or score it by one of mp, imp-butler, cross-imp, total
    """
    if kind == "teams":
        return InvalidEventSpecError(
            name,
            N_(
                "a teams event is scored in IMPs turned into victory points (vp) or as a "
                "knockout (knockout), not by {scoring}, a pairs or an individual event's scoring"
            ),
            scoring=scoring,
        )
    return InvalidEventSpecError(
        name,
        N_(
            "{scoring} scores a teams event's matches: create a teams event, or score it by "
            "one of {choices}"
        ),
        scoring=scoring,
        choices=", ".join(METHODS),
    )

"""The director's JSON API under ``/api/``, documented at ``/openapi.json``.

A program signs in with ``POST /api/session`` (name and password), keeps the session
cookie, and sends the CSRF token it got back in the ``X-CSRF-Token`` header of every
write. Refusals: 401 without a director, 403 with a bad CSRF token, 422 for a
malformed or refused request (the message names the field and what was expected),
429 after too many failed sign-ins.

>>> from fastapi.testclient import TestClient
>>> from arbitro.web import create_app
>>> TestClient(create_app()).get("/api/events").status_code
401
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Literal, NamedTuple

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from pydantic import BaseModel, Field, ValidationInfo, field_validator

from arbitro.core.board import Board
from arbitro.core.bounded import parse_fraction
from arbitro.i18n import N_, gettext, use_language
from arbitro.scoring.session import show
from arbitro.store import Store, StoreError
from arbitro.store.repository import EventInfo
from arbitro.store.stored import AuditEntry, StoredResult
from arbitro.tournament.directing import DirectorAct, law_4_act, law_91_act, unscored_suspension
from arbitro.tournament.entry import Entry, disputed_correction
from arbitro.tournament.event import EventSpec, Kind, Participant, scorings
from arbitro.tournament.movements import Movement
from arbitro.tournament.movements.options import build
from arbitro.tournament.ranking import DIRECTION_TITLES, by_direction
from arbitro.tournament.records import (
    Decision,
    PenaltyKind,
    PenaltyRecord,
    law_79c2_reason,
)
from arbitro.tournament.reopening import named_boards
from arbitro.tournament.teams import UncomparedBoard
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    describe_route,
    error_responses,
    page_language,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import (
    ApiDirector,
    StoreDep,
    app_secret,
    authenticate,
    check_director_sign_in_allowed,
    csrf_token,
    record_director_sign_in,
    require_api_director,
    require_header_csrf,
    sign_in_director,
    sign_out,
    table_code,
)

router = APIRouter(prefix="/api", tags=["director"], route_class=LazyRoute)
"""The director's API; every route but ``POST /api/session`` needs a signed-in director."""


def api_write(request: Request) -> None:
    """A write of the API: a signed-in director first (401), then the CSRF header (403)."""
    require_api_director(request)
    require_header_csrf(request)


Csrf = Depends(api_write)


class SignIn(BaseModel):
    """A director's name and password.

    >>> SignIn(name='ana', password='secret').name
    'ana'
    """

    name: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=200)


class SessionOut(BaseModel):
    """The signed-in director and the CSRF token for the ``X-CSRF-Token`` header.

    >>> SessionOut(director='ana', csrf='t').csrf
    't'
    """

    director: str
    csrf: str


class NewEvent(BaseModel):
    """An event to create with its movement (Law 8).

    A round robin is a teams event's: ``tables`` is then its number of teams, and
    ``boards_per_round`` the boards of a match (up to 36); each match is played at two
    tables (:func:`~arbitro.tournament.movements.two_rooms`). A Swiss is a pairs event's,
    or a teams event's with ``teams``: ``tables`` is its number of pairs or teams,
    ``rounds`` the rounds planned; round 1 is drawn in the participants' order and each
    next round paired by ``POST /api/events/{id}/pairings``; ``bye_vp`` is a Swiss teams
    bye's victory points (12 when not given).

    ``method`` is the kind's own when not given: ``mp`` for pairs, ``vp`` for teams.

    >>> NewEvent(name='Tuesday', movement='howell', tables=4, boards_per_round=2).scoring
    'mp'
    >>> NewEvent(name='Liga', movement='round-robin', tables=6, boards_per_round=12).scoring
    'vp'
    >>> from pydantic import ValidationError
    >>> try:
    ...     NewEvent(name='Liga', movement='howell', tables=4, boards_per_round=12)
    ... except ValidationError as error:
    ...     print(error.errors()[0]["msg"])
    Value error, expected 1 to 8 boards a round for a Howell or a Mitchell, or up to 36 a match in a round robin of teams
    """

    name: str = Field(min_length=1, max_length=200)
    movement: Literal["howell", "mitchell", "round-robin", "swiss"]
    teams: bool = False
    tables: int = Field(ge=2, le=30)
    boards_per_round: int = Field(ge=1, le=36)
    rounds: int | None = Field(default=None, ge=1)
    method: Literal["mp", "imp-butler", "cross-imp", "total", "vp", "knockout"] | None = Field(
        default=None,
        description="A pairs event's: mp (the default), imp-butler, cross-imp, total. A teams "
        "event's: vp (the default), each match in IMPs turned into victory points (Law 78B), "
        "or knockout, a round robin's teams in knockout matches decided on total IMPs over "
        "the event's sessions (Law 86B; give it one round). A pairs' scoring for a teams "
        "event, or a teams' for a pairs event, is refused (422).",
    )
    profile: str = "aeb"
    sessions: int = Field(default=1, ge=1, le=99)
    participants: list[str] = Field(
        default=[], description="Participants as '1: Ana García #77, Luis Pérez'."
    )
    bye_vp: Decimal | None = Field(default=None, ge=0, le=1000)

    @field_validator("boards_per_round")
    @classmethod
    def _boards_of_a_round(cls, boards: int, info: ValidationInfo) -> int:
        """A round of pairs plays up to 8 boards; a match of teams up to 36 (the desk's limits)."""
        if boards > 8 and info.data.get("movement") not in ("round-robin", "swiss"):
            raise ValueError(
                "expected 1 to 8 boards a round for a Howell or a Mitchell, or up to 36 a "
                "match in a round robin of teams"
            )
        return boards

    @property
    def kind(self) -> Kind:
        """The event's kind: teams for a round robin and a Swiss of teams, pairs otherwise.

        >>> NewEvent(name='Liga', movement='round-robin', tables=6, boards_per_round=12).kind
        'teams'
        >>> NewEvent(name='Suizo', movement='swiss', tables=9, boards_per_round=3, rounds=5).kind
        'pairs'
        """
        return "teams" if self.movement == "round-robin" or self.teams else "pairs"

    @property
    def scoring(self) -> str:
        """The event's scoring: ``method``, or the kind's own when none is given."""
        return self.method if self.method is not None else scorings(self.kind)[0]


class EventOut(BaseModel):
    """An event as stored.

    >>> EventOut.model_fields['locked'].annotation
    <class 'bool'>
    """

    id: int
    name: str
    kind: str
    method: str
    """What it is scored by: a pairs event's mp, imp-butler, cross-imp or total; a teams
    event's vp (IMPs, then victory points) or knockout."""
    boards: int
    movement: str | None
    tables: int | None
    rounds: int | None
    boards_per_round: int | None
    published: datetime | None
    locked: bool
    """Whether no result may change: the correction period is over and nothing is reopened."""
    reopened: str | None = None
    """Why the director reopened the results after the correction period (Law 79C2)."""
    reopened_boards: list[int] | None = None
    """The boards reopened, the only ones that may change; ``null`` with ``reopened``: every board."""


class ResultIn(BaseModel):
    """A board's result: a contract with declarer and tricks, a score, an adjusted score, or not played.

    >>> ResultIn(board=1, table=1, contract='4S', declarer='N', tricks='10').entry()
    Entry.from_str('4S N 10')
    """

    board: Number
    table: Number
    contract: str | None = Field(default=None, max_length=20, examples=["4S", "3NTX", "pass"])
    declarer: str | None = Field(default=None, max_length=5, examples=["N"])
    tricks: str | None = Field(default=None, max_length=5, examples=["10", "=", "-1"])
    lead: str | None = Field(default=None, max_length=5, examples=["HK"])
    score: str | None = Field(default=None, max_length=10)
    adjusted: str | None = Field(default=None, max_length=100, examples=["A60/A40", "+420/-620"])
    not_played: bool = False
    group: str | None = Field(
        default=None, max_length=20, examples=["A"], description="A fouled board's group (Law 87)."
    )

    def entry(self) -> Entry:
        """The :class:`~arbitro.tournament.entry.Entry` these fields make."""
        return Entry.from_fields(
            contract=self.contract,
            declarer=self.declarer,
            tricks=self.tricks,
            lead=self.lead,
            score=self.score,
            adjusted=self.adjusted,
            not_played=self.not_played,
            group=self.group,
        )


class Correction(ResultIn):
    """A result's new value and the reason for the change (kept in the audit trail).

    >>> Correction(board=1, table=1, adjusted='A60/A40', reason='12C1d').entry().to_str()
    'adjusted A60/A40'
    """

    reason: str = Field(min_length=1, max_length=500)
    agreed: bool = False
    """Both pairs agree to change the entry (the AEB's rules A and B)."""
    disputed: bool = False
    """One pair disputes a congruent entry: the AEB's rule B (:func:`disputed_correction`)."""

    def entry(self) -> Entry:
        """The new entry, with the pairs' agreement.

        >>> Correction(board=1, table=1, score='110', agreed=True, reason='x').entry().agreed
        True
        """
        return replace(super().entry(), agreed=self.agreed)


class ResultOut(BaseModel):
    """A result as stored, with North-South's score when it has one.

    >>> ResultOut(round=1, table=1, board=1, ns='1', ew='2', entry='4S N 10', score='+420', version=1).score
    '+420'
    """

    round: int | None
    table: int
    board: int
    ns: str
    ew: str
    entry: str
    score: str | None
    version: int


class RoundOut(BaseModel):
    """A round the director opened, and whether it is still open.

    >>> RoundOut(session=1, round=2, opened=datetime(2026, 1, 1, tzinfo=UTC), closed=None).round
    2
    """

    session: int
    round: int
    opened: datetime
    closed: datetime | None


class Progress(BaseModel):
    """For each round and table, the boards it plays and those with a result.

    >>> Progress(round=1, table=1, ns='2', ew='7', boards=[5, 6], entered=[5], open=True).entered
    [5]
    """

    round: int
    table: int
    ns: str | None
    ew: str | None
    boards: list[int]
    entered: list[int]
    open: bool


class PenaltyIn(BaseModel):
    """A procedural (Law 90) or disciplinary (Law 91) penalty.

    >>> PenaltyIn(participant='3', amount='1/4', law='90B8').unit
    'top'
    """

    participant: str = Field(min_length=1)
    kind: Literal["procedural", "disciplinary"] = "procedural"
    amount: str = Field(min_length=1, examples=["1/4", "3"])
    unit: Literal["top", "mp", "imps", "vp"] = "top"
    law: str = Field(min_length=2, examples=["90B8"])
    reason: str = ""
    board: Number | None = None


class AppealIn(BaseModel):
    """An appeal (Law 92) against the director's ruling.

    >>> AppealIn(appellant='3', reason='the ruling on board 5').ruling is None
    True
    """

    appellant: str = Field(min_length=1)
    reason: str = Field(min_length=1)
    ruling: Number | None = None
    signed_by: list[Annotated[str, Field(max_length=100)]] = Field(
        default_factory=list, max_length=4
    )
    """The players who signed it (Law 92D; both of a pair under the AEB, criterion 7)."""


class DecisionIn(BaseModel):
    """The decision on an appeal (Law 93).

    >>> DecisionIn(decision='dismissed').decision
    'dismissed'
    """

    decision: Literal["upheld", "dismissed", "withdrawn"]
    matter: Literal["law", "judgement"] | None = None
    """What the appeal turned on (Law 93B); with it, who may decide it is checked."""
    body: Literal["director", "committee"] = "committee"
    """Who decided it (Law 93B)."""
    committee: bool | None = None
    """Overrides the event's setting (kept with the event): a committee was available (93B), or the director heard it (93A)."""
    score: str | None = Field(default=None, max_length=200, examples=["adjusted A60/A40"])
    """The result an upheld decision gives the appealed table (needs ``matter``)."""


class ActIn(BaseModel):
    """One of the director's acts on a participant: a substitute (Law 4), a suspension (91A), a disqualification (91B).

    >>> ActIn(action='suspend', reason='abusive', boards='5-8').session
    1
    """

    action: Literal["substitute", "suspend", "disqualify"]
    reason: str = Field(min_length=1, max_length=500)
    player: str = Field(default="", max_length=100)
    """Law 4: the player who leaves."""
    substitute: str = Field(default="", max_length=100)
    """Law 4: the player who takes his place."""
    session: Number = 1
    boards: str = Field(default="", max_length=40)
    """Law 91A: the boards the participant may not play (all when empty)."""
    organiser: str = Field(default="", max_length=100)
    """Law 91B: the organiser who approved the disqualification."""

    def detail(self, director: str) -> str:
        """The act's record in the active language, checked against its Law.

        >>> ActIn(action='disqualify', reason='cheating', organiser='Club').detail('ana')
        'cheating (Law 91B, by ana; approved by the organiser Club)'
        """
        return self.act(director).worded()

    def act(self, director: str) -> DirectorAct:
        """The act the event's log keeps (worded in the reader's language), checked against its Law.

        >>> ActIn(action='suspend', reason='late').act('ana').kind
        'suspend'
        """
        if self.action == "substitute":
            return law_4_act(self.player, self.substitute, self.session, self.reason, director)
        return law_91_act(
            self.action,
            self.reason,
            director,
            session=self.session,
            boards=self.boards,
            organiser=self.organiser,
        )


class RectifiedIn(BaseModel):
    """A rectification the players applied (or waived) without the director, and his decision (Law 10B).

    >>> RectifiedIn(board=3, what='lead out of turn taken back', accepted=True).session
    1
    """

    board: Number
    table: Number | None = None
    session: Number = 1
    what: str = Field(min_length=1, max_length=500)
    """What the players did without the director."""
    accepted: bool
    """Whether the director accepts it, or cancels it and rectifies as the Laws say."""


class PenaltyChange(PenaltyIn):
    """A penalty as it becomes, and why it changes (for the event's log).

    >>> PenaltyChange(participant='3', amount='1/10', law='90B1', why='late, not slow').why
    'late, not slow'
    """

    why: str = Field(min_length=1, max_length=500)


MAX_REOPENED = 999
"""The most boards one reopening names."""


class Reason(BaseModel):
    """Why the director reopens locked results (Law 79C2).

    >>> Reason(reason='scoring error').reason
    'scoring error'
    """

    reason: str = Field(min_length=1, max_length=500)


class Reopening(Reason):
    """Why the director reopens locked results, the boards, and the organiser who agrees (Law 79C2).

    >>> Reopening(reason='scoring error', organiser='Club Nerja', boards=[6]).boards
    [6]
    """

    organiser: str = Field(default="", max_length=100)
    """The organiser who, with the director, has no doubt the result is wrong (Law 79C2)."""
    boards: list[Number] = Field(default_factory=list, max_length=MAX_REOPENED)
    """The boards whose recorded score is wrong: only they may change until published again."""
    all_boards: bool = False
    """Reopen every board instead, for what names no board (a penalty on a whole session)."""


class Standing(BaseModel):
    """A line of the ranking: the direction it is ranked in (a Mitchell), and the players' names.

    >>> Standing(place='2=', participant='5', score='55.00%').place
    '2='
    """

    place: str
    participant: str
    score: str
    direction: str | None = None
    names: str = ""


@dataclass(frozen=True)
class RankingLine:
    """A line of the ranking as the pages show it: :class:`Standing`'s, and ``compared``.

    ``compared`` is false for a participant of a matchpoint event none of whose boards
    had a result to compare with yet: the pages show no percentage (``—``) rather than
    its ``score`` (``0.00%``, which the JSON API keeps).

    >>> RankingLine("1=", "3NS", "0.00%", "NS", compared=False).standing()
    Standing(place='1=', participant='3NS', score='0.00%', direction='NS', names='')
    """

    place: str
    participant: str
    score: str
    direction: str | None = None
    names: str = ""
    compared: bool = True

    def standing(self) -> Standing:
        """The line as the JSON API gives it."""
        return Standing(
            place=self.place,
            participant=self.participant,
            score=self.score,
            direction=self.direction,
            names=self.names,
        )


class Disqualified(BaseModel):
    """A participant disqualified under Law 91B: listed after the ranking, not ranked, with its record.

    The same line as ``arbitro event ranking --json`` gives it.

    >>> Disqualified(participant='3', disqualified='cheating (Law 91B, by Ana)').law
    '91B'
    """

    participant: str
    disqualified: str
    """The record the event's log keeps: why, who decided, the organiser who approved."""
    law: Literal["91B"] = "91B"
    names: str = ""


class Uncompared(BaseModel):
    """A teams event's board left out of its match by Law 87B: listed after the ranking.

    The two tables of the match are in different groups of a fouled board, so they are
    not compared; the board waits for the director's adjusted score. The same line as
    ``arbitro event ranking --json`` gives it (:meth:`UncomparedBoard.to_json
    <arbitro.tournament.teams.UncomparedBoard.to_json>`); ``note`` is in the language
    of the request.

    >>> Uncompared(session=1, board=3, home="A", away="B", home_group="A", note="...").law
    '87B'
    """

    law: Literal["87B"] = "87B"
    session: int
    board: int
    home: str
    away: str
    home_group: str | None
    away_group: str | None = None
    note: str


@dataclass(frozen=True)
class NotCompared:
    """A board of a team match not compared (Law 87B), as the players' pages name it.

    ``several_sessions``: the event has more than one, so the page names the session.

    >>> from arbitro.tournament.teams import UncomparedBoard
    >>> NotCompared(UncomparedBoard(3, "A", "B", "A", "B"), 1, False).board.board
    3
    """

    board: UncomparedBoard
    session: int
    several_sessions: bool


def not_compared(
    store: Store,
    event_id: int,
    *,
    board: int | None = None,
    session: int | None = None,
    team: str | None = None,
) -> list[NotCompared]:
    """The event's boards left out of their match by Law 87B, for the players' pages.

    Only those of ``board``, of ``session`` and of ``team``'s matches when given; none
    in an event that is not a teams event (:meth:`~arbitro.store.Store.uncompared_boards`).

    >>> from arbitro.store import open_store
    >>> store = open_store('sqlite:///:memory:')
    >>> event = store.create_event(EventSpec('Teams', boards=1, kind='teams'),
    ...                            [Participant('A'), Participant('B')])
    >>> _ = store.enter_result(event, 1, 1, Entry.from_str('score 420 group A'), ns='A', ew='B')
    >>> _ = store.enter_result(event, 1, 2, Entry.from_str('score 170 group B'), ns='B', ew='A')
    >>> [(note.session, note.board.board) for note in not_compared(store, event, team='B')]
    [(1, 1)]
    >>> not_compared(store, event, board=2)
    []
    """
    several = store.event(event_id).spec.sessions > 1
    return [
        NotCompared(fouled, number, several)
        for number, boards in store.uncompared_boards(event_id).items()
        if session is None or number == session
        for fouled in boards
        if (board is None or fouled.board == board)
        and (team is None or team in (fouled.home, fouled.away))
    ]


def uncompared_lines(
    store: Store, event_id: int, board: int | None = None, session: int | None = None
) -> list[Uncompared]:
    """The event's boards not compared (Law 87B) as the JSON APIs give them.

    Only ``board`` of ``session`` when given; each ``note`` in the active language.

    >>> from arbitro.store import open_store
    >>> store = open_store('sqlite:///:memory:')
    >>> uncompared_lines(store, store.create_event(EventSpec('A', boards=1)))
    []
    """
    return [
        Uncompared.model_validate(note.board.to_json(note.session))
        for note in not_compared(store, event_id, board=board, session=session)
    ]


class Created(BaseModel):
    """The id of what was created.

    >>> Created(id=3).id
    3
    """

    id: int


class TableCard(BaseModel):
    """A table's sign-in code and where it sits each round.

    >>> TableCard(table=1, code='ACDEFG', rounds=[]).code
    'ACDEFG'
    """

    table: int
    code: str
    rounds: list[Progress]


def event_out(info: EventInfo, now: datetime | None = None) -> EventOut:
    """The API's view of an event.

    >>> from arbitro.tournament.event import EventSpec
    >>> event_out(EventInfo(1, EventSpec('A', boards=2), None, None, None, None, None)).locked
    False
    """
    moment = now or datetime.now(UTC)
    return EventOut(
        id=info.id,
        name=info.spec.name,
        kind=info.spec.kind,
        method=info.spec.scoring,
        boards=info.spec.boards,
        movement=info.movement,
        tables=info.tables,
        rounds=info.timetable.rounds if info.timetable is not None else None,
        boards_per_round=info.boards_per_round,
        published=info.published,
        locked=info.correction.locked(moment),
        reopened=info.reopened,
        reopened_boards=(
            list(info.reopened_boards)
            if info.reopened is not None and info.reopened_boards is not None
            else None
        ),
    )


def result_out(stored: StoredResult) -> ResultOut:
    """The API's view of a result.

    >>> from arbitro.core.board import Board
    >>> entry = Entry.from_str('4S N 10')
    >>> result_out(StoredResult(1, 1, 1, 1, '1', '2', entry, entry.result(Board(1)), 1)).score
    '+420'
    """
    return ResultOut(
        round=stored.round,
        table=stored.table,
        board=stored.board,
        ns=stored.ns,
        ew=stored.ew,
        entry=stored.entry.to_str(),
        score=stored.result.to_str() if stored.result is not None else None,
        version=stored.version,
    )


def build_movement(
    kind: str, tables: int, boards_per_round: int, rounds: int | None, teams: bool = False
) -> Movement:
    """The Howell, Mitchell, round robin or Swiss (of ``tables`` teams or pairs) asked for.

    >>> build_movement("howell", 4, 2, None).rounds
    7
    >>> build_movement("swiss", 4, 2, 3, teams=True).rooms
    2
    """
    return build(kind, tables, boards_per_round, rounds, teams=teams)


def progress(store: Store, event_id: int, session: int = 1) -> list[Progress]:
    """Which boards each table plays in each round of ``session``, which have a result, which rounds are open.

    >>> from arbitro.store import open_store
    >>> store = open_store('sqlite:///:memory:')
    >>> from arbitro.tournament.movements import howell
    >>> event = store.create_event(EventSpec('A', boards=14), movement=howell(4, 2))
    >>> progress(store, event)[0]
    Progress(round=1, table=1, ns='2', ew='7', boards=[5, 6], entered=[], open=False)
    """
    movement = store.movement(event_id)
    if movement is None:
        return []
    entered = {
        (result.table, result.board)
        for result in store.results(event_id)
        if result.session == session
    }
    opened = {
        state.round
        for state in store.rounds(event_id)
        if state.is_open and state.session == session
    }
    return [
        Progress(
            round=seating.round,
            table=seating.table,
            ns=seating.sides[0],
            ew=seating.sides[1],
            boards=list(seating.boards),
            entered=[board for board in seating.boards if (seating.table, board) in entered],
            open=seating.round in opened,
        )
        for seating in sorted(movement.schedule, key=lambda s: (s.round, s.table))
    ]


def make_penalty(given: PenaltyIn) -> PenaltyRecord:
    """The penalty record of a request (the amount as a fraction).

    An amount too large to keep (``1e5000``) is refused like one that is no number.

    >>> make_penalty(PenaltyIn(participant='3', amount='1/4', law='90B8')).amount
    Fraction(1, 4)
    >>> make_penalty(PenaltyIn(participant='3', amount='1e5000', law='90B8'))
    Traceback (most recent call last):
    ...
    arbitro.store.repository.StoreError: invalid penalty amount '1e5000': expected a number such as 1/4 or 3
    """
    try:
        amount = parse_fraction(given.amount)
        if max(amount.numerator.bit_length(), amount.denominator.bit_length()) > 63:
            raise ValueError(given.amount)
    except (ValueError, ZeroDivisionError):
        raise StoreError(
            N_("invalid penalty amount '{amount}': expected a number such as 1/4 or 3"),
            amount=given.amount,
        ) from None
    return PenaltyRecord(
        given.participant,
        PenaltyKind(given.kind),
        amount,
        given.unit,
        given.law,
        given.reason,
        given.board,
    )


def audit_out(entry: AuditEntry) -> dict[str, object]:
    """The API's view of a line of the audit trail.

    >>> audit_out(AuditEntry(datetime(2026, 1, 1, tzinfo=UTC), 'ana', 'correct', 1, 2, '4S N 9', '4S N 10', 'slip'))['reason']
    'slip'
    """
    return asdict(entry)


@router.post(
    "/session", response_model=SessionOut, responses=error_responses(401, 422, 429, 503, 507)
)
def api_sign_in(given: SignIn, request: Request, store: StoreDep) -> SessionOut:
    """Sign in as a director; limited to a few failed attempts per client and name.

    >>> describe_route(router, api_sign_in)
    'POST /api/session'
    """
    check_director_sign_in_allowed(request, given.name)
    ok = authenticate(store, given.name, given.password)
    record_director_sign_in(request, given.name, ok)
    if not ok:
        with use_language(page_language(request)):
            raise HTTPException(401, gettext("wrong name or password"))
    sign_in_director(request, given.name)
    return SessionOut(director=given.name, csrf=csrf_token(request))


@router.delete("/session", dependencies=[Csrf], responses=error_responses(401, 403, 503, 507))
def api_sign_out(request: Request, director: ApiDirector) -> dict[str, bool]:
    """Sign out.

    >>> describe_route(router, api_sign_out)
    'DELETE /api/session'
    """
    sign_out(request)
    return {"signed_out": True}


@router.get("/directors", responses=error_responses(401, 503))
def api_directors(director: ApiDirector, store: StoreDep) -> list[str]:
    """The names of the director accounts.

    >>> describe_route(router, api_directors)
    'GET /api/directors'
    """
    return store.director_names()


@router.get("/events", response_model=list[EventOut], responses=error_responses(401, 503))
def api_events(director: ApiDirector, store: StoreDep) -> list[EventOut]:
    """Every event, oldest first.

    >>> describe_route(router, api_events)
    'GET /api/events'
    """
    return [event_out(info) for info in store.events()]


@router.post(
    "/events",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 422, 503, 507),
)
def api_create_event(given: NewEvent, director: ApiDirector, store: StoreDep) -> Created:
    """Create an event with its movement; its pairs are the movement's, named as given.

    >>> describe_route(router, api_create_event)
    'POST /api/events'
    """
    movement = build_movement(
        given.movement, given.tables, given.boards_per_round, given.rounds, given.kind == "teams"
    )
    spec = EventSpec.scored(
        given.name,
        movement.boards,
        given.scoring,
        kind=given.kind,
        profile=given.profile,
        sessions=given.sessions,
    )
    participants = [Participant.from_str(text) for text in given.participants]
    bye = Fraction(given.bye_vp) if given.bye_vp is not None else None
    return Created(id=store.create_event(spec, participants, movement, bye_score=bye))


class PairedTable(BaseModel):
    """A table of a Swiss round: a pairs event's table, or a teams event's match."""

    number: int
    ns: str
    ew: str


class Pairings(BaseModel):
    """A Swiss round just paired: its boards, its tables (or matches), the bye, the repeats."""

    round: int
    boards: list[int]
    tables: list[PairedTable]
    bye: str | None
    repeats: list[tuple[str, str]]


@router.post(
    "/events/{event_id}/pairings",
    response_model=Pairings,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503),
)
def api_pair_round(
    event_id: Number,
    director: ApiDirector,
    store: StoreDep,
    round: Annotated[int | None, Query(ge=1)] = None,
) -> Pairings:
    """Pair a Swiss event's next round from its ranking (409 while a round has results missing).

    ``round`` refuses any round but the next (409): a round is paired once.

    >>> describe_route(router, api_pair_round)
    'POST /api/events/{event_id}/pairings'
    """
    paired = store.pair_next_round(event_id, round)
    first = paired.seatings[0]
    return Pairings(
        round=first.round,
        boards=list(first.boards),
        tables=[
            PairedTable(number=seating.table, ns=seating.ns or "", ew=seating.ew or "")
            for seating in paired.seatings
        ],
        bye=paired.bye,
        repeats=list(paired.repeats),
    )


@router.get(
    "/events/{event_id}", response_model=EventOut, responses=error_responses(401, 404, 422, 503)
)
def api_event(event_id: Number, director: ApiDirector, store: StoreDep) -> EventOut:
    """One event.

    >>> describe_route(router, api_event)
    'GET /api/events/{event_id}'
    """
    return event_out(store.event(event_id))


@router.get("/events/{event_id}/participants", responses=error_responses(401, 404, 422, 503))
def api_participants(event_id: Number, director: ApiDirector, store: StoreDep) -> list[str]:
    """The event's participants, as ``number: players``.

    >>> describe_route(router, api_participants)
    'GET /api/events/{event_id}/participants'
    """
    return [participant.to_str() for participant in store.participants(event_id)]


class Players(BaseModel):
    """The players of a pair or team: ``NAME #FEDERATION, NAME`` (empty: none).

    >>> Players(players='Ana García #77, Luis Pérez').players
    'Ana García #77, Luis Pérez'
    """

    players: str = Field(max_length=500, examples=["Ana García #77, Luis Pérez"])


@router.put(
    "/events/{event_id}/participants/{number}",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_set_players(
    event_id: Number, number: str, given: Players, director: ApiDirector, store: StoreDep
) -> dict[str, str]:
    """Name a participant's players.

    >>> describe_route(router, api_set_players)
    'PUT /api/events/{event_id}/participants/{number}'
    """
    return {"participant": store.set_players(event_id, number, given.players, by=director).to_str()}


@router.get(
    "/events/{event_id}/table-cards",
    response_model=list[TableCard],
    responses=error_responses(401, 404, 422, 503),
)
def api_table_cards(
    event_id: Number, request: Request, director: ApiDirector, store: StoreDep
) -> list[TableCard]:
    """Each table's sign-in code and its seats and boards in every round.

    >>> describe_route(router, api_table_cards)
    'GET /api/events/{event_id}/table-cards'
    """
    info = store.event(event_id)
    lines = progress(store, event_id)
    return [
        TableCard(
            table=table,
            code=table_code(app_secret(request), event_id, table),
            rounds=[line for line in lines if line.table == table],
        )
        for table in range(1, (info.tables or 0) + 1)
    ]


@router.get(
    "/events/{event_id}/rounds",
    response_model=list[RoundOut],
    responses=error_responses(401, 404, 422, 503),
)
def api_rounds(event_id: Number, director: ApiDirector, store: StoreDep) -> list[RoundOut]:
    """The rounds opened so far, and whether each is still open.

    >>> describe_route(router, api_rounds)
    'GET /api/events/{event_id}/rounds'
    """
    store.event(event_id)
    return [RoundOut(**asdict(state)) for state in store.rounds(event_id)]


@router.post(
    "/events/{event_id}/rounds/{round_number}/open",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_open_round(
    event_id: Number,
    round_number: Number,
    director: ApiDirector,
    store: StoreDep,
    session: Number = 1,
) -> RoundOut:
    """Open a round of ``session`` for entry at the tables (refused while another session's is open).

    >>> describe_route(router, api_open_round)
    'POST /api/events/{event_id}/rounds/{round_number}/open'
    """
    return RoundOut(**asdict(store.open_round(event_id, round_number, session, by=director)))


@router.post(
    "/events/{event_id}/rounds/{round_number}/close",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_close_round(
    event_id: Number,
    round_number: Number,
    director: ApiDirector,
    store: StoreDep,
    session: Number = 1,
) -> dict[str, int]:
    """Close a round of ``session``: its tables can no longer enter results.

    >>> describe_route(router, api_close_round)
    'POST /api/events/{event_id}/rounds/{round_number}/close'
    """
    store.close_round(event_id, round_number, session, by=director)
    return {"closed": round_number}


@router.get(
    "/events/{event_id}/progress",
    response_model=list[Progress],
    responses=error_responses(401, 404, 422, 503),
)
def api_progress(
    event_id: Number, director: ApiDirector, store: StoreDep, session: Number = 1
) -> list[Progress]:
    """Which tables have entered which boards of ``session``, round by round.

    >>> describe_route(router, api_progress)
    'GET /api/events/{event_id}/progress'
    """
    store.event(event_id)
    return progress(store, event_id, session)


@router.get(
    "/events/{event_id}/results",
    response_model=list[ResultOut],
    responses=error_responses(401, 404, 422, 503),
)
def api_results(event_id: Number, director: ApiDirector, store: StoreDep) -> list[ResultOut]:
    """Every result of the event.

    >>> describe_route(router, api_results)
    'GET /api/events/{event_id}/results'
    """
    return [result_out(stored) for stored in store.results(event_id)]


@router.post(
    "/events/{event_id}/results",
    response_model=ResultOut,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503, 507),
)
def api_enter_result(
    event_id: Number, given: ResultIn, director: ApiDirector, store: StoreDep
) -> ResultOut:
    """Enter a result (the pairs are the movement's for that table and board).

    >>> describe_route(router, api_enter_result)
    'POST /api/events/{event_id}/results'
    """
    stored = store.enter_result(event_id, given.board, given.table, given.entry(), by=director)
    return result_out(stored)


@router.put(
    "/events/{event_id}/results",
    response_model=ResultOut,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_correct_result(
    event_id: Number, given: Correction, director: ApiDirector, store: StoreDep
) -> ResultOut:
    """Correct a result; the old and new values and the reason go to the audit trail.

    >>> describe_route(router, api_correct_result)
    'PUT /api/events/{event_id}/results'
    """
    entry = given.entry()
    if given.disputed:
        profile = store.event(event_id).spec.profile
        for old in store.results(event_id, 1):
            if (old.board, old.table) == (given.board, given.table):
                marked = store.boards(event_id).get(given.board) or Board(given.board)
                entry = disputed_correction(old.entry, entry, marked, profile)
    stored = store.correct_result(
        event_id, given.board, given.table, entry, reason=given.reason, by=director
    )
    return result_out(stored)


@router.get("/events/{event_id}/audit", responses=error_responses(401, 404, 422, 503))
def api_audit(event_id: Number, director: ApiDirector, store: StoreDep) -> list[dict[str, object]]:
    """The audit trail of the event's results.

    >>> describe_route(router, api_audit)
    'GET /api/events/{event_id}/audit'
    """
    return [audit_out(entry) for entry in store.audit(event_id)]


@router.get("/events/{event_id}/log", responses=error_responses(401, 404, 422, 503))
def api_log(
    request: Request, event_id: Number, director: ApiDirector, store: StoreDep
) -> list[dict[str, object]]:
    """The event's log: rounds opened and closed, publication and reopening, by whom.

    The director's acts (Laws 4, 91) are worded in the language of the request.

    >>> describe_route(router, api_log)
    'GET /api/events/{event_id}/log'
    """
    store.event(event_id)
    with use_language(page_language(request)):
        return [asdict(entry) for entry in store.event_log(event_id)]


@router.post(
    "/events/{event_id}/penalties",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_penalty(
    event_id: Number, given: PenaltyIn, director: ApiDirector, store: StoreDep
) -> Created:
    """Give a procedural (90) or disciplinary (91) penalty.

    >>> describe_route(router, api_penalty)
    'POST /api/events/{event_id}/penalties'
    """
    return Created(id=store.add_penalty(event_id, make_penalty(given), director=director))


@router.post(
    "/events/{event_id}/participants/{number}/acts",
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_act(
    request: Request,
    event_id: Number,
    number: str,
    given: ActIn,
    director: ApiDirector,
    store: StoreDep,
) -> dict[str, object]:
    """Record a substitute (Law 4), a suspension (91A) or a disqualification (91B) in the event's log.

    A suspension's missed boards are scored at once (``scored``: board, table, entry).
    When the event cannot score them (no movement, or an individual event), ``note``
    tells the director to enter them, in the language of the request; else it is null.

    >>> describe_route(router, api_act)
    'POST /api/events/{event_id}/participants/{number}/acts'
    """
    with use_language(page_language(request)):  # the record and the note in the request's
        act = record_act(store, event_id, number, given, director)
        note = suspension_note(act.unscored) if act.unscored is not None else None
    return {
        "action": given.action,
        "detail": act.detail,
        "scored": [
            {"board": one.board, "table": one.table, "entry": one.entry.to_str()}
            for one in act.scored
        ],
        "note": note,
    }


class RecordedAct(NamedTuple):
    """One of the director's acts as recorded: its text, what a suspension scored, why none.

    ``unscored`` is a catalog message (:func:`~arbitro.tournament.directing.unscored_suspension`).

    >>> RecordedAct("late", [], None).unscored is None
    True
    """

    detail: str
    scored: list[StoredResult]
    unscored: str | None


def suspension_note(why: str) -> str:
    """What the desk and the API tell the director when a suspension scored nothing (Laws 91A, 12C2a).

    ``why`` is :func:`~arbitro.tournament.directing.unscored_suspension`'s message; the
    text is in the language in force.

    >>> from arbitro.tournament.directing import unscored_suspension
    >>> print(suspension_note(unscored_suspension("pairs", has_movement=False)))
    Nothing was scored for the suspension: the event has no movement, so it does not say whom the participant would have played. Enter the boards it misses as adjusted scores (Law 12C2a).
    """
    return gettext(
        "Nothing was scored for the suspension: {why}. Enter the boards it misses as "
        "adjusted scores (Law 12C2a)."
    ).format(why=gettext(why))


def record_act(
    store: Store, event_id: int, participant: str, given: ActIn, director: str
) -> RecordedAct:
    """Record one of the director's acts (Laws 4, 91): its text, what a suspension scored and why not.

    A suspension (91A) goes through :meth:`~arbitro.store.Store.suspend`, which scores
    the boards the participant misses (Law 12C2a) where the event's movement says whom
    it would have played (:func:`~arbitro.tournament.directing.unscored_suspension`);
    the other acts are only logged.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec, Participant
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2), [Participant("1"), Participant("2")])
    >>> act = record_act(store, event, "1", ActIn(action="suspend", reason="abusive"), "Ana")
    >>> act.detail, act.scored
    ('the whole of session 1: abusive (Law 91A, by Ana; final, Law 93B3)', [])
    >>> act.unscored
    'the event has no movement, so it does not say whom the participant would have played'
    """
    act = given.act(director)
    detail = act.worded()
    if given.action == "suspend":
        scored = store.suspend(
            event_id, participant, act.to_str(), given.session, given.boards, by=director
        )
        info = store.event(event_id)
        why = unscored_suspension(info.spec.kind, has_movement=info.timetable is not None)
        return RecordedAct(detail, scored, why)
    store.log_act(event_id, given.action, f"{participant}: {act.to_str()}", by=director)
    return RecordedAct(detail, [], None)


@router.post(
    "/events/{event_id}/rectifications",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_rectified(
    event_id: Number, given: RectifiedIn, director: ApiDirector, store: StoreDep
) -> Created:
    """Record the players' own rectification, accepted or cancelled, as a ruling at the board (Law 10B).

    >>> describe_route(router, api_rectified)
    'POST /api/events/{event_id}/rectifications'
    """
    number, _text = store.record_rectification(
        event_id, given.board, given.table, given.what, given.accepted, given.session, director
    )
    return Created(id=number)


@router.get("/events/{event_id}/penalties", responses=error_responses(401, 404, 422, 503))
def api_penalties(event_id: Number, director: ApiDirector, store: StoreDep) -> list[dict[str, str]]:
    """The event's penalties.

    >>> describe_route(router, api_penalties)
    'GET /api/events/{event_id}/penalties'
    """
    return [
        {
            "id": str(stored.id),
            "participant": stored.record.participant,
            "kind": stored.record.kind.value,
            "amount": str(stored.record.amount),
            "unit": stored.record.unit,
            "law": stored.record.law,
            "reason": stored.record.reason,
        }
        for stored in store.penalties(event_id)
    ]


@router.post(
    "/events/{event_id}/penalties/{penalty_id}/withdraw",
    status_code=204,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_withdraw_penalty(
    event_id: Number, penalty_id: Number, given: Reason, director: ApiDirector, store: StoreDep
) -> None:
    """Withdraw a penalty, with the reason in the event's log.

    >>> describe_route(router, api_withdraw_penalty)
    'POST /api/events/{event_id}/penalties/{penalty_id}/withdraw'
    """
    store.withdraw_penalty(event_id, penalty_id, given.reason, director=director)


@router.put(
    "/events/{event_id}/penalties/{penalty_id}",
    status_code=204,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_change_penalty(
    event_id: Number,
    penalty_id: Number,
    given: PenaltyChange,
    director: ApiDirector,
    store: StoreDep,
) -> None:
    """Change a penalty (amount, unit, Law, reason), with why in the event's log.

    >>> describe_route(router, api_change_penalty)
    'PUT /api/events/{event_id}/penalties/{penalty_id}'
    """
    store.change_penalty(event_id, penalty_id, make_penalty(given), given.why, director=director)


@router.post(
    "/events/{event_id}/appeals",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_appeal(
    event_id: Number, given: AppealIn, director: ApiDirector, store: StoreDep
) -> Created:
    """Lodge an appeal (Law 92), refused after its deadline.

    >>> describe_route(router, api_appeal)
    'POST /api/events/{event_id}/appeals'
    """
    return Created(
        id=store.lodge_signed_appeal(
            event_id, given.appellant, given.reason, given.signed_by, given.ruling, by=director
        )
    )


@router.post(
    "/events/{event_id}/appeals/{appeal_id}/decision",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503, 507),
)
def api_decide(
    event_id: Number, appeal_id: Number, given: DecisionIn, director: ApiDirector, store: StoreDep
) -> dict[str, str]:
    """Record the decision on an appeal (Law 93).

    >>> describe_route(router, api_decide)
    'POST /api/events/{event_id}/appeals/{appeal_id}/decision'
    """
    score = Entry.from_str(given.score) if given.score is not None else None
    law = store.decide_appeal(
        event_id,
        appeal_id,
        Decision(given.decision),
        by=director,
        matter=given.matter,
        body=given.body,
        committee=given.committee,
        score=score,
    )
    return {"decision": given.decision} | ({"law": law} if law else {})


@router.get("/events/{event_id}/appeals", responses=error_responses(401, 404, 422, 503))
def api_appeals(
    event_id: Number, director: ApiDirector, store: StoreDep
) -> list[dict[str, object]]:
    """The event's appeals and their decisions.

    >>> describe_route(router, api_appeals)
    'GET /api/events/{event_id}/appeals'
    """
    return [
        {
            "id": stored.id,
            "appellant": stored.appeal.appellant,
            "reason": stored.appeal.reason,
            "deadline": stored.appeal.deadline,
            "decision": stored.appeal.decision.value if stored.appeal.decision else None,
        }
        for stored in store.appeals(event_id)
    ]


@router.post(
    "/events/{event_id}/publish",
    response_model=EventOut,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503, 507),
)
def api_publish(event_id: Number, director: ApiDirector, store: StoreDep) -> EventOut:
    """Publish the official results; the correction period of Law 79C starts.

    >>> describe_route(router, api_publish)
    'POST /api/events/{event_id}/publish'
    """
    return event_out(store.publish(event_id, by=director))


@router.post(
    "/events/{event_id}/reopen",
    response_model=EventOut,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_reopen(
    event_id: Number, given: Reopening, director: ApiDirector, store: StoreDep
) -> EventOut:
    """Reopen the boards of locked results whose score is wrong (Law 79C2).

    ``boards`` names them (or ``all_boards`` every board); until the results are
    published again only those may change. A board the event does not have is a 422.

    >>> describe_route(router, api_reopen)
    'POST /api/events/{event_id}/reopen'
    """
    reason = law_79c2_reason(given.reason, director, given.organiser)
    chosen = named_boards(given.boards, given.all_boards, "boards", "all_boards")
    return event_out(store.reopen(event_id, reason, by=director, boards=chosen))


@router.get(
    "/events/{event_id}/ranking",
    response_model=list[Standing | Disqualified | Uncompared],
    responses=error_responses(401, 404, 422, 503),
)
def api_ranking(
    request: Request, event_id: Number, director: ApiDirector, store: StoreDep
) -> list[Standing | Disqualified | Uncompared]:
    """The event's ranking (ties shown as ``2=``), the participants disqualified (Law 91B), the boards not compared (87B).

    A disqualified participant is not ranked (the places close up,
    :meth:`~arbitro.store.Store.ranking`); it follows the ranking as a line of its own
    with its record (:meth:`~arbitro.store.Store.disqualified`), as ``event ranking --json``
    lists it. In a teams event, a board whose two tables of a match are in different
    groups of a fouled board follows as a line of its own (:class:`Uncompared`, its
    ``note`` in the language of the request): it waits for the director's adjusted score.

    >>> describe_route(router, api_ranking)
    'GET /api/events/{event_id}/ranking'
    """
    names = {participant.number: participant.names for participant in store.participants(event_id)}
    with use_language(page_language(request)):  # the records in the request's language
        apart = [
            Disqualified(participant=number, disqualified=detail, names=names.get(number, ""))
            for number, detail in store.disqualified(event_id).items()
        ]
        waiting = uncompared_lines(store, event_id)
    return [*ranking_lines(store, event_id), *apart, *waiting]


def ranking_lines(store: Store, event_id: int) -> list[Standing]:
    """The ranking as lines of text: place (``2=`` for a tie), participant, total.

    >>> from arbitro.store import open_store
    >>> store = open_store('sqlite:///:memory:')
    >>> ranking_lines(store, store.create_event(EventSpec('A', boards=1)))
    []
    """
    return [line.standing() for _, lines in ranking_groups(store, event_id) for line in lines]


def ranking_groups(store: Store, event_id: int) -> list[tuple[str, list[RankingLine]]]:
    """The ranking's lines by group, each with its heading (a catalog message, or "").

    One group; or, when each direction is ranked apart (a Mitchell), North-South then
    East-West. A knockout's lines have no place: each team's total is its total in its
    own match (Law 86B), not a place against the field.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.movements import mitchell
    >>> store = open_store('sqlite:///:memory:')
    >>> event = store.create_event(EventSpec('A', boards=6), movement=mitchell(3, 2))
    >>> _ = store.enter_result(event, 1, 1, Entry.from_str('3NT S 9'))
    >>> [(title, [line.participant for line in lines]) for title, lines in ranking_groups(store, event)]
    [('North-South', ['1NS']), ('East-West', ['1EW'])]
    """
    info = store.event(event_id)
    names = {participant.number: participant.names for participant in store.participants(event_id)}
    return [
        (
            DIRECTION_TITLES[side] if side is not None else "",
            [
                RankingLine(
                    # A knockout ranks no one: each team's total is in its own match.
                    place="" if info.spec.knockout else line.rank_label,
                    participant=line.participant,
                    score=show(line.total) + info.spec.total_unit,
                    direction=line.direction.to_str() if line.direction is not None else None,
                    names=names.get(line.participant, ""),
                    compared=line.compared,
                )
                for line in group
            ],
        )
        for side, group in by_direction(store.ranking(event_id))
    ]

"""The director's JSON API's models (pydantic), and what fills them from the store's values.

What a request gives and an answer holds; and the functions that make an answer's
values from the store's: an event, a result, the tables' progress, a line of the audit
trail.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from arbitro.core.passwords import MAX_PASSWORD
from arbitro.store import Store
from arbitro.store.repository import EventInfo
from arbitro.store.stored import AuditEntry, StoredResult
from arbitro.tournament.directing import DirectorAct, law_4_act, law_91_act
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import Kind, scorings
from arbitro.tournament.movements import Movement
from arbitro.tournament.movements.options import build
from arbitro.web.pages import Number


class SignIn(BaseModel):
    """A director's name and password.

    >>> SignIn(name='ana', password='secret').name
    'ana'
    """

    name: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=MAX_PASSWORD)


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
    adjusted: str | None = Field(default=None, max_length=100, examples=["A60/A40", "+420/-450"])
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
    session: Number | None = None
    """The session the penalty is in; by default the event's current one (a change: its own)."""


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
    >>> from arbitro.tournament.event import EventSpec
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


def audit_out(entry: AuditEntry) -> dict[str, object]:
    """The API's view of a line of the audit trail.

    >>> audit_out(AuditEntry(datetime(2026, 1, 1, tzinfo=UTC), 'ana', 'correct', 1, 2, '4S N 9', '4S N 10', 'slip'))['reason']
    'slip'
    """
    return asdict(entry)


class PairedTable(BaseModel):
    """A table of a Swiss round: a pairs event's table, or a teams event's match."""

    number: int
    ns: str
    ew: str


class Pairings(BaseModel):
    """A Swiss round just paired: its boards, its tables (or matches), the bye, the repeats, the absent."""

    round: int
    boards: list[int]
    tables: list[PairedTable]
    bye: str | None
    repeats: list[tuple[str, str]]
    absent: list[str] = []


class Players(BaseModel):
    """The players of a pair or team: ``NAME #FEDERATION, NAME`` (empty: none).

    >>> Players(players='Ana García #77, Luis Pérez').players
    'Ana García #77, Luis Pérez'
    """

    players: str = Field(max_length=500, examples=["Ana García #77, Luis Pérez"])

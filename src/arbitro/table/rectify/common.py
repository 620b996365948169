"""Pieces every rectification uses: restrictions, Law 23 notes, asking for a decision.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> must_pass(table, Seat.WEST, "27B2")
>>> must_pass_now(table, Seat.WEST), must_pass_now(table, Seat.EAST)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from arbitro.core import (  # noqa: F401  (Strain: the example)
    Bid,
    Call,
    Card,
    Double,
    Pass,
    Redouble,
    Seat,
    Strain,
    Suit,
)
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, AuctionSummary, call_problem
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import ONE_TURN, Procedure, ProcedureData, TableState, waiting
from arbitro.table.events import DecisionEvent, Event
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.rulings import Decision, Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase

ANY_SUIT = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The four suits, for a choice of 'any one suit' (Law 26B)."""

PASS_KINDS = (
    RestrictionKind.MUST_PASS_NEXT_TURN,
    RestrictionKind.MUST_PASS_REST,
    RestrictionKind.NO_DOUBLE_NEXT_TURN,
    RestrictionKind.MUST_REPEAT,
)
"""The restrictions on a player's calls."""

NEXT_KINDS = ONE_TURN
"""The restrictions that hold for one turn only."""


def must_pass(table: TableState, seat: Seat, law: str, rest: bool = True) -> None:
    """Oblige ``seat`` to pass, for the rest of the auction or (``rest=False``) its next turn.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> must_pass(table, Seat.EAST, "30A", rest=False)
    >>> str(table.restrictions[0].message)
    'East must pass at the next turn (Law 30A)'
    """
    kind = RestrictionKind.MUST_PASS_REST if rest else RestrictionKind.MUST_PASS_NEXT_TURN
    table.restrict(Restriction(kind, seat, law))


def law23(table: TableState, seat: Seat, law: str) -> None:
    """Note that Law 23 may apply because ``seat`` was made to pass under ``law``.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> law23(table, Seat.EAST, "31B")
    >>> table.notes[0].law
    '23'
    """
    table.note(
        "23",
        Message(
            N_(
                "{seat} was made to pass by Law {law}: if the offender could have known the "
                "irregularity would damage the other side, the Director adjusts the score"
            ),
            {"seat": seat, "law": law},
        ),
    )


def ask(
    table: TableState,
    law: str,
    stage: str,
    offender: Seat,
    entry: int,
    by: Seat | None,
    question: Message,
    choices: tuple[Option, ...],
    data: ProcedureData | None = None,
) -> None:
    """Make the table wait on a decision by ``by`` (None: the Director) for procedure ``law``.

    ``data`` is what the procedure's later stages need to remember.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> ask(table, "36", "ruling", Seat.EAST, 1, None, Message(N_("the Director")), ())
    >>> table.pending.decider
    'director'
    """
    table.procedure = Procedure(
        law, stage, offender, entry, Decision(by, question, law, choices), None, data
    )


def await_call(table: TableState, law: str, stage: str, offender: Seat, entry: int) -> None:
    """Make the table wait for ``offender``'s call, which procedure ``law`` will take.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> await_call(table, "27", "replace", Seat.EAST, 1)
    >>> table.awaited
    Seat.EAST
    """
    table.procedure = Procedure(law, stage, offender, entry, None, offender)


def must_pass_now(table: TableState, seat: Seat) -> bool:
    """Whether ``seat`` is obliged to pass at its turn now.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> must_pass_now(Table(EXAMPLE_DEAL, number=1), Seat.NORTH)
    False
    """
    return seat in table.restricted and any(
        r.seat == seat
        and r.kind in (RestrictionKind.MUST_PASS_NEXT_TURN, RestrictionKind.MUST_PASS_REST)
        for r in table.in_force
    )


def no_double_now(table: TableState, seat: Seat) -> bool:
    """Whether ``seat`` may not double or redouble at this turn (Law 30B2b).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> no_double_now(Table(EXAMPLE_DEAL, number=1), Seat.NORTH)
    False
    """
    return any(
        r.seat == seat and r.kind is RestrictionKind.NO_DOUBLE_NEXT_TURN for r in table.in_force
    )


def must_repeat(table: TableState, seat: Seat) -> tuple[Call, str] | None:
    """The call ``seat`` must repeat at this turn and the Law (31A1, 32B1), if any.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> must_repeat(Table(EXAMPLE_DEAL, number=1), Seat.NORTH) is None
    True
    """
    for restriction in table.in_force:
        if (
            restriction.seat == seat
            and restriction.kind is RestrictionKind.MUST_REPEAT
            and restriction.call is not None
        ):
            return restriction.call, restriction.law
    return None


def repeat_required(
    table: TableState, seat: Seat, summary: AuctionSummary
) -> tuple[Call, str] | None:
    """The call ``seat`` must repeat now and its Law (31A1, 32B1), if he must.

    An insufficient bid must be repeated too, and then Law 27 applies (27A2, 31A1); a
    double or redouble the auction no longer allows (Law 19) frees the offender.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S"); table.call("S", "1H")  # insufficient, at East's turn
    >>> table.decide("W", "refuse"); table.decide("director", "natural")
    >>> table.call("E", "Pass")
    >>> repeat_required(table, Seat.SOUTH, table.summary)
    (Bid(1, Strain.HEARTS), '31A1')
    """
    repeat = must_repeat(table, seat)
    if (
        repeat is None
        or isinstance(repeat[0], Bid)
        or call_problem(summary, seat, repeat[0]) is None
    ):
        return repeat
    return None


def accept_irregular_call(table: TableState, procedure: Procedure, law: str, text: str) -> None:
    """The left-hand opponent accepts the irregular call of ``procedure``: it stands.

    ``text`` is the catalog message for the ruling, naming the ``{call}`` (27A1, 29A).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("E", "1H")  # out of rotation
    >>> assert table.procedure is not None
    >>> accept_irregular_call(table, table.procedure, "29A", N_("{call} is accepted"))
    >>> table.turn, table.rulings[-1].law
    (Seat.SOUTH, '29A')
    """
    entry = table.set_status(procedure.entry, CallStatus.ACCEPTED, law)
    table.procedure = None
    table.rule(law, str(procedure.offender.lho), "accept", Message(text, {"call": entry.call}))
    table.after_standing(entry.seat, entry.call)


def who(by: str) -> Message | Seat:
    """Who decided, from the table log's ``by``: a seat or the Director.

    >>> who("W"), str(who("director"))
    (Seat.WEST, 'the Director')
    """
    return Message(N_("the Director")) if by == DIRECTOR else Seat.from_str(by)


CallHandler = Callable[["TableState", Procedure, Seat, AnyCall], bool]
"""Takes a call made while a rectification is in progress; says whether it took it."""

DecisionHandler = Callable[["TableState", Procedure, Option, DecisionEvent], None]
"""Carries out the answer to a rectification's decision."""

PlayHandler = Callable[["TableState", Procedure, Seat, Card], bool]
"""Takes a card played while a rectification is in progress; says whether it took it."""

EventHandler = Callable[["TableState", Event], None]
"""Applies an event to the table by the Laws."""


def any_defender(table: TableState, procedure: Procedure, event: DecisionEvent) -> bool:
    """Whether ``event.by`` is a defender, where the Law lets any defender choose.

    Laws 43B2a (the hand declarer leads from, after dummy's warning) and 46B5 (dummy's
    card, after declarer's "anything"): the question names one defender, either answers.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> procedure = Procedure("46", "ruling", Seat.SOUTH, 0)
    >>> [any_defender(table, procedure, DecisionEvent(by, "card")) for by in "NESW"]
    [False, True, False, True]
    """
    declarer = table.declarer
    return declarer is not None and event.by in (str(declarer.lho), str(declarer.rho))


def dummy_in_play(table: TableState) -> Seat:
    """Dummy's seat, when dummy may act: in the play, with no rectification pending.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> dummy_in_play(Table(EXAMPLE_DEAL, number=1))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: dummy's rights and limitations are for the play
    """
    dummy = table.dummy
    if table.phase is not Phase.PLAY or dummy is None:
        raise IllegalActionError(Message(N_("dummy's rights and limitations are for the play")))
    if table.procedure is not None:
        raise waiting(table.procedure)
    return dummy


def breached_obligation(
    restrictions: Iterable[Restriction], seat: Seat, call: AnyCall
) -> Restriction | None:
    """The obligation of ``seat``, among ``restrictions``, that ``call`` would break, if any.

    A bid, double or redouble by a player obliged to pass (35.2, 37); a double or
    redouble where Law 30B2b forbids it (treated as Law 37).

    >>> from arbitro.core import PASS
    >>> from arbitro.table.restrictions import Restriction
    >>> must_pass = Restriction(RestrictionKind.MUST_PASS_REST, Seat.SOUTH, "27B2")
    >>> str(breached_obligation([must_pass], Seat.SOUTH, Bid(1, Strain.CLUBS)).message)
    'South must pass for the rest of the auction (Law 27B2)'
    >>> breached_obligation([must_pass], Seat.SOUTH, PASS) is None
    True
    """
    if isinstance(call, Pass):
        return None
    doubles = isinstance(call, Double | Redouble)
    return next(
        (
            r
            for r in restrictions
            if r.seat == seat
            and (
                r.kind in (RestrictionKind.MUST_PASS_NEXT_TURN, RestrictionKind.MUST_PASS_REST)
                or (doubles and r.kind is RestrictionKind.NO_DOUBLE_NEXT_TURN)
            )
        ),
        None,
    )

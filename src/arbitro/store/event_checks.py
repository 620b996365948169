"""The checks an event passes before it is stored: its movement, participants and carry-overs.

:func:`event_to_create` checks what :meth:`~arbitro.store.events.EventStore.create_event`
is given (the event's kind against its movement's, a knockout's and a Swiss's rules,
the participants against the movement's, the carry-overs) and gives back the
:class:`EventToCreate` it stores; :func:`check_participant`,
:func:`check_carry_over` and :func:`seated_opponent` serve the director's acts on
participants as well, and :func:`check_board` every record about a board. Each refusal is a :class:`~arbitro.store.errors.StoreError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.i18n import N_, write_number
from arbitro.scoring.natural_order import natural_keys
from arbitro.store.errors import StoreError

if TYPE_CHECKING:
    from arbitro.tournament.event import EventSpec, Participant
    from arbitro.tournament.movements import Movement


def seated_opponent(movement: Movement, team: str) -> str | None:
    """The team ``movement`` seats against ``team`` first (a knockout plays one match), or None.

    >>> from arbitro.tournament.movements import round_robin
    >>> seated_opponent(round_robin(4, 8, 1), "3")
    '2'
    """
    for seating in movement.schedule:
        ns, ew = seating.sides
        if team in (ns, ew) and ns and ew:
            return ew if team == ns else ns
    return None


def check_participant(number: str, known: Iterable[str]) -> None:
    """Refuse ``number`` unless it is one of the event's participants ``known``, named in order.

    The order is the numbers' (2 before 10, :func:`~arbitro.scoring.natural_order.natural_keys`),
    whatever order ``known`` comes in.

    The refusal writes the pairs as the reader of the language in force does (``3EO``
    in Spanish, :func:`~arbitro.tournament.event.pair_written`).

    >>> check_participant("2", ["1", "2"])
    >>> check_participant("9", ["1", "2"])
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: '9' is not a participant of the event (expected 1, 2)
    >>> check_participant("9EW", ["1", "10", "2"])
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: '9EW' is not a participant of the event (expected 1, 2, 10)
    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     try:
    ...         check_participant("4EW", ["1EW", "1NS"])
    ...     except StoreError as error:
    ...         print(error)
    «4EO» no participa en el torneo (se esperaba uno de 1EO, 1NS)
    """
    from arbitro.tournament.event import pair_written

    listed = list(known)
    choices = [name for _, name in sorted(zip(natural_keys(listed), listed, strict=True))]
    if number not in choices:
        raise StoreError(
            N_("'{pair}' is not a participant of the event (expected {choices})"),
            pair=pair_written(number),
            choices=", ".join(pair_written(choice) for choice in choices),
        )


def check_board(boards: int, board: int) -> None:
    """Refuse ``board`` when it is not one of the event's ``boards`` (numbered from 1).

    Every record about a board (a ruling, a penalty, a poll, a case) is checked here.

    >>> check_board(8, 8)
    >>> check_board(8, 9)
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: board 9 is not in the event (expected 1 to 8)
    """
    if not 1 <= board <= boards:
        raise StoreError(
            N_("board {board} is not in the event (expected 1 to {boards})"),
            board=board,
            boards=boards,
        )


def check_carry_over(
    spec: EventSpec, participant: str, amount: Fraction, opponent: str | None
) -> None:
    """Refuse a negative carry-over in a teams event: it is given to one team, 0 or more.

    In a knockout the team behind in the carry-over gives it to its opponents instead:
    the refusal names the other team of the match (``opponent``) when it is known.
    Another event's carry-over (points from an earlier stage) may be negative.
    """
    if amount >= 0 or spec.kind != "teams":
        return
    shown, _ = amount_texts(amount)
    given, typed = amount_texts(-amount)
    if not spec.knockout:
        raise StoreError(
            N_(
                "a carry-over is not negative ({amount}): a team brings 0 or more points "
                "from an earlier stage"
            ),
            amount=shown,
        )
    if opponent is None:
        raise StoreError(
            N_(
                "a carry-over is not negative ({amount}): it is given to one team of the "
                "match; give the other team of {team}'s match a carry-over of {given} instead"
            ),
            amount=shown,
            team=participant,
            given=given,
        )
    raise StoreError(
        N_(
            "a carry-over is not negative ({amount}): it is given to one team of the match; "
            "give {other}, the other team of {team}'s match, a carry-over of {given} instead "
            "({other},{typed})"
        ),
        amount=shown,
        team=participant,
        other=opponent,
        given=given,
        typed=typed,
    )


def amount_texts(amount: Fraction) -> tuple[str, str]:
    """``amount`` as a reader of the language in force writes it, and as a command line takes it.

    A decimal where it has one (``7,5`` in Spanish, typed ``7.5``), else the fraction
    (``1/3``), which the command line takes too.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     amount_texts(Fraction(-15, 2)), amount_texts(Fraction(6)), amount_texts(Fraction(1, 3))
    (('-7,5', '-7.5'), ('6', '6'), ('1/3', '1/3'))
    """
    rest = amount.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if rest != 1:  # no decimal writes it exactly
        return str(amount), str(amount)
    exact = Decimal(amount.numerator) / Decimal(amount.denominator)
    return write_number(exact), format(exact, "f")


def check_movement(movement: Movement) -> Movement:
    """``movement`` if results can be entered by it: a Mitchell, a Howell, an individual, a round robin or a Swiss.

    >>> from arbitro.tournament.movements import mitchell
    >>> check_movement(mitchell(3, 2)).kind
    'mitchell'
    """
    from arbitro.tournament.movements.model import MOVEMENTS

    if movement.kind not in MOVEMENTS:
        raise StoreError(
            N_("events with a {movement} movement cannot be stored yet (expected {choices})"),
            movement=movement.kind,
            choices=", ".join(MOVEMENTS),
        )
    return movement


@dataclass(frozen=True)
class EventToCreate:
    """An event's movement, participants and score for a bye, checked, as the store keeps them.

    A round robin's or a Swiss teams event's movement is seated at two tables a match
    (:func:`~arbitro.tournament.movements.teams.two_rooms`); an event with a movement
    has the movement's participants, named as given.
    """

    movement: Movement | None
    participants: Sequence[Participant]
    bye_score: Fraction | None


def event_to_create(
    spec: EventSpec,
    participants: Sequence[Participant],
    movement: Movement | None,
    carry_over: dict[str, Fraction] | None,
    bye_score: Fraction | None,
    *,
    players_checked: bool = True,
) -> EventToCreate:
    """The event ``spec`` to store with these participants, movement and carry-overs, or a refusal.

    A Swiss teams event's bye scores
    :data:`~arbitro.tournament.movements.swiss.TEAMS_BYE_VP` when ``bye_score`` is not given.

    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import mitchell
    >>> [p.number for p in event_to_create(EventSpec("A", boards=6), (), mitchell(3, 2), None, None).participants]
    ['1NS', '1EW', '2NS', '2EW', '3NS', '3EW']
    >>> event_to_create(EventSpec("A", boards=4), (), mitchell(3, 2), None, None)
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: the movement plays 6 boards but the event has 4; leave --boards out or make them agree
    """
    from arbitro.tournament.event import Participant, check_players
    from arbitro.tournament.movements.teams import two_rooms

    individual = movement is not None and movement.kind == "individual"
    if spec.kind == "individual" and not individual:
        raise StoreError(
            N_(
                "an individual event needs an individual movement (--movement individual "
                "--tables N): it says who partners whom in each round"
            )
        )
    if individual and spec.kind != "individual":
        raise StoreError(N_("an individual movement needs an individual event (--kind individual)"))
    if spec.kind == "teams" and movement is not None and movement.kind in ("mitchell", "howell"):
        # A match is one team against another at two tables: a pairs movement never
        # seats the same two teams twice, so its results could never be scored.
        raise StoreError(
            N_(
                "a teams event is played in matches at two tables, not with a pairs "
                "movement ({movement}); create it with --movement round-robin, or "
                "without --movement and enter each table with --ns and --ew"
            ),
            movement=movement.kind,
        )
    swiss_teams = movement is not None and movement.kind == "swiss" and spec.kind == "teams"
    if bye_score is not None and not swiss_teams:
        raise StoreError(
            N_("only a Swiss teams event has a score for a bye (--movement swiss --kind teams)")
        )
    if swiss_teams:
        from arbitro.tournament.movements.swiss import MATCH_VP, TEAMS_BYE_VP

        bye_score = TEAMS_BYE_VP if bye_score is None else bye_score
        if not 0 <= bye_score <= MATCH_VP:
            # A match gives at most 20 VP (the WBF scale): a bye no more than a win.
            raise StoreError(
                N_("a bye scores 0 to {most} victory points, the most a match gives, not {score}"),
                most=MATCH_VP,
                score=bye_score,
            )
    if movement is not None and movement.kind == "swiss" and spec.sessions > 1:
        # Its rounds are paired one after another from one ranking, in one session.
        raise StoreError(
            N_(
                "a Swiss is played in one session, its rounds paired one after another "
                "from its ranking; create it without --sessions ({sessions})"
            ),
            sessions=spec.sessions,
        )
    if (
        movement is not None
        and movement.kind == "swiss"
        and movement.rooms == 2
        and spec.kind != "teams"
    ):
        raise StoreError(
            N_(
                "a Swiss of teams plays each match at two tables; create a teams "
                "event (--kind teams)"
            )
        )
    if spec.knockout and movement is not None and movement.kind != "round-robin":
        # A knockout match is the same two teams in every session, never paired anew.
        raise StoreError(
            N_(
                "a knockout's matches are played in a round robin of one round "
                "(--movement round-robin --rounds 1), or entered without a movement"
            )
        )
    if movement is not None and movement.kind == "round-robin":
        if spec.kind != "teams":
            raise StoreError(
                N_(
                    "a round robin is a movement of teams, played in matches at two "
                    "tables; create a teams event (--kind teams), or choose a movement "
                    "of pairs (mitchell, howell)"
                )
            )
        if spec.knockout and movement.rounds > 1:
            # A knockout match is the same two teams in every session (segment).
            raise StoreError(
                N_(
                    "in a knockout each team plays one match, over the event's sessions: "
                    "give the round robin one round (--rounds 1), not {rounds}"
                ),
                rounds=movement.rounds,
            )
        if spec.knockout and movement.sitting_out(1):
            # An odd number of teams: one would sit the stage out, with no match.
            raise StoreError(
                N_(
                    "in a knockout every team plays a match: team {team} has none among "
                    "{teams} teams; give the stage an even number of teams (a team that "
                    "goes through without playing is not in it)"
                ),
                team=movement.sitting_out(1)[0],
                teams=len(movement.participants),
            )
        # The event keeps the tables the players sit at: each match at two tables.
        movement = two_rooms(movement)
    if swiss_teams and movement is not None:
        movement = two_rooms(movement)
    numbers = [participant.number for participant in participants]
    if movement is not None:
        check_movement(movement)
        if movement.boards != spec.boards:
            raise StoreError(
                N_(
                    "the movement plays {movement} boards but the event has {boards}; "
                    "leave --boards out or make them agree"
                ),
                movement=movement.boards,
                boards=spec.boards,
            )
        from arbitro.tournament.event import WrittenPairs

        given = {participant.number: participant for participant in participants}
        for number in numbers:
            if number not in movement.participants:
                raise StoreError(
                    N_("participant '{number}' is not in the movement (expected {choices})"),
                    number=WrittenPairs((number,)),
                    choices=WrittenPairs(tuple(movement.participants)),
                )
        participants = [given.get(number, Participant(number)) for number in movement.participants]
    if len(set(numbers)) != len(numbers):
        raise StoreError(N_("a participant's number is given twice"))
    for participant in participants if players_checked else ():
        check_players(participant, spec.kind)  # a pair two players, a team four to six
    known = [participant.number for participant in participants]
    for number, amount in (carry_over or {}).items():
        check_participant(number, sorted(known))
        opponent = seated_opponent(movement, number) if movement is not None else None
        check_carry_over(spec, number, amount, opponent)
    return EventToCreate(movement, participants, bye_score)

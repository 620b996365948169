"""A claim at a table (Laws 68-71): the position the claim checker reads, what was shown out.

The table holds the play; :mod:`arbitro.analysis.claims` checks a claim from a
position. These put one into the other's terms, for the CLI and the web alike.

>>> from arbitro.table.events import EXAMPLE_DEAL
>>> shown_out(Table(EXAMPLE_DEAL, number=1))
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from arbitro.analysis.claims import ClaimStatement, InvalidClaimError, Position
from arbitro.core import Hand, Seat, Strain, Suit
from arbitro.core.errors import MessageError, RefusedError
from arbitro.i18n import N_, gettext
from arbitro.table import Phase, Table
from arbitro.table.events import ClaimEvent
from arbitro.table.restrictions import RestrictionKind

__all__ = [
    "NoPlayToClaimError",
    "double_dummy",
    "line_by_trick",
    "logged_statement",
    "not_applied",
    "position_of",
    "shown_out",
]

_Played = TypeVar("_Played")

NOT_SEARCHED = (
    RestrictionKind.LEAD_OPTION,
    RestrictionKind.LEAD_REQUIRED,
    RestrictionKind.LEAD_FORBIDDEN,
    RestrictionKind.PLAY_HIGHEST,
    RestrictionKind.PLAY_LOWEST,
    RestrictionKind.PLAY_NOT_SUIT,
    RestrictionKind.CARD_STANDS,
    RestrictionKind.CARD_MAY_CHANGE,
)
"""The play restrictions the claim checker's lines do not follow (Laws 26, 50D2, 51B, 62C).

A penalty card is not among them: every line plays it as Laws 50C and 50D1 require
(:func:`position_of`); :func:`not_applied` says what the lines take of Law 50D2."""


class NoPlayToClaimError(MessageError, RefusedError):
    """A claim asked of a table that has no contract (the auction is not over, or passed out).

    >>> print(NoPlayToClaimError(N_("the log has no contract: there is no play to claim in")))
    the log has no contract: there is no play to claim in
    """


def position_of(table: Table) -> Position:
    """The position at the table now (or when play stopped for a claim), for the checker.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> position_of(table).remaining, position_of(table).leader
    (13, Seat.EAST)
    """
    contract = table.contract
    if contract is None or table.phase in (Phase.AUCTION, Phase.PASSED_OUT):
        raise NoPlayToClaimError(N_("the log has no contract: there is no play to claim in"))
    trick = table.current_trick
    face_down = table.face_down_lead
    if face_down is not None and table.leader is not None:
        # A claim with the opening lead face down (41A): the card is the lead made.
        trick = ((table.leader, face_down),)
    if trick:
        leader = trick[0][0]
    elif table.turn is not None:
        leader = table.turn
    elif table.tricks:
        leader = table.tricks[-1].winner
    else:
        declarer = contract.declarer
        assert declarer is not None
        leader = declarer.lho
    held = (
        table.hand(Seat.NORTH),
        table.hand(Seat.EAST),
        table.hand(Seat.SOUTH),
        table.hand(Seat.WEST),
    )
    trump = None if contract.strain is Strain.NOTRUMP else Suit(int(contract.strain))
    # The penalty cards still held (Law 50): every line of the checker plays them as
    # Laws 50C and 50D1 require.
    majors = minors = 0
    for restriction in table.restrictions:
        card = restriction.card
        if restriction.kind is not RestrictionKind.PENALTY_CARD or card is None:
            continue
        if card in held[restriction.seat]:
            if restriction.major:
                majors |= 1 << card.index
            else:
                minors |= 1 << card.index
    # A card in the trick that did not follow suit is a revoke: the claim established it
    # (63A3) and it stays played (Law 63), its rectification the table's (64); a revoke
    # the claim did not establish is the Director's to weigh in his ruling (70A).
    return Position(
        held,
        trump,
        leader,
        tuple(card for _, card in trick),
        revoke_allowed=True,
        penalty_cards=Hand(majors),
        minor_penalty_cards=Hand(minors),
    )


def logged_statement(claim: ClaimEvent) -> tuple[ClaimStatement, str | None]:
    """The statement the checker reads for the claim of the log, and a note if it could not.

    The log keeps the claimer's words as he said them (68C). When they are in the
    checker's form (``draw trumps, H`` or ``all: draw trumps, H``) its steps are read;
    otherwise the claim is checked as one of its tricks with no line stated, and the
    note says so.

    >>> def claim(said: str) -> ClaimEvent:
    ...     return ClaimEvent.from_json({"event": "claim", "seat": "N", "tricks": 3,
    ...                                  "statement": said})
    >>> statement, note = logged_statement(claim("all: draw trumps, H"))
    >>> statement.to_str(), note
    ('3: draw trumps, H', None)
    >>> statement, note = logged_statement(claim("I ruff the last heart"))
    >>> statement.to_str(), note[:45]
    ('3', "The claimer's statement as recorded, “I ruff ")
    """
    if not claim.statement:
        return ClaimStatement(claim.tricks), None
    for text in (claim.statement, "all: " + claim.statement):
        try:
            steps = ClaimStatement.from_str(text).steps
        except InvalidClaimError:
            continue
        return ClaimStatement(claim.tricks, steps), None
    note = gettext(
        "The claimer's statement as recorded, “{statement}”, is not a line the checker "
        "reads: the claim is checked with no line stated (Law 70D). Type the line to "
        "check it as stated."
    ).format(statement=claim.statement)
    return ClaimStatement(claim.tricks), note


def line_by_trick(line: Sequence[_Played], in_trick: int) -> list[tuple[_Played, ...]]:
    """A line of play cut into its tricks, ``in_trick`` cards of the first already played.

    >>> line_by_trick("abcdefgh", 0)
    [('a', 'b', 'c', 'd'), ('e', 'f', 'g', 'h')]
    >>> line_by_trick("abcdefgh", 2)
    [('a', 'b'), ('c', 'd', 'e', 'f'), ('g', 'h')]
    """
    first = (4 - in_trick) % 4
    tricks = [tuple(line[:first])] if first else []
    tricks += [tuple(line[start : start + 4]) for start in range(first, len(line), 4)]
    return [trick for trick in tricks if trick]


def not_applied(table: Table) -> list[str]:
    """The play restrictions in force that the checker's lines do not follow, as text.

    Lead restrictions (26, 50D2, 51B) and the like bind the defence at the table, but
    the checker's search lets the player play any legal card: its award may then be
    too low or too high, and the Director must weigh them (Law 70A). A penalty card the
    lines play as Laws 50C and 50D1 require; for a major one the text says that at its
    holder's partner's leads they take declarer to neither require nor forbid its suit
    (50D2b), and that double dummy leaves it out.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> not_applied(Table(EXAMPLE_DEAL, number=1))
    []
    """
    texts: list[str] = []
    for r in table.restrictions:
        if r.kind in NOT_SEARCHED:
            texts.append(
                gettext(
                    "In force, and not followed by the checker's lines (the Director weighs "
                    "it, Law 70A): {what}"
                ).format(what=r.message)
            )
        elif r.kind is RestrictionKind.PENALTY_CARD and r.major:
            texts.append(
                gettext(
                    "{what}: the checker's lines play it at the first legal opportunity (Law "
                    "50D1), but at each lead of {partner} they take it that declarer neither "
                    "requires nor forbids the lead of its suit (Law 50D2b), and the "
                    "double-dummy count leaves it out: the Director weighs declarer's other "
                    "choices (Law 70A)"
                ).format(what=r.message, partner=r.seat.partner.localized())
            )
        elif r.kind is RestrictionKind.PENALTY_CARD:
            texts.append(
                gettext(
                    "{what}: the checker's lines follow Law 50C, and the double-dummy count "
                    "leaves it out"
                ).format(what=r.message)
            )
    return texts


def shown_out(table: Table) -> list[tuple[Seat, Suit]]:
    """The suits each player has failed to follow so far (for Law 70E1).

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> shown_out(Table(EXAMPLE_DEAL, number=1))
    []
    """
    found: list[tuple[Seat, Suit]] = []
    plays = [tuple(zip(trick.seats, trick.cards, strict=True)) for trick in table.tricks]
    plays.append(table.current_trick)
    for played in plays:
        if not played:
            continue
        lead = played[0][1].suit
        for seat, card in played[1:]:
            if card.suit is not lead and (seat, lead) not in found:
                found.append((seat, lead))
    return found


def double_dummy(position: Position) -> int:
    """The tricks the side on lead takes at double dummy from ``position`` (DDS).

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> from arbitro.table import Table
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> 0 <= double_dummy(position_of(table)) <= 13
    True
    """
    from arbitro.analysis.solver import position_tricks  # endplay only when a claim is checked

    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    return position_tricks(
        [hand.to_str() for hand in position.hands],
        trump,
        position.leader,
        [str(card) for card in position.trick],
    )

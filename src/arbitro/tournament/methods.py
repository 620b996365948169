r"""The AEB's highly unusual methods (VEA) and a convention card against the event's level (40B).

Law 40B2a lets the regulating authority allow, ban or allow with conditions any
special partnership understanding; 40B5 adjusts the score when a side is damaged by an
understanding the event's regulations do not allow, and the offenders may get a
procedural penalty. The AEB's lists: not highly unusual (list B: 1D as an artificial
response to 1C, negative or forcing; 1NT forcing for one round over a major opening), so
never refused as a method requiring a special defence, whatever the card says; banned in
every competition (list II): calls whose main purpose is to destroy the opponents'
methods, saying nothing of the hand, and 1-level openings that by agreement may be
weaker than a pass (the least strength the card gives it below the least of the card's
pass in the same seat) or a king or more below an average hand (10 HCP), so any
1-level opening with 7 HCP or fewer. A method that requires a special defence is
allowed only at the levels the profile names (a reading: the AEB text at hand does not
list them).

The card marks a method (:data:`arbitro.table.agreements.MARKS`): ``(destructive)``,
``(special defence)``; a 1-level opening's least strength is read from its meaning
(``8-15 HCP``, ``11+ PH``).

>>> from arbitro.laws.authority import authority
>>> from arbitro.table.agreements import ConventionCard
>>> card = ConventionCard.from_text("3", "1C: 2+ clubs, 6-10 HCP\n1D: 11-15 HCP")
>>> [(p.kind, p.agreement.auction) for p in card_problems(card, authority("aeb"), "club")]
[('weak_opening', ('1C',))]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitro.core.errors import NotationError
from arbitro.core.seat import Seat
from arbitro.i18n import N_, get_language, gettext
from arbitro.laws.authority import Authority
from arbitro.table.agreements import Agreement, ConventionCard, write_auction
from arbitro.table.base import TableState


class LevelError(NotationError):
    """An event level the authority does not name.

    >>> print(LevelError("world", N_("expected one of {choices}"), choices="club"))
    invalid event level 'world': expected one of club
    """

    what = N_("event level")


_POINTS = re.compile(
    r"(\d{1,2})\s*(?:[-–]\s*\d{1,2}|\+|/\+)?\s*(?:hcp|ph|pts|points|puntos|h)\b", re.IGNORECASE
)


def least_points(agreement: Agreement) -> int | None:
    """The least high-card points the agreement's meaning shows, if it names any.

    >>> least_points(Agreement(("1C",), "2+ clubs, 8-15 HCP"))
    8
    >>> least_points(Agreement(("1C",), "11+ PH")), least_points(Agreement(("1C",), "natural"))
    (11, None)
    """
    found = _POINTS.search(agreement.meaning)
    return None if found is None else int(found.group(1))


def is_one_level_opening(auction: tuple[str, ...]) -> bool:
    """Whether the auction's last call is an opening bid at the 1-level (passes only before).

    >>> is_one_level_opening(("Pass", "1S")), is_one_level_opening(("1C", "Pass", "1D"))
    (True, False)
    """
    *before, last = auction
    return all(call == "Pass" for call in before) and last[:1] == "1" and len(last) >= 2


@dataclass(frozen=True)
class MethodProblem:
    """A method of the card the event does not allow: its kind and the agreement.

    ``kind`` is ``destructive``, ``weak_opening``, ``weaker_than_pass`` (banned
    everywhere under the AEB) or ``special_defence`` (not allowed at this level).

    >>> MethodProblem("destructive", Agreement(("2C",), "any 4-4 hand")).law
    '40B2a'
    """

    kind: str
    agreement: Agreement
    law: str = "40B2a"

    def text(self) -> str:
        """The problem for the director, in the active language.

        >>> print(MethodProblem("special_defence", Agreement(("2D",), "multi")).text())
        2D (multi): a method that requires a special defence, not allowed at this event's level (Law 40B2a)
        """
        return gettext(N_("{auction} ({meaning}): {problem} (Law {law})")).format(
            auction=write_auction(self.agreement.auction, get_language()),
            meaning=self.agreement.meaning,
            problem=gettext(_PROBLEMS[self.kind]),
            law=self.law,
        )


_PROBLEMS = {
    "destructive": N_(
        "a destructive method, made to consume bidding space, banned in every competition"
    ),
    "weak_opening": N_(
        "a 1-level opening that may be weaker than an average hand by a king or more "
        "(7 HCP or fewer), banned in every competition"
    ),
    "weaker_than_pass": N_(
        "a 1-level opening that may be weaker than a pass in the same seat, banned in every "
        "competition"
    ),
    "special_defence": N_(
        "a method that requires a special defence, not allowed at this event's level"
    ),
}


def check_level(profile: Authority, level: str) -> str:
    """``level`` when the authority names it (lower case); otherwise a clear error.

    >>> from arbitro.laws.authority import authority
    >>> check_level(authority("aeb"), "World")
    Traceback (most recent call last):
    ...
    arbitro.tournament.methods.LevelError: invalid event level 'World': expected one of club, regional, national
    """
    key = level.strip().casefold()
    if key not in profile.levels:
        raise LevelError(level, N_("expected one of {choices}"), choices=", ".join(profile.levels))
    return key


def event_level(profile: Authority, kept: str | None) -> str:
    """The event's level: the one kept, else the authority's lowest.

    >>> from arbitro.laws.authority import authority
    >>> event_level(authority("aeb"), None), event_level(authority("aeb"), "national")
    ('club', 'national')
    """
    return profile.levels[0] if kept is None else check_level(profile, kept)


def without_leading_passes(auction: tuple[str, ...]) -> tuple[str, ...]:
    """The auction from its first call that is not a pass (the seat of the opening aside).

    >>> without_leading_passes(("Pass", "Pass", "1H", "Pass", "1NT"))
    ('1H', 'Pass', '1NT')
    """
    start = next((n for n, call in enumerate(auction) if call != "Pass"), len(auction))
    return auction[start:]


def weaker_than_pass(card: ConventionCard, agreement: Agreement) -> bool:
    r"""Whether a 1-level opening may be weaker than the card's pass in the same seat.

    The opening's least strength is below the least strength of the pass the card gives
    in the same position (a strong-pass system's "fert"); a card silent on either says
    nothing.

    >>> card = ConventionCard.from_text("3", "Pass: 13+ HCP\n1D: 8-12 HCP")
    >>> weaker_than_pass(card, card.agreements[1])
    True
    """
    if not is_one_level_opening(agreement.auction):
        return False
    points = least_points(agreement)
    passed = card.meaning((*agreement.auction[:-1], "Pass"))
    pass_points = None if passed is None else least_points(passed)
    return points is not None and pass_points is not None and points < pass_points


def agreement_problem(
    agreement: Agreement, profile: Authority, level: str, card: ConventionCard | None = None
) -> MethodProblem | None:
    """What makes one agreement unlawful at the event's level, if anything.

    ``card``, when given, is the pair's whole card, to compare a 1-level opening with
    its pass in the same seat.

    >>> from arbitro.laws.authority import authority
    >>> agreement_problem(Agreement(("2D",), "multi", marks=("special_defence",)), authority("aeb"), "national") is None
    True
    >>> forcing = Agreement(("1S", "Pass", "1NT"), "forcing", marks=("special_defence",))
    >>> agreement_problem(forcing, authority("aeb"), "club") is None
    True
    """
    if "destructive" in agreement.marks and "destructive" in profile.banned_methods:
        return MethodProblem("destructive", agreement)
    if "weak_opening" in profile.banned_methods and is_one_level_opening(agreement.auction):
        points = least_points(agreement)
        if points is not None and points < profile.least_opening_points:
            return MethodProblem("weak_opening", agreement)
        if card is not None and weaker_than_pass(card, agreement):
            return MethodProblem("weaker_than_pass", agreement)
    if (
        "special_defence" in agreement.marks
        and level not in profile.special_defence_levels
        and without_leading_passes(agreement.auction) not in profile.not_unusual
    ):
        return MethodProblem("special_defence", agreement)
    return None


def card_problems(
    card: ConventionCard, profile: Authority, level: str
) -> tuple[MethodProblem, ...]:
    """Every method of the card the event's level does not allow (40B2a).

    >>> from arbitro.laws.authority import authority
    >>> card_problems(ConventionCard("1", "", ()), authority("aeb"), "club")
    ()
    """
    level = check_level(profile, level)
    found = (agreement_problem(a, profile, level, card) for a in card.agreements)
    return tuple(problem for problem in found if problem is not None)


@dataclass(frozen=True)
class IllegalCall:
    """A call at the table that the card's methods make illegal for the event (40B5).

    >>> IllegalCall(1, Seat.NORTH, MethodProblem("destructive", Agreement(("2C",), "x"))).law
    '40B5'
    """

    call_number: int
    seat: Seat
    problem: MethodProblem
    law: str = "40B5"


def illegal_calls(
    card: ConventionCard, table: TableState, seats: tuple[Seat, ...], profile: Authority, level: str
) -> tuple[IllegalCall, ...]:
    """The calls by ``seats`` whose agreement on the card the event does not allow.

    Such a call is an unlawful special understanding: the score is adjusted when the
    opponents were damaged, and a procedural penalty may follow (40B5).

    >>> from arbitro.laws.authority import authority
    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> card = ConventionCard.from_text("NS", "1S: 4+ spades, 5-10 HCP")
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S")
    >>> [(c.call_number, c.problem.kind) for c in illegal_calls(card, table, (Seat.NORTH, Seat.SOUTH), authority("aeb"), "club")]
    [(1, 'weak_opening')]
    """
    level = check_level(profile, level)
    counted = [entry for entry in table.auction if entry.counts]
    found = []
    for position, entry in enumerate(counted):
        if entry.seat not in seats:
            continue
        auction = tuple(str(e.call) for e in counted[: position + 1])
        agreement = card.meaning(auction)
        if agreement is None:
            continue
        problem = agreement_problem(agreement, profile, level, card)
        if problem is not None:
            found.append(IllegalCall(entry.number, entry.seat, problem))
    return tuple(found)

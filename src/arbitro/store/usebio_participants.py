"""A USEBIO session's participants as the event's records make them: places, penalties, carry-over.

A participant disqualified under Law 91B has no place in a USEBIO file's sessions: the
others' places close up as in the ranking (:func:`~arbitro.tournament.ranking.without`),
and its element keeps its number, players and the boards it played, with its record as
a comment (:func:`not_ranked`); USEBIO 1.2 has no element for it. A teams session's
participants carry their penalties (Laws 90, 91: :func:`penalised`) and what each brings
into the event (:func:`carrying`). :mod:`~arbitro.store.usebio_exports` writes the files
with them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.i18n import gettext

if TYPE_CHECKING:  # the USEBIO model: imported by the exports that write it, not at start
    from arbitro.formats import usebio
    from arbitro.tournament.records import PenaltyRecord


def not_ranked(
    participants: tuple[usebio.Participant, ...], disqualified: dict[str, str]
) -> tuple[usebio.Participant, ...]:
    """A session's participants with the ``disqualified`` (Law 91B) taken out of the places.

    The others' places close up (:func:`~arbitro.tournament.ranking.without`); each
    disqualified participant comes last, without place, total or percentage, with its
    record as the element's note (an XML comment: USEBIO 1.2 has no element for it).
    Its number and players stay, since the travellers name it: the boards it played
    stand for its opponents.

    >>> from arbitro.formats import usebio
    >>> pairs = (usebio.Participant("pair", "1", place="1"), usebio.Participant("pair", "3", place="2"),
    ...          usebio.Participant("pair", "2", place="3"))
    >>> [(p.number, p.place, p.note) for p in not_ranked(pairs, {"3": "cheating (Law 91B)"})]
    [('1', '1', None), ('2', '2', None), ('3', None, 'Disqualified, not ranked (Law 91B): cheating (Law 91B)')]
    """
    from arbitro.tournament.ranking import Standing, without

    if not disqualified:
        return participants
    ranked = [
        Standing(
            participant.number,
            (),
            Fraction(0),
            Fraction(0),
            int(participant.place.rstrip("=")),
            participant.place.endswith("="),
            participant.direction,
        )
        for participant in participants
        if participant.number is not None
        and participant.place is not None
        and participant.place.rstrip("=").isdigit()
    ]
    places = {
        standing.participant: standing.rank_label for standing in without(ranked, set(disqualified))
    }
    kept = tuple(
        replace(participant, place=places.get(participant.number or "", participant.place))
        for participant in participants
        if participant.number not in disqualified
    )
    heading = gettext("Disqualified, not ranked (Law 91B)")
    apart = tuple(
        replace(
            participant,
            place=None,
            total=None,
            percentage=None,
            adjustment=None,  # not ranked, not penalised: nothing was taken off its total
            note=f"{heading}: {disqualified[participant.number or '']}"
            + (f"; {participant.note}" if participant.note else ""),
        )
        for participant in participants
        if participant.number in disqualified
    )
    return kept + apart


def penalised(
    participants: tuple[usebio.Participant, ...],
    records: Sequence[PenaltyRecord],
    won: Mapping[str, Fraction] | None = None,
) -> tuple[usebio.Participant, ...]:
    """A teams session's participants with their penalties (Laws 90, 91) written.

    Each penalty of ``records`` is in its team's note (its Law, amount, board and
    reason: USEBIO 1.2 has no element for them); when the file's totals are the event's
    ranking, ``won`` gives each team's total before penalties (its victory points, or
    its IMPs in a knockout match), and the difference is its ``ADJUSTMENT``.

    >>> from arbitro.formats import usebio
    >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
    >>> slow = PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90B2", "slow play")
    >>> team = penalised((usebio.Participant("team", "A", total=Fraction(14)),), [slow],
    ...                  {"A": Fraction(15)})[0]
    >>> team.adjustment, team.note
    (Fraction(-1, 1), 'Penalty (Law 90B2): 1 VP: slow play')
    """
    from arbitro.formats.usebio.scoring import penalty_note

    out = []
    for participant in participants:
        notes = [
            penalty_note(record.law, record.amount, record.unit, record.reason, record.board)
            for record in records
            if record.participant == participant.number
        ]
        adjustment = None
        number = participant.number or ""
        if won is not None and participant.total is not None and number in won:
            adjustment = participant.total - won[number] or None
        note = "; ".join(([participant.note] if participant.note else []) + notes) or None
        out.append(replace(participant, note=note, adjustment=adjustment))
    return tuple(out)


def carrying(
    participants: tuple[usebio.Participant, ...], carried: Mapping[str, Fraction]
) -> tuple[usebio.Participant, ...]:
    """A session's participants with what each brings into the event (``CARRY_OVER``).

    ``carried`` is :meth:`~arbitro.store.participants.ParticipantRecords.carry_overs`: a knockout
    team's IMPs into its match. It is in the total the file gives the team when that
    total is the event's (a knockout's match, a one-session event's ranking), not in a
    session's victory points; a pair's is in its ranking, never in a session's figures.

    >>> from arbitro.formats import usebio
    >>> teams = (usebio.Participant("team", "A"), usebio.Participant("team", "B"))
    >>> [team.carry_over for team in carrying(teams, {"B": Fraction(15, 2)})]
    [None, Fraction(15, 2)]
    """
    return tuple(
        replace(participant, carry_over=carried[participant.number])
        if participant.number is not None and participant.number in carried
        else participant
        for participant in participants
    )

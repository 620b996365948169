"""The event's results written to files other programs read: USEBIO 1.2, PBN, travellers CSV.

The command line (``arbitro event export``) and the web console (the desk's exports)
write the same files through these functions; each gives the text and what it holds.

A participant disqualified under Law 91B has no place in a USEBIO file's sessions: the
others' places close up as in the ranking (:func:`~arbitro.tournament.ranking.without`),
and its element keeps its number, players and the boards it played, with its record as
a comment (:func:`not_ranked`); USEBIO 1.2 has no element for it.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.core.board import Board
from arbitro.core.contract import Contract, PassedOut
from arbitro.i18n import N_, gettext
from arbitro.scoring.results import AdjustedImps
from arbitro.store.repository import EventInfo, StoreError
from arbitro.store.scores import ScoreRecords
from arbitro.store.stored import StoredResult

if TYPE_CHECKING:  # the USEBIO model: imported by the exports that write it, not at start
    from arbitro.formats import usebio
    from arbitro.tournament.records import PenaltyRecord
    from arbitro.tournament.teams import MatchScore

__all__ = ["ExportRecords"]


def traveller_details(
    played: list[StoredResult],
) -> dict[tuple[int, str, str], usebio.TravellerLine]:
    """What each table played, by board and pairs: contract, declarer, lead and tricks."""
    from arbitro.formats import usebio  # not at import: the server's start

    return {
        (stored.board, stored.ns, stored.ew): usebio.TravellerLine(
            contract=stored.entry.contract.to_str(declarer=False),
            declarer=stored.entry.declarer,
            lead=stored.entry.lead,
            tricks=stored.entry.tricks,
        )
        for stored in played
        if isinstance(stored.entry.contract, Contract) and not stored.entry.adjusted
    }


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
    """A teams session's participants with what each brings into the event (``CARRY_OVER``).

    ``carried`` is :meth:`~arbitro.store.participants.ParticipantRecords.carry_overs`: a knockout
    team's IMPs into its match. It is in the total the file gives the team when that
    total is the event's (a knockout's match, a one-session event's ranking), not in a
    session's victory points.

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


def _unscored(
    matches: Sequence[MatchScore], played: Sequence[StoredResult]
) -> list[tuple[str, str, int | None]]:
    """The matches of ``played`` none of whose boards both tables have played: (home, away, round).

    A match is its two teams in a round; ``matches`` are those scored. The home team is
    the one North-South at the match's odd table (the open room, Law 8A), or East-West
    at its even one.
    """
    rounds = {(stored.board, stored.ns, stored.ew): stored.round for stored in played}
    covered = {
        (
            next(
                (
                    rounds[key]
                    for board in match.board_numbers
                    for key in ((board, match.home, match.away), (board, match.away, match.home))
                    if key in rounds
                ),
                None,
            ),
            frozenset(match.teams),
        )
        for match in matches
    }
    found: dict[tuple[int | None, frozenset[str]], tuple[int, str, str]] = {}
    for stored in played:
        if stored.result is None:
            continue
        key = (stored.round, frozenset((stored.ns, stored.ew)))
        if key in covered:
            continue
        home, away = (stored.ns, stored.ew) if stored.table % 2 else (stored.ew, stored.ns)
        if key not in found or stored.table < found[key][0]:
            found[key] = (stored.table, home, away)
    return [(home, away, key[0]) for key, (_, home, away) in found.items()]


def _victory_points(matches: Sequence[MatchScore]) -> dict[str, Fraction]:
    """Each team's victory points over ``matches``, before any penalty."""
    won: dict[str, Fraction] = {}
    for match in matches:
        won[match.home] = won.get(match.home, Fraction(0)) + Fraction(match.home_vps)
        won[match.away] = won.get(match.away, Fraction(0)) + Fraction(match.away_vps)
    return won


def pbn_score(stored: StoredResult) -> str:
    """The PBN line that gives a table's score: a ``Score`` tag for a score the table made.

    PBN's ``Score`` tag holds one score in points, so a board the director scored
    (an assigned, weighted or split score of Law 12C, an artificial A+/A-, or a team
    match's board given in IMPs, 12C1b) and a board not played get no ``Score`` but a
    commentary saying what the director gave.
    """
    if stored.result is None:
        return "{Not played}"
    text = stored.result.to_str()
    if stored.entry.adjusted is None:  # a contract and its tricks, or a bare score
        return f'[Score "NS {text}"]'
    result = stored.result
    if isinstance(result.ns, AdjustedImps) and isinstance(result.ew, AdjustedImps):
        # No PBN tag holds a board's IMPs: the commentary gives each side's (12C1b).
        return (
            "{Adjusted score in IMPs (Law 12C1b): NS "
            + f"{result.ns.to_str()}, EW {result.ew.to_str()}"
            + "}"
        )
    return "{Adjusted score (Law 12C): NS " + text + "}"


class ExportRecords(ScoreRecords):
    """An event written in the files other programs read: USEBIO, PBN and CSV."""

    def usebio_teams(self, info: EventInfo) -> list[usebio.Usebio]:
        """A teams event's sessions as USEBIO files, one per session with a scored match (Law 78B).

        Each session carries its matches (IMPs and victory points), both tables of each
        board with the board's IMPs, and its teams' places: the event's ranking when the
        event has one session, else each session's victory points. A board whose two
        tables are in different groups of a fouled board (Law 87B) is written in its
        match with both tables and no IMPs, its note saying why (``usebio.fouled_note``).
        Each penalised team's ``ADJUSTMENT`` is what its penalties took off the total
        written: the match's in a knockout, the ranking's in a one-session event, the
        session's victory points otherwise.
        """
        from arbitro.formats import usebio  # not at import: the server's start
        from arbitro.scoring.session import TableResult
        from arbitro.tournament.ranking import rank
        from arbitro.tournament.teams import board_margins, match_of, team_totals

        rules = info.spec.rules
        by_session = self.matches(info.id)
        penalties = self.penalties(info.id)
        uncompared = self.uncompared_boards(info.id)
        results = [stored for stored in self.results(info.id) if stored.result is not None]
        players = {
            participant.number: tuple(
                usebio.Player(player.name, player.federation_number)
                for player in participant.players
            )
            for participant in self.participants(info.id)
        }
        official = None
        carried = self.carry_overs(info.id)
        played_by = self._played(info.id)
        # Each team's total before penalties, its ADJUSTMENT's base (else each session's VPs).
        before_penalties: dict[str, Fraction] | None = None
        if info.spec.knockout:
            # No places in a knockout: each team with its total in its match (Law 86B).
            knockout = self.knockout_matches(info.id)
            official = [
                usebio.TeamStanding(team, "", match.total(team))
                for match in knockout
                for team in match.teams
            ]
            before_penalties = {
                team: match.total(team) + match.penalty(team)
                for match in knockout
                for team in match.teams
            }
        elif info.spec.sessions == 1:
            official = [
                usebio.TeamStanding(standing.participant, standing.rank_label, standing.total)
                for standing in self.ranking(info.id)
            ] + [
                # Law 91B: listed after the ranked, its place and total taken off (not_ranked).
                usebio.TeamStanding(team, "", Fraction(0))
                for team in self.disqualified(info.id)
            ]
        files = []
        for session, matches in by_session.items():
            played = [stored for stored in results if stored.session == session]
            unscored = _unscored(matches, played)
            if not matches and not unscored:
                continue  # no table has a result in yet
            tables = [
                TableResult(stored.board, stored.ns, stored.ew, stored.result, stored.entry.group)
                for stored in played
                if stored.result is not None
            ]
            rounds = {
                (stored.board, stored.ns, stored.ew): stored.round
                for stored in played
                if stored.round is not None
            }
            details = traveller_details(played)
            records = [stored.record for stored in penalties if stored.session == session]
            won = before_penalties
            standings = official
            if won is None and official is not None:
                # The ranking's totals hold the carry-over and a Swiss's byes: not penalties.
                won = _victory_points(matches)
                byes = Counter(team for _, team in self.swiss_byes(info.id))
                won = {
                    team: won.get(team, Fraction(0))
                    + carried.get(team, 0)
                    + byes[team] * (info.bye_score or 0)
                    for team in {*won, *byes}
                }
            elif official is None:
                # One of several sessions: its places by its victory points less the
                # session's penalties, as the ranking takes them off (Laws 90, 91).
                taken = [
                    stored.record
                    for stored in penalties
                    if stored.session == session
                    and self._penalty_waits(info, stored, played_by) is None
                    and (stored.record.in_victory_points or match_of(matches, stored.record))
                ]
                if taken:
                    after = team_totals(matches, taken)
                    standings = [
                        usebio.TeamStanding(ranked.participant, ranked.rank_label, ranked.total)
                        for ranked in rank({team: [vps] for team, vps in after.items()})
                    ]
                    won = _victory_points(matches)
            written = usebio.from_matches(
                [
                    usebio.MatchFigures(
                        match.home,
                        match.away,
                        match.home_imps,
                        match.away_imps,
                        match.home_vps,
                        match.away_vps,
                        match.board_numbers,
                    )
                    for match in matches
                ],
                tables,
                board_margins(tables, rules, info.spec.knockout),
                standings=standings,
                players=players,
                rounds=rounds,
                details=details,
                event_type=usebio.KNOCKOUT
                if info.spec.knockout
                else usebio.SWISS_TEAMS
                if info.movement == "swiss"
                else usebio.TEAMS,
                match_scoring="IMPS" if info.spec.knockout else "VPS",
                description=info.spec.name,
                session_number=str(session),
                fouled=[
                    usebio.FouledBoard(
                        board.board, board.home, board.away, board.home_group, board.away_group
                    )
                    for board in uncompared.get(session, [])
                ],
                unscored=unscored,
                seats={(stored.board, stored.ns, stored.ew): stored.table for stored in played},
            )
            files.append(
                replace(
                    written,
                    event=replace(
                        written.event,
                        sessions=tuple(
                            replace(
                                each,
                                participants=carrying(
                                    penalised(each.participants, records, won), carried
                                ),
                            )
                            for each in written.event.sessions
                        ),
                    ),
                )
            )
        return files

    def usebio_text(self, event: int) -> tuple[str, int]:
        """The event's scored sessions (a teams event's matches) as one USEBIO 1.2 file; its sessions.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.usebio_text(store.create_event(EventSpec("Martes", boards=2)))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: the event has no results to export yet
        """
        from arbitro.formats import usebio  # not at import: the server's start

        info = self.event(event)
        if info.spec.kind == "teams":
            files = self.usebio_teams(info)
        else:
            results = self.results(event)
            players = {
                participant.number: tuple(
                    usebio.Player(player.name, player.federation_number)
                    for player in participant.players
                )
                for participant in self.participants(event)
            }
            swiss = info.movement == "swiss" and info.spec.kind == "pairs"
            files = [
                usebio.from_session(
                    score,
                    players=players,
                    # A Swiss says so: an import rebuilds its rounds from its boards.
                    event_type=usebio.SWISS_PAIRS_TYPES.get(score.method) if swiss else None,
                    description=info.spec.name,
                    session_number=str(number),
                    individual=info.spec.kind == "individual",
                    details=traveller_details([r for r in results if r.session == number]),
                )
                for number, score in enumerate(self.score(event), start=1)
            ]
        if not files:
            raise StoreError(N_("the event has no results to export yet"))
        first = files[0]
        disqualified = self.disqualified(event)
        seeding = self._seeding(info)
        sessions = tuple(
            replace(
                session,
                participants=not_ranked(
                    tuple(sorted(session.participants, key=lambda listed: seeding(listed.number))),
                    disqualified,
                ),
            )
            for each in files
            for session in each.event.sessions
        )
        # A teams event says how many sessions it has: a knockout's segments still to play.
        count = info.spec.sessions if info.spec.kind == "teams" else None
        written = replace(first.event, sessions=sessions, session_count=count)
        return usebio.dumps(replace(first, event=written)), len(sessions)

    def _seeding(self, info: EventInfo) -> Callable[[str | None], int]:
        """Sort key of a USEBIO file's participants: a Swiss of names in its seeding order.

        A Swiss breaks its ties by its seeding, its movement's order of participants;
        numbered participants carry it in their numbers, named ones in their order in
        the file (``usebio.numbered``). Any other file keeps its order (by place).
        """
        from arbitro.formats import usebio  # not at import: the server's start

        movement = self.movement(info.id) if info.movement == "swiss" else None
        if movement is None or usebio.numbered(movement.participants):
            return lambda _: 0
        seeded = {name: index for index, name in enumerate(movement.participants)}
        return lambda number: seeded.get(number or "", len(seeded))

    def pbn_text(self, event: int) -> tuple[str, int]:
        r"""The event's results as a minimal PBN file: a game per board and table; the count.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.pbn_text(store.create_event(EventSpec("Martes", boards=2)))
        ('% PBN 2.1\n% EXPORT\n', 0)
        """
        from arbitro.formats.pbn.export_lines import escape  # not at import: the server's start

        info = self.event(event)
        results = self.results(event)
        marked = self.boards(event)
        lines = ["% PBN 2.1", "% EXPORT", ""]
        for stored in results:
            board = marked.get(stored.board) or Board(stored.board)
            tags = [("Event", info.spec.name)]
            if info.spec.sessions > 1:
                tags.append(("Stage", f"Session {stored.session}"))
            tags += [
                ("Board", str(stored.board)),
                ("Dealer", str(board.dealer)),
                ("Vulnerable", board.vulnerability.to_str()),
                ("Round", str(stored.round or "")),
                ("Table", str(stored.table)),
                ("North", stored.ns),
                ("East", stored.ew),
            ]
            entry = stored.entry
            if entry.contract is not None and not entry.adjusted:
                if isinstance(entry.contract, PassedOut):
                    tags.append(("Contract", "Pass"))
                else:
                    tags += [
                        ("Declarer", str(entry.declarer)),
                        ("Contract", entry.contract.to_str()),
                        ("Result", str(entry.tricks)),
                    ]
            lines += [f'[{name} "{escape(value)}"]' for name, value in tags]
            lines += [pbn_score(stored), ""]
        return "\n".join(lines), len(results)

    def csv_text(self, event: int) -> tuple[str, int]:
        """The event's results as the travellers CSV ``arbitro session score`` reads; the count.

        The columns are :data:`~arbitro.scoring.traveller_columns.COLUMNS`; a board not played
        has no line (the scorer takes a missing line as not played). A teams event's
        lines add the ``table`` after the board
        (:data:`~arbitro.scoring.traveller_columns.TABLE_COLUMNS`, what ``arbitro result
        import`` reads): a match is played at two tables, the home team North-South at
        one and East-West at the other, and the table tells the two rooms apart.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.entry import Entry
        >>> store = open_store("sqlite:///:memory:")
        >>> pairs = [Participant("1"), Participant("2")]
        >>> event = store.create_event(EventSpec("Martes", boards=2), pairs)
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("4S N 10 lead HK"), ns="1", ew="2")
        >>> print(store.csv_text(event)[0])
        board,ns,ew,contract,declarer,tricks,lead,score,adjusted,group
        1,1,2,4S,N,10,HK,,,
        <BLANKLINE>
        """
        from arbitro.scoring.adjusted_notation import adjusted_to_str
        from arbitro.scoring.traveller_columns import COLUMNS, TABLE_COLUMNS

        teams = self.event(event).spec.kind == "teams"
        written = io.StringIO()
        writer = csv.writer(written, lineterminator="\n")
        writer.writerow(TABLE_COLUMNS if teams else COLUMNS)
        count = 0
        for stored in self.results(event):
            entry = stored.entry
            if entry.not_played:
                continue
            contract = ""
            if isinstance(entry.contract, PassedOut):
                contract = entry.contract.to_str()
            elif entry.contract is not None:
                contract = entry.contract.to_str(declarer=False)
            writer.writerow(
                [
                    stored.board,
                    *((stored.table,) if teams else ()),
                    stored.ns,
                    stored.ew,
                    contract,
                    str(entry.declarer) if entry.declarer is not None else "",
                    entry.tricks if entry.tricks is not None else "",
                    entry.lead.to_str() if entry.lead is not None else "",
                    entry.score if entry.score is not None else "",
                    adjusted_to_str(entry.adjusted) if entry.adjusted else "",
                    entry.group or "",
                ]
            )
            count += 1
        return written.getvalue(), count

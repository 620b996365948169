"""The event's results written as USEBIO 1.2: a pairs or individual event's sessions, a teams event's matches.

The command line (``arbitro event export --usebio``) and the web console (the desk's
exports) write the same file through :meth:`UsebioExportRecords.usebio_text`, which
gives the text and the number of sessions it holds. The participants' places,
penalties and carry-overs are written by :mod:`~arbitro.store.usebio_participants`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.core.contract import Contract
from arbitro.i18n import N_
from arbitro.store.repository import EventInfo, StoreError
from arbitro.store.scores import ScoreRecords
from arbitro.store.stored import StoredResult
from arbitro.store.usebio_participants import carrying, not_ranked, penalised

if TYPE_CHECKING:  # the USEBIO model: imported by the exports that write it, not at start
    from arbitro.formats import usebio
    from arbitro.tournament.teams import MatchScore

__all__ = ["UsebioExportRecords"]


def traveller_details(
    played: list[StoredResult],
) -> dict[tuple[int, str, str], usebio.TravellerLine]:
    """What each table played, by board and pairs: contract, declarer, lead and tricks.

    A table with an adjusted score (Law 12) played nothing the file could score: its
    line has no contract, and its note gives the adjusted score as the director entered
    it (``usebio.notes.adjusted_note``, in the active language), so that reading the file
    back gives the same adjusted score, not a played one.
    """
    from arbitro.formats import usebio  # not at import: the server's start
    from arbitro.formats.usebio.notes import adjusted_note

    details = {
        (stored.board, stored.ns, stored.ew): usebio.TravellerLine(
            contract=stored.entry.contract.to_str(declarer=False),
            declarer=stored.entry.declarer,
            lead=stored.entry.lead,
            tricks=stored.entry.tricks,
        )
        for stored in played
        if isinstance(stored.entry.contract, Contract) and not stored.entry.adjusted
    }
    for stored in played:
        if stored.entry.adjusted:
            details[(stored.board, stored.ns, stored.ew)] = usebio.TravellerLine(
                note=adjusted_note(stored.entry.adjusted)
            )
    return details


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


class UsebioExportRecords(ScoreRecords):
    """An event written as USEBIO 1.2, the file other scoring programs read."""

    def usebio_teams(self, info: EventInfo) -> list[usebio.Usebio]:
        """A teams event's sessions as USEBIO files, one per session with a scored match (Law 78B).

        Each session carries its matches (IMPs and victory points), both tables of each
        board with the board's IMPs, and its teams' places: the event's ranking when the
        event has one session, else each session's victory points. A board whose two
        tables are in different groups of a fouled board (Law 87B) is written in its
        match with both tables and no IMPs, its note saying why (``usebio.fouled_note``).
        Each penalised team's ``ADJUSTMENT`` is what its penalties took off the total
        written: the match's in a knockout, the ranking's in a one-session event, the
        session's victory points otherwise; its note gives those penalties, not one
        still waiting (:func:`~arbitro.tournament.records.penalty_waits`, or its match not
        yet scored), which took nothing.
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
                if standing.played  # a team with no result yet has no place to publish
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
            # The penalties taken off the session's figures: one still waiting (its match
            # not scored, its pair with no result, its unit not the event's) is in no
            # ADJUSTMENT, so it is not in the notes either (penalty_waits).
            records = [
                stored.record
                for stored in penalties
                if stored.session == session
                and self._penalty_waits(info, stored, played_by) is None
                and (stored.record.in_victory_points or match_of(matches, stored.record))
            ]
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
            elif official is None and records:
                # One of several sessions: its places by its victory points less the
                # session's penalties, as the ranking takes them off (Laws 90, 91).
                after = team_totals(matches, records)
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
                board_margins(tables, rules, info.spec.knockout, self._swiss_rounds(info, tables)),
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

        Each participant's carry-over is its ``CARRY_OVER`` (Árbitro's own element), in
        every session. The ``EVENT``'s note (an XML comment) says where the results stand (Law 79C1:
        provisional, official or final), in the active language; reopened results
        (79C2) have none. Its ``DATE`` is the day the event was played, when known.

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
        # What each participant brings into the event, in every session (as a team's is):
        # a pair's is in its ranking, not in a session's figures.
        carried = self.carry_overs(event)
        sessions = tuple(
            replace(
                session,
                participants=not_ranked(
                    carrying(
                        tuple(
                            sorted(session.participants, key=lambda listed: seeding(listed.number))
                        ),
                        carried,
                    ),
                    disqualified,
                ),
            )
            for each in files
            for session in each.event.sessions
        )
        # A teams event says how many sessions it has: a knockout's segments still to play.
        count = info.spec.sessions if info.spec.kind == "teams" else None
        # Where the results stand (Law 79C1), which USEBIO 1.2 has no element for.
        now = datetime.now(UTC)
        state = None if info.reopened is not None else info.correction.status(now)
        # The day it was played (an imported file's DATE, or the desk's), as USEBIO 1.2 writes it.
        day = info.held_on.strftime("%d/%m/%Y") if info.held_on is not None else first.event.date
        written = replace(first.event, date=day, sessions=sessions, session_count=count, note=state)
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

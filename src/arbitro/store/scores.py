"""Scores and rankings, read from the results, penalties, carry-overs and disqualifications.

A session's scores, a teams event's matches, a knockout's matches, a Swiss's byes, and
the ranking over the event's sessions.

>>> from arbitro.tournament.entry import Entry
>>> from arbitro.tournament.event import EventSpec, Participant
>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=1), [Participant(str(n)) for n in range(1, 5)])
>>> _ = store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
>>> _ = store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), ns="3", ew="4")
>>> [(standing.participant, standing.total) for standing in store.ranking(event)][:1]
[('1', Fraction(100, 1))]
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.i18n import N_
from arbitro.store.participants import ParticipantRecords
from arbitro.store.penalties import PenaltyRecords
from arbitro.store.repository import EventInfo, StoreError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from arbitro.scoring.session import SessionScore, TableResult
    from arbitro.store.stored import StoredPenalty, StoredResult
    from arbitro.tournament.individual_scores import PlayersSession
    from arbitro.tournament.knockout import KnockoutMatch
    from arbitro.tournament.ranking import Standing
    from arbitro.tournament.records import PenaltyRecord
    from arbitro.tournament.teams import MatchScore, UncomparedBoard


class ScoreRecords(PenaltyRecords, ParticipantRecords):
    """The scores and the ranking of an event."""

    def score(
        self, event_id: int, results: Sequence[StoredResult] | None = None
    ) -> list[SessionScore]:
        """Each session's scores, with its penalties taken off (sessions with results only).

        ``results`` are the event's (:meth:`results`), when the caller has read them already.

        An individual event's sessions are scored by partnership (``1&3``); its players'
        penalties are taken off in its ranking. A teams event is refused: it is scored
        by its matches (:meth:`matches`, :meth:`ranking`).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.score(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.scoring.session import TableResult, score_session

        info = self.event(event_id)
        if info.spec.kind == "teams":
            raise StoreError(
                N_(
                    "event {event} is a teams event: it is scored by its matches (IMPs and "
                    "victory points), not board by board; see its ranking"
                ),
                event=event_id,
            )
        if results is None:
            results = self.results(event_id)
        played = self._played(event_id, results)
        penalties = [
            stored
            for stored in self.penalties(event_id)
            if self._penalty_waits(info, stored, played) is None
        ]
        rules = info.spec.rules
        # A Howell or a Swiss is one field from its first round (Law 8): ranked together.
        one_field = info.timetable is not None and info.timetable.one_field
        out = []
        for session in range(1, info.spec.sessions + 1):
            tables = [
                TableResult(stored.board, stored.ns, stored.ew, stored.result, stored.entry.group)
                for stored in results
                if stored.session == session and stored.result is not None
            ]
            if not tables:
                continue
            taken = [
                (stored.record.participant, stored.record.penalty())
                for stored in penalties
                if stored.session == session and self._scores_penalty(info, stored.record)
            ]
            out.append(score_session(tables, info.spec.method, rules, taken, one_field=one_field))
        return out

    def individual_sessions(
        self, event_id: int, results: Sequence[StoredResult] | None = None
    ) -> list[PlayersSession]:
        """An individual event's sessions with results: each one's number, scores and players' penalties.

        What its ranking and its players' score cards are read from, so that a card's
        boards add up to the score the ranking counts (Law 12C2c on each player's own
        session). ``results`` are the event's, when the caller has read them already.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import individual
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> movement = individual(2, 2, rounds=3)
        >>> event = store.create_event(EventSpec("A", boards=6, kind="individual"), movement=movement)
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"))
        >>> [(day.number, sorted(day.players())) for day in store.individual_sessions(event)]
        [(1, ['1', '2', '4', '8'])]
        """
        from arbitro.tournament.individual_scores import PlayersSession

        if results is None:
            results = self.results(event_id)
        info = self.event(event_id)
        played = self._played(event_id, results)
        penalties = [
            stored
            for stored in self.penalties(event_id)
            if self._penalty_waits(info, stored, played) is None
        ]
        numbers = sorted(
            {
                stored.session
                for stored in results
                if stored.result is not None and stored.session <= info.spec.sessions
            }
        )
        return [
            PlayersSession(
                number,
                score,
                [
                    (stored.record.participant, stored.record.penalty())
                    for stored in penalties
                    if stored.session == number
                ],
            )
            for number, score in zip(numbers, self.score(event_id, results), strict=True)
        ]

    @staticmethod
    def _scores_penalty(info: EventInfo, record: PenaltyRecord) -> bool:
        """Whether ``record`` comes off a session's scores (not off VPs or a player's total).

        Only a pairs event's sessions are scored so: a teams event's matches are scored in
        IMPs, then VPs, and an individual's penalties come off each player's total.
        """
        return info.spec.kind == "pairs" and not record.in_victory_points

    def _session_tables(self, event_id: int) -> dict[int, list[TableResult]]:
        from arbitro.scoring.session import TableResult

        info = self.event(event_id)
        out: dict[int, list[TableResult]] = {}
        for stored in self.results(event_id):
            if stored.result is not None and stored.session <= info.spec.sessions:
                out.setdefault(stored.session, []).append(
                    TableResult(
                        stored.board, stored.ns, stored.ew, stored.result, stored.entry.group
                    )
                )
        return out

    def matches(self, event_id: int) -> dict[int, list[MatchScore]]:
        """A teams event's matches by session: IMPs and victory points (Law 78B).

        The rounds of a movement that seats each match at two tables (a Swiss, a round
        robin) are matches apart: two teams that meet again (a Swiss's repeat, a double
        round robin's second leg) meet in two matches, each on its round's boards. The
        session is scored as one (:func:`~arbitro.tournament.teams.score_matches`): an
        artificial score's Law 12C2c figure is read from the team's other boards of the
        session, so each match's IMPs are the sum of its boards' on the score cards.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.matches(store.create_event(EventSpec("Teams", boards=1, kind="teams")))
        {}
        """
        from arbitro.tournament.teams import score_matches

        info = self.event(event_id)
        rules = info.spec.rules
        swiss = info.timetable is not None and info.timetable.kind == "swiss"
        out: dict[int, list[MatchScore]] = {}
        for session, tables in sorted(self._session_tables(event_id).items()):
            # One scoring of the session: Law 12C2c reads each team's other boards of the
            # whole session (a Swiss's: of the rounds played up to the match's own), as
            # its traveller and score card do (board_margins).
            rounds = self._match_rounds(info, tables)
            out[session] = score_matches(tables, rules, info.spec.knockout, rounds, swiss)
        return out

    @staticmethod
    def _match_rounds(info: EventInfo, tables: list[TableResult]) -> dict[int, int] | None:
        """Each board's round where the movement seats a match a round at two tables, else ``None``."""
        timetable = info.timetable
        if timetable is None or timetable.rooms != 2:
            return None
        rounds = {
            board: seating.round for seating in timetable.schedule for board in seating.boards
        }
        for table in tables:  # a board the movement does not name: by its number
            rounds.setdefault(table.board, (table.board - 1) // timetable.boards_per_round + 1)
        return rounds

    @classmethod
    def _swiss_rounds(cls, info: EventInfo, tables: list[TableResult]) -> dict[int, int] | None:
        """A Swiss's :meth:`_match_rounds`, for Law 12C2c read round by round; ``None`` otherwise."""
        if info.timetable is None or info.timetable.kind != "swiss":
            return None
        return cls._match_rounds(info, tables)

    def penalised_matches(self, event_id: int) -> dict[int, list[MatchScore]]:
        """A teams event's matches by session, each with its teams' penalties in IMPs (Law 90).

        :meth:`matches` with each IMP penalty in the match of its board
        (:func:`~arbitro.tournament.teams.penalised`): each match's
        :meth:`~arbitro.tournament.teams.MatchScore.ranked_vps` are what the ranking
        counts, so a team's matches add up to its total (less its penalties in VPs).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.penalised_matches(store.create_event(EventSpec("T", boards=1, kind="teams")))
        {}
        """
        from arbitro.tournament.teams import penalised

        info = self.event(event_id)
        by_session = self.matches(event_id)
        played = self._played(event_id)
        counted = [
            stored
            for stored in self.penalties(event_id)
            if self._penalty_waits(info, stored, played) is None
        ]
        taken = self._team_penalties(info, by_session, counted)
        return {
            session: penalised(matches, taken.get(session, []))
            for session, matches in by_session.items()
        }

    @staticmethod
    def _team_penalties(
        info: EventInfo,
        by_session: dict[int, list[MatchScore]],
        penalties: list[StoredPenalty],
    ) -> dict[int, list[PenaltyRecord]]:
        """A teams event's penalties by session, those in IMPs once their match is scored."""
        from arbitro.tournament.teams import match_of

        out: dict[int, list[PenaltyRecord]] = {}
        for stored in penalties:
            record = stored.record
            matches = by_session.get(stored.session, [])
            # A penalty in IMPs waits for its match to be scored; one in VPs counts at once.
            if record.in_victory_points or match_of(matches, record):
                out.setdefault(stored.session, []).append(record)
        return out

    def swiss_byes(self, event_id: int) -> list[tuple[int, str]]:
        """A Swiss event's byes: a team's scores the event's :attr:`~EventInfo.bye_score`.

        Each (round, team or pair), in round order, from the moment the round is paired;
        one disqualified (Law 91B) is left out. A pair's bye scores nothing: it plays
        fewer boards. Empty for any other event.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> store.swiss_byes(store.create_event(EventSpec("S", boards=2, kind="teams"),
        ...                                     movement=swiss_start(3, 2, 1, teams=True)))
        [(1, '3')]
        """
        info = self.event(event_id)
        movement = info.timetable
        if movement is None or movement.kind != "swiss":
            return []
        out = self.disqualified(event_id)
        return [
            (round_, team)
            for round_ in range(1, movement.rounds + 1)
            for team in movement.byes(round_)  # one absent from the round has no bye
            if team not in out
        ]

    def swiss_absences(self, event_id: int) -> list[tuple[int, str]]:
        """A Swiss event's absences: each (round, team or pair) said not to play the round.

        In round order. An absent team or pair has no table and no bye: it scores nothing
        for the round (there is no figure for an absence in the conditions of contest).
        Empty for any other event.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("S", boards=2, kind="teams"),
        ...                            movement=swiss_start(4, 2, 1, teams=True, absent=("4",)))
        >>> store.swiss_absences(event), store.swiss_byes(event)
        ([(1, '4')], [(1, '3')])
        """
        movement = self.event(event_id).timetable
        if movement is None or movement.kind != "swiss":
            return []
        return sorted(movement.absent)

    def knockout_matches(self, event_id: int) -> list[KnockoutMatch]:
        """A knockout event's matches: segments, carry-over, penalties, totals (Law 86B).

        Empty for an event that is not a knockout. A penalty in IMPs comes off its team's
        total in the match (Law 90), once its match is scored.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Cup", 1, kind="teams", knockout=True),
        ...                            [Participant("A"), Participant("B")], carry_over={"B": Fraction(2)})
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
        >>> _ = store.enter_result(event, 1, 2, Entry.from_str("score -170"), ns="B", ew="A")
        >>> [(m.home_total, m.away_total, m.leader) for m in store.knockout_matches(event)]
        [(Fraction(11, 1), Fraction(2, 1), 'A')]
        """
        from arbitro.tournament.knockout import knockout_matches

        info = self.event(event_id)
        if not info.spec.knockout:
            return []
        played = self._played(event_id)
        penalties: dict[int, list[PenaltyRecord]] = {}
        for stored in self.penalties(event_id):
            if self._penalty_waits(info, stored, played) is None:
                penalties.setdefault(stored.session, []).append(stored.record)
        by_session = self.matches(event_id)
        # A segment is over when both tables of the match have entered each of the
        # event's boards (a board not played too): till then the match is not won.
        entered = {
            (stored.session, stored.board, stored.ns, stored.ew)
            for stored in self.results(event_id)
        }
        waiting: dict[frozenset[str], int] = {}
        for session, matches in by_session.items():
            for match in matches:
                missing = sum(
                    (session, board, ns, ew) not in entered
                    for board in range(1, info.spec.boards + 1)
                    for ns, ew in ((match.home, match.away), (match.away, match.home))
                )
                key = frozenset(match.teams)
                waiting[key] = waiting.get(key, 0) + missing
        return knockout_matches(
            by_session, self.carry_overs(event_id), penalties, info.spec.sessions, waiting
        )

    def uncompared_boards(self, event_id: int) -> dict[int, list[UncomparedBoard]]:
        """A teams event's boards left out of their match by Law 87, by session.

        The two tables of the match are in different groups of a fouled board, so they are
        not compared (:func:`~arbitro.tournament.teams.uncompared_boards`); the board
        waits for the director's adjusted score. Empty for other kinds of event.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Teams", boards=1, kind="teams"),
        ...                            [Participant("A"), Participant("B")])
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("score 420 group A"), ns="A", ew="B")
        >>> _ = store.enter_result(event, 1, 2, Entry.from_str("score 170 group B"), ns="B", ew="A")
        >>> store.uncompared_boards(event)
        {1: [UncomparedBoard(board=1, home='A', away='B', home_group='A', away_group='B')]}
        """
        from arbitro.tournament.teams import uncompared_boards

        if self.event(event_id).spec.kind != "teams":
            return {}
        out = {
            session: uncompared_boards(tables)
            for session, tables in sorted(self._session_tables(event_id).items())
        }
        return {session: boards for session, boards in out.items() if boards}

    def ranking(self, event_id: int) -> list[Standing]:
        """The event's ranking over its sessions, with carry-over and the event's tie-breaks.

        A participant disqualified under Law 91B (:meth:`disqualified`) is left out and
        the places close up (:func:`~arbitro.tournament.ranking.without`); the boards it
        played stay scored for its opponents.

        A teams event ranks its teams by victory points, less their penalties in VPs or
        IMPs (:func:`~arbitro.tournament.teams.team_totals`); an individual event its
        players by their matchpoints over their partnerships
        (:func:`~arbitro.tournament.individual_scores.individual_ranking`); the others by
        :func:`~arbitro.tournament.ranking.event_ranking`.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.ranking(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.ranking import without

        standings = self._ranked(event_id)
        out = self.disqualified(event_id)
        return without(standings, out.keys()) if out else standings

    def _ranked(self, event_id: int) -> list[Standing]:
        """Every participant's place, before Law 91B takes out the disqualified."""
        from arbitro.tournament.individual_scores import individual_ranking
        from arbitro.tournament.movements.seating import seated_directions
        from arbitro.tournament.ranking import by_session as scores_by_session
        from arbitro.tournament.ranking import event_ranking, rank, unplayed, with_absent
        from arbitro.tournament.teams import team_totals

        info = self.event(event_id)
        carried = self.carry_overs(event_id)
        if info.spec.knockout:
            # Each team's IMPs in its match: the matches decide, not these places.
            knockouts = self.knockout_matches(event_id)
            per_segment = [
                {
                    team: match.segment_imps(team, segment)
                    - (match.penalty(team) if segment is match.segments[-1] else 0)
                    for match in knockouts
                    for segment in match.segments
                    if segment.session == session
                    for team in match.teams
                }
                for session in range(1, info.spec.sessions + 1)
            ]
            return rank(scores_by_session(per_segment), carried, info.spec.tie_breaks)
        results = self.results(event_id)  # read once: who played, and the scores
        who_played = self._played(event_id, results)
        penalties = [
            stored
            for stored in self.penalties(event_id)
            if self._penalty_waits(info, stored, who_played) is None
        ]
        # Every participant is ranked: one with no result yet is listed, nothing compared.
        everyone = [participant.number for participant in self.participants(event_id)]
        if info.spec.kind == "teams":
            by_session = self.matches(event_id)
            taken_in = self._team_penalties(info, by_session, penalties)
            per_session: list[dict[str, Fraction]] = [
                team_totals(by_session.get(session, []), taken_in.get(session, []))
                for session in sorted({*by_session, *taken_in})
            ]
            if info.bye_score and info.timetable is not None:
                # A Swiss team's byes score the event's VPs each, counted in session 1
                # (a Swiss is one session) from the moment the round is paired.
                if not per_session:
                    per_session.append({})
                first = per_session[0] = dict(per_session[0])
                for round_ in range(1, info.timetable.rounds + 1):
                    for team in info.timetable.byes(round_):  # an absence scores nothing
                        first[team] = first.get(team, Fraction(0)) + info.bye_score
            # Each team's VPs in every session, 0 in its bye: the tie-breaks compare the
            # same session for every team. A team with no match in yet is listed too (78A).
            scores, missing = with_absent(scores_by_session(per_session), everyone)
            ranked = unplayed(rank(scores, carried, info.spec.tie_breaks), missing)
            # The VPs the penalties took off each session (Law 90), for the rankings to show.
            sessions = sorted({*by_session, *taken_in})
            return [
                replace(
                    standing,
                    penalties=tuple(
                        sum(
                            (
                                record.amount
                                for record in taken_in.get(session, [])
                                if record.unit == "vp"
                                and record.participant == standing.participant
                            ),
                            Fraction(0),
                        )
                        for session in sessions
                    ),
                )
                for standing in ranked
            ]
        if info.spec.kind == "individual":
            days = self.individual_sessions(event_id, results)
            return individual_ranking(
                [day.score for day in days],
                [day.penalties for day in days],
                carried,
                info.spec.tie_breaks,
                everyone,
            )
        movement = info.timetable
        seated = seated_directions(movement.schedule) if movement is not None else {}
        return event_ranking(
            self.score(event_id, results),
            carried,
            info.spec.tie_breaks,
            one_field=movement is not None and movement.one_field,
            absent={number: seated.get(number) for number in everyone},
        )

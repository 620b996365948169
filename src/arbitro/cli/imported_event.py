"""What a file gives the event ``arbitro event import`` makes: its spec, participants, results.

:class:`ImportedEvent` is what a USEBIO teams file (:mod:`arbitro.cli.imported_teams`), a
USEBIO pairs file or a PBN file (:mod:`arbitro.cli.event_import`) is made into before
anything is stored; :func:`listed_participants` the teams or pairs a USEBIO file's
sessions list, with their players; :func:`file_entry` a USEBIO line's result as the event
keeps it; :func:`noted_penalties` the penalties a participant's note records, and
:func:`adjustment_warning` what to say when they are not what its ``ADJUSTMENT`` took,
and :func:`pairs_penalties` a pairs file's penalties, worked out before it is stored;
:func:`read_sessions` a USEBIO pairs file's sessions read and scored as ``session score`` does;
:func:`published_state` where the file says its results stood (Law 79C1);
:func:`pbn_details` and :func:`usebio_details` the day, the place and the deals a file
gives, kept with the event.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError
from arbitro.formats import pbn, usebio
from arbitro.formats.travellers import usebio_rows
from arbitro.formats.usebio.notes import NOTE_LANGUAGES, penalties_in
from arbitro.formats.usebio.published import published_penalties
from arbitro.formats.usebio.scoring import session_top
from arbitro.i18n import N_, gettext, use_language
from arbitro.scoring.session import SessionScore, score_session
from arbitro.scoring.session_values import show
from arbitro.scoring.traveller_errors import TravellerWarning
from arbitro.store.imports import FileDetails, ImportedResult
from arbitro.tournament.correction_period import RESULTS_STATES, ResultsState
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant, Player
from arbitro.tournament.movements import Movement
from arbitro.tournament.records import RECORD_UNITS, PenaltyKind, PenaltyRecord, RecordUnit

__all__ = [
    "ImportedEvent",
    "adjustment_warning",
    "carried_over",
    "file_day",
    "file_entry",
    "listed_participants",
    "named_player",
    "noted_penalties",
    "pairs_penalties",
    "pbn_details",
    "published_state",
    "read_sessions",
    "usebio_details",
]

UNITS: dict[str, RecordUnit] = {unit: unit for unit in RECORD_UNITS}
"""A penalty's unit by its name in a note."""


@dataclass(frozen=True)
class ImportedEvent:
    """What a file gives the new event: its spec, participants, results, carry-overs, penalties.

    All of it for a teams file (:func:`~arbitro.cli.imported_teams.imported_teams`); a
    pairs file gives no bye score (its carry-overs: :func:`carried_over`; its penalties:
    :func:`pairs_penalties`), and a PBN
    file only its spec, pairs and results. ``penalties`` are (session, penalty) pairs,
    each from a team's or a pair's ``ADJUSTMENT`` or note; ``movement`` the rounds rebuilt from the matches' ``ROUND_NUMBER``
    (a Swiss's, or a round robin's, :func:`~arbitro.cli.usebio_rounds.rebuilt_movement`;
    a Swiss pairs file's from its boards,
    :func:`~arbitro.cli.usebio_rounds.swiss_pairs_movement`), ``None`` when the file does
    not give them; ``bye_score`` a Swiss bye's victory points as the published totals
    give them (:func:`~arbitro.cli.usebio_rounds.bye_score`), ``None`` for the event's
    default; ``disqualified`` the teams or pairs the file says were disqualified (Law
    91B), each with its record (:func:`~arbitro.formats.usebio.disqualified_in`);
    ``warnings`` what the import says of the file as it reads it: what reading its
    lines told, as ``arbitro session score`` tells it (a score Law 77 gives no
    result, kept as written; one a contract contradicts), and a participant whose
    noted penalties are not its ``ADJUSTMENT`` (:func:`adjustment_warning`);
    ``boards`` those the file marks with another dealer or vulnerability than Law 2's
    (a PBN game's ``Dealer`` and ``Vulnerable``), marked so in the new event;
    ``kept`` the day, the place and the deals the file gives (:func:`pbn_details`,
    :func:`usebio_details`).

    >>> ImportedEvent(EventSpec("Liga", 2, kind="teams"), [], []).carry_over
    {}
    """

    spec: EventSpec
    participants: list[Participant]
    results: list[ImportedResult]
    carry_over: dict[str, Fraction] = field(default_factory=dict)
    penalties: list[tuple[int, PenaltyRecord]] = field(default_factory=list)
    movement: Movement | None = None
    bye_score: Fraction | None = None
    disqualified: dict[str, str] = field(default_factory=dict)
    warnings: tuple[str | TravellerWarning, ...] = ()
    boards: tuple[Board, ...] = ()
    kept: FileDetails = field(default_factory=FileDetails)


def listed_participants(read: usebio.Usebio) -> dict[str, Participant]:
    """The teams or pairs the file's sessions list, with their players, in the order first listed.

    >>> pair = usebio.Participant("pair", "3", players=(usebio.Player("Ana"), usebio.Player()))
    >>> sessions = (usebio.Session("1", participants=(pair,)), usebio.Session("2", participants=(pair,)))
    >>> found = listed_participants(usebio.Usebio(usebio.Event("MP_PAIRS", sessions=sessions)))
    >>> [(number, participant.to_str()) for number, participant in found.items()]
    [('3', '3: Ana')]
    """
    found: dict[str, Participant] = {}
    for session in read.event.sessions:
        for listed in session.participants:
            if listed.number and listed.number not in found:
                named = tuple(Player(one.name, one.number) for one in listed.players if one.name)
                found[listed.number] = Participant(listed.number, named)
    return found


def file_entry(row: Sequence[str], group: str | None = None, board: Board | None = None) -> Entry:
    """The entry of a travellers row read from a file (``board, ns, ew`` then the result's cells).

    A played result keeps its contract, declarer and tricks; the file's score is kept
    only when it differs from what they give by Law 77 (an incongruent score, AEB rule
    A) or when there is no contract, so that the traveller shows ``4S N 10``, its score
    computed, not repeated. ``board`` is the board as the file marks it (its dealer and
    vulnerability, Law 2), else the row's number's.

    >>> file_entry(["1", "1", "2", "4S", "N", "10", "", "420", ""]).to_str()
    '4S N 10'
    >>> file_entry(["1", "1", "2", "4S", "N", "10", "", "450", ""]).to_str()
    '4S N 10 score 450'
    >>> file_entry(["1", "1", "2", "", "", "", "", "420", ""]).to_str()
    'score 420'
    >>> from arbitro.core.vulnerability import Vulnerability
    >>> file_entry(["1", "1", "2", "4S", "N", "10", "", "620", ""], board=Board(1, None, Vulnerability.ALL)).to_str()
    '4S N 10'
    """
    entry = Entry.from_row(row[3:], group=group)
    marked = board if board is not None else Board(int(row[0]))
    if entry.score is not None and entry.contract_score(marked) == entry.score:
        return replace(entry, score=None)
    return entry


def carried_over(read: usebio.Usebio) -> dict[str, Fraction]:
    """What each pair the file lists brings into the event: its ``CARRY_OVER``, the first one given.

    Árbitro's own element, written in every session (a teams file's carry-overs:
    :mod:`arbitro.cli.imported_teams`); a pair's is in its ranking, not in the
    session's figures the import compares.

    >>> pair = usebio.Participant("pair", "1NS", carry_over=Fraction(3))
    >>> carried_over(usebio.Usebio(usebio.Event("MP_PAIRS", sessions=(usebio.Session("1", participants=(pair,)),))))
    {'1NS': Fraction(3, 1)}
    """
    found: dict[str, Fraction] = {}
    for session in read.event.sessions:
        for listed in session.participants:
            if listed.number and listed.carry_over is not None:
                found.setdefault(listed.number, listed.carry_over)
    return found


def noted_penalties(participant: usebio.Participant) -> list[PenaltyRecord]:
    """The penalties (Laws 90, 91) a participant's note records as Árbitro writes them; else none.

    Each keeps its Law, amount, unit, board and reason (``usebio.notes.penalties_in``), a
    Law 91 penalty disciplinary, any other procedural. A note in no form Árbitro writes,
    or a penalty the event would refuse, gives none: the caller records what the
    file's ``ADJUSTMENT`` says plainly.

    >>> team = usebio.Participant("team", "4", adjustment=Fraction(-9, 5),
    ...                           note="Penalización (Artículo 90B2): 3 IMP: juego lento")
    >>> [(r.participant, r.law, r.amount, r.unit, r.reason) for r in noted_penalties(team)]
    [('4', '90B2', Fraction(3, 1), 'imps', 'juego lento')]
    >>> noted_penalties(usebio.Participant("team", "4", note="slow play"))
    []
    """
    if not participant.number:
        return []
    try:
        return [
            PenaltyRecord(
                participant.number,
                PenaltyKind.DISCIPLINARY if noted.disciplinary else PenaltyKind.PROCEDURAL,
                noted.amount,
                UNITS.get(noted.unit, "mp"),  # as penalty_note writes an unknown unit
                noted.law,
                noted.reason,
                noted.board,
            )
            for noted in penalties_in(participant.note)
        ]
    except ArbitroError:  # a Law or unit the event refuses: the file's figures, plainly
        return []


ADJUSTMENT_DISAGREES = N_(
    "{participant}: the penalties its note gives take {noted}, but its ADJUSTMENT takes "
    "{published}: the ADJUSTMENT is imported, as the file scored it (Laws 90, 91)"
)
"""The warning for a participant whose noted penalties are not what its ADJUSTMENT took."""


def adjustment_warning(participant: str, noted: Fraction, published: Fraction) -> str | None:
    """What to say when a participant's noted penalties (``noted``) are not its ADJUSTMENT; else None.

    Both are what the penalties took, in the ``ADJUSTMENT``'s units (``published`` is
    the ``ADJUSTMENT`` negated). They agree when they do to the two decimals the file
    writes; otherwise the file's ``ADJUSTMENT`` is what the other program scored, and it
    is imported, plainly, with this warning naming both figures (Laws 90, 91).

    >>> adjustment_warning("3", Fraction(2, 3), Fraction(67, 100)) is None
    True
    >>> adjustment_warning("3", Fraction(3), Fraction(1))
    '3: the penalties its note gives take 3.00, but its ADJUSTMENT takes 1.00: the ADJUSTMENT is imported, as the file scored it (Laws 90, 91)'
    """
    if abs(noted - published) <= Fraction(1, 200):  # the file writes two decimals
        return None
    return gettext(ADJUSTMENT_DISAGREES).format(
        participant=participant, noted=show(noted), published=show(published)
    )


def pairs_penalties(
    read: usebio.Usebio, scores: Mapping[int, SessionScore]
) -> tuple[list[tuple[int, PenaltyRecord]], list[str]]:
    """The penalties a USEBIO pairs file's ``ADJUSTMENT`` elements published, by session; warnings.

    ``scores`` are the file's sessions scored from their lines, by number (from 1): a
    published ``ADJUSTMENT`` is a penalty already in the file's totals (Laws 90, 91),
    brought to Árbitro's scale on them (:func:`~arbitro.formats.usebio.published.published_penalties`),
    so that the imported event's totals compare. A pair's note records its penalties
    when Árbitro wrote the file (their Law, amount, unit, board and reason:
    :func:`noted_penalties`), and they are kept as noted; else, and when the noted
    penalties are in a unit the file's figures are not in, or do not add up to the
    ``ADJUSTMENT`` (the file's figure is what it scored, with a warning naming both:
    :func:`adjustment_warning`), the ``ADJUSTMENT`` is one penalty of Law 90, the note
    its reason. Worked out before anything is stored, so that one the event refuses
    stops the import whole.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult, score_session
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(420))], "mp")
    >>> pair = usebio.Participant("pair", "1", adjustment=Fraction(-1), note="slow play")
    >>> read = usebio.Usebio(usebio.Event("MP_PAIRS", sessions=(usebio.Session("1", participants=(pair,)),)))
    >>> [(session, r.participant, r.amount, r.unit, r.reason) for session, r in pairs_penalties(read, {1: scored})[0]]
    [(1, '1', Fraction(1, 1), 'mp', 'slow play')]
    """
    found: list[tuple[int, PenaltyRecord]] = []
    warnings: list[str] = []
    for number, scored in scores.items():
        session = read.event.sessions[number - 1]
        noted = {pair.number: noted_penalties(pair) for pair in session.participants}
        top = session_top(scored)
        for pair, penalty in published_penalties(session, scored):
            records = noted.get(pair) or []
            # Noted penalties must add up to the ADJUSTMENT, in its unit (a share of a top
            # in matchpoints): else the file's figure, what it scored (with a warning).
            if records and all(
                record.unit == penalty.unit or {record.unit, penalty.unit} == {"top", "mp"}
                for record in records
            ):
                taken = sum((r.penalty().in_matchpoints(top) for r in records), Fraction(0))
                warning = adjustment_warning(pair, taken, penalty.amount)
                if warning is not None:
                    warnings.append(warning)
                    records = []
            elif records:  # in a unit the file's figures are not in: its ADJUSTMENT, plainly
                records = []
            records = records or [
                PenaltyRecord(
                    pair, PenaltyKind.PROCEDURAL, penalty.amount, penalty.unit,
                    penalty.law, penalty.reason,
                )
            ]  # fmt: skip
            found += [(number, record) for record in records]
    return found, warnings


def read_sessions(
    read: usebio.Usebio, source: str
) -> tuple[list[TravellerWarning], dict[int, SessionScore]]:
    """What reading a USEBIO pairs file's lines tells, session by session, as ``session score`` does.

    A score Law 77 gives no result, kept as written; one its contract contradicts (AEB
    rule A): each warning names its line. Also each session's lines scored with the
    file's method, by session number (from 1), a session without lines left out: what
    the penalties its ``ADJUSTMENT`` elements published are worked out on, before
    anything is stored (:func:`pairs_penalties`).

    >>> from arbitro.scoring.results import Result
    >>> line = usebio.TravellerLine("1", "2", result=Result.played(420))
    >>> session = usebio.Session("1", boards=(usebio.Board(1, (line,)),))
    >>> warnings, scores = read_sessions(usebio.Usebio(usebio.Event("MP_PAIRS", sessions=(session,))), "a.xml")
    >>> warnings, list(scores), scores[1].method
    ([], [1], 'mp')
    """
    warnings: list[TravellerWarning] = []
    scores: dict[int, SessionScore] = {}
    method = usebio.method_of(read.event)
    for number, session in enumerate(read.event.sessions, start=1):
        one = replace(read, event=replace(read.event, sessions=(session,)))
        travellers = usebio_rows(one).read(source)
        warnings += travellers.warnings
        if travellers.results:
            scores[number] = score_session(travellers.results, method)
    return warnings, scores


def published_state(read: usebio.Usebio) -> ResultsState | None:
    """Where the file says its results stood when written (Law 79C1), or None when it does not say.

    Árbitro's export says it in the ``EVENT``'s note, in the export's language (the
    event's status line, :data:`~arbitro.tournament.correction_period.RESULTS_STATES`);
    no element of USEBIO 1.2 says it.

    >>> final = "Resultados definitivos: el periodo de corrección terminó el 2026-11-29 a las 22:41 UTC (Artículo 79C1)."
    >>> published_state(usebio.Usebio(usebio.Event("TEAMS", note=final)))
    'final'
    >>> published_state(usebio.Usebio(usebio.Event("TEAMS"))) is None
    True
    """
    note = read.event.note
    if not note:
        return None
    for lang in NOTE_LANGUAGES:
        with use_language(lang):
            for state, message in RESULTS_STATES.items():
                if note.startswith(gettext(message).partition(":")[0] + ":"):
                    return state
    return None


_DAY = re.compile(r"(\d{4})[.-](\d{1,2})[.-](\d{1,2})|(\d{1,2})/(\d{1,2})/(\d{4})")


def file_day(text: str | None) -> date | None:
    """The day a file's date says, or None when it says none or only part of one.

    A PBN ``Date`` is ``YYYY.MM.DD`` (``?`` for what is unknown, PBN 2.1 3.4.2); a USEBIO
    ``DATE`` ``DD/MM/YYYY`` (USEBIO 1.2); ``YYYY-MM-DD`` is read too.

    >>> file_day("2021.08.23"), file_day("01/11/2026"), file_day("2026-11-01")
    (datetime.date(2021, 8, 23), datetime.date(2026, 11, 1), datetime.date(2026, 11, 1))
    >>> file_day("2021.??.??"), file_day("31/02/2026"), file_day(None)
    (None, None, None)
    """
    found = _DAY.fullmatch((text or "").strip())
    if found is None:
        return None
    year, month, day = found.group(1, 2, 3) if found.group(1) else found.group(6, 5, 4)
    try:
        return date(int(year), int(month), int(day))
    except ValueError:  # a day no calendar has
        return None


DEAL_NOT_KEPT = N_("board {board}'s deal is not kept: {problem}")
"""The warning of a PBN game's ``Deal`` the import does not keep, and why."""


LEAD_CONTRADICTS = N_(
    "the result on line {line} was played with another deal: {problem}; the file's "
    "results are what was played"
)
"""Why a board's deal is not kept: a result's opening lead is not in the leader's hand."""

LEAD_CONTRADICTS_AT_TABLE = N_(
    "the result at table {table} was played with another deal: {problem}; the file's "
    "results are what was played"
)
"""Why a board's deal is not kept, for a result the file gives no line of its own."""


def pbn_details(
    games: Sequence[pbn.PBNGame],
    source: str,
    boards: int,
    results: Sequence[ImportedResult] = (),
) -> tuple[FileDetails, list[TravellerWarning]]:
    r"""The day, the place and the deals of a PBN file's games; the warnings of deals not kept.

    The first game's ``Date`` and ``Site`` that say one; each board's ``Deal``, checked
    as the director's upload checks it (a board of the event, 1 to ``boards``, and four
    hands of 13 cards), the first one a board is given kept. A deal refused, or another
    for a board given one already, is not kept, and a warning names its line. So is a
    deal one of ``results`` contradicts, its opening lead not in the leader's hand
    (:meth:`~arbitro.tournament.entry.Entry.check_lead`, Law 41A, as a result entered
    after an upload is checked): the file's results are what was played, the deal is
    the suspect one, and the warning names the result's line too.

    >>> games = pbn.loads('[Site "RealBridge"]\n[Date "2021.08.23"]\n[Board "1"]\n'
    ...                   '[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]\n')
    >>> kept, warnings = pbn_details(games, "a.pbn", 1)
    >>> kept.held_on, kept.site, list(kept.deals), warnings
    (datetime.date(2021, 8, 23), 'RealBridge', [1], [])
    >>> print(pbn_details(games, "a.pbn", 0)[1][0])
    a.pbn, line 4: board 1's deal is not kept: board 1 is not in the event (expected 1 to 0)
    >>> other = pbn.loads('[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n')
    >>> print(pbn_details([*games, *other], "a.pbn", 1)[1][0])
    a.pbn, line 2: board 1's deal is not kept: an earlier game gives the board another deal, which is kept
    >>> led = ImportedResult(1, 1, 1, "1", "2", Entry.from_str("4S N 10 lead SA"), line=9)
    >>> kept, warnings = pbn_details(games, "a.pbn", 1, [led])
    >>> kept.deals, len(warnings)
    ({}, 1)
    """
    day = next((found for game in games if (found := file_day(game.known("Date")))), None)
    site = next((game.known("Site") for game in games if game.known("Site")), None)
    deals: dict[int, Deal] = {}
    lines: dict[int, int] = {}  # each kept deal's line
    warnings: list[TravellerWarning] = []
    for game in games:
        text, number = game.known("Deal"), game.known("Board")
        if text is None or number is None or not number.isdigit():
            continue
        board = int(number)
        problem = None
        try:
            deal = Deal.from_str(text)
        except ArbitroError as error:
            problem = str(error)
        if problem is None and not 1 <= board <= boards:
            problem = gettext("board {board} is not in the event (expected 1 to {boards})").format(
                board=board, boards=boards
            )
        if problem is None and deals.setdefault(board, deal) != deal:
            problem = gettext("an earlier game gives the board another deal, which is kept")
        if problem is None:
            lines.setdefault(board, game.line_of("Deal"))
        else:
            details = {"board": board, "problem": problem}
            warnings.append(TravellerWarning(source, game.line_of("Deal"), DEAL_NOT_KEPT, details))
    for result in results:
        if result.board not in deals:
            continue
        try:
            result.entry.check_lead(deals[result.board], result.board)
        except ArbitroError as error:
            del deals[result.board]
            if result.line:
                problem = gettext(LEAD_CONTRADICTS).format(line=result.line, problem=error)
            else:
                problem = gettext(LEAD_CONTRADICTS_AT_TABLE).format(
                    table=result.table, problem=error
                )
            details = {"board": result.board, "problem": problem}
            warnings.append(TravellerWarning(source, lines[result.board], DEAL_NOT_KEPT, details))
    return FileDetails(day, site, deals), warnings


def usebio_details(read: usebio.Usebio) -> FileDetails:
    """The day a USEBIO file's event was played: its ``DATE``, else its first session's.

    >>> usebio_details(usebio.Usebio(usebio.Event("MP_PAIRS", date="01/11/2026"))).held_on
    datetime.date(2026, 11, 1)
    """
    dates = [read.event.date, *(session.date for session in read.event.sessions)]
    return FileDetails(next((day for text in dates if (day := file_day(text))), None))


def named_player(text: str) -> Player:
    """A PBN seat's player: ``NAME`` or ``NAME#NUMBER`` (RealBridge) with a federation number.

    The same reading as a participant's ``NAME #FEDERATION`` (:meth:`Participant.from_str`).

    >>> named_player("Markus Knob#39415")
    Player(name='Markus Knob', federation_number='39415')
    """
    name, _, number = text.partition("#")
    return Player(name.strip() or text, number.strip() or None)

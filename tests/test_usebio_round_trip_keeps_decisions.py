"""A USEBIO round trip keeps what the director decided: adjusted scores, penalties, publication.

An event exported with ``arbitro event export --usebio`` (``Store.usebio_text``) and
imported again (``arbitro event import``) has each adjusted score as it was entered
(an assigned score, Law 12C1; an artificial one, 12C2; a split one, 12C1b), each
penalty with its Law, amount, unit and reason (Law 90), each played result as its
contract alone (the score computed, not repeated), and says when the file's results
were official (Law 79C1), a teams event and a pairs event alike, in either language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.formats import usebio
from arbitro.formats.travellers import usebio_lines
from arbitro.i18n import Language, use_language
from arbitro.scoring.results import Result
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli

AGREE = re.compile(r"Published figures: \d+ compared, all agree with Árbitro's\n")

DECIDED = {
    (1, 1): "adjusted 4S= N",  # assigned (Law 12C1)
    (2, 1): "adjusted A60/A40",  # artificial (Law 12C2)
    (1, 2): "adjusted +420/-450",  # split (Law 12C1b): each side's own score
}
"""The adjusted scores the director entered, by board and table."""

PLAYED = {1: "4S N 10", 2: "3NT S 9"}
"""What every other table played, by board."""

SLOW = PenaltyRecord("4", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "slow play")
"""A penalty in IMPs (Law 90B2)."""


def _teams() -> tuple[Store, int]:
    """Four teams, a round robin of three rounds of two boards, three adjusted tables."""
    store = open_store("sqlite:///:memory:")
    event = store.create_event(EventSpec("Liga", 6, kind="teams"), movement=round_robin(4, 2))
    movement = store.movement(event)
    assert movement is not None
    for round_number in range(1, movement.rounds + 1):
        for seat in movement.seatings(round_number):
            for board in seat.boards:
                text = DECIDED.get((board, seat.table), PLAYED.get(board, "2H E 8"))
                store.enter_result(event, board, seat.table, Entry.from_str(text))
    # In a round robin the IMPs come off the match of the board named (Law 90): round 1's.
    store.add_penalty(event, replace(SLOW, board=1))
    return store, event


def _pairs() -> tuple[Store, int]:
    """Four pairs scored in cross-IMPs, boards 1-2 at two tables, three adjusted tables."""
    store = open_store("sqlite:///:memory:")
    pairs = [Participant.from_str(f"{n}: P{n}a, P{n}b") for n in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=2, method="cross-imp"), pairs)
    for board in (1, 2):
        for table, (ns, ew) in enumerate((("1", "3"), ("2", "4")), start=1):
            text = DECIDED.get((board, table), PLAYED[board])
            store.enter_result(event, board, table, Entry.from_str(text), ns=ns, ew=ew)
    store.add_penalty(event, SLOW)
    return store, event


def _round_trip(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, store: Store, event: int, lang: Language
) -> tuple[Store, int, dict[str, object], str]:
    """The event published, exported in ``lang``, imported again: the new store, event, JSON, file."""
    store.publish(event)
    with use_language(lang):
        text, _ = store.usebio_text(event)
    source = tmp_path / "export.xml"
    source.write_text(text, encoding="utf-8")
    db = str(tmp_path / "again.sqlite3")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", db, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["published"]["differences"] == []
    return open_store(db), data["event"], data, text


def _entries(store: Store, event: int) -> dict[tuple[int, str, str], str]:
    return {
        (stored.board, stored.ns, stored.ew): stored.entry.to_str()
        for stored in store.results(event)
    }


def _penalties(store: Store, event: int) -> list[tuple[str, str, Fraction, str, str]]:
    return [
        (p.record.participant, p.record.law, p.record.amount, p.record.unit, p.record.reason)
        for p in store.penalties(event)
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("make", [_teams, _pairs], ids=["teams", "pairs"])
def test_law_12c1_12c2_and_90_a_usebio_round_trip_keeps_the_directors_decisions(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    make: Callable[[], tuple[Store, int]],
    lang: Language,
) -> None:
    store, event = make()
    again, imported, data, text = _round_trip(capsys, tmp_path, store, event, lang)
    try:
        before, after = _entries(store, event), _entries(again, imported)
        # Each adjusted score as entered: 4S= N is no played 420, A60/A40 no score at all.
        assert after == before
        assert sorted(entry for entry in after.values() if entry.startswith("adjusted")) == [
            "adjusted +420/-450",
            "adjusted 4S= N",
            "adjusted A60/A40",
        ]
        # A played line is its contract; its score is computed, not repeated.
        assert not any(" score " in entry for entry in after.values())
        # The penalty as recorded: Law 90B2, 3 IMPs, its reason alone.
        assert (
            _penalties(again, imported)
            == _penalties(store, event)
            == [("4", "90B2", Fraction(3), "imps", "slow play")]
        )
        assert [(s.participant, s.total) for s in again.ranking(imported)] == [
            (s.participant, s.total) for s in store.ranking(event)
        ]
        # Published results say so; the imported event starts provisional (Law 79C1).
        assert data["file_results"] == "official"
        assert again.event(imported).published is None
    finally:
        store.close()
        again.close()
    # Other programs read the assigned score's SCORE as before; the note is a comment.
    assert "<SCORE>420</SCORE>" in text or "<SCORE>-420</SCORE>" in text
    note = "Adjusted score (Law 12): 4S= N" if lang == "en" else "(Artículo 12): 4P= N"
    assert note in text


def _noted_row(score: int) -> list[str]:
    """The travellers row of a line whose note says 4S= N and whose SCORE is ``score``."""
    noted = "Adjusted score (Law 12): 4S= N"
    line = usebio.TravellerLine("1", "2", note=noted, result=Result.played(score))
    session = usebio.Session("1", boards=(usebio.Board(1, (line,)),))
    ((_, row, _),) = usebio_lines(usebio.Usebio(usebio.Event(sessions=(session,))))
    return row


def test_law_12c1_a_note_is_the_adjusted_score_only_when_it_gives_the_lines_score() -> None:
    assert _noted_row(420)[7:] == ["", "4S= N"]  # the director's adjusted score
    assert _noted_row(450)[7:] == ["450", ""]  # another score: the file's, plainly


def test_law_90_a_note_in_no_form_arbitro_writes_is_recorded_plainly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store, event = _teams()
    text, _ = store.usebio_text(event)
    store.close()
    # Another program's remark: the ADJUSTMENT is the penalty, Law 90, the remark its reason.
    text = re.sub(r"<!-- Penalty \(Law 90B2\)[^>]*-->", "<!-- late start -->", text)
    source = tmp_path / "other.xml"
    source.write_text(text, encoding="utf-8")
    db = str(tmp_path / "other.sqlite3")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", db)
    assert code == 0, err
    assert AGREE.fullmatch(err)
    again = open_store(db)
    try:
        ((team, law, amount, unit, reason),) = _penalties(again, 1)
        written = usebio.loads(text).event.sessions[0].participants
        adjustment = next(t.adjustment for t in written if t.number == "4")
        assert adjustment is not None
        assert (team, law, amount, unit, reason) == ("4", "90", -adjustment, "vp", "late start")
    finally:
        again.close()


def test_law_90_a_noted_imp_penalty_naming_no_board_is_imported_as_its_adjustment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A round robin's file whose note gives a penalty in IMPs but no board (written
    before the board was asked for): no match can take it (Law 90, the match of the board
    named), so the event is imported with the file's ADJUSTMENT, in victory points, and
    ranks as the file did."""
    store, event = _teams()
    store.publish(event)
    text, _ = store.usebio_text(event)
    assert re.search(r", board \d+", text)
    source = tmp_path / "older.xml"
    source.write_text(re.sub(r", board \d+", "", text), encoding="utf-8")
    db = str(tmp_path / "again.sqlite3")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", db, "--json")
    assert code == 0, err
    again, imported = open_store(db), json.loads(out)["event"]
    [(team, law, _, unit, _)] = _penalties(again, imported)
    assert (team, law, unit) == ("4", "90", "vp")
    assert [(s.participant, s.total) for s in again.ranking(imported)] == [
        (s.participant, s.total) for s in store.ranking(event)
    ]

"""An upheld appeal's score (Law 93) typed in the command's notation, as results are.

``arbitro event decide --score`` reads the result the decision gives the table in the
notation of ``--notation``, by default the command's language: ``4P N 10`` (four spades)
on a Spanish command line, as ``result enter`` reads it. Before, it read English
notation only, so ``4C`` on a Spanish command line was taken as clubs, not hearts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import Ruling
from cli_support import run_cli


def _appealed(tmp_path: Path) -> tuple[str, int]:
    """Board 2 at table 1 ruled on and appealed, with the director hearing appeals (93A)."""
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    try:
        pairs = [Participant.from_str(f"{n}: P{n}a, P{n}b") for n in range(1, 5)]
        event = store.create_event(EventSpec("Club", boards=4), pairs)
        store.keep_committee(event, available=False)
        store.enter_result(event, 2, 1, Entry.from_str("3NT S 9"), ns="1", ew="3")
        store.enter_result(event, 2, 2, Entry.from_str("3NT S 8"), ns="2", ew="4")
        store.add_ruling(event, Ruling(2, 1, "16B1a", "score stands"))
        store.lodge_appeal(event, "3", "no hesitation (signed by P3a, P3b; Law 92D)", 1)
    finally:
        store.close()
    return url, event


def _table_1_board_2(url: str, event: int) -> Entry:
    store = open_store(url)
    try:
        return next(r.entry for r in store.results(event) if (r.board, r.table) == (2, 1))
    finally:
        store.close()


@pytest.mark.parametrize(
    ("arguments", "given"),
    [
        # A contract the decision gives is an assigned adjusted score (Laws 12C1, 93B3).
        (("--lang", "es", "--score", "4C N 10"), "adjusted 4H= N"),
        (("--lang", "es", "--score", "ajustado A60/A40"), "adjusted A60/A40"),
        (("--lang", "es", "--notation", "en", "--score", "4C N 10"), "adjusted 4C= N"),
        (("--score", "4C N 10"), "adjusted 4C= N"),
    ],
)
def test_law_93_an_upheld_decisions_score_is_read_in_the_commands_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, arguments: tuple[str, ...], given: str
) -> None:
    url, event = _appealed(tmp_path)
    status, _, err = run_cli(
        capsys, "event", "decide", str(event), "1", "upheld", "--by", "Ana",
        "--matter", "judgement", "--body", "director", *arguments, "--db", url,
    )  # fmt: skip
    assert status == 0, err
    assert _table_1_board_2(url, event) == Entry.from_str(given)


def test_law_93_a_score_unreadable_in_the_notation_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = _appealed(tmp_path)
    status, _, err = run_cli(
        capsys, "event", "decide", str(event), "1", "upheld", "--by", "Ana",
        "--matter", "judgement", "--body", "director", "--lang", "es",
        "--score", "4S N 10", "--db", url,
    )  # fmt: skip
    assert status == 2
    assert "«4S» no es válido como contrato" in err
    assert "se esperaba ST, P, C, D, T" in err
    assert _table_1_board_2(url, event) == Entry.from_str("3NT S 9")

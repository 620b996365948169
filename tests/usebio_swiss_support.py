"""A Swiss played in a database, exported as USEBIO and imported again: what its tests share.

``tests/test_usebio_swiss_import.py`` (the rounds, matches and byes rebuilt) and
``tests/test_usebio_swiss_round_trip.py`` (a disqualification, the seeding, several
sessions) play a Swiss with :func:`play_swiss`, write it with :func:`export`, read it
into a new database with :func:`imported` and compare the two with :func:`shown` and
:func:`stores`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.store import Store, open_store
from arbitro.tournament.directing import law_91_act
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import swiss_start
from cli_support import run_cli

SCORES = (-800, -500, -200, -100, 100, 110, 140, 150, 170, 200, 500, 800)
"""Scores a contract makes whatever the board's vulnerability (Law 77)."""

AGREE = re.compile(r"Published figures: \d+ compared, all agree with Árbitro's\n")


def play_swiss(
    db: str,
    teams: int | Sequence[str],
    rounds: int,
    *,
    kind: str = "teams",
    bye: Fraction | None = None,
    disqualify: tuple[int, str] | None = None,
    scores: Sequence[int] = SCORES,
) -> None:
    """A Swiss of ``teams`` (or pairs) and ``rounds`` rounds of two boards, every table played.

    Each round is paired from the ranking after the one before it, as ``event pair`` does.
    ``disqualify`` is (round, participant): the participant is disqualified (Law 91B)
    once that round is played, and paired no more.
    """
    store = open_store(db)
    try:
        event = store.create_event(
            EventSpec("Suizo", rounds * 2, kind="teams" if kind == "teams" else "pairs"),
            movement=swiss_start(teams, rounds, 2, teams=kind == "teams"),
            bye_score=bye,
        )
        taken = 0
        for round_ in range(1, rounds + 1):
            if round_ > 1:
                store.pair_next_round(event)
            movement = store.movement(event)
            assert movement is not None
            for seat in movement.seatings(round_):
                for board in seat.boards:
                    score = scores[(taken * 7) % len(scores)]
                    taken += 1
                    store.enter_result(event, board, seat.table, Entry.from_str(f"score {score}"))
            if disqualify is not None and disqualify[0] == round_:
                act = law_91_act("disqualify", "cheating", "Ana", organiser="Club")
                store.log_act(event, "disqualify", f"{disqualify[1]}: {act.to_str()}", by="Ana")
    finally:
        store.close()


def export(capsys: pytest.CaptureFixture[str], db: str, target: Path) -> str:
    """Event 1 of ``db`` exported as USEBIO to ``target``: the file's text."""
    code, _, err = run_cli(capsys, "event", "export", "1", str(target), "--usebio", "--db", db)
    assert code == 0, err
    return target.read_text(encoding="utf-8")


def imported(capsys: pytest.CaptureFixture[str], source: Path, db: str) -> str:
    """``source`` imported into a new database ``db``: the standard error (the comparison)."""
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", db)
    assert code == 0, err
    assert out.startswith("Event 1 imported: ")
    return err


def shown(capsys: pytest.CaptureFixture[str], db: str, *command: str) -> object:
    """What ``arbitro event COMMAND 1 ... --json`` prints for event 1 of ``db``."""
    code, out, err = run_cli(capsys, "event", command[0], "1", *command[1:], "--json", "--db", db)
    assert code == 0, err
    return json.loads(out)


@contextmanager
def stores(first: str, second: str) -> Iterator[tuple[Store, Store]]:
    """Both databases opened, the original and the imported copy; closed when the block ends."""
    original = open_store(first)
    try:
        copy = open_store(second)
        try:
            yield original, copy
        finally:
            copy.close()
    finally:
        original.close()

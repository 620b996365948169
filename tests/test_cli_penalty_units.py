"""``arbitro event penalty`` in each unit (Law 90): a top's percentage, MPs, IMPs, VPs.

A teams event's penalty comes off the offending team's victory points (``1VP``) or off
its match margin in IMPs (``3IMP``); a pairs event's off its matchpoints. The unit
written with the amount is the one recorded; a unit the event cannot take is refused
with its reason and nothing is recorded.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.scoring.imps import imps
from arbitro.scoring.vp import victory_points
from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

MATCH = ((1, 420, -100), (2, -100, 110), (3, 600, 600))
"""Board, North-South's score with A North-South, and with B North-South."""


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exit_.value.code or 0), captured.out, captured.err


def teams_match(tmp_path: Path) -> tuple[str, int, Fraction]:
    url = f"sqlite:///{tmp_path / 'teams.sqlite3'}"
    store = open_store(url)
    spec = EventSpec("Teams", boards=3, kind="teams")
    event = store.create_event(spec, [Participant("A"), Participant("B")])
    for board, here, there in MATCH:
        store.enter_result(event, board, 1, Entry.from_str(f"score {here}"), ns="A", ew="B")
        store.enter_result(event, board, 2, Entry.from_str(f"score {there}"), ns="B", ew="A")
    store.close()
    # A's margin (Law 78B): board 1 +520 (12 IMPs), board 2 -210 (-5), board 3 0.
    return url, event, Fraction(sum(imps(here - there) for _, here, there in MATCH))


def totals(url: str, event: int) -> dict[str, Fraction]:
    store = open_store(url)
    try:
        return {standing.participant: standing.total for standing in store.ranking(event)}
    finally:
        store.close()


def test_law90_teams_penalty_of_one_vp_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event, margin = teams_match(tmp_path)
    home, away = victory_points(margin, 3)
    status, out, _ = run(
        capsys, "event", "penalty", str(event), "A", "1VP", "--reason", "slow play", "--db", url
    )
    assert status == 0
    assert out.strip() == "Penalty 1 recorded: A, 1 victory point (Law 90)"
    assert totals(url, event) == {"A": home - 1, "B": away}


def test_law90_teams_penalty_in_imps_comes_off_the_match_margin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event, margin = teams_match(tmp_path)
    home, _ = victory_points(margin, 3)
    status, _, _ = run(
        capsys,
        "event",
        "penalty",
        str(event),
        "B",
        "3 IMP",
        "--board",
        "2",
        "--reason",
        "late",
        "--db",
        url,
    )
    assert status == 0
    penalised, _ = victory_points(-margin - 3, 3)
    assert totals(url, event) == {"A": home, "B": penalised}


@pytest.mark.parametrize(
    ("kind", "amount", "message"),
    [
        ("teams", "2MP", "a penalty in matchpoints cannot be taken off this event's scores"),
        ("teams", "25%", "it can be given in: IMPs, victory points"),
        ("pairs", "1VP", "it can be given in: a share of a top, matchpoints"),
    ],
)
def test_law90_penalty_in_a_unit_the_event_cannot_take_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, amount: str, message: str
) -> None:
    if kind == "teams":
        url, event, _ = teams_match(tmp_path)
    else:
        url = f"sqlite:///{tmp_path / 'pairs.sqlite3'}"
        store = open_store(url)
        event = store.create_event(EventSpec("Pairs", boards=1), [Participant("1")])
        store.close()
    status, _, err = run(
        capsys,
        "event",
        "penalty",
        str(event),
        "A" if kind == "teams" else "1",
        amount,
        "--reason",
        "x",
        "--db",
        url,
    )
    assert status == 1
    assert message in err
    store = open_store(url)
    assert store.penalties(event) == []
    store.close()


def test_law90_penalty_amount_that_cannot_be_read_names_the_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event, _ = teams_match(tmp_path)
    status, _, err = run(
        capsys, "event", "penalty", str(event), "A", "1 victory", "--reason", "x", "--db", url
    )
    assert status == 2
    assert "invalid penalty amount '1 victory'" in err
    assert "1VP" in err


def test_law90_penalty_amount_with_a_zero_denominator_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event, _ = teams_match(tmp_path)
    status, _, err = run(
        capsys, "event", "penalty", str(event), "A", "1/0 VP", "--reason", "x", "--db", url
    )
    assert status == 2
    assert "invalid penalty amount '1/0 VP'" in err
    assert "Traceback" not in err
    assert "internal error" not in err


@pytest.mark.parametrize("amount", ["9" * 40 + "IMP", "1/" + "9" * 40 + " VP", "9" * 30 + "VP"])
def test_law90_penalty_amount_too_large_to_keep_is_refused_and_nothing_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, amount: str
) -> None:
    url, event, _ = teams_match(tmp_path)
    before = totals(url, event)
    status, _, err = run(
        capsys, "event", "penalty", str(event), "A", amount, "--reason", "x", "--db", url
    )
    assert status == 2  # a usage error: the amount is refused as it is read
    assert "invalid penalty amount" in err
    assert str(2**63 - 1) in err
    assert "Traceback" not in err
    store = open_store(url)
    assert store.penalties(event) == []
    store.close()
    assert totals(url, event) == before

"""A knockout's carry-over (Law 86B: the match is decided on total IMPs, carry-over included).

The conditions of contest give the carry-over to one team of the match: it is never
negative in a teams event (the team behind gives it to its opponents instead), and 0
takes it away. The command line names the argument TEAM,AMOUNT (EQUIPO,CANTIDAD).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.core.errors import ArbitroError
from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin
from cli_support import run_cli


def new_knockout(capsys: pytest.CaptureFixture[str], db: str, *extra: str) -> None:
    """A knockout of four teams in one round of a round robin: 1 v 4, 2 v 3."""
    code, _, err = run_cli(
        capsys,
        "event", "new", "Copa", "--kind", "teams", "--scoring", "knockout", "--movement",
        "round-robin", "--tables", "4", "--rounds", "1", "--boards-per-round", "2", "--db",
        db, *extra,
    )  # fmt: skip
    assert code == 0, err


def test_law_86b_a_negative_carry_over_is_refused_naming_the_other_team_of_the_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "copa.sqlite3")
    new_knockout(capsys, db)
    code, out, err = run_cli(
        capsys, "event", "carry-over", "1", "3,-7.5", "--db", db, "--lang", "en"
    )
    assert (code, out) == (1, "")
    assert "a carry-over is not negative (-7.5)" in err
    assert "give 2, the other team of 3's match, a carry-over of 7.5 instead (2,7.5)" in err
    code, out, err = run_cli(
        capsys, "event", "carry-over", "1", "3,-7.5", "--db", db, "--lang", "es"
    )
    assert code == 1
    # Spanish writes the amount with its comma, and the carry-over to type as typed (2,7.5):
    # passes once the catalog has the message with {typed}.
    assert "un arrastre no es negativo (-7,5)" in err
    assert (
        "dé a 2, el otro equipo del encuentro de 3, un arrastre de 7,5 en su lugar (2,7.5)" in err
    )
    # Nothing was kept: the suggested carry-over is, and 0 takes it away.
    code, out, err = run_cli(capsys, "event", "carry-over", "1", "2,7.5", "--db", db)
    assert (code, out.strip()) == (0, "2: carry-over 7.50 IMP"), err
    store = open_store(db)
    try:
        assert store.carry_overs(1) == {"2": Fraction(15, 2)}
        code, _, err = run_cli(capsys, "event", "carry-over", "1", "2,0", "--db", db)
        assert code == 0, err
        assert store.carry_overs(1) == {}
    finally:
        store.close()


def test_law_86b_event_new_refuses_a_negative_carry_over_naming_the_other_team(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "copa.sqlite3")
    code, _, err = run_cli(
        capsys,
        "event", "new", "Copa", "--kind", "teams", "--scoring", "knockout", "--movement",
        "round-robin", "--tables", "4", "--rounds", "1", "--carry-over", "1,-3", "--db", db,
        "--lang", "en",
    )  # fmt: skip
    assert code == 1
    assert "give 4, the other team of 1's match, a carry-over of 3 instead (4,3)" in err
    code, _, err = run_cli(capsys, "event", "show", "1", "--db", db, "--lang", "en")
    assert code == 1
    assert "there is no event 1" in err


def test_law_86b_the_store_names_the_other_team_from_the_results_entered(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "copa.sqlite3"))
    try:
        event = store.create_event(
            EventSpec("Copa", 1, kind="teams", knockout=True), [Participant("A"), Participant("B")]
        )
        with pytest.raises(ArbitroError) as refused:
            store.set_carry_over(event, "A", Fraction(-2))
        # No movement and no result yet: the match is not known, the refusal says so.
        assert "give the other team of A's match a carry-over of 2 instead" in str(refused.value)
        store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
        with pytest.raises(ArbitroError) as refused:
            store.set_carry_over(event, "A", Fraction(-2))
        assert "give B, the other team of A's match, a carry-over of 2 instead (B,2)" in str(
            refused.value
        )
        assert "Law" not in str(refused.value)
        assert store.carry_overs(event) == {}
    finally:
        store.close()


def test_law_86b_a_teams_event_in_victory_points_refuses_a_negative_carry_over() -> None:
    store = open_store("sqlite:///:memory:")
    try:
        with pytest.raises(ArbitroError, match=r"a carry-over is not negative \(-1\)"):
            store.create_event(
                EventSpec("Liga", 24, kind="teams"),
                movement=round_robin(4, 8),
                carry_over={"2": Fraction(-1)},
            )
        # A pairs event's carry-over from an earlier stage may be below the average.
        event = store.create_event(
            EventSpec("Club", 1),
            [Participant("1"), Participant("2")],
            carry_over={"1": Fraction(-1)},
        )
        assert store.carry_overs(event) == {"1": Fraction(-1)}
    finally:
        store.close()


def test_carry_over_for_a_participant_not_in_the_event_is_refused() -> None:
    store = open_store("sqlite:///:memory:")
    try:
        with pytest.raises(ArbitroError, match="'C' is not a participant of the event"):
            store.create_event(
                EventSpec("Copa", 1, kind="teams", knockout=True),
                [Participant("A"), Participant("B")],
                carry_over={"C": Fraction(1)},
            )
    finally:
        store.close()


@pytest.mark.parametrize(
    ("language", "metavar", "refusal"),
    [
        ("en", "TEAM,AMOUNT", "expected TEAM,AMOUNT, as in B,7.5"),
        ("es", "EQUIPO,CANTIDAD", "se esperaba EQUIPO,CANTIDAD, como B,7.5"),
    ],
)
def test_carry_over_argument_is_a_teams_one_in_both_languages(
    capsys: pytest.CaptureFixture[str], language: str, metavar: str, refusal: str
) -> None:
    for command in (("event", "carry-over"), ("event", "new")):
        code, out, _ = run_cli(capsys, *command, "--help", "--lang", language)
        assert code == 0
        assert metavar in out
        assert "PAIR,AMOUNT" not in out
        assert "PAREJA,CANTIDAD" not in out
    code, _, err = run_cli(capsys, "event", "carry-over", "1", "B", "--lang", language)
    assert code == 2
    assert refusal in " ".join(err.split())
    assert "PAREJA" not in err

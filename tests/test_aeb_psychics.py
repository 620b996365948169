"""Psychic calls under the AEB (section C, Law 40C1) and homogenisation criterion 5.

A psychic is lawful when it rests on no agreement: no penalty, no adjustment. Fielded,
or with an implicit agreement, it is a concealed understanding: the score is adjusted
when the opponents were damaged and a procedural penalty may follow. The register
follows a pair across events by its players and is shown at the pair's next ruling.
Criterion 5: a weak two opened with four cards is a psychic (not with five or seven).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core import Seat
from arbitro.core.deal import Deal
from arbitro.core.suit import Suit
from arbitro.store import open_store
from arbitro.table import Table
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.psychics import weak_two_psychics

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "docs" / "examples" / "ruling-slow-5c.json"
# North: 4 spades; East: 5 hearts; South: 7 diamonds; West: the rest.
DEAL = "N:AKQJ.T98.765.432 T98.AKQJ7.32.AKQ 765.2.AKQJT98.JT 432.6543.4.98765"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exited.value.code or 0), captured.out, captured.err


def club(tmp_path: Path, *pairs: str, name: str = "Monday") -> tuple[str, int]:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    event = store.create_event(
        EventSpec(name, boards=8), [Participant.from_str(pair) for pair in pairs]
    )
    store.close()
    return url, event


def psychic(
    capsys: pytest.CaptureFixture[str], url: str, event: int, pair: str, *extra: str
) -> dict[str, Any]:
    status, out, err = run(
        capsys, "ruling", "psychic", str(event), pair, *extra, "--db", url, "--json"
    )
    assert (status, err) == (0, ""), err
    answer: dict[str, Any] = json.loads(out)
    return answer


def test_aeb_psychic_lawful_psychic_is_recorded_without_penalty_or_adjustment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, "1: Ana #7, Luis #8", "2: Eva #9, Pau #10")
    status, out, _ = run(
        capsys, "ruling", "psychic", str(event), "1", "--board", "3", "--table", "2",
        "--auction", "Pass Pass 1S", "--kind", "psychic", "--db", url,
    )  # fmt: skip
    assert status == 0
    assert (
        out.splitlines()[0]
        == "Psychic 1 recorded for pair 1: board 3, table 2: Pass Pass 1S, psychic"
    )
    assert "lawful: no agreement" in out
    assert "no penalty and no adjustment (AEB, section C)" in out


def test_aeb_psychic_fielded_or_implicit_agreement_adjusts_and_may_penalise_40c1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, "1: Ana #7, Luis #8", "2: Eva #9, Pau #10")
    fielded = psychic(
        capsys, url, event, "1", "--board", "3", "--auction", "1H", "--kind", "psychic",
        "--fielded",
    )["recorded"][0]  # fmt: skip
    assert (fielded["lawful"], fielded["adjust"], fielded["procedural_penalty"]) == (
        False,
        True,
        True,
    )
    assert fielded["laws"] == ["40C1", "12C1e"]
    status, out, _ = run(
        capsys, "ruling", "psychic", str(event), "1", "--board", "6", "--auction", "1H",
        "--kind", "psychic", "--implicit-agreement", "--db", url,
    )  # fmt: skip
    assert status == 0
    assert "a concealed partnership agreement: the score is adjusted" in out
    assert f'arbitro event penalty {event} 1 AMOUNT --board 6 --reason "40C1: …"' in out
    # The register warns: the pair made the same call before.
    assert "a repetition can create an implicit agreement" in out
    status, _, err = run(
        capsys, "event", "penalty", str(event), "1", "10%", "--board", "6",
        "--reason", "40C1: psychic with an implicit agreement", "--db", url,
    )  # fmt: skip
    assert (status, err) == (0, "")
    deviation = psychic(
        capsys, url, event, "2", "--board", "4", "--auction", "1C Pass 2D",
        "--kind", "deviation", "--implicit-agreement",
    )["recorded"][0]  # fmt: skip
    assert deviation["kind"] == "deviation"
    assert deviation["lawful"] is False
    misstatement = psychic(
        capsys, url, event, "2", "--board", "5", "--auction", "3NT", "--kind", "misstatement"
    )["recorded"][0]
    assert misstatement["lawful"] is True


def test_aeb_psychic_register_follows_the_pair_across_events_and_warns_of_repetition(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, monday = club(tmp_path, "1: Ana #7, Luis #8", "2: Eva #9, Pau #10")
    store = open_store(url)
    tuesday = store.create_event(
        EventSpec("Tuesday", boards=8),
        [Participant.from_str("5: Luis #8, Ana #7"), Participant.from_str("6: Eva #9, Rita")],
    )
    store.close()
    psychic(capsys, url, monday, "1", "--board", "3", "--auction", "Pass 1S", "--kind", "psychic")
    status, out, _ = run(capsys, "ruling", "psychics", str(tuesday), "5", "--db", url)
    assert status == 0
    assert out.splitlines() == [
        "Pair 5's register of psychics (1):",
        "  1. Monday, board 3, table -: Pass 1S, psychic",
    ]
    again = psychic(
        capsys, url, tuesday, "5", "--board", "7", "--auction", "Pass 1S", "--kind", "psychic"
    )
    assert again["recorded"][0]["repeated"] is True
    assert [r["event_name"] for r in again["earlier"]] == ["Monday"]
    # Another pair (Eva with another partner) has no record.
    status, out, _ = run(capsys, "ruling", "psychics", str(tuesday), "6", "--db", url)
    assert out.strip() == "Pair 6 has no psychic on record."


def test_aeb_psychic_record_shown_to_the_director_at_the_next_ruling(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, *(f"{n}: Player{n}a, Player{n}b" for n in range(1, 7)))
    store = open_store(url)
    store.enter_result(event, 7, 3, Entry.from_str("6C N 12"), ns="5", ew="6")
    store.close()
    psychic(capsys, url, event, "5", "--board", "2", "--auction", "1D", "--kind", "psychic")
    status, out, _ = run(capsys, "ruling", "record", str(event), str(CASE), "--db", url)
    assert status == 0
    assert "Pair 5's register of psychics (1):" in out.splitlines()
    assert "  1. Monday, board 2, table -: 1D, psychic" in out.splitlines()
    assert "Pair 6's register" not in out


def test_aeb_psychic_bad_input_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url, event = club(tmp_path, "1: Ana, Luis")
    status, _, err = run(capsys, "ruling", "psychic", str(event), "1", "--board", "3", "--db", url)
    assert status == 2
    assert "give --board, --auction and --kind" in err
    status, _, err = run(
        capsys, "ruling", "psychic", str(event), "9", "--board", "3", "--auction", "1S",
        "--kind", "psychic", "--db", url,
    )  # fmt: skip
    assert status == 2
    assert "there is no pair 9 in this event" in err
    status, _, err = run(
        capsys, "ruling", "psychic", str(event), "1", "--board", "3", "--auction", "1Z",
        "--kind", "psychic", "--db", url,
    )  # fmt: skip
    assert status == 2
    assert "--auction:" in err
    assert "Traceback" not in err


def write_log(path: Path, deal: str, *calls: tuple[str, str]) -> Path:
    events = [{"event": "board", "board": 1, "deal": deal}]
    events += [{"event": "call", "seat": seat, "call": call} for seat, call in calls]
    path.write_text("\n".join(json.dumps(e) for e in events) + "\n", encoding="utf-8")
    return path


def test_aeb_homogenisation_5_weak_two_with_four_cards_is_a_psychic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, "1: Ana, Luis", "2: Eva, Pau")
    log = write_log(tmp_path / "b1.jsonl", DEAL, ("N", "2S"), ("E", "Pass"))
    answer = psychic(capsys, url, event, "1", "--log", str(log), "--side", "NS", "--table", "4")
    [found] = answer["recorded"]
    assert (found["board"], found["auction"], found["criterion"]) == (1, ["2S"], "5")
    assert found["kind"] == "psychic"
    assert found["note"] == "weak two with 4 cards"
    status, out, _ = run(capsys, "ruling", "psychics", str(event), "1", "--db", url)
    assert status == 0
    assert "board 1, table 4: 2S, psychic (criterion 5) (weak two with 4 cards)" in out


@pytest.mark.parametrize(
    ("calls", "side"),
    [
        ((("N", "Pass"), ("E", "2H")), "EW"),  # five hearts
        ((("N", "Pass"), ("E", "Pass"), ("S", "2D")), "NS"),  # seven diamonds
    ],
)
def test_aeb_homogenisation_5_weak_two_with_five_or_seven_cards_is_not(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    calls: tuple[tuple[str, str], ...],
    side: str,
) -> None:
    url, event = club(tmp_path, "1: Ana, Luis", "2: Eva, Pau")
    log = write_log(tmp_path / "b1.jsonl", DEAL, *calls)
    pair = "1" if side == "NS" else "2"
    status, out, _ = run(
        capsys, "ruling", "psychic", str(event), pair, "--log", str(log), "--side", side,
        "--db", url,
    )  # fmt: skip
    assert status == 0
    assert out.strip() == (
        "No weak two opened with four cards or fewer: nothing to record (criterion 5)."
    )
    assert run(capsys, "ruling", "psychics", str(event), pair, "--db", url)[1].strip() == (
        f"Pair {pair} has no psychic on record."
    )


def test_aeb_homogenisation_5_only_the_openings_named_as_weak_twos(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, "1: Ana, Luis", "2: Eva, Pau")
    log = write_log(tmp_path / "b1.jsonl", DEAL, ("N", "2S"))
    answer = psychic(
        capsys, url, event, "1", "--log", str(log), "--side", "NS", "--weak-twos", "2H"
    )
    assert answer["recorded"] == []


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["2D", "2H", "2S"]))
def test_aeb_homogenisation_5_finding_exactly_when_the_suit_is_short(
    order: list[int], opening: str
) -> None:
    cards = ["SHDC"[i // 13] + "AKQJT98765432"[i % 13] for i in order]
    hands = []
    for seat in range(4):
        held = cards[seat * 13 : seat * 13 + 13]
        suits = [
            "".join(
                c[1] for c in sorted(held, key=lambda c: "AKQJT98765432".index(c[1])) if c[0] == s
            )
            for s in "SHDC"
        ]
        hands.append(".".join(suits))
    deal = Deal.from_str("N:" + " ".join(hands))
    table = Table(deal, number=1)
    table.call("N", opening)
    found = weak_two_psychics(table, (Seat.NORTH, Seat.SOUTH))
    suit = {"2D": Suit.DIAMONDS, "2H": Suit.HEARTS, "2S": Suit.SPADES}[opening]
    length = deal[Seat.NORTH].length(suit)
    assert bool(found) is (length <= 4)
    if found:
        assert found[0].length == length


def test_aeb_homogenisation_5_in_spanish_the_default_weak_twos_are_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path, "1: Ana, Luis", "2: Eva, Pau")
    log = write_log(tmp_path / "b1.jsonl", DEAL, ("N", "2S"))
    answer = psychic(capsys, url, event, "1", "--log", str(log), "--side", "NS", "--lang", "es")
    [found] = answer["recorded"]
    assert (found["auction"], found["criterion"]) == (["2S"], "5")
    # Named in Spanish notation, hearts only: North's spades are not checked.
    named = psychic(
        capsys, url, event, "2", "--log", str(log), "--side", "NS", "--lang", "es",
        "--weak-twos", "2C",
    )  # fmt: skip
    assert named["recorded"] == []

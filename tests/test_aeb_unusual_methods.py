"""The AEB's highly unusual methods (VEA) through ``arbitro ruling methods`` (Law 40B).

Banned in every competition (list II): destructive methods and 1-level openings that may
be weaker than a pass in the same seat or a king or more below an average hand (7 HCP
or fewer). A method that requires a special defence is allowed only at the levels the
profile names (AEB: national), except the responses of list B (1D artificial over 1C,
1NT forcing over a major), never highly unusual. A call at the table whose agreement
the event does not allow is flagged (40B5).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.laws.authority import authority
from arbitro.store import open_store
from arbitro.table.agreements import ConventionCard
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.methods import card_problems


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exited.value.code or 0), captured.out, captured.err


def card_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "card.txt"
    path.write_text(text, encoding="utf-8")
    return path


def methods(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, Any]:
    status, out, err = run(capsys, "ruling", "methods", *arguments, "--json")
    assert (status, err) == (0, ""), err
    answer: dict[str, Any] = json.loads(out)
    return answer


def test_aeb_unusual_methods_one_level_opening_with_7_hcp_or_fewer_is_banned(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    weak = card_file(tmp_path, "system: Strong pass\n1C: 2+ clubs, 5-10 HCP\n")
    answer = methods(capsys, str(weak), "--level", "national")
    assert answer["problems"] == [{"auction": ["1C"], "kind": "weak_opening", "law": "40B2a"}]
    status, out, _ = run(capsys, "ruling", "methods", str(weak))
    assert status == 0
    assert "7 HCP or fewer), banned in every competition (Law 40B2a)" in out
    sound = card_file(tmp_path, "1C: 2+ clubs, 8-15 HCP\nPass 1S: 5+ spades, 8+ PH\n")
    status, out, _ = run(capsys, "ruling", "methods", str(sound))
    assert out.strip() == "The card's methods are allowed at level club (AEB)."
    # The WBF profile names no such ban.
    assert methods(capsys, str(weak), "--profile", "wbf")["problems"] == []


def test_aeb_unusual_methods_destructive_method_is_banned_at_every_level(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(tmp_path, "2C: any hand, to consume space (destructive)\n")
    for level in ("club", "regional", "national"):
        kinds = [p["kind"] for p in methods(capsys, str(card), "--level", level)["problems"]]
        assert kinds == ["destructive"]


def test_aeb_unusual_methods_special_defence_only_at_the_national_level(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(tmp_path, "2D: multi, a weak two in a major (special defence) (alert)\n")
    assert [p["kind"] for p in methods(capsys, str(card), "--level", "club")["problems"]] == [
        "special_defence"
    ]
    assert methods(capsys, str(card), "--level", "national")["problems"] == []
    assert methods(capsys, str(card), "--profile", "wbf", "--level", "national")["problems"]


def test_aeb_unusual_methods_flags_the_call_at_the_table_40b5(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(tmp_path, "1S: 4+ spades, 6-11 HCP\n1NT: 15-17\n")
    log = tmp_path / "b1.jsonl"
    log.write_text(
        "\n".join(
            json.dumps(e)
            for e in (
                {"event": "board", "board": 1, "deal": str(EXAMPLE_DEAL)},
                {"event": "call", "seat": "N", "call": "1S"},
                {"event": "call", "seat": "E", "call": "Pass"},
            )
        ),
        encoding="utf-8",
    )
    answer = methods(capsys, str(card), "--log", str(log), "--side", "NS")
    assert answer["calls"] == [
        {"call_number": 1, "seat": "N", "kind": "weak_opening", "law": "40B5"}
    ]
    status, out, _ = run(capsys, "ruling", "methods", str(card), "--log", str(log), "--side", "NS")
    assert status == 0
    assert out.splitlines()[-1] == (
        "Call 1 by North is illegal for this event: the score is adjusted if the opponents "
        "were damaged, and a procedural penalty may follow (Law 40B5)"
    )
    # East-West's calls are not the card's.
    assert methods(capsys, str(card), "--log", str(log), "--side", "EW")["calls"] == []


def test_aeb_unusual_methods_card_kept_with_the_event_under_its_profile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    aeb = store.create_event(EventSpec("AEB", boards=8), [Participant("1")])
    wbf = store.create_event(EventSpec("WBF", boards=8, profile="wbf"), [Participant("1")])
    store.close()
    card = card_file(tmp_path, "1D: 0-7 HCP, any shape\n")
    for event in (aeb, wbf):
        assert run(capsys, "ruling", "card", str(event), "1", str(card), "--db", url)[0] == 0
    assert methods(capsys, "1", "--event", str(aeb), "--db", url)["problems"]
    assert methods(capsys, "1", "--event", str(wbf), "--db", url)["problems"] == []


def test_aeb_unusual_methods_bad_input_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(tmp_path, "1C: 8-15 HCP\n")
    status, _, err = run(capsys, "ruling", "methods", str(card), "--level", "world")
    assert status == 2
    assert "--level: invalid event level 'world': expected one of club, regional, national" in err
    status, _, err = run(capsys, "ruling", "methods", str(card), "--log", str(card))
    assert status == 2
    assert "--side: give the pair's side at the table" in err
    assert "Traceback" not in err


@given(st.integers(min_value=0, max_value=20), st.integers(min_value=0, max_value=6))
def test_aeb_unusual_methods_banned_exactly_below_eight_points(least: int, spread: int) -> None:
    card = ConventionCard.from_text("1", f"1H: 4+ hearts, {least}-{least + spread} HCP")
    problems = card_problems(card, authority("aeb"), "club")
    assert bool(problems) is (least <= 7)


def test_aeb_unusual_methods_card_and_answer_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(
        tmp_path, "sistema: Estándar\n1T: 2+ tréboles, 5-10 PH\n2C: débil (destructiva)\n"
    )
    status, out, _ = run(capsys, "ruling", "methods", str(card), "--lang", "es")
    assert status == 0
    assert out.splitlines() == [
        "1T (2+ tréboles, 5-10 PH): una apertura a nivel 1 que puede tener un Rey o más por "
        "debajo de una mano media (7 PH o menos), prohibida en todas las competiciones "
        "(Artículo 40B2a)",
        "2C (débil): un método destructivo, para consumir espacio de subasta, prohibido en "
        "todas las competiciones (Artículo 40B2a)",
    ]


def test_aeb_unusual_methods_checked_against_the_level_kept_with_the_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    event = store.create_event(EventSpec("Cup", boards=8), [Participant("1")])
    store.close()
    card = card_file(tmp_path, "2D: multi (special defence) (alert)\n")
    assert run(capsys, "ruling", "card", str(event), "1", str(card), "--db", url)[0] == 0
    assert run(capsys, "ruling", "level", str(event), "--db", url)[1].strip() == "club"
    kinds = [
        p["kind"] for p in methods(capsys, "1", "--event", str(event), "--db", url)["problems"]
    ]
    assert kinds == ["special_defence"]
    status, out, _ = run(capsys, "ruling", "level", str(event), "National", "--db", url)
    assert (status, out.strip()) == (0, f"Event {event} is at level national")
    answer = methods(capsys, "1", "--event", str(event), "--db", url)
    assert (answer["level"], answer["problems"]) == ("national", [])
    status, _, err = run(capsys, "ruling", "level", str(event), "world", "--db", url)
    assert status == 2
    assert "invalid event level 'world': expected one of club, regional, national" in err


def test_aeb_unusual_methods_list_b_1d_over_1c_and_forcing_1nt_are_not_highly_unusual(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(
        tmp_path,
        "1C Pass 1D: artificial, negative or forcing (special defence) (alert)\n"
        "Pass 1H Pass 1NT: forcing one round, no game values (special defence)\n"
        "1S Pass 1NT: forcing one round, no game values (special defence)\n"
        "1C 1H 1D: artificial (special defence)\n"
        "2D: multi, a weak two in a major (special defence) (alert)\n",
    )
    answer = methods(capsys, str(card), "--level", "club")
    # Only 2D and the 1D over an overcall are refused: list B names the responses to an
    # uncontested opening, in any seat.
    assert [p["auction"] for p in answer["problems"]] == [["1C", "1H", "1D"], ["2D"]]
    # The WBF profile has no list B: every special-defence method waits for its level.
    wbf = methods(capsys, str(card), "--profile", "wbf", "--level", "club")
    assert len(wbf["problems"]) == 5


def test_aeb_unusual_methods_list_ii_an_opening_weaker_than_a_pass_is_banned(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    strong_pass = card_file(
        tmp_path, "system: Strong pass\nPass: 13+ HCP, any shape\n1D: 8-12 HCP, any shape\n"
    )
    answer = methods(capsys, str(strong_pass), "--level", "national")
    assert answer["problems"] == [{"auction": ["1D"], "kind": "weaker_than_pass", "law": "40B2a"}]
    status, out, _ = run(capsys, "ruling", "methods", str(strong_pass))
    assert status == 0
    assert out.strip() == (
        "1D (8-12 HCP, any shape): a 1-level opening that may be weaker than a pass in the "
        "same seat, banned in every competition (Law 40B2a)"
    )
    assert methods(capsys, str(strong_pass), "--profile", "wbf")["problems"] == []
    # A pass that may be as weak as the opening says nothing against it; nor in another seat.
    sound = card_file(tmp_path, "Pass: 0-11 HCP\n1D: 11-15 HCP\nPass Pass: 13+ HCP\n")
    assert methods(capsys, str(sound))["problems"] == []


def test_aeb_unusual_methods_list_ii_weaker_than_a_pass_flags_the_call_40b5(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(tmp_path, "Pass: 13+ HCP\n1S: 8-12 HCP\n")
    log = tmp_path / "b1.jsonl"
    log.write_text(
        "\n".join(
            json.dumps(e)
            for e in (
                {"event": "board", "board": 1, "deal": str(EXAMPLE_DEAL)},
                {"event": "call", "seat": "N", "call": "1S"},
            )
        ),
        encoding="utf-8",
    )
    answer = methods(capsys, str(card), "--log", str(log), "--side", "NS")
    assert answer["calls"] == [
        {"call_number": 1, "seat": "N", "kind": "weaker_than_pass", "law": "40B5"}
    ]


def test_aeb_unusual_methods_weaker_than_a_pass_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    card = card_file(tmp_path, "Paso: 13+ PH\n1D: 8-12 PH\n")
    status, out, _ = run(capsys, "ruling", "methods", str(card), "--lang", "es")
    assert status == 0
    assert out.strip() == (
        "1D (8-12 PH): una apertura a nivel 1 que puede ser más débil que un paso en la "
        "misma posición, prohibida en todas las competiciones (Artículo 40B2a)"
    )

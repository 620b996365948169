"""A ruling's (and a penalty's) Law is a Law of the 2007 code: ``12C1c``, ``27B1b``, ``90``.

What cannot be one (``99Z``, Law 12's section D, a word) is refused where the director
types it, on the command line and the desk, naming the text and what was expected, and
nothing is recorded; a ruling recorded before the check is still read back as it was.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.laws.references import LAW_SECTIONS, InvalidLawError, is_law_reference, law_reference
from arbitro.store import Store, open_store
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.tournament.event import EventSpec
from arbitro.tournament.records import InvalidRecordError, PenaltyKind, PenaltyRecord, Ruling
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store and director fixtures


@pytest.mark.parametrize(
    "law", ["1", "12C1c", "27B1b", "90", "16B1a", "12C1e(i)", "12Ba", "93C3", "20G1", " 40B2a "]
)
def test_law_references_of_the_code_are_accepted(law: str) -> None:
    assert law_reference(law) == law.strip()
    assert is_law_reference(law)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Law 12", "12"),
        ("Artículo 43B2(b)", "43B2b"),
        ("art. 16b1(a)", "16B1a"),
        ("Ley 12C1e(i)", "12C1e(i)"),
        ("12c1c", "12C1c"),
        ("50D2(a)", "50D2a"),
    ],
)
def test_law_references_as_a_director_types_them_are_kept_in_the_codes_form(
    typed: str, kept: str
) -> None:
    """The word before the number left out, the section in capitals, ``(b)`` written bare."""
    assert law_reference(typed) == kept
    assert law_reference(kept) == kept


@pytest.mark.parametrize(
    ("law", "reason"),
    [
        ("99Z", "the Laws of the 2007 code are numbered 1 to 93"),
        ("94", "the Laws of the 2007 code are numbered 1 to 93"),
        ("0", "expected a Law of the 2007 code"),
        ("012C", "expected a Law of the 2007 code"),
        ("Law", "expected a Law of the 2007 code"),
        ("Ley 12 C", "expected a Law of the 2007 code"),
        ("12C1(cc)", "expected a Law of the 2007 code"),
        ("12C1c2", "expected a Law of the 2007 code"),
        ("", "expected a Law of the 2007 code"),
        ("12D", "Law 12 has sections A to C"),
        ("93D1", "Law 93 has sections A to C"),
        ("71A", "Law 71 has no lettered sections"),
    ],
)
def test_law_references_outside_the_code_are_refused_naming_text_and_expectation(
    law: str, reason: str
) -> None:
    with pytest.raises(InvalidLawError) as refused:
        law_reference(law)
    assert f"invalid Law '{law}'" in str(refused.value)
    assert reason in str(refused.value)
    assert refused.value.status == 422
    assert not is_law_reference(law)


def test_law_sections_cover_the_93_laws_with_letters_in_order() -> None:
    assert sorted(LAW_SECTIONS) == list(range(1, 94))
    for number, letters in LAW_SECTIONS.items():
        assert letters == "ABCDEFG"[: len(letters)], number
    assert (LAW_SECTIONS[20], LAW_SECTIONS[44], LAW_SECTIONS[88]) == ("ABCDEFG", "ABCDEFG", "")


def test_ruling_refuses_a_law_outside_the_code_and_takes_several_laws_with_regulation_g() -> None:
    with pytest.raises(InvalidLawError):
        Ruling(1, 1, "99Z", "made up")
    with pytest.raises(InvalidLawError):
        Ruling(1, 1, "12C1c, 12D", "the second is no Law")
    assert Ruling(1, 1, "16B1a, 12C1e, AEB-G", "worksheet").law == "16B1a, 12C1e, AEB-G"
    assert Ruling(1, 1, " 43B2(b),90b8 ", "typed").law == "43B2b, 90B8"
    assert Ruling(1, 1, "99Z", "read back", recorded=True).law == "99Z"


def test_law_90_penalty_refuses_a_law_outside_the_code() -> None:
    def penalty(
        law: str, kind: PenaltyKind = PenaltyKind.PROCEDURAL, recorded: bool = False
    ) -> PenaltyRecord:
        return PenaltyRecord("3", kind, Fraction(1, 4), "top", law, "", recorded=recorded)

    assert penalty("90B8").law == "90B8"
    assert penalty("AEB-G").law == "AEB-G"
    with pytest.raises(InvalidLawError):
        penalty("90Z")
    with pytest.raises(InvalidRecordError, match="applies Law 91"):
        penalty("90B8", PenaltyKind.DISCIPLINARY)
    assert penalty("90Z", recorded=True).law == "90Z"  # as an older record holds it
    # Only the AEB's regulation G passes beside the Laws, kept in one form.
    assert penalty(" aeb-g ").law == "AEB-G"
    with pytest.raises(InvalidLawError):
        penalty("AEB-X")
    # The Law as typed is kept in the code's form, so it reads back the same.
    assert penalty(" Artículo 90B2 ").law == "90B2"
    assert penalty("90B2", recorded=True).law == "90B2"


def test_law_90_a_penalty_law_typed_with_spaces_leaves_the_event_readable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    assert run_cli(capsys, "event", "new", "Martes", "--boards", "2", "--pair", "1", "--pair", "2",
                   "--db", db)[0] == 0  # fmt: skip
    status, _, err = run_cli(
        capsys, "event", "penalty", "1", "1", "25%", "--law", " 90B2 ", "--reason", "slow",
        "--db", db,
    )  # fmt: skip
    assert status == 0, err
    for command in (("event", "show", "1"), ("event", "ranking", "1")):
        status, _, err = run_cli(capsys, *command, "--db", db)
        assert status == 0, err
    assert "Law 90B2)" in run_cli(capsys, "event", "show", "1", "--db", db)[1]


def test_cli_event_ruling_refuses_law_99z_and_records_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    assert run_cli(capsys, "event", "new", "Martes", "--boards", "2", "--db", db)[0] == 0
    status, out, err = run_cli(
        capsys, "event", "ruling", "1", "--board", "1", "--law", "99Z", "--text", "made up",
        "--db", db,
    )  # fmt: skip
    assert status != 0
    assert "invalid Law '99Z'" in err
    assert "numbered 1 to 93" in err
    assert "Traceback" not in out + err
    status, _, err = run_cli(
        capsys, "event", "ruling", "1", "--board", "1", "--law", "16B1a", "--text", "stands",
        "--db", db,
    )  # fmt: skip
    assert status == 0, err
    opened = open_store(db)
    try:
        assert [ruling.law for _, ruling in opened.rulings(1)] == ["16B1a"]
    finally:
        opened.close()


def test_desk_table_ruling_form_refuses_law_99z_and_saves_nothing(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=2))
    store.keep_deals(event, {1: Deal.from_str(str(EXAMPLE_DEAL))})
    assert client.get("/director/table", params={"event": event, "board": 1}).status_code == 200
    refused = client.post(
        "/director/table/save",
        params={"event": event, "board": 1},
        data={"csrf_token": csrf, "law": "99Z", "text": "made up", "table_number": "1"},
    )
    assert refused.status_code == 422
    assert "99Z" in refused.text
    assert "numbered 1 to 93" in refused.text
    assert store.rulings(event) == []


def test_ruling_recorded_before_the_check_is_read_back_as_it_was(store: Store) -> None:
    event = store.create_event(EventSpec("Club", boards=2))
    store.add_ruling(event, Ruling(1, 1, "99Z", "an older record", recorded=True))
    assert [ruling.law for _, ruling in store.rulings(event)] == ["99Z"]

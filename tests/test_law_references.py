"""A ruling's (and a penalty's) Law is a Law of the 2007 code: ``12C1c``, ``27B1b``, ``90``.

What cannot be one (``99Z``, Law 12's section D, a word) is refused where the director
types it, on the command line and the desk, naming the text and what was expected, and
nothing is recorded; a ruling recorded before the check is still read back as it was.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.i18n import use_language
from arbitro.laws.references import (
    LAW_LETTERS,
    LAW_SECTIONS,
    LAW_SUBSECTIONS,
    InvalidLawError,
    is_law_reference,
    law_reference,
)
from arbitro.store import Store, open_store
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import InvalidRecordError, PenaltyKind, PenaltyRecord, Ruling
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store and director fixtures


@pytest.mark.parametrize(
    "law",
    [
        "1",
        "12C1c",
        "27B1b",
        "90",
        "16B1a",
        "12C1e(i)",
        "12Ba",
        "93C3",
        "20G1",
        " 40B2a ",
        # The 2007 code's numbering where the AEB's text letters or bullets the parts.
        "9B1a",
        "9B1d",
        "9B2",
        "12A3",
    ],
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


@pytest.mark.parametrize(
    ("law", "reason"),
    [
        ("90B8x", "Law 90B8 has no lettered parts"),
        ("90B9", "Law 90B has subsections 1 to 8"),
        ("12C9", "Law 12C has subsections 1 to 4"),
        ("27B7", "Law 27B has subsections 1 to 4"),
        ("12C1g", "Law 12C1 has parts a to f"),
        ("Ley 12C1g(i)", "Law 12C1 has parts a to f"),
        ("80B2m", "Law 80B2 has parts a to l"),
        ("9Be", "Law 9B has parts a to d"),
        ("16Ba", "Law 16B has subsections 1 to 3"),
        ("90A1", "Law 90A has no numbered subsections"),
        ("9B3", "Law 9B has subsections 1 to 2"),
        ("9B1e", "Law 9B1 has parts a to d"),
        ("12A4", "Law 12A has subsections 1 to 3"),
        ("73E2", "Law 73E has no numbered subsections"),
        ("44Ca", "Law 44C has no lettered parts"),
    ],
)
def test_law_references_to_a_part_the_code_lacks_are_refused_naming_what_the_law_has(
    law: str, reason: str
) -> None:
    """A subsection or small letter the AEB's text does not have: the message says what it has."""
    with pytest.raises(InvalidLawError) as refused:
        law_reference(law)
    assert str(refused.value) == f"invalid Law '{law}': {reason}"
    assert not is_law_reference(law)


def test_law_references_to_a_part_the_code_lacks_are_refused_in_spanish() -> None:
    """«el Artículo 90B tiene los puntos 1 a 8»: the catalog's words for the parts."""
    refused = {}
    for law in ("90B9", "90A1", "12C1g", "90B8x"):
        with pytest.raises(InvalidLawError) as error, use_language("es"):
            law_reference(law)
        with use_language("es"):
            refused[law] = str(error.value)
    assert refused == {
        "90B9": "«90B9» no es válido como artículo: el Artículo 90B tiene los puntos 1 a 8",
        "90A1": "«90A1» no es válido como artículo: el Artículo 90A no tiene puntos numerados",
        "12C1g": "«12C1g» no es válido como artículo: el Artículo 12C1 tiene los subapartados a) a f)",
        "90B8x": "«90B8x» no es válido como artículo: el Artículo 90B8 no tiene subapartados con letra",
    }


@pytest.mark.parametrize(
    "law",
    ["12B1", "12B2", "12Ba", "12Bb", "16B1a", "16B1b", "21B1c", "9Bd", "80B2l", "93C3b",
     "64B7", "74C8", "20F6", "20F2a", "40B6b", "12C4", "27B1b", "12C1e(ii)"],
)  # fmt: skip
def test_law_references_to_each_part_of_the_aebs_text_are_accepted(law: str) -> None:
    """The last part of a list, and the 2007 code's parts the AEB sets otherwise (12B1, 16B1b, 21B1c)."""
    assert law_reference(law) == law


def test_law_parts_are_numbered_and_lettered_from_the_first_and_hang_off_sections() -> None:
    for section, last in LAW_SUBSECTIONS.items():
        number, letter = int(section[:-1]), section[-1]
        assert letter in LAW_SECTIONS[number], section
        assert 1 <= last <= 12, section
    for part, last_letter in LAW_LETTERS.items():
        section, subsection = part[: len(part.rstrip("0123456789"))], part.lstrip("0123456789")[1:]
        assert section[-1] in LAW_SECTIONS[int(section[:-1])], part
        assert not subsection or int(subsection) <= LAW_SUBSECTIONS[section], part
        assert "a" <= last_letter <= "l", part
    assert (LAW_SUBSECTIONS["90B"], LAW_SUBSECTIONS["64B"], LAW_LETTERS["16C2"]) == (8, 7, "d")


_ROOT = Path(__file__).resolve().parent.parent
_PART = r"\d{1,2}[A-H](?:\d{1,2}(?:[a-z]|\([a-z]\))?|[a-z]?)(?:\([ivx]+\))?"
_CITED = re.compile(
    r"(?:\bLaws?|\bLey(?:es)?|\bArt[íi]culos?|\bArt\.|\blaws?=|\blaw\b)\W{0,3}"
    rf"((?:{_PART}(?![\w])(?:\s*(?:,|and|y|or|o|to|-|–)\s*)?)+)"
)
_ANY_PART = re.compile(rf"(?<![\w/]){_PART}(?![\w])")
_SUBSECTION = re.compile(
    r"(?<![\w/])\d{1,2}[A-H]\d{1,2}(?:[a-z]|\([a-z]\))?(?:\([ivx]+\))?(?![\w/])"
)


def _references_cited() -> dict[str, set[str]]:
    """Each Law reference Árbitro cites, with the files it is in: after a word for a Law
    (``Law 27B1a``, ``law="16B1a"``, ``Laws 12C1e and 16B1a``), and any reference with a
    subsection, in the code and in the director's documentation."""
    found: dict[str, set[str]] = {}
    sources = [*(_ROOT / "src" / "arbitro").rglob("*"), *(_ROOT / "docs").glob("*.md")]
    for path in sources:
        if path.suffix not in (".py", ".html", ".js", ".toml", ".md", ".json"):
            continue
        if path.name == "references.py":  # its examples of references refused
            continue
        text = path.read_text(encoding="utf-8")
        cited = [part for match in _CITED.finditer(text) for part in _ANY_PART.findall(match[1])]
        for reference in [*cited, *_SUBSECTION.findall(text)]:
            found.setdefault(reference, set()).add(str(path.relative_to(_ROOT)))
    return found


def test_law_references_cited_by_arbitro_and_its_documentation_are_all_accepted() -> None:
    """The table, the rulings, the messages and the docs never cite a Law the checker refuses."""
    found = _references_cited()
    assert {"16B1a", "27B1b", "12C1e", "90B8", "12B1", "64B7", "31A2b"} <= set(found)
    assert len(found) > 250
    refused = {law: sorted(files) for law, files in found.items() if not is_law_reference(law)}
    assert refused == {}


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
    # A part below a section was checked for its shape only: such a record still reads.
    store.add_ruling(event, Ruling(1, 1, "90B8x", "an older record", recorded=True))
    assert [ruling.law for _, ruling in store.rulings(event)] == ["99Z", "90B8x"]
    with pytest.raises(InvalidLawError, match="Law 90B8 has no lettered parts"):
        Ruling(1, 1, "90B8x", "typed now")


def test_law_90_penalty_recorded_with_a_part_the_code_lacks_is_read_back(store: Store) -> None:
    event = store.create_event(EventSpec("Club", boards=2), [Participant("3")])
    older = PenaltyRecord(
        "3", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B9", "", recorded=True
    )
    store.add_penalty(event, older)
    assert [stored.record.law for stored in store.penalties(event)] == ["90B9"]
    with pytest.raises(InvalidLawError, match="Law 90B has subsections 1 to 8"):
        PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B9", "")

"""``arbitro claim check``: the statement typed and read back in the director's language.

A Spanish director types ``todas: impasse T10`` and reads the statement in Spanish words
and notation; ``--json`` and the log keep the English form. Cards in the line are
printed with the ten as ``10`` in both languages, as the pages print them.
"""

from __future__ import annotations

import json

import pytest

from cli_support import run_cli

END_POSITION = "docs/examples/claim-end-position.jsonl"  # South to play, hearts trumps, 3 left
DISPUTED = "docs/examples/claim-disputed.jsonl"  # the log's claim: "C", the clubs


def test_law_68c_spanish_statement_is_read_and_written_back_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(
        capsys, "--lang", "es", "claim", "check", END_POSITION,
        "--claim", "todas: impasse T10", "--no-double-dummy",
    )  # fmt: skip
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "Reclamación de Sur: todas: impasse T10 (3 de 3 bazas restantes)"
    assert "Oeste ♣10" in out
    assert "♣T" not in out


def test_law_68c_english_statement_under_spanish_is_written_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(
        capsys, "--lang", "es", "claim", "check", END_POSITION,
        "--claim", "all: draw trumps, T", "--no-double-dummy",
    )  # fmt: skip
    assert status == 0, err
    assert out.splitlines()[0].startswith("Reclamación de Sur: todas: arrastrar triunfos, T (")


def test_law_68c_sacar_triunfos_is_read_as_drawing_trumps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(
        capsys, "--lang", "es", "claim", "check", END_POSITION,
        "--claim", "todas: sacar triunfos, T", "--no-double-dummy",
    )  # fmt: skip
    assert status == 0, err
    assert out.splitlines()[0].startswith("Reclamación de Sur: todas: arrastrar triunfos, T (")


def test_law_68c_spanish_words_are_read_under_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(
        capsys, "--lang", "en", "claim", "check", END_POSITION,
        "--claim", "todas: impasse CT", "--no-double-dummy",
    )  # fmt: skip
    assert status == 0, err
    assert out.splitlines()[0] == "Claim by South: all: finesse CT (3 of 3 tricks left)"
    assert "West ♣10" in out  # the ten printed as the pages print it
    assert "♣T" not in out


def test_law_68c_json_keeps_the_english_statement(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(
        capsys, "--lang", "es", "claim", "check", END_POSITION,
        "--claim", "cede 1: fallo P, impasse T10", "--no-double-dummy", "--json",
    )  # fmt: skip
    assert status == 0, err
    assert json.loads(out)["statement"] == "concede 1: ruff S, finesse CT"


def test_law_68c_logged_statement_is_written_in_the_spanish_notation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(
        capsys, "--lang", "es", "claim", "check", DISPUTED, "--no-double-dummy"
    )
    assert status == 0, err
    # The log's "C" is the English clubs: a Spanish director reads T, not C (hearts).
    assert out.splitlines()[0].startswith("Reclamación de Sur: 3: T (")


def test_law_68c_statement_refused_by_the_checker_is_quoted_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run_cli(
        capsys, "--lang", "en", "claim", "check", END_POSITION,
        "--claim", "cede 9", "--no-double-dummy",
    )  # fmt: skip
    assert status == 2
    assert "invalid claim statement 'cede 9': 3 tricks are left, fewer than the 9 it names" in err


def test_law_70d3_card_played_not_held_is_quoted_as_typed_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run_cli(
        capsys, "--lang", "es", "claim", "check", END_POSITION,
        "--claim", "todas: jugadas CA", "--no-double-dummy",
    )  # fmt: skip
    assert status == 2
    assert "«todas: jugadas CA»" in err
    assert "♥A" in err
    assert "all: played HA" not in err


def test_law_68c_help_names_the_spanish_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "--lang", "en", "claim", "check", "--help")
    assert status == 0
    flat = " ".join(out.split())
    assert "todas" in flat
    assert "impasse" in flat
    assert "fallo" in flat

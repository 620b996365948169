"""``claim check --seat`` reads the seat in the language of ``--lang``, as ``result enter
--declarer`` does: in Spanish West is ``O`` (Oeste).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli

END_POSITION = Path(__file__).parents[1] / "docs" / "examples" / "claim-end-position.jsonl"


def _check(lang: str, seat: str) -> list[str]:
    return ["--lang", lang, "claim", "check", str(END_POSITION), "--claim", "all", "--seat", seat]


def test_cli_claim_check_reads_a_spanish_seat_under_lang_es(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_cli(capsys, *_check("es", "O"), "--no-double-dummy")
    assert code == 0, err
    assert out.splitlines()[0] == "Reclamación de Oeste: todas (3 de 3 bazas restantes)"


def test_cli_claim_check_reads_the_seat_in_english_under_lang_en(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_cli(capsys, *_check("en", "W"), "--no-double-dummy")
    assert code == 0, err
    assert out.splitlines()[0] == "Claim by West: all (3 of 3 tricks left)"
    code, _, err = run_cli(capsys, *_check("en", "O"), "--no-double-dummy")
    assert (code, err) == (
        2,
        "arbitro claim check: invalid seat 'O': expected one of N, E, S, W; "
        "'O' is in Spanish notation: write W\n",
    )


def test_cli_claim_check_names_the_spanish_seats_when_one_is_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run_cli(capsys, *_check("es", "X"), "--no-double-dummy")
    assert code == 2
    assert err == (
        "arbitro claim check: «X» no es válido como asiento: se esperaba uno de estos: N, E, S, O\n"
    )

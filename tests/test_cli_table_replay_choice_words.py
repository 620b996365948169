"""``arbitro table replay``: a decision's choices written and read in the director's language.

A Spanish replay offers ``aceptar`` and ``rechazar`` and its rulings say what was
chosen in the sentence the decision offered (``Sur: no aceptarla: ...``); a log may
answer with either word and keeps the English one (its canonical form), as do the JSON
and a PBN note read back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.formats.pbn import dumps, loads
from arbitro.formats.pbn.tables import game_of, table_of
from arbitro.i18n import use_language
from arbitro.table.choice_words import SPANISH_CHOICES, choice_read, choice_written
from arbitro.table.events import DecisionEvent
from arbitro.table.log import load
from arbitro.table.report import report_lines
from cli_support import run_cli

INSUFFICIENT = "tests/scenarios/law_27b1a_lowest_natural.jsonl"  # South refuses 1♥ (27B)
BOARD = '{"event": "board", "board": 1, "deal": "N:AKJ52.K74.A73.86 Q7.AQJ963.K5.J92 T986.852.QJ4.AK4 43.T.T9862.QT753"}'
INSUFFICIENT_BID = [BOARD, '{"event": "call", "seat": "N", "call": "1S"}',
                    '{"event": "call", "seat": "E", "call": "1H"}']  # fmt: skip


def _log(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "table.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_law_27_spanish_replay_offers_the_choices_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run_cli(
        capsys, "--lang", "es", "table", "replay", _log(tmp_path, *INSUFFICIENT_BID)
    )
    assert status == 0, err
    assert "  aceptar (Artículo 27A1): " in out
    assert "  rechazar (Artículo 27B): " in out
    assert "accept" not in out
    assert "refuse" not in out


def test_law_27b_spanish_replay_writes_the_option_chosen_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "--lang", "es", "table", "replay", INSUFFICIENT)
    assert status == 0, err
    assert "  Artículo 27B (Sur: no aceptarla: el infractor la sustituye): " in out


def test_law_27b_english_replay_writes_the_option_chosen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "--lang", "en", "table", "replay", INSUFFICIENT)
    assert status == 0, err
    assert "  Law 27B (South: do not accept it: the offender replaces it): " in out


@pytest.mark.parametrize("word", ["rechazar", "Rechazar", "refuse"])
def test_law_27b_log_answers_in_either_language_and_keeps_the_english_word(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, word: str
) -> None:
    path = _log(
        tmp_path, *INSUFFICIENT_BID, f'{{"event": "decision", "by": "S", "choice": "{word}"}}'
    )
    status, out, err = run_cli(capsys, "--lang", "en", "table", "replay", path, "--json")
    assert status == 0, err
    rulings = json.loads(out)["rulings"]
    assert [(ruling["law"], ruling["by"], ruling["choice"]) for ruling in rulings] == [
        ("27B", "S", "refuse")
    ]
    assert load(path).events[-1] == DecisionEvent("S", "refuse")


def test_law_27_an_answer_not_offered_names_the_options_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _log(
        tmp_path, *INSUFFICIENT_BID, '{"event": "decision", "by": "S", "choice": "aceptarla"}'
    )
    status, _, err = run_cli(capsys, "--lang", "es", "table", "replay", path)
    assert status == 2
    assert "«aceptarla» no es una opción aquí; las opciones son aceptar, rechazar" in err


def test_law_57a_options_are_offered_and_answered_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario = Path("tests/scenarios/law_57a1_premature_play_partner_plays_highest.jsonl")
    lines = scenario.read_text(encoding="utf-8").splitlines()
    answer = lines.index('{"event": "decision", "by": "N", "choice": "highest"}')
    with use_language("es"):
        offered = report_lines(load(_log(tmp_path, *lines[:answer])))
    assert [line.split(" (")[0] for line in offered[-3:]] == [
        "  alta",
        "  baja",
        "  prohibir [♣, ♦, ♥]",
    ]
    spanish = [*lines[:answer], '{"event": "decision", "by": "N", "choice": "alta"}']
    assert load(_log(tmp_path, *spanish)).events == load(scenario).events[: answer + 1]


def test_law_70_spanish_pbn_note_writes_the_choice_in_spanish_and_reads_it_back() -> None:
    table = load("docs/examples/claim-disputed.jsonl")
    with use_language("es"):
        text = dumps([game_of(table)])
    assert "(Oeste: discutir)" in text
    assert "(West: dispute)" not in text
    assert "(Sur: aclaración)" in text  # the claimer's statement (Law 68C)
    assert "statement" not in text
    again = table_of(loads(text)[0])
    assert again.events == table.events


def test_each_spanish_choice_word_is_read_and_written() -> None:
    spanish = list(SPANISH_CHOICES.values())
    assert len(set(spanish)) == len(spanish)  # no two choices share a Spanish word
    for english, word in SPANISH_CHOICES.items():
        assert choice_written(english, "es") == word
        assert choice_written(english, "en") == english
        assert choice_read(word) == english
        assert choice_read(word.upper()) == english
        assert choice_read(english) == english
        # Typed on a keyboard without accents: the same choice.
        assert choice_read(word.translate(str.maketrans("áéíóú", "aeiou"))) == english
        # A Spanish word that is also an English choice means the same choice.
        assert word not in SPANISH_CHOICES or word == english

"""Fuzz every reader of user input: a clean error or a value, never an escaping exception.

Each target takes text (or bytes) a user could hand Árbitro: a CSV of results (``arbitro
session score``, ``arbitro result import``), a table log, a movement file, a ruling case,
USEBIO, PBN (and the figures it publishes, and its notes at a table), LIN, and the steps typed on the ruling assistant's page. The inputs are
random text, and real examples from ``docs/examples`` cut, spliced and salted with what
broke readers before (numbers of 5,000 digits, deep brackets, NUL, a BOM, Latin-1).

A reader passes when it returns, or raises one of Árbitro's own errors (``ArbitroError``)
or, for JSON, the ``JSONDecodeError`` that names the line and column. ``make test`` runs
a few dozen examples a target; ``make fuzz`` runs the ``fuzz`` profile (``FUZZ_EXAMPLES``
a target, default 5,000).
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.bounded import load_json
from arbitro.core.errors import ArbitroError
from arbitro.formats import format_for, lin, pbn, usebio
from arbitro.formats.pbn.tables import table_of
from arbitro.formats.published import compare_file
from arbitro.scoring.travellers import read_travellers
from arbitro.store import open_store
from arbitro.table.log import loads as replay_log
from arbitro.tournament.event import EventSpec
from arbitro.tournament.judgement import Case
from arbitro.tournament.movements import mitchell
from arbitro.tournament.movements.model import movement_from_data, movement_to_data
from arbitro.web.rulings import table_log

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
FUZZING = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
fuzz = settings(
    max_examples=settings().max_examples if FUZZING else 40,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
SALT = ["9" * 5000, "[" * 300, "{" * 300, "\x00", "\ufeff", "é", "-1", "1e999999", "\n", ",", '"']
"""Pieces that broke readers before."""


def samples(*patterns: str) -> list[str]:
    return [
        path.read_text(encoding="utf-8")
        for pattern in patterns
        for path in sorted(EXAMPLES.glob(pattern))
    ]


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    """A real example cut, spliced with random text or a piece of :data:`SALT`."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            text = text[:at]
        elif kind == 1:
            text = text[:at] + draw(st.text(max_size=30)) + text[at:]
        elif kind == 2:
            text = text[:at] + text[draw(st.integers(at, len(text))) :]
        else:
            text = text[:at] + draw(st.sampled_from(SALT)) + text[at:]
    return text


def inputs(texts: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.text(max_size=300), mutated(texts))


def clean(read: Callable[[], object], *allowed: type[Exception]) -> None:
    """Run ``read``: it may return or raise Árbitro's errors (and ``allowed``), nothing else."""
    try:
        read()
    except ArbitroError:
        pass
    except allowed:
        pass


CSV_SAMPLES = samples("*.csv")
LOG_SAMPLES = samples("*.jsonl")
PBN_SAMPLES = samples("*.pbn")
LIN_SAMPLES = samples("*.lin")
CASE_SAMPLES = samples("ruling-*.json", "poll-*.json")
MOVEMENT_SAMPLES = [json.dumps(movement_to_data(mitchell(3, 2))), *samples("broken-*.json")]
USEBIO_SAMPLES = [
    usebio.dumps(usebio.Usebio(usebio.Event("MP_PAIRS", sessions=(usebio.Session("1"),))))
]


@fuzz
@given(inputs(CSV_SAMPLES), st.sampled_from(["en", "es"]))
def test_fuzz_travellers_csv(text: str, lang: str) -> None:
    clean(lambda: read_travellers(text, "fuzz.csv", lang))


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with a 3-table Mitchell, event 1, to import into."""
    path = tmp_path_factory.mktemp("fuzz") / "club.sqlite3"
    store = open_store(str(path))
    store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.close()
    return path


@fuzz
@given(data=st.one_of(st.binary(max_size=300), inputs(CSV_SAMPLES).map(str.encode)))
def test_fuzz_result_import_csv(club: Path, data: bytes) -> None:
    file = club.parent / "results.csv"
    file.write_bytes(data)
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited, redirect_stdout(io.StringIO()), redirect_stderr(err):
        main(["result", "import", "1", str(file), "--db", str(club)])
    assert exited.value.code in (0, 1, 2), err.getvalue()


@fuzz
@given(inputs(LOG_SAMPLES))
def test_fuzz_table_log(text: str) -> None:
    clean(lambda: replay_log(text, "fuzz.jsonl"))
    clean(lambda: format_for("fuzz.jsonl").check(text, "fuzz.jsonl"))


@fuzz
@given(inputs(MOVEMENT_SAMPLES))
def test_fuzz_movement_file(text: str) -> None:
    clean(lambda: movement_from_data(load_json(text), "fuzz.json"), json.JSONDecodeError)


@fuzz
@given(inputs(CASE_SAMPLES))
def test_fuzz_ruling_case(text: str) -> None:
    def read() -> None:
        data = load_json(text)
        if isinstance(data, dict):
            Case.from_json(data).ruling()

    clean(read, json.JSONDecodeError)


@fuzz
@given(st.one_of(st.binary(max_size=300), inputs(USEBIO_SAMPLES).map(str.encode)))
def test_fuzz_usebio(data: bytes) -> None:
    clean(lambda: usebio.loads(data, "fuzz.xml"))
    clean(lambda: format_for("fuzz.xml").check(data.decode("latin-1"), "fuzz.xml"))


@fuzz
@given(inputs(PBN_SAMPLES), st.booleans())
def test_fuzz_pbn(text: str, strict: bool) -> None:
    clean(lambda: pbn.loads(text, "fuzz.pbn", strict=strict))
    clean(lambda: pbn.read(text, "fuzz.pbn", strict=strict))


PUBLISHED_SAMPLES = [
    *PBN_SAMPLES,
    '[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Declarer "S"]\n[Contract "4S"]\n'
    '[Result "10"]\n[Score "NS 420"]\n[ScoreIMP "NS 6 EW -6"]\n[Auction "N"]\n'
    '1S =1= Pass 4S Pass\nPass Pass\n[Note "1:Alert: five / Law 27A1 (W: accept): x"]\n\n'
    '[Board "1"]\n[HomeTeam "B"]\n[VisitTeam "A"]\n[Declarer "E"]\n[Contract "3S"]\n'
    '[Result "9"]\n[Score "140"]\n[ScoreIMP "NS -6"]\n'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;MP_NS;MP_EW"]\n'
    "1 2 4S N 10 1 0\n3 4 4S N 9 0 1\n"
    '[TotalScoreTable "PairId;TotalMP;TotalPercentage"]\n1 1 100\n2 0 0\n',
    *USEBIO_SAMPLES,
]


@fuzz
@given(inputs(PUBLISHED_SAMPLES))
def test_fuzz_published_figures_and_pbn_notes(text: str) -> None:
    # ``session score``'s comparison with a file's published figures, and a PBN game's
    # notes replayed at a table as alerts and explanations (``convert`` to LIN or a log).
    clean(lambda: compare_file(text.encode(), "fuzz.pbn"))
    clean(lambda: [table_of(game) for game in pbn.loads(text, "fuzz.pbn", strict=False)])


@fuzz
@given(inputs(LIN_SAMPLES), st.booleans())
def test_fuzz_lin(text: str, strict: bool) -> None:
    clean(lambda: lin.loads(text, "fuzz.lin"))
    clean(lambda: format_for("fuzz.lin").check(text, "fuzz.lin", strict=strict))


STEPS = ["N 1NT", "E 1H", "S Pass", "W X", "N SA", "face", "O 1SA", "E paso", "# note", "N 8S"]
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@fuzz
@given(
    st.lists(st.one_of(st.sampled_from(STEPS), st.text(max_size=12)), max_size=12).map("\n".join),
    st.one_of(st.just(DEAL), st.text(max_size=80)),
    st.integers(-3, 10**40),
    st.sampled_from(["en", "es"]),
)
def test_fuzz_ruling_page_steps(steps: str, deal: str, board: int, lang: str) -> None:
    clean(lambda: replay_log(table_log(board, deal, steps, lang), "steps"))

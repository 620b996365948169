"""``arbitro session score`` writes its text report as before, every method, both languages.

The report now writes each distinct result and number once and lays a board out column
by column; ``tests/session_report_reference.py`` is the report as it was written before,
kept as the specification.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli.session import session_report
from arbitro.i18n import LANGUAGES, Language, use_language
from arbitro.laws.authority import authority
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Result
from arbitro.scoring.session import METHODS, Method, TableResult, score_session
from session_report_reference import report_as_written_before as reference
from test_law78a_columnar_session import sessions
from test_law78b_butler_session import imp_penalties


@given(sessions(), st.sampled_from(METHODS), st.sampled_from(LANGUAGES))
def test_session_report_is_written_as_before(
    session: tuple[list[TableResult], list[tuple[str, Penalty]]],
    method: Method,
    language: Language,
) -> None:
    results, penalties = session
    if method != "mp":
        penalties = imp_penalties(penalties) if method != "total" else []
    scored = score_session(results, method, authority("wbf"), penalties)
    with use_language(language):
        assert session_report(scored) == reference(scored)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("method", "penalties"),
    [
        (
            "mp",
            [
                Penalty(Fraction(1, 3), "mp"),
                Penalty(Fraction(1, 2), "mp"),
                Penalty(Fraction(1), "mp"),
            ],
        ),
        (
            "mp",
            [
                Penalty(Fraction(1, 8), "top"),
                Penalty(Fraction(1, 3), "top"),
                Penalty(Fraction(4, 3), "mp"),
            ],
        ),
        (
            "cross-imp",
            [
                Penalty(Fraction(2, 3), "imps"),
                Penalty(Fraction(3), "imps"),
                Penalty(Fraction(1), "imps"),
            ],
        ),
    ],
)
def test_session_report_writes_each_penalty_as_the_reference(
    method: Method, penalties: list[Penalty], language: Language
) -> None:
    """Each penalty line as the reference writes it, apart from the command's writer.

    In Spanish it needs the catalog's «1/3 de punto de match» and «2/3 de IMP».
    """
    results = [
        TableResult(1, "1", "2", Result.played(420)),
        TableResult(1, "3", "4", Result.played(400)),
        TableResult(1, "5", "6", Result.played(-50)),
    ]
    scored = score_session(results, method, authority("wbf"), [("1", each) for each in penalties])
    with use_language(language):
        report = session_report(scored)
        assert report == reference(scored)
    lines = report.splitlines()
    assert (
        sum(line.startswith(("Penalty: pair 1,", "Penalización: pareja 1,")) for line in lines) == 3
    )

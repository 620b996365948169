"""``arbitro session score`` writes its text report as before, every method, both languages.

The report now writes each distinct result and number once and lays a board out column
by column; ``tests/session_report_reference.py`` is the report as it was written before,
kept as the specification.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli.session import session_report
from arbitro.i18n import LANGUAGES, Language, use_language
from arbitro.laws.authority import authority
from arbitro.scoring.penalties import Penalty
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

"""The columns and the general path agree on the real files of other programs (Law 78A, 78B).

Every session file in ``tests/data/programs`` and endplay's scored PBN examples (USEBIO from Compscore3, EBUScore,
ScoreBridge and Bridgemate; PBN and CSV sessions) is scored by matchpoints and with a
Butler datum twice: as ``score_session`` does (plain boards in columns) and with
``score_session_by_path(..., columnar=False)``, every board by the general path (weighted
views and fractions), the specification. Every board's lines, datums and standings
must be the same. The files hold plain, adjusted and artificial scores, Mitchells,
Howells and a sit-out; endplay's RealBridge file has 299 lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.formats.travellers import read_session
from arbitro.laws.authority import authority
from arbitro.scoring.session import Method, score_session, score_session_by_path
from test_law78a_columnar_session import assert_same

DATA = Path(__file__).parent / "data"
FILES = [
    *sorted((DATA / "programs" / "session").iterdir()),
    *sorted((DATA / "programs" / "usebio").glob("*.xml")),
    # endplay's examples with results: a few boards, and RealBridge's 299 lines.
    *(DATA / "pbn" / "endplay" / name for name in ("example1.pbn", "example2.pbn", "example4.pbn")),
]


@pytest.mark.parametrize("method", ["mp", "imp-butler"])
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_law78_columns_equal_the_general_path_on_real_files(path: Path, method: Method) -> None:
    results = read_session(path.read_bytes(), path.name).travellers.results
    assert results
    for code in ("wbf", "aeb"):
        profile = authority(code)
        columnar = score_session(results, method, profile)
        general = score_session_by_path(list(results), method, profile, [], columnar=False)
        assert_same(columnar, general)
        assert columnar.datums == general.datums

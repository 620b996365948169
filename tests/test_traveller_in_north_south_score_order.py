"""A board's traveller in North-South's score order, whatever the score; a passed-out board is 0.

A split score (Law 12C1f, ``+420/-450``) is placed by North-South's own score, a
weighted score (12C1c) by its mean, an artificial one (12C2) last; ``arbitro session
score`` writes a board passed out ``0``, as every traveller does, not ``+0``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store with director ana


def test_law12c1f_a_split_score_takes_its_place_by_north_souths_score(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    pairs = [Participant(str(number)) for number in range(1, 9)]
    event = store.create_event(EventSpec("Club", boards=10), pairs)
    for table, (ns, ew, entry) in enumerate(
        (
            ("1", "2", "score -110"),
            ("3", "4", "adjusted +420/-450"),
            ("5", "6", "4S N 11"),
            ("7", "8", "adjusted A60/A40"),
        ),
        1,
    ):
        store.enter_result(event, 1, table, Entry.from_str(entry), ns=ns, ew=ew)
    store.publish(event)
    page = client.get(f"/results/{event}/boards/1?lang=en").text
    body = page.split("<tbody")[1].split("</tbody>")[0]
    tables = re.findall(r"<tr[^>]*>\s*<td[^>]*>(\d+)</td>", body)
    # +450 (table 3), +420/-450 (table 2), -110 (table 1), then the artificial score.
    assert tables == ["3", "2", "1", "4"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_session_score_writes_a_board_passed_out_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    travellers = tmp_path / "travellers.csv"
    travellers.write_text(
        "board,ns,ew,contract,declarer,tricks\n2,1,2,4H,S,+1\n2,3,4,Pass,,\n", encoding="utf-8"
    )
    code, out, err = run_cli(
        capsys, "session", "score", str(travellers), "--lang", lang, "--notation", "en"
    )
    assert code == 0, err
    board = out.split("\n\n")[0].splitlines()
    passed = next(line for line in board if line.split()[:2] == ["3NS", "4EW"] or
                  line.split()[:2] == ["3", "4"])  # fmt: skip
    assert passed.split()[2] == "0"
    assert "+0" not in out

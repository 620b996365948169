"""A pairs Swiss is one field from its first round (Law 8): ranked together, paired from that.

Every table of a Swiss round plays the round's boards, in copies, and each pair meets
pairs from the whole field: each board is matchpointed across all its tables (a pair's
matchpoints in the direction it sat), and the pairs are ranked together, as a Howell's
are, even while no pair has changed direction yet.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session
from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import swiss_start
from cli_support import run_cli

# Round 1 of six pairs on two boards: 1 v 2, 3 v 4, 5 v 6. North-South 5 and East-West 2
# each top one board and share the other; 3 and 4 are average; 1 and 6 are bottom.
ROUND_1 = {
    (1, 1): "4S N 10", (2, 1): "3NT E 9",
    (1, 2): "4S N 9", (2, 2): "3NT E 8",
    (1, 3): "4S N 11", (2, 3): "2NT E 8",
}  # fmt: skip


def _round_1(db: Path) -> None:
    store = open_store(f"sqlite:///{db}")
    try:
        store.create_event(EventSpec("Suizo", boards=4), movement=swiss_start(6, 2, 2))
        for (board, table), entry in ROUND_1.items():
            store.enter_result(1, board, table, Entry.from_str(entry))
    finally:
        store.close()


def test_law8_a_pairs_swiss_is_ranked_as_one_field_after_round_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "suizo.sqlite3"
    _round_1(db)
    store = open_store(f"sqlite:///{db}")
    try:
        ranking = store.ranking(1)
        assert all(s.direction is None for s in ranking)
        assert [(s.participant, s.rank_label, int(s.total)) for s in ranking] == [
            ("2", "1=", 75), ("5", "1=", 75), ("3", "3=", 50),
            ("4", "3=", 50), ("1", "5=", 25), ("6", "5=", 25),
        ]  # fmt: skip
        (session,) = store.score(1)
        assert not session.by_direction
        usebio, _ = store.usebio_text(1)
        assert "<WINNER_TYPE>1</WINNER_TYPE>" in usebio
        # Round 2 is paired from that one ranking: the two leaders meet.
        paired = store.pair_next_round(1)
        assert [(s.ns, s.ew) for s in paired.seatings] == [("2", "5"), ("3", "1"), ("4", "6")]
    finally:
        store.close()
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", str(db), "--lang", "es")
    assert code == 0
    assert "Norte-Sur" not in out
    assert "Este-Oeste" not in out


def test_law8_one_field_ranks_pairs_together_though_none_changed_direction() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(420)),
        TableResult(1, "3", "4", Result.played(400)),
        TableResult(2, "1", "2", Result.played(-100)),
        TableResult(2, "3", "4", Result.played(110)),
    ]
    apart = score_session(results)
    together = score_session(results, one_field=True)
    assert apart.by_direction
    assert not together.by_direction
    # Each board is still scored per direction; only the ranking is one.
    assert [line.ns_points for line in together.boards[1]] == [2, 0]
    assert sorted((p.pair, p.rank_label, p.direction) for p in together.pairs) == [
        ("1", "1=", None), ("2", "1=", None), ("3", "1=", None), ("4", "1=", None),
    ]  # fmt: skip
    assert {p.percentage for p in together.pairs} == {Fraction(50)}


def test_law8_a_pairs_swiss_ranking_names_the_pair_with_the_bye(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "suizo.sqlite3"
    store = open_store(f"sqlite:///{db}")
    try:
        store.create_event(EventSpec("Suizo", boards=4), movement=swiss_start(5, 2, 2))
        for (board, table), entry in ROUND_1.items():
            if table < 3:
                store.enter_result(1, board, table, Entry.from_str(entry))
        # Pair 5 sat out round 1: listed with no result and no score, and the ranking says why.
        unplayed = {standing.participant for standing in store.ranking(1) if not standing.played}
        assert unplayed == {"5"}
        assert store.swiss_byes(1) == [(1, "5")]
    finally:
        store.close()
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", str(db), "--lang", "es")
    assert code == 0
    assert "Descansos, sin puntuación (se juegan menos estuches): ronda 1, pareja 5" in out
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", str(db), "--lang", "en")
    assert "Byes, without a score (fewer boards played): round 1, pair 5" in out

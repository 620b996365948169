"""Law 12C1b in a team match: the board's IMPs given directly to each team.

"Si, tras una irregularidad, el bando no infractor contribuye a su propio perjuicio por
un error grave [...] no recibe compensación por la parte del perjuicio que se causó a sí
mismo" (12C1b). Kooijman's second team example (``004_*``): the damage the infraction
caused is 8 IMPs, so the innocent team gets -8 + 8 = 0 IMPs on the board and the
offenders -2 IMPs. No bridge score gives those figures, so the director enters them in
IMPs (``0/-2 IMP``, North-South's first, each as that side scores it; 12C1f: they need
not balance), worked out by ``arbitro ruling damage``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core.board import Board
from arbitro.i18n import use_language
from arbitro.laws.authority import authority
from arbitro.scoring.adjusted_notation import adjusted_to_str, read_adjusted
from arbitro.scoring.results import (
    AdjustedImps,
    Average,
    InvalidAdjustedScoreError,
    Result,
)
from arbitro.scoring.session import InvalidSessionError, TableResult, score_session
from arbitro.scoring.travellers import read_travellers
from arbitro.scoring.vp import victory_points
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.result_rules import ResultRefusedError, check_in_imps
from arbitro.tournament.teams import board_margins, score_matches, session_imps_per_board
from cli_support import run_cli

WBF = authority("wbf")
KOOIJMAN = ("--without", "-100", "--after", "-420", "--actual", "-500", "--other-table", "170")
"""Kooijman's second team example: 5♥X-2 (-500) at the table, 3♠+1 for A at the other."""


def ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    code, out, err = run_cli(capsys, *arguments)
    assert (code, err) == (0, ""), f"{arguments}: {err}"
    return out


# -- The notation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("0/-2 IMP", 0, -2),
        ("+0/-2 IMPs", 0, -2),
        ("0 IMP / -2 IMP", 0, -2),
        ("+3/-3 imp", 3, -3),
        ("+4 2/3/-4 2/3 IMP", Fraction(14, 3), Fraction(-14, 3)),
        ("-0 1/2/+2.5 IMP", Fraction(-1, 2), Fraction(5, 2)),
        ("-24/+24 IMP", -24, 24),
    ],
)
def test_law_12c1b_adjusted_score_in_imps_is_read_in_both_languages(
    text: str, ns: Fraction | int, ew: Fraction | int
) -> None:
    expected = Result(AdjustedImps(Fraction(ns)), AdjustedImps(Fraction(ew)))
    for lang in ("en", "es"):
        assert read_adjusted(text, Board(1), lang) == expected
        # Stored once and the same way, whatever language it was typed in.
        assert adjusted_to_str(text, lang) == expected.to_str()
    assert Entry.from_fields(adjusted=text, lang="es").adjusted == expected.to_str()


def test_law_12c1b_adjusted_score_in_imps_is_written_north_south_first() -> None:
    assert Result.in_imps(0, -2).to_str() == "0/-2 IMP"
    assert Result.in_imps(Fraction(14, 3), Fraction(-1, 3)).to_str() == "+4 2/3/-0 1/3 IMP"
    assert Result.in_imps(-11, 4).to_str() == "-11/+4 IMP"
    assert not Result.in_imps(0, -2).is_artificial  # an assigned score, not 12C2's
    assert Result.in_imps(0, -2).in_imps_given


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("0/-30 IMP", "at most 24 IMPs"),
        ("1/2/3 IMP", "North-South's first"),
        ("2 IMP", "North-South's first"),
        ("+4 4/3/-4 IMP", "less than 1"),
        ("+4 1/0/-4 IMP", "less than 1"),
    ],
)
def test_law_12c1b_a_malformed_score_in_imps_is_refused_naming_it(text: str, reason: str) -> None:
    with pytest.raises(InvalidAdjustedScoreError, match=reason) as refused:
        read_adjusted(text, Board(1))
    assert text in str(refused.value)


def test_law_12c1b_a_malformed_score_in_imps_is_refused_in_spanish() -> None:
    with use_language("es"):
        with pytest.raises(InvalidAdjustedScoreError) as refused:
            read_adjusted("0/-30 IMP", Board(1), "es")
        message = str(refused.value)
    assert "24 IMP en un estuche" in message
    assert "Artículo 78B" in message


figures = st.fractions(min_value=-24, max_value=24, max_denominator=12)


@settings(max_examples=200, deadline=None)
@given(figures, figures)
def test_law_12c1b_adjusted_score_in_imps_round_trips(ns: Fraction, ew: Fraction) -> None:
    result = Result.in_imps(ns, ew)
    assert read_adjusted(result.to_str(), Board(1)) == result
    assert Result.imps_from_str(adjusted_to_str(result.to_str(), "es")) == result


# -- The team match ---------------------------------------------------------------------


def kooijman_match(award: Result | None) -> list[TableResult]:
    """Board 2: A North-South at table 1 (the infraction, -500), East-West at table 2 (+170)."""
    return [
        TableResult(2, "A", "B", award or Result.played(-500)),
        TableResult(2, "B", "A", Result.played(-170)),
        TableResult(3, "A", "B", Result.played(100)),
        TableResult(3, "B", "A", Result.played(-100)),
    ]


def test_law_12c1b_kooijman_team_example_2_scored_by_score_matches() -> None:
    (played,) = score_matches(kooijman_match(None), WBF)
    assert (played.home_imps, played.away_imps) == (Fraction(-3), Fraction(3))
    (match,) = score_matches(kooijman_match(Result.in_imps(0, -2)), WBF)
    # Board 2: A 0, B -2 (whatever was played at table 2); board 3: A +5.
    assert (match.home_imps, match.away_imps) == (Fraction(5), Fraction(-7))
    assert (match.home_vps, match.away_vps) == (
        victory_points(5, 2)[0],
        victory_points(-7, 2)[0],
    )
    margins = board_margins(kooijman_match(Result.in_imps(0, -2)), WBF)
    assert (margins[(2, "A", "B")], margins[(2, "B", "A")]) == (Fraction(0), Fraction(-2))
    # Law 12C2c: an assigned score in IMPs counts among the team's boards, as it is.
    assert session_imps_per_board(kooijman_match(Result.in_imps(0, -2)), WBF) == {
        "A": Fraction(5, 2),
        "B": Fraction(-7, 2),
    }


def test_law_12c1b_imps_entered_at_the_table_where_the_innocent_team_sat_east_west() -> None:
    # The same award typed at the table where A sat East-West: North-South's figure first.
    results = [
        TableResult(2, "B", "A", Result.in_imps(-2, 0)),
        TableResult(2, "A", "B", Result.played(170)),
    ]
    (match,) = score_matches(results, WBF)
    assert match.margin("A") == 0
    assert match.margin("B") == -2


def test_law_12c1b_imps_beside_an_artificial_score_at_the_other_table_are_added() -> None:
    results = [
        TableResult(2, "A", "B", Result.in_imps(0, -2)),
        TableResult(2, "B", "A", Result.artificial(Average.from_str("A-"), Average.from_str("A+"))),
    ]
    (match,) = score_matches(results, WBF)
    # A: 0 here and average-plus there (+3); B: average-minus (-3) and -2 here.
    assert (match.margin("A"), match.margin("B")) == (Fraction(3), Fraction(-5))


def test_law_12c1b_imps_score_a_fouled_board_whatever_the_other_table_played() -> None:
    results = [
        TableResult(2, "A", "B", Result.in_imps(0, -2), group="A"),
        TableResult(2, "B", "A", Result.played(-170), group="B"),
    ]
    (match,) = score_matches(results, WBF)
    assert match.board_numbers == (2,)
    assert (match.margin("A"), match.margin("B")) == (Fraction(0), Fraction(-2))


@pytest.mark.parametrize("method", ["mp", "imp-butler", "cross-imp", "total"])
def test_law_12c1b_a_session_against_the_field_refuses_imps_naming_the_board(method: str) -> None:
    results = [
        TableResult(4, "1", "2", Result.in_imps(0, -2)),
        TableResult(4, "3", "4", Result.played(420)),
    ]
    with pytest.raises(InvalidSessionError) as refused:
        score_session(results, method)  # type: ignore[arg-type]
    message = str(refused.value)
    assert "0/-2 IMP" in message
    assert "board 4, pairs 1 and 2" in message
    assert "Law 12C1b" in message


def test_law_12c1b_a_travellers_file_reads_imps_in_the_adjusted_column() -> None:
    travellers = read_travellers("board,ns,ew,adjusted\n2,A,B,0/-2 IMP\n")
    assert travellers.results[0].result == Result.in_imps(0, -2)


# -- The command line -------------------------------------------------------------------


def test_law_12c1b_ruling_damage_gives_kooijman_team_example_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = json.loads(ok(capsys, "ruling", "damage", *KOOIJMAN, "--json", "--lang", "en"))
    assert (data["consequent"], data["subsequent"]) == ("8", "2")
    assert (data["innocent"], data["offenders"]) == ("0", "-2")
    assert (data["without"]["imps"], data["after"]["imps"], data["actual"]["imps"]) == (2, -6, -8)
    assert (data["adjusted"], data["law"], data["damaged"]) == ("0/-2 IMP", "12C1b", True)
    text = ok(capsys, "ruling", "damage", *KOOIJMAN, "--lang", "en")
    assert "Consequent damage, caused by the infraction: 8 IMPs" in text
    assert "Innocent team: 0 IMPs; offending team: -2 IMPs" in text
    assert '--adjusted "0/-2 IMP"' in text
    east_west = json.loads(ok(capsys, "ruling", "damage", *KOOIJMAN, "--innocent", "eo", "--json"))
    assert east_west["adjusted"] == "-2/0 IMP"


def test_law_12c1b_ruling_damage_writes_one_imp_singular(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One IMP is «1 IMP», any other count «IMPs» (0, 2); the adjusted score's own notation stays."""
    scores = ("--without", "-140", "--after", "-190", "--actual", "-210", "--other-table", "170")
    text = ok(capsys, "ruling", "damage", *scores, "--lang", "en")
    assert "  without the infraction: -140, 1 IMP\n" in text
    assert "  obtained at the table: -210, -1 IMP\n" in text
    assert "Consequent damage, caused by the infraction: 2 IMPs\n" in text
    assert "Subsequent damage, the innocent team's own (not compensated): 0 IMPs\n" in text
    assert "Innocent team: 1 IMP; offending team: -1 IMP (Law 12C1b)\n" in text
    assert '--adjusted "+1/-1 IMP"' in text


def test_law_12c1b_ruling_damage_writes_its_imps_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """IMP does not change in Spanish: «1 IMP», «2 IMP»."""
    scores = ("--without", "-140", "--after", "-190", "--actual", "-210", "--other-table", "170")
    spanish = ok(capsys, "ruling", "damage", *scores, "--lang", "es")
    assert "Equipo no infractor: 1 IMP; equipo infractor: -1 IMP (Artículo 12C1b)\n" in spanish
    assert "Perjuicio consecuente, causado por la infracción: 2 IMP\n" in spanish


def test_law_12c1b_ruling_damage_kooijman_team_example_1_no_consequent_damage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 4♠ would have gone down: the infraction did not damage A, whose 5♥X was a gamble.
    arguments = ("--without", "-100", "--after", "100", "--actual", "-500", "--other-table", "-50")
    data = json.loads(ok(capsys, "ruling", "damage", *arguments, "--json"))
    assert (data["consequent"], data["innocent"], data["offenders"]) == ("0", "-11", "4")
    assert data["adjusted"] == "-11/+4 IMP"


def test_law_12c1b_ruling_damage_speaks_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    text = ok(capsys, "ruling", "damage", *KOOIJMAN, "--lang", "es")
    assert "Artículo 12C1b" in text
    assert "Ley" not in text
    assert '"0/-2 IMP"' in text
    not_damaged = ("--without", "-100", "--after", "-420", "--actual", "-100", "--other-table", "0")
    assert "Artículo 12B1" in ok(capsys, "ruling", "damage", *not_damaged, "--lang", "es")


def test_law_12c1b_kooijman_team_example_2_imps_entered_directly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "teams.sqlite3"), "--lang", "en")
    ok(capsys, "event", "new", "Teams", "--kind", "teams", "--boards", "3",
       "--pair", "A", "--pair", "B", *db)  # fmt: skip
    # Board 2 (North-South vulnerable): A's 5♥X-2 at table 1, A's 3♠+1 at table 2.
    ok(capsys, "result", "enter", "1", "--board", "2", "--table", "1", "--ns", "A", "--ew", "B",
       "--contract", "5HX", "--declarer", "N", "--tricks", "9", *db)  # fmt: skip
    ok(capsys, "result", "enter", "1", "--board", "2", "--table", "2", "--ns", "B", "--ew", "A",
       "--contract", "3S", "--declarer", "E", "--tricks", "10", *db)  # fmt: skip
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    played = {row["participant"]: row["total"] for row in ranking}
    assert played == {team: round(float(victory_points(imps, 1)[0]), 2)
                      for team, imps in (("A", -8), ("B", 8))}  # fmt: skip
    data = json.loads(ok(capsys, "ruling", "damage", *KOOIJMAN, "--json", *db[2:]))
    assert (data["innocent"], data["offenders"], data["consequent"]) == ("0", "-2", "8")
    ok(capsys, "result", "correct", "1", "--board", "2", "--table", "1",
       "--adjusted", data["adjusted"], "--reason", "Law 12C1b", *db)  # fmt: skip
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    totals = {row["participant"]: row["total"] for row in ranking}
    # Each team gets the VPs of its own IMPs on the board (12C1f): A 0, B -2.
    assert totals == {team: round(float(victory_points(imps, 1)[0]), 2)
                      for team, imps in (("A", 0), ("B", -2))}  # fmt: skip
    lines = json.loads(ok(capsys, "event", "traveller", "1", "2", "--json", *db))
    assert [(line["ns"], line["ns_points"], line["ew_points"]) for line in lines] == [
        ("A", 0.0, -2.0),
        ("B", -2.0, 0.0),
    ]
    assert lines[0]["score"] == "0/-2 IMP"


def test_law_12c1b_a_pairs_event_refuses_a_score_in_imps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "pairs.sqlite3"), "--lang", "en")
    ok(capsys, "event", "new", "Pairs", "--boards", "2",
       "--pair", "1", "--pair", "2", "--pair", "3", "--pair", "4", *db)  # fmt: skip
    code, _, err = run_cli(capsys, "result", "enter", "1", "--board", "1", "--table", "1",
                             "--ns", "1", "--ew", "2", "--adjusted", "0/-2 IMP", *db)  # fmt: skip
    assert code != 0
    assert "Traceback" not in err
    assert "board 1 at table 1" in err
    assert "0/-2 IMP" in err
    assert "Law 12C1b" in err
    ok(capsys, "result", "enter", "1", "--board", "1", "--table", "1", "--ns", "1", "--ew", "2",
       "--score", "420", *db)  # fmt: skip
    code, _, err = run_cli(capsys, "result", "correct", "1", "--board", "1", "--table", "1",
                           "--adjusted", "+3/-3 IMP", "--reason", "x", "--db", db[1],
                           "--lang", "es")  # fmt: skip
    assert code != 0
    assert "estuche 1 en la mesa 1" in err
    assert "Artículo 12C1b" in err


@pytest.mark.parametrize("kind", ["pairs", "individual"])
def test_law_12c1b_an_event_scored_against_the_field_refuses_imps_where_typed(kind: str) -> None:
    spec = EventSpec("Club", boards=8, kind=kind)  # type: ignore[arg-type]
    with pytest.raises(ResultRefusedError, match="board 5 at table 3") as refused:
        check_in_imps(spec, Result.in_imps(0, -2), 5, 3)
    assert "a team match (Law 12C1b)" in str(refused.value)
    check_in_imps(EventSpec("Cup", boards=8, kind="teams"), Result.in_imps(0, -2), 5, 3)
    check_in_imps(spec, Result.played(420), 5, 3)

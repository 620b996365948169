"""A file from another program, brought in with ``arbitro session score``: Árbitro scores
it again and compares its own figures with those the other program published.

- USEBIO in Compscore3's shape (``tests/data/programs/usebio``): each traveller line's
  points and each pair's total and percentage;
- endplay's ``example2.pbn`` (``tests/data/pbn/endplay``), a real teams file as
  RealBridge published it: each game's ``Score`` (Law 77 from its contract, declarer,
  result and vulnerability) and ``ScoreIMP`` (Law 78B, the board's two tables of the
  match).

Every difference is reported with its board and pairs (or pair), the published figure
and Árbitro's, on the standard error after a summary line, and in the JSON output.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitro.cli.main import cli
from arbitro.formats import pbn
from arbitro.formats.published import compare_file, compare_pbn, game_score, sided_value
from arbitro.formats.usebio.model import Board, Session, TravellerLine
from arbitro.formats.usebio.published import compare_session
from arbitro.i18n import N_
from arbitro.scoring.imps import imps
from arbitro.scoring.results import Average, Result
from arbitro.scoring.session import score_session
from arbitro.scoring.session_values import TableResult

DATA = Path(__file__).resolve().parent / "data"
USEBIO = DATA / "programs" / "usebio"
REALBRIDGE = DATA / "pbn" / "endplay" / "example2.pbn"
PUBLISHED = re.compile(
    r"<(?:NS|EW)_(?:MATCH|BUTLER|CROSS_IMP)_POINTS>[^<]+<|<TOTAL_SCORE>[^<]+<|<PERCENTAGE>[^<]+<|<PLACE>[^<]+<"
)


def _invoke(path: Path, *extra: str, rule_a: bool = False) -> tuple[int, str, str]:
    """The exit code, output and standard error of ``session score``; the error without
    the warnings of AEB rule A and Law 77 unless ``rule_a``: the Compscore3-shaped files'
    scores were made up by hand (``10``, ``20``, ...) and contradict their contracts (or
    are no score of Law 77 at all)."""
    result = CliRunner().invoke(cli, ["session", "score", str(path), *extra])
    err = "".join(
        line
        for line in result.stderr.splitlines(keepends=True)
        if rule_a
        or not line.rstrip().endswith(
            ("(AEB rule A)", "(norma A de la AEB)", "(Law 77)", "(Artículo 77)")
        )
    )
    return result.exit_code, result.stdout, err


@pytest.mark.parametrize(
    "path", sorted(USEBIO.glob("compscore3-*.xml")), ids=lambda path: path.name
)
def test_session_score_of_compscore3_usebio_compares_every_published_figure(path: Path) -> None:
    # Every published point, total, percentage and place of the file is compared, and agrees.
    published = len(PUBLISHED.findall(path.read_text(encoding="utf-8")))
    assert published > 0
    code, out, err = _invoke(path, "--json")
    assert code == 0, err
    report = json.loads(out)["published"]
    assert report == {"compared": published, "differing": 0, "differences": []}
    code, _, err = _invoke(path)
    assert err.splitlines() == [
        f"Published figures: {published} compared, all agree with Árbitro's"
    ]


def test_session_score_reports_each_altered_usebio_figure_by_board_and_pair(
    tmp_path: Path,
) -> None:
    text = (USEBIO / "compscore3-butler-mitchell.xml").read_text(encoding="utf-8")
    altered = text.replace("<TOTAL_SCORE>6.00</TOTAL_SCORE>", "<TOTAL_SCORE>7.00</TOTAL_SCORE>")
    altered = altered.replace(
        "<NS_BUTLER_POINTS>4</NS_BUTLER_POINTS>\n    <EW_BUTLER_POINTS>-4</EW_BUTLER_POINTS>",
        "<NS_BUTLER_POINTS>5</NS_BUTLER_POINTS>\n    <EW_BUTLER_POINTS>-5</EW_BUTLER_POINTS>",
    )
    assert altered.count("<NS_BUTLER_POINTS>5<") == 1
    path = tmp_path / "altered.xml"
    path.write_text(altered, encoding="utf-8")
    compared = len(PUBLISHED.findall(altered))
    code, out, err = _invoke(path)
    assert code == 0  # the session is scored all the same: the report is about the file
    assert "Ranking" in out
    assert err.splitlines() == [
        f"Published figures: {compared} compared, 3 differ from Árbitro's",
        "  board 2, 3NS v 4EW: North-South points: published 5.00, computed 4.00",
        "  board 2, 3NS v 4EW: East-West points: published -5.00, computed -4.00",
        "  pair 2NS: total: published 7.00, computed 6.00",
    ]
    code, out, _ = _invoke(path, "--json")
    assert json.loads(out)["published"] == {
        "compared": compared,
        "differing": 3,
        "differences": [
            {"board": 2, "pairs": "3NS v 4EW", "pair": None, "team": None, "figure": "North-South points",
             "published": "5.00", "computed": "4.00"},
            {"board": 2, "pairs": "3NS v 4EW", "pair": None, "team": None, "figure": "East-West points",
             "published": "-5.00", "computed": "-4.00"},
            {"board": None, "pairs": None, "pair": "2NS", "team": None, "figure": "total",
             "published": "7.00", "computed": "6.00"},
        ],
    }  # fmt: skip


def test_session_score_reports_in_spanish_when_asked(tmp_path: Path) -> None:
    text = (USEBIO / "compscore3-butler-mitchell.xml").read_text(encoding="utf-8")
    path = tmp_path / "altered.xml"
    path.write_text(text.replace("<TOTAL_SCORE>6.00<", "<TOTAL_SCORE>7.00<"), encoding="utf-8")
    compared = len(PUBLISHED.findall(text))
    code, _, err = _invoke(path, "--lang", "es")
    assert code == 0
    assert err.splitlines() == [
        f"Cifras publicadas: {compared} comparadas, 1 difiere de la de Árbitro",
        "  pareja 2NS: total: publicado 7,00, calculado 6,00",
    ]


def test_a_csv_file_publishes_nothing_to_compare() -> None:
    path = DATA / "programs" / "session" / "howell-es.csv"
    code, out, _ = _invoke(path, "--json")
    assert code == 0
    assert json.loads(out)["published"] == {"compared": 0, "differing": 0, "differences": []}
    assert _invoke(path)[2] == ""


def _games() -> list[pbn.PBNGame]:
    return pbn.loads(REALBRIDGE.read_text(encoding="utf-8"), str(REALBRIDGE), strict=False)


def test_realbridge_published_scores_and_imps_agree_with_laws_77_and_78b() -> None:
    games = _games()
    scores = [game for game in games if game.known("Score") is not None]
    teams = {(g.known("Board"), g.known("HomeTeam"), g.known("VisitTeam")): g for g in games}
    # A ScoreIMP is compared where the match's other table (the teams swapped) is in the
    # file: all but one of the file's games (Turkey v Switzerland, board 20, stands alone).
    paired = [
        game
        for game in games
        if game.known("ScoreIMP") is not None
        and (game.known("Board"), game.known("VisitTeam"), game.known("HomeTeam")) in teams
    ]
    assert (len(scores), len(paired)) == (279, 298)
    found = compare_pbn(games)
    assert found.compared == len(scores) + len(paired)
    assert found.differences == ()


def test_realbridge_board_11_worked_by_hand() -> None:
    # Austria v Denmark, board 11 (none vulnerable): passed out at Austria's table
    # (Austria North-South, 0); 3NT by South one down at Denmark's (Denmark North-South,
    # -50 x 3 = -150, so +150 to Austria sitting East-West): 150 points, 4 IMPs to Austria.
    games = {
        (g.known("Board"), g.known("HomeTeam")): g for g in _games() if g.known("Board") == "11"
    }
    austria, denmark = games["11", "AUSTRIA"], games["11", "DENMARK"]
    assert (game_score(austria), game_score(denmark)) == (0, -150)
    assert imps(0 + 150) == 4
    assert sided_value(austria["ScoreIMP"], None) == 4
    assert sided_value(denmark["ScoreIMP"], None) == -4


def test_realbridge_altered_figures_are_reported_with_board_and_teams(tmp_path: Path) -> None:
    text = REALBRIDGE.read_text(encoding="utf-8")
    # Board 11, Austria v Denmark (the first game): 4 IMPs published as 5, and Romania v
    # Israel's 1NT made (120) published as 150.
    altered = text.replace('[ScoreIMP "NS 4 EW -4"]', '[ScoreIMP "NS 5 EW -5"]', 1)
    altered = altered.replace('[Score "NS 120"]', '[Score "NS 150"]', 1)
    path = tmp_path / "altered.pbn"
    path.write_text(altered, encoding="utf-8")
    found = compare_file(path.read_bytes(), str(path))
    # The score the contract does not give stands (AEB rule A): Árbitro scores the table
    # +150, so the file's Score is its own, and the IMPs the match's two tables give (2,
    # not the file's 1) differ from the file's, at both tables.
    assert [str(difference) for difference in found.differences] == [
        "board 11, AUSTRIA v DENMARK: North-South IMPs: published 5.00, computed 4.00",
        "board 11, ROMANIA v ISRAEL: North-South IMPs: published 1.00, computed 2.00",
        "board 11, ISRAEL v ROMANIA: North-South IMPs: published -1.00, computed -2.00",
    ]
    code, _, err = _invoke(path, rule_a=True)
    assert code == 0
    # The score the contract does not give is warned of once, as it is read.
    warnings = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1
    assert "the contract gives 120 but the score is 150" in warnings[0]
    report = [line for line in err.splitlines() if line not in warnings]
    assert "North-South score" not in err
    assert report[0] == "Published figures: 577 compared, 3 differ from Árbitro's"
    assert report[1:] == [f"  {difference}" for difference in found.differences]


@pytest.mark.parametrize(
    ("text", "declarer", "value"),
    [("NS 420", None, 420), ("EW 420", None, -420), ("NS -0 EW 0", None, 0),
     ("420", "E", -420), ("420", "S", 420), ("420", None, None), ("NS", None, None)],
)  # fmt: skip
def test_pbn_score_values_are_north_south_s(
    text: str, declarer: str | None, value: int | None
) -> None:
    from arbitro.core.seat import Seat

    seat = None if declarer is None else Seat.from_str(declarer)
    assert sided_value(text, seat) == value


# The six-pair Howell of tests/data/programs/session/howell.pbn with the figures a
# program publishes beside its score tables, worked out by hand (top 4 a board):
# board 1: +420, -50, +140 -> NS 4, 0, 2; board 2 (NS vulnerable): +600, +630, +600 ->
# NS 1, 4, 1; board 3 (EW vulnerable): -110, +100, -140 -> NS 2, 4, 0; East-West the
# rest of 4. Pair totals of 12: 1 7, 2 4, 3 3, 4 10, 5 5, 6 7.
HOWELL_POINTS = {"1": ("4 0", "0 4", "2 2"), "2": ("1 3", "4 0", "1 3"), "3": ("2 2", "4 0", "0 4")}
HOWELL_TOTALS = {"1": (7, 58.33), "2": (4, 33.33), "3": (3, 25.00), "4": (10, 83.33),
                 "5": (5, 41.67), "6": (7, 58.33)}  # fmt: skip


def _howell_published(tmp_path: Path, total_of_pair_4: str = "10.00") -> Path:
    text = (DATA / "programs" / "session" / "howell.pbn").read_text(encoding="latin-1")
    columns = r"PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Lead\3L"
    games = text.split("\n\n")
    for index, game in enumerate(games):
        board = re.search(r'\[Board "(\d)"\]', game)
        if board is None:
            continue
        lines = game.splitlines()
        at = lines.index(f'[ScoreTable "{columns}"]')
        lines[at] = f'[ScoreTable "{columns};MP_NS\\4R;MP_EW\\4R"]'
        for row, points in enumerate(HOWELL_POINTS[board[1]], at + 1):
            lines[row] += f" {points}"
        if board[1] == "3":
            lines.append(r'[TotalScoreTable "Rank\1R;PairId\2R;TotalMP\5R;TotalPercentage\5R"]')
            for rank, (pair, (total, percentage)) in enumerate(HOWELL_TOTALS.items(), 1):
                shown = total_of_pair_4 if pair == "4" else f"{total:.2f}"
                lines.append(f"{rank} {pair} {shown} {percentage:.2f}")
        games[index] = "\n".join(lines)
    path = tmp_path / "howell-published.pbn"
    path.write_text("\n\n".join(games), encoding="latin-1")
    return path


def test_pbn_score_tables_published_points_and_totals_are_compared(tmp_path: Path) -> None:
    path = _howell_published(tmp_path)
    found = compare_file(path.read_bytes(), str(path))
    # 9 lines x 2 points, 6 pairs x (total, percentage).
    assert (found.compared, found.differences) == (9 * 2 + 6 * 2, ())


def test_pbn_score_tables_altered_total_is_reported(tmp_path: Path) -> None:
    path = _howell_published(tmp_path, total_of_pair_4="11.00")
    code, _, err = _invoke(path)
    assert code == 0
    assert err.splitlines() == [
        "Published figures: 30 compared, 1 differs from Árbitro's",
        "  pair 4: total: published 11.00, computed 10.00",
    ]


def test_a_comparison_that_cannot_be_made_is_a_warning_not_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Were the file's own method to refuse its travellers where --scoring scored them,
    # the session is still printed and the comparison's reason is warned of.
    from arbitro.cli import session
    from arbitro.scoring.session import InvalidSessionError

    def refused(data: bytes, source: str, profile: object = None, scored: object = None) -> None:
        raise InvalidSessionError("board 1", N_("expected one result a pair"))

    monkeypatch.setattr(session, "compare_file", refused)
    code, out, err = _invoke(USEBIO / "compscore3-butler-mitchell.xml")
    assert code == 0
    assert "Ranking" in out
    assert err.startswith("warning: the published figures were not compared: ")


def test_check_lists_a_pbn_file_published_figures_that_differ(tmp_path: Path) -> None:
    # As for a USEBIO file: once the file reads (--lenient: RealBridge writes "4Hx"), each
    # published figure that differs is a problem, and the exit status is 1.
    text = REALBRIDGE.read_text(encoding="utf-8")
    path = tmp_path / "altered.pbn"
    path.write_text(
        text.replace('[ScoreIMP "NS 4 EW -4"]', '[ScoreIMP "NS 5 EW -5"]', 1), encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["check", "--lenient", str(path)])
    assert (result.exit_code, result.output.splitlines()) == (
        1,
        [f"{path}: board 11, AUSTRIA v DENMARK: North-South IMPs: published 5.00, computed 4.00"],
    )
    result = CliRunner().invoke(cli, ["check", "--lenient", str(REALBRIDGE)])
    assert (result.exit_code, result.output) == (0, f"{REALBRIDGE}: no problems\n")


def test_law_12c2_artificial_score_published_on_another_scale_agrees() -> None:
    """An artificial adjusted score's two sides need not add up to the top (60% and 60%),
    so the file's scale is read from a line that does: its own figures on a doubled
    scale agree, however the board's only other line was adjusted."""
    a60 = Average.from_str("A60")
    results = [
        TableResult(1, "1", "2", Result.played(420)),
        TableResult(1, "3", "4", Result.played(450)),
        TableResult(2, "1", "2", Result.played(100)),
        TableResult(2, "3", "4", Result.artificial(a60, a60)),
        TableResult(3, "1", "2", Result.artificial(a60, a60)),
    ]
    scored = score_session(results, "mp")
    doubled = Session(
        "1",
        boards=tuple(
            Board(
                number,
                tuple(
                    TravellerLine(
                        line.ns,
                        line.ew,
                        result=line.result,
                        ns_points=Fraction(line.ns_points) * 2,
                        ew_points=Fraction(line.ew_points) * 2,
                    )
                    for line in lines
                ),
            )
            for number, lines in scored.boards.items()
        ),
    )
    comparison = compare_session(doubled, scored)
    assert comparison.compared == 10
    assert [str(difference) for difference in comparison.differences] == []

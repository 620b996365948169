"""Double-dummy analysis, par and hand records (arbitro.analysis, through endplay/DDS)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.analysis import pbn as analysis_pbn
from arbitro.analysis.pbn import analysed_games, read_par, read_result_table
from arbitro.analysis.record import HandRecord
from arbitro.analysis.solver import BATCH_SIZE, SolverError, analyse, double_dummy_tables
from arbitro.analysis.stats import hcp, lengths, pattern, pattern_str
from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par, ParContract
from arbitro.core import (
    DEAL_COUNT,
    Board,
    Contract,
    Deal,
    PBNSyntaxError,
    Seat,
    Side,
    Strain,
    Suit,
)
from arbitro.dealing import Dealer, DealtBoard, Seed
from arbitro.dealing.pbn import PBNGame, PBNTag, board_set_from_games, dumps, loads
from arbitro.i18n import use_language

DATA = Path(__file__).resolve().parent / "data"
ENDPLAY = DATA / "pbn" / "endplay"
SEED = Seed.from_hex("a11a" * 16)


def stored_games() -> list[PBNGame]:
    """The games of the endplay examples that carry a stored double-dummy table."""
    games = []
    for path in sorted(ENDPLAY.glob("*.pbn")):
        games += [
            game
            for game in loads(path.read_text(encoding="utf-8"), path.name)
            if game.tag("OptimumResultTable") is not None
        ]
    return games


@pytest.fixture(scope="module")
def dealt_analysis() -> list[BoardAnalysis]:
    return analyse(Dealer(SEED, "analysis").board_set(range(1, 9)))


# --- double-dummy tables against the stored ones --------------------------------------


def test_double_dummy_tables_agree_with_the_stored_tables() -> None:
    games = stored_games()
    assert len(games) >= 10
    board_set = board_set_from_games(games, "example2.pbn")
    tables = double_dummy_tables([dealt.deal for dealt in board_set])
    for game, table in zip(games, tables, strict=True):
        assert read_result_table(game, "example2.pbn") == table, game["Board"]


def test_par_scores_agree_with_the_stored_optimum_scores() -> None:
    games = stored_games()
    entries = analyse(board_set_from_games(games, "example2.pbn"))
    for game, entry in zip(games, entries, strict=True):
        stored = read_par(game, "example2.pbn")
        assert stored is not None
        assert entry.par.score == stored.score, game["Board"]


def test_law77_each_par_contract_scores_the_par_score_with_its_double_dummy_tricks(
    dealt_analysis: list[BoardAnalysis],
) -> None:
    """DDS's par, checked against our Law 77 table and the double-dummy table."""
    for entry in dealt_analysis:
        board = entry.dealt.board
        for par in entry.par.contracts:
            assert entry.table[par.declarer, par.contract.strain] == par.tricks
            vulnerable = board.vulnerability.is_vulnerable(par.declarer)
            assert par.score_ns(vulnerable) == entry.par.score
        if not entry.par.contracts:
            assert entry.par.score == 0


def test_a_deal_with_thirteen_top_tricks_for_north_is_solved_as_such() -> None:
    [table] = double_dummy_tables([Deal.from_number(0)])  # North holds all the spades
    assert table[Seat.NORTH, Strain.SPADES] == 13
    assert table[Seat.NORTH, Strain.NOTRUMP] == 0  # East leads hearts and runs them
    assert table[Seat.SOUTH, Strain.NOTRUMP] == 0  # West leads clubs and runs them
    assert table[Seat.SOUTH, Strain.DIAMONDS] == 13  # South's own suit as trumps


# --- the boundary: batches and failures ------------------------------------------------


class _FakeTable:
    def __getitem__(self, key: object) -> int:
        return 7


def test_deals_are_solved_in_batches_of_at_most_forty(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []

    def fake(deals: list[object]) -> list[_FakeTable]:
        sizes.append(len(deals))
        return [_FakeTable() for _ in deals]

    monkeypatch.setattr("endplay.dds.calc_all_tables", fake)
    deals = [Deal.from_number(n * (DEAL_COUNT // 100)) for n in range(85)]
    solved: list[int] = []
    tables = double_dummy_tables(deals + deals[:3], progress=solved.append)
    assert sizes == [BATCH_SIZE, BATCH_SIZE, 5]  # repeated deals are solved once
    assert solved == sizes
    assert len(tables) == 88
    assert tables[0] == DoubleDummyTable((7,) * 20)


def test_a_solver_failure_becomes_one_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(deals: list[object]) -> list[object]:
        raise RuntimeError("out of memory")

    monkeypatch.setattr("endplay.dds.calc_all_tables", broken)
    with pytest.raises(SolverError) as raised, use_language("en"):
        double_dummy_tables([Deal.from_number(0)])
    with use_language("en"):
        assert str(raised.value) == (
            f"the double-dummy solver failed on deal {Deal.from_number(0).to_str()}: out of memory"
        )


def test_our_public_types_do_not_leak_endplay(dealt_analysis: list[BoardAnalysis]) -> None:
    entry = dealt_analysis[0]
    for value in (entry, entry.table, entry.par, *entry.par.contracts):
        assert not type(value).__module__.startswith("endplay")
    assert all(type(value) is int for value in entry.table.tricks)
    assert type(entry.par.score) is int


# --- PBN tags of a hand record ---------------------------------------------------------


def test_analysed_pbn_round_trips(dealt_analysis: list[BoardAnalysis]) -> None:
    games = loads(dumps(analysed_games(dealt_analysis, "analysis")), "record.pbn")
    for game, entry in zip(games, dealt_analysis, strict=True):
        assert read_result_table(game, "record.pbn") == entry.table
        par = read_par(game, "record.pbn")
        assert par is not None
        assert par.score == entry.par.score
        assert set(par.contracts) == set(entry.par.contracts)
    assert board_set_from_games(games, "record.pbn").boards == tuple(
        e.dealt for e in dealt_analysis
    )


def test_the_result_table_is_written_as_pbn_2_1_shows_it() -> None:
    tag = analysis_pbn.result_table_tag(DoubleDummyTable.from_str("98a76 43367 98a76 43367"))
    assert tag.value == "Declarer;Denomination\\2R;Result\\2R"
    assert tag.rows[:5] == ("N NT  6", "N  S  7", "N  H 10", "N  D  8", "N  C  9")
    assert len(tag.rows) == 20


@pytest.mark.parametrize(
    ("value", "ns_score"), [("NS 420", 420), ("NS +90", 90), ("EW 100", -100), ("NS -200", -200)]
)
def test_optimum_scores_of_either_side_read_as_north_souths(value: str, ns_score: int) -> None:
    assert (
        analysis_pbn.read_optimum_score(PBNGame((PBNTag("OptimumScore", value),)), "x") == ns_score
    )


def test_a_bad_result_table_row_names_its_line() -> None:
    rows = tuple(f"{seat} {strain} 7" for seat in "NESW" for strain in ("NT", "S", "H", "D", "C"))
    broken = (*rows[:3], "N Z 7", *rows[4:])
    game = PBNGame(
        (PBNTag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", broken, line=20),)
    )
    with pytest.raises(PBNSyntaxError) as raised, use_language("en"):
        read_result_table(game, "record.pbn")
    with use_language("en"):
        assert str(raised.value).startswith("record.pbn, line 24: N Z 7: expected a declarer")


def test_par_contracts_group_partners_and_read_back() -> None:
    par = Par(
        -100,
        (
            ParContract(Contract.from_str("5HX N"), -1),
            ParContract(Contract.from_str("5HX S"), -1),
            ParContract(Contract.from_str("5CX N"), -1),
        ),
    )
    assert par.to_pbn() == "NS 5HX-1; N 5CX-1"
    assert Par.from_pbn(-100, par.to_pbn()) == par
    with use_language("es"):
        assert par.localized() == "5♥X-1 NS; 5♣X-1 N"


# --- hand statistics -------------------------------------------------------------------


@settings(max_examples=50)
@given(st.integers(0, DEAL_COUNT - 1))
def test_hand_statistics_add_up_over_a_deal(number: int) -> None:
    deal = Deal.from_number(number)
    assert sum(hcp(hand) for hand in deal) == 40
    for hand in deal:
        assert sum(lengths(hand)) == 13
        assert sorted(lengths(hand), reverse=True) == list(pattern(hand))
        assert pattern_str(hand) == "-".join(map(str, pattern(hand)))
    for side in Side:
        assert sum(hcp(deal[seat]) for seat in side.seats) <= 40


# --- the hand record -------------------------------------------------------------------


def test_the_hand_record_renders_in_both_languages(dealt_analysis: list[BoardAnalysis]) -> None:
    record = HandRecord("Torneo del club", tuple(dealt_analysis))
    english = record.html(lang="en")
    spanish = record.html(lang="es")
    first = dealt_analysis[0].dealt
    for number in range(1, 9):
        assert f"Board {number}<" in english
        assert f"Estuche {number}<" in spanish
    assert "Hand record" in english
    assert "Hoja de manos" in spanish
    assert 'lang="es"' in spanish
    north_spades = "".join(rank.to_str("es") for rank in first.deal[Seat.NORTH].ranks(Suit.SPADES))
    assert north_spades in spanish
    assert f"{hcp(first.deal[Seat.NORTH])}" in spanish


@pytest.mark.parametrize(("per_page", "pages"), [(1, 8), (2, 4), (4, 2), (6, 2)])
def test_the_pdf_hand_record_has_pages(
    tmp_path: Path, dealt_analysis: list[BoardAnalysis], per_page: int, pages: int
) -> None:
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm is not None, "pdftoppm is missing: run 'make browser' (poppler-utils)"
    pdf = tmp_path / "record.pdf"
    pdf.write_bytes(
        HandRecord("Club", tuple(dealt_analysis)).pdf(lang="es", boards_per_page=per_page)
    )
    subprocess.run([pdftoppm, "-r", "20", "-png", str(pdf), str(tmp_path / "page")], check=True)
    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) == pages
    assert all(
        image.stat().st_size > 0 and image.read_bytes()[:4] == b"\x89PNG" for image in images
    )


def test_a_board_marked_otherwise_shows_its_own_markings() -> None:
    dealt = DealtBoard(Board(1, dealer=Seat.WEST), Deal.from_number(5))
    [entry] = analyse([dealt])
    with use_language("en"):
        html = HandRecord("", (entry,)).html()
    assert "Dealer: West" in html


def test_a_long_event_name_fits_the_pdf_page_heading(
    tmp_path: Path, dealt_analysis: list[BoardAnalysis]
) -> None:
    pdftotext = shutil.which("pdftotext")
    assert pdftotext is not None, "pdftotext is missing: run 'make browser' (poppler-utils)"
    event = "Campeonato de España de Parejas Mixtas, fase final, sesión de tarde " * 2
    pdf = tmp_path / "record.pdf"
    pdf.write_bytes(HandRecord(event, tuple(dealt_analysis[:2])).pdf(lang="es"))
    # Text set inside the page's width only: cropped to the printable area, the heading
    # comes out whole up to its ellipsis (before, it ran off the right edge).
    width, margin = 595, 36
    text = subprocess.run(
        [pdftotext, "-f", "1", "-l", "1", "-x", str(margin - 1), "-y", "0", "-W",
         str(width - 2 * margin + 2), "-H", "80", str(pdf), "-"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    heading = " ".join(text.split())
    assert heading.startswith("Hoja de manos · Campeonato de España")
    assert heading.endswith("…")

"""``arbitro deal``, ``arbitro deal verify`` and ``arbitro analyze`` from the command line."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.analysis.pbn import read_par, read_result_table
from arbitro.cli import main
from arbitro.core import Deal, Seat
from arbitro.dealing import Dealer, DealtBoard, Seed, commitment
from arbitro.dealing.pbn import board_set_from_games, loads

SEED = "c0ffee" * 10 + "c0ffee00"
DATA = Path(__file__).resolve().parent / "data"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def test_law6e4_deal_writes_the_set_and_prints_the_commitment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "set.pbn"
    code, printed, _ = run(
        capsys, "deal", "--boards", "1-8", "--seed", SEED, "--event", "Club", "--out", str(out)
    )
    assert code == 0
    published = commitment(Seed.from_hex(SEED), "Club", range(1, 9))
    assert f"Commitment (publish it now): {published}" in printed
    assert "Seed" not in printed  # a seed given by the director is not printed back
    board_set = board_set_from_games(loads(out.read_text(encoding="utf-8")), "set.pbn")
    assert board_set == Dealer(Seed.from_hex(SEED), "Club").board_set(range(1, 9))


def test_law6e4_deal_without_a_seed_prints_the_drawn_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "set.pbn"
    code, printed, _ = run(capsys, "deal", "--boards", "1-2", "--out", str(out), "--json")
    assert code == 0
    data = json.loads(printed)
    seed = Seed.from_hex(data["seed"])
    assert data["commitment"] == commitment(seed, "", [1, 2])
    games = loads(out.read_text(encoding="utf-8"))
    assert board_set_from_games(games, "x") == Dealer(seed, "").board_set([1, 2])


def test_law6f_deal_duplicates_the_set_for_sections(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "set.pbn"
    run(capsys, "deal", "--boards", "1-3", "--seed", SEED, "--sections", "A,B", "--out", str(out))
    board_set = board_set_from_games(loads(out.read_text(encoding="utf-8")), "x")
    assert [(dealt.section, dealt.board.number) for dealt in board_set] == [
        ("A", 1), ("A", 2), ("A", 3), ("B", 1), ("B", 2), ("B", 3)
    ]  # fmt: skip
    assert board_set[0].deal == board_set[3].deal


def _dealt(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[Path, str]:
    out = tmp_path / "set.pbn"
    code, printed, _ = run(
        capsys, "deal", "--boards", "1-4", "--seed", SEED, "--event", "Club", "--out", str(out)
    )
    assert code == 0
    match = re.search(r"[0-9a-f]{64}", printed)
    assert match is not None
    return out, match.group(0)


def test_law6e4_verify_accepts_the_set_it_was_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out, published = _dealt(capsys, tmp_path)
    code, printed, _ = run(
        capsys, "deal", "verify", str(out), "--seed", SEED, "--commitment", published
    )
    assert code == 0
    assert printed == "set.pbn: boards 1-4 of 'Club' are those of the seed and the commitment.\n"


def test_law6e4_verify_fails_on_a_changed_board_naming_board_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out, published = _dealt(capsys, tmp_path)
    lines = out.read_text(encoding="utf-8").splitlines()
    # Board 3's deal: one card of the first hand written changes places with one of the next.
    index = [n for n, line in enumerate(lines) if line.startswith("[Deal ")][2]
    deal = Deal.from_str(lines[index][7:-2])
    north, east, south, west = deal.hands
    given, taken = next(iter(north)), next(iter(east))
    changed = Deal((north.remove(given).add(taken), east.remove(taken).add(given), south, west))
    lines[index] = f'[Deal "{changed.to_str(first=Seat.SOUTH)}"]'  # board 3: South deals
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, printed, _ = run(
        capsys, "deal", "verify", str(out), "--seed", SEED, "--commitment", published
    )
    assert code == 1
    board_line = index + 1  # the line of board 3's deal
    assert printed == (
        f"set.pbn: board 3 (line {board_line}): the deal is not the one the seed gives\n"
    )


def test_law6e4_verify_fails_on_another_commitment_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out, _ = _dealt(capsys, tmp_path)
    code, printed, _ = run(
        capsys,
        "deal",
        "verify",
        str(out),
        "--seed",
        SEED,
        "--commitment",
        "ab" * 32,
        "--lang",
        "es",
    )
    assert code == 1
    assert printed.startswith("set.pbn: el compromiso abab")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["deal", "--boards", "0-3", "--out", "-"], "arbitro deal: invalid boards '0-3'"),
        (["deal", "--seed", "xyz", "--out", "-"], "arbitro deal: invalid seed 'xyz'"),
        (["deal", "--boards", "1-2"], "arbitro deal: missing --out"),
        (
            ["deal", "verify", "nowhere.pbn", "--seed", SEED, "--commitment", "0" * 64],
            "arbitro: cannot use the file nowhere.pbn: no such file or folder",
        ),
        (
            ["deal", "verify", "x.pbn", "--seed", SEED, "--commitment", "12"],
            "arbitro deal verify: invalid commitment '12': expected 64 hexadecimal digits",
        ),
    ],
)
def test_dealing_commands_refuse_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code, _, error = run(capsys, *arguments)
    assert code != 0
    assert error.startswith(message)
    assert len(error.strip().splitlines()) == 1


def test_pbn_syntax_errors_name_the_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Event "x"]\n[Board "1"]\n[Deal "N:AKQ"]\n', encoding="utf-8")
    code, _, error = run(capsys, "analyze", str(broken))
    assert code == 2
    assert error.startswith('arbitro: broken.pbn, line 3: [Deal "N:AKQ"]: invalid deal')


def test_analyze_writes_pbn_html_and_pdf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out, _ = _dealt(capsys, tmp_path)
    analysed, pdf, html = tmp_path / "a.pbn", tmp_path / "r.pdf", tmp_path / "r.html"
    code, printed, _ = run(
        capsys, "analyze", str(out), "--out", str(analysed), "--pdf", str(pdf), "--html", str(html),
        "--lang", "es",
    )  # fmt: skip
    assert code == 0
    assert printed == "Analizados 4 estuches de set.pbn.\n"
    games = loads(analysed.read_text(encoding="utf-8"), "a.pbn")
    assert all(read_result_table(game, "a.pbn") is not None for game in games)
    assert all(read_par(game, "a.pbn") is not None for game in games)
    assert "Estuche 4" in html.read_text(encoding="utf-8")
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm is not None
    subprocess.run([pdftoppm, "-r", "20", "-png", str(pdf), str(tmp_path / "p")], check=True)
    assert len(list(tmp_path.glob("p-*.png"))) == 2


def test_analyze_prints_each_boards_table_and_par_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, printed, _ = run(capsys, "analyze", str(DATA / "pbn" / "endplay" / "example1.pbn"))
    assert code == 0
    # The file holds the two tables' results of one board: it is analysed once.
    assert printed.count("Board 1:") == 1
    assert printed.splitlines()[1].split() == ["NT", "♠", "♥", "♦", "♣"]
    assert len(printed.splitlines()) == 6


def test_analyze_json_gives_tricks_by_declarer(capsys: pytest.CaptureFixture[str]) -> None:
    code, printed, _ = run(
        capsys, "analyze", str(DATA / "pbn" / "endplay" / "example4.pbn"), "--json"
    )
    assert code == 0
    data = json.loads(printed)
    [board] = data["boards"]
    assert set(board["tricks"]) == {"N", "E", "S", "W"}
    assert all(len(row) == 5 for row in board["tricks"].values())


def test_analyze_shows_a_progress_bar_on_long_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitro.analysis import solver
    from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par

    calls: list[int] = []

    def fake_analyse(
        boards: Iterable[DealtBoard], progress: Callable[[int], None] | None = None
    ) -> list[BoardAnalysis]:
        dealt = list(boards)
        assert progress is not None
        for start in range(0, len(dealt), solver.BATCH_SIZE):
            done = len(dealt[start : start + solver.BATCH_SIZE])
            calls.append(done)
            progress(done)
        return [BoardAnalysis(board, DoubleDummyTable((0,) * 20), Par(0, ())) for board in dealt]

    monkeypatch.setattr(solver, "analyse", fake_analyse)
    out = tmp_path / "set.pbn"
    run(capsys, "deal", "--boards", "1-45", "--seed", SEED, "--out", str(out))
    code, printed, error = run(capsys, "analyze", str(out), "--html", str(tmp_path / "r.html"))
    assert code == 0
    assert calls == [40, 5]
    assert "Solving 45 deals double dummy" in error
    assert printed == "Analysed 45 boards of set.pbn.\n"


def test_analyze_shows_its_progress_bar_on_a_terminal_and_not_in_a_script(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    example = str(DATA / "pbn" / "endplay" / "example1.pbn")
    code, _, quiet = run(capsys, "analyze", example)
    assert code == 0
    assert "Solving" not in quiet  # a script reads only what it asked for
    monkeypatch.setattr("arbitro.cli.dealing._on_terminal", lambda: True)
    code, _, error = run(capsys, "analyze", example)
    assert code == 0
    assert re.search(r"Solving \d+ deals double dummy", error)


def test_law6_deal_keep_for_keeps_the_deals_and_their_analysis_for_the_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitro.analysis.solver import analyse
    from arbitro.store import open_store
    from arbitro.tournament.event import EventSpec

    monkeypatch.setattr("arbitro.cli.dealing._on_terminal", lambda: True)
    database = str(tmp_path / "club.sqlite3")
    store = open_store(database)
    event = store.create_event(EventSpec("Club", boards=4))
    store.close()
    out = tmp_path / "set.pbn"
    code, _, error = run(
        capsys, "deal", "--boards", "1-4", "--seed", SEED, "--event", "Club", "--out", str(out),
        "--keep-for", str(event), "--db", database,
    )  # fmt: skip
    assert code == 0, error
    assert "Solving 4 deals double dummy" in error
    assert "kept for event 1" in error
    dealt = Dealer(Seed.from_hex(SEED), "Club").board_set(range(1, 5))
    store = open_store(database)
    try:
        assert store.kept_deals(event) == {board.board.number: board.deal for board in dealt}
        assert store.stored_analyses(event) == {
            entry.dealt.board.number: entry for entry in analyse(dealt)
        }
    finally:
        store.close()
    code, _, error = run(
        capsys, "deal", "--boards", "1-5", "--seed", SEED, "--out", str(out),
        "--keep-for", str(event), "--db", database,
    )  # fmt: skip
    assert code == 2
    assert "board 5 is not in the event (expected 1 to 4)" in error


def test_law6e4_deal_keep_for_keeps_nothing_when_its_file_cannot_be_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from arbitro.store import open_store
    from arbitro.tournament.event import EventSpec

    database = str(tmp_path / "club.sqlite3")
    store = open_store(database)
    event = store.create_event(EventSpec("Club", boards=4))
    before = {1: Deal.from_number(1)}
    store.keep_deals(event, before)
    store.close()
    code, printed, error = run(
        capsys, "deal", "--boards", "1-4", "--out", str(tmp_path / "nowhere" / "set.pbn"),
        "--keep-for", str(event), "--db", database,
    )  # fmt: skip
    assert code != 0
    assert "nowhere" in error
    assert "kept" not in error  # nothing told as done
    assert "Seed" not in printed
    store = open_store(database)
    try:
        assert store.kept_deals(event) == before  # the deals kept before, untouched
    finally:
        store.close()


def test_law6e4_deal_keep_for_tells_the_seed_before_the_analysis_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitro.store import Store, open_store
    from arbitro.tournament.event import EventSpec

    database = str(tmp_path / "club.sqlite3")
    store = open_store(database)
    event = store.create_event(EventSpec("Club", boards=4))
    store.close()

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Store, "analyse_event", interrupted)
    out = tmp_path / "set.pbn"
    code, printed, _ = run(
        capsys, "deal", "--boards", "1-4", "--out", str(out), "--keep-for", str(event),
        "--db", database,
    )  # fmt: skip
    assert code != 0
    seed = re.search(r"Seed \(keep it secret until the session is over\): ([0-9a-f]+)", printed)
    assert seed is not None  # told before the analysis was interrupted
    dealt = Dealer(Seed.from_hex(seed[1]), "").board_set(range(1, 5))
    written = board_set_from_games(loads(out.read_text()), "set.pbn")
    assert [board.deal for board in written] == [board.deal for board in dealt]
    store = open_store(database)
    try:
        assert store.kept_deals(event) == {board.board.number: board.deal for board in dealt}
    finally:
        store.close()


def test_analyze_says_one_board_in_the_singular(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "one.pbn"
    code, _, _ = run(capsys, "deal", "--boards", "1", "--seed", SEED, "--out", str(out))
    assert code == 0
    pdf = tmp_path / "r.pdf"
    for language, expected in (
        ("en", "Analysed 1 board of one.pbn.\n"),
        ("es", "Analizado 1 estuche de one.pbn.\n"),
    ):
        code, printed, _ = run(capsys, "analyze", str(out), "--pdf", str(pdf), "--lang", language)
        assert (code, printed) == (0, expected)


def test_law6e4_deal_warns_of_a_seed_that_follows_a_pattern(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A made-up seed can be found by trying it against the commitment published before play."""
    out = tmp_path / "set.pbn"
    code, _, warned = run(capsys, "deal", "--seed", "00" * 32, "--out", str(out))
    assert code == 0
    assert "warning: the seed follows a pattern" in warned
    assert "leave out --seed" in warned
    random_looking = "3a9f07c2e81b5d64f0a27e9c13b8d456"
    code, _, quiet = run(capsys, "deal", "--seed", random_looking, "--out", str(out))
    assert code == 0
    assert "pattern" not in quiet


@given(st.binary(min_size=16, max_size=16).filter(lambda value: len(set(value)) > 1))
def test_law6e4_a_seed_typed_twice_or_climbing_follows_a_pattern(block: bytes) -> None:
    """A block typed twice, or bytes climbing by one step, is never taken for a random seed."""
    assert Seed(block * 2).follows_a_pattern()
    climbing = bytes((block[0] + block[1] * index) % 256 for index in range(16))
    assert Seed(climbing).follows_a_pattern()

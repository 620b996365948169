"""PBN 2.1 read, checked and written (issue 7): the verifier's files, endplay's files
and endplay itself as a second, independent reader and writer."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core.errors import PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.formats import pbn
from arbitro.formats.pbn import (
    PBNCutShortError,
    PBNFileError,
    PBNGame,
    PBNNote,
    PBNTag,
    dumps,
    loads,
    read,
)
from arbitro.formats.pbn.export_lines import CONTROL, fitted
from arbitro.formats.pbn.sections import (
    Auction,
    AuctionItem,
    Play,
    PlayItem,
    read_auction,
    read_play,
)
from arbitro.formats.pbn.validate import EXTENSION_TAGS, STANDARD_TAGS
from arbitro.formats.pbn.writer import exported
from cli_support import run_cli
from pbn_boards import played_games

DATA = Path(__file__).resolve().parent / "data" / "pbn"
FILES = sorted(DATA.rglob("*.pbn"))
VERIFIER = DATA / "verifier"
EXPORTED = [DATA / "endplay" / "example1.pbn"]
"""Files in export format: written back line by line the same. (RealBridge's
example2.pbn says % EXPORT but writes 2Dx, its Deal from North and its supplemental
tags unsorted: written back in export format, it changes.)"""

FINE = ("Correct", "Sufficient")


def _expected(path: Path) -> tuple[dict[int, str], list[tuple[int, int, str]], set[int]]:
    """From the comments of a verifier error file: the lines that must have an error,
    the games (first line, last line) that must have one somewhere, and the lines
    that must have none."""
    lines = path.read_bytes().decode("latin-1").split("\n")
    at_line: dict[int, str] = {}
    in_game: list[tuple[int, int, str]] = []
    clean: set[int] = set()
    header = False
    for index, text in enumerate(lines):
        if "====" in text:
            header = True
            continue
        if not text.startswith("%"):
            header = header and not text.strip()
            continue
        comment = text[1:].strip()
        if not comment or "intention" in comment or "contains many" in comment:
            continue
        after = index + 1
        while after < len(lines) and lines[after].startswith("%"):
            after += 1
        if after >= len(lines) or not lines[after].strip():
            continue
        if comment.startswith(FINE) or "not contain errors" in path.read_text("latin-1")[:400]:
            clean.add(after + 1)
        elif header:
            end = after
            while end < len(lines) and lines[end].strip():
                end += 1
            in_game.append((after + 1, end, comment))
        else:
            at_line[after + 1] = comment
    return at_line, in_game, clean


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_pbn_every_file_is_read(path: Path) -> None:
    games, _ = read(pbn.read_file(path), path.name, strict=False)
    assert games
    assert all(isinstance(game, PBNGame) and game.tags for game in games)


@pytest.mark.parametrize("path", sorted(VERIFIER.glob("correct_*.pbn")), ids=lambda p: p.name)
def test_pbn_verifier_correct_files_have_no_error(path: Path) -> None:
    assert pbn.check(pbn.read_file(path), path.name) == []
    assert loads(pbn.read_file(path), path.name)


@pytest.mark.parametrize("path", sorted(VERIFIER.glob("errors_*.pbn")), ids=lambda p: p.name)
def test_pbn_verifier_error_files_have_errors_at_their_lines(path: Path) -> None:
    # The verifier reports a tag PBN does not define; Árbitro notes it (check --strict).
    text = pbn.read_file(path)
    errors = sorted(
        [*pbn.check(text, path.name), *pbn.notes(text, path.name)], key=lambda e: e.line
    )
    lines = {error.line for error in errors}
    at_line, in_game, clean = _expected(path)
    missed = {line: comment for line, comment in at_line.items() if line not in lines}
    assert not missed
    missed_games = [
        (first, comment)
        for first, last, comment in in_game
        if not any(first <= line <= last for line in lines)
    ]
    assert not missed_games
    assert not clean & lines
    with pytest.raises(PBNFileError) as raised:
        loads(text, path.name)
    assert [error.line for error in raised.value.errors] == lines_of(pbn.check(text, path.name))


def lines_of(errors: list[PBNSyntaxError]) -> list[int]:
    return [error.line for error in errors]


def test_pbn_a_tag_pbn_does_not_define_is_a_note_kept_without_lenient() -> None:
    # PBN 2.1, 4.9: programs may add tags of their own; a reader skips what it does not
    # know. So such a tag is a note, not an error, and strict reading keeps it.
    text = '[Event "Club"]\n[Board "1"]\n[BCFlags "1f"]\n'
    assert pbn.check(text, "club.pbn") == []
    [note] = pbn.notes(text, "club.pbn")
    assert isinstance(note, PBNNote)
    assert note.line == 3
    assert "BCFlags is not a tag of PBN 2.1" in str(note)
    assert pbn.check(text, "club.pbn", strict=False) == []
    [game] = loads(text, "club.pbn")
    assert game["BCFlags"] == "1f"
    assert '[BCFlags "1f"]' in dumps([game])


def test_pbn_the_standard_tags_cover_the_verifier_files_and_par_contract_is_an_extension() -> None:
    used = {
        tag.name
        for path in VERIFIER.glob("correct_*.pbn")
        for game in loads(pbn.read_file(path), path.name)
        for tag in game.tags
    }
    assert used <= STANDARD_TAGS
    assert not used & EXTENSION_TAGS
    # Árbitro's hand records carry ParContract beside OptimumScore: strict mode reads them.
    text = '[Event "Club"]\n[Board "1"]\n[OptimumScore "NS 420"]\n[ParContract "N 4S"]\n'
    assert pbn.check(text, "hand.pbn") == []


def _unsectioned(tag: PBNTag) -> PBNTag:
    """The tag, without its rows if it starts the auction or the play section."""
    return PBNTag(tag.name, tag.value) if tag.name in ("Auction", "Play") else tag


def _as_written(tag: PBNTag) -> PBNTag:
    """The tag as export format writes it: cut to its line, a tab written as a space."""
    tag = fitted(tag)
    return PBNTag(tag.name, CONTROL.sub(" ", tag.value), tag.rows)


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_pbn_read_write_read_gives_the_same_games(path: Path) -> None:
    games = loads(pbn.read_file(path), path.name, strict=False)
    again = loads(dumps(games), "written", strict=False)
    assert len(again) == len(games)
    for first, second in zip(games, again, strict=True):
        # Every tag comes back as export format holds it (its values normalised, its
        # tags in export order, rows laid out again four calls or cards a row); what
        # the sections hold is compared below.
        assert [_unsectioned(tag) for tag in second.tags] == [
            _unsectioned(_as_written(tag)) for tag in exported(first).tags
        ]
        assert {tag.name for tag in second.tags} == {tag.name for tag in first.tags} | set(
            pbn.MANDATORY_TAGS
        )
        for name, read_section in (("Auction", read_auction), ("Play", read_play)):
            written, reread = first.tag(name), second.tag(name)
            if written is not None and reread is not None:
                assert _calls(read_section(reread)) == _calls(read_section(written))
    assert dumps(again) == dumps(games)


def _calls(section: Auction | Play) -> list[tuple[object, ...]]:
    """What a section holds, however written: each call or card with its seat, notes, marks.

    A suffix is compared as the NAG export format writes it; the ``-`` before the dealer
    that an auction started at the dealer no longer needs are left out.
    """
    nags = {suffix: number for number, suffix in enumerate(("!", "?", "!!", "??", "!?", "?!"), 1)}
    found: list[tuple[object, ...]] = []
    for item in section.items:
        token = item.token if isinstance(item, AuctionItem) else None
        if token == "-" and not found:
            continue
        call = str(item.card) if isinstance(item, PlayItem) else str(token).upper()
        call = {"P": "PASS", **{f"{level}N": f"{level}NT" for level in range(1, 8)}}.get(call, call)
        extra = 6 if token is None else 0
        suffix = tuple(nags[item.suffix] + extra for _ in (1,) if item.suffix)
        found.append((item.seat, call, item.notes, tuple(sorted(suffix + item.nags)), item.mark))
    return found


@pytest.mark.parametrize("path", EXPORTED, ids=[path.name for path in EXPORTED])
def test_pbn_export_files_are_written_back_line_by_line(path: Path) -> None:
    text = pbn.read_file(path)
    written = dumps(loads(text, path.name, strict=False))
    assert written.split("\n") == text.split("\n")


def test_pbn_inheritance_and_escapes() -> None:
    text = '[Event "Club \\"A\\""]\n[Board "1"]\n\n[Event "#"]\n[Board "2"]\n'
    games = loads(text)
    assert [game["Event"] for game in games] == ['Club "A"', 'Club "A"']
    assert '[Event "Club \\"A\\""]' in dumps(games).split("\n")


def test_pbn_standing_value_holds_for_following_games() -> None:
    games = loads('[Site "##Madrid"]\n[Board "1"]\n\n[Board "2"]\n')
    assert [game["Site"] for game in games] == ["Madrid", "Madrid"]


def test_pbn_strict_and_lenient_modes_differ_on_a_repeated_tag() -> None:
    text = '[Board "1"]\n[Deal "N:- - - AKQJ.T98.765.432"]\n[Board "2"]\n'
    with pytest.raises(PBNFileError) as raised:
        loads(text)
    assert raised.value.errors[0].line == 3
    assert [game["Board"] for game in loads(text, strict=False)] == ["1", "2"]


def test_pbn_unmodelled_tags_are_kept_verbatim() -> None:
    text = '[Board "1"]\n[ActionTable "Rank;Call\\4L"]\n1  4H\n2  4D\n[MyTag "x y"]\n'
    # ActionTable is PBN's, MyTag is not: lenient mode keeps it (strict reports it).
    game = loads(text, strict=False)[0]
    assert game.tag("ActionTable") == PBNTag("ActionTable", "Rank;Call\\4L", ("1  4H", "2  4D"))
    written = dumps([game]).split("\n")
    assert written[-6:-1] == [
        '[ActionTable "Rank;Call\\4L"]',
        "1  4H",
        "2  4D",
        '[MyTag "x y"]',
        "",
    ]


# endplay as a real client ----------------------------------------------------------


def _endplay_facts(boards: list[object]) -> list[tuple[str, str, int | None]]:
    facts = []
    for board in boards:
        contract = board.contract  # type: ignore[attr-defined]
        deal = board.deal.to_pbn()  # type: ignore[attr-defined]
        facts.append((deal, str(contract), contract.result if contract else None))
    return facts


def _rows(game: PBNGame, name: str) -> tuple[str, ...]:
    tag = game.tag(name)
    return () if tag is None else tag.rows


def test_pbn_endplay_reads_what_arbitro_writes() -> None:
    games = played_games(12)
    boards = endplay_pbn.loads(dumps(games))
    assert len(boards) == len(games)
    for game, board in zip(games, boards, strict=True):
        deal = game.deal()
        assert deal is not None
        assert board.deal.to_pbn() == deal.to_str()
        written = game["Contract"]
        contract = board.contract
        assert contract is not None
        if written == "Pass":
            assert contract.is_passout()
            continue
        assert contract.level == int(written[0])
        assert contract.declarer.abbr == game["Declarer"]
        doubling = written.lstrip("1234567").lstrip("CDHSNT")
        assert {"": "passed", "X": "doubled", "XX": "redoubled"}[doubling] == contract.penalty.name
        if game.known("Result") is not None:
            result = int(game["Result"]) - (6 + int(written[0]))
            assert contract.result == result
        calls = " ".join(_rows(game, "Auction")).replace("=1=", "").split()
        assert len(board.auction) == len(calls)
        play = [card for row in _rows(game, "Play") if row != "*" for card in row.split()]
        assert len(board.play) == len([card for card in play if card != "-"])
        assert "OptimumResultTable" in board.info


def test_pbn_arbitro_reads_what_endplay_writes() -> None:
    for name in ("example1.pbn", "example2.pbn"):
        path = DATA / "endplay" / name
        boards = endplay_pbn.load(io.StringIO(pbn.read_file(path)))
        text = endplay_pbn.dumps(boards)
        games = loads(text, "endplay", strict=False)
        assert len(games) == len(boards)
        for game, board in zip(games, boards, strict=True):
            deal = game.deal()
            assert deal is not None
            assert deal.to_str() == board.deal.to_pbn()
            if board.contract is not None and not board.contract.is_passout():
                assert (
                    game.known(
                        "Contract",
                    )
                    is not None
                )
                written = re.sub(r"[^1-7CDHSNTX]", "", game["Contract"].upper())
                assert written.startswith(str(board.contract.level))
                assert game["Declarer"] == board.contract.declarer.abbr


# malformed input ---------------------------------------------------------------------

SAMPLE = (VERIFIER / "correct_10.pbn").read_bytes()
ALPHABET = st.sampled_from(
    [*list('[]"{};%#^=$!?-+*\\ \n\tNESWPXACKQJT98765432HDS:.'), "Pass", "Deal", "Auction", "Play"]
)


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=len(SAMPLE)))
def test_pbn_truncated_files_raise_only_the_parse_error(cut: int) -> None:
    _only_parse_errors(pbn.decode(SAMPLE[:cut]))


@settings(max_examples=60)
@given(st.lists(ALPHABET, max_size=200).map("".join))
def test_pbn_random_text_raises_only_the_parse_error(text: str) -> None:
    _only_parse_errors(text)


@settings(max_examples=40)
@given(st.binary(max_size=300), st.integers(min_value=0, max_value=len(SAMPLE)))
def test_pbn_bad_bytes_raise_only_the_parse_error(noise: bytes, where: int) -> None:
    _only_parse_errors(pbn.decode(SAMPLE[:where] + noise + SAMPLE[where:]))


@settings(max_examples=60)
@given(
    st.sampled_from(
        ["Deal", "Auction", "Play", "Contract", "Declarer", "Result", "Note", "Dealer"]
    ),
    st.text(max_size=60),
    st.lists(st.text(alphabet=" SHDCAKQJT98765432-^RLIX=1!$*", max_size=20), max_size=4),
)
def test_pbn_wrong_tags_and_bad_deals_raise_only_the_parse_error(
    name: str, value: str, rows: list[str]
) -> None:
    body = "\n".join(row for row in rows if row.strip() and not row.lstrip().startswith("%"))
    text = (
        '[Dealer "N"]\n[Declarer "S"]\n[Contract "3NT"]\n'
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
        f'[{name} "{value.replace(chr(34), "")}"]\n{body}\n'
    )
    _only_parse_errors(text)


def _only_parse_errors(text: str) -> None:
    for strict in (True, False):
        games, errors = read(text, "fuzz", strict=strict)
        assert all(isinstance(error, PBNSyntaxError) for error in errors)
        assert all(isinstance(error.line, int) and error.line >= 0 for error in errors)
        cut_short = any(isinstance(error, PBNCutShortError) for error in errors)
        if errors and (strict or cut_short):
            with pytest.raises(PBNFileError) as raised:
                loads(text, "fuzz", strict=strict)
            assert raised.value.errors
        else:
            loaded = loads(text, "fuzz", strict=strict)
            assert loads(dumps(loaded), "again", strict=False) is not None
        for game in games:
            game.deal()
            pbn.read_games(dumps([game]), "again", strict=False)


def test_pbn_table_tags_are_read_into_columns_and_rows() -> None:
    from arbitro.formats.pbn.sections import read_table

    game = loads(pbn.read_file(VERIFIER / "correct_21.pbn"))[0]
    tag = game.tag("OptimumResultTable")
    assert tag is not None
    table = read_table(tag)
    assert [(column.name, column.width, column.align) for column in table.columns] == [
        ("Declarer", None, ""),
        ("Denomination", 2, "R"),
        ("Result", 2, "R"),
    ]
    records = table.records()
    assert len(records) == 20
    assert records[0] == {"Declarer": Seat.NORTH, "Denomination": Strain.CLUBS, "Result": 9}
    assert {record["Declarer"] for record in records} == set(Seat)
    assert {record["Denomination"] for record in records} == set(Strain)


def test_pbn_table_rows_with_missing_elements_are_errors() -> None:
    text = '[Board "1"]\n[ScoreTable "Rank\\\\3R;Score_NS\\\\5R"]\n  1   500\n  2\n'
    errors = pbn.check(text)
    assert [error.line for error in errors] == [4]


# the rules of the standard behind the verifier's error files ---------------------

_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
_PLAYED = f'[Dealer "N"]\n[Deal "{_DEAL}"]\n[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\n'


def _lines(text: str, *, strict: bool = True) -> list[int]:
    return [error.line for error in pbn.check(text, strict=strict)]


def test_pbn_2_3_a_line_counts_each_character_of_its_line_end_among_its_255() -> None:
    # "including the non-visible characters, especially the end-of-line indicator":
    # LF is one character, export format's CR LF two.
    longest = '[Event "' + "x" * 244 + '"]'
    assert len(longest) == 254
    assert _lines(longest + "\n") == []
    assert _lines(longest + "\r\n") == [1]
    assert _lines(longest[:-3] + '"]\r\n') == []  # 253 and CR LF
    assert _lines(longest + "x\n") == [1]
    assert _lines("{ a comment }\r\n" + longest + '\r\n[Board "1"]\r\n') == [2]


def test_pbn_3_4_3_a_date_has_a_month_from_01_to_12_and_a_day_from_01_to_31() -> None:
    for good in ("1998.12.31", "1998.01.01", "1998.??.??", "????.07.??", "1998.07.??", "?"):
        assert _lines(f'[Date "{good}"]\n') == [], good
    for bad in ("1998.13.45", "1998.00.10", "1998.07.32", "1998.07.00", "1998.7.16"):
        assert _lines(f'[Date "{bad}"]\n') == [1], bad
    [error] = pbn.check('[EventDate "1998.13.01"]\n', "a.pbn")
    assert "a month from 01 to 12" in str(error)


_NEWLINE_LOG = """\
{"event": "board", "board": 1, "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"}
{"event": "call", "seat": "N", "call": "1NT"}
{"event": "call", "seat": "E", "call": "Pass"}
{"event": "call", "seat": "S", "call": "2D"}
{"event": "alert", "seat": "N", "call_number": 3}
{"event": "explanation", "seat": "N", "call_number": 3, "text": "transfer\\n[Board \\"99\\"]\\tor not"}
{"event": "call", "seat": "W", "call": "Pass"}
"""


@pytest.mark.parametrize(
    ("name", "text", "kept"),
    [
        ("tab.lin", "pn|Tab\there,E,S,W|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,"
         "S765H432DAKQJCT98,|ah|Board 1|sv|o|mb|1N|mb|p|mb|p|mb|p|\n", '[South "Tab here"]'),
        ("newline.jsonl", _NEWLINE_LOG, '[Note "1:Alert: transfer [Board \\"99\\"] or not"]'),
    ],
)  # fmt: skip
def test_pbn_3_2_a_tab_or_line_end_in_a_value_is_written_as_a_space(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str, kept: str
) -> None:
    # PBN 2.3 and 3.2: no tab or line end inside a string; a line end would let a
    # player's explanation write a tag of its own.
    source, target = tmp_path / name, tmp_path / "out.pbn"
    source.write_text(text, encoding="utf-8")
    assert run_cli(capsys, "--lang", "en", "convert", str(source), str(target))[0] == 0
    written = target.read_bytes().decode("latin-1")
    assert kept in written.split("\r\n")
    assert "\t" not in written
    code, _, err = run_cli(capsys, "--lang", "en", "check", str(target))
    assert (code, err) == (0, "")


_LOWER_CASE = """\
[Board "1"]
[Dealer "n"]
[Vulnerable "both"]
[Deal "n:kqaj.t98.765.432 t98.765.432.ajkq 765.432.ajkq.t98 432.ajkq.t98.765"]
[Declarer "s"]
[Contract "2Dx"]
[Result "8"]
[Auction "N"]
pass 1s 2d x
pass pass pass
"""


def test_pbn_3_11_import_format_lower_case_is_read_in_strict_mode() -> None:
    # 3.11: lower case in the contract, the seats, the ranks and Vulnerable; 3.4.11: the
    # ranks of a suit in any order. Read as what they mean, written in upper case.
    assert pbn.check(_LOWER_CASE, "lower.pbn") == []
    [game] = loads(_LOWER_CASE, "lower.pbn")
    assert [game[name] for name in ("Dealer", "Vulnerable", "Declarer", "Contract")] == [
        "N", "Both", "S", "2DX",
    ]  # fmt: skip
    assert game["Deal"] == _DEAL
    assert game.seat("Declarer") == Seat.SOUTH
    for contract, meant in (("3nt", "3NT"), ("pass", "Pass"), ("7ntxx", "7NTXX"), ("Pass", "Pass")):
        assert loads(f'[Contract "{contract}"]\n')[0]["Contract"] == meant
    for vulnerable, meant in (("none", "None"), ("love", "Love"), ("ns", "NS"), ("ew", "EW"),
                              ("all", "All")):  # fmt: skip
        assert loads(f'[Vulnerable "{vulnerable}"]\n')[0]["Vulnerable"] == meant
    written = dumps([game]).split("\n")
    assert '[Contract "2DX"]' in written
    assert f'[Deal "{_DEAL}"]' in written
    assert pbn.check("\n".join(written), "written.pbn") == []


_IMPORT = """\
% PBN 2.1
{ before the game }
[Zeta "last"]
[Board "2"]
[Dealer "e"]
[Vulnerable "Love"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Annotator "first"]
[Declarer "E"]
[Contract "3nt"]
[Result "NS 4 EW 9"]
[Auction "N"]
-   1NT  pass 3nt ! =1=
AP
[Note "1:to play"]
[Play "S"]
da dt !  D7 D2
[Score "EW 400"]
"""


def test_pbn_3_4_export_format_is_written_from_import_format() -> None:
    # 3.4 the mandatory tags, the sections, then the others in alphabetical order;
    # 3.4.10 None; 3.4.11 the Deal from the dealer; 3.4.15 declarer's tricks; 3.5 the
    # auction from the dealer; 3.5, 3.6 one space between tokens; 3.5.2, 3.6.2 NAGs; 3.11
    # upper case.
    assert pbn.check(_IMPORT, "import.pbn") == []
    written = dumps(loads(_IMPORT, "import.pbn")).split("\n")
    assert written[written.index('[Board "2"]') + 5 :] == [
        '[Dealer "E"]',
        '[Vulnerable "None"]',
        '[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"]',
        '[Scoring "?"]',
        '[Declarer "E"]',
        '[Contract "3NT"]',
        '[Result "9"]',
        '[Auction "E"]',
        "1NT Pass 3NT $1 =1= AP",
        '[Note "1:to play"]',
        '[Play "S"]',
        "DA DT $7 D7 D2",
        '[Annotator "first"]',
        '[Score "EW 400"]',
        '[Zeta "last"]',
        "",
        "",
    ]
    text = "\n".join(written)
    assert pbn.check(text, "written.pbn") == []
    assert dumps(loads(text, "written.pbn")) == text


def test_pbn_3_8_comments_keep_their_place_from_import_to_export_format() -> None:
    text = (
        "{ before the game }\n"
        '[Site "Madrid"] ; where\n'
        '[Event "Club"] { the club\'s }\n'
        "{ a hand diagram,\n"
        "    S AKQ\n"
        "}\n"
        '[Board "1"]\n'
    )
    written = dumps(loads(text, "comments.pbn")).split("\n")
    assert written[2:12] == [
        "{ before the game }",
        '[Event "Club"]',
        "{ the club's }",
        "{ a hand diagram,",
        "    S AKQ",
        "}",
        '[Site "Madrid"]',
        "; where",
        '[Date "?"]',
        '[Board "1"]',
    ]
    again = "\n".join(written)
    assert pbn.check(again, "written.pbn") == []
    assert dumps(loads(again, "written.pbn")) == again


def test_pbn_3_8_a_comment_longer_than_a_line_is_written_over_several() -> None:
    comment = "{ " + ("diagram " * 40)[:251] + "}"
    assert len(comment) == 254  # fits with LF, not with export format's CR LF (2.3)
    written = dumps(loads(comment + '\n[Board "1"]\n')).split("\n")
    assert max(len(line) for line in written) <= 253
    [game] = loads("\n".join(written))
    assert " ".join(" ".join(game.comments).split()) == " ".join(comment[1:-1].split())


def test_pbn_3_4_15_a_board_passed_out_has_an_empty_result_and_declarer() -> None:
    game = PBNGame((PBNTag("Board", "1"), PBNTag("Contract", "Pass"), PBNTag("Result", "?")))
    written = dumps([game]).split("\n")
    assert '[Declarer ""]' in written
    assert '[Result ""]' in written
    assert pbn.check("\n".join(written), "passed.pbn") == []


def test_pbn_3_4_11_a_lin_board_is_written_with_its_deal_from_the_dealer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Board 2, dealer East, passed out: the Deal from East, Declarer and Result empty.
    source, target = tmp_path / "passed.lin", tmp_path / "passed.pbn"
    source.write_text(
        "pn|S1,W1,N1,E1|md|4SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,"
        "|ah|Board 2|sv|n|mb|p|mb|p|mb|p|mb|p|pg||\n",
        encoding="utf-8",
    )
    assert run_cli(capsys, "--lang", "en", "convert", str(source), str(target))[0] == 0
    written = target.read_bytes().decode("latin-1").split("\r\n")
    assert '[Dealer "E"]' in written
    assert next(line for line in written if line.startswith("[Deal ")).startswith('[Deal "E:')
    assert {'[Declarer ""]', '[Result ""]'} <= set(written)
    code, _, err = run_cli(capsys, "--lang", "en", "check", str(target))
    assert (code, err) == (0, "")


def test_pbn_3_4_11_a_deal_holds_each_rank_once_in_any_order() -> None:
    assert _lines('[Deal "N:KA.QJ.T9.8765432 - - -"]\n') == []
    assert _lines('[Deal "N:AA.QJ.T9.8765432 - - -"]\n') == [1]
    assert _lines('[Deal "N:AZ.QJ.T9.8765432 - - -"]\n') == [1]
    assert _lines('[Contract "2Dy"]\n[Dealer "x"]\n[Vulnerable "nil"]\n') == [1, 2, 3]


def test_pbn_2_3_export_format_lines_end_in_cr_lf(tmp_path: Path) -> None:
    game = pbn.PBNGame((pbn.PBNTag("Board", "1"), pbn.PBNTag("North", "Muñoz")))
    target = tmp_path / "out.pbn"
    pbn.dump([game], target)
    data = target.read_bytes()
    assert data.startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert data.endswith(b"\r\n\r\n")
    assert pbn.load(target)[0]["North"] == "Muñoz"


def test_pbn_2_2_characters_128_to_159_and_del_are_not_used() -> None:
    assert _lines('[Event "a\x85b"]\n') == [1]
    assert _lines('[Event "a\x7fb"]\n') == [1]
    assert _lines('[Event "Ñandú"]\n{ comentario \x9f }\n') == [2]


def test_pbn_3_5_1_a_notrump_bid_is_nt_in_strict_mode_only() -> None:
    text = '[Dealer "N"]\n[Auction "N"]\n1N Pass 3NT AP\n'
    assert _lines(text) == [3]
    assert _lines(text, strict=False) == []


def test_pbn_3_5_5_a_note_outside_the_sections_is_an_error() -> None:
    assert _lines('[Board "1"]\n[Note "1:alone"]\n') == [2]
    inside = '[Dealer "N"]\n[Auction "N"]\n1NT =1= Pass 3NT AP\n[Note "1:15-17"]\n'
    assert _lines(inside) == []


def test_pbn_3_7_nags_of_calls_and_cards_are_kept_apart() -> None:
    auction = '[Dealer "N"]\n[Auction "N"]\n1NT {}\nPass $13 3NT AP\n'
    assert _lines(auction.replace("{}", "$7")) == [3]
    assert _lines(auction.replace("{}", "$14")) == [3]
    assert _lines(auction.replace("{}", "$25")) == []
    assert _lines(_PLAYED + "S2 {} SA ST S5\n".replace("{}", "$1")) == [6]
    assert _lines(_PLAYED + "S2 {} SA ST S5\n".replace("{}", "$13")) == [6]
    assert _lines(_PLAYED + "S2 {} SA ST S5\n".replace("{}", "$14 $200")) == []


def test_pbn_3_6_3_a_card_has_one_suffix_whether_written_or_as_its_nag() -> None:
    assert _lines(_PLAYED + "S2 ! $9 SA ST S5\n") == [6]
    assert _lines(_PLAYED + "S2 $9 ! SA ST S5\n") == [6]
    assert _lines(_PLAYED + "S2 ! $3 SA ST S5\n") == [6]
    assert _lines(_PLAYED + "S2 ! $25 SA ST S5\n") == []


def test_pbn_3_9_one_lead_out_of_turn_per_trick() -> None:
    # West is on lead; North leads out of turn and the lead is accepted.
    assert _lines(_PLAYED + "S3 ^L SA ST S5\n") == []
    assert _lines(_PLAYED + "S3 ^L SA ST ^L S5\n") == [6]


def test_pbn_3_6_no_card_after_the_plus_in_the_order_of_play() -> None:
    # West leads S2; the '+' stands for North's card, the next to be played.
    assert _lines(_PLAYED + "S2 + - -\n") == []
    assert _lines(_PLAYED + "S2 + ST -\n") == [6]
    assert _lines(_PLAYED + "S2 + - -\nS3 - - -\n") == [7]
    # North leads out of turn and West's '+' comes last: nothing follows it.
    assert _lines(_PLAYED + "+ ^L SA ST S5\n") == []


def test_pbn_4_2_6_rubber_history_gives_the_vulnerability() -> None:
    history = '[Vulnerable "{}"]\n[ScoreRubberHistory "NS 0 0 / 100 0 EW 0 0 / 0 0"]\n'
    assert _lines(history.format("NS")) == []
    assert _lines(history.format("All")) == [2]
    assert _lines(history.format("None")) == [2]
    both = '[ScoreRubberHistory "NS 0 0 / 100 0 0 EW 0 0 / 0 100 0"]\n[Vulnerable "{}"]\n'
    assert _lines(both.format("Both")) == []
    assert _lines(both.format("EW")) == [2]
    assert _lines('[ScoreRubberHistory "NS 0 0 EW 0 0"]\n') == [1]


def test_pbn_2_4_a_file_in_export_format_keeps_its_rules_in_strict_mode() -> None:
    text = '% EXPORT\n[Event "A"] [Site "B"]\n[Dealer "N"]\n[Auction "N"]\n1NT Pass 3NT Pass Pass Pass\n'
    assert _lines(text) == [2, 5]
    assert _lines(text, strict=False) == []
    assert _lines(text.replace("% EXPORT\n", "% import\n")) == []


def test_pbn_3_5_written_rows_keep_export_format_four_calls_or_cards_a_row() -> None:
    text = (
        '[Dealer "N"]\n[Auction "N"]\n1NT =1= Pass ^I 1C Pass Pass Pass\n[Note "1:15-17"]\n'
        f'[Deal "{_DEAL}"]\n[Declarer "S"]\n[Contract "1C"]\n[Play "W"]\n'
        "S2 SA ST S5 HA H8 H5 H2 *\n"
    )
    assert _lines(text) == []
    assert _lines("% EXPORT\n" + text) == [4, 10]
    games = loads(text)
    written = dumps(games)
    assert pbn.check(written) == []
    again = loads(written)[0]
    assert again.tag("Auction").rows == ("1NT =1= Pass ^I 1C Pass", "Pass Pass")  # type: ignore[union-attr]
    assert again.tag("Play").rows == ("S2 SA ST S5", "HA H8 H5 H2", "*")  # type: ignore[union-attr]
    for name, read_section in (("Auction", read_auction), ("Play", read_play)):
        first, second = games[0].tag(name), again.tag(name)
        assert first is not None
        assert second is not None
        assert read_section(second) == read_section(first)


_WHOLE_PLAY = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQJ.AK.AKQ 765.765.8765.876 T98.T98.QJT9.JT9 432.432.432.5432"]
[Declarer "N"]
[Contract "4S"]
[Result "{result}"]
[Auction "N"]
1S Pass 4S Pass
Pass Pass
[Play "E"]
H5 H8 H2 HJ
D5 D9 D2 DA
S7 ST S4 SA
S6 S9 S3 SK
S5 S8 S2 SQ
H7 HT H4 SJ
H6 H9 H3 HA
D8 DQ D4 HK
D7 DJ D3 HQ
D6 DT C5 DK
C8 CJ C4 CA
C7 CT C3 CK
C6 C9 C2 CQ
{note}"""


def test_pbn_a_result_the_whole_play_contradicts_is_reported_at_its_line() -> None:
    # North holds every top card: the 13 tricks played above are all declarer's.
    errors = pbn.check(_WHOLE_PLAY.format(result="12", note=""), "board.pbn")
    assert [str(error) for error in errors] == [
        'board.pbn, line 7: [Result "12"]: the play gives declarer 13 tricks'
    ]
    assert pbn.check(_WHOLE_PLAY.format(result="13", note=""), "board.pbn") == []


def test_pbn_a_result_after_a_ruling_noted_or_a_revoke_is_not_judged_by_the_play() -> None:
    # A note may record a trick moved by a ruling (Laws 64, 67B1a): the play cannot judge it.
    noted = _WHOLE_PLAY.format(result="12", note='[Note "1:Law 67B1a"]\n').replace(
        "Pass Pass\n", "Pass Pass =1=\n"
    )
    assert pbn.check(noted, "board.pbn") == []
    unfinished = _WHOLE_PLAY.format(result="12", note="").replace("C6 C9 C2 CQ\n", "")
    assert pbn.check(unfinished, "board.pbn") == []


def test_pbn_a_tag_left_open_over_many_lines_reads_each_line_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An upload whose Note is never closed: each line is scanned once, not the whole tag
    # again at every line (a 2 MB upload used to cost the server minutes).
    from arbitro.formats.pbn import reader

    scanned: list[int] = []
    scan = reader.OpenTag.scan

    def counted(tag: reader.OpenTag, text: str) -> int:
        scanned.append(len(text))
        return scan(tag, text)

    monkeypatch.setattr(reader.OpenTag, "scan", counted)
    lines = ['[Board "1"]', '[Note "'] + [f"a note that goes on, line {n}" for n in range(5000)]
    text = "\n".join(lines) + "\n"
    with pytest.raises(PBNFileError) as error:
        loads(text)
    assert sum(scanned) <= len(text) + len(lines)  # each line once, with its joining space
    [problem] = [p for p in error.value.errors if "never closed" in str(p)]
    assert problem.line == 2
    assert len(str(problem)) < 200  # the tag's start, not its 150,000 characters


def test_pbn_a_tag_continued_on_the_next_line_is_read_whole() -> None:
    [game] = loads('[Board "1"]\n[Event "Club\nnight"]\n', strict=False)
    assert game.get("Event") == "Club night"

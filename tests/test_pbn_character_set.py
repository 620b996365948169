r"""PBN files are written in ISO 8859-1 (Latin-1), the character set of PBN 2.1 (its 2.2).

Every path that writes a PBN file (``arbitro convert``, ``arbitro deal``, ``arbitro
analyze --out``, ``arbitro event export --pbn``; the desk's downloads are in
``test_web_desk_setup_and_output.py``) writes Latin-1 unless ``--encoding utf-8`` is
given, so that Muñoz, Peñalver and Sáez read right in the programs that follow the
standard. A suit symbol is written as PBN writes it, ``\C`` (3.8). A character Latin-1
cannot hold (Łukasz) is refused, naming the board, the tag and the character, and
nothing is written. The reader goes on reading both Latin-1 and UTF-8 files.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.errors import PBNSyntaxError
from arbitro.formats import pbn
from arbitro.formats.pbn.model import PBNGame, PBNTag
from cli_support import run_cli

DATA = Path(__file__).resolve().parent / "data"
SEED = "c0ffee" * 10 + "c0ffee00"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
SPANISH = (
    '[Event "Copa de Peñíscola"]\n[Board "3"]\n[West "Peñalver, Ana"]\n'
    '[North "Muñoz, Luis"]\n[East "Sáez, Eva"]\n[South "García, Juan"]\n'
    f'[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "{DEAL}"]\n'
)


def test_pbn_convert_writes_spanish_names_in_latin1_and_reads_them_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, target = tmp_path / "club.pbn", tmp_path / "out.pbn"
    source.write_text(SPANISH, encoding="utf-8")  # read as UTF-8, written as Latin-1
    code, _, err = run_cli(capsys, "convert", str(source), str(target))
    assert (code, err) == (0, "")
    data = target.read_bytes()
    assert data.startswith(
        b"% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=ISO-8859-1\r\n"
    )
    assert '[North "Muñoz, Luis"]'.encode("latin-1") in data
    assert '[West "Peñalver, Ana"]'.encode("latin-1") in data
    assert "ñ".encode() not in data  # no UTF-8: other programs would show "MuÃ±oz"
    [game] = pbn.load(target)
    assert (game["North"], game["East"], game["Event"]) == (
        "Muñoz, Luis",
        "Sáez, Eva",
        "Copa de Peñíscola",
    )
    code, printed, _ = run_cli(capsys, "check", str(target))
    assert (code, printed) == (0, f"{target}: no problems\n")


def test_pbn_convert_in_utf8_when_asked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source, target = tmp_path / "club.pbn", tmp_path / "out.pbn"
    source.write_text(SPANISH, encoding="latin-1")
    code, _, _ = run_cli(capsys, "convert", "--encoding", "utf-8", str(source), str(target))
    assert code == 0
    assert '[North "Muñoz, Luis"]' in target.read_text(encoding="utf-8")


def test_pbn_name_outside_latin1_is_refused_naming_board_tag_and_character(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, target = tmp_path / "club.pbn", tmp_path / "out.pbn"
    source.write_text(SPANISH.replace("Sáez, Eva", "Nowak, Łukasz"), encoding="utf-8")
    target.write_bytes(b"kept")
    code, _, err = run_cli(capsys, "convert", str(source), str(target))
    assert code != 0
    assert err.count("\n") == 1  # one line, no traceback
    assert "board 3, tag East (Nowak, Łukasz)" in err
    assert "'Ł' (U+0141 LATIN CAPITAL LETTER L WITH STROKE)" in err
    assert "ISO 8859-1" in err
    assert "--encoding utf-8" in err
    assert target.read_bytes() == b"kept"  # nothing written, nothing half written
    code, _, err = run_cli(capsys, "--lang", "es", "convert", str(source), str(target))
    assert "estuche 3, etiqueta East (Nowak, Łukasz): el carácter «Ł»" in err
    code, _, _ = run_cli(capsys, "convert", "--encoding", "utf-8", str(source), str(target))
    assert code == 0
    assert pbn.load(target)[0]["East"] == "Nowak, Łukasz"


def test_pbn_suit_symbols_are_written_as_pbn_writes_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A ruling's note names the insufficient bid with its symbol: 1♣ (Law 27A1).
    log = tmp_path / "board.jsonl"
    log.write_text(
        f'{{"event": "board", "board": 1, "deal": "{DEAL}"}}\n'
        + "".join(
            f'{{"event": "call", "seat": "{seat}", "call": "{call}"}}\n'
            for seat, call in zip("NESW", ("1NT", "Pass", "1C", "Pass"), strict=True)
        ),
        encoding="utf-8",
    )
    target = tmp_path / "out.pbn"
    code, _, err = run_cli(capsys, "convert", str(log), str(target))
    assert (code, err) == (0, "")
    note = next(line for line in target.read_bytes().split(b"\n") if line.startswith(b"[Note"))
    assert b"1\\\\C" in note  # PBN 3.8's \C, its backslash doubled inside a tag's value
    assert pbn.load(target)[0]["Note"].endswith("the insufficient bid 1\\C is accepted")


LATIN1_NAMES = st.text(
    st.characters(
        min_codepoint=0x20,
        max_codepoint=0xFF,
        exclude_characters="".join(map(chr, range(0x7F, 0xA0))),  # DEL and C1, never in PBN
    ),
    min_size=1,
    max_size=40,
).filter(lambda name: name.strip() == name and name not in ("?", "#") and "##" not in name[:2])
OTHER_CHARACTERS = st.characters(min_codepoint=0x100, exclude_categories=("Cs", "Cc", "So"))


@settings(max_examples=80, deadline=None)
@given(LATIN1_NAMES)
def test_pbn_any_latin1_name_is_written_in_latin1_and_read_back_the_same(name: str) -> None:
    text = pbn.dumps([PBNGame((PBNTag("Board", "1"), PBNTag("North", name)))])
    data = pbn.encode(text)
    lines = data.split(b"\r\n")
    assert lines[:3] == [
        b"% PBN 2.1",
        b"% EXPORT",
        b"%Content-type: text/x-pbn; charset=ISO-8859-1",
    ]
    assert b"\n".join(lines[:2] + lines[3:]) == text.encode("latin-1")  # CR LF line ends
    assert pbn.loads(data.decode("latin-1"), strict=False)[0]["North"] == name


@settings(max_examples=80, deadline=None)
@given(LATIN1_NAMES, OTHER_CHARACTERS)
def test_pbn_any_character_outside_latin1_is_refused_by_name(name: str, other: str) -> None:
    text = pbn.dumps([PBNGame((PBNTag("Board", "7"), PBNTag("South", name + other)))])
    with pytest.raises(PBNSyntaxError) as refused:
        pbn.encode(text, "out.pbn")
    message = str(refused.value)
    assert message.startswith("out.pbn: board 7, tag South (")
    assert f"'{other}' (U+{ord(other):04X}" in message
    written = pbn.encode(text, encoding="utf-8").decode("utf-8")
    assert "%Content-type: text/x-pbn; charset=UTF-8" in written
    assert pbn.loads(written, strict=False)[0]["South"] == name + other


@pytest.mark.parametrize(
    ("path", "character_set", "tag", "expected"),
    [
        (DATA / "pbn" / "verifier" / "correct_10.pbn", "latin-1", "West", "Ñ"),
        (DATA / "pbn" / "endplay" / "example2.pbn", "utf-8", "Note", "♣"),
    ],
    ids=["latin-1", "utf-8"],
)
def test_pbn_latin1_and_utf8_files_are_read_and_written_in_latin1(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    path: Path,
    character_set: str,
    tag: str,
    expected: str,
) -> None:
    data = path.read_bytes()
    data.decode(character_set)  # the real file is in that character set
    games = pbn.loads(pbn.read_file(path), path.name, strict=False)
    assert any(expected in t.value for game in games for t in game.tags if t.name == tag)
    target = tmp_path / "out.pbn"
    code, _, _ = run_cli(capsys, "convert", "--lenient", str(path), str(target))
    assert code == 0
    written = target.read_bytes()
    assert b"%Content-type: text/x-pbn; charset=ISO-8859-1\r\n" in written
    again = pbn.loads(written.decode("latin-1"), "out.pbn", strict=False)
    letter = expected if expected != "♣" else "\\C"
    assert any(letter in t.value for game in again for t in game.tags if t.name == tag)


def test_pbn_deal_writes_latin1_and_refuses_what_it_cannot_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "set.pbn"
    deal = ("deal", "--boards", "1", "--seed", SEED, "--out", str(out))
    code, _, _ = run_cli(capsys, *deal, "--event", "Copa de Peñíscola")
    assert code == 0
    assert '[Event "Copa de Peñíscola"]'.encode("latin-1") in out.read_bytes()
    code, _, err = run_cli(capsys, *deal, "--event", "Puchar Łodzi")
    assert code != 0
    assert "board 1, tag Event (Puchar Łodzi): the character 'Ł'" in err
    code, _, _ = run_cli(capsys, *deal, "--event", "Puchar Łodzi", "--encoding", "utf-8")
    assert code == 0
    assert '[Event "Puchar Łodzi"]' in out.read_text(encoding="utf-8")
    # The hand records' PBN (analyze --out) follows the same rule.
    analysed = tmp_path / "analysed.pbn"
    code, _, err = run_cli(capsys, "analyze", str(out), "--out", str(analysed))
    assert code != 0
    assert "tag Event (Puchar Łodzi)" in err
    assert not analysed.exists()
    code, _, _ = run_cli(capsys, "analyze", str(out), "--out", str(analysed), "--encoding", "utf-8")
    assert code == 0
    assert '[Event "Puchar Łodzi"]' in analysed.read_text(encoding="utf-8")


def test_pbn_standard_output_gets_the_files_latin1_bytes(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    with pytest.raises(SystemExit):
        main(["deal", "--boards", "1", "--seed", SEED, "--event", "Peñíscola", "--out", "-"])
    assert '[Event "Peñíscola"]'.encode("latin-1") in capsysbinary.readouterr().out


def test_pbn_event_export_writes_latin1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    code, _, err = run_cli(
        capsys, "event", "new", "Copa de Peñíscola", "--boards", "1", "--pair", "1", "--pair", "2",
        *db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    code, _, err = run_cli(
        capsys,
        *("result", "enter", "1", "--board", "1", "--table", "1", "--ns", "1", "--ew", "2"),
        *("--contract", "4S", "--declarer", "N", "--tricks", "10"),
        *db,
    )
    assert (code, err) == (0, "")
    path = tmp_path / "club.pbn"
    code, _, err = run_cli(capsys, "event", "export", "1", str(path), "--pbn", *db)
    assert (code, err) == (0, "")
    assert '[Event "Copa de Peñíscola"]'.encode("latin-1") in path.read_bytes()
    code, _, err = run_cli(capsys, "event", "export", "1", str(path), "--usebio", "--encoding", "latin-1", *db)  # fmt: skip
    assert code == 2
    assert "--encoding latin-1: a USEBIO file is written in utf-8" in err


def test_the_command_lines_encodings_are_the_pbn_writers() -> None:
    """``--encoding`` offers what the writer takes (named twice so that commands start
    without the PBN codec: the two must not drift apart)."""
    from arbitro.cli.localized import PBN_ENCODINGS

    assert PBN_ENCODINGS == pbn.ENCODINGS

r"""Every real file of ``tests/data`` and every file in another program's shape goes
through ``arbitro convert`` with nothing lost: one test per file.

A PBN file is converted to PBN: every tag of every game comes back with its value and
its rows (an auction or a play may be laid out again four to a row: what it holds is
compared), and converting the result again changes nothing. The file is written in
ISO 8859-1, PBN's character set, where a suit symbol of a note is PBN's ``\C`` (2.2,
3.8); in UTF-8 (``--encoding utf-8``) every value comes back as it was. A LIN file (a BBO ``.lin``
download, or BBO handviewer links one a line) is converted to LIN and to PBN and back:
the same boards (deal, dealer, vulnerability, players, calls with their alerts and
explanations, cards, claim). In PBN a call's alert and explanation are its note
(``=1=`` and ``[Note "1:Alert: 15-17"]``, ``docs/formats.md``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitro.cli.main import cli
from arbitro.formats import lin, pbn
from arbitro.formats.pbn.export_lines import CONTROL, fitted
from arbitro.formats.pbn.sections import read_auction, read_play
from arbitro.formats.pbn.writer import exported

DATA = Path(__file__).resolve().parent / "data"
PBN_FILES = sorted((DATA / "pbn").rglob("*.pbn")) + sorted(
    (DATA / "programs" / "pbn").glob("*.pbn")
)
LIN_FILES = sorted((DATA / "lin").rglob("*.lin")) + sorted(
    (DATA / "programs" / "lin").glob("*.lin")
)
BIG = 1_000_000  # the largest real file is converted by test_pbn.py's own round trip


def _convert(source: Path, target: Path, *options: str) -> None:
    result = CliRunner().invoke(cli, ["convert", *options, str(source), str(target)])
    assert result.exit_code == 0, (result.output, result.exception)


def _strict(path: Path) -> tuple[str, ...]:
    # Files with errors against the standard (the verifier's error files, endplay's
    # lower-case doubles) are read leniently; the others strictly, their own tags kept.
    return () if not pbn.check(pbn.read_file(path), path.name) else ("--lenient",)


@pytest.mark.parametrize(
    "path", [path for path in PBN_FILES if path.stat().st_size < BIG], ids=lambda p: p.name
)
def test_convert_pbn_loses_nothing(path: Path, tmp_path: Path) -> None:
    options = _strict(path)
    once, twice = tmp_path / "once.pbn", tmp_path / "twice.pbn"
    _convert(path, once, *options)
    _convert(once, twice, *options)
    assert twice.read_bytes() == once.read_bytes()
    once.read_bytes().decode("latin-1")  # PBN 2.2's character set, the default
    strict = not options
    before = pbn.loads(pbn.read_file(path), path.name, strict=strict)
    after = pbn.loads(pbn.read_file(once), "once.pbn", strict=strict)
    assert len(after) == len(before)
    for first, second in zip(before, after, strict=True):
        # Each tag as export format holds it (writer.exported: 2DX, the Deal from the
        # dealer...); a value too long for a line ending in CR LF is cut (PBN 2.3), a
        # tab written as a space.
        first = exported(first)
        for name in dict.fromkeys(tag.name for tag in first.tags):
            written = [_as_written(tag) for tag in first.tags if tag.name == name]
            kept = [tag for tag in second.tags if tag.name == name]
            assert [tag.value for tag in kept] == [_suit_letters(tag.value) for tag in written], (
                name
            )
            for old, new in zip(written, kept, strict=True):
                if name == "Auction":
                    assert read_auction(new) == read_auction(old)
                elif name == "Play":
                    assert read_play(new) == read_play(old)
                else:
                    assert new.rows == old.rows, name


def _as_written(tag: pbn.PBNTag) -> pbn.PBNTag:
    """The tag as export format writes it: cut to its line, a tab written as a space."""
    tag = fitted(tag)
    return pbn.PBNTag(tag.name, CONTROL.sub(" ", tag.value), tag.rows)


def _suit_letters(value: str) -> str:
    """A value as a Latin-1 PBN file holds it: each suit symbol written ``\\C`` (PBN 3.8)."""
    for symbol, letter in {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.items():
        value = value.replace(symbol, "\\" + letter)
    return value


def test_convert_pbn_in_utf8_keeps_every_note_as_it_was(tmp_path: Path) -> None:
    source = DATA / "pbn" / "endplay" / "example2.pbn"  # RealBridge's notes: "2+♣"
    target = tmp_path / "utf8.pbn"
    _convert(source, target, "--lenient", "--encoding", "utf-8")
    notes = [
        tag.value
        for game in pbn.loads(pbn.read_file(source), "example2.pbn", strict=False)
        for tag in game.tags
        if tag.name == "Note"
    ]
    assert any("♣" in note for note in notes)
    written = pbn.loads(target.read_text(encoding="utf-8"), "utf8.pbn", strict=False)
    assert [tag.value for game in written for tag in game.tags if tag.name == "Note"] == notes


def test_convert_keeps_bridge_composer_own_tags_without_lenient(tmp_path: Path) -> None:
    source = DATA / "programs" / "pbn" / "bridge-composer.pbn"
    assert _strict(source) == ()
    target = tmp_path / "out.pbn"
    _convert(source, target)
    written = target.read_text(encoding="utf-8").splitlines()
    assert written.count('[BCFlags "1f"]') == 2
    assert written.count('[DoubleDummyTricks "76566a7b8a76566a7b8a"]') == 2


@pytest.mark.parametrize("path", LIN_FILES, ids=lambda p: p.name)
def test_convert_lin_loses_nothing(path: Path, tmp_path: Path) -> None:
    as_lin, as_pbn, back = tmp_path / "once.lin", tmp_path / "once.pbn", tmp_path / "back.lin"
    _convert(path, as_lin)
    _convert(path, as_pbn)
    _convert(as_pbn, back)
    original = lin.load(path).boards
    assert original
    for converted in (lin.load(as_lin).boards, lin.load(back).boards):
        assert len(converted) == len(original)
        for first, second in zip(original, converted, strict=True):
            assert second.deal == first.deal
            assert second.dealer == first.dealer
            assert second.vulnerability == first.vulnerability
            assert second.players == first.players
            assert second.calls == first.calls  # each call with its alert and explanation
            assert second.cards == first.cards
            assert second.claim == first.claim


def test_handviewer_links_read_as_the_lin_they_carry() -> None:
    links = lin.load(DATA / "programs" / "lin" / "bbo-handviewer-links.lin").boards
    download = lin.load(DATA / "programs" / "lin" / "bbo-download.lin").boards
    assert links == download
    assert [board.calls[1].explanation for board in links[1:]] == ["15-17"]

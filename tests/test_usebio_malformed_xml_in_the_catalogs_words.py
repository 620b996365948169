"""A USEBIO file the XML parser cannot read is refused in the catalog's words, with its line and column.

The parser's own English message (``no element found``) is never shown: the common
expat errors have their own message, any other the generic one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.formats import usebio
from arbitro.formats.usebio import UsebioSyntaxError
from cli_support import run_cli

CUT = "<USEBIO>\n<EVENT>\n  <EVENT_TYPE>MP_PAIRS</EVENT_TYPE>\n"
"""A file cut before it closes its elements."""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            CUT,
            "a.xml, line 4, column 1: the file ends before its elements are closed (or has none)",
        ),
        (
            "<USEBIO>\n<EVENT></USEBIO>",
            "a.xml, line 2, column 10: a closing tag does not match the element it closes",
        ),
        (
            "<USEBIO></USEBIO>\n<X/>",
            "a.xml, line 2, column 1: text follows the file's last element",
        ),
        (
            "<USEBIO>\n <EVENT a='1' a='2'/>",
            "a.xml, line 2, column 15: an attribute is written twice in one tag",
        ),
        (
            "<USEBIO>&nbsp;</USEBIO>",
            "a.xml, line 1, column 9: an entity (&...;) that XML does not define",
        ),
        ("<USEBIO>\n<EVENT", "a.xml, line 2, column 1: the file ends inside a tag or a comment"),
    ],
    ids=["cut", "mismatched", "junk-after", "attribute-twice", "undefined-entity", "open-tag"],
)
def test_usebio_expat_error_is_said_in_the_catalogs_words(text: str, expected: str) -> None:
    with pytest.raises(UsebioSyntaxError) as refused:
        usebio.loads(text, "a.xml")
    assert str(refused.value) == expected


def test_usebio_other_expat_error_is_the_generic_message() -> None:
    with pytest.raises(UsebioSyntaxError) as refused:
        usebio.loads("<USEBIO>\n<1/></USEBIO>", "a.xml")
    assert str(refused.value).startswith("a.xml, line 2, column 2: the file is not well-formed XML")


def test_usebio_cut_file_session_score_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Passes once the catalog has the message's translation (listed in the branch's report)."""
    path = tmp_path / "u_trunc.xml"
    path.write_text(CUT, encoding="utf-8")
    code, _, err = run_cli(capsys, "session", "score", str(path), "--lang", "es")
    assert code == 2
    assert f"{path}, línea 4, columna 1: el fichero se corta antes de cerrar sus elementos" in err
    assert "no element found" not in err


def test_usebio_cut_file_session_score_in_english(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "u_trunc.xml"
    path.write_text(CUT, encoding="utf-8")
    code, _, err = run_cli(capsys, "session", "score", str(path), "--lang", "en")
    assert code == 2
    assert f"{path}, line 4, column 1: the file ends before its elements are closed" in err
    assert "no element found" not in err

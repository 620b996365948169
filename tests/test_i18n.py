"""The Spanish and English catalogs hold every user-facing message, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from arbitro.core.bounded import InvalidNumberError, parse_fraction
from arbitro.i18n import (
    LANGUAGES,
    UnknownLanguageError,
    catalog_path,
    forget_environment_language,
    get_language,
    gettext,
    ngettext,
    parse_language,
    set_language,
    use_language,
)
from arbitro.tournament.entry import Entry, InvalidEntryError

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "NP_": (1, 2)}


def extracted_messages() -> set[str]:
    """Every message the code and templates mark, as the catalogs key them."""
    found: set[str] = set()
    method_map = [
        ("src/arbitro/**.py", "python"),
        ("src/arbitro/web/templates/**.html", "jinja2"),
        ("src/arbitro/analysis/templates/**.html", "jinja2"),
    ]
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=method_map, keywords=KEYWORDS
    ):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def catalog_messages(language: str) -> dict[str, object]:
    with catalog_path(language).open("rb") as po_file:  # type: ignore[arg-type]
        catalog = read_po(po_file)
    messages: dict[str, object] = {}
    for message in catalog:
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            messages[str(key)] = message.string
    return messages


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_in_the_catalog_and_translated(language: str) -> None:
    in_code = extracted_messages()
    catalog = catalog_messages(language)
    assert sorted(in_code - set(catalog)) == [], f"run 'make messages' and translate ({language})"
    untranslated = [msgid for msgid in in_code if not catalog[msgid]]
    assert untranslated == []
    assert sorted(set(catalog) - in_code) == [], "the catalog holds messages no code uses"


def test_spanish_keeps_every_placeholder() -> None:
    import re

    placeholder = re.compile(r"\{[a-z_]+\}|%\([a-z_]+\)s")
    for msgid, msgstr in catalog_messages("es").items():
        strings = msgstr if isinstance(msgstr, tuple) else (msgstr,)
        for translated in strings:
            assert set(placeholder.findall(str(translated))) == set(placeholder.findall(msgid)), (
                msgid
            )


def test_language_follows_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITRO_LANG")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    forget_environment_language()
    assert get_language() == "es"
    monkeypatch.setenv("LANG", "C.UTF-8")
    forget_environment_language()
    assert get_language() == "en"
    monkeypatch.setenv("ARBITRO_LANG", "es")
    set_language(None)  # back to the environment: read again
    assert gettext("North") == "Norte"


class _CountedEnvironment(dict[str, str]):
    """A copy of the environment that counts how often it is read."""

    reads = 0

    def get(self, key: str, default: object = None) -> object:  # type: ignore[override]
        type(self).reads += 1
        return super().get(key, default)

    def __getitem__(self, key: str) -> str:
        type(self).reads += 1
        return super().__getitem__(key)


def test_environment_language_read_once_per_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages do not read the environment each time; going back to it reads it again."""
    import os

    counted = _CountedEnvironment(os.environ)
    monkeypatch.setattr(os, "environ", counted)
    counted["ARBITRO_LANG"] = "es"
    set_language(None)
    assert gettext("North") == "Norte"
    reads = _CountedEnvironment.reads
    assert reads > 0
    problems = ngettext("(and {count} more problem)", "(and {count} more problems)", 2)
    assert [gettext("South"), problems] == ["Sur", "(y {count} problemas más)"]
    assert get_language() == "es"
    assert _CountedEnvironment.reads == reads
    counted["ARBITRO_LANG"] = "en"
    assert gettext("North") == "Norte"  # kept until the context goes back to the environment
    set_language(None)
    assert gettext("North") == "North"
    assert _CountedEnvironment.reads > reads


def test_use_language_nests_and_restores() -> None:
    with use_language("es"):
        assert gettext("South") == "Sur"
        with use_language("en"):
            assert gettext("South") == "South"
        assert ngettext(
            "{count} card is missing: {cards}", "{count} cards are missing: {cards}", 1
        ) == ("falta {count} carta: {cards}")
    assert get_language() == "en"


@pytest.mark.parametrize(
    ("text", "language"), [("es", "es"), ("ES-es", "es"), ("en_GB.UTF-8", "en")]
)
def test_parse_language(text: str, language: str) -> None:
    assert parse_language(text) == language


def test_unknown_language_names_the_input() -> None:
    with pytest.raises(UnknownLanguageError, match="unknown language 'pt': expected one of en, es"):
        parse_language("pt")


def test_spanish_messages_write_their_examples_in_spanish() -> None:
    """Examples joined by a word ("420 or -50") are part of the message, so they are translated."""
    with pytest.raises(InvalidEntryError) as refused:
        Entry.from_fields(score="cuatro")
    with pytest.raises(InvalidNumberError) as number:
        parse_fraction("mucho")
    with use_language("es"):
        assert "420 o -50" in str(refused.value)
        assert "3, 2.5 o 1/3" in str(number.value)


# One word for each thing in the Spanish catalog (the house style): a file is a «fichero»,
# a default «por omisión», the declarer the «declarante», a Law «Artículo N», the
# director's rulings «decisiones» (as the desk's view «Decisiones y penalizaciones»), a
# penalty a «penalización», Law 12's adjusted score a «puntuación ajustada».
OTHER_WORDS = (
    "archivo",
    "por defecto",
    "carteador",
    "Art. ",
    "fallos",
    "penalidad",
    "marcador asignado",
    "marcadores asignados",
)


@pytest.mark.parametrize("word", OTHER_WORDS)
def test_spanish_catalog_says_each_thing_one_way(word: str) -> None:
    """No Spanish message uses a second word for a thing the catalog already names."""
    found = []
    for msgid, translated in catalog_messages("es").items():
        texts = translated if isinstance(translated, tuple) else (translated,)
        if any(word.lower() in str(text).lower() for text in texts):
            found.append(msgid)
    assert found == []


def test_spanish_catalog_quotes_with_comillas() -> None:
    """A value quoted in a Spanish message is «quoted», not 'quoted' (the house style).

    A shell command the message gives keeps the shell's quotes (``chmod 600 '{path}'``).
    """
    straight = re.compile(r"(?<!chmod 600 )'\{[a-z_]+\}'")
    found = []
    for msgid, translated in catalog_messages("es").items():
        texts = translated if isinstance(translated, tuple) else (translated,)
        if any(straight.search(str(text)) for text in texts):
            found.append(msgid)
    assert found == []

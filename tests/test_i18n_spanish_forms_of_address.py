"""The Spanish catalog speaks to each reader one way: one form of address per audience.

- The players at a table, together, read the tables' phone pages, the public results and
  the printed table card: *vosotros* ("anotadlo", "vuestra mesa").
- A single player answering the director's poll (Law 16B1b): *tú* ("tu nombre").
- The director reads everything else (the desk, the assistant, the command line): *usted*
  ("indique", "anótelo"), the majority form of the catalog's director messages. The
  command line's help describes in the third person ("Anota un resultado."), which is
  no address at all.

A message's audience comes from the files that use it; each audience's messages are
searched for the other forms' unmistakable marks: the pronouns and possessives, and
imperatives that open a clause.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
SPANISH = ROOT / "src" / "arbitro" / "locale" / "es" / "LC_MESSAGES" / "arbitro.po"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "NP_": (1, 2)}
PLACEHOLDER = re.compile(r"%\([a-z_]+\)s|\{[a-z_]+\}|%s|%d")

TABLES = (
    "src/arbitro/web/tables.py",
    "src/arbitro/web/tables_api.py",
    "src/arbitro/web/table_commit.py",
    "src/arbitro/web/table_desk.py",
    "src/arbitro/web/table_entries.py",
    "src/arbitro/web/table_pages.py",
    "src/arbitro/web/public.py",
    "src/arbitro/web/public_api.py",
    "src/arbitro/web/public_reader.py",
    "src/arbitro/web/public_results.py",
    "src/arbitro/web/templates/tables/",
    "src/arbitro/web/templates/public/",
    "src/arbitro/web/templates/ranking.html",
    "src/arbitro/web/templates/director/cards.html",  # printed for the tables
)
"""Where the players at a table are addressed (vosotros)."""

POLLED = ("src/arbitro/web/polls.py", "src/arbitro/web/templates/polls/answer.html")
"""Where one polled player is addressed (tú); the rest of polls.py speaks to the director."""

CLAUSE = r"(?:^|[;:.¿(«—]\s*|,\s*(?:y\s+)?|por favor,\s*)"
"""Where an imperative starts: a message's start, or after a stop, a colon, a comma."""

VOSOTROS = re.compile(
    r"\b(?:vosotros|vuestr[oa]s?|os|visteis)\b"
    r"|\b(?!(?:adjusted|played|agreed|dismissed|fielded|forwarded|lead|usted|red|pared|madrid|closed)\b)"
    r"(?![a-záéíóúñ]*[dt]ad\b)[a-záéíóúñ]+(?:ad|ed|id)(?:lo|la|los|las)?\b",
    re.IGNORECASE,
)
USTED = re.compile(
    r"\b(?:usted|ustedes)\b|" + CLAUSE + r"(?:indique|elija|vuelva|abra|ábrala|introduzca|"
    r"créelo|escriba|escríbalo|escríbala|comuníquelo|espere|recargue|libere|anote|anótelo|"
    r"corrija|pida|compruebe|revise|añada|suba|pegue|dé|haga)\b",
    re.IGNORECASE,
)
TU = re.compile(
    r"\b(?:tu|tus|contigo|harías)\b|" + CLAUSE + r"(?:indica|anota|anótalo|créalo|escribe|"
    r"pide|corrige|comprueba|revisa|añade|haz|recarga|espera|sube|pega|elígelo|"
    r"escríbelo|clasifícalo|cámbialo|corrígelo|bórralo|ábrelo)\b"
    # Capitals are the command line's help, which describes ("Anota un resultado.").
)
FORMS = {"vosotros": VOSOTROS, "usted": USTED, "tú": TU}
AUDIENCES = {"the tables": "vosotros", "a polled player": "tú", "the director": "usted"}


@cache
def audiences() -> dict[str, set[str]]:
    """Each message (its English id) and the audiences of the files that use it."""
    found: dict[str, set[str]] = {}
    method_map = [
        ("src/arbitro/**.py", "python"),
        ("src/arbitro/web/templates/**.html", "jinja2"),
        ("src/arbitro/analysis/templates/**.html", "jinja2"),
    ]
    for file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=method_map, keywords=KEYWORDS
    ):
        path = file.replace("\\", "/")
        if any(path.startswith(place) for place in TABLES):
            audience = "the tables"
        elif path in POLLED:
            audience = "a polled player"
        else:
            audience = "the director"
        key = message[0] if isinstance(message, tuple) else message
        found.setdefault(key, set()).add(audience)
    return found


def forms_of_address(text: str) -> set[str]:
    """The forms of address ``text`` uses (placeholders are no words).

    >>> sorted(forms_of_address("escribid el código de vuestra mesa"))
    ['vosotros']
    >>> sorted(forms_of_address("indique el número de mesas; la autoridad, la penalidad"))
    ['usted']
    >>> sorted(forms_of_address("Gracias: tu respuesta ha quedado registrada."))
    ['tú']
    >>> sorted(forms_of_address("Anota un resultado (adjusted, played)."))
    []
    """
    words = PLACEHOLDER.sub(" ", text)
    return {form for form, pattern in FORMS.items() if pattern.search(words)}


def spanish_messages() -> dict[str, str]:
    with SPANISH.open("rb") as po:
        catalog = read_po(po, locale="es")
    messages = {}
    for message in catalog:
        if message.id and message.string:
            key = message.id if isinstance(message.id, str) else message.id[0]
            text = message.string if isinstance(message.string, str) else " ".join(message.string)
            messages[key] = text
    return messages


def test_forms_of_address_are_recognised() -> None:
    assert forms_of_address("el estuche 3 no tiene resultado que confirmar: anotadlo antes") == {
        "vosotros"
    }
    assert forms_of_address("la base de datos está ocupada; vuelva a intentarlo") == {"usted"}
    assert forms_of_address("falta --out: escribe el fichero") == {"tú"}
    assert forms_of_address("la vulnerabilidad y la cantidad") == set()


def test_each_audience_is_addressed_one_way_in_spanish() -> None:
    used_by = audiences()
    mixed = []
    for english, spanish in spanish_messages().items():
        for audience in sorted(used_by.get(english, ())):
            expected = AUDIENCES[audience]
            others = forms_of_address(spanish) - {expected}
            if others:
                mixed.append(f"{audience} ({expected}) read {sorted(others)}: {spanish!r}")
    assert mixed == []


def test_every_audience_has_messages_in_its_form() -> None:
    """The conventions are the catalog's own: each is used where its audience reads."""
    used_by = audiences()
    seen: dict[str, int] = {}
    for english, spanish in spanish_messages().items():
        for audience in used_by.get(english, ()):
            if AUDIENCES[audience] in forms_of_address(spanish):
                seen[audience] = seen.get(audience, 0) + 1
    assert set(seen) == set(AUDIENCES)
    assert seen["the director"] >= 10
    assert seen["the tables"] >= 10

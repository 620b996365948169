"""User-facing text in Spanish and English, through gettext catalogs kept by Babel.

The catalogs live in ``arbitro/locale/<lang>/LC_MESSAGES/arbitro.po``. They are read
with Babel and compiled the first time a language is used, so there is no compile step
to forget and the ``.po`` file is the single source of truth. The compiled catalog is
kept in the user's cache folder under the digest of the ``.po`` file it came from, so
that a command line that only prints its ``--help`` does not import Babel and read
7,000 lines each time; a changed ``.po`` file has another digest and is compiled again.

The active language is, in order: the one set with :func:`use_language` or
:func:`set_language` (per thread and per async task), the ``ARBITRO_LANG`` environment
variable, the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), and English.
The environment is read once and kept (every message is translated through it, and
reading it cost more than the translation); it is read again when the context goes
back to it with ``set_language(None)``, which the command line does at the start of
each command, or after :func:`forget_environment_language`.

>>> with use_language("es"):
...     gettext("North")
'Norte'
>>> with use_language("en"):
...     gettext("North")
'North'
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import re
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from decimal import Decimal
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from datetime import date
    from importlib import resources
    from pathlib import Path

Language = Literal["en", "es"]
"""A language Árbitro speaks."""

LANGUAGES: tuple[Language, ...] = ("en", "es")
"""Every language with a catalog, the default first."""

DOMAIN = "arbitro"

_active: ContextVar[Language | None] = ContextVar("arbitro_language", default=None)


class UnknownLanguageError(ValueError):
    """A language code that Árbitro has no catalog for."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(text)

    def __str__(self) -> str:
        return gettext("unknown language '{text}': expected one of {choices}").format(
            text=self.text, choices=", ".join(LANGUAGES)
        )


def parse_language(text: str) -> Language:
    """Return the language named by ``text``: a code such as ``es``, ``en_GB`` or ``es-ES``.

    >>> parse_language("es_ES.UTF-8")
    'es'
    >>> parse_language("fr")
    Traceback (most recent call last):
    ...
    arbitro.i18n.UnknownLanguageError: unknown language 'fr': expected one of en, es
    """
    code = text.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    if code in LANGUAGES:
        return code
    raise UnknownLanguageError(text)


_environment: list[Language] = []
"""The environment's language once read (empty until then, or after it is forgotten)."""


def _language_from_environment() -> Language:
    """The environment's language, read once and then kept until it is forgotten."""
    if _environment:
        return _environment[0]
    language = read_environment_language()
    _environment[:] = [language]
    return language


def forget_environment_language() -> None:
    """Read ``ARBITRO_LANG`` and the locale again at the next message (after changing them).

    >>> import os
    >>> os.environ["ARBITRO_LANG"] = "es"
    >>> forget_environment_language()
    >>> get_language()
    'es'
    >>> os.environ["ARBITRO_LANG"] = "en"
    >>> get_language()  # kept, until forgotten
    'es'
    >>> forget_environment_language()
    >>> get_language()
    'en'
    """
    _environment.clear()


def read_environment_language() -> Language:
    """The language the environment names now: ``ARBITRO_LANG``, else the locale, else English.

    Read afresh at each call; messages use the language kept from the last reading.

    >>> import os
    >>> os.environ["ARBITRO_LANG"] = "es"
    >>> read_environment_language()
    'es'
    >>> os.environ["ARBITRO_LANG"] = "en"
    """
    explicit = os.environ.get("ARBITRO_LANG")
    if explicit:
        try:
            return parse_language(explicit)
        except UnknownLanguageError:
            # Reported where the setting is read (the command line, the server's start);
            # the messages that report it fall back to the locale's language.
            pass
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            try:
                return parse_language(value)
            except UnknownLanguageError:
                return "en"
    return "en"


def get_language() -> Language:
    """Return the active language.

    >>> with use_language("es"):
    ...     get_language()
    'es'
    """
    return _active.get() or _language_from_environment()


def set_language(language: Language | None) -> Token[Language | None]:
    """Make ``language`` active in this context; return a token for :func:`reset_language`.

    ``None`` goes back to the environment's language (``ARBITRO_LANG``, the locale),
    read again now: a command or a test that changed the environment is followed.

    >>> token = set_language("es")
    >>> get_language()
    'es'
    >>> reset_language(token)
    """
    if language is None:
        forget_environment_language()
    return _active.set(language)


def reset_language(token: Token[Language | None]) -> None:
    """Undo the :func:`set_language` call that returned ``token``.

    >>> token = set_language("es")
    >>> reset_language(token)
    >>> get_language()
    'en'
    """
    _active.reset(token)


@contextmanager
def use_language(language: Language) -> Iterator[None]:
    """Make ``language`` active inside a ``with`` block.

    >>> with use_language("es"):
    ...     gettext("South")
    'Sur'
    """
    token = set_language(language)
    try:
        yield
    finally:
        reset_language(token)


def catalog_path(language: Language) -> resources.abc.Traversable:
    """Return where the ``.po`` catalog of ``language`` lives inside the package.

    >>> catalog_path("es").name
    'arbitro.po'
    """
    from importlib import resources  # only when a catalog is read

    return resources.files("arbitro") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: Language) -> _gettext.NullTranslations:
    """Return the compiled catalog of ``language`` (read once, then cached).

    The compiled catalog comes from the cache folder when it holds one for this very
    ``.po`` file (see the module's description), else it is compiled and kept there.

    >>> translations("es").gettext("West")
    'Oeste'
    """
    source = catalog_path(language).read_bytes()
    kept = compiled_path(language, source)
    try:
        return _gettext.GNUTranslations(io.BytesIO(kept.read_bytes()))
    except (OSError, ValueError, LookupError, struct.error):  # not there, unreadable, damaged
        pass
    compiled = compile_catalog(language, source)
    _keep(kept, compiled)
    return _gettext.GNUTranslations(io.BytesIO(compiled))


def compile_catalog(language: Language, source: bytes) -> bytes:
    r"""The ``.po`` text ``source`` of ``language`` compiled to a gettext ``.mo`` file, with Babel.

    >>> import gettext
    >>> source = b'msgid "North"\nmsgstr "Norte"\n'
    >>> gettext.GNUTranslations(io.BytesIO(compile_catalog("es", source))).gettext("North")
    'Norte'
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(source), locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()


def compiled_path(language: Language, source: bytes) -> Path:
    """Where the catalog compiled from ``source`` is kept: the user's cache folder, by digest.

    >>> compiled_path("es", b"x").name
    'arbitro-es-2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881.mo'
    """
    import hashlib

    import platformdirs

    digest = hashlib.sha256(source).hexdigest()
    return platformdirs.user_cache_path(DOMAIN) / "locale" / f"{DOMAIN}-{language}-{digest}.mo"


def _keep(path: Path, compiled: bytes) -> None:
    """Write ``compiled`` to ``path`` whole or not at all; a folder that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        partial.write_bytes(compiled)
        os.replace(partial, path)
    except OSError:
        pass


def gettext(message: str) -> str:
    """Translate ``message`` into the active language.

    >>> with use_language("es"):
    ...     gettext("East")
    'Este'
    """
    return translations(get_language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message that depends on a count into the active language.

    >>> with use_language("es"):
    ...     ngettext("{seat} has {count} card, expected 13",
    ...              "{seat} has {count} cards, expected 13", 12).format(seat="Norte", count=12)
    'Norte tiene 12 cartas, se esperaban 13'
    """
    return translations(get_language()).ngettext(singular, plural, count)


def write_number(value: Decimal, language: Language | None = None, *, percent: bool = False) -> str:
    r"""``value`` as a reader of ``language`` (default: the active one) writes it, with Babel.

    The decimal mark is the language's (a comma in Spanish, a point in English) and the
    number keeps the places it has (``Decimal("12.50")`` has two): it is rounded already,
    once, where it was made. No thousands separator, as the scores beside it have none.
    ``percent`` writes ``value`` (a percentage: ``55.23`` is 55.23 %) as the language
    writes a percentage: ``55,23 %`` (with a no-break space) in Spanish, ``55.23%`` in
    English.

    >>> write_number(Decimal("12.50"), "es"), write_number(Decimal("-0.5"), "es")
    ('12,50', '-0,5')
    >>> write_number(Decimal("55.23"), "es", percent=True), write_number(Decimal("55.23"), "en", percent=True)
    ('55,23\xa0%', '55.23%')
    >>> write_number(Decimal("1234.00"), "en")
    '1234.00'
    """
    from babel.numbers import format_decimal, format_percent  # not at the start of a command

    language = language or get_language()
    exponent = value.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    if percent:
        return format_percent(
            value.scaleb(-2), format=_percent_pattern(language, places), locale=language
        )
    return format_decimal(value, format=_digits(places), locale=language)


def write_date(day: date, language: Language | None = None) -> str:
    """``day`` as a reader of ``language`` (default: the active one) writes it in full, with Babel.

    The weekday comes first: a club's events are known by the evening they are played.

    >>> from datetime import date
    >>> write_date(date(2026, 11, 24), "es"), write_date(date(2026, 11, 24), "en")
    ('martes, 24 de noviembre de 2026', 'Tuesday, November 24, 2026')
    """
    from babel.dates import format_date  # not at the start of a command

    return format_date(day, format="full", locale=language or get_language())


def _digits(places: int) -> str:
    """The Babel (CLDR) pattern of a number with ``places`` decimals, not grouped."""
    return "0." + "0" * places if places else "0"


@cache
def _percent_pattern(language: Language, places: int) -> str:
    """The language's pattern of a percentage (its sign, its space), with ``places`` decimals."""
    import re

    from babel import Locale

    pattern: str = Locale.parse(language).percent_formats[None].pattern
    return re.sub(r"[#0,.]+", _digits(places), pattern, count=1)


def N_(message: str) -> str:  # noqa: N802  (the conventional gettext marker name)
    """Mark ``message`` for the catalogs without translating it yet.

    Used where the text is defined before the language is known (class attributes,
    help texts); it is translated with :func:`gettext` when shown.

    >>> N_("North")
    'North'
    """
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Mark a message with a plural form for the catalogs; translate it with ngettext.

    >>> NP_("{count} card", "{count} cards")
    ('{count} card', '{count} cards')
    """
    return (singular, plural)


_ = gettext


_FIGURE = re.compile(r"(-?[0-9]{1,30}(?:\.[0-9]{1,30})?)(%|\s.{0,30})?", re.DOTALL)
"""A figure as the scorer shows it: ``55.23``, ``-1.50``, with its unit: ``55.23%``, ``12.50 VP``."""

UNITS = {"VP": N_("VP")}
"""The units of a figure a reader's language writes its own way (``VP``: victory points)."""


def write_figure(
    text: str, language: Language | None = None, *, percent: bool = False, whole: bool = False
) -> str:
    r"""A figure as the scorer shows it (``55.23%``) as a reader of ``language`` writes it.

    The one way a page or a command's report writes a figure for people, through
    :func:`write_number`: ``text`` is a number rounded once, with its places
    (:func:`arbitro.scoring.session.show`), alone or with its unit. A percentage (``%``,
    or ``percent``) is written as the language writes one (``55,23 %``, with a no-break
    space, in Spanish); ``VP`` becomes the language's (``PV``); another unit is kept
    after the number. Anything else (an empty cell, ``A60``, ``—``) is kept as it is.
    Files and JSON for programs keep the point: they never come here. ``whole``: a
    figure of a unit counted in whole numbers (IMPs) is written without its decimals
    when they are zeros (``13``), and with them when it has a fraction (Butler's mean,
    a weighted score: ``3,50``).

    >>> write_figure("55.23%", "es"), write_figure("12.50 VP", "es"), write_figure("-3.00", "es")
    ('55,23\xa0%', '12,50 PV', '-3,00')
    >>> write_figure("55.23%", "en"), write_figure("7.00 IMP", "es"), write_figure("A60", "es")
    ('55.23%', '7,00 IMP', 'A60')
    >>> write_figure("75.00", "es", percent=True), write_figure("12.50 VP", "en")
    ('75,00\xa0%', '12.50 VP')
    >>> write_figure("-13.00", "es", whole=True), write_figure("3.50", "es", whole=True)
    ('-13', '3,50')
    """
    return _write_figure(text, language or get_language(), percent, whole)


@lru_cache(maxsize=4096)
def _write_figure(text: str, language: Language, percent: bool, whole: bool) -> str:
    """:func:`write_figure` once for each figure and language: a ranking repeats its figures."""
    figure = _FIGURE.fullmatch(text.strip())
    if figure is None:
        return text
    digits, unit = figure[1], figure[2] or ""
    if whole and "." in digits and not digits.partition(".")[2].strip("0"):
        digits = digits.partition(".")[0]
    if unit == "%" or (percent and not unit):
        return write_number(Decimal(digits), language, percent=True)
    if unit.strip() in UNITS:
        unit = " " + translations(language).gettext(UNITS[unit.strip()])
    return write_number(Decimal(digits), language) + unit

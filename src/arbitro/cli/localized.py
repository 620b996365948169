"""Click pieces that show help in the active language.

Help texts are written in English and marked with :func:`~arbitro.i18n.N_`; the help
formatter translates every heading, paragraph and description as it writes them, so
``arbitro score --help --lang es`` is all in Spanish. Metavars (``CONTRACT``) are
translated too.

>>> import click
>>> from arbitro.i18n import use_language
>>> @click.command(cls=LocalizedCommand, help="Show the score.")
... def hello() -> None: ...
>>> with use_language("es"), hello.context_class(hello, info_name="hello") as ctx:
...     print(ctx.get_help().splitlines()[0])
Uso: hello [OPCIONES]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from gettext import gettext as click_gettext  # the catalog click writes its messages with
from typing import Any, TypeVar

import click

from arbitro.i18n import LANGUAGES, N_, NP_, gettext, ngettext, parse_language, set_language
from arbitro.tournament.local_time import choose_club_language

_USAGE = N_("Usage:")
_OPTIONS_METAVAR = N_("[OPTIONS]")
_HELP_OPTION = N_("Show this message and exit.")
_SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")
CLICK_TEXTS = (
    N_("Options"),
    N_("Positional arguments"),
    N_("Commands"),
    N_("Show the version and exit."),
    # The names click gives its types in a metavar (``--session INTEGER RANGE``).
    N_("INTEGER"),
    N_("INTEGER RANGE"),
    N_("FLOAT"),
    N_("FLOAT RANGE"),
    N_("TEXT"),
    N_("BOOLEAN"),
    N_("PATH"),
    N_("FILENAME"),
)
"""Texts click writes itself; the formatter finds them in our catalogs."""


_CLICK_USAGE_MESSAGES: tuple[tuple[str, str | tuple[str, str], int], ...] = (
    (
        "Got unexpected extra argument ({args})",
        NP_("unexpected extra argument: {args}", "unexpected extra arguments: {args}"),
        1,
    ),
    (
        "Got unexpected extra arguments ({args})",
        NP_("unexpected extra argument: {args}", "unexpected extra arguments: {args}"),
        2,
    ),
    ("Option {name!r} requires an argument.", N_("{name} needs a value"), 1),
    ("Option {name!r} requires {nargs} arguments.", N_("{name} needs {nargs} values"), 1),
    ("Option {name!r} does not take a value.", N_("{name} takes no value"), 1),
    ("Argument {name!r} takes {nargs} values.", N_("{name} takes {nargs} values"), 1),
)
"""click's usage errors (as click writes them, in its own catalog) and ours for each, with
the count that chooses between the singular and the plural of ours."""


def _template_pattern(template: str) -> re.Pattern[str]:
    """A pattern that reads the fields back out of a message written with ``template``."""
    pattern = re.escape(template)
    pattern = re.sub(r"\\\{(\w+)!r\\\}", r"['\"](?P<\1>.*)['\"]", pattern)
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.*)", pattern)
    return re.compile(pattern, re.DOTALL)


def click_usage_message(message: str) -> str | None:
    """One of click's usage errors in the active language; ``None`` for another message.

    click writes these in English; the option, argument or values it names are kept as typed.

    >>> click_usage_message("Got unexpected extra arguments (2 3)")
    'unexpected extra arguments: 2 3'
    >>> click_usage_message("Option '--tables' requires an argument.")
    '--tables needs a value'
    >>> click_usage_message("Something else.") is None
    True
    """
    for template, ours, count in _CLICK_USAGE_MESSAGES:
        found = _template_pattern(click_gettext(template)).fullmatch(message)
        if found is None:
            continue
        text = gettext(ours) if isinstance(ours, str) else ngettext(*ours, count)
        return text.format(**found.groupdict())
    return None


class LocalizedHelpFormatter(click.HelpFormatter):
    """A help formatter that translates what it writes through the catalogs."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """Write the usage line with a translated ``Usage:``."""
        super().write_usage(prog, args, prefix=f"{gettext(_USAGE)} ")

    def write_text(self, text: str) -> None:
        """Write a paragraph, translated."""
        super().write_text(gettext(text))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        """Write a definition list, each description translated."""
        super().write_dl([(term, gettext(text)) for term, text in rows], col_max, col_spacing)

    @contextmanager
    def section(self, name: str) -> Iterator[None]:
        """Open a section with a translated heading."""
        with super().section(gettext(name)):
            yield


class LocalizedContext(click.Context):
    """A context whose help formatter translates."""

    formatter_class = LocalizedHelpFormatter


class LocalizedCommand(click.Command):
    """A command whose help is shown in the active language."""

    context_class = LocalizedContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("options_metavar", _OPTIONS_METAVAR)
        # Every command answers -h as well as --help, however it is invoked.
        kwargs["context_settings"] = {"help_option_names": ["-h", "--help"]} | (
            kwargs.get("context_settings") or {}
        )
        super().__init__(*args, **kwargs)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage pieces, translated (``[OPCIONES] CONTRATO``)."""
        return [gettext(piece) for piece in super().collect_usage_pieces(ctx)]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """The ``--help`` option, with a help text the catalogs know."""
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _HELP_OPTION
        return option


class LocalizedGroup(LocalizedCommand, click.Group):
    """A command group whose help, and its list of commands, are in the active language."""

    command_class = LocalizedCommand

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("subcommand_metavar", _SUBCOMMAND_METAVAR)
        super().__init__(*args, **kwargs)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage pieces, translated."""
        return [gettext(piece) for piece in click.Group.collect_usage_pieces(self, ctx)]


class LocalizedChoice(click.Choice[str]):
    """A choice among words, refused in the active language (click's own message is English).

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     LocalizedChoice(["mp", "imp"]).get_invalid_choice_message("mpx", None)
    '«mpx»: se esperaba uno de mp, imp'
    """

    def get_invalid_choice_message(self, value: object, ctx: click.Context | None) -> str:
        """Why ``value`` is refused: the choices it is not one of."""
        return gettext("'{value}': expected one of {choices}").format(
            value=value, choices=", ".join(map(str, self.choices))
        )


class LocalizedArgument(click.Argument):
    """A positional argument whose metavar is translated."""

    def make_metavar(self, ctx: click.Context) -> str:
        """The argument's metavar in the active language."""
        return gettext(super().make_metavar(ctx))


class LocalizedOption(click.Option):
    """An option whose metavar (``--board NUMBER``) and help line are translated.

    The help line is the option's help in the active language, then what click adds in
    brackets (the default, the range, whether it is required) in the same language.

    >>> from arbitro.i18n import use_language
    >>> @click.command()
    ... @click.option("--session", cls=LocalizedOption, type=click.IntRange(min=1), default=1,
    ...               show_default=True, required=True, help="The session.")
    ... def hello(session: int) -> None: ...
    >>> with use_language("es"), click.Context(hello) as ctx:
    ...     hello.params[0].get_help_record(ctx)
    ('--session ENTERO', 'La sesión.  [por omisión: 1; x>=1; obligatoria]')
    """

    def make_metavar(self, ctx: click.Context) -> str:
        """The option's metavar in the active language."""
        return gettext(super().make_metavar(ctx))

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        """The option's name and help line, all of it in the active language."""
        if self.hidden:
            return None
        extra = self.get_help_extra(ctx)
        items = []
        if "envvars" in extra:
            items.append(
                gettext("environment variable: {names}").format(names=", ".join(extra["envvars"]))
            )
        if "default" in extra:
            items.append(gettext("default: {value}").format(value=extra["default"]))
        if "range" in extra:
            items.append(extra["range"])
        if "required" in extra:
            items.append(gettext("required"))
        text = gettext(self.help) if self.help else ""
        if items:
            brackets = "[" + "; ".join(items) + "]"
            text = f"{text}  {brackets}" if text else brackets
        return self.get_help_spec(ctx), text


F = TypeVar("F", bound=Callable[..., Any])


def _choose_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_language(parse_language(value))
        # The club's time follows the language chosen, as it follows ARBITRO_LANG.
        choose_club_language(parse_language(value))


def lang_option(function: F) -> F:
    """The ``--lang es|en`` option every command has; it applies before anything else.

    >>> @click.command()
    ... @lang_option
    ... def hello() -> None: ...
    >>> [param.name for param in hello.params]
    ['lang']
    """
    return click.option(
        "--lang",
        type=LocalizedChoice(LANGUAGES),
        is_eager=True,
        expose_value=False,
        callback=_choose_language,
        help=N_("Language of the output: es or en (default: ARBITRO_LANG, then the system's)."),
    )(function)


def json_option(function: F) -> F:
    """The ``--json`` option of commands whose output is data.

    >>> @click.command()
    ... @json_option
    ... def hello(as_json: bool) -> None: ...
    >>> [param.name for param in hello.params]
    ['as_json']
    """
    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        help=N_("Print the result as JSON (English notation, language-neutral)."),
    )(function)


PBN_ENCODINGS = ("latin-1", "utf-8")
"""The character sets of a PBN file (``arbitro.formats.pbn.ENCODINGS``, named here so that
the command line starts without the PBN codec), PBN's own first."""


def encoding_option(function: F) -> F:
    """The ``--encoding latin-1|utf-8`` option of commands that write a PBN file.

    >>> @click.command()
    ... @encoding_option
    ... def hello(encoding: str | None) -> None: ...
    >>> [(param.name, param.default) for param in hello.params]
    [('encoding', None)]
    """
    return click.option(
        "--encoding",
        "encoding",
        cls=LocalizedOption,
        type=LocalizedChoice(PBN_ENCODINGS),
        default=None,
        help=N_(
            "The PBN file's character set: latin-1 (ISO 8859-1, the PBN standard's; the "
            "default) or utf-8, for names Latin-1 cannot write (such as Łukasz)."
        ),
    )(function)


def file_argument(function: F) -> F:
    """The ``FILE`` argument of commands that read one file, its metavar translated.

    >>> @click.command()
    ... @file_argument
    ... def hello(file: str) -> None: ...
    >>> [(param.name, param.metavar) for param in hello.params]
    [('file', 'FILE')]
    """
    return click.argument("file", cls=LocalizedArgument, metavar=N_("FILE"))(function)


def file_option(name: str, help: str) -> Callable[[F], F]:
    """An option naming a file to write, ``--pdf FILE``; its value is named after the option.

    ``help`` is marked with :func:`~arbitro.i18n.N_` where it is written.

    >>> @click.command()
    ... @file_option("--pdf", N_("Write the hand record as PDF."))
    ... def hello(pdf: str | None) -> None: ...
    >>> [(param.name, param.metavar) for param in hello.params]
    [('pdf', 'FILE')]
    """
    return click.option(
        name, name.removeprefix("--"), cls=LocalizedOption, metavar=N_("FILE"), help=help
    )

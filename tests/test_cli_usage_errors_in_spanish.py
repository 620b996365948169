"""The command line's own usage errors speak the language of ``--lang``.

click, the command-line library, writes its messages in English; a Spanish director
typing a command or a choice wrong reads the reason in Spanish, with exit status 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str]:
    code, _, err = run_cli(capsys, *arguments)
    return code, err


@pytest.mark.parametrize(
    ("arguments", "spanish", "english"),
    [
        (
            ("sesion",),
            "arbitro: «sesion» no es una orden; ¿quería decir session?\n",
            "arbitro: 'sesion' is not a command; did you mean session?\n",
        ),
        (("zzz",), "arbitro: «zzz» no es una orden\n", "arbitro: 'zzz' is not a command\n"),
        (
            ("event", "new", "X", "--kind", "pareja"),
            "arbitro event new: «pareja»: se esperaba uno de pairs, teams, individual\n",
            "arbitro event new: 'pareja': expected one of pairs, teams, individual\n",
        ),
        (
            ("event", "--lang", "{lang}"),
            "arbitro event: falta una orden (--help las enumera)\n",
            "arbitro event: a command is missing (--help lists them)\n",
        ),
    ],
)
def test_a_usage_error_of_the_command_line_library_is_in_the_language_asked(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], spanish: str, english: str
) -> None:
    for lang, expected in (("es", spanish), ("en", english)):
        given = [argument.format(lang=lang) for argument in arguments]
        assert _run(capsys, "--lang", lang, *given) == (2, expected)


@pytest.mark.parametrize(
    ("command", "metavar"),
    [
        (("check",), "FICHERO"),
        (("claim", "check"), "FICHERO"),
        (("event", "board"), "ESTUCHE"),
        (("ruling", "list"), "TORNEO"),
    ],
)
def test_a_commands_spanish_help_names_its_arguments_as_its_usage_line_does(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...], metavar: str
) -> None:
    code, help_text, _ = run_cli(capsys, "--lang", "es", *command, "--help")
    assert code == 0
    usage, _, description = help_text.partition("\n\n")
    assert metavar in usage
    assert metavar in description.split("\n\n")[0]
    for english in ("FILE", "BOARD", "EVENT"):
        assert english not in help_text


@pytest.mark.parametrize(
    "command",
    [
        ("session", "score"),
        ("event", "new", "Martes", "--movement-file"),
        ("table", "replay"),
        ("claim", "check"),
    ],
)
def test_a_folder_given_as_a_file_is_refused_in_the_language_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    folder = tmp_path / "results"
    folder.mkdir()
    path = str(folder)
    for lang, expected in (
        ("es", f"no se puede leer «{path}»: es una carpeta, no un fichero\n"),
        ("en", f"cannot read '{path}': it is a folder, not a file\n"),
    ):
        code, err = _run(capsys, "--lang", lang, *command, path)
        assert code == 2
        assert err.endswith(expected), err


def test_a_missing_file_that_must_be_there_is_refused_in_the_language_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = str(tmp_path / "table.jsonl")
    code, err = _run(capsys, "--lang", "es", "table", "replay", missing)
    assert (code, err) == (
        2,
        f"arbitro table replay: no se puede leer «{missing}»: no existe ese fichero o carpeta\n",
    )


@pytest.mark.parametrize(
    ("option", "value", "high"), [("--port", "99999", 65535), ("--workers", "0", 64)]
)
def test_serve_refuses_a_number_out_of_its_range_in_the_language_asked(
    capsys: pytest.CaptureFixture[str], option: str, value: str, high: int
) -> None:
    code, err = _run(capsys, "--lang", "es", "serve", option, value)
    assert (code, err) == (
        2,
        f"arbitro serve: «{value}» no es válido como {option}: "
        f"se esperaba un número entero de 1 a {high}\n",
    )


_CLICK_USAGE_ERRORS = [
    (
        ("event", "movement", "2"),
        "arbitro event movement: sobra un argumento: 2\n",
        "arbitro event movement: unexpected extra argument: 2\n",
    ),
    (
        ("event", "movement", "2", "3"),
        "arbitro event movement: sobran argumentos: 2 3\n",
        "arbitro event movement: unexpected extra arguments: 2 3\n",
    ),
    (
        ("event", "movement", "--tables"),
        "arbitro: falta el valor de --tables\n",
        "arbitro: --tables needs a value\n",
    ),
    (
        ("event", "show", "1", "--json=yes"),
        "arbitro: --json no lleva valor\n",
        "arbitro: --json takes no value\n",
    ),
    (
        ("event", "new", "Martes", "--pai", "x"),
        "arbitro event new: no existe la opción --pai; ¿quería decir --pair?\n",
        "arbitro event new: no such option: --pai; did you mean --pair?\n",
    ),
]


@pytest.mark.parametrize(("arguments", "spanish", "english"), _CLICK_USAGE_ERRORS)
def test_click_usage_errors_are_in_english_when_asked(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], spanish: str, english: str
) -> None:
    assert _run(capsys, "--lang", "en", *arguments) == (2, english)


@pytest.mark.parametrize(("arguments", "spanish", "english"), _CLICK_USAGE_ERRORS)
def test_click_usage_errors_are_in_spanish_when_asked(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], spanish: str, english: str
) -> None:
    code, err = _run(capsys, "--lang", "es", *arguments)
    assert (code, err) == (2, spanish)

"""The command line's list of commands reads alike in Spanish: each says what it does.

Click's own line (``--help``: "Muestra este mensaje y termina.") describes in the third
person, and so do Árbitro's commands ("Crea un torneo."); a summary in the infinitive
("Mostrar un movimiento") reads as a menu entry beside them. The Laws are "Artículo N",
never abbreviated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import click
import pytest

from arbitro.cli.main import cli
from arbitro.i18n import gettext, use_language
from cli_support import run_cli

INFINITIVE = re.compile(r"^[A-ZÁÉÍÓÚ][a-záéíóúñ]+(?:ar|er|ir)(?:lo|la|los|las|se)?\b")


def commands(group: click.Group, path: str) -> Iterator[tuple[str, click.Command]]:
    """Every command under ``group``, with its path (``arbitro event new``)."""
    with click.Context(group) as context:
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            assert command is not None, name
            yield f"{path} {name}", command
            if isinstance(command, click.Group):
                yield from commands(command, f"{path} {name}")


def test_every_command_summary_in_spanish_says_what_it_does() -> None:
    summaries = {}
    with use_language("es"):
        for path, command in commands(cli, "arbitro"):
            # The summary --help lists, which its formatter puts in the language.
            summaries[path] = gettext(command.get_short_help_str(limit=1000))
    assert len(summaries) > 40
    assert summaries["arbitro event new"] == "Crea un torneo."
    infinitives = [f"{path}: {text}" for path, text in summaries.items() if INFINITIVE.match(text)]
    # A verb ending in -ar/-er/-ir in the third person is no infinitive.
    infinitives = [line for line in infinitives if not line.split(": ", 1)[1].startswith("Dir")]
    assert infinitives == []
    assert [text for text in summaries.values() if "Art. " in text] == []


def test_every_option_help_reads_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    """Each option's help that the catalog translates is shown translated (ranges and all)."""
    english = []
    for path, command in commands(cli, "arbitro"):
        status, out, err = run_cli(capsys, *path.split()[1:], "--help", "--lang", "es")
        assert status == 0, err
        text = " ".join(out.split())
        for param in command.params:
            if not isinstance(param, click.Option) or not param.help:
                continue
            with use_language("es"):
                translated = gettext(param.help) != param.help
            if translated and " ".join(param.help.split()[:5]) in text:
                english.append(f"{path} {param.opts[0]}")
    assert english == []


def test_every_command_description_in_spanish_says_what_it_does() -> None:
    """The long description, like the summary, starts in the third person ("Muestra")."""
    infinitives = []
    for path, command in commands(cli, "arbitro"):
        if not command.help:
            continue
        with use_language("es"):
            text = gettext(command.help)
        if INFINITIVE.match(text) and not text.startswith("Dir"):
            infinitives.append(f"{path}: {text[:40]}")
    assert infinitives == []

"""The ``arbitro`` command line: one entry point, a command per job.

Every command has ``--help`` and ``--lang es|en``; commands whose output is data have
``--json``. A mistake in the input ends the command with one line that names the input
and what was expected, and a non-zero exit status; never a traceback.

>>> from click.testing import CliRunner
>>> CliRunner().invoke(cli, ["imps", "720"]).output.strip()
'12'
"""

from arbitro.cli.main import cli, main

__all__ = ["cli", "main"]

"""Files written whole or not at all (a crash or a full disk never leaves one half written), and read no further than a limit."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from arbitro.core.errors import FileTooLargeError

# What is read of a file of each kind, on the command line and on the desk alike: one
# limit for each kind, far above what a club's file holds, so that a wrong file (a
# device without end, a disk image) is refused at once rather than read for ever.
MAX_PBN_BYTES = 20_000_000
"""The largest PBN (or LIN) file read: deals, or an event's results with the play of
every table (some MB for a congress), as large as any other results file."""
MAX_RESULTS_BYTES = 20_000_000
"""The largest results file read: a session's travellers (CSV, PBN) or an event's
USEBIO file, whose XML for several sessions of a congress runs to some MB."""
MAX_LOG_CHARACTERS = 200_000
"""The longest table log read: characters in the desk's form, bytes in a file (a
board's log is a few thousand characters)."""
MAX_CARD_CHARACTERS = 20_000
"""The longest convention card read: characters in the desk's form, bytes in a file."""
MAX_JSON_BYTES = 2_000_000
"""The largest JSON file read: a movement, a ruling's case, a poll (a few kB)."""


def replace_file(path: Path, data: bytes) -> None:
    r"""Write ``data`` as the file ``path`` whole or not at all: never a file half written.

    The bytes go to a new file beside it, flushed to the disk, which then takes its place
    in one step: a full disk or a crash leaves the old file (or none) as it was. A file
    replaced keeps its permissions; a new one has a new file's (the umask's). A path that is not a regular file (a
    terminal, a pipe, ``/dev/stdout``) is written in place; through a symbolic link, the
    file it names is replaced and the link kept.

    >>> import tempfile
    >>> record = Path(tempfile.mkdtemp()) / "record.pbn"
    >>> replace_file(record, b'[Board "1"]\n'); replace_file(record, b'[Board "2"]\n')
    >>> record.read_text(), [file.name for file in record.parent.iterdir()]
    ('[Board "2"]\n', ['record.pbn'])
    """
    if path.exists() and not path.is_file():
        path.write_bytes(data)
        return
    if path.is_symlink():
        path = path.resolve()  # the file the link names is replaced, the link kept
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        if path.is_file():
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def read_bounded(path: str | Path, limit: int) -> bytes:
    r"""The bytes of the file at ``path``, refused when there are more than ``limit`` of them.

    No more than ``limit`` bytes and one are read, so that a file without end (a device
    such as ``/dev/zero``, a pipe that is never closed) ends at once with a
    :class:`~arbitro.core.errors.FileTooLargeError` naming the file and the limit. A file
    that cannot be opened raises the system's ``OSError``: its reader names the reason.

    >>> read_bounded("/dev/zero", 2_000)
    Traceback (most recent call last):
    ...
    arbitro.core.errors.FileTooLargeError: /dev/zero: the file is larger than 2 kB
    >>> import tempfile
    >>> small = Path(tempfile.mkdtemp()) / "a.pbn"
    >>> _ = small.write_bytes(b'[Board "1"]\n')
    >>> read_bounded(small, 12)
    b'[Board "1"]\n'
    """
    with open(path, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(str(path), limit)
    return data

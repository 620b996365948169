"""Files written whole or not at all: a crash or a full disk never leaves one half written."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path


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

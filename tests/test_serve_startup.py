"""``arbitro serve`` answers soon after it starts: no work at start that can wait.

Each check runs a fresh Python process: in this one the other tests have long imported
everything. No time is measured here (``make bench`` does, in ``bench_serve``).
"""

from __future__ import annotations

import json
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import text

from arbitro.store import open_store
from arbitro.store.database import open_database
from arbitro.store.repository import MIGRATIONS, newest_revision, schema_revision
from arbitro.web import create_app
from arbitro.web.app import ROUTERS
from arbitro.web.security import hash_password
from test_cli_startup import run_python

FIRST_PAGE_MODULE = "arbitro.web.sign_in"
"""The router of the director's sign-in page, the server's usual first page."""

NOT_FOR_THE_FIRST_PAGE = (
    *sorted({module for module, _, _ in ROUTERS} - {FIRST_PAGE_MODULE}),
    "arbitro.table.table",  # the table engine
    "arbitro.table.log",
    "arbitro.table.agreements",
    "arbitro.formats.usebio",
    "arbitro.formats.pbn",
    "arbitro.analysis.solver",
    "arbitro.analysis.claims",
    "endplay",
    "matplotlib",
    "numpy",
    "reportlab",
    "segno",
    "alembic",
    "babel",
    "sqlalchemy.dialects.postgresql",  # the database here is SQLite
    # the domain's modules, which the store's and the pages' functions import when they run
    "arbitro.tournament.entry",
    "arbitro.tournament.event",
    "arbitro.tournament.movements",
    "arbitro.tournament.ranking",
    "arbitro.tournament.records",
    "arbitro.tournament.teams",
    "arbitro.tournament.poll",
    "arbitro.scoring.session",
    "arbitro.scoring.travellers",
    "arbitro.scoring.worksheet",
    "arbitro.analysis.tables",
    "arbitro.dealing",
    "argon2",  # the first page hashes no password
)
"""What the server's start and its first page (the director's sign-in) do without."""


def test_the_newest_revision_is_alembics_head() -> None:
    """The migrations' file names give the head Alembic would find (each ``NNNN_*.py``
    has revision ``NNNN`` and revises the one before)."""
    script = ScriptDirectory(str(MIGRATIONS))
    assert newest_revision() == script.get_current_head()
    for revision in script.walk_revisions():
        assert Path(revision.path).name.startswith(revision.revision + "_")


def test_an_up_to_date_database_opens_without_alembic(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'event.db'}"
    open_store(url)  # created and migrated here
    loaded = run_python(
        "import sys\n"
        "from arbitro.store import open_store\n"
        f"open_store({url!r})\n"
        "print('alembic' in sys.modules)"
    )
    assert loaded.split() == ["False"]


def test_a_database_behind_the_newest_revision_is_migrated(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'event.db'}"
    engine = open_database(url)  # a private file, as the store makes it
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:  # a database left at an older schema by a release
        config.attributes["connection"] = connection
        command.upgrade(config, "0010")
    assert schema_revision(engine) == "0010"
    open_store(url)
    assert schema_revision(engine) == newest_revision()
    with engine.connect() as connection:
        connection.execute(text("SELECT * FROM board_markings")).all()


def test_the_web_console_hashes_no_password_when_it_is_imported() -> None:
    """The hash checked for an unknown director's name is made at the first such
    sign-in, not at import (half a second of a core before the server's first answer)."""
    calls = run_python(
        "import json, argon2\n"
        "calls = []\n"
        "original = argon2.PasswordHasher.hash\n"
        "def counted(self, *args, **kwargs):\n"
        "    calls.append(1)\n"
        "    return original(self, *args, **kwargs)\n"
        "argon2.PasswordHasher.hash = counted\n"
        "from arbitro.web import create_app\n"
        "create_app()\n"
        "print(json.dumps(len(calls)))"
    )
    assert json.loads(calls.splitlines()[-1]) == 0


def test_the_work_that_can_wait_starts_after_the_servers_first_answer(tmp_path: Path) -> None:
    """Resuming the analyses and making the sign-in hash wait for the first answer: on
    two cores they would delay it by their own time."""
    app = create_app(open_store(f"sqlite:///{tmp_path / 'event.db'}"), secret="s")
    later = app.state.later
    assert [name for name, _ in later.jobs] == ["arbitro-resume", "arbitro-sign-in"]
    with TestClient(app) as client:
        assert not later.started.is_set()
        assert client.get("/director/sign-in").status_code == 200
        later.join()
        assert later.started.is_set()


def test_a_client_that_never_starts_the_server_starts_no_work(tmp_path: Path) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'event.db'}"), secret="s")
    assert TestClient(app).get("/director/sign-in").status_code == 200
    assert not app.state.later.started.is_set()


def test_the_first_page_imports_no_other_part_of_the_console(tmp_path: Path) -> None:
    """Built, the application has imported none of its routers; the sign-in page then
    imports its own router only, and neither the table engine nor any file format."""
    url = f"sqlite:///{tmp_path / 'event.db'}"
    open_store(url).add_first_director("Ana", hash_password("a long enough password"))
    found = run_python(
        "import json, sys\n"
        "from fastapi.testclient import TestClient\n"
        "from arbitro.store import open_store\n"
        "from arbitro.web import create_app\n"
        f"app = create_app(open_store({url!r}), secret='s')\n"
        f"built = {FIRST_PAGE_MODULE!r} in sys.modules\n"
        "status = TestClient(app).get('/director/sign-in').status_code\n"
        f"loaded = sorted(set(sys.modules) & set({list(NOT_FOR_THE_FIRST_PAGE)!r}))\n"
        f"print(json.dumps([built, status, {FIRST_PAGE_MODULE!r} in sys.modules, loaded]))"
    )
    built, status, served, loaded = json.loads(found.splitlines()[-1])
    assert (built, status, served) == (False, 200, True)
    assert loaded == []

"""``arbitro serve`` answers soon after it starts: no work at start that can wait.

The checks of what a start loads run a fresh Python process: in this one the other
tests have long imported everything. No time is measured here (``make bench`` does, in
``bench_serve``).

For an SQLite file already at the newest schema, the server answers its first page
before it opens the store (``arbitro.store.on_first_use``): the facts that page needs
are read with ``sqlite3`` (``arbitro.store.first_reads``), held here to the store's own
reading of them, and every other request waits for the store.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from sqlalchemy.engine.url import make_url

import arbitro.store.store
from arbitro.cli.serve import store_to_serve
from arbitro.store import Store, open_store
from arbitro.store.database import open_database
from arbitro.store.first_reads import FirstReads, sqlite_file
from arbitro.store.on_first_use import StoreOnFirstUse
from arbitro.store.repository import MIGRATIONS, newest_revision, schema_revision
from arbitro.web import create_app
from arbitro.web.app import ROUTERS
from arbitro.web.security import hash_password
from browser_support import free_port
from test_cli_startup import run_python

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

PASSWORD = "a long enough password"

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
    "arbitro.tournament.rulings",
    "arbitro.tournament.penalties",
    "arbitro.tournament.appeals",
    "arbitro.tournament.correction_period",
    "arbitro.tournament.teams",
    "arbitro.tournament.poll",
    "arbitro.scoring.session",
    "arbitro.scoring.travellers",
    "arbitro.scoring.traveller_lines",
    "arbitro.scoring.adjusted_notation",
    "arbitro.scoring.csv_lines",
    "arbitro.scoring.worksheet",
    "arbitro.scoring.worksheet_questions",
    "arbitro.scoring.worksheet_outcome",
    "arbitro.analysis.tables",
    "arbitro.dealing",
    "argon2",  # the first page hashes no password
    "sqlalchemy",  # an SQLite file at the newest schema: its store opens after the first answer
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


def test_a_store_waiting_for_its_first_use_opens_after_the_servers_first_answer(
    tmp_path: Path,
) -> None:
    waiting = waiting_store(tmp_path / "event.db", "Ana")
    app = create_app(waiting, secret="s")
    later = app.state.later
    assert [name for name, _ in later.jobs] == ["arbitro-store", "arbitro-sign-in"]
    with TestClient(app) as client:
        assert client.get("/director/sign-in").status_code == 200
        later.join()
        assert waiting.opened is not None


def test_a_client_that_never_starts_the_server_starts_no_work(tmp_path: Path) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'event.db'}"), secret="s")
    assert TestClient(app).get("/director/sign-in").status_code == 200
    assert not app.state.later.started.is_set()


@pytest.mark.parametrize("directors", [0, 1])
def test_the_first_page_imports_no_other_part_of_the_console(
    tmp_path: Path, directors: int
) -> None:
    """Built, the application has imported none of its routers; the sign-in page (the
    first-run page when there is no director) then imports its own router only, and
    neither SQLAlchemy, the table engine nor any file format: the store of an SQLite
    file at the newest schema is opened after the first answer, the session's signing
    key read with the first reads."""
    url = f"sqlite:///{tmp_path / 'event.db'}"
    store = open_store(url)
    store.secret_key()  # made by an earlier start; read here with the first reads
    if directors:
        store.add_director("Ana", hash_password(PASSWORD))
    store.close()
    found = run_python(  # ``arbitro serve``, its server answering one request in process
        "import json, sys, uvicorn\n"
        "from fastapi.testclient import TestClient\n"
        "def first_page(app, **options):\n"
        f"    built = {FIRST_PAGE_MODULE!r} in sys.modules\n"
        "    answer = TestClient(app).get('/director/sign-in')\n"
        f"    loaded = sorted(set(sys.modules) & set({list(NOT_FOR_THE_FIRST_PAGE)!r}))\n"
        "    print(json.dumps([built, answer.status_code, answer.url.path,\n"
        f"        {FIRST_PAGE_MODULE!r} in sys.modules, loaded]))\n"
        "uvicorn.run = first_page\n"
        f"sys.argv = ['arbitro', 'serve', '--db', {url!r}]\n"
        "from arbitro.cli import main\n"
        "main()\n"
    )
    built, status, path, served, loaded = json.loads(found.splitlines()[-1])
    page = "/director/sign-in" if directors else "/director/setup"
    assert (built, status, path, served) == (False, 200, page, True)
    assert loaded == []


# The first reads held to the store's own -----------------------------------------------


def first_facts(reads: FirstReads, names: list[str]) -> tuple[object, ...]:
    """What the first page reads of a database, through the first reads."""
    return (
        reads.revision(),
        reads.has_director(),
        reads.secret_key(),
        {name: reads.session_epoch(name) for name in names},
    )


def store_facts(store: Store, names: list[str], key_made: bool) -> tuple[object, ...]:
    """The same facts through the store (its key only once made: reading it makes it)."""
    return (
        schema_revision(store.engine),
        bool(store.director_names()),
        store.secret_key() if key_made else None,
        {name: store.session_epoch(name) for name in names},
    )


@pytest.fixture(scope="module")
def migrated_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file at the newest schema and nothing in it, copied by each example."""
    path = tmp_path_factory.mktemp("template") / "arbitro.sqlite3"
    open_store(str(path)).close()
    return path


NAMES = st.sampled_from(["ana", "Ana", "eva", "José Ñúñez", "o'brien"])
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), NAMES),
        st.tuples(st.just("sign in"), NAMES),
        st.tuples(st.just("sign out"), NAMES),
        st.tuples(st.just("new password"), NAMES),
        st.tuples(st.just("key"), st.just("")),
    ),
    max_size=8,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS)
def test_the_first_reads_answer_as_the_store_after_every_change(
    migrated_file: Path, tmp_path: Path, steps: list[tuple[str, str]]
) -> None:
    """Directors added, sessions started and ended, passwords changed, the signing key
    made: after each step, on the same file, the first reads give what the store gives
    (there is no rotation of the signing key: it is made once, on first use)."""
    path = tmp_path / f"example-{len(list(tmp_path.iterdir()))}.sqlite3"
    shutil.copy(migrated_file, path)
    store = open_store(str(path))
    reads = FirstReads(path)
    names = sorted({name for _, name in steps if name} | {"nobody"})
    key_made = False
    try:
        assert first_facts(reads, names) == store_facts(store, names, key_made)
        for step, name in steps:
            if step == "add" and name not in store.director_names():
                store.add_director(name, "h")
            elif step == "sign in":
                store.start_session_epoch(name)
            elif step == "sign out":
                store.revoke_sessions(name)
            elif step == "new password" and name in store.director_names():
                store.change_password(name, "h2")
            elif step == "key":
                store.secret_key()  # made on first use
                key_made = True
            assert first_facts(reads, names) == store_facts(store, names, key_made)
    finally:
        store.close()


def test_the_first_reads_see_the_newest_revision_of_a_migrated_file(tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    store = open_store(str(path))
    assert FirstReads(path).revision() == schema_revision(store.engine) == newest_revision()


def older_file(path: Path, revision: str = "0010") -> str:
    """An SQLite file left at an older schema by an earlier release; its URL."""
    url = f"sqlite:///{path}"
    engine = open_database(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()
    return url


def test_a_file_at_an_older_revision_is_migrated_before_the_server_answers(
    tmp_path: Path,
) -> None:
    """Its revision read first is the older one: the server opens (and migrates) the
    store at once, as before."""
    url = older_file(tmp_path / "event.db")
    assert FirstReads(tmp_path / "event.db").revision() == "0010"
    assert StoreOnFirstUse.ready(url) is None
    store = store_to_serve(url)
    assert isinstance(store, Store)
    assert schema_revision(store.engine) == newest_revision()


def test_a_database_made_by_the_servers_first_start_is_opened_at_once(tmp_path: Path) -> None:
    """No file yet: the store makes it (private, migrated) and the first-run page answers."""
    path = tmp_path / "club" / "arbitro.sqlite3"
    store = store_to_serve(f"sqlite:///{path}")
    assert isinstance(store, Store)
    assert FirstReads(path).revision() == newest_revision()
    answer = TestClient(create_app(store, secret="s")).get("/director/sign-in")
    assert (answer.status_code, answer.url.path) == (200, "/director/setup")


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:///:memory:",
        "sqlite://",
        "sqlite:///relative/with?mode=ro",
        "sqlite:////tmp/with%20escape.db",
        "postgresql+psycopg://director@db.example/arbitro",
        "mysql://x@y/z",
    ],
)
def test_a_database_other_than_an_sqlite_file_gets_no_first_reads(url: str) -> None:
    """Memory, a URL with a query or an escape (SQLAlchemy reads those), another kind of
    database: the store is opened at once, and nothing is connected to here."""
    assert sqlite_file(url) is None
    assert StoreOnFirstUse.ready(url) is None


SEGMENTS = st.lists(
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="/?%#\\"),
        min_size=1,
        max_size=12,
    ).filter(lambda segment: segment not in (".", "..")),
    min_size=1,
    max_size=4,
)


@given(segments=SEGMENTS, absolute=st.booleans())
def test_the_first_reads_find_the_file_sqlalchemy_finds_in_the_url(
    segments: list[str], absolute: bool
) -> None:
    """The file of an SQLite URL, read without SQLAlchemy, is the one SQLAlchemy reads."""
    path = ("/" if absolute else "") + "/".join(segments)
    url = f"sqlite:///{path}"
    assert sqlite_file(url) == Path(str(make_url(url).database))


def test_a_file_that_is_no_database_is_left_to_the_store_to_refuse(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database\n" * 100, encoding="utf-8")
    assert StoreOnFirstUse.ready(f"sqlite:///{path}") is None


def test_postgresql_is_opened_at_once_as_before(postgresql_server: str) -> None:
    from postgresql_cluster import fresh_postgresql_database

    url = fresh_postgresql_database(postgresql_server)
    store = store_to_serve(url)
    assert isinstance(store, Store)
    assert store.check() == "postgresql"
    assert schema_revision(store.engine) == newest_revision()
    store.close()


# The first requests, before and while the store opens ------------------------------------


def waiting_store(path: Path, *directors: str) -> StoreOnFirstUse:
    """A store at the newest schema with ``directors``, to open on first use."""
    store = open_store(str(path))
    for name in directors:
        store.add_director(name, hash_password(PASSWORD))
    store.close()
    waiting = store_to_serve(f"sqlite:///{path}")
    assert isinstance(waiting, StoreOnFirstUse)
    return waiting


def form_token(page: str) -> str:
    """The CSRF token of a page's form."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None, page
    return found.group(1)


def test_a_director_signs_in_with_the_servers_first_pages(tmp_path: Path) -> None:
    """The sign-in page answers from the first reads; signing in opens the store."""
    waiting = waiting_store(tmp_path / "event.db", "Ana")
    client = TestClient(create_app(waiting, secret="s"))
    page = client.get("/director/sign-in")
    assert (page.status_code, page.url.path, waiting.opened) == (200, "/director/sign-in", None)
    signed = client.post(
        "/director/sign-in",
        data={"name": "Ana", "password": PASSWORD, "csrf_token": form_token(page.text)},
        follow_redirects=False,
    )
    assert (signed.status_code, signed.headers["location"]) == (303, "/director/")
    assert waiting.opened is not None
    desk = client.get("/director/")
    assert desk.status_code == 200
    assert "Ana" in desk.text


def test_the_first_run_page_answers_from_the_first_reads_and_makes_the_first_director(
    tmp_path: Path,
) -> None:
    waiting = waiting_store(tmp_path / "event.db")
    client = TestClient(create_app(waiting, secret="s"))
    page = client.get("/director/sign-in")
    assert (page.status_code, page.url.path, waiting.opened) == (200, "/director/setup", None)
    made = client.post(
        "/director/setup",
        data={
            "name": "Eva",
            "password": PASSWORD,
            "repeat": PASSWORD,
            "csrf_token": form_token(page.text),
        },
        follow_redirects=False,
    )
    assert (made.status_code, made.headers["location"]) == (303, "/director/")
    assert waiting.opened is not None
    assert waiting.opened.director_names() == ["Eva"]
    again = client.get("/director/setup")
    assert again.url.path == "/director/sign-in"  # there is a director now


def test_a_director_added_by_another_program_after_the_start_is_seen_by_the_first_page(
    tmp_path: Path,
) -> None:
    """The first reads read the file at each request, not once at the start."""
    waiting = waiting_store(tmp_path / "event.db")
    client = TestClient(create_app(waiting, secret="s"))
    assert client.get("/director/sign-in").url.path == "/director/setup"
    other = open_store(str(tmp_path / "event.db"))  # ``arbitro director add`` meanwhile
    other.add_director("Ana", hash_password(PASSWORD))
    assert client.get("/director/sign-in").url.path == "/director/sign-in"
    assert waiting.opened is None
    other.close()


def test_a_browser_still_signed_in_is_known_on_the_first_page_until_its_sessions_end(
    tmp_path: Path,
) -> None:
    """Yesterday's cookie names the director and her sessions' token: the first page
    reads the token with the first reads, and an ended session signs nobody in."""
    path = tmp_path / "event.db"
    waiting_store(path, "Ana")
    yesterday = open_store(str(path))
    client = TestClient(create_app(yesterday))  # the key kept in the database
    page = client.get("/director/sign-in")
    client.post(
        "/director/sign-in",
        data={"name": "Ana", "password": PASSWORD, "csrf_token": form_token(page.text)},
    )
    assert "Ana" in client.get("/director/").text
    cookies = dict(client.cookies)

    def first_page() -> tuple[str, StoreOnFirstUse]:
        waiting = store_to_serve(f"sqlite:///{path}")
        assert isinstance(waiting, StoreOnFirstUse)
        today = TestClient(create_app(waiting), cookies=cookies)  # key read first
        text = today.get("/director/sign-in").text
        assert waiting.opened is None
        return text, waiting

    signed_in, _ = first_page()
    assert "<span>Ana</span>" in signed_in
    yesterday.revoke_sessions("Ana")  # signed out elsewhere
    signed_out, _ = first_page()
    assert "<span>Ana</span>" not in signed_out
    yesterday.close()


class CountingLock:
    """A lock that counts the threads that asked for it (to know who waits for the store)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.asked = 0
        self.counted = threading.Condition()

    def __enter__(self) -> bool:
        with self.counted:
            self.asked += 1
            self.counted.notify_all()
        return self.lock.__enter__()

    def __exit__(self, *details: object) -> None:
        self.lock.__exit__(*details)  # type: ignore[arg-type]


def test_requests_that_come_while_the_store_opens_wait_for_it_and_none_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store is held opening until every request has asked for it; then each is
    answered, and the store was opened once."""
    waiting = waiting_store(tmp_path / "event.db", "Ana")
    lock = CountingLock()
    waiting._lock = lock  # type: ignore[assignment]  # noqa: SLF001
    # Each needs the store: a health check, a public page, an event not found, a table
    # not signed in (once: the tables' desk is made under a lock of its own); answered
    # as an application on the store already open answers them.
    pages = [*["/health", "/results", "/api/results/1"] * 2, "/tables/1/1"]
    requests = len(pages)
    opened: list[Store] = []
    real_open = arbitro.store.store.open_store

    def held_open(url: str | None = None) -> Store:
        with lock.counted:  # every request is waiting for the store
            assert lock.counted.wait_for(lambda: lock.asked == requests + 1, timeout=60)
        opened.append(real_open(url))
        return opened[-1]

    monkeypatch.setattr(arbitro.store.store, "open_store", held_open)
    app = create_app(waiting, secret="s")
    opener = threading.Thread(target=waiting.store)
    opener.start()
    answers: list[tuple[str, int]] = []

    def ask(page: str) -> None:
        answer = TestClient(app).get(page)
        answers.append((page, answer.status_code))

    threads = [threading.Thread(target=ask, args=(page,)) for page in pages]
    for thread in threads:
        thread.start()
    for thread in [opener, *threads]:
        thread.join(timeout=120)
    assert len(opened) == 1
    already_open = TestClient(create_app(opened[0], secret="s"))
    assert sorted(answers) == sorted((page, already_open.get(page).status_code) for page in pages)
    assert {status for _, status in answers} == {200, 403, 404}


@contextmanager
def server(database: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``arbitro serve`` on ``database`` and a free port, not yet asked anything; its URL."""
    port = free_port()
    program = str(Path(sys.executable).parent / "arbitro")  # the installed command
    child = subprocess.Popen(
        [program, "serve", "--port", str(port), "--db", str(database)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield f"http://127.0.0.1:{port}", child
    finally:
        child.terminate()
        child.communicate(timeout=20)


def first_answer(url: str, child: subprocess.Popen[str], ask: Callable[[], Any]) -> Any:
    """What ``ask`` gets once the server is up (asked again while nobody listens yet)."""
    for _ in range(600):
        try:
            return ask()
        except (urllib.error.URLError, ConnectionError):
            assert child.poll() is None, child.communicate()
            threading.Event().wait(0.1)
    raise AssertionError(f"{url} never answered")


def test_arbitro_serve_answers_its_first_page_then_signs_a_director_in(tmp_path: Path) -> None:
    """The real server on an SQLite file at the newest schema: its first request, the
    sign-in page, is answered (from the first reads); signing in then goes through the
    store, opened after that first answer; the server said which database it serves."""
    path = tmp_path / "event.db"
    waiting_store(path, "Ana")
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with server(path) as (url, child):

        def sign_in_page() -> tuple[int, str, str]:
            with browser.open(f"{url}/director/sign-in", timeout=30) as answer:
                return answer.status, answer.url, answer.read().decode()

        status, where, page = first_answer(url, child, sign_in_page)
        assert (status, where) == (200, f"{url}/director/sign-in")
        form = urllib.parse.urlencode(
            {"name": "Ana", "password": PASSWORD, "csrf_token": form_token(page)}
        ).encode()
        with browser.open(f"{url}/director/sign-in", data=form, timeout=30) as desk:
            assert (desk.status, desk.url) == (200, f"{url}/director/")
            assert "<span>Ana</span>" in desk.read().decode()
        with browser.open(f"{url}/health", timeout=30) as health:
            assert json.loads(health.read())["database"] == "sqlite"
        child.terminate()
        printed, _ = child.communicate(timeout=20)
    assert f"(database: sqlite:///{path})" in printed

"""``arbitro serve``: open the database and run the web console.

>>> serve_command.name
'serve'
"""

from __future__ import annotations

import errno
import gc
import json
import os
import re
from typing import TYPE_CHECKING

import click

from arbitro.cli.localized import LocalizedCommand, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.shared import option
from arbitro.core.errors import FileReason
from arbitro.i18n import N_, gettext
from arbitro.store.on_first_use import StoreOnFirstUse

if TYPE_CHECKING:
    from starlette.types import ASGIApp

    from arbitro.store import Store


@click.command(
    "serve",
    cls=LocalizedCommand,
    help=N_(
        "Open the database (ARBITRO_DB, or the default SQLite file in your data folder, "
        "created if missing) and serve the web console."
    ),
    short_help=N_("Start the web console."),
)
@option("--host", default="127.0.0.1", help=N_("Address to listen on (default 127.0.0.1)."))
@option(
    "--port",
    default=8000,
    type=NumberParam(1, 65535),
    help=N_("Port to listen on (default 8000)."),
)
@option("--db", "database", help=N_("Database file or URL (default: ARBITRO_DB)."))
@option(
    "--https",
    is_flag=True,
    help=N_(
        "The console is reached over HTTPS (a proxy in front of it speaks TLS): the "
        "session cookie is then sent over HTTPS only."
    ),
)
@option(
    "--proxy",
    is_flag=True,
    help=N_(
        "The console is behind a proxy on this machine (nginx, Caddy) that sets "
        "X-Forwarded-For: the sign-in limits then count the address it names. Without "
        "it the header is ignored, since any client could write it."
    ),
)
@option(
    "--forwarded-allow-ips",
    "forwarded_allow_ips",
    metavar=N_("ADDRESSES"),
    help=N_(
        "The addresses of the proxies whose X-Forwarded-For is believed, separated by "
        "commas (implies --proxy; default with --proxy: 127.0.0.1,::1)."
    ),
)
@option(
    "--public-url",
    "public_url",
    metavar=N_("URL"),
    help=N_(
        "The address the tables' phones reach the console at, as http://192.168.1.20:8000 "
        "(printed on the table cards and in their QR codes; default: ARBITRO_PUBLIC_URL, "
        "else the address the desk is browsed at)."
    ),
)
@option(
    "--workers",
    default=1,
    type=NumberParam(1, 64),
    help=N_(
        "Server processes sharing the port (default 1). Each keeps nothing the others "
        "need: sign-ins live in the signed cookie and the database. With more than one, "
        "use PostgreSQL for a big event (see the web tables' guide)."
    ),
)
@lang_option
def serve_command(
    host: str,
    port: int,
    database: str | None,
    https: bool,
    proxy: bool,
    forwarded_allow_ips: str | None,
    public_url: str | None,
    workers: int,
) -> None:
    """Run the web console until interrupted."""
    if public_url is not None and not public_address_ok(public_url):
        raise click.BadParameter(
            gettext("expected an address such as http://192.168.1.20:8000, not '{url}'").format(
                url=public_url
            ),
            param_hint="--public-url",
        )
    # Nearly every object the start makes lives all evening: the collector's passes
    # over them during the imports are wasted (a tenth of the start). The server's
    # lifespan freezes them and turns the collector on again (web.app.long_lived).
    gc.disable()
    try:
        _serve(host, port, database, https, proxy, forwarded_allow_ips, public_url, workers)
    finally:
        gc.enable()


def _serve(
    host: str,
    port: int,
    database: str | None,
    https: bool,
    proxy: bool,
    forwarded_allow_ips: str | None,
    public_url: str | None,
    workers: int,
) -> None:
    """Open the database and serve (:func:`serve_command`'s work, the collector off)."""
    import uvicorn  # the server is only needed here

    from arbitro.store import database_url

    # The database first: a --db that cannot be opened is named as such, whatever
    # listens on the port; then the port, before anything is said.
    url = database_url(database)
    if workers == 1:
        store = store_to_serve(url)
    else:  # opened here, which brings the schema up to date once for all the processes
        from arbitro.store import open_store

        store = open_store(url)
    try:
        check_port_free(host, port)
    except click.ClickException:
        if not isinstance(store, StoreOnFirstUse):  # one on first use holds nothing yet
            store.close()
        raise
    click.echo(
        gettext("Árbitro is serving on http://{host}:{port} (database: {url})").format(
            host=host, port=port, url=shown_location(store)
        )
    )
    proxy_headers, allowed = proxy_options(proxy, forwarded_allow_ips)
    served = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "proxy_headers": proxy_headers,
        "forwarded_allow_ips": allowed,
    }
    if workers == 1:
        from arbitro.web import create_app

        commands = click.get_current_context().find_root().command  # for /help/cli
        assert isinstance(commands, click.Group)
        uvicorn.run(
            create_app(store, https=https, commands=commands, public_url=public_url),
            **served,  # type: ignore[arg-type]
        )
        return
    # Several processes: each builds its application (worker_app) from the environment.
    # This one only watches them, and resumes the analyses of deals left unanalysed,
    # once for all of them.
    os.environ[WORKER_OPTIONS] = json.dumps(
        {"database": url, "https": https, "public_url": public_url}
    )
    assert not isinstance(store, StoreOnFirstUse)  # opened above for several processes
    if not store.resume_analyses():
        store.close()  # else the analyses' threads write through it
    uvicorn.run(f"{__name__}:worker_app", factory=True, workers=workers, **served)  # type: ignore[arg-type]


def check_port_free(host: str, port: int) -> None:
    """Refuse to serve on a port another program (or another Árbitro) listens on.

    Once the database is open (a ``--db`` that cannot be opened is named first), before
    anything is said: the director learns at once that the console already runs, or
    which option to change, rather than read the server's own error after "Árbitro is
    serving".

    >>> import socket
    >>> taken = socket.socket(); taken.bind(("127.0.0.1", 0)); taken.listen()
    >>> check_port_free("127.0.0.1", taken.getsockname()[1])
    Traceback (most recent call last):
    ...
    click.exceptions.ClickException: cannot serve on 127.0.0.1 port ...: another program (perhaps Árbitro, already serving) listens there: stop it, or choose another --port
    >>> taken.close()
    """
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                reason = gettext(
                    "another program (perhaps Árbitro, already serving) listens there: "
                    "stop it, or choose another --port"
                )
            else:
                reason = FileReason.of(error).localized()
            raise click.ClickException(
                gettext("cannot serve on {host} port {port}: {reason}").format(
                    host=host, port=port, reason=reason
                )
            ) from None


def store_to_serve(url: str) -> Store | StoreOnFirstUse:
    """The store one server process serves ``url`` with, opened now unless it can wait.

    An SQLite file already at the newest schema gets a store opened on first use
    (:class:`~arbitro.store.on_first_use.StoreOnFirstUse`): the server's first page
    (the director's sign-in or the first-run page) is answered before SQLAlchemy is
    loaded, and the store opens after it. Anything else (PostgreSQL, a file not made
    yet, a schema to migrate) is opened now, as :func:`~arbitro.store.open_store` does:
    created, migrated.

    >>> import tempfile, pathlib
    >>> url = f"sqlite:///{pathlib.Path(tempfile.mkdtemp()) / 'club.sqlite3'}"
    >>> type(store_to_serve(url)).__name__, type(store_to_serve(url)).__name__
    ('Store', 'StoreOnFirstUse')
    """
    waiting = StoreOnFirstUse.ready(url)
    if waiting is not None:
        return waiting
    from arbitro.store import open_store

    return open_store(url)


def shown_location(store: Store | StoreOnFirstUse) -> str:
    """The database's URL as the server prints it: a PostgreSQL password hidden.

    >>> import tempfile, pathlib
    >>> url = f"sqlite:///{pathlib.Path(tempfile.mkdtemp()) / 'club.sqlite3'}"
    >>> shown_location(store_to_serve(url)) == shown_location(store_to_serve(url)) == url
    True
    """
    if isinstance(store, StoreOnFirstUse):
        return store.url  # an SQLite file: no password to hide
    return store.engine.url.render_as_string(hide_password=True)


WORKER_OPTIONS = "ARBITRO_SERVE_WORKER"
"""The environment variable that tells each server process of ``--workers`` its options."""


def worker_app() -> ASGIApp:
    """The application of one server process of ``arbitro serve --workers N``.

    Built from :data:`WORKER_OPTIONS` (the database's URL, whether the console is
    reached over HTTPS, the tables' public address), set by the command before it starts the processes. The
    session cookie's key is the one kept in the database, so a director signed in
    through one process is signed in on all.
    """
    gc.disable()  # as serve_command's start; the lifespan turns the collector on
    from arbitro.cli.main import cli
    from arbitro.store import open_store
    from arbitro.web import create_app

    options = json.loads(os.environ[WORKER_OPTIONS])
    store = open_store(options["database"])
    return create_app(
        store,
        https=bool(options["https"]),
        commands=cli,
        public_url=options.get("public_url"),
        resume=False,
    )


def public_address_ok(url: str) -> bool:
    """Whether ``url`` can be the tables' address: ``http(s)://`` and a host, nothing after a path.

    >>> public_address_ok("http://192.168.1.20:8000"), public_address_ok("192.168.1.20")
    (True, False)
    """
    return re.fullmatch(r"https?://[^/\s?#]+/?", url.strip()) is not None


LOOPBACK = "127.0.0.1,::1"


def proxy_options(proxy: bool, forwarded_allow_ips: str | None) -> tuple[bool, str | None]:
    """Whether the server believes forwarded headers, and from which addresses.

    Only when the director says so: uvicorn by itself believes ``X-Forwarded-For`` from
    127.0.0.1, so any program on the machine (or a proxy that passes the header on
    unchanged) could name any address and never be held by the sign-in limits.

    >>> proxy_options(False, None)
    (False, None)
    >>> proxy_options(True, None)
    (True, '127.0.0.1,::1')
    >>> proxy_options(False, "10.0.0.2")
    (True, '10.0.0.2')
    """
    if not proxy and not forwarded_allow_ips:
        return False, None
    return True, forwarded_allow_ips or LOOPBACK

"""``arbitro serve``: open the database and run the web console.

>>> serve_command.name
'serve'
"""

from __future__ import annotations

import click

from arbitro.cli.localized import LocalizedCommand, lang_option
from arbitro.i18n import N_, gettext


@click.command(
    "serve",
    cls=LocalizedCommand,
    help=N_(
        "Open the database (ARBITRO_DB, or the default SQLite file in your data folder, "
        "created if missing) and serve the web console."
    ),
    short_help=N_("Start the web console."),
)
@click.option("--host", default="127.0.0.1", help=N_("Address to listen on (default 127.0.0.1)."))
@click.option(
    "--port",
    default=8000,
    type=click.IntRange(1, 65535),
    help=N_("Port to listen on (default 8000)."),
)
@click.option("--db", "database", help=N_("Database file or URL (default: ARBITRO_DB)."))
@click.option(
    "--https",
    is_flag=True,
    help=N_(
        "The console is reached over HTTPS (a proxy in front of it speaks TLS): the "
        "session cookie is then sent over HTTPS only."
    ),
)
@lang_option
def serve_command(host: str, port: int, database: str | None, https: bool) -> None:
    """Run the web console until interrupted."""
    import uvicorn  # the server is only needed here

    from arbitro.store import database_url, open_store
    from arbitro.web import create_app

    store = open_store(database_url(database))  # brings the schema up to date
    click.echo(
        gettext("Árbitro is serving on http://{host}:{port} (database: {url})").format(
            host=host, port=port, url=store.engine.url.render_as_string(hide_password=True)
        )
    )
    commands = click.get_current_context().find_root().command  # for /help/cli
    assert isinstance(commands, click.Group)
    app = create_app(store, https=https, commands=commands)
    uvicorn.run(app, host=host, port=port, log_level="warning")

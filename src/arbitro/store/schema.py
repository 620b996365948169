"""The database's schema brought up to date: its revision and the Alembic migrations.

:func:`migrate` runs the migrations of ``store/migrations/`` (:data:`MIGRATIONS`) up
to the newest (:func:`newest_revision`, read from the migrations' file names by
:mod:`arbitro.store.first_reads`, which needs no SQLAlchemy), and loads Alembic only
when there is something to migrate. :func:`~arbitro.store.store.open_store` runs it
on every database it opens.
"""

from __future__ import annotations

from sqlalchemy import Engine, inspect, text

from arbitro.store.first_reads import MIGRATIONS, newest_revision


def schema_revision(engine: Engine) -> str | None:
    """The revision the database's schema is at (``None``: a database never migrated).

    >>> from arbitro.store.database import open_database
    >>> engine = open_database("sqlite:///:memory:")
    >>> schema_revision(engine) is None
    True
    >>> migrate(engine); schema_revision(engine) == newest_revision()
    True
    """
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return None if revision is None else str(revision)


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to the newest migration (Alembic ``upgrade head``).

    A database already at the newest revision is left as it is without loading Alembic
    (a third of a second of imports, which ``arbitro serve`` would pay before its first
    answer).

    >>> from arbitro.store.database import open_database
    >>> engine = open_database("sqlite:///:memory:")
    >>> migrate(engine); migrate(engine)   # a second run has nothing to do
    """
    if schema_revision(engine) == newest_revision():
        return
    # Loaded only when there is something to migrate.
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

"""Alembic's environment: runs the migrations on the connection :func:`arbitro.store.open_store` hands over.

Alembic sets ``context.config`` only while it runs a migration; imported otherwise
(as the doctests do) this module does nothing.

>>> from arbitro.store.migrations import env
>>> env.target_metadata is not None
True
"""

from __future__ import annotations

from alembic import context

from arbitro.store.models import Base

target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Run the migrations on the connection passed in ``config.attributes['connection']``."""
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:
    run_migrations_online()

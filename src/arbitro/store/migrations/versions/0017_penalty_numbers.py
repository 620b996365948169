"""Penalties numbered within their event (Laws 90, 91).

``penalties.number`` is a penalty's number in its event: 1, 2, 3 in the order given,
the number the desk, the command line and the API show and take. ``events.penalties_given``
counts the penalties an event has given, so a withdrawn penalty's number is never given
again. On upgrade the penalties already there are numbered per event in the order they
were given (their ids), and each event's count is its highest number (a penalty withdrawn
before this revision left no trace to count).

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision: str | None = "0016"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add and fill ``penalties.number`` and ``events.penalties_given``."""
    # Plain ALTER TABLE on events (no batch copy): on SQLite a copy would drop the old
    # table, and with foreign keys on, everything that cascades from an event.
    op.add_column(
        "events",
        sa.Column("penalties_given", sa.Integer, nullable=False, server_default="0"),
    )
    op.add_column("penalties", sa.Column("number", sa.Integer, nullable=True))
    op.execute(
        "UPDATE penalties SET number = (SELECT COUNT(*) FROM penalties AS earlier "
        "WHERE earlier.event_id = penalties.event_id AND earlier.id <= penalties.id)"
    )
    op.execute(
        "UPDATE events SET penalties_given = (SELECT COALESCE(MAX(number), 0) "
        "FROM penalties WHERE penalties.event_id = events.id)"
    )
    # Nothing refers to a penalty, so SQLite's copy of this table drops nothing.
    with op.batch_alter_table("penalties") as batch:
        batch.alter_column("number", existing_type=sa.Integer, nullable=False)
    op.create_index("ix_penalties_event_number", "penalties", ["event_id", "number"], unique=True)


def downgrade() -> None:
    """Drop what :func:`upgrade` added: penalties go back to their ids."""
    op.drop_index("ix_penalties_event_number", table_name="penalties")
    with op.batch_alter_table("penalties") as batch:
        batch.drop_column("number")
    op.drop_column("events", "penalties_given")  # SQLite 3.35 and later drop a column in place

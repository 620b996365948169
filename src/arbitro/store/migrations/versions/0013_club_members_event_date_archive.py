"""A club's member list; an event's date; an event archived from the desk.

``members`` holds the club's players (a name, and the federation number when known,
unique within the list), reused when the players of a new event are entered.
``events.held_on`` is the day the event is played; ``events.archived_at`` when the
director archived it (an archived event leaves the desk's list, its pages stay).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``members``; add ``events.held_on`` and ``events.archived_at``."""
    op.create_table(
        "members",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("federation_number", sa.String(20), nullable=True, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    # Plain ALTER TABLE (no batch copy of the table): on SQLite a copy would drop the
    # old table, and with foreign keys on, everything that cascades from an event.
    op.add_column("events", sa.Column("held_on", sa.Date, nullable=True))
    op.add_column("events", sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop what :func:`upgrade` added."""
    op.drop_column("events", "archived_at")  # SQLite 3.35 and later drop a column in place
    op.drop_column("events", "held_on")
    op.drop_table("members")

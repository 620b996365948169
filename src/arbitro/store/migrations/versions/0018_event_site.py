"""Where an event was played: ``events.site``.

The place a file another program wrote names (a PBN game's ``Site``), kept when the
event is imported and written back in its PBN export. NULL for every event recorded
before this revision, and for one whose file names no place.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision: str | None = "0017"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``events.site``, NULL for the events already there."""
    # Plain ALTER TABLE (no batch copy of the table): on SQLite a copy would drop the
    # old table, and with foreign keys on, everything that cascades from an event.
    op.add_column("events", sa.Column("site", sa.String(200), nullable=True))


def downgrade() -> None:
    """Drop ``events.site``."""
    op.drop_column("events", "site")  # SQLite 3.35 and later drop a column in place

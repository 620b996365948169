"""Keep each event's whole movement (as ``arbitro event movement --json`` writes it).

An event played with a movement keeps the timetable it was played with, so later
versions of the generators cannot change the seats of a stored event.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``events.movement_data``."""
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("movement_data", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop ``events.movement_data``."""
    with op.batch_alter_table("events") as batch:
        batch.drop_column("movement_data")

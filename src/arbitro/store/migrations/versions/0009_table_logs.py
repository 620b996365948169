"""The director's table: the table log a director builds by tapping, per event and board.

A reload or a phone gone to sleep loses nothing: the log is kept whole after each tap
(:mod:`arbitro.store.table_logs`). ``event`` is 0 for a bare board.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``table_logs``."""
    op.create_table(
        "table_logs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("director", sa.String(100), nullable=False),
        sa.Column("event", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("log", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("director", "event", "board"),
    )


def downgrade() -> None:
    """Drop ``table_logs``."""
    op.drop_table("table_logs")

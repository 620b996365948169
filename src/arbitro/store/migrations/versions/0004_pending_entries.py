"""Keep the results the tables entered that the opponents have not confirmed yet.

A restart of the web console must not lose them: East-West confirm what North-South
entered, perhaps after the server was restarted.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``pending_entries``."""
    op.create_table(
        "pending_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("session", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("ns", sa.String(20), nullable=False),
        sa.Column("ew", sa.String(20), nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", "session", "table_number", "board"),
    )


def downgrade() -> None:
    """Drop ``pending_entries``."""
    op.drop_table("pending_entries")

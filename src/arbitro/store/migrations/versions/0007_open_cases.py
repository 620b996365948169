"""Judgement cases the director has opened but not decided yet.

A director opens an unauthorised-information or misinformation case at the table
(the facts, the first answers), polls players, and decides later. Until the ruling
is recorded (``worksheets`` and the tables of 0005) the case is kept here as the
director typed it: the board, the table, the kind of case and the worksheet's
fields as JSON text.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``open_cases``."""
    op.create_table(
        "open_cases",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=True),
        sa.Column("irregularity", sa.String(2), nullable=False),
        sa.Column("fields", sa.Text, nullable=False),
        sa.Column("opened_by", sa.String(100), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``open_cases``."""
    op.drop_table("open_cases")

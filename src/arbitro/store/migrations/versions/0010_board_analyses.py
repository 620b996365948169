"""Each board's double-dummy table and par, kept when the deals are uploaded.

The analysis is made once, in the background, when the director uploads the deals;
the hand-record page reads it instead of running the solver while a player waits.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``analyses``."""
    op.create_table(
        "analyses",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("deal", sa.String(80), nullable=False),
        sa.Column("tricks", sa.String(40), nullable=False),
        sa.Column("par_score", sa.Integer, nullable=False),
        sa.Column("par_contracts", sa.Text, nullable=False),
        sa.UniqueConstraint("event_id", "board"),
    )


def downgrade() -> None:
    """Drop ``analyses``."""
    op.drop_table("analyses")

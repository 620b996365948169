"""Boards marked otherwise than Law 2 says, by event (Law 2, last paragraph).

A board whose dealer or vulnerability differs from Law 2's is played, and scored, as
marked for the whole session; each such board of an event is a row with its dealer
(``N``, ``E``, ``S``, ``W``) and vulnerability (``None``, ``NS``, ``EW``, ``All``).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``board_markings``."""
    op.create_table(
        "board_markings",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("dealer", sa.String(1), nullable=False),
        sa.Column("vulnerability", sa.String(4), nullable=False),
        sa.UniqueConstraint("event_id", "board"),
    )


def downgrade() -> None:
    """Drop ``board_markings``."""
    op.drop_table("board_markings")

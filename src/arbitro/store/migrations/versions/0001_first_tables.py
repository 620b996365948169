"""The first tables: events, participants, results and their audit, the director's records.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def _when(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Create the first tables."""
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("method", sa.String(20), nullable=False),
        sa.Column("profile", sa.String(20), nullable=False),
        sa.Column("boards", sa.Integer, nullable=False),
        sa.Column("sessions", sa.Integer, nullable=False),
        sa.Column("movement", sa.String(20), nullable=True),
        sa.Column("tables", sa.Integer, nullable=True),
        sa.Column("boards_per_round", sa.Integer, nullable=True),
        sa.Column("correction_minutes", sa.Integer, nullable=False),
        sa.Column("appeal_minutes", sa.Integer, nullable=False),
        sa.Column("tie_breaks", sa.String(100), nullable=False),
        _when("published_at", nullable=True),
        sa.Column("reopened", sa.Text, nullable=True),
        _when("created_at"),
    )
    op.create_table(
        "participants",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("number", sa.String(20), nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("carry_over", sa.String(40), nullable=False),
        sa.UniqueConstraint("event_id", "number"),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("session", sa.Integer, nullable=False),
        sa.Column("round", sa.Integer, nullable=True),
        sa.Column("table_number", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("ns", sa.String(20), nullable=False),
        sa.Column("ew", sa.String(20), nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("entered_by", sa.String(100), nullable=False),
        _when("entered_at"),
        sa.UniqueConstraint("event_id", "session", "board", "table_number"),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "result_id",
            sa.Integer,
            sa.ForeignKey("results.id", ondelete="CASCADE"),
            nullable=False,
        ),
        _when("at"),
        sa.Column("by", sa.String(100), nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("old", sa.Text, nullable=True),
        sa.Column("new", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )
    op.create_table(
        "event_log",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False
        ),
        _when("at"),
        sa.Column("by", sa.String(100), nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )
    op.create_table(
        "rulings",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("session", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=True),
        sa.Column("law", sa.String(20), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("director", sa.String(100), nullable=False),
        sa.Column("log", sa.Text, nullable=True),
        _when("at"),
    )
    op.create_table(
        "penalties",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("session", sa.Integer, nullable=False),
        sa.Column("participant", sa.String(20), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("amount", sa.String(40), nullable=False),
        sa.Column("unit", sa.String(10), nullable=False),
        sa.Column("law", sa.String(20), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("board", sa.Integer, nullable=True),
        sa.Column("director", sa.String(100), nullable=False),
        _when("at"),
    )
    op.create_table(
        "appeals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "ruling_id", sa.Integer, sa.ForeignKey("rulings.id", ondelete="SET NULL"), nullable=True
        ),
        sa.Column("appellant", sa.String(20), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        _when("lodged_at"),
        _when("deadline", nullable=True),
        sa.Column("decision", sa.String(20), nullable=True),
        sa.Column("decided_by", sa.String(100), nullable=False),
        _when("decided_at", nullable=True),
    )


def downgrade() -> None:
    """Drop the first tables."""
    for table in (
        "appeals",
        "penalties",
        "rulings",
        "event_log",
        "audit",
        "results",
        "participants",
        "events",
    ):
        op.drop_table(table)

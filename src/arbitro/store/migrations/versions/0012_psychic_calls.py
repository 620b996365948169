"""The register of psychic calls, per pair across events (the AEB's section C, Law 40C1).

Each row is a call the director classified (``misstatement``, ``deviation``,
``psychic``), whether partner fielded it and whether there is an implicit agreement,
with the auction up to the call; ``pair_key`` names the pair across events by its
players (federation numbers, or names), and ``criterion`` is ``5`` for a weak two
opened with four cards (homogenisation criterion 5). ``event_levels`` keeps an event's
level (``club``, ``regional``, ``national`` under the AEB), against which the pairs'
methods are checked (Law 40B2a).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``psychic_calls`` and ``event_levels``."""
    op.create_table(
        "psychic_calls",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("pair", sa.String(20), nullable=False),
        sa.Column("pair_key", sa.String(400), nullable=False),
        sa.Column("session", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=True),
        sa.Column("auction", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("fielded", sa.Boolean, nullable=False),
        sa.Column("implicit_agreement", sa.Boolean, nullable=False),
        sa.Column("criterion", sa.String(20), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("director", sa.String(100), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_psychic_calls_pair_key", "psychic_calls", ["pair_key"])
    op.create_table(
        "event_levels",
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("level", sa.String(20), nullable=False),
    )


def downgrade() -> None:
    """Drop ``psychic_calls`` and ``event_levels``."""
    op.drop_table("event_levels")
    op.drop_index("ix_psychic_calls_pair_key", "psychic_calls")
    op.drop_table("psychic_calls")

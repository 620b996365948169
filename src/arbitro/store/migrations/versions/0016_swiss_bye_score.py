"""What a bye scores in a Swiss teams event, in victory points.

A Swiss event's movement grows a round at a time inside ``events.movement_data``; the
one new setting is ``events.bye_score``: the victory points a team with a bye in a Swiss
round scores (the director's setting, 12 by default). NULL for every other event, and
for every event recorded before this revision (none of them is a Swiss).

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision: str | None = "0015"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``events.bye_score``, NULL for the events already there."""
    # Plain ALTER TABLE (no batch copy of the table): on SQLite a copy would drop the
    # old table, and with foreign keys on, everything that cascades from an event.
    op.add_column("events", sa.Column("bye_score", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop ``events.bye_score``."""
    op.drop_column("events", "bye_score")  # SQLite 3.35 and later drop a column in place

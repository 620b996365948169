"""The boards a reopening is for (Law 79C2).

``events.reopened_boards`` holds the boards the director reopened after the correction
period, as ``6,9``: until the results are published again only those boards may
change. NULL means every board: a reopening asked for every board (``--all-boards``),
and every reopening recorded before this revision. An event whose ``reopened`` is set
and whose ``reopened_boards`` is NULL (all of them on upgrade) keeps its old meaning,
every board reopened, until its results are published again.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``events.reopened_boards``, NULL (every board) for the events already there."""
    # Plain ALTER TABLE (no batch copy of the table): on SQLite a copy would drop the
    # old table, and with foreign keys on, everything that cascades from an event.
    op.add_column("events", sa.Column("reopened_boards", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop what :func:`upgrade` added: reopenings go back to meaning every board."""
    op.drop_column("events", "reopened_boards")  # SQLite 3.35 and later drop a column in place

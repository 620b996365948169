"""Each pair's convention card, kept with the event.

The director records a pair's system and agreements (the calls that need an alert
under the AEB norms) before or during the session; the misinformation worksheet
consults the card of the pair whose explanation is in question (Laws 20F, 21B1, 40B,
75). A card is kept as its text, one agreement a line
(:meth:`arbitro.table.agreements.ConventionCard.from_text`).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``convention_cards``."""
    op.create_table(
        "convention_cards",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("pair", sa.String(20), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", "pair"),
    )


def downgrade() -> None:
    """Drop ``convention_cards``."""
    op.drop_table("convention_cards")

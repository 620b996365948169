"""The failed sign-ins, kept where every server process counts them.

``sign_in_failures`` holds one row per failed sign-in (a director's password, a
table's code) under its limit (``scope``) and a digest of its key (the client's
address and the name or table tried), so that several server processes over one
database (``arbitro serve --workers N``, or several machines) hold a client to the
same number of attempts as one process does.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``sign_in_failures`` and its index by limit, key and time."""
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("scope", sa.String(20), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("failed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_sign_in_failures_scope_key_failed_at",
        "sign_in_failures",
        ["scope", "key", "failed_at"],
    )


def downgrade() -> None:
    """Drop what :func:`upgrade` created."""
    op.drop_index("ix_sign_in_failures_scope_key_failed_at", "sign_in_failures")
    op.drop_table("sign_in_failures")

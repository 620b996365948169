"""Each event's deals in a table of their own (they were a JSON setting per event).

The director uploads a PBN file of the session's deals from the web console; each
board's deal is a row, written in PBN's ``N:`` notation. The deals kept before under
the ``settings`` table (``event-deals:N``) move here.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

PREFIX = "event-deals:"


def upgrade() -> None:
    """Create ``deals`` and move the deals kept as settings into it."""
    deals = op.create_table(
        "deals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("deal", sa.String(80), nullable=False),
        sa.UniqueConstraint("event_id", "board"),
    )
    settings = sa.table("settings", sa.column("name", sa.String), sa.column("value", sa.Text))
    events = sa.table("events", sa.column("id", sa.Integer))
    connection = op.get_bind()
    known = set(connection.scalars(sa.select(events.c.id)))
    rows = []
    for name, value in connection.execute(
        sa.select(settings.c.name, settings.c.value).where(settings.c.name.like(PREFIX + "%"))
    ):
        event = int(name.removeprefix(PREFIX))
        if event in known:
            for board, deal in json.loads(value).items():
                rows.append({"event_id": event, "board": int(board), "deal": deal})
    if rows:
        op.bulk_insert(deals, rows)
    op.execute(settings.delete().where(settings.c.name.like(PREFIX + "%")))


def downgrade() -> None:
    """Put the deals back as settings and drop ``deals``."""
    deals = sa.table(
        "deals",
        sa.column("event_id", sa.Integer),
        sa.column("board", sa.Integer),
        sa.column("deal", sa.String),
    )
    connection = op.get_bind()
    kept: dict[int, dict[str, str]] = {}
    for event, board, deal in connection.execute(
        sa.select(deals.c.event_id, deals.c.board, deals.c.deal)
    ):
        kept.setdefault(event, {})[str(board)] = deal
    settings = sa.table("settings", sa.column("name", sa.String), sa.column("value", sa.Text))
    if kept:
        op.bulk_insert(
            settings,
            [{"name": f"{PREFIX}{event}", "value": json.dumps(v)} for event, v in kept.items()],
        )
    op.drop_table("deals")

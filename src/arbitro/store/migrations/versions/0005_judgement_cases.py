"""Judgement cases in columns of their own: the worksheet, its answers, scores, facts, the poll.

A ruling's worksheet (Laws 16B, 21B, 40B, 75 to the Law 12 score) was kept only as
the ruling's text; these tables keep each answer, each result the director weighed,
each fact found and each poll answer as a row, so a ruling report or the organiser's
list of adjustments can query them. A poll belongs to the event and may be opened
before the ruling (its answers come in one by one); the case it served links it.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def _parent(table: str) -> sa.Column[int]:
    return sa.Column(
        f"{table[:-1]}_id",
        sa.Integer,
        sa.ForeignKey(f"{table}.id", ondelete="CASCADE"),
        nullable=False,
    )


def upgrade() -> None:
    """Create ``worksheets`` and the tables of their answers, scores, facts and poll."""
    op.create_table(
        "worksheets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "ruling_id",
            sa.Integer,
            sa.ForeignKey("rulings.id", ondelete="CASCADE"),
            nullable=False,
            unique=True,
        ),
        sa.Column("irregularity", sa.String(2), nullable=False),
        sa.Column("offenders", sa.String(2), nullable=False),
        sa.Column("actual", sa.Integer, nullable=False),
        sa.Column("profile", sa.String(20), nullable=False),
        sa.Column("after", sa.Integer, nullable=True),
        sa.Column("stands", sa.Boolean, nullable=False),
        sa.Column("laws", sa.String(100), nullable=False),
        sa.Column("result", sa.String(100), nullable=False),
    )
    op.create_table(
        "worksheet_answers",
        sa.Column("id", sa.Integer, primary_key=True),
        _parent("worksheets"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("step", sa.String(20), nullable=False),
        sa.Column("law", sa.String(20), nullable=False),
        sa.Column("yes", sa.Boolean, nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.UniqueConstraint("worksheet_id", "position"),
    )
    op.create_table(
        "worksheet_scores",
        sa.Column("id", sa.Integer, primary_key=True),
        _parent("worksheets"),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("weight", sa.String(40), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.UniqueConstraint("worksheet_id", "kind", "position"),
    )
    op.create_table(
        "worksheet_facts",
        sa.Column("id", sa.Integer, primary_key=True),
        _parent("worksheets"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("law", sa.String(20), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.UniqueConstraint("worksheet_id", "position"),
    )
    op.create_table(
        "polls",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "worksheet_id",
            sa.Integer,
            sa.ForeignKey("worksheets.id", ondelete="CASCADE"),
            nullable=True,
            unique=True,
        ),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("taken", sa.String(10), nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("significant", sa.String(40), nullable=False),
    )
    op.create_table(
        "poll_answers",
        sa.Column("id", sa.Integer, primary_key=True),
        _parent("polls"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("respondent", sa.String(100), nullable=False),
        sa.Column("chosen", sa.String(10), nullable=False),
        sa.UniqueConstraint("poll_id", "position"),
    )
    op.create_table(
        "poll_considered",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "answer_id",
            sa.Integer,
            sa.ForeignKey("poll_answers.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("action", sa.String(10), nullable=False),
        sa.UniqueConstraint("answer_id", "action"),
    )


def downgrade() -> None:
    """Drop the judgement cases' tables."""
    for table in (
        "poll_considered",
        "poll_answers",
        "polls",
        "worksheet_facts",
        "worksheet_scores",
        "worksheet_answers",
        "worksheets",
    ):
        op.drop_table(table)

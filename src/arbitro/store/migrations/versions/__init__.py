"""The migrations, oldest first: each module is one Alembic revision."""

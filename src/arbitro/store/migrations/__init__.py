"""Alembic migrations of Árbitro's database, run by :func:`arbitro.store.open_store`."""

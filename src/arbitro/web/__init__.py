"""The web console: the director's desk, score entry at the tables, results on phones.

>>> from arbitro.web import create_app
>>> create_app().title
'Árbitro'
"""

from arbitro.web.app import create_app

__all__ = ["create_app"]

"""Penalties in the event's log, worded in the reader's language when read (Laws 90, 91).

The log keeps a penalty given, changed or withdrawn as one line of text, the same in
every language (``7: -3 imps (90B2) #14: slow play``); :func:`worded_penalty_entry`
writes it as the reader reads it, the amount with its unit's word
(:func:`~arbitro.scoring.penalty_figures.write_penalty_amount`), the Law and the board
named: «7: -3 IMPs (Artículo 90B2), estuche 14: slow play». A line it does not
recognise is shown as it was kept.

>>> worded_penalty_entry("penalty", "7: -3 imps (90B2) #14: slow play")
'7: -3 IMPs (Law 90B2), board 14: slow play'
"""

from __future__ import annotations

import re
from fractions import Fraction

from arbitro.i18n import gettext
from arbitro.scoring.penalty_figures import write_penalty_amount

__all__ = ["PENALTY_ACTIONS", "worded_penalty_entry"]

PENALTY_ACTIONS = ("penalty", "penalty-withdrawn", "penalty-changed")
"""The actions of the event's log that hold a penalty."""

_HEAD = re.compile(
    r"(?P<who>[^:]+): -(?P<amount>[0-9]+(?:/[0-9]+)?) (?P<unit>mp|imps|top|vp)"
    r" \((?P<law>[^)]*)\)(?: #(?P<board>[0-9]+))?(?P<rest>.*)",
    re.S,
)


def _worded_head(text: str) -> str:
    """A penalty's line (``7: -3 imps (90B2) #14...``) worded; any other text as it is."""
    found = _HEAD.fullmatch(text)
    if found is None:
        return text
    amount = write_penalty_amount(Fraction(found["amount"]), found["unit"])
    worded = f"{found['who']}: -{amount} " + gettext("(Law {law})").format(law=found["law"])
    if found["board"]:
        worded += ", " + gettext("board {board}").format(board=found["board"])
    return worded + found["rest"]


def worded_penalty_entry(action: str, detail: str) -> str:
    """The log's line of a penalty given, withdrawn or changed (``before → after``), worded.

    >>> worded_penalty_entry("penalty-changed", "1: -1/4 top (90) → 1: -1/10 top (90B1): late")
    '1: -25% of a top (Law 90) → 1: -10% of a top (Law 90B1): late'
    >>> worded_penalty_entry("penalty", "3: -1 vp (90)"), worded_penalty_entry("penalty", "odd")
    ('3: -1 victory point (Law 90)', 'odd')
    """
    if action == "penalty-changed":
        before, arrow, after = detail.partition(" → ")
        if arrow:
            return f"{_worded_head(before)} → {_worded_head(after)}"
    return _worded_head(detail)

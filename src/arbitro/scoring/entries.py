"""AEB rules for score entries: incongruent entries and disputed entries (AEB bulletin, 2008).

**A. Incongruent entry.** The contract and result on the traveller disagree with the
score written (4♠ doubled, one down, 50). If the director can ask both pairs and
both agree, the entry is corrected; otherwise the number stands.

**B. Disputed congruent entry.** A consistent entry (2♠ made, 110) that one pair
disputes is changed only if both pairs agree; and then only for the pair the change
harms, so each pair gets the worse of the two scores for itself (a split score,
Law 12C1f).

>>> resolve_incongruent(entered=50, from_contract=-100, both_agree=False)
50
>>> resolve_disputed(entered=110, claimed=140, both_agree=True)
Result.split(110, -140)
"""

from __future__ import annotations

from arbitro.scoring.results import Result, Weighted


def resolve_incongruent(entered: int, from_contract: int, both_agree: bool) -> int:
    """The North-South score of an incongruent entry: the contract's score if both pairs agree, else the number.

    >>> resolve_incongruent(entered=50, from_contract=-100, both_agree=True)
    -100
    """
    return from_contract if both_agree else entered


def resolve_disputed(entered: int, claimed: int, both_agree: bool) -> Result:
    """The result of a disputed congruent entry (North-South scores).

    Without agreement the entry stands. With it, each pair gets the worse of the two
    scores for itself: North-South the lower, East-West the higher.

    >>> resolve_disputed(entered=110, claimed=140, both_agree=False)
    Result.played(110)
    >>> resolve_disputed(entered=140, claimed=110, both_agree=True)
    Result.split(110, -140)
    """
    if not both_agree or entered == claimed:
        return Result.played(entered)
    return Result(Weighted.single(min(entered, claimed)), Weighted.single(max(entered, claimed)))

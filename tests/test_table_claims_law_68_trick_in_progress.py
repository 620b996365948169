"""Law 68: a claim or concession refers to the tricks after the one in progress.

When only the trick in progress is left, saying one wins or loses it is no claim: the
play goes on regularly.
"""

from __future__ import annotations

import pytest

from arbitro.table import Phase, Table
from arbitro.table.events import EXAMPLE_DEAL, ClaimEvent
from arbitro.table.state import IllegalActionError


def _at_the_last_trick() -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    while len(table.tricks) < 12:
        if table.phase is Phase.OPENING_LEAD:
            leader = table.leader
            assert leader is not None
            table.play(leader, table.legal_cards()[0])
            table.face_lead()
            continue
        to_play = table.to_play
        assert to_play is not None
        table.play(to_play, table.legal_cards()[0])
    return table


def test_law68_claim_of_the_trick_in_progress_alone_is_not_a_claim() -> None:
    table = _at_the_last_trick()
    leader = table.to_play
    assert leader is not None
    table.play(leader, table.legal_cards()[0])
    claimer = table.to_play
    assert claimer is not None
    if claimer == table.dummy:
        claimer = claimer.partner
    with pytest.raises(IllegalActionError, match=r"not a claim or concession.*\(Law 68\)"):
        table.apply(ClaimEvent(claimer, 1, "my card wins"))
    assert table.claim is None
    assert table.phase is Phase.PLAY


def test_law68_claim_of_the_last_trick_before_its_lead_is_a_claim() -> None:
    table = _at_the_last_trick()
    claimer = table.to_play
    assert claimer is not None
    if claimer == table.dummy:
        claimer = claimer.partner
    table.apply(ClaimEvent(claimer, 1))
    assert table.claim is not None
    assert table.claim.seat is claimer

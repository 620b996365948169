"""Defective boards and information from another table: what Laws 13-15 and 16C provide.

Each function takes what the director found (and, where the Law leaves it to him, his
judgement) and gives a :class:`BoardRuling`: the Law subsection that applies, what is
to be done, whether the board is then played on, whether the score is or may be
adjusted, and whether the knowledge of the moved card is unauthorised information for
the partner of the player whose hand was wrong (13E, 14C).

>>> too_many_or_too_few(call_made=False, card_seen=False).law
'13D1'
>>> wrong_board(played_before=True).provision
Provision.CANCEL_AND_ARTIFICIAL
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from arbitro.core.errors import RuleError
from arbitro.i18n import N_


class Provision(enum.Enum):
    """What the director does with a defective board.

    >>> Provision.RESTORE_CARD.value
    'restore the missing card to the hand'
    """

    CORRECT_AND_PLAY = N_("correct the hands and play normally")
    PLAY_MAY_ADJUST = N_("play on; an adjusted score may follow")
    ASSIGNED_SCORE = N_("assign an adjusted score")
    ARTIFICIAL_SCORE = N_("award an artificial adjusted score")
    CANCEL_AND_ADJUST = N_("cancel the result and assign an adjusted score")
    REMOVE_CARD = N_("remove the extra card; auction and play go on")
    RESTORE_CARD = N_("restore the missing card to the hand")
    RECONSTRUCT_HAND = N_("reconstruct the hand from another pack")
    LAW_67 = N_("the card is among the played ones: defective trick (Law 67)")
    ACCEPT_RESULT = N_("accept the result")
    CANCEL_AND_ARTIFICIAL = N_(
        "cancel the second result; artificial score to whoever lost a result"
    )
    REDO_AUCTION = N_("cancel the auction, seat the right players and start again")
    SWITCH_SEATS = N_("switch the players so the one who knows a hand plays it")
    REDEAL = N_("reshuffle and redeal the board")

    def __repr__(self) -> str:
        return f"Provision.{self.name}"


class Found(enum.Enum):
    """Where a missing card turned up (Law 14).

    >>> Found.PLAYED.value
    'played'
    """

    PLAYED = "played"
    """Among the played cards (14B1)."""
    ELSEWHERE = "elsewhere"
    """Anywhere else (14A1, 14B2)."""
    NOWHERE = "nowhere"
    """Not found (14A2, 14B3)."""

    def __repr__(self) -> str:
        return f"Found.{self.name}"


@dataclass(frozen=True)
class BoardRuling:
    """The ruling on a defective board.

    ``play_on`` whether the board is (still) played; ``adjusted`` whether the score is
    adjusted (``True``), may be adjusted at the end (``None``) or stands (``False``);
    ``unauthorised_for_partner`` whether the knowledge of the moved card is unauthorised
    information for the partner of the player whose hand was wrong (13E, 14C).

    >>> BoardRuling("14A1", Provision.RESTORE_CARD, play_on=True).adjusted
    False
    """

    law: str
    provision: Provision
    play_on: bool
    adjusted: bool | None = False
    unauthorised_for_partner: bool = False


def too_many_or_too_few(
    *,
    call_made: bool,
    card_seen: bool = False,
    playable: bool = True,
    information_matters: bool = False,
    after_play: bool = False,
) -> BoardRuling:
    """Law 13: a hand with more than thirteen cards (and another with fewer).

    ``call_made``: the player with the wrong hand has called; ``card_seen``: a player
    saw a card of another's hand; ``playable``: the director judges the board can be
    corrected and played (13A); ``information_matters``: he judges what was seen is
    likely to affect the auction or play (13D2b); ``after_play``: found once the play
    was over (13C).

    >>> too_many_or_too_few(call_made=True).law, too_many_or_too_few(call_made=True, playable=False).law
    ('13A', '13B')
    >>> too_many_or_too_few(call_made=False, card_seen=True, information_matters=True).provision
    Provision.ARTIFICIAL_SCORE
    """
    if after_play:
        return BoardRuling("13C", Provision.CANCEL_AND_ADJUST, play_on=False, adjusted=True)
    if call_made:
        if playable:
            return BoardRuling(
                "13A", Provision.PLAY_MAY_ADJUST, True, None, unauthorised_for_partner=True
            )
        return BoardRuling("13B", Provision.ASSIGNED_SCORE, play_on=False, adjusted=True)
    if not card_seen:
        return BoardRuling("13D1", Provision.CORRECT_AND_PLAY, True, False, True)
    if information_matters:
        return BoardRuling("13D2b", Provision.ARTIFICIAL_SCORE, play_on=False, adjusted=True)
    return BoardRuling("13D2a", Provision.PLAY_MAY_ADJUST, True, None, True)


def extra_card(*, played_earlier: bool) -> BoardRuling:
    """Law 13F: a card that is not part of the deal is found; it is removed.

    >>> extra_card(played_earlier=True).adjusted is None
    True
    """
    return BoardRuling(
        "13F", Provision.REMOVE_CARD, play_on=True, adjusted=None if played_earlier else False
    )


def missing_card(*, before_lead_faced: bool, found: Found) -> BoardRuling:
    """Law 14: a hand with fewer than thirteen cards and none with more.

    ``found`` is where the missing card turned up.

    >>> missing_card(before_lead_faced=True, found=Found.NOWHERE).law
    '14A2'
    >>> missing_card(before_lead_faced=False, found=Found.PLAYED).provision
    Provision.LAW_67
    """
    if before_lead_faced:
        if found is Found.NOWHERE:
            return BoardRuling("14A2", Provision.RECONSTRUCT_HAND, True, False, True)
        return BoardRuling("14A1", Provision.RESTORE_CARD, True, False, True)
    if found is Found.PLAYED:
        return BoardRuling("14B1", Provision.LAW_67, True, None, True)
    if found is Found.ELSEWHERE:
        # 14B4: the card is deemed always to have been in the hand: it may be a penalty
        # card, and failing to play it may be a revoke.
        return BoardRuling("14B2", Provision.RESTORE_CARD, True, None, True)
    return BoardRuling("14B3", Provision.RECONSTRUCT_HAND, True, None, True)


def wrong_board(
    *,
    played_before: bool,
    during_auction: bool = False,
    calls_repeated: bool | None = None,
) -> BoardRuling:
    """Law 15: a board played by the wrong players, or a second time.

    ``played_before``: a player had already played it (15B); ``during_auction``: the
    director finds it during the auction period (15C); ``calls_repeated``: in the
    second auction every call matched the first one (``None`` until it is held).

    >>> wrong_board(played_before=False).provision
    Provision.ACCEPT_RESULT
    >>> wrong_board(played_before=False, during_auction=True, calls_repeated=False).law
    '15C1'
    """
    if during_auction:
        if calls_repeated is None:
            return BoardRuling("15C", Provision.REDO_AUCTION, play_on=True)
        if calls_repeated:
            return BoardRuling("15C1", Provision.REDO_AUCTION, play_on=True)
        return BoardRuling("15C1", Provision.ARTIFICIAL_SCORE, play_on=False, adjusted=True)
    if played_before:
        return BoardRuling("15B", Provision.CANCEL_AND_ARTIFICIAL, play_on=False, adjusted=True)
    return BoardRuling("15A1", Provision.ACCEPT_RESULT, play_on=False)


class RemedyNotAllowedError(RuleError):
    """A Law 16C2 remedy chosen after the first call, when only 16C2c is open (16C3).

    >>> print(RemedyNotAllowedError("16C2b", N_("after the first call only 16C2c applies (Law 16C3)")))
    invalid remedy '16C2b': after the first call only 16C2c applies (Law 16C3)
    """

    what = N_("remedy")


_REMEDIES = {
    "16C2a": Provision.SWITCH_SEATS,
    "16C2b": Provision.REDEAL,
    "16C2c": Provision.PLAY_MAY_ADJUST,
    "16C2d": Provision.ARTIFICIAL_SCORE,
}


def information_from_elsewhere(*, remedy: str, after_first_call: bool = False) -> BoardRuling:
    """Law 16C: a player received information about the board from another table.

    Before the first call the director chooses a ``remedy`` of 16C2 (``16C2a`` switch
    players, ``16C2b`` redeal, ``16C2c`` play on and adjust if needed, ``16C2d`` an
    artificial score); after it only 16C2c is open (16C3).

    >>> information_from_elsewhere(remedy="16C2a").provision
    Provision.SWITCH_SEATS
    >>> information_from_elsewhere(remedy="16C2d", after_first_call=True)
    Traceback (most recent call last):
    ...
    arbitro.laws.defective.RemedyNotAllowedError: invalid remedy '16C2d': after the first call only 16C2c applies (Law 16C3)
    """
    provision = _REMEDIES.get(remedy)
    if provision is None:
        raise RemedyNotAllowedError(
            remedy, N_("expected one of {choices}"), choices=", ".join(_REMEDIES)
        )
    if after_first_call and remedy != "16C2c":
        raise RemedyNotAllowedError(
            remedy, N_("after the first call only 16C2c applies (Law 16C3)")
        )
    law = "16C3" if after_first_call else remedy
    if provision is Provision.ARTIFICIAL_SCORE:
        return BoardRuling(law, provision, play_on=False, adjusted=True)
    if provision is Provision.PLAY_MAY_ADJUST:
        return BoardRuling(law, provision, play_on=True, adjusted=None)
    return BoardRuling(law, provision, play_on=True)

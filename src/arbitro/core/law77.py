"""The duplicate bridge scoring table (Law 77), as small named functions, beside the contract.

A made contract scores its *contract points* (the odd tricks bid), its *overtricks*
and its *bonuses* (part score or game, slam, and for making a doubled or redoubled
contract). A defeated contract gives the defenders its *undertricks*.
:func:`contract_score` composes them into the declaring side's score;
:meth:`~arbitro.core.contract.Contract.score` is that score for a contract, and
:mod:`arbitro.scoring.law77` re-exports these functions with the score of a final
contract (a pass-out scores 0).

>>> contract_score(4, Strain.SPADES, Doubling.UNDOUBLED, tricks=10, vulnerable=True)
620
>>> contract_score(3, Strain.NOTRUMP, Doubling.DOUBLED, tricks=6, vulnerable=False)
-500
"""

from __future__ import annotations

import enum

from arbitro.core.errors import InvalidTricksError
from arbitro.core.suit import Strain
from arbitro.i18n import N_


class Doubling(enum.IntEnum):
    """Undoubled, doubled or redoubled; the value multiplies trick points (Law 77)."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    def to_str(self) -> str:
        """The suffix written after the strain: nothing, ``X`` or ``XX``.

        >>> Doubling.REDOUBLED.to_str()
        'XX'
        """
        return {1: "", 2: "X", 4: "XX"}[self.value]

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"


GAME_THRESHOLD = 100
"""Contract points that make a game; fewer score the part-score bonus."""


def trick_value(strain: Strain) -> int:
    """Points for each odd trick in ``strain``, undoubled: 20 minors, 30 majors and NT.

    >>> trick_value(Strain.DIAMONDS), trick_value(Strain.NOTRUMP)
    (20, 30)
    """
    return 20 if strain.is_minor else 30


def contract_points(level: int, strain: Strain, doubling: Doubling) -> int:
    """Trick points for the odd tricks bid and made; the first no-trump trick scores 40.

    >>> contract_points(3, Strain.NOTRUMP, Doubling.UNDOUBLED)
    100
    >>> contract_points(2, Strain.HEARTS, Doubling.DOUBLED)
    120
    """
    first_trick_extra = 10 if strain is Strain.NOTRUMP else 0
    return (level * trick_value(strain) + first_trick_extra) * doubling


def overtrick_points(strain: Strain, doubling: Doubling, vulnerable: bool, overtricks: int) -> int:
    """Points for tricks made beyond the contract.

    Undoubled, each scores its trick value; doubled 100 (200 vulnerable); redoubled
    200 (400 vulnerable).

    >>> overtrick_points(Strain.NOTRUMP, Doubling.UNDOUBLED, False, 2)
    60
    >>> overtrick_points(Strain.CLUBS, Doubling.REDOUBLED, True, 1)
    400
    """
    if doubling is Doubling.UNDOUBLED:
        return overtricks * trick_value(strain)
    per_trick = 200 if vulnerable else 100
    return overtricks * per_trick * (doubling // 2)


def undertrick_points(doubling: Doubling, vulnerable: bool, undertricks: int) -> int:
    """Points the defenders score for ``undertricks`` tricks short of the contract.

    Undoubled: 50 each (100 vulnerable). Doubled, not vulnerable: 100 for the first,
    200 for the second and third, 300 for each after. Doubled, vulnerable: 200 for the
    first, 300 for each after. Redoubled: twice the doubled values.

    >>> undertrick_points(Doubling.DOUBLED, False, 4)
    800
    >>> undertrick_points(Doubling.REDOUBLED, True, 2)
    1000
    """
    if undertricks <= 0:
        return 0
    if doubling is Doubling.UNDOUBLED:
        return undertricks * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (undertricks - 1)
    else:
        doubled = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return doubled * (doubling // 2)


def game_bonus(points: int, vulnerable: bool) -> int:
    """The part-score bonus (50), or the game bonus (300, or 500 vulnerable).

    >>> game_bonus(90, True), game_bonus(100, False), game_bonus(100, True)
    (50, 300, 500)
    """
    if points < GAME_THRESHOLD:
        return 50
    return 500 if vulnerable else 300


def slam_bonus(level: int, vulnerable: bool) -> int:
    """The small slam (500, 750 vulnerable) or grand slam (1000, 1500) bonus.

    >>> slam_bonus(5, True), slam_bonus(6, False), slam_bonus(7, True)
    (0, 500, 1500)
    """
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def insult_bonus(doubling: Doubling) -> int:
    """The bonus for making a doubled (50) or redoubled (100) contract.

    >>> insult_bonus(Doubling.UNDOUBLED), insult_bonus(Doubling.REDOUBLED)
    (0, 100)
    """
    return {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}[doubling]


def made_score(
    level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool
) -> int:
    """The declaring side's score for a contract of ``level`` made with ``tricks`` tricks.

    >>> made_score(1, Strain.NOTRUMP, Doubling.DOUBLED, tricks=8, vulnerable=False)
    280
    """
    points = contract_points(level, strain, doubling)
    overtricks = tricks - (level + 6)
    return (
        points
        + overtrick_points(strain, doubling, vulnerable, overtricks)
        + game_bonus(points, vulnerable)
        + slam_bonus(level, vulnerable)
        + insult_bonus(doubling)
    )


def check_tricks(tricks: object) -> int:
    """Return ``tricks`` if it is a whole number of tricks from 0 to 13, else raise.

    >>> check_tricks(14)
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidTricksError: invalid number of tricks '14': expected a whole number from 0 to 13
    """
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise InvalidTricksError(str(tricks), N_("expected a whole number from 0 to 13"))
    return tricks


def contract_score(
    level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool
) -> int:
    """The declaring side's score by Law 77: positive if made, negative if defeated.

    ``tricks`` is how many of the 13 tricks the declaring side took.

    >>> contract_score(4, Strain.SPADES, Doubling.DOUBLED, tricks=8, vulnerable=True)
    -500
    """
    check_tricks(tricks)
    if tricks >= level + 6:
        return made_score(level, strain, doubling, tricks, vulnerable)
    return -undertrick_points(doubling, vulnerable, level + 6 - tricks)

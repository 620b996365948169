"""The claim checker: the fewest tricks a claim can make along normal lines (Laws 70-71).

The checker takes plain values: the cards each seat still holds, the trick in
progress, trumps, the claimer and his statement. It searches every line of play:

* **as stated**: the claimer's side follows its statement and plays well where the
  statement is silent; the defence plays as well as it can (the tricks the claim makes
  "against every defence");
* **normal lines** (70A, 70D1): the claimer's side follows the statement, in any
  order it leaves open, and may play carelessly (any suit first, a suit from the top,
  winning high rather than low, overtaking partner or not), but never irrationally: it
  does not discard a winner it has established while it holds a loser, and it does not
  let the defenders win a trick it can win by following or by ruffing. The defence again plays its best against it. An outstanding trump
  not mentioned (70C) is one the claimer may forget: he may lead into it; a trump
  mentioned, he draws it with a master trump first. An unstated finesse (70E1) is never
  taken unless the opponent behind has shown out of the suit.

The award is the normal-line minimum: a claim for more is cut to it (70), a
concession of fewer is cancelled up to it (71-2).

>>> position = Position.from_str("N:32.2.. .Q.32. AK.A.. 54..4.", trump=Suit.HEARTS,
...                              leader=Seat.SOUTH)
>>> check = check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all"))
>>> check.claimed, check.as_stated, check.worst, check.law, check.laws
(3, 3, 2, '70', ('70D1', '70C'))
>>> check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all: draw trumps")).award
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from arbitro.analysis.claims.statement import ClaimStatement, Step
from arbitro.core import Card, Hand, NotationError, Seat, Side, Suit
from arbitro.i18n import N_

_SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
_SEATS = tuple(Seat)


class InvalidPositionError(NotationError):
    """A position that cannot be a moment of the play: the hands, the trick, the leader.

    >>> print(InvalidPositionError("N:A... ... ... ...", N_("every hand needs the same cards")))
    invalid position 'N:A... ... ... ...': every hand needs the same cards
    """

    what = N_("position")


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of the play: the cards each seat holds, trumps, and the trick in progress.

    ``hands`` are indexed by seat (North first); ``leader`` led the trick in progress,
    whose ``trick`` cards were played in order from him (none: he is to lead).

    >>> position = Position.from_str("N:A... K... Q... ...", trump=None, leader=Seat.WEST,
    ...                              trick=("SJ",))
    >>> position.to_play, position.remaining
    (Seat.NORTH, 1)
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        seen = 0
        for hand in self.hands:
            if seen & hand.mask:
                raise InvalidPositionError(self.to_str(), N_("a card is in two hands"))
            seen |= hand.mask
        for card in self.trick:
            if seen >> card.index & 1:
                raise InvalidPositionError(
                    self.to_str(), N_("{card} is played and still held"), card=card
                )
            seen |= 1 << card.index
        if len(self.trick) > 3:
            raise InvalidPositionError(self.to_str(), N_("a trick in progress has 0 to 3 cards"))
        lengths = {
            len(self.hands[(self.leader + offset) % 4]) + (offset < len(self.trick))
            for offset in range(4)
        }
        if len(lengths) != 1:
            raise InvalidPositionError(
                self.to_str(), N_("every hand needs the same number of cards")
            )
        if self.trick:
            lead = self.trick[0].suit
            for offset, card in enumerate(self.trick[1:], start=1):
                hand = self.hands[(self.leader + offset) % 4]
                if card.suit is not lead and hand.mask & _SUIT_MASKS[lead]:
                    raise InvalidPositionError(
                        self.to_str(),
                        N_("{card} does not follow suit and its hand still holds the suit"),
                        card=card,
                    )

    @classmethod
    def from_str(
        cls,
        text: str,
        trump: Suit | None,
        leader: Seat,
        trick: Iterable[str | Card] = (),
    ) -> Position:
        """Read the hands as a PBN deal (``N:`` and four hands in dot form).

        >>> Position.from_str("N:A... K... Q...", trump=None, leader=Seat.NORTH)
        Traceback (most recent call last):
        ...
        arbitro.analysis.claims.checker.InvalidPositionError: invalid position 'N:A... K... Q...': expected a first seat, ':' and four hands
        """
        first, colon, rest = text.strip().partition(":")
        parts = rest.split()
        if not colon or len(parts) != 4:
            raise InvalidPositionError(text, N_("expected a first seat, ':' and four hands"))
        start = Seat.from_str(first)
        hands: list[Hand] = [Hand()] * 4
        for offset, part in enumerate(parts):
            hands[(start + offset) % 4] = Hand.from_str(part)
        cards = tuple(card if isinstance(card, Card) else Card.from_str(card) for card in trick)
        return cls((hands[0], hands[1], hands[2], hands[3]), trump, leader, cards)

    def to_str(self) -> str:
        """The hands as a PBN deal, North first.

        >>> Position.from_str("S:A... K... Q... J...", None, Seat.SOUTH).to_str()
        'N:Q... J... A... K...'
        """
        return "N:" + " ".join(hand.to_str() for hand in self.hands)

    @property
    def to_play(self) -> Seat:
        """The seat due to play next.

        >>> Position.from_str("N:A... K... Q... J...", None, Seat.EAST).to_play
        Seat.EAST
        """
        return _SEATS[(self.leader + len(self.trick)) % 4]

    @property
    def remaining(self) -> int:
        """The tricks still to be won, the one in progress included.

        >>> Position.from_str("N:AK... QJ... T9... 87...", None, Seat.EAST).remaining
        2
        """
        return len(self.hands[self.to_play])


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """What the checker found for a claim, in tricks of the ``remaining`` ones.

    ``as_stated``: the claimer's side following its statement, against every defence;
    ``worst``: the fewest over all normal lines (the award, 70 and 71-2); ``line``: a
    line that makes only ``worst``, card by card; ``double_dummy``: the claimer's side's
    tricks with best play by all (DDS), when asked for.

    >>> ClaimCheck(3, 3, 3, 2, ()).award, ClaimCheck(3, 1, 3, 2, ()).law
    (2, '71')
    """

    remaining: int
    claimed: int
    as_stated: int
    worst: int
    line: tuple[tuple[Seat, Card], ...]
    double_dummy: int | None = None
    laws: tuple[str, ...] = field(default=())

    @property
    def award(self) -> int:
        """The tricks of the remaining ones to award the claimer's side.

        >>> ClaimCheck(5, 5, 4, 4, ()).award
        4
        """
        return self.worst

    @property
    def law(self) -> str:
        """The Law behind the award: 70 (a claim cut), 71 (a concession cancelled), 69A.

        >>> ClaimCheck(5, 5, 5, 5, ()).law
        '69A'
        """
        if self.claimed > self.worst:
            return "70"
        if self.claimed < self.worst:
            return "71"
        return "69A"

    def to_json(self) -> dict[str, object]:
        """The check as JSON data.

        >>> ClaimCheck(1, 1, 1, 0, ((Seat.SOUTH, Card.from_str("SA")),)).to_json()["line"]
        [['S', 'SA']]
        """
        data: dict[str, object] = {
            "remaining": self.remaining,
            "claimed": self.claimed,
            "as_stated": self.as_stated,
            "worst_normal": self.worst,
            "award": self.award,
            "law": self.law,
            "laws": list(self.laws),
            "line": [[str(seat), str(card)] for seat, card in self.line],
        }
        if self.double_dummy is not None:
            data["double_dummy"] = self.double_dummy
        return data


def check_claim(
    position: Position,
    claimer: Seat,
    statement: ClaimStatement,
    *,
    from_top: bool = True,
    shown_out: Iterable[tuple[Seat, Suit]] = (),
    double_dummy: Callable[[Position], int] | None = None,
) -> ClaimCheck:
    """Check a claim (or concession) by ``claimer`` at ``position``.

    ``from_top`` is the authority's default for a suit the statement does not detail
    (70E2); ``shown_out`` the suits each opponent has failed to follow before the claim
    (70E1); ``double_dummy`` a solver giving the tricks of the side to play (see
    :func:`arbitro.analysis.solver.position_tricks`), for comparison.

    >>> position = Position.from_str("N:AQ... ...32 32... K4...", None, Seat.SOUTH)
    >>> check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all")).award
    1
    >>> check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all: finesse SQ")).award
    2
    """
    side = claimer.side
    remaining = position.remaining
    shown = frozenset((int(seat), int(suit)) for seat, suit in shown_out)
    aware = statement.mentions_trumps(position.trump)
    hands = tuple(hand.mask for hand in position.hands)
    trick = tuple(card.index for card in position.trick)
    dd = None
    if double_dummy is not None:
        tricks = double_dummy(position)
        dd = tricks if position.to_play.side is side else remaining - tricks
    # Every line searched is one the claimer's side may play: none beats double dummy.
    ceiling = remaining if dd is None else dd
    normal = _Search(position.trump, side, statement.steps, False, from_top, aware, shown)
    worst = normal.value(hands, int(position.leader), trick, high=ceiling)
    line = normal.line(hands, int(position.leader), trick, worst + 1)
    stated = _Search(position.trump, side, statement.steps, True, from_top, aware, shown)
    as_stated = stated.value(hands, int(position.leader), trick, worst, ceiling)
    laws: list[str] = []
    if statement.claimed(remaining) > worst:
        laws.append("70D1")
    trump = position.trump
    if (
        trump is not None
        and not aware
        and any(hands[seat] & _SUIT_MASKS[trump] for seat in range(4) if seat & 1 != side)
    ):
        laws.append("70C")
    return ClaimCheck(
        remaining,
        statement.claimed(remaining),
        as_stated,
        worst,
        tuple((_SEATS[seat], Card.from_index(index)) for seat, index in line),
        dd,
        tuple(laws),
    )


def worst_line_brute_force(position: Position, side: Side) -> int:
    """The fewest tricks ``side`` can make over every legal line of both sides.

    The yardstick of the property tests: no normal line can do worse.

    >>> worst_line_brute_force(Position.from_str("N:A... K... Q... J...", None, Seat.NORTH),
    ...                        Side.NS)
    1
    """
    hands = [hand.mask for hand in position.hands]

    def search(leader: int, trick: tuple[int, ...]) -> int:
        seat = (leader + len(trick)) % 4
        if len(trick) == 4:
            winner = (leader + _winner(trick, trump)) % 4
            return (winner & 1 == side) + search(winner, ())
        hand = hands[seat]
        if not hand:
            return 0
        legal = hand & _SUIT_MASKS[trick[0] // 13] if trick else 0
        legal = legal or hand
        best = 99
        for index in _bits(legal):
            hands[seat] &= ~(1 << index)
            best = min(best, search(leader, (*trick, index)))
            hands[seat] |= 1 << index
        return best

    trump = -1 if position.trump is None else int(position.trump)
    return search(int(position.leader), tuple(card.index for card in position.trick))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _winner(trick: tuple[int, ...], trump: int) -> int:
    """The position in ``trick`` of the card that wins it."""
    best = 0
    for position in range(1, len(trick)):
        card = trick[position]
        top = trick[best]
        suit = card // 13
        if suit == top // 13:
            if card > top:
                best = position
        elif suit == trump:
            best = position
    return best


@lru_cache(maxsize=1 << 16)
def _pack(suit: tuple[int, ...]) -> tuple[int, ...]:
    """Each hand's cards of one suit as bits of their order among the cards left."""
    packed = [0, 0, 0, 0]
    position = 0
    for rank in range(12, -1, -1):
        for seat in range(4):
            if suit[seat] >> rank & 1:
                packed[seat] |= 1 << position
                position += 1
                break
    return tuple(packed)


@lru_cache(maxsize=1 << 16)
def _defence(hand: int, others: int, lead: int) -> tuple[int, ...]:
    """A defender's legal cards, one of each run of equivalent cards (the highest).

    Cards of one suit in one hand are equivalent when no card left in another hand (or
    played to this trick) lies between them.
    """
    legal = hand & _SUIT_MASKS[lead] if lead >= 0 else 0
    legal = legal or hand
    cards: list[int] = []
    for suit in range(4):
        bits = (legal >> (13 * suit)) & 0x1FFF
        if not bits:
            continue
        theirs = (others >> (13 * suit)) & 0x1FFF
        ours = (hand >> (13 * suit)) & 0x1FFF
        last = False
        for rank in range(12, -1, -1):
            if ours >> rank & 1:
                if not last and bits >> rank & 1:
                    cards.append(13 * suit + rank)
                last = True
            elif theirs >> rank & 1:
                last = False
    return tuple(cards)


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class _Search:
    """One search of the lines of a position (see :func:`check_claim`)."""

    def __init__(
        self,
        trump: Suit | None,
        side: int,
        steps: tuple[Step, ...],
        best: bool,
        from_top: bool,
        aware: bool,
        shown: frozenset[tuple[int, int]],
    ) -> None:
        self.trump = -1 if trump is None else int(trump)
        self.trump_mask = 0 if trump is None else _SUIT_MASKS[trump]
        self.side = side
        self.steps = steps
        self.best = best
        self.from_top = from_top
        self.aware = aware
        self.shown = shown
        self.bounds: dict[tuple[object, ...], tuple[int, int]] = {}
        self.exact = any(step.kind == "finesse" for step in steps)

    def value(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        low: int = 0,
        high: int | None = None,
    ) -> int:
        """The claimer side's tricks from here, from ``low`` to ``high``.

        Tried from the top down: a target missed is usually refuted by one line found
        quickly, and only the last, met, needs every line searched.
        """
        if high is None:
            high = hands[(leader + len(trick)) % 4].bit_count()
        for target in range(high, low, -1):
            if self.reaches(hands, leader, trick, 0, target):
                return target
        return low

    def line(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], target: int
    ) -> list[tuple[int, int]]:
        """A line on which the claimer's side makes fewer than ``target`` tricks.

        Only for the normal-line search (every node minimises); ``target`` is one more
        than the value found.
        """
        line: list[tuple[int, int]] = []
        step = 0
        while True:
            count = len(trick)
            if count == 4:
                winner = (leader + _winner(trick, self.trump)) % 4
                target -= winner & 1 == self.side
                leader, trick = winner, ()
                continue
            seat = (leader + count) % 4
            if not hands[seat]:
                return line
            step, cards = self._options(hands, seat, trick, step)
            for index in cards:
                after = list(hands)
                after[seat] &= ~(1 << index)
                child = tuple(after)
                if not self.reaches(child, leader, (*trick, index), step, target):
                    break
            else:  # pragma: no cover - the value search guarantees a refutation
                return line
            line.append((seat, index))
            hands, trick = child, (*trick, index)

    def reaches(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], step: int, target: int
    ) -> bool:
        """Whether the claimer's side makes at least ``target`` more tricks from here."""
        if target <= 0:
            return True
        count = len(trick)
        if count == 4:
            winner = (leader + _winner(trick, self.trump)) % 4
            return self.reaches(hands, winner, (), step, target - (winner & 1 == self.side))
        seat = (leader + count) % 4
        left = hands[seat].bit_count()
        if target > left:
            return False
        key: tuple[object, ...] | None = None
        if count == 0:
            key = (self._shape(hands), leader, step)
            low, high = self.bounds.get(key, (0, left))
            if low >= target:
                return True
            if high < target:
                return False
            # Sure tricks of the side on lead (a run of winners it can cash) bound the rest.
            ours = seat & 1 == self.side
            if ours and self.best and not self.steps and not self.aware:
                if self._cashable(hands, seat) >= target:
                    self.bounds[key] = (target, high)
                    return True
            elif not ours and target > left - self._cashable(hands, seat):
                self.bounds[key] = (low, min(high, target - 1))
                return False
        step, cards = self._options(hands, seat, trick, step)
        either = seat & 1 == self.side and self.best
        result = not either
        for index in cards:
            after = list(hands)
            after[seat] &= ~(1 << index)
            if self.reaches(tuple(after), leader, (*trick, index), step, target) is either:
                result = either
                break
        if key is not None:
            low, high = self.bounds.get(key, (0, left))
            self.bounds[key] = (max(low, target), high) if result else (low, min(high, target - 1))
        return result

    def _cashable(self, hands: tuple[int, ...], seat: int) -> int:
        """Tricks the hand on lead can surely cash in one suit, whatever anyone plays.

        Its cards above every opponent's card of the suit, when partner holds none of
        them (he could be made to overtake and block the suit), and no opponent can
        ruff (no trumps, the suit is trumps, or the opponents hold none).
        """
        hand = hands[seat]
        partner = hands[seat ^ 2]
        opponents = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
        can_ruff = self.trump >= 0 and bool(opponents & self.trump_mask)
        best = 0
        for suit in range(4):
            mask = _SUIT_MASKS[suit]
            mine = hand & mask
            if not mine or (can_ruff and suit != self.trump):
                continue
            theirs = opponents & mask
            floor = _top(theirs) if theirs else -1
            above = mine & ~((1 << (floor + 1)) - 1)
            if partner & mask & ~((1 << (floor + 1)) - 1):
                continue
            best = max(best, above.bit_count())
        return best

    def _shape(self, hands: tuple[int, ...]) -> tuple[object, ...]:
        """The position up to equivalent cards: who holds each rank, relative to the rest.

        Two positions with the same shape have the same lines, card for equivalent card
        (a finesse step names a card: then the cards themselves are the key).
        """
        if self.exact:
            return hands
        shape: list[tuple[int, ...]] = []
        for shift in (0, 13, 26, 39):
            shape.append(_pack(tuple(hand >> shift & 0x1FFF for hand in hands)))
        return tuple(shape)

    def _options(
        self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...], step: int
    ) -> tuple[int, Sequence[int]]:
        if seat & 1 != self.side:
            return step, self._defends(hands, seat, trick)
        if trick:
            return step, self._follows(hands, seat, trick)
        return self._leads(hands, seat, step)

    # -- the claimer's side -------------------------------------------------------------

    def _leads(self, hands: tuple[int, ...], seat: int, step: int) -> tuple[int, list[int]]:
        hand = hands[seat]
        partner = hands[seat ^ 2]
        defence = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
        while step < len(self.steps) and self._finished(self.steps[step], hand, partner, defence):
            step += 1
        if step < len(self.steps):
            forced = self._step_lead(self.steps[step], hand, partner, defence)
            if forced is not None:
                return step, [forced]
        trumps = hand & self.trump_mask
        theirs = defence & self.trump_mask
        if self.aware and trumps and theirs and _top(trumps) > _top(theirs):
            return step, [_top(trumps)]
        cards: list[int] = []
        for suit in range(4):
            held = hand & _SUIT_MASKS[suit]
            if held:
                cards.append(_top(held))
                if not self.from_top and _low(held) != _top(held):
                    cards.append(_low(held))
        return step, cards

    def _finished(self, step: Step, hand: int, partner: int, defence: int) -> bool:
        both = hand | partner
        if step.kind == "cash":
            assert step.suit is not None
            return not both & _SUIT_MASKS[step.suit]
        if step.kind == "draw":
            return not (defence & self.trump_mask and both & self.trump_mask)
        if step.kind == "finesse":
            assert step.card is not None
            return not both >> step.card.index & 1
        assert step.suit is not None
        bits = _SUIT_MASKS[step.suit]
        return not (
            (hand & bits and not partner & bits and partner & self.trump_mask)
            or (partner & bits and not hand & bits and hand & self.trump_mask)
        )

    def _step_lead(self, step: Step, hand: int, partner: int, defence: int) -> int | None:
        if step.kind == "cash":
            assert step.suit is not None
            held = hand & _SUIT_MASKS[step.suit]
            return _top(held) if held else None
        if step.kind == "draw":
            trumps = hand & self.trump_mask
            return _top(trumps) if trumps else None
        if step.kind == "finesse":
            assert step.card is not None
            held = hand & _SUIT_MASKS[step.card.suit]
            if partner >> step.card.index & 1 and held:
                return _low(held)
            return None
        assert step.suit is not None
        bits = _SUIT_MASKS[step.suit]
        if hand & bits and not partner & bits and partner & self.trump_mask:
            return _low(hand & bits)
        return None

    def _follows(self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...]) -> list[int]:
        hand = hands[seat]
        lead = trick[0] // 13
        top = trick[_winner(trick, self.trump)]
        partner_wins = (len(trick) - 1 - _winner(trick, self.trump)) % 2 == 1
        held = hand & _SUIT_MASKS[lead]
        if held:
            beats = held & ~((1 << (top + 1)) - 1) if top // 13 == lead else 0
            for step in self.steps:
                card = step.card
                if step.kind == "finesse" and card is not None and beats >> card.index & 1:
                    return [card.index]
            behind = [
                other
                for other in ((seat + offset) % 4 for offset in range(1, 4 - len(trick)))
                if other & 1 != self.side
            ]
            if behind and all((other, lead) in self.shown for other in behind):
                # 70E1: the opponent behind has shown out; the finesse is normal.
                return [_low(beats)] if beats else [_low(held)]
            if beats and not partner_wins:
                # An opponent's card wins the trick: the claimer wins it, low or high.
                return sorted({_low(beats), _top(held)})
            return sorted({_low(held), _top(held)})
        trumps = hand & self.trump_mask
        for step in self.steps:
            if step.kind == "ruff" and step.suit == lead and trumps:
                return [self._ruff(trumps, top) if self._ruff(trumps, top) >= 0 else _low(trumps)]
        if trumps and not partner_wins:
            ruff = self._ruff(trumps, top)
            if ruff >= 0:
                return [ruff]
        cards = self._discards(hands, seat)
        if trumps and partner_wins:
            cards.append(_low(trumps))
        return cards or [_low(hand)]

    def _ruff(self, trumps: int, top: int) -> int:
        """The lowest trump that wins over ``top``, or -1."""
        if top // 13 == self.trump:
            over = trumps & ~((1 << (top + 1)) - 1)
            return _low(over) if over else -1
        return _low(trumps)

    def _discards(self, hands: tuple[int, ...], seat: int) -> list[int]:
        hand = hands[seat]
        defence = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
        losers: list[int] = []
        winners: list[int] = []
        for suit in range(4):
            if suit == self.trump:
                continue
            held = hand & _SUIT_MASKS[suit]
            if not held:
                continue
            low = _low(held)
            theirs = defence & _SUIT_MASKS[suit]
            (winners if not theirs or low > _top(theirs) else losers).append(low)
        return losers or winners

    # -- the defence ----------------------------------------------------------------------

    def _defends(self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...]) -> Sequence[int]:
        others = 0
        for other in range(4):
            if other != seat:
                others |= hands[other]
        for index in trick:
            others |= 1 << index
        return _defence(hands[seat], others, trick[0] // 13 if trick else -1)

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
  counted on, unless the opponent behind has shown out of the suit, before the claim
  or on the line, or playing low into the opponent who must hold every card of the
  suit out would be irrational.

On every line a defender plays his penalty cards as the Laws require (the position's
``penalty_cards``): a major one at the first legal opportunity (50D1), a minor one
before any other card of its suit below an honour (50C).

The award is the normal-line minimum: a claim for more is cut to it (70), a
concession of fewer is cancelled up to it (71-2). Both searches share one memory of
positions; a check that runs past its budget answers undetermined with what it found
(:attr:`ClaimCheck.determined`).

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
from heapq import heapify, heappop, heappush
from typing import Any, Final, cast

from arbitro.analysis.claims.bounds import COUNTS, floor, sure_trumps, trump_tricks
from arbitro.analysis.claims.bounds import count as count_cards
from arbitro.analysis.claims.compiled import never_cancelled, release
from arbitro.analysis.claims.statement import ClaimStatement, InvalidClaimError, Step
from arbitro.core import Card, Hand, NotationError, Seat, Side, Suit
from arbitro.core.collector import cycle_collector_paused
from arbitro.i18n import N_, ngettext

_SUIT_MASKS: Final = tuple(0x1FFF << (13 * suit) for suit in range(4))
_SEATS: Final = tuple(Seat)
_HONOURS: Final = sum(0b1111100000000 << (13 * suit) for suit in range(4))
"""The ten to the ace of every suit (Law 50B: cards of honour rank)."""
_NO_CARDS: Final = Hand()

_Key = int
"""A position at the start of a trick, up to equivalent cards, as one number: shape,
progress (the step of the statement reached, and the suits the defenders have shown out
of) and leader (see :meth:`_Search._key`)."""
_Completion = tuple[tuple[int, ...], tuple[int, ...], int, int, bool]
"""A way to finish a trick: its cards, hands after, winner, step reached, won by the claimer."""
_Line = tuple[int, tuple[int, ...], int, int, list[tuple[int, int]]]
"""A line followed to the start of a trick: tricks won, hands, leader, step, cards by seat."""
_Memory = dict[_Key, list[int]]
"""What the searches found of positions at the start of a trick, up to equivalent cards:
at least so many tricks on every normal line; at least, at most so many as stated."""

ORDER = True
"""Whether the search for the fewest takes the positions of a bucket most promising
first (:func:`_promise`, a heap; :meth:`_Search.fewest`). False: the last queued first
(the search as it was, depth first; a test compares the two). Only the order of the
work changes, never the answer."""

PARTIAL = True
"""Whether the search for the fewest expands a position in two parts (:meth:`_Search.fewest`):
first the tricks the defence wins, then, once the search reaches the next bucket, those
the claimer's side wins. False: every way to finish the trick at once (the search as it
was; a test compares the two)."""

TAKEN = True
"""Whether the search for the fewest, completing only the tricks the defence wins
(:data:`PARTIAL`), also leaves uncompleted a trick in progress that a hand of the
claimer's side surely takes on the normal line (:meth:`_Search._taken`): its cards are
not tried. False: only a trick settled whatever anyone plays (the search as it was; a
test compares the two). The same completions, so the same award where a check is
determined; the search tries fewer cards for them and gets further within its budget
(in the benchmark's range checks a third of the cards the search for the fewest tried
at 12 and 13 cards a hand went to such tricks, ``docs/developers.md``)."""

KEPT = True
"""Whether the search for the fewest, expanding a position with tricks to win before its
bucket's, leaves for a later bucket the tricks the claimer's side wins without a trump of
its own when its trump tricks alone (:func:`bounds.trump_tricks
<arbitro.analysis.claims.bounds.trump_tricks>`) put every such trick's position after
it beyond this bucket (:meth:`_Search.fewest`). No trump is played to such a trick, so
the position after it has the same trump tricks and costs one more. False: they are
completed with the rest (the search as it was; a test compares the two). The same
completions in the same buckets, so the same award where a check is determined."""

SAMPLE_EVERY = 8
"""Every how many looks outside (:data:`HEARTBEAT`) the search for the fewest keeps the
position it is taking, one of the :data:`SAMPLES` it completes a line from when its
budget runs out (:meth:`_Search._keep_lines`, past the budget like the others): where a
check stops is chance, and so is the line through the position it is taking then;
lines through positions taken along the way give an undetermined check a better chance
of a line making few tricks. 0: none (the lines as they were)."""

SAMPLES = 32
"""The positions taken along the way (:data:`SAMPLE_EVERY`) whose lines a check out of its
budget completes: the last so many."""

ONE_MORE = 120_000
"""The work past the budget (like the lines of :meth:`_Search._completed`) that a check
whose search for the fewest runs out spends on one more question, depth first: does
every normal line make one trick more than the fewest proved (:meth:`_Search.one_more`)?
A yes proves that many the fewest; a no comes with a normal line making only the fewest
proved, the award then found. Out of this work, what was found stands. 0: not asked
(the check as it was; a test compares the two)."""

WIDTH = 32
"""Lines the search for a normal line making few tricks keeps from trick to trick
(:meth:`_Search.beam`); the tricks of the line it finds end the search for the fewest
once every position left is shown to make at least as many (:data:`BEAM_FIRST`), and
bound an undetermined check's award from above. 0: no such bound (the search as it
was; a test compares the two)."""

BEAM_FIRST = False
"""Whether the beam's line (:data:`WIDTH`) is sought before the search for the fewest,
its tricks bounding that search from above (True, as it was), or only when the search
runs out of its budget, as the line an undetermined check gives (counted past the
budget, like :meth:`_Search._completed`). Before the search, only the dive's line
bounds it. Either way the fewest is proved by exhausting the buckets below it, so
the award is the same (a test compares the two). Measured (``docs/developers.md``):
with a bucket taken most promising first (:data:`ORDER`) the last bucket gives a
line making the fewest soon, and the 5-8 % of the budget the beam took first is
better spent on the buckets below."""

BUDGET = 1_200_000
"""The work a check may do before it answers "undetermined" with what it found.

A count, not a time: the same claim gets the same answer on an idle machine and on a
loaded one. Every card either search tries counts one, each way of finishing a trick
the normal-line search keeps one more, and each double-dummy solve :data:`SOLVE_COST`
by its size (a trick the normal-line search leaves unfinished, its winning side
settled against the part it completes, :data:`PARTIAL`, tries no more cards and counts
nothing; the line an undetermined check gives is completed past the budget, a beam
search from each of up to three positions, the start, see :data:`BEAM_FIRST`, and two
the search took, see :meth:`_Search.fewest`); so a check's time follows its budget.
Compiled, a card tried costs about 0.4 µs of the 2-core benchmark machine's processor
(1.3 µs before the search's keys became numbers and its tables lookups, 0.5 µs before
the defence's order lost its reference cycles, see ``docs/developers.md``): 1,200,000
keeps a 13-card check's p90 about half a second idle and finds the award of more checks
than 900,000 did (the random claims of the benchmark left as a range: 8, 7 and 1 of 30
at 13, 12 and 10 cards, against 9, 8 and 3; 1,500,000, tried as a search further of a
900,000 check, left 7, 7 and 0 at about two thirds of a second; since the floor counts
the trumps a hand keeps from its right-hand opponent, :func:`bounds.placed_trumps
<arbitro.analysis.claims.bounds.placed_trumps>`, 1,200,000 leaves 7, 6 and 1; since it
counts a first trick a defender must lead into the claimer's side too,
:func:`bounds.led_into <arbitro.analysis.claims.bounds.led_into>`, 6, 6 and 0; since the
search leaves uncompleted a trick the claimer's side surely takes, :data:`TAKEN`, 5, 4
and 0; since it leaves for a later bucket the tricks the claimer's side wins without a
trump, :data:`KEPT`, with the lines of positions taken along the way, :data:`SAMPLES`,
4, 3 and 0)."""

FURTHER = 10
"""How many times :data:`BUDGET` a check may do when the Director asks it to search
further (``arbitro claim check --further``, the claim page's button): for an
undetermined check when the table can wait, about ten times as long (seconds; up to
about five at 13 cards a hand on the benchmark's 2-core machine, where it finds the
award of 27 of 30 random claims against 22; ``docs/rulings-claims.md``)."""

THOROUGH = 50
"""How many times :data:`BUDGET` a check may do when it is asked to search thoroughly
(``arbitro claim check --thorough``): for a ruling the table does not wait for, after
the session or on appeal, when searching further left the award a range. It stops as
soon as the award is found, or when it holds :data:`POSITIONS` (:data:`REMEMBERED`
searching the line as stated). On the benchmark
machine (2 cores), of 14 thirteen-card ranges that searching further left (the 7 of both
claim benchmarks, 7 more among 60 other random claims), it found 11 awards; the 7 of the
benchmarks within 19 s and 850 MB. The three it did not find stopped holding
:data:`POSITIONS`, after 11 to 18 s and 1.55 GB at most (``docs/rulings-claims.md``)."""

HEARTBEAT = 5_000
"""The work a check does between two looks outside (:func:`check_claim`'s ``cancelled``):
about 3 ms of the compiled search on the benchmark machine.

The compiled search runs no Python code of its own, and Python acts on a signal
(Ctrl-C) and hands the interpreter lock to another thread only while running Python
code. So every :data:`HEARTBEAT` of work the search calls a Python function, the one
that says whether the check is still wanted (:func:`~arbitro.analysis.claims.compiled.never_cancelled`
by default): a Ctrl-C stops a check at once, and a server's other requests go on
while one thread checks."""


POSITIONS = 2_500_000
"""The most positions the search for the fewest holds in memory: reaching them, it stops
as when its budget runs out (:attr:`ClaimCheck.memory_full`).

A guard for the checks of the largest budgets: the search remembers every position it
reaches, about 500 to 750 bytes each with the queue of those still to take, so a
thorough search (:data:`THOROUGH`) that runs to its whole budget held up to 7,100,000
of them, 4.4 GB, more than a club's laptop can spare. The checks of the usual budget
never hold as many (one position at most a card tried); searching further, the 120
claims of both claim benchmarks at 13 and 12 cards a hand held 1,230,000 at most. The 11
awards a thorough search found on the benchmark machine (see :data:`THOROUGH`) held
1,770,000 at most. Counted in positions, not bytes: the same claim stops at the same
point on every machine, and a search of a larger budget, the same search until then,
stops where a smaller one does (:func:`_next_milestone`)."""

REMEMBERED = 6_000_000
"""The most positions the memory both searches share may hold while the search of the
line as stated runs: reaching them, it stops as when its budget runs out
(:attr:`ClaimCheck.memory_full`; the line as stated is then shown to make what it had
proved).

The same guard as :data:`POSITIONS` for the second search, whose entries are smaller
(about 250 bytes: 6,000,000 of them about 1.5 GB) and which runs once the first has
let its own tables go. Searched thoroughly, the line as stated of the benchmark's 15
thirteen-card claims whose award stands undetermined took up to 2,860,000 (15 s)."""


def further_budget() -> int:
    """The budget of a check searched further: :data:`FURTHER` times :data:`BUDGET`.

    >>> further_budget()
    12000000
    """
    return FURTHER * BUDGET


def _next_milestone(reached: int, limit: int) -> int:
    """Where a search for the fewest of budget ``limit`` next keeps its lines, past ``reached``.

    The first of :data:`BUDGET`, :func:`further_budget` and ``limit`` above ``reached``
    and within ``limit`` (``limit + 1``, never reached, past them all): where the checks
    of smaller budgets stop, the same search up to there, so a check of a larger budget
    never gives a worse line than theirs (:meth:`_Search.fewest`).

    >>> _next_milestone(-1, BUDGET), _next_milestone(BUDGET, BUDGET) == BUDGET + 1
    (1200000, True)
    >>> _next_milestone(BUDGET, thorough_budget()) == further_budget()
    True
    """
    for milestone in (BUDGET, further_budget(), limit):
        if reached < milestone <= limit:
            return milestone
    return limit + 1


def thorough_budget() -> int:
    """The budget of a check searched thoroughly: :data:`THOROUGH` times :data:`BUDGET`.

    >>> thorough_budget()
    60000000
    """
    return THOROUGH * BUDGET


SOLVE_COST = (0, 100, 100, 100, 200, 200, 300, 500, 800, 1_500, 3_000, 8_000, 17_000, 50_000)
"""What one double-dummy solve counts against the budget, by the cards a hand of the
position solved: about as long as trying that many cards compiled (a card tried about
1.3 µs, a solve at 8 cards a hand about 1 ms, at 9 about 2 ms, 10 about 4 ms, 11 about
10 ms, 12 about 22 ms, 13 about 70 ms; measured on the 2-core benchmark machine, the
solves of the positions the line as stated reaches in 13-card checks and of random
deals). A flat 5,000 counted the solves at 8 and 9 cards, nearly all those the search
asks, five times over and spent the budget on them. Calibrated when a card cost 1.3
µs: at today's 0.6 µs a solve takes as long as about twice its count; left so, as no
check solves inside its search by default (:data:`SOLVED_CLAIMS_FROM`)."""

DOUBLE_DUMMY_FROM = 8
"""Cards a hand from which the search of the line as stated asks the double-dummy
solver, when it has one, for a bound on a position it reaches (below, searching is
cheaper); only in a check of :data:`SOLVED_CLAIMS_FROM` cards or more."""

SOLVED_CLAIMS_FROM = 14
"""Cards a hand of the position claimed from which the search asks double dummy at the
positions it reaches (the position claimed itself is always solved, see
:func:`check_claim`); 14, above any hand: never, by default.

Measured on the benchmark's random claims (``docs/developers.md``): a position reached
is solved only in the search for the ceiling itself (see :meth:`_Search.value`), and
even there a solve cut the line in one case of five to ten; asked at 11 cards and more,
the solves left 1 and 4 of 30 thirteen- and twelve-card checks determined, 2 and 6
without them, and at 10 cards 21 against 24."""


_BEHIND: Final = tuple(
    tuple(
        tuple(
            tuple(
                other
                for other in ((seat + offset) % 4 for offset in range(1, 4 - count))
                if other & 1 != side
            )
            for count in range(4)
        )
        for seat in range(4)
    )
    for side in range(2)
)
"""The opponents of ``side`` still to play after ``seat``, the ``count``-th to play."""


class _OutOfBudgetError(Exception):
    """The search ran past its budget of cards tried, or filled its memory.

    :data:`POSITIONS` positions reached, or :data:`REMEMBERED` in the shared memory.
    """


class ClaimCheckCancelledError(Exception):
    """A check stopped because its ``cancelled`` said so (see :func:`check_claim`).

    The one who asked no longer waits for it: a Director who left the claim page.
    """


def _above(theirs: int, ours: int) -> int:
    """The cards of ``theirs`` above the best card of ``ours`` in the same suit."""
    total = 0
    for mask in _SUIT_MASKS:
        top = _top(ours & mask)
        total += count_cards((theirs & mask) >> (top + 1))
    return total


def _promise(tricks: int, hands: tuple[int, ...], leader: int, side: int) -> int:
    """How few tricks a line through this position promises the claimer's ``side``: lower first.

    The tricks won so far and the cards left, less the defence's cards above the best
    card of the claimer's side in each suit (:func:`_above`, tricks it may take): the
    tricks the line makes if the defence wins one with each of them; counted twice,
    plus the cards left, so that among equal promises the deeper position comes first
    and a trick promised weighs two cards. Not a bound, only an order within a bucket
    of :meth:`_Search.fewest`: measured on the benchmark's 12- and 13-card claims, the
    positions it puts first reach a line making the bucket's tricks sooner than the
    last one queued (``docs/developers.md``).

    >>> _promise(1, (1 << 12, 1 << 11, 1 << 10, 1 << 9), 0, 0)
    5
    >>> _promise(1, (1 << 10, 1 << 12, 1 << 9, 1 << 11), 1, 0)
    1
    """
    left = count_cards(hands[leader])
    theirs = hands[1 - side] | hands[3 - side]
    return 2 * (tricks + left - _above(theirs, hands[side] | hands[side + 2])) + left


def _rank(entry: tuple[tuple[int, int], _Line]) -> tuple[int, int]:
    return entry[0]


def _tricks_so_far(line: _Line) -> int:
    return line[0]


def _tricks_of(found: tuple[int, list[tuple[int, int]]]) -> int:
    """The tricks of a line found (see :meth:`_Search.dive`)."""
    return found[0]


def _won(completion: _Completion) -> bool:
    """Whether the claimer's side wins the trick (a line that loses it first)."""
    return completion[4]


class InvalidPositionError(NotationError):
    """A position that cannot be a moment of the play: the hands, the trick, the leader.

    >>> print(InvalidPositionError("N:A... ... ... ...", N_("every hand needs the same cards")))
    invalid position 'N:A... ... ... ...': every hand needs the same cards
    """


# Set after the class, not in its body: compiled (mypyc), a class-body value of an
# attribute its Python base class declares is lost (the message said "invalid value"),
# and mypyc assigns to a class only its ClassVars.
setattr(InvalidPositionError, "what", N_("position"))  # noqa: B010


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of the play: the cards each seat holds, trumps, and the trick in progress.

    ``hands`` are indexed by seat (North first); ``leader`` led the trick in progress,
    whose ``trick`` cards were played in order from him (none: he is to lead).
    ``revoke_allowed``: a card of the trick may fail to follow suit though its hand holds
    the suit, a revoke the claim established (Law 63A3), as at a table; a position
    typed by hand may not. ``penalty_cards`` and ``minor_penalty_cards``: the major and
    minor penalty cards still in the defenders' hands (Law 50B), which every line
    plays as Laws 50C and 50D1 require.

    >>> position = Position.from_str("N:A... K... Q... ...", trump=None, leader=Seat.WEST,
    ...                              trick=("SJ",))
    >>> position.to_play, position.remaining
    (Seat.NORTH, 1)
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...] = ()
    revoke_allowed: bool = False
    penalty_cards: Hand = _NO_CARDS
    minor_penalty_cards: Hand = _NO_CARDS

    def __post_init__(self) -> None:
        seen = 0
        for hand in self.hands:
            if seen & hand.mask:
                raise InvalidPositionError(self.to_str(), N_("a card is in two hands"))
            seen |= hand.mask
        majors, minors = self.penalty_cards.mask, self.minor_penalty_cards.mask
        if (majors | minors) & ~seen or majors & minors:
            raise InvalidPositionError(
                self.to_str(), N_("a penalty card is not held, or is both major and minor")
            )
        for hand in self.hands:
            minor = hand.mask & minors
            if minor and (minor & minor - 1 or hand.mask & majors or minor & _HONOURS):
                # 50B: a minor penalty card is a single card below an honour.
                raise InvalidPositionError(
                    self.to_str(),
                    N_("a minor penalty card is a defender's only one, below an honour"),
                )
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
        if self.trick and not self.revoke_allowed:
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

    ``determined`` is false when the search ran out of its budget: then ``line`` is a
    normal line found that makes only ``worst``, ``least`` the fewest every normal line
    was shown to make (the award lies between them, the Director judges it), and
    ``as_stated`` what the line as stated was shown to make at least. ``memory_full``:
    a search stopped before its budget ran out, holding the most positions it may
    (:data:`POSITIONS`, :data:`REMEMBERED`).

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
    determined: bool = True
    least: int | None = None
    memory_full: bool = False

    @property
    def note(self) -> str | None:
        """What the Director must know before awarding (None when the check is complete).

        >>> print(ClaimCheck(5, 5, 4, 3, (), determined=False, least=2).note)
        undetermined: the search used up its budget of cards tried; every normal line makes at least 2 tricks and one makes 3 (the Director judges the award, Law 70)
        """
        if self.determined:
            return None
        if self.least is not None and self.least < self.worst:
            if self.memory_full:
                text = ngettext(
                    "undetermined: the search filled the memory it may use; every normal "
                    "line makes at least {least} trick and one makes {worst} (the Director "
                    "judges the award, Law 70)",
                    "undetermined: the search filled the memory it may use; every normal "
                    "line makes at least {least} tricks and one makes {worst} (the Director "
                    "judges the award, Law 70)",
                    self.least,
                )
            else:
                text = ngettext(
                    "undetermined: the search used up its budget of cards tried; every "
                    "normal line makes at least {least} trick and one makes {worst} (the "
                    "Director judges the award, Law 70)",
                    "undetermined: the search used up its budget of cards tried; every "
                    "normal line makes at least {least} tricks and one makes {worst} (the "
                    "Director judges the award, Law 70)",
                    self.least,
                )
            return text.format(least=self.least, worst=self.worst)
        if self.memory_full:
            text = ngettext(
                "undetermined: the search filled the memory it may use before it "
                "finished the line as stated, which makes at least {tricks} trick; the "
                "award stands",
                "undetermined: the search filled the memory it may use before it "
                "finished the line as stated, which makes at least {tricks} tricks; the "
                "award stands",
                self.as_stated,
            )
        else:
            text = ngettext(
                "undetermined: the search used up its budget of cards tried before "
                "it finished the line as stated, which makes at least {tricks} trick; the "
                "award stands",
                "undetermined: the search used up its budget of cards tried before "
                "it finished the line as stated, which makes at least {tricks} tricks; the "
                "award stands",
                self.as_stated,
            )
        return text.format(tricks=self.as_stated)

    @property
    def may_narrow(self) -> bool:
        """Whether a check of a larger budget may narrow the award, left as a range.

        Undetermined, the fewest proved below what the line found makes, the search
        having stopped at the end of its budget: not holding the most positions it may
        (:data:`POSITIONS`), where one of a larger budget, the same search until then,
        would stop too.

        >>> ClaimCheck(5, 5, 4, 3, (), determined=False, least=2).may_narrow
        True
        >>> ClaimCheck(5, 5, 4, 3, (), determined=False, least=2, memory_full=True).may_narrow
        False
        """
        return (
            not self.determined
            and self.least is not None
            and self.least < self.worst
            and not self.memory_full
        )

    @property
    def award_range(self) -> tuple[int, int] | None:
        """The fewest and the most the award may be, when the check left it a range.

        Then the Director judges the award between them (Law 70: a doubtful point goes
        against the claimer), and :attr:`award` is only the upper end, what a normal line
        found makes: never to be shown as the award. None when the award is known.

        >>> ClaimCheck(5, 5, 4, 3, (), determined=False, least=2).award_range
        (2, 3)
        >>> ClaimCheck(5, 5, 4, 3, (), determined=False, least=3).award_range is None
        True
        """
        if self.determined or self.least is None or self.least >= self.worst:
            return None
        return self.least, self.worst

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

        An award left a range (:attr:`award_range`): 71 for a concession of fewer tricks
        than every normal line makes, else 70, the Director judging.

        >>> ClaimCheck(5, 3, 4, 3, (), determined=False, least=2).law
        '70'
        >>> ClaimCheck(5, 1, 4, 3, (), determined=False, least=2).law
        '71'
        """
        if self.award_range is not None:
            return "71" if self.claimed < self.award_range[0] else "70"
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
        if not self.determined:
            data["determined"] = False
            data["least"] = self.worst if self.least is None else self.least
            if self.award_range is not None:  # ``award`` is then only its upper end
                data["award_range"] = list(self.award_range)
            if self.memory_full:
                data["memory_full"] = True
        return data


@cycle_collector_paused()  # millions of small tuples and lists, no cycles among them
def check_claim(
    position: Position,
    claimer: Seat,
    statement: ClaimStatement,
    *,
    from_top: bool = True,
    shown_out: Iterable[tuple[Seat, Suit]] = (),
    double_dummy: Callable[[Position], int] | None = None,
    declarer: Seat | None = None,
    budget: int | None = None,
    bounded: bool = True,
    cancelled: Callable[[int], bool] | None = None,
) -> ClaimCheck:
    """Check a claim (or concession) by ``claimer`` at ``position``.

    ``from_top`` is the authority's default for a suit the statement does not detail
    (70E2); ``shown_out`` the suits each opponent has failed to follow before the claim
    (70E1); ``double_dummy`` a solver giving the tricks of the side to play (see
    :func:`arbitro.analysis.solver.position_tricks`), for comparison; ``declarer``, when
    given and the claimer is a defender, frees his partner from the statement (70D2).
    Cards played after the claim (a ``played`` step, 70D3) start every line. The
    position's penalty cards are played as Laws 50C and 50D1 require; double dummy
    knows none, so it bounds no search when the defence holds one. A search
    that has done ``budget`` of work (:data:`BUDGET` when not given) stops: the
    check is then not ``determined`` and says what it found (:attr:`ClaimCheck.note`).
    ``bounded``: both searches set aside the positions that the normal line's floor
    (:func:`arbitro.analysis.claims.bounds.floor`) shows cannot change the answer;
    False searches without it (the same answers, compared in the tests).
    ``cancelled``, when given, is called every :data:`HEARTBEAT` of work with how far
    the search has come, of ``budget`` (the work done, or the memory held when that is
    nearer its guard, :meth:`_Search._look_outside`; a progress bar may show it) and
    answers whether the one who asked has stopped waiting: then the check stops with
    :class:`ClaimCheckCancelledError`.

    >>> position = Position.from_str("N:AQ... ...32 32... K4...", None, Seat.SOUTH)
    >>> check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all")).award
    1
    >>> check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all: finesse SQ")).award
    2
    >>> check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all: played S3 S4 SQ")).award
    2
    """
    side = claimer.side
    remaining = position.remaining
    claimed = statement.claimed(remaining)
    won, played, position = _play_out(position, statement, side)
    steps = statement.line
    shown = {(int(seat), int(suit)) for seat, suit in shown_out}
    if position.trick:
        # A defender who did not follow to the trick in progress has shown out (70E1).
        lead = position.trick[0].suit
        for offset, card in enumerate(position.trick):
            if card.suit is not lead:
                shown.add(((position.leader + offset) % 4, int(lead)))
    aware = statement.mentions_trumps(position.trump)
    hands = tuple(hand.mask for hand in position.hands)
    trick = tuple(card.index for card in position.trick)
    left = position.remaining
    dd = None
    if double_dummy is not None:
        tricks = double_dummy(position) if left else 0
        dd = won + (tricks if position.to_play.side is side else left - tricks)
    majors, minors = position.penalty_cards.mask, position.minor_penalty_cards.mask
    penalties = majors | minors
    if declarer is not None and penalties & (hands[declarer] | hands[declarer.partner]):
        raise InvalidPositionError(
            position.to_str(), N_("a penalty card is a defender's (Law 50), not declarer's side's")
        )
    ours = hands[side] | hands[side + 2]
    # Every line searched is one the claimer's side may play: none beats double dummy,
    # which knows no penalty card; one of the defence's may let it do better.
    ceiling = left if dd is None or penalties & ~ours else dd - won
    defending = declarer is not None and declarer.side is not side
    free = int(claimer.partner) if defending else -1
    limit = BUDGET if budget is None else budget
    memory: _Memory = {}
    known = frozenset(shown)
    kind = _Bound if penalties else _Search
    search = kind(
        position.trump,
        side,
        steps,
        False,
        from_top,
        aware,
        known,
        memory,
        limit,
        free,
        majors,
        minors,
    )
    stated = kind(
        position.trump, side, steps, True, from_top, aware, known, memory, limit, -1, majors, minors
    )
    if cancelled is not None:
        search.cancelled = stated.cancelled = cancelled
    # The normal line's floor takes the claimer's side's choices free: not so when a
    # penalty card binds them (a defender's claim); the sure trump tricks hold anyway.
    search.bounded = stated.bounded = bounded and not penalties & ours
    solving = left >= SOLVED_CLAIMS_FROM and not penalties & ~ours
    stated.solver = double_dummy if solving else None
    leader = int(position.leader)
    determined = True
    try:
        # One normal line first: the fewest can be no more than it makes, and the search
        # for the fewest stops once every line left is shown to make at least as many
        # (the dive's line; the beam's too when BEAM_FIRST).
        upper = search.dive(hands, leader, trick)
        if WIDTH and BEAM_FIRST:
            upper = min(upper, search.beam(hands, leader, trick, WIDTH), key=_tricks_of)
        search.e1 = False  # a 70E1 case met looking for a bound decides nothing
        try:
            worst, line = search.fewest(hands, leader, trick, upper if WIDTH else None)
        except _OutOfBudgetError:
            # What was found: the fewest every normal line makes, and one normal line.
            determined = False
            least = search.least_found
            if WIDTH and not BEAM_FIRST:
                # The beam's line, past the budget (see BEAM_FIRST); a 70E1 case it meets
                # decides nothing.
                e1 = search.e1
                upper = min(upper, search.beam(hands, leader, trick, WIDTH), key=_tricks_of)
                search.e1 = e1
            worst, line = upper
            if search.found is not None and search.found[0] < worst:
                worst, line = search.found
            as_stated = least
            if ONE_MORE and least < worst:
                # Depth first, past the budget: every normal line one trick more than the
                # fewest proved, or one that makes only that many (see ONE_MORE).
                deeper = kind(
                    position.trump,
                    side,
                    steps,
                    False,
                    from_top,
                    aware,
                    known,
                    {},
                    limit,
                    free,
                    majors,
                    minors,
                )
                deeper.bounded = search.bounded
                deeper.cancelled = search.cancelled
                deeper.nodes = search.nodes
                # One question only: a check searching further, the same search up to
                # where this one stops, asks it too when it proves no more (its range is
                # never wider, see _keep_lines).
                refuted = deeper.one_more(hands, leader, trick, least, search.nodes + ONE_MORE)
                if refuted is not None and refuted[0] < worst:
                    worst, line = refuted
                least = deeper.proven
                search.e1 = search.e1 or deeper.e1
                as_stated = least
        else:
            least = worst
            stated.nodes = search.nodes  # one budget for the whole check
            try:
                as_stated = stated.value(hands, leader, trick, worst, ceiling)
            except _OutOfBudgetError:
                determined = False
                as_stated = stated.proven
    finally:
        release([memory])  # the positions both searches found, in Python code: see release
    laws: list[str] = []
    if played:
        laws.append("70D3")
    if claimed > won + worst:
        laws.append("70D1")
        if defending:
            laws.append("70D2")
    trump = position.trump
    if (
        trump is not None
        and not aware
        and any(hands[seat] & _SUIT_MASKS[trump] for seat in range(4) if seat & 1 != side)
    ):
        laws.append("70C")
    if search.e1:
        laws.append("70E1")
    return ClaimCheck(
        remaining,
        claimed,
        won + as_stated,
        won + worst,
        played + tuple((_SEATS[seat], Card.from_index(index)) for seat, index in line),
        dd,
        tuple(laws),
        determined,
        won + least,
        search.memory_full or stated.memory_full,
    )


def _play_out(
    position: Position, statement: ClaimStatement, side: Side
) -> tuple[int, tuple[tuple[Seat, Card], ...], Position]:
    """Play the cards played after the claim (70D3).

    Returns the claimer side's tricks among them, the cards by seat, and the position
    they leave.
    """
    hands = list(position.hands)
    leader = position.leader
    trick = list(position.trick)
    won = 0
    played: list[tuple[Seat, Card]] = []
    for card in statement.played:
        seat = _SEATS[(leader + len(trick)) % 4]
        hand = hands[seat]
        if card not in hand:
            raise InvalidClaimError(
                statement.to_str(),
                N_("{card} played after the claim is not in {seat}'s hand"),
                card=card,
                seat=seat,
            )
        if trick and card.suit is not trick[0].suit and hand.mask & _SUIT_MASKS[trick[0].suit]:
            raise InvalidClaimError(
                statement.to_str(),
                N_("{card} played after the claim does not follow suit and {seat} holds it"),
                card=card,
                seat=seat,
            )
        hands[seat] = Hand(hand.mask & ~(1 << card.index))
        trick.append(card)
        played.append((seat, card))
        if len(trick) == 4:
            trump = -1 if position.trump is None else int(position.trump)
            leader = _SEATS[(leader + _winner(tuple(c.index for c in trick), trump)) % 4]
            won += leader.side is side
            trick = []
    held = hands[0].mask | hands[1].mask | hands[2].mask | hands[3].mask
    after = Position(
        (hands[0], hands[1], hands[2], hands[3]),
        position.trump,
        leader,
        tuple(trick),
        position.revoke_allowed,
        Hand(position.penalty_cards.mask & held),
        Hand(position.minor_penalty_cards.mask & held),
    )
    return won, tuple(played), after


def worst_line_brute_force(position: Position, side: Side) -> int:
    """The fewest tricks ``side`` can make over every legal line of both sides.

    The yardstick of the property tests: no normal line can do worse.

    >>> worst_line_brute_force(Position.from_str("N:A... K... Q... J...", None, Seat.NORTH),
    ...                        Side.NS)
    1
    """
    hands = [hand.mask for hand in position.hands]
    majors, minors = position.penalty_cards.mask, position.minor_penalty_cards.mask

    def search(leader: int, trick: tuple[int, ...]) -> int:
        seat = (leader + len(trick)) % 4
        if len(trick) == 4:
            winner = (leader + _winner(trick, trump)) % 4
            return (winner & 1 == side) + search(winner, ())
        hand = hands[seat]
        if not hand:
            return 0
        legal = _obliged(hand, majors, minors, trick[0] // 13 if trick else -1)
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


def _obliged(hand: int, majors: int, minors: int, lead: int) -> int:
    """The cards ``hand`` may play, ``lead`` the suit led (-1: on lead), its penalty cards given.

    Following suit first (44C, 50D1b); then a major penalty card is played at the first
    legal opportunity, leading, following, discarding or ruffing (50D1a; of two or more,
    any: declarer's choice, 51A); a minor one (50C) bars the other cards of its suit
    below an honour until it is played.

    >>> spades = 13 * 3
    >>> hand = 1 << spades + 11 | 1 << spades + 3 | 1 << 5  # SK S5 C7
    >>> _obliged(hand, 1 << spades + 11, 0, 0) == 1 << 5  # clubs led: follow
    True
    >>> _obliged(hand, 1 << spades + 11, 0, 1) == 1 << spades + 11  # a discard: the SK
    True
    >>> _obliged(hand, 0, 1 << 5, -1) == hand  # SK S5 C7, minor C7: all
    True
    >>> _obliged(hand | 1 << 2, 0, 1 << 5, -1) == hand  # and the C4: not before the C7
    True
    """
    pool = hand
    if lead >= 0:
        pool = hand & _SUIT_MASKS[lead] or hand
    forced = pool & majors
    if forced:
        return forced
    minor = pool & minors
    if minor:
        for mask in _SUIT_MASKS:
            if minor & mask:
                pool &= ~(mask & ~_HONOURS & ~minor)
    return pool


def _choices(allowed: int, apart: int, others: int) -> list[int]:
    """One card of each run of equivalent cards of ``allowed``, and each card of ``apart``.

    ``apart``: penalty cards among ``allowed``, never equivalent to another card (playing
    one lifts its obligation); ``others``: every card a run of ``allowed`` may not span.

    >>> _choices(0b1110, 0b0100, 0b1)
    [3, 1, 2]
    """
    cards: list[int] = []
    free = allowed & ~apart
    others |= apart
    for suit in range(4):
        ours = free >> 13 * suit & 0x1FFF
        if ours:
            _runs(suit, ours, others >> 13 * suit & 0x1FFF, cards)
    cards.extend(_bits(allowed & apart))
    return cards


def _winner(trick: tuple[int, ...], trump: int) -> int:
    """The position in ``trick`` of the card that wins it.

    >>> _winner((12, 11, 25, 0), -1), _winner((12, 11, 25, 0), 1)
    (0, 2)
    """
    best = 0
    for position in range(1, len(trick)):
        if _beats(trick[position], trick[best], trump):
            best = position
    return best


def _beats(card: int, top: int, trump: int) -> bool:
    """Whether ``card``, played after ``top``, the card winning the trick, wins it instead.

    >>> _beats(11, 12, -1), _beats(25, 12, 1), _beats(25, 12, -1)
    (False, True, False)
    """
    suit = card // 13
    if suit == top // 13:
        return card > top
    return suit == trump


def _pack(north: int, east: int, south: int, west: int) -> int:
    """The seats holding one suit's cards left, highest first, as one number (27 bits).

    Two suits with the same number are the same up to equivalent cards: the same seats
    hold the first, second, ... card left. A 1, then two bits a card left from the
    highest down, the seat (North 0, East 1, South 2, West 3): the cards of the odd
    seats (East, West) and of the last two (South, West) each packed to the cards left
    and spread to every other bit (:data:`_PACKED`, the low seven ranks and the high
    six).

    >>> bin(_pack(0b1000, 0b0101, 0, 0b10))  # N, E, W, E: 0, 1, 3, 1
    '0b100011101'
    """
    held = north | east | south | west
    low = held & 0x7F
    at_low = low << 7
    at_high = (held >> 7) << 7
    shift = 2 * COUNTS[low]
    odd = east | west
    last = south | west
    return (
        1 << 2 * COUNTS[held]
        | _PACKED[at_low | odd & 0x7F]
        | _PACKED[at_high | odd >> 7] << shift
        | (_PACKED[at_low | last & 0x7F] | _PACKED[at_high | last >> 7] << shift) << 1
    )


def _packed_table() -> list[int]:
    """Seven ranks' cards packed to the ranks held, a bit every other bit, at ``held << 7 | cards``.

    The ``i``-th lowest rank held gives bit ``2 * i``: the lowest keeps its card in
    bit 0, the ranks above it are those of an entry with fewer ranks held, already made.

    >>> bin(_PACKED[0b1101100 << 7 | 0b1000100])  # held 6, 5, 3, 2: the 6 and the 2
    '0b1000001'
    """
    table = [0] * (1 << 14)
    for index in range(1 << 7, 1 << 14):
        held, cards = index >> 7, index & 0x7F
        rank = (held & -held).bit_length()
        table[index] = cards >> rank - 1 & 1 | table[(held >> rank) << 7 | cards >> rank] << 2
    return table


_PACKED: Final = _packed_table()


def _runs(suit: int, ours: int, theirs: int, cards: list[int]) -> None:
    """Add to ``cards`` the highest card of each run of equivalent cards of one suit in one hand.

    Cards of one suit in one hand are equivalent when no card left in another hand (or
    played to this trick), ``theirs``, lies between them.

    >>> cards: list[int] = []
    >>> _runs(0, 0b1101, 0b10, cards)
    >>> cards
    [3, 0]
    """
    present = ours | theirs
    last = False
    while present:
        rank = present.bit_length() - 1
        if ours >> rank & 1:
            if not last:
                cards.append(13 * suit + rank)
            last = True
        else:
            last = False
        present ^= 1 << rank


def _defence(hand: int, others: int, lead: int) -> list[int]:
    """A defender's legal cards, one of each run of equivalent cards (the highest)."""
    cards: list[int] = []
    if lead >= 0:
        shift = 13 * lead
        ours = hand >> shift & 0x1FFF
        if ours:
            _runs(lead, ours, others >> shift & 0x1FFF, cards)
            return cards
    for suit in range(4):
        ours = hand >> 13 * suit & 0x1FFF
        if ours:
            _runs(suit, ours, others >> 13 * suit & 0x1FFF, cards)
    return cards


def _without(hands: tuple[int, ...], seat: int, hand: int) -> tuple[int, ...]:
    """``hands`` with ``seat``'s hand now ``hand`` (a card played from it).

    The other hands are taken as they are (compiled, as objects: not unboxed and boxed
    again).

    >>> _without((1, 2, 3, 4), 2, 0)
    (1, 2, 0, 4)
    """
    held = cast(tuple[Any, ...], hands)
    if seat == 0:
        return cast(tuple[int, ...], (hand, held[1], held[2], held[3]))
    if seat == 1:
        return cast(tuple[int, ...], (held[0], hand, held[2], held[3]))
    if seat == 2:
        return cast(tuple[int, ...], (held[0], held[1], hand, held[3]))
    return cast(tuple[int, ...], (held[0], held[1], held[2], hand))


def _then(trick: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The trick in progress with ``card`` played to it, built at once (no list between).

    >>> _then((12, 11), 10)
    (12, 11, 10)
    """
    count = len(trick)
    if count == 0:
        return (card,)
    if count == 1:
        return (trick[0], card)
    if count == 2:
        return (trick[0], trick[1], card)
    return (trick[0], trick[1], trick[2], card)


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
        memory: _Memory,
        limit: int,
        free: int = -1,
        majors: int = 0,
        minors: int = 0,
    ) -> None:
        self.trump = -1 if trump is None else int(trump)
        self.trump_mask = 0 if trump is None else _SUIT_MASKS[trump]
        self.side = side
        self.steps = steps
        self.best = best
        self.from_top = from_top
        self.aware = aware
        self.memory = memory
        self.limit = limit
        self.nodes = 0
        # Where the search for the fewest keeps the lines through the positions it has
        # reached (see fewest): none until it starts.
        self.milestone = limit + 1
        # The work at which the search next stops to look outside (see HEARTBEAT).
        self.pause = min(limit, HEARTBEAT)
        self.cancelled: Callable[[int], bool] = never_cancelled
        self.least_found = 0
        # A normal line the search for the fewest found before its budget ran out.
        self.found: tuple[int, list[tuple[int, int]]] | None = None
        # Whether the search stopped holding the most positions it may (POSITIONS for
        # the search for the fewest, REMEMBERED for the search of the line as stated).
        self.memory_full = False
        self.proven = 0
        self.trump_suit = trump
        # A double-dummy solver bounds the line as stated from above (see check_claim).
        self.solver: Callable[[Position], int] | None = None
        # The positions solved (or bounded as well at the start), and whether the target
        # searched is the ceiling, where a solve may cut a line (see value).
        self.solved: set[_Key] = set()
        self.tight = True
        # Whether a 70E1 exception decided a choice of the claimer's side.
        self.e1 = False
        # The suits each defender showed out of before the claim (70E1), as step bits.
        self.start = 0
        for seat, suit in shown:
            if seat & 1 != side:
                self.start |= 1 << (8 + 4 * seat + suit)
        # The penalty cards still to be played (Laws 50C, 50D1): a hand holding one
        # plays only what they leave it (see _obliged).
        self.majors = majors
        self.minors = minors
        self.penalties = majors | minors
        # A penalty card is equivalent to no other card: with one, the cards are the key.
        self.by_card = bool(self.penalties) or any(step.kind == "finesse" for step in steps)
        # The cards the statement finesses, in its order, and the suits it ruffs, as bits:
        # what following suit asks of the steps (see _follows).
        self.finesses = [
            step.card.index for step in steps if step.kind == "finesse" and step.card is not None
        ]
        self.ruffs = 0
        for step in steps:
            if step.kind == "ruff" and step.suit is not None:
                self.ruffs |= 1 << step.suit
        # 70D2: the partner of a defender who claims is bound by no statement; any
        # normal choice of his may be the one the claim depends on.
        self.free = free
        # Whether the searches use the normal line's floor (bounds.floor) or only the
        # sure trump tricks (the search as it was, the reference of the tests).
        self.bounded = True
        # Whether the claimer's side leads only the top card of a suit (70E2's default
        # and no step of the statement that leads low): see bounds.cashed_run.
        self.tops = from_top and not any(step.kind in ("finesse", "ruff") for step in steps)

    def value(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        low: int = 0,
        high: int | None = None,
    ) -> int:
        """The claimer side's tricks from here, from ``low`` to ``high``.

        ``low`` is a bound from below (the fewest on a normal line: the line as stated
        is one), ``high`` one from above (double dummy). Each target tried is a search
        for a yes or no, and the answer needs two of them, the target met and the one
        above it missed; the others are extra work. The targets are tried where the
        answer usually is: first one above ``low`` (at 12-13 cards the line as stated
        often makes only the fewest, and that search, a no, then ends the check), then
        ``high`` (the answer where the statement loses nothing to double dummy), then
        halfway between the highest met and the lowest missed. Every search leaves in
        the shared memory what it proved of the positions it reached, for the next.
        The answer is the same whatever the order: ``reaches`` holds for every target up
        to the answer and for none above (:attr:`proven` is the highest met so far, what
        a check out of its budget reports). Measured against the top-down order of
        before on the benchmark's claims: as many checks determined or more at every
        size, and an undetermined one often shows one trick more made as stated.
        """
        if high is None:
            high = hands[(leader + len(trick)) % 4].bit_count()
        self.proven = low
        if not trick:
            # The position itself is bounded by ``high`` (its own solve, when it had
            # one): not solved again.
            key = self._key(hands, leader, self.start)
            entry = self.memory.setdefault(key, [0, 0, high])
            entry[2] = min(entry[2], high)
            self.solved.add(key)
        top = high
        tried = 0
        while self.proven < high:
            target = self._target(self.proven, high, tried)
            # A position reached is solved only in the search for the ceiling itself:
            # below it, a solve never cut a line (see SOLVED_CLAIMS_FROM).
            self.tight = target == top
            if self.reaches(hands, leader, trick, self.start, target):
                self.proven = target
            else:
                high = target - 1
            tried += 1
        return self.proven

    @staticmethod
    def _target(low: int, high: int, tried: int) -> int:
        """The target :meth:`value` tries next, ``low`` met and ``high`` not missed.

        >>> [_Search._target(2, 7, tried) for tried in range(3)]
        [3, 7, 5]
        """
        if tried == 0:
            return low + 1
        if tried == 1:
            return high
        return (low + high + 1) // 2

    def fewest(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        upper: tuple[int, list[tuple[int, int]]] | None = None,
    ) -> tuple[int, list[tuple[int, int]]]:
        """The fewest tricks the claimer's side makes over the lines searched, and one line.

        Only for the normal-line search, where every seat plays against the claimer's
        side: the least is a shortest path from trick to trick, a trick the claimer's
        side wins costing one. Positions at the start of a trick are taken cheapest
        first (by the tricks won so far plus the floor of the tricks still to come,
        :func:`arbitro.analysis.claims.bounds.floor`, a bound that never overestimates;
        the sure trump tricks alone when not ``bounded``), each once up to equivalent
        cards; the first position with
        no card left ends the search with the least and the line that reached it.

        ``upper``, a normal line already found and its tricks (see :meth:`dive`), ends
        the search as soon as every position left is bound to make at least as many:
        that line is then one that makes the fewest.

        A position taken in the bucket of its own tricks (its floor 0) is expanded in
        two parts (:data:`PARTIAL`): now only the tricks the defence wins, each of its
        children in this bucket or later; the tricks the claimer's side wins cost one
        more, so their children belong to the next bucket at least, and the position
        waits there to complete them (:meth:`_tricks` with ``want``). Every child is
        still queued no later than its bucket, so the buckets are taken in the same
        order and the fewest is the same; the last bucket, where the search stops,
        completes only the tricks that can stay in it. A position with tricks still to
        win before its bucket is expanded in two parts too when the tricks the claimer's
        side wins with no trump of its own cost more than the bucket (:data:`KEPT`):
        their positions keep the floor's trump tricks (no trump is played to them).
        When the budget runs out, the best of the lines through the deepest position
        taken, through positions taken along the way (:data:`SAMPLE_EVERY`) and, taken
        in order (:data:`ORDER`), through the position being taken, the most promising
        left (:meth:`_completed`), is kept in ``found``, a normal line that may make
        fewer than ``upper``. A check searching further (a budget above :data:`BUDGET`) keeps
        them also where a check of the usual budget stops, and one searching thoroughly
        where a search further stops too (:func:`_next_milestone`), the search being the
        same up to there: its line is never worse than the ones those checks gave, and
        its range never wider (:meth:`_keep_lines`).

        Within a bucket the positions are taken most promising first (:data:`ORDER`,
        :func:`_promise`; the last queued first without it): in the last bucket, where
        the fewest is already proved and only a line making it is missing, that order
        decides how soon one is found. It is an order only: the fewest is proved by
        exhausting the buckets below it, whatever the order within them, and the line
        returned is one that reaches the end with that many tricks, so any order (as
        any ``upper`` line) gives the same fewest. The line may be another one making
        as few.

        What it found is left in the memory shared with the search of the line as
        stated: a position reached after ``g`` tricks of the claimer's side makes at
        least ``least - g`` more on every normal line.
        """
        bound = 15 if upper is None else upper[0]
        known: dict[_Key, int] = {}
        came: dict[_Key, tuple[_Key | None, int, tuple[int, ...]]] = {}
        queue: list[list[tuple[int, int, int, tuple[int, ...], int, int, _Key, int]]] = [
            [] for _ in range(15)
        ]
        now = [0]
        order = [0]
        ordered = ORDER
        trump = self.trump_mask
        suit = self.trump
        bounded = self.bounded
        tops = self.tops
        free = self.free
        side = self.side

        def push(
            tricks: int,
            after: tuple[int, ...],
            winner: int,
            step: int,
            parent: _Key | None,
            leader: int,
            cards: tuple[int, ...],
        ) -> None:
            key = self._key(after, winner, step)
            before = known.get(key)
            if before is not None and before <= tricks:
                return
            known[key] = tricks
            came[key] = (parent, leader, cards)
            if bounded:
                sure = floor(after, winner, side, suit, tops and winner != free, free)
            elif trump:
                ours = after[side] & trump, after[side + 2] & trump
                sure = sure_trumps(ours, (after[1 - side] | after[3 - side]) & trump)
            else:
                sure = 0
            # Never below the bucket being taken: a line through this position passes
            # through the position just expanded, bound to make at least that many.
            cost = max(tricks + sure, now[0])
            if cost < bound:
                order[0] -= 1
                rank = _promise(tricks, after, winner, side) if ordered else 0
                entry = (rank, order[0], tricks, after, winner, step, key, -1)
                if cost == now[0]:
                    heappush(queue[cost], entry)
                else:
                    queue[cost].append(entry)

        try:
            completions: list[_Completion] = []
            if trick:
                self._tricks(hands, leader, trick, self.start, completions)
                for cards, after, winner, step, won in completions:
                    push(won, after, winner, step, None, leader, cards)
            else:
                push(0, hands, leader, self.start, None, leader, ())
            limit = self.limit
            # Searching further (a budget above BUDGET), the lines are kept first where a
            # check of the usual budget stops, the same positions reached: searching further
            # never gives a worse line than that check; searching thoroughly, where a search
            # further stops too; then where this one stops (see _next_milestone).
            self.milestone = _next_milestone(-1, limit)
            self.pause = min(self.pause, self.milestone)
            partial = PARTIAL
            kept = KEPT
            # The trump tricks the floor counts (bounds.counted): placed_trumps where it
            # takes them for every hand after every trick, sure_trumps otherwise.
            placed = bounded and tops and free < 0
            # Positions taken along the way, every SAMPLE_EVERY looks outside: when the
            # budget runs out, lines through them are normal lines found (see _keep_lines).
            looks = 0
            sampled: list[tuple[int, int, tuple[int, ...], int, int, _Key | None]] = []
            # The position reached with the fewest cards left: when the budget runs out, a
            # line through it is a normal line found (see _completed).
            deepest: tuple[int, int, tuple[int, ...], int, int, _Key | None] = (
                14,
                0,
                hands,
                leader,
                self.start,
                None,
            )
            for least, bucket in enumerate(queue):
                self.least_found = now[0] = least
                if upper is not None and least >= bound:
                    self._remember(known, bound)
                    return upper
                heapify(bucket)
                while bucket:
                    rank, _, tricks, hands, leader, step, key, want = heappop(bucket)
                    if known[key] < tricks:
                        continue
                    if not hands[leader]:
                        self._remember(known, tricks)
                        return tricks, self._path(came, key, len(trick))
                    left = count_cards(hands[leader])
                    if left < deepest[0]:
                        deepest = (left, tricks, hands, leader, step, key)
                    if self.nodes >= self.pause:
                        # Holding the most positions it may, the search stops as at the end
                        # of its budget (see POSITIONS).
                        full = len(known) >= POSITIONS
                        if self.nodes >= self.milestone or full:
                            # Where a check of the usual budget or searching further
                            # stops (see milestone) or this one does: the lines through the
                            # positions it would give.
                            self.milestone = _next_milestone(self.milestone, limit)
                            taken = (left, tricks, hands, leader, step, key)
                            self._keep_lines(came, deepest, taken if ordered else None, len(trick))
                            for reached in sampled:
                                self._keep_lines(came, reached, None, len(trick))
                        if self.nodes >= limit or full:
                            self.memory_full = full
                            raise _OutOfBudgetError
                        self._look_outside(len(known), POSITIONS)
                        looks += 1
                        if SAMPLE_EVERY and looks % SAMPLE_EVERY == 0:
                            sampled.append((left, tricks, hands, leader, step, key))
                            if len(sampled) > SAMPLES:
                                del sampled[0]
                    if want < 0 and partial and tricks >= least:
                        # Partial expansion: a trick the claimer's side wins costs one, so
                        # its completions are due only in the next bucket; this position
                        # waits there for them, and only the tricks the defence wins are
                        # completed now.
                        want = 0
                        if least + 1 < bound:
                            order[0] -= 1
                            waiting = (rank, order[0], tricks, hands, leader, step, key, 1)
                            queue[least + 1].append(waiting)
                    elif want < 0 and kept and tricks < least and suit >= 0:
                        # A trick the claimer's side wins with no trump of its own leaves
                        # every trump where it was: the position after it keeps the trump
                        # tricks of the floor and costs one more. When that is beyond this
                        # bucket, those tricks are due only later, where this position
                        # waits to complete them (KEPT).
                        later = tricks + 1 + trump_tricks(hands, side, suit, placed)
                        if later > least:
                            want = 3
                            if later < bound:
                                order[0] -= 1
                                waiting = (rank, order[0], tricks, hands, leader, step, key, 2)
                                queue[later].append(waiting)
                    completions = []
                    self._tricks(hands, leader, (), step, completions, want)
                    self.nodes += len(completions)
                    for cards, after, winner, after_step, won in completions:
                        push(tricks + won, after, winner, after_step, key, leader, cards)
            raise AssertionError("every line ends")  # pragma: no cover
        finally:
            # Emptied in Python code: the other threads are not kept waiting.
            release([known, came, *queue])

    def _look_outside(self, held: int = 0, most: int = 1) -> None:
        """Ask whether the check is still wanted (see :data:`HEARTBEAT`); the next pause.

        It tells how far the search has come, of its budget: the work done, or, when the
        memory is nearer its guard (``held`` entries of ``most``, :data:`POSITIONS` or
        :data:`REMEMBERED`; none held by default) than the work is to the budget, that
        share of the budget. The search stops at whichever of the two it reaches first,
        so a progress bar fills towards that one.
        """
        done = self.nodes
        if held * self.limit > done * most:
            done = held * self.limit // most
        if self.cancelled(done):
            raise ClaimCheckCancelledError
        self.pause = min(self.limit, self.nodes + HEARTBEAT, self.milestone)

    def _keep_lines(
        self,
        came: dict[_Key, tuple[_Key | None, int, tuple[int, ...]]],
        deepest: tuple[int, int, tuple[int, ...], int, int, _Key | None],
        taken: tuple[int, int, tuple[int, ...], int, int, _Key | None] | None,
        skip: int,
    ) -> None:
        """Keep in ``found`` the best of it and the lines through ``deepest`` and ``taken``.

        The positions :meth:`fewest` has reached with the fewest cards left and is
        taking (the most promising left, in order; None otherwise) when it stops: lines
        through them are normal lines, perhaps making fewer tricks than any found before
        (see :meth:`_completed`).
        """
        for reached in (deepest, taken):
            if reached is None or reached[5] is None:
                continue
            line = self._completed(came, reached, skip)
            if self.found is None or line[0] < self.found[0]:
                self.found = line

    def _completed(
        self,
        came: dict[_Key, tuple[_Key | None, int, tuple[int, ...]]],
        reached: tuple[int, int, tuple[int, ...], int, int, _Key | None],
        skip: int,
    ) -> tuple[int, list[tuple[int, int]]]:
        """A normal line through the position ``reached``, and its tricks.

        The search's way there, then the line :meth:`beam` finds from it (its cards
        counted against the budget, past it: the search has stopped).
        """
        _, tricks, hands, leader, step, key = reached
        start = self.start
        self.start = step
        try:
            more, rest = self.beam(hands, leader, (), max(WIDTH, 1))
        finally:
            self.start = start
        return tricks + more, self._path(came, key, skip) + rest

    def _remember(self, known: dict[_Key, int], least: int) -> None:
        """Leave in the shared memory what :meth:`fewest` found, the fewest being ``least``.

        A position reached after ``g`` tricks of the claimer's side makes at least
        ``least - g`` more on every normal line: a line making fewer from it would make
        fewer than ``least`` in all. A million positions and more when searching further:
        a look outside every :data:`HEARTBEAT` of them, as in the search.
        """
        memory = self.memory
        look = HEARTBEAT
        for reached, before in known.items():
            look -= 1
            if not look:
                look = HEARTBEAT
                if self.cancelled(self.nodes):
                    raise ClaimCheckCancelledError
            entry = memory.get(reached)
            if entry is None:
                memory[reached] = [least - before, 0, 13]
            elif entry[0] < least - before:
                entry[0] = least - before

    @staticmethod
    def _path(
        came: dict[_Key, tuple[_Key | None, int, tuple[int, ...]]], key: _Key | None, skip: int
    ) -> list[tuple[int, int]]:
        """The cards from the start to ``key``, by seat (``skip``: those played before)."""
        parts: list[list[tuple[int, int]]] = []
        while key is not None:
            key, leader, cards = came[key]
            parts.append([((leader + offset) % 4, card) for offset, card in enumerate(cards)])
        line = [play for part in reversed(parts) for play in part]
        return line[skip:]

    def dive(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...]
    ) -> tuple[int, list[tuple[int, int]]]:
        """One normal line, the claimer's side losing each trick it can: when time is out.

        >>> search = _Search(None, 0, (), False, True, False, frozenset(), {}, 0)
        >>> search.dive((1 << 12, 1 << 11, 1 << 10, 1 << 9), 0, ())
        (1, [(0, 12), (1, 11), (2, 10), (3, 9)])
        """
        line: list[tuple[int, int]] = []
        tricks = 0
        step = self.start
        while hands[(leader + len(trick)) % 4]:
            completions: list[_Completion] = []
            self._tricks(hands, leader, trick, step, completions)
            cards, hands, winner, step, won = min(completions, key=_won)
            line.extend(
                ((leader + offset) % 4, card)
                for offset, card in enumerate(cards[len(trick) :], start=len(trick))
            )
            tricks += won
            leader, trick = winner, ()
        return tricks, line

    def beam(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], width: int
    ) -> tuple[int, list[tuple[int, int]]]:
        """A normal line making few tricks: the ``width`` most promising lines, trick by trick.

        Each trick, every way to finish it from each line kept is tried (each counted
        against the budget, at most ``width`` lines a trick), and the lines kept are
        those with the fewest tricks so far plus the normal line's floor of the tricks
        to come (:func:`arbitro.analysis.claims.bounds.floor`; the sure trump tricks
        when not ``bounded``), then the most cards the defence holds above the claimer
        side's best in each suit (tricks it may still take). Positions equal up to
        equivalent cards are kept once.

        >>> search = _Search(None, 0, (), False, True, False, frozenset(), {}, 0)
        >>> search.beam((1 << 12 | 1 << 0, 1 << 11 | 1 << 1, 1 << 10 | 1 << 2, 1 << 9 | 1 << 3), 0, (), 4)
        (1, [(0, 12), (1, 1), (2, 10), (3, 9), (0, 0), (1, 11), (2, 2), (3, 3)])
        """
        side = self.side
        trump = self.trump_mask
        tops = self.tops
        free = self.free
        lines: list[_Line] = [(0, hands, leader, self.start, [])]
        first = trick
        while lines[0][1][(lines[0][2] + len(first)) % 4]:
            if self.nodes >= self.pause:
                # Past the budget too (see BUDGET): a look outside each trick.
                self._look_outside()
            kept: dict[_Key, tuple[tuple[int, int], _Line]] = {}
            for tricks, now, lead, step, line in lines:
                completions: list[_Completion] = []
                self._tricks(now, lead, first, step, completions)
                for cards, after, winner, reached, won in completions:
                    key = self._key(after, winner, reached)
                    total = tricks + won
                    known = kept.get(key)
                    if known is not None and known[1][0] <= total:
                        continue
                    ours = after[side] | after[side + 2]
                    theirs = after[1 - side] | after[3 - side]
                    if self.bounded:
                        sure = floor(after, winner, side, self.trump, tops and winner != free, free)
                    elif trump:
                        ours_trumps = after[side] & trump, after[side + 2] & trump
                        sure = sure_trumps(ours_trumps, theirs & trump)
                    else:
                        sure = 0
                    played = [
                        ((lead + offset) % 4, card)
                        for offset, card in enumerate(cards[len(first) :], start=len(first))
                    ]
                    kept[key] = (
                        (total + sure, -_above(theirs, ours)),
                        (total, after, winner, reached, line + played),
                    )
            first = ()
            ranked = sorted(kept.values(), key=_rank)
            lines = [entry[1] for entry in ranked[:width]]
        best = min(lines, key=_tricks_so_far)
        return best[0], best[4]

    def _tricks(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        step: int,
        out: list[_Completion],
        want: int = -1,
    ) -> None:
        """Add to ``out`` every way the trick in progress can be completed.

        Each as the trick's cards, the hands after, the winner, the step of the
        statement reached and whether the claimer's side won it. ``want`` 0 or 1: only
        the completions the claimer's side loses (0) or wins (1); a trick in progress
        whose winning side is already settled the other way is not completed
        (:meth:`_settled`), so its cards are not tried. ``want`` 2: only the tricks the
        claimer's side wins without a trump of its own (:data:`KEPT`; its trumps are not
        tried); 3: all the others (a trick in progress that the claimer's side surely
        takes with no trump, :meth:`_plain_taken`, is not completed).
        """
        count = len(trick)
        if want >= 0 and count:
            if want == 3:
                if self._plain_taken(hands, leader, trick):
                    return
            elif self._settled(hands, leader, trick, 1 if want == 2 else want):
                return
        seat = (leader + count) % 4
        step, cards = self._options(hands, seat, trick, step)
        if want == 2 and seat & 1 == self.side:
            cards = [index for index in cards if index // 13 != self.trump]
        self.nodes += len(cards)
        hand = hands[seat]
        # A defender void in the suit led shows out (70E1): the claimer sees it.
        shows = count and seat & 1 != self.side and not hand & _SUIT_MASKS[trick[0] // 13]
        if count == 3:
            trump, side = self.trump, self.side
            # The card winning the first three, once a trick: the last card beats it or not.
            winning = _winner(trick, trump)
            top = trick[winning]
            ruffed = want >= 2 and self._ruffed(leader, trick)
            for index in cards:
                winner = (leader + (3 if _beats(index, top, trump) else winning)) % 4
                won = winner & 1 == side
                if want >= 2:
                    plain = won and not ruffed and not (seat & 1 == side and index // 13 == trump)
                    keep = plain == (want == 2)
                else:
                    keep = want < 0 or won == (want == 1)
                if keep:
                    after = _without(hands, seat, hand & ~(1 << index))
                    reached = self._shows(hands, seat, trick, index, step) if shows else step
                    out.append((_then(trick, index), after, winner, reached, won))
            return
        for index in cards:
            after = _without(hands, seat, hand & ~(1 << index))
            reached = self._shows(hands, seat, trick, index, step) if shows else step
            self._tricks(after, leader, _then(trick, index), reached, out, want)

    def _ruffed(self, leader: int, trick: tuple[int, ...]) -> bool:
        """Whether a hand of the claimer's side has played a trump to the trick in progress."""
        for offset in range(len(trick)):
            if (leader + offset) & 1 == self.side and trick[offset] // 13 == self.trump:
                return True
        return False

    def _plain_taken(self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> bool:
        """Whether the claimer's side surely takes the trick in progress with no trump of its own.

        A plain suit led, no trump of the claimer's side played, each of its hands still
        to play holding the suit led (it follows suit, Law 44C: no trump), and the trick
        surely its (:meth:`_settled` with ``want`` 0, which :meth:`_taken` joins): every
        completion is one :data:`KEPT` leaves for later (``want`` 2).
        """
        lead = trick[0] // 13
        if lead == self.trump or self._ruffed(leader, trick):
            return False
        follow = _SUIT_MASKS[lead]
        for offset in range(len(trick), 4):
            seat = (leader + offset) % 4
            if seat & 1 == self.side and not hands[seat] & follow:
                return False
        return self._settled(hands, leader, trick, 0)

    def _settled(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], want: int
    ) -> bool:
        """Whether the trick in progress surely goes to the side ``want`` does not ask for.

        ``want`` 0: the claimer's side is winning it and no defender still to play holds a
        card that beats the winning card; 1: the defence is winning it and no hand of the
        claimer's side still to play holds one. A card beats it by following higher in
        its suit, or, void in the suit led, by ruffing (higher, if it is a trump); the
        cards of the winning side still to play only raise the card to beat. Any legal
        card counts, whatever the normal line chooses: settled is then sure. With
        :data:`TAKEN`, ``want`` 0 also when a hand of the claimer's side still to play
        surely takes the trick on the normal line (:meth:`_taken`).
        """
        winning = _winner(trick, self.trump)
        top = trick[winning]
        if want == 0 and TAKEN and self._taken(hands, leader, trick, top):
            return True
        if ((leader + winning) & 1 == self.side) != (want == 0):
            return False
        lead = trick[0] // 13
        follow = _SUIT_MASKS[lead]
        trumps = self.trump_mask
        for offset in range(len(trick), 4):
            seat = (leader + offset) % 4
            if (seat & 1 == self.side) == (want == 0):
                continue
            hand = hands[seat]
            if hand & follow:
                if top // 13 == lead and (hand & follow) >> (top + 1):
                    return False
            elif hand & trumps and (top // 13 != self.trump or (hand & trumps) >> (top + 1)):
                return False
        return True

    def _taken(self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], top: int) -> bool:
        """Whether the claimer's side surely wins the trick in progress on the normal line.

        ``top`` is the card winning it so far. Whatever the defence plays (any legal card),
        by the normal line's rules (70: following suit when an opponent's card wins the
        trick, a hand plays a card that beats it if it holds one; void, it ruffs with its
        lowest trump that wins; :meth:`_follows`):

        * the hand of the claimer's side that plays last holds a card of the suit led
          above ``top`` and above every card of it the defenders still to play hold, and
          none of them can ruff (each holds the suit led, or no trump): whatever they and
          its partner play, the card winning the trick when the hand plays is its
          partner's, or one it beats with any card it may choose (the lowest that beats
          it or its top);
        * or that hand is void in the plain suit led and holds a trump, none of the
          defenders still to play can ruff, and ``top`` is a card of the suit led, its
          partner's ruff, or a defender's ruff below one of its trumps: it ruffs a
          defender's winning card with its lowest trump that wins, and any card it
          plays to its partner's leaves the trick its side's;
        * or, one card played, the hand of the claimer's side that plays second beats the
          card led with each card it may choose (following, the lowest above it or its
          top; void in a plain suit, it ruffs with its lowest trump), and the leader's
          partner, third, can beat none of them (he holds no card of the suit led above
          it, and may not ruff above it); the fourth hand is its partner.

        Not for a defending claimer's free partner (70D2), nor a hand holding a penalty
        card (Laws 50C and 50D1 may bind its choice). The tricks the defence wins are then
        none: :meth:`_settled` cuts the trick there, its cards not tried.

        West led the ♣8; South, last, holds the ♣A, East the ♣7 or the ♣K over South's ♣Q:

        >>> search = _Search(None, 0, (), False, True, False, frozenset(), {}, 0)
        >>> hands = (1 << 1, 1 << 5, 1 << 12, 1 << 3 | 1 << 14)
        >>> search._taken(hands, 3, (6,), 6), search._taken((1 << 1, 1 << 11, 1 << 10, 1 << 3), 3, (6,), 6)
        (True, False)
        """
        lead = trick[0] // 13
        follow = _SUIT_MASKS[lead]
        trumps = self.trump_mask
        count = len(trick)
        last = (leader + 3) % 4
        mine = hands[last] & follow
        ruffs = hands[last] & trumps
        if last & 1 == self.side and last != self.free and not hands[last] & self.penalties:
            if top // 13 == lead and mine >> (top + 1):
                # following, it beats the card winning the trick and any the defence adds
                high = _top(mine)
            elif (
                not mine
                and ruffs
                and (
                    top // 13 == lead
                    or (leader + trick.index(top)) & 1 == self.side
                    or ruffs >> (top + 1)
                )
            ):
                # void, it ruffs with its lowest trump that wins (over a defender's ruff
                # too), or its partner's ruff wins: any card of the suit led loses
                high = 13 * lead + 12
            else:
                high = -1
            if high >= 0:
                for offset in range(count, 3):
                    seat = (leader + offset) % 4
                    if seat & 1 == self.side:
                        continue
                    held = hands[seat] & follow
                    if held >> (high + 1) or (not held and hands[seat] & trumps):
                        break
                else:
                    return True
        if count != 1:
            return False
        second = (leader + 1) % 4
        if second & 1 != self.side or second == self.free or hands[second] & self.penalties:
            return False
        third = hands[(leader + 2) % 4]
        theirs = third & follow
        mine = hands[second] & follow
        if mine:
            beats = mine >> (top + 1) << (top + 1)
            if not beats or theirs >> (_low(beats) + 1):
                return False
            # the leader's partner follows, or holds no trump to ruff with
            return bool(theirs) or not third & trumps or lead == self.trump
        ruffs = hands[second] & trumps
        if lead == self.trump or not ruffs:
            return False
        # its lowest trump ruffs: the leader's partner follows, or holds no trump above it
        return bool(theirs) or not (third & trumps) >> (_low(ruffs) + 1)

    def reaches(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], step: int, target: int
    ) -> bool:
        """Whether the claimer's side makes at least ``target`` more tricks from here."""
        if target <= 0:
            return True
        if not trick:
            return self._reaches_from(hands, leader, step, target)
        if len(trick) == 4:
            winner = (leader + _winner(trick, self.trump)) % 4
            return self.reaches(hands, winner, (), step, target - (winner & 1 == self.side))
        if target > count_cards(hands[(leader + len(trick)) % 4]):
            return False
        return self._plays(hands, leader, trick, step, target)

    def _reaches_from(self, hands: tuple[int, ...], leader: int, step: int, target: int) -> bool:
        """:meth:`reaches` at the start of a trick, where what is found is remembered.

        The memory is shared with the normal-line search: the fewest tricks every normal
        line makes from a position bound the line as stated from below.
        """
        left = count_cards(hands[leader])
        if target > left:
            return False
        key = self._key(hands, leader, step)
        entry = self.memory.get(key)
        if entry is None:
            entry = self.memory[key] = [0, 0, left]
        if entry[0] >= target or entry[1] >= target:
            return True
        if entry[2] < target:
            return False
        if (
            self.solver is not None
            and self.tight
            and left >= DOUBLE_DUMMY_FROM
            and key not in self.solved
        ):
            self.solved.add(key)
            # The claimer's side never makes more than double dummy (best play by all).
            self.nodes += SOLVE_COST[left]
            entry[2] = min(entry[2], self._double_dummy(hands, leader))
            if entry[2] < target:
                return False
        tops = self.tops and leader != self.free
        if self.bounded and floor(hands, leader, self.side, self.trump, tops, self.free) >= target:
            # Every normal line of this search makes as many, and this line is one.
            entry[1] = target
            return True
        if self.trump_mask:
            # The tricks each side's trumps surely win bound both sides' tricks.
            sure, lost = self._trump_tricks(hands)
            if sure >= target:
                entry[1] = target
                return True
            if target > left - lost:
                entry[2] = target - 1
                return False
        # Sure tricks of the side on lead (a run of winners it can cash) bound the rest.
        if leader & 1 == self.side:
            if (
                self.best
                and not self.steps
                and not self.aware
                and self._cashable(hands, leader) >= target
            ):
                entry[1] = target
                return True
        elif target > left - self._cashable(hands, leader):
            entry[2] = target - 1
            return False
        result = self._plays(hands, leader, (), step, target)
        if result:
            entry[1] = max(entry[1], target)
        else:
            entry[2] = min(entry[2], target - 1)
        return result

    def _plays(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], step: int, target: int
    ) -> bool:
        """:meth:`reaches` over the cards the seat to play may choose (``target`` > 0)."""
        count = len(trick)
        seat = (leader + count) % 4
        shows = False
        if seat & 1 != self.side:
            cards = self._defends(hands, seat, trick)
            either = False
            if count:
                shows = not hands[seat] & _SUIT_MASKS[trick[0] // 13]
                if len(cards) > 1:
                    cards = self._defence_order(cards, leader, trick)
        else:
            step, cards = self._options(hands, seat, trick, step)
            either = self.best
        if self.nodes >= self.pause:
            held = len(self.memory)
            full = held >= REMEMBERED  # see REMEMBERED
            if self.nodes >= self.limit or full:
                self.memory_full = full
                raise _OutOfBudgetError
            self._look_outside(held, REMEMBERED)
        self.nodes += len(cards)
        hand = hands[seat]
        if count == 3:
            # The card winning the first three, once a trick: the last card beats it or not.
            winning = _winner(trick, self.trump)
            top = trick[winning]
        for index in cards:
            after = _without(hands, seat, hand & ~(1 << index))
            reached = self._shows(hands, seat, trick, index, step) if shows else step
            if count == 3:
                winner = (leader + (3 if _beats(index, top, self.trump) else winning)) % 4
                rest = target - (winner & 1 == self.side)
                found = rest <= 0 or self._reaches_from(after, winner, reached, rest)
            else:
                found = self._plays(after, leader, _then(trick, index), reached, target)
            if found is either:
                return either
        return not either

    def one_more(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], least: int, limit: int
    ) -> tuple[int, list[tuple[int, int]]] | None:
        """Whether every line of this search makes ``least + 1`` tricks, within ``limit`` of work.

        For the normal-line search (not ``best``: every seat's choices are tried, and
        :meth:`reaches` holds when every line makes the target), ``least`` being the
        fewest every normal line was shown to make. A yes: None, :attr:`proven` one
        trick more. A no: a line making only ``least`` (at each turn a card after which
        some line misses the target, every such step asking again what the search has
        mostly remembered, within :data:`ONE_MORE` more work) and its tricks. Out of
        ``limit``: None, :attr:`proven` ``least``.
        """
        self.proven = least
        self.limit = limit
        self.pause = min(limit, self.nodes + HEARTBEAT)
        self.tight = False
        target = least + 1
        step = self.start
        try:
            if self.reaches(hands, leader, trick, step, target):
                self.proven = target
                return None
        except _OutOfBudgetError:
            return None
        # The line, past the budget as the lines of _completed: most of what each step
        # asks is remembered.
        self.limit = self.nodes + ONE_MORE
        self.pause = min(self.limit, self.nodes + HEARTBEAT)
        line: list[tuple[int, int]] = []
        made = 0
        try:
            while True:
                count = len(trick)
                seat = (leader + count) % 4
                if not count and not hands[seat]:
                    return made, line
                shows = False
                if seat & 1 != self.side:
                    cards = self._defends(hands, seat, trick)
                    shows = count > 0 and not hands[seat] & _SUIT_MASKS[trick[0] // 13]
                    chosen = step
                else:
                    chosen, cards = self._options(hands, seat, trick, step)
                for index in cards:
                    after = _without(hands, seat, hands[seat] & ~(1 << index))
                    reached = self._shows(hands, seat, trick, index, chosen) if shows else chosen
                    played = _then(trick, index)
                    if not self.reaches(after, leader, played, reached, target):
                        break
                else:
                    return None  # pragma: no cover - the search said no: one card holds it
                line.append((seat, index))
                hands, step, trick = after, reached, played
                if len(trick) == 4:
                    winner = (leader + _winner(trick, self.trump)) % 4
                    won = winner & 1 == self.side
                    made += won
                    target -= won
                    leader, trick = winner, ()
        except _OutOfBudgetError:
            return None

    def _double_dummy(self, hands: tuple[int, ...], leader: int) -> int:
        """The claimer side's tricks from a trick's start with best play by all (DDS)."""
        assert self.solver is not None
        position = Position(
            (Hand(hands[0]), Hand(hands[1]), Hand(hands[2]), Hand(hands[3])),
            self.trump_suit,
            _SEATS[leader],
        )
        tricks = self.solver(position)
        return tricks if leader & 1 == self.side else hands[leader].bit_count() - tricks

    def _defence_order(
        self, cards: Sequence[int], leader: int, trick: tuple[int, ...]
    ) -> list[int]:
        """A defender's cards, those that take the trick from the claimer's side first.

        The search for a defence that holds the claimer below a target finds one sooner
        when the defence wins tricks first, each with its cheapest winning card.

        No nested function here: compiled, a nested function called by another (a sort
        key) and the closure they share hold each other, a reference cycle a call that
        only the cycle collector frees, and a check pauses it (a million such cycles
        when searching further, collected at its end in a quarter of a second with the
        interpreter lock held).

        >>> search = _Search(None, 0, (), False, True, False, frozenset(), {}, 0)
        >>> search._defence_order([3, 12, 11, 10], 0, (9,))  # North led the jack
        [10, 11, 12, 3]
        """
        winning = _winner(trick, self.trump)
        if (leader + winning) & 1 != self.side:
            return sorted(cards)
        top = trick[winning]
        trump = self.trump
        ranked: list[tuple[bool, int, int]] = []
        for card in cards:
            ranked.append((not _beats(card, top, trump), card % 13, card))
        ranked.sort()
        return [entry[2] for entry in ranked]

    def _trump_tricks(self, hands: tuple[int, ...]) -> tuple[int, int]:
        """The tricks each side surely wins with its trumps, whoever plays what.

        A trick one hand ruffs or wins with a trump is lost only to a higher trump of
        the other side, a different one for each trick: of the hand's trumps from any
        one of them up, all but the other side's trumps above that one win a trick.
        """
        mask = self.trump_mask
        side = self.side
        ours = hands[side] & mask, hands[side + 2] & mask
        theirs = hands[1 - side] & mask, hands[3 - side] & mask
        return sure_trumps(ours, theirs[0] | theirs[1]), sure_trumps(theirs, ours[0] | ours[1])

    def _cashable(self, hands: tuple[int, ...], seat: int) -> int:
        """Tricks the hand on lead can surely cash, whatever anyone plays.

        In each suit, its cards above every opponent's card of the suit, when partner
        holds none of them (he could be made to overtake and block the suit), and no
        opponent can ruff (no trumps, the suit is trumps, or the opponents hold none).
        Each wins its trick and keeps the lead: the suits add up (a discard of the
        opponents only lowers their cards of the next one).
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
            best += count_cards(above)
        return best

    def _key(self, hands: tuple[int, ...], leader: int, step: int) -> _Key:
        """The position at the start of a trick as the searches remember it (:data:`_Key`).

        Its shape (:meth:`_shape`), the step (under 30 bits: the statement's step in
        the first 8, the suits shown out in the next 16) and the leader, as one number:
        a key cheaper to hash and compare than a tuple.

        >>> search = _Search(None, 0, (), False, True, False, frozenset(), {}, 0)
        >>> hands = (1 << 12, 1 << 11, 1 << 10, 1 << 9)
        >>> search._key(hands, 2, 0) == search._key((1 << 3, 1 << 2, 1 << 1, 1 << 0), 2, 0)
        True
        >>> search._key(hands, 2, 0) == search._key(hands, 1, 0)
        False
        """
        return self._shape(hands) << 32 | step << 2 | leader

    def _shape(self, hands: tuple[int, ...]) -> int:
        """The position up to equivalent cards: who holds each rank, relative to the rest.

        Two positions with the same shape have the same lines, card for equivalent card
        (a finesse step names a card: then the cards themselves are the key). One number:
        each suit's :func:`_pack`, 27 bits apart (the cards, 52 bits apart).
        """
        n, e, s, w = hands
        if self.by_card:
            return n | e << 52 | s << 104 | w << 156
        # Two suits in under 62 bits, a machine word compiled, before the one long join.
        low = _pack(n & 0x1FFF, e & 0x1FFF, s & 0x1FFF, w & 0x1FFF) | (
            _pack(n >> 13 & 0x1FFF, e >> 13 & 0x1FFF, s >> 13 & 0x1FFF, w >> 13 & 0x1FFF) << 27
        )
        high = _pack(n >> 26 & 0x1FFF, e >> 26 & 0x1FFF, s >> 26 & 0x1FFF, w >> 26 & 0x1FFF) | (
            _pack(n >> 39, e >> 39, s >> 39, w >> 39) << 27
        )
        return high << 54 | low

    def _options(
        self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...], step: int
    ) -> tuple[int, list[int]]:
        if seat & 1 != self.side:
            return step, self._defends(hands, seat, trick)
        if seat == self.free:
            return step, self._partner(hands, seat, trick, step >> 8)
        if trick:
            return step, self._follows(hands, seat, trick, step >> 8)
        index, cards = self._leads(hands, seat, step & 0xFF)
        return index | (step & ~0xFF), cards

    def _shows(
        self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...], card: int, step: int
    ) -> int:
        """``step`` with the suit led marked when a defender fails to follow to it (70E1).

        Marked only while it can matter: the claimer's side holds the suit and the other
        defender does too (a card of it may be finessed against).
        """
        lead = trick[0] // 13
        if card // 13 == lead or seat & 1 == self.side:
            return step
        bits = _SUIT_MASKS[lead]
        if not (hands[self.side] | hands[self.side + 2]) & bits or not hands[seat ^ 2] & bits:
            return step
        return step | 1 << (8 + 4 * seat + lead)

    # -- the claimer's side -------------------------------------------------------------

    def _partner(
        self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...], shown: int
    ) -> list[int]:
        """The choices of a defending claimer's partner (70D2).

        On lead, any suit, top or bottom; following, any card of the suit led (one of
        equivalent ones); void, the choices of the claimer's side.
        """
        hand = hands[seat]
        if not trick:
            cards: list[int] = []
            for suit in range(4):
                held = hand & _SUIT_MASKS[suit]
                if held:
                    cards.append(_top(held))
                    if _low(held) != _top(held):
                        cards.append(_low(held))
            return cards
        if hand & _SUIT_MASKS[trick[0] // 13]:
            return self._defends(hands, seat, trick)
        return self._follows(hands, seat, trick, shown)

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
        if self.best and len(cards) > 1:
            # Playing well: a winner first, then a suit partner wins; the search finds
            # the tricks the statement makes sooner when it tries the likely line first.
            cards.sort(
                key=lambda card: (
                    defence & _SUIT_MASKS[card // 13] >> card + 1 != 0,
                    _top(defence & _SUIT_MASKS[card // 13])
                    > _top(partner & _SUIT_MASKS[card // 13]),
                )
            )
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

    def _follows(
        self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...], shown: int
    ) -> list[int]:
        hand = hands[seat]
        lead = trick[0] // 13
        winning = _winner(trick, self.trump)
        top = trick[winning]
        partner_wins = (len(trick) - 1 - winning) % 2 == 1
        held = hand & _SUIT_MASKS[lead]
        if held:
            beats = held & ~((1 << (top + 1)) - 1) if top // 13 == lead else 0
            for card in self.finesses:
                if beats >> card & 1:
                    return [card]
            if shown and self._shown_out_behind(seat, len(trick), lead, shown):
                # 70E1: the opponent behind has shown out (before the claim or on this
                # line); the finesse is normal.
                low = _low(beats) if beats else _low(held)
                self.e1 |= low != _top(held)
                return [low]
            # An opponent's card wins the trick: the claimer wins it, low or high.
            low = _low(beats) if beats and not partner_wins else _low(held)
            high = held.bit_length() - 1
            if low == high:
                return [low]
            if self._low_loses(hands, seat, trick, low):
                # 70E1: the opponent behind holds every card of the suit out and must
                # follow; playing low into his card when the top card surely wins would
                # be irrational.
                self.e1 = True
                return [high]
            return [low, high]
        trumps = hand & self.trump_mask
        if trumps and self.ruffs >> lead & 1:
            ruff = self._ruff(trumps, top)
            return [ruff if ruff >= 0 else _low(trumps)]
        if trumps and not partner_wins:
            ruff = self._ruff(trumps, top)
            if ruff >= 0:
                return [ruff]
        cards = self._discards(hands, seat)
        if trumps and partner_wins:
            cards.append(_low(trumps))
        return cards or [_low(hand)]

    def _shown_out_behind(self, seat: int, count: int, lead: int, shown: int) -> bool:
        behind = _BEHIND[self.side][seat][count]
        return bool(behind) and all(shown >> (4 * other + lead) & 1 for other in behind)

    def _low_loses(
        self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...], low: int
    ) -> bool:
        """Whether ``low`` surely loses the trick and the highest card surely wins it.

        From what the claimer sees (70E1, irrational): when every opponent who has
        played to the trick failed to follow, the cards of the suit still out are all
        with the opponent still to play, who must follow. The highest card wins if it
        beats all of them; ``low`` loses if one of them beats it and the trick.
        """
        count = len(trick)
        lead = trick[0] // 13
        leader = (seat - count) % 4
        behind = False
        for offset in range(4):
            other = (leader + offset) % 4
            if other & 1 == self.side:
                continue
            if offset >= count:
                behind = True
            elif trick[offset] // 13 == lead:
                return False
        if not behind:
            return False
        bits = _SUIT_MASKS[lead]
        out = (hands[1 - self.side] | hands[3 - self.side]) & bits
        if not out:
            return False
        top = trick[_winner(trick, self.trump)]
        if top // 13 != lead:
            return False
        best = _top(out)
        return _top(hands[seat] & bits) > best > max(low, top)

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

    def _defends(self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...]) -> list[int]:
        hand = hands[seat]
        others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hand
        for index in trick:
            others |= 1 << index
        return _defence(hand, others, trick[0] // 13 if trick else -1)


class _Bound(_Search):
    """The search when a hand holds a penalty card: it plays only what they leave it.

    Laws 50C and 50D1 (:func:`_obliged`), for the defence and, when a defender claims,
    for his side; a hand holding one cashes no sure run (it may have to play the
    penalty card first). A search of its own, so that a position with no penalty card
    pays nothing for them.
    """

    def _options(
        self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...], step: int
    ) -> tuple[int, list[int]]:
        step, cards = super()._options(hands, seat, trick, step)
        hand = hands[seat]
        if seat & 1 == self.side and hand & self.penalties:
            # A defender who claims, his side holding a penalty card: of the choices of
            # the claimer's side, those its penalty cards allow; none left, any they allow.
            allowed = _obliged(hand, self.majors, self.minors, trick[0] // 13 if trick else -1)
            kept = [card for card in cards if allowed >> card & 1]
            others = _others(hands, seat, trick) | hand & ~allowed
            cards = kept or _choices(allowed, self.penalties, others)
        return step, cards

    def _defends(self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...]) -> list[int]:
        hand = hands[seat]
        if not hand & self.penalties:
            return super()._defends(hands, seat, trick)
        allowed = _obliged(hand, self.majors, self.minors, trick[0] // 13 if trick else -1)
        return _choices(allowed, self.penalties, _others(hands, seat, trick) | hand & ~allowed)

    def _cashable(self, hands: tuple[int, ...], seat: int) -> int:
        if hands[seat] & self.penalties:
            return 0
        return super()._cashable(hands, seat)


def _others(hands: tuple[int, ...], seat: int, trick: tuple[int, ...]) -> int:
    """The cards left in the other hands or played to the trick (between equivalent ones)."""
    others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hands[seat]
    for index in trick:
        others |= 1 << index
    return others

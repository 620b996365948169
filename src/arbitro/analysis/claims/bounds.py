"""Provable lower bounds on the tricks a normal line makes (Laws 70 and 71).

The claim checker searches every normal line for the fewest tricks the claimer's side
makes (:func:`arbitro.analysis.claims.checker.check_claim`); the search is a shortest
path from trick to trick, and a bound that never exceeds the tricks still to come lets
it set aside the positions that cannot do worse than a line already found. The bound
is also a floor for the line as stated: that line is one of the normal lines of its
own search, played well instead of carelessly.

A bound here is proved from the normal line's own rules as the checker writes them,
never from a second copy of them. On a normal line the claimer's side:

* follows suit when it can, and when void plays a trump or discards; it never discards
  a card above every defender's card of its suit while it holds a card of a plain suit
  below one (a loser first, 70: discarding an established winner would be irrational);
* leads a card of the hand on lead (any suit; a step of the statement names one of the
  hand's cards too).

What the claimer's masters are *not*: sure tricks. A hand holding only masters
discards one each time the defence leads a suit it is void in, so no bound here counts
a master that a lead of another suit could make it throw away.

Hands are card masks by seat (North first), bit ``13 * suit + rank``; ``side`` is the
claimer's side (0 North-South, 1 East-West); ``trump`` a suit or -1.
"""

from __future__ import annotations

from functools import lru_cache

SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""The cards of each suit, as a mask."""


@lru_cache(maxsize=1 << 16)
def sure_trumps(hands: tuple[int, int], theirs: int) -> int:
    """The tricks one side surely wins with its trumps, whoever plays what.

    ``hands`` are the side's two hands' trumps, ``theirs`` the other side's trumps. A
    trick one hand ruffs or wins with a trump is lost only to a higher trump of the
    other side, a different one for each trick: of the hand's trumps from any one of
    them up, all but the other side's trumps above that one win a trick.

    >>> sure_trumps((0b1100, 0), 0b0010), sure_trumps((0b0011, 0), 0b1000)
    (2, 1)
    """
    best = 0
    for trumps in hands:
        count = 0
        while trumps:
            rank = trumps.bit_length() - 1
            count += 1
            best = max(best, count - (theirs >> rank + 1).bit_count())
            trumps ^= 1 << rank
    return best


def cashed_run(hands: tuple[int, ...], leader: int, side: int, trump: int, tops: bool) -> int:
    """Tricks the claimer's hand on lead surely wins in a row, keeping the lead, on every normal line.

    A card of the hand on lead (of the claimer's ``side``) is *safe* when it is above
    every card of its suit held by a defender and by partner, and neither a defender
    nor partner can ruff it (its suit is trumps, or they hold no trump). Led, a safe
    card wins the trick and the hand keeps the lead: no defender's card beats it,
    partner's cards of the suit are lower, a void partner discards. Cards only leave
    the other hands, so a safe card stays safe.

    When every card of the hand is safe, it wins every trick left, whatever it leads.
    Otherwise, when the hand leads the top card of a suit (``tops``: the authority's
    default, 70E2, with no step of the statement that leads a low card), a careless
    line may start with the suit whose safe cards are fewest among those holding an
    unsafe card: the run is that many tricks. When it may lead low, nothing is sure.

    >>> cashed_run((0b11 << 11, 0b11, 0b1100, 0b110000), 0, 0, -1, False)
    2
    >>> hands = (0b11 << 11 | 1 << 25 | 1 << 13, 0b1111, 0b110000 | 1 << 24 | 1 << 14, 0b1111 << 6)
    >>> cashed_run(hands, 0, 0, -1, True), cashed_run(hands, 0, 0, -1, False)
    (1, 0)
    >>> cashed_run((0b11 << 11, 0b11, 1 << 13 | 0b100, 0b110000), 0, 0, 1, True)
    0
    """
    if leader & 1 != side:
        return 0
    hand = hands[leader]
    partner = hands[leader ^ 2]
    others = partner | hands[(leader + 1) % 4] | hands[(leader + 3) % 4]
    ruffers = others & SUIT_MASKS[trump] if trump >= 0 else 0
    run = hand.bit_count()
    for suit in range(4):
        held = hand & SUIT_MASKS[suit]
        if not held:
            continue
        theirs = others & SUIT_MASKS[suit]
        safe = (held >> theirs.bit_length()).bit_count() if not ruffers or suit == trump else 0
        if safe == held.bit_count():
            continue
        if not tops:
            return 0
        run = min(run, safe.bit_count())
    return run


def floor(hands: tuple[int, ...], leader: int, side: int, trump: int, tops: bool) -> int:
    """At least as many tricks as the claimer's ``side`` makes from here on every normal line.

    At the start of a trick, ``leader`` to lead: the tricks its trumps surely win
    (:func:`sure_trumps`), or the tricks the claimer's hand on lead surely wins in a
    row (:func:`cashed_run`; ``tops``: it leads the top card of a suit).

    >>> hands = (1 << 12 | 1 << 0, 1 << 11 | 1 << 10, 1 << 9 | 1 << 8, 1 << 7 | 1 << 6)
    >>> floor(hands, 0, 0, -1, True), floor(hands, 0, 0, -1, False)
    (1, 0)
    >>> floor((1 << 12 | 1 << 11, 1 << 10 | 1 << 9, 1 << 8 | 1 << 7, 1 << 6 | 1 << 5), 0, 0, -1, True)
    2
    >>> floor((1 << 12 | 1 << 11, 1 << 10 | 1 << 9, 1 << 8 | 1 << 7, 1 << 6 | 1 << 5), 1, 0, 0, True)
    2
    """
    run = cashed_run(hands, leader, side, trump, tops)
    if trump < 0:
        return run
    mask = SUIT_MASKS[trump]
    ours = hands[side] & mask, hands[side + 2] & mask
    return max(run, sure_trumps(ours, (hands[1 - side] | hands[3 - side]) & mask))

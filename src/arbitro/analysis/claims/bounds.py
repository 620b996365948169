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

from typing import Final

SUIT_MASKS: Final = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""The cards of each suit, as a mask."""


def _counts() -> list[int]:
    table = [0] * (1 << 13)
    for bits in range(1, 1 << 13):
        table[bits] = table[bits >> 1] + (bits & 1)
    return table


COUNTS: Final = _counts()
"""The cards of a mask of one suit's 13 ranks, by the mask (see :func:`count`)."""


def count(cards: int) -> int:
    """The cards of a mask of the 52: ``cards.bit_count()``, four lookups of :data:`COUNTS`.

    Compiled (mypyc), ``int.bit_count`` is a call of a Python method, the lookups are not.

    >>> count(0b1011 | 1 << 51), (0b1011 | 1 << 51).bit_count()
    (4, 4)
    """
    return (
        COUNTS[cards & 0x1FFF]
        + COUNTS[cards >> 13 & 0x1FFF]
        + COUNTS[cards >> 26 & 0x1FFF]
        + COUNTS[cards >> 39]
    )


def sure_trumps(hands: tuple[int, int], theirs: int) -> int:
    """The tricks one side surely wins with its trumps, whoever plays what.

    ``hands`` are the side's two hands' trumps, ``theirs`` the other side's trumps. A
    trick one hand ruffs or wins with a trump is lost only to a higher trump of the
    other side, a different one for each trick: of the hand's trumps from any one of
    them up, all but the other side's trumps above that one win a trick.

    >>> sure_trumps((0b1100, 0), 0b0010), sure_trumps((0b0011, 0), 0b1000)
    (2, 1)
    """
    first, second = hands
    return max(_sure(first, theirs), _sure(second, theirs))


def _sure(trumps: int, theirs: int) -> int:
    """:func:`sure_trumps` of one hand.

    The most, over its trumps from the top down to any one of them, of their number
    less the other side's trumps above that one.

    >>> _sure(0b1100, 0b0010), _sure(0b0011, 0b1000), _sure(0b1010, 0b0101)
    (2, 1, 1)
    """
    best = mine = above = 0
    cards = trumps | theirs
    while cards:
        rank = cards.bit_length() - 1
        if trumps >> rank & 1:
            mine += 1
            if mine - above > best:
                best = mine - above
        else:
            above += 1
        cards ^= 1 << rank
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
    >>> spades = (1 << 12 | 1 << 11 | 1, 1 << 10 | 1 << 9 | 1 << 1, 0b11100, 0b11100000)
    >>> cashed_run(spades, 0, 0, -1, True)  # the ace and king, then the two
    2
    >>> cashed_run((0b11 << 11, 0b11, 1 << 13 | 0b100, 0b110000), 0, 0, 1, True)
    0
    """
    if leader & 1 != side:
        return 0
    hand = hands[leader]
    partner = hands[leader ^ 2]
    others = partner | hands[(leader + 1) % 4] | hands[(leader + 3) % 4]
    ruffers = others & SUIT_MASKS[trump] if trump >= 0 else 0
    run = count(hand)
    for suit in range(4):
        held = hand & SUIT_MASKS[suit]
        if not held:
            continue
        theirs = others & SUIT_MASKS[suit]
        safe = count(held >> theirs.bit_length()) if not ruffers or suit == trump else 0
        if safe == count(held):
            continue
        if not tops:
            return 0
        run = min(run, safe)
    return run


def masters_hand(hands: tuple[int, ...], leader: int, side: int, trump: int) -> int:
    """Tricks the claimer's side surely wins when one of its hands holds only masters.

    A hand of the claimer's ``side`` whose every card is above every other hand's card
    of its suit, none of which another hand can ruff (its suit is trumps, or no other
    hand holds a trump), wins every trick from the first one in which it follows suit
    or ruffs: it wins that trick (nobody beats its card) and then leads a card nobody
    beats, again and again (see :func:`cashed_run`). Until then the tricks are led in
    suits it is void in, and it discards (its cards are all winners: a careless line
    may throw any of them). Each such trick is led in a suit the hand lacks, and a suit
    ``Y`` can be led only as many times more as the longest holding of it among the
    other hands; a suit the hand holds opens only once it has discarded all of it. So
    the tricks before it follows suit number at most the largest ``j`` with, for each
    ``i <= j``, ``i`` leads available by then; the hand wins all the others.

    On lead it wins every trick. Not on lead, for example South's three top spades
    when West leads his one heart: South discards one, and the defence has no other
    suit to lead; South wins the two tricks left.

    >>> hands = (0b111, 0b111 << 3, 0b111 << 10, 0b11 << 6 | 1 << 18)
    >>> masters_hand(hands, 2, 0, -1), masters_hand(hands, 3, 0, -1)
    (3, 2)
    """
    left = count(hands[leader])
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    best = 0
    for seat in (side, side + 2):
        hand = hands[seat]
        others = hands[(seat + 1) % 4] | hands[(seat + 2) % 4] | hands[(seat + 3) % 4]
        if not hand or (hand & ~trumps and others & trumps):
            continue
        safe = True
        for mask in SUIT_MASKS:
            held = hand & mask
            if held and (others & mask) >> ((held & -held).bit_length() - 1):
                safe = False
                break
        if not safe:
            continue
        if seat == leader:
            return left
        # Leads available in the suits the hand lacks, and in each plain suit it holds
        # once it has discarded all of it: (its cards, the other hands' longest holding).
        pool = 0
        opening: list[tuple[int, int]] = []
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            longest = max(count(hands[(seat + offset) % 4] & mask) for offset in range(1, 4))
            held = count(hand & mask)
            if not held:
                pool += longest
            elif suit != trump:
                opening.append((held, longest))
        before = 0
        while before < left:
            trick = before + 1
            if trick > pool + _opened(opening, trick - 1):
                break
            before = trick
        best = max(best, left - before)
    return best


def _opened(suits: list[tuple[int, int]], discards: int) -> int:
    """The most leads that ``discards`` discards open.

    Of the suits emptied by then (each as many discards as its cards), the sum of their
    longest holdings among the other hands.
    """
    best = 0
    for chosen in range(1, 1 << len(suits)):
        cards = leads = 0
        for index, (held, longest) in enumerate(suits):
            if chosen >> index & 1:
                cards += held
                leads += longest
        if cards <= discards:
            best = max(best, leads)
    return best


def one_sure_trick(hands: tuple[int, ...], leader: int, side: int, trump: int) -> int:
    """1 when the defence cannot win every trick left, whatever either side plays; else 0.

    With no trump held by a defender, a card of a claimer's hand above every defender's
    card of its suit (a *master*) wins any trick it is played to in its suit: a defence
    that wins every trick makes the hand throw each master on a trick led in a suit the
    hand lacks. From the second trick on the defence leads every trick, and a trick led
    in a suit takes a card of it from each defender holding one: the tricks of a suit
    the hand lacks are at most the longer defender's holding, less the tricks of that
    suit in which the hand followed (with its other cards of the suit only, since a
    master followed would win the trick; following with all of them is the defence's
    best, as one thrown instead costs a throw before it gives one back), and one more
    when the claimer's side leads the first trick. The hand throws a suit's masters
    before it lacks the suit: taking the suits in the best order for the defence (those
    that give back as many throws as they take first, fewest masters first; then the
    others, those giving back most first), when the throws run short anywhere, the
    defence cannot win every trick.

    East on lead with two clubs below North's ace and king, West two more, South two
    diamonds: the defence has no other suit to lead, so North follows with a master (the
    other bounds see nothing sure: East leads, and South could lead diamonds to North).
    West's clubs two hearts instead: West leads hearts twice, and North may throw both:

    >>> hands = (1 << 12 | 1 << 11, 0b11, 1 << 13 | 1 << 14, 0b1100)
    >>> one_sure_trick(hands, 1, 0, -1), floor(hands, 1, 0, -1, True)
    (1, 1)
    >>> one_sure_trick((1 << 12 | 1 << 11, 0b11, 1 << 13 | 1 << 14, 1 << 26 | 1 << 27), 1, 0, -1)
    0
    """
    east = hands[1 - side]
    west = hands[3 - side]
    defence = east | west
    if trump >= 0 and defence & SUIT_MASKS[trump]:
        return 0
    first = 1 if leader & 1 == side else 0
    for seat in (side, side + 2):
        hand = hands[seat]
        throws = first
        giving: list[tuple[int, int]] = []  # (masters, throws given back), back >= masters
        taking: list[tuple[int, int]] = []  # (throws given back, masters), back < masters
        for mask in SUIT_MASKS:
            held = hand & mask
            longest = max(count(east & mask), count(west & mask))
            if not held:
                throws += longest
                continue
            masters = count(held >> (defence & mask).bit_length())
            others = count(held) - masters
            back = longest - others if longest > others else 0
            if not masters:
                throws += back
            elif back >= masters:
                giving.append((masters, back))
            else:
                taking.append((back, masters))
        giving.sort()
        taking.sort(reverse=True)
        for masters, back in giving:
            if throws < masters:
                return 1
            throws += back - masters
        for back, masters in taking:
            if throws < masters:
                return 1
            throws += back - masters
    return 0


def floor(hands: tuple[int, ...], leader: int, side: int, trump: int, tops: bool) -> int:
    """At least as many tricks as the claimer's ``side`` makes from here on every normal line.

    At the start of a trick, ``leader`` to lead: the tricks its trumps surely win
    (:func:`sure_trumps`), the tricks the claimer's hand on lead surely wins in a row
    (:func:`cashed_run`; ``tops``: it leads the top card of a suit), or those of a hand
    of the claimer's holding only masters (:func:`masters_hand`); when none is sure, one
    when the defence cannot win them all (:func:`one_sure_trick`).

    >>> hands = (1 << 12 | 1 << 0, 1 << 11 | 1 << 10, 1 << 9 | 1 << 8, 1 << 7 | 1 << 6)
    >>> floor(hands, 0, 0, -1, True), floor(hands, 0, 0, -1, False)
    (1, 0)
    >>> floor((1 << 12 | 1 << 11, 1 << 10 | 1 << 9, 1 << 8 | 1 << 7, 1 << 6 | 1 << 5), 0, 0, -1, True)
    2
    >>> floor((1 << 12 | 1 << 11, 1 << 10 | 1 << 9, 1 << 8 | 1 << 7, 1 << 6 | 1 << 5), 1, 0, 0, True)
    2
    """
    run = max(
        cashed_run(hands, leader, side, trump, tops), masters_hand(hands, leader, side, trump)
    )
    if trump >= 0:
        mask = SUIT_MASKS[trump]
        ours = hands[side] & mask, hands[side + 2] & mask
        run = max(run, sure_trumps(ours, (hands[1 - side] | hands[3 - side]) & mask))
    return run if run else one_sure_trick(hands, leader, side, trump)

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
* following suit when an opponent's card wins the trick, plays one that beats it if it
  holds one (a defending claimer's partner, 70D2, may play any card of the suit);
* void in the suit led when an opponent's card wins the trick, ruffs with its lowest
  trump that wins when it holds one, and otherwise discards a plain card rather than a
  trump (a ruff step of the statement ruffs with its lowest trump);
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


def _lengths() -> list[int]:
    table = [0] * (1 << 13)
    for bits in range(1, 1 << 13):
        table[bits] = table[bits >> 1] + 1
    return table


LENGTHS: Final = _lengths()
"""``bits.bit_length()`` of a mask of one suit's 13 ranks: one above its top rank, 0 if none.

Compiled, a lookup, where ``int.bit_length`` is a call of a Python method.
"""


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


def placed_trumps(trumps: int, left: int, right: int) -> int:
    """The tricks a claimer's hand surely wins with its trumps on a normal line, by seat.

    ``trumps`` are the hand's trumps, ``left`` and ``right`` those of its left-hand and
    right-hand opponents, each as one suit's 13 ranks. For a hand that leads the top
    card of a suit (``tops`` of :func:`floor`; not a defending claimer's free partner,
    70D2). As :func:`sure_trumps`, every trick the hand plays a trump to is won by its
    side unless a defender's higher trump wins it, a different one for each trick; but
    the right-hand opponent plays before the hand in every trick the hand does not lead,
    and the normal line's rules (70) then keep the hand's trumps from his:

    * following his winning trump, or void in the plain suit led that he ruffed, the
      hand beats his trump when it can (it plays a trump of its own above his, or ruffs
      with the lowest that wins over his), and it discards a plain card rather than a
      trump that does not win; leading, it leads its top trump. So his trump wins over
      one of the hand's only when the hand holds no trump above his;
    * the hand's trumps above all of his (its *masters*) must therefore all be gone
      before he wins over any of its trumps; and a master leaves the hand only in a
      trick to which he plays a trump when he holds one: a trump led (he follows suit),
      or a ruff the hand makes with a master because he ruffed above its other trumps
      (a ruff is with the lowest trump that wins; a trump thrown is the lowest). So he
      wins at most as many of its trumps as he holds more than its masters.

    The left-hand opponent's trumps are counted as :func:`sure_trumps` counts them. Of the
    hand's trumps from any one of them up: their number, less the left-hand opponent's
    trumps above that one, less the fewest of the right-hand opponent's trumps above it,
    of his trumps beyond the hand's masters, and of the hand's other trumps from that one.

    East's ♦Q84 against North's ♦6, North his right-hand opponent: North's six never wins
    over the four, while East holds the queen or the eight; and North must play the six
    to the first round of trumps (:func:`sure_trumps` says 2):

    >>> placed_trumps(1 << 10 | 1 << 6 | 1 << 2, 0, 1 << 4), _sure(1 << 10 | 1 << 6 | 1 << 2, 1 << 4)
    (3, 2)
    >>> placed_trumps(1 << 10 | 1 << 6 | 1 << 2, 1 << 4, 0)  # the six over the four, ruffing
    2
    >>> placed_trumps(1 << 10 | 1 << 2, 0, 1 << 4 | 1 << 3)  # the queen drawn, the six over the four
    1
    """
    above_all = LENGTHS[right]
    masters = COUNTS[trumps >> above_all]
    held = COUNTS[right]
    spare = held - masters if held > masters else 0
    best = mine = others = 0
    cards = trumps
    while cards:
        rank = LENGTHS[cards] - 1
        cards ^= 1 << rank
        mine += 1
        if rank < above_all:
            others += 1
        lost = COUNTS[right >> rank]
        if others < lost:
            lost = others
        if spare < lost:
            lost = spare
        won = mine - COUNTS[left >> rank] - lost
        if won > best:
            best = won
    return best


def trump_tricks(hands: tuple[int, ...], side: int, trump: int, placed: bool) -> int:
    """The tricks :func:`counted` gives the trumps of one hand of the claimer's ``side``.

    The most, over its two hands, of :func:`placed_trumps` (``placed``: the hand on lead
    leads the top card of a suit, no free partner, 70D2) or :func:`sure_trumps`. A
    function of the trumps alone, by seat: after a trick the claimer's side wins with
    no trump of its own, to which nobody plays a trump (a defender's would win it), it
    is the same, and :func:`floor` is at least as much (the search for the fewest sets
    those tricks aside for a later bucket, ``checker.KEPT``).

    East's ♦Q84 against North's ♦6, diamonds trumps:

    >>> east, north = 1 << 13 + 10 | 1 << 13 + 6 | 1 << 13 + 2, 1 << 13 + 4
    >>> trump_tricks((north, east, 0, 0), 1, 1, True), trump_tricks((north, east, 0, 0), 1, 1, False)
    (3, 2)
    """
    if trump < 0:
        return 0
    shift = 13 * trump
    theirs = (hands[1 - side] | hands[3 - side]) >> shift & 0x1FFF
    best = 0
    for seat in (side, side + 2):
        trumps = hands[seat] >> shift & 0x1FFF
        if not trumps:
            continue
        if placed:
            left = hands[(seat + 1) % 4] >> shift & 0x1FFF
            right = hands[(seat + 3) % 4] >> shift & 0x1FFF
            won = placed_trumps(trumps, left, right)
        else:
            won = _sure(trumps, theirs)
        if won > best:
            best = won
    return best


def _without(hands: tuple[int, ...], seat: int, hand: int) -> tuple[int, ...]:
    """``hands`` with ``seat`` holding ``hand``."""
    return tuple(hand if other == seat else hands[other] for other in range(4))


def cashed_run(hands: tuple[int, ...], leader: int, side: int, trump: int, tops: bool) -> int:
    """Tricks the claimer's hand on lead surely wins in a row, keeping the lead, on every normal line.

    A card of the hand on lead (of the claimer's ``side``) is *safe* when it is above
    every card of its suit held by a defender and by partner, and neither a defender
    nor partner can ruff it: its suit is trumps, or partner holds no trump and each
    defender holding one still holds the suit. Led, a safe card wins the trick and the
    hand keeps the lead: no defender's card beats it, partner's cards of the suit are
    lower, a void partner discards. Cards only leave the other hands, so a card above
    them stays so; and a defender holding a trump follows suit to every safe lead (he
    does not discard), so he holds a plain suit for as many of its rounds as he holds
    its cards: of a plain suit, the hand's cards above the others' are safe for at most
    as many rounds as the shortest holding of it of a defender holding a trump.

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
    >>> cashed_run((0b11 << 11, 0b11 | 1 << 13, 0b1100, 0b110000), 0, 0, 1, True)  # East follows twice
    2
    """
    if leader & 1 != side:
        return 0
    hand = hands[leader]
    partner = hands[leader ^ 2]
    left = hands[(leader + 1) % 4]
    right = hands[(leader + 3) % 4]
    others = partner | left | right
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    run = count(hand)
    for suit in range(4):
        held = hand >> 13 * suit & 0x1FFF
        if not held:
            continue
        theirs = others >> 13 * suit & 0x1FFF
        safe = COUNTS[held >> LENGTHS[theirs]]
        if suit != trump and trumps:
            if partner & trumps:
                safe = 0
            else:
                # A defender holding a trump follows every lead of the run (each is safe),
                # so he holds the suit for as many rounds of it as he holds cards of it.
                if left & trumps and COUNTS[left >> 13 * suit & 0x1FFF] < safe:
                    safe = COUNTS[left >> 13 * suit & 0x1FFF]
                if right & trumps and COUNTS[right >> 13 * suit & 0x1FFF] < safe:
                    safe = COUNTS[right >> 13 * suit & 0x1FFF]
        if safe == COUNTS[held]:
            continue
        if not tops:
            return 0
        if safe < run:
            run = safe
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
        for suit in range(4):
            held = hand >> 13 * suit & 0x1FFF
            if held and (others >> 13 * suit & 0x1FFF) >> (LENGTHS[held & -held] - 1):
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


def led_into(hands: tuple[int, ...], leader: int, side: int, trump: int, free: int) -> int:
    """Tricks the claimer's side surely wins when a defender on lead must lead into it.

    A trump contract, the defender on lead (``leader``) holding no trump and his partner,
    who plays third, holding each suit the leader holds or no trump: nobody can ruff the
    first trick but the claimer's side. For each suit the leader holds, the side wins
    that trick if one of its hands beats both defenders' cards of the suit by the normal
    line's rules (70: a hand following suit plays a card that beats the opponent's card
    winning the trick when it can):

    * the claimer's hand on his right, which plays last, holding a card above both
      defenders' cards of the suit: it beats the card winning the trick, or its
      partner's wins;
    * or the hand on his left, which plays second, when the card it plays over any card
      of the suit led (its lowest above it, or its top) is above the leader's partner's
      cards of it too.

    The hand that wins plays a card of the suit led, not a trump; the other, void in it,
    may ruff, with its lowest trump (the lowest that wins over an opponent's card, or a
    low one over its partner's). No defender plays a trump to the trick, so after it the
    defence's trumps are as they were, and :func:`placed_trumps` of a hand counts tricks
    it wins with its trumps from the next trick on, a trick more: of its trumps as they
    are, or without its lowest where it may have ruffed the first. The fewest over the
    suits the leader holds. A defending claimer's free partner (70D2, ``free``) need not
    beat a card, and his trumps are not counted. For a hand that leads the top card of
    a suit (``tops`` of :func:`floor`).

    West on lead at hearts (suit 2) with ♠KJ and ♣QJ, South ♠A and ♣A over them and
    ♥Q8 against East's ♥9 (East plays before South; he holds spades and clubs too): West
    leads into an ace, and South's two trumps are two tricks more, where
    :func:`placed_trumps` alone counts the two:

    >>> bit = lambda suit, rank: 1 << 13 * suit + rank - 2  # rank 2 to 14 (the ace)
    >>> north = bit(3, 4) | bit(1, 5) | bit(1, 4) | bit(1, 3)
    >>> east = bit(3, 3) | bit(2, 9) | bit(1, 2) | bit(0, 2)
    >>> south = bit(3, 14) | bit(2, 12) | bit(2, 8) | bit(0, 14)
    >>> west = bit(3, 13) | bit(3, 11) | bit(0, 12) | bit(0, 11)
    >>> led_into((north, east, south, west), 3, 0, 2, -1), placed_trumps(0b10001000000, 0, 0b10000000)
    (3, 2)
    """
    if trump < 0 or leader & 1 == side:
        return 0
    last = (leader + 3) % 4
    second = (leader + 1) % 4
    trumps = SUIT_MASKS[trump]
    lead = hands[leader]
    third = hands[(leader + 2) % 4]
    if not lead or lead & trumps:
        return 0  # no trick left; or he may lead a trump
    shift = 13 * trump
    left = lead >> shift & 0x1FFF  # none
    right = third >> shift & 0x1FFF
    mine = hands[last] >> shift & 0x1FFF
    own = hands[second] >> shift & 0x1FFF
    # the tricks from the next on: each hand's trumps as they are, and without its lowest
    # when it may ruff the first trick (its partner's card winning, or an opponent's)
    kept = (
        placed_trumps(mine, left, right) if last != free else 0,
        placed_trumps(own, right, left) if second != free else 0,
    )
    ruffed = (
        placed_trumps(mine ^ (mine & -mine), left, right) if last != free else 0,
        placed_trumps(own ^ (own & -own), right, left) if second != free else 0,
    )
    best = 0
    for suit in range(4):
        held = lead >> 13 * suit & 0x1FFF
        if not held:
            continue
        if third & trumps and not third >> 13 * suit & 0x1FFF:
            return 0  # the leader's partner may ruff
        behind = third >> 13 * suit & 0x1FFF
        fourth = hands[last] >> 13 * suit & 0x1FFF
        if last != free and fourth >> LENGTHS[held | behind]:
            # the last hand beats every defender's card of the suit; its partner may ruff
            voids = 0 if hands[second] >> 13 * suit & 0x1FFF else 1
            won = (
                kept[0]
                if kept[0] > (ruffed[1] if voids else kept[1])
                else (ruffed[1] if voids else kept[1])
            )
        elif second != free and _second_wins(hands[second] >> 13 * suit & 0x1FFF, held, behind):
            # the second hand's card beats the lead and the leader's partner; the last may ruff
            mine_after = ruffed[0] if not fourth else kept[0]
            won = kept[1] if kept[1] > mine_after else mine_after
        else:
            return 0
        if not best or 1 + won < best:
            best = 1 + won
    return best


def _second_wins(cards: int, lead: int, behind: int) -> bool:
    """Whether each card of the second hand it may play to any card of ``lead`` beats both.

    Of one suit: the hand beats the card led with its lowest card above it or its top
    card (70: a card that beats the opponent's when it can), and either must beat
    ``behind``, the leader's partner's cards, too.

    >>> _second_wins(0b1100, 0b0010, 0b0001), _second_wins(0b1100, 0b0010, 0b0100)
    (True, False)
    """
    if not cards:
        return False
    above = LENGTHS[behind]
    while lead:
        card = LENGTHS[lead] - 1
        lead ^= 1 << card
        beats = cards >> (card + 1) << (card + 1)
        if not beats or LENGTHS[beats & -beats] <= above:
            return False
    return True


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
    >>> one_sure_trick(hands, 1, 0, -1), floor(hands, 1, 0, -1, True, -1)
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
        for suit in range(4):
            held = hand >> 13 * suit & 0x1FFF
            east_length = COUNTS[east >> 13 * suit & 0x1FFF]
            west_length = COUNTS[west >> 13 * suit & 0x1FFF]
            longest = east_length if east_length > west_length else west_length
            if not held:
                throws += longest
                continue
            masters = COUNTS[held >> LENGTHS[defence >> 13 * suit & 0x1FFF]]
            others = COUNTS[held] - masters
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


def masters_kept(hands: tuple[int, ...], leader: int, side: int, trump: int, free: int) -> int:
    """1 when the defence cannot win every trick left on a normal line; else 0.

    Unlike :func:`one_sure_trick`, an argument from the normal line's own rules (70: a
    hand plays a card of the suit led that beats the opponent winning the trick when it
    can, see the module's docstring, and throws a loser before an established winner).
    With no trump held by a defender, a hand of the claimer's holding a master (a card
    above every defender's card of its suit) and a card that is not:

    * never plays a master to a trick the defence wins: a master followed to its suit
      wins the trick, and it is thrown only once every card of the hand is a master
      (the loser first). From then on the hand wins a trick as soon as it follows suit,
      so every trick left must be led in a suit it lacks;
    * wins a trick its left-hand opponent leads in a suit where it holds a master: the
      hand plays last and must beat the card winning it. Its right-hand opponent may
      lead such a suit only below a card of the hand that is not a master, the hand
      then playing such a card, which the left-hand opponent must beat.

    The rules judge a master against the defence's cards not yet played, in the middle
    of a trick too: a card of the hand becomes one once the defence's cards above it are
    gone, two a trick and those played before the hand to the trick in progress. So the
    tricks before the hand first holds only masters are led by the claimer's side (the
    first one), in a suit where the hand holds no master (at most the longer defender's
    holding of each: from the second trick on the defence leads every trick), or by its
    right-hand opponent in a suit where it holds one (at most as many as the hand's
    other cards of the suit, the left-hand opponent's cards above the lowest and the
    right-hand opponent's below the highest of them). Then each trick is led in a suit
    the hand lacks, but the first, which may be led in a suit where it holds no master
    and followed with a card the trick's earlier cards made a master and beat. For
    every number of the hand's other cards that may have become masters by then, when
    the leads of the suits it lacks run out before it has thrown all its masters (a
    suit where it holds masters opening as in :func:`masters_hand`), the defence cannot
    win every trick. ``free``, a defending claimer's partner (70D2), who may play any
    card of the suit led, is not such a hand (-1: none).

    West to lead at no trump, holding the king and six of diamonds only, North the ace
    and three: whichever West leads, North must beat it, and only the ace does. On a
    legal line that is not normal, North plays the three under the six, East wins with
    the eight and leads his spade, on which North throws the ace:

    >>> hands = (1 << 25 | 1 << 14, 1 << 39 | 1 << 19, 1 << 32 | 1 << 6, 1 << 24 | 1 << 17)
    >>> masters_kept(hands, 3, 0, -1, -1), one_sure_trick(hands, 3, 0, -1)
    (1, 0)
    """
    if trump >= 0 and (hands[1 - side] | hands[3 - side]) & SUIT_MASKS[trump]:
        return 0
    for seat in (side, side + 2):
        if seat != free and _masters_stranded(hands, seat, trump, leader):
            return 1
    return 0


def _masters_stranded(hands: tuple[int, ...], seat: int, trump: int, leader: int) -> bool:
    """:func:`masters_kept` of the claimer's hand ``seat``, ``leader`` to lead.

    Say the hand first holds only masters (its own and others become masters since,
    counted against the defence's cards not yet played) when it plays to trick ``T``,
    after ``t`` tricks. It has played one of its other cards to each: at least
    ``t - first - safe`` of them were led in suits where it holds no master (``first``:
    the first trick, when its side leads it; ``safe``: the leads of its right-hand
    opponent in its master suits). The ``p`` others it still holds became masters, each
    once every defence card above it was gone: two a trick, and in trick ``T`` the
    defence's cards played before the hand. From trick ``T`` on, each trick is led in a
    suit the hand lacks (it throws a card), or, trick ``T`` only, in a suit where it
    holds no master, which it follows with a card the trick's earlier cards made a
    master and beat. The defence wins every trick only if the leads last for all the
    ``masters + p`` tricks, for some ``p``.
    """
    hand = hands[seat]
    if trump >= 0 and hand & SUIT_MASKS[trump]:
        return False  # the defence holds no trump: sure_trumps counts these
    left_opponent = hands[(seat + 1) % 4]
    right_opponent = hands[(seat + 3) % 4]
    lacking = masters = safe = others_left = plain = 0
    for suit in range(4):
        shift = 13 * suit
        held = hand >> shift & 0x1FFF
        left = left_opponent >> shift & 0x1FFF
        right = right_opponent >> shift & 0x1FFF
        above = LENGTHS[left | right]
        tops = COUNTS[held >> above]
        if not tops:
            lacking += COUNTS[left] if COUNTS[left] > COUNTS[right] else COUNTS[right]
            plain += COUNTS[held]
            continue
        masters += tops
        others = held & ((1 << above) - 1)
        if others:
            lowest = others & -others
            highest = 1 << (LENGTHS[others] - 1)
            # the hand's other cards; the left-hand opponent's above the lowest; the
            # right-hand opponent's below the highest: the fewest of the three
            most = COUNTS[others]
            beaten = COUNTS[left & ~((lowest << 1) - 1)]
            under = COUNTS[right & (highest - 1)]
            if beaten < most:
                most = beaten
            safe += under if under < most else most
            others_left += COUNTS[others]
    others_left += plain
    if not masters or not others_left:
        return False  # none to keep; or only masters (masters_hand)
    first = 1 if leader & 1 == seat & 1 else 0
    opened = [0]  # by the cards thrown: the leads of the suits it may have emptied
    suits: list[tuple[int, int]] = []
    promotions: list[int] = []
    for promoted in range(others_left + 1):
        before = others_left - promoted  # the tricks before trick T
        # The leads left of the suits where it holds no master (the first trick's, when
        # its side leads it, if not before).
        spent = before - first - safe
        leads = lacking - spent if spent > 0 else lacking + (0 if before else first)
        if leads < 1:
            continue  # trick T is led in a suit where it holds no master
        # The defence's cards played before the hand in trick T that may make one of its
        # cards a master: when it throws, a defender's discard; when it follows, the lead
        # and a card after it. In the first trick, by who leads it: the hand itself, none;
        # its right-hand opponent, the lead (when it follows); its partner, the right-hand
        # opponent's card.
        throwing, following = 1, 2
        if not before:
            if leader == seat:
                continue
            if leader == (seat + 3) % 4:
                throwing, following = 0, 1
            elif leader == (seat + 2) % 4:
                following = 1
        if promoted:
            if not promotions:
                promotions = _promotions(hand, left_opponent | right_opponent, 2 * others_left + 2)
            throws = promotions[2 * before + throwing] >= promoted
            follows = plain > 0 and promotions[2 * before + following] >= promoted
        else:
            throws, follows = True, False
        for thrown in (1, 0):  # the cards thrown before trick T + 1: trick T's, or none
            if not (throws if thrown else follows):
                continue
            trick = 2
            while trick <= masters + promoted:
                if trick > leads:
                    if not suits:
                        suits = _master_suits(hand, left_opponent, right_opponent)
                    while len(opened) < trick:
                        opened.append(_opened(suits, len(opened)))
                    if trick > leads + opened[trick - 2 + thrown]:
                        break
                trick += 1
            else:
                return False  # the leads may last: the defence may win every trick
    return True


def _promotions(hand: int, defence: int, most: int) -> list[int]:
    """The most of ``hand``'s cards below a defender's card that may become masters.

    By the number of the defence's cards gone, 0 to ``most``.

    Of a suit, the hand's ``j`` highest such cards become masters once every defence
    card above the ``j``-th is gone; the best split of the cards gone among the suits.

    >>> _promotions(0b0111, 0b1000, 3)  # the three below a single card
    [0, 3, 3, 3]
    >>> _promotions(0b0101 | 0b0101 << 13, 0b1010 | 0b1000 << 13, 3)
    [0, 2, 3, 4]
    """
    best = [0] * (most + 1)
    for suit in range(4):
        held = hand >> 13 * suit & 0x1FFF
        theirs = defence >> 13 * suit & 0x1FFF
        others = held & ((1 << LENGTHS[theirs]) - 1)
        if not others:
            continue
        after = list(best)
        promoted = 0
        while others:
            card = LENGTHS[others] - 1
            others ^= 1 << card
            promoted += 1
            gone = COUNTS[theirs >> card]
            for cards in range(gone, most + 1):
                if best[cards - gone] + promoted > after[cards]:
                    after[cards] = best[cards - gone] + promoted
        best = after
    return best


def _master_suits(hand: int, left_opponent: int, right_opponent: int) -> list[tuple[int, int]]:
    """Each suit where ``hand`` holds a master: its masters, the defenders' longer holding.

    >>> _master_suits(1 << 12 | 1 << 0 | 1 << 13, 1 << 11 | 1 << 1 | 1 << 14, 1 << 2)
    [(1, 2)]
    """
    suits: list[tuple[int, int]] = []
    for suit in range(4):
        shift = 13 * suit
        held = hand >> shift & 0x1FFF
        left = left_opponent >> shift & 0x1FFF
        right = right_opponent >> shift & 0x1FFF
        tops = COUNTS[held >> LENGTHS[left | right]]
        if tops:
            suits.append((tops, max(COUNTS[left], COUNTS[right])))
    return suits


def floor(hands: tuple[int, ...], leader: int, side: int, trump: int, tops: bool, free: int) -> int:
    """At least as many tricks as the claimer's ``side`` makes from here on every normal line.

    At the start of a trick, ``leader`` to lead: the tricks a hand's trumps surely win
    (:func:`placed_trumps` on the normal line's rules when it leads the top card of a
    suit, else :func:`sure_trumps`), the tricks the claimer's hand on lead surely wins in a row
    (:func:`cashed_run`; ``tops``: it leads the top card of a suit), or those of a hand
    of the claimer's holding only masters (:func:`masters_hand`), or those after a first
    trick a defender must lead into the claimer's side (:func:`led_into`; the most of
    these, :func:`counted`); when none is sure, one when the defence cannot win them all,
    whatever either side plays (:func:`one_sure_trick`) or on the normal line's rules
    (:func:`masters_kept`; ``free``, a defending claimer's partner free to play any
    card, or -1).

    North on lead with the ace and two of clubs, East the king of clubs and two of
    diamonds: North cashes the ace, or leads the two (careless when the authority lets a
    suit be played from the bottom), and throws the ace on the diamond:

    >>> hands = (1 << 12 | 1 << 0, 1 << 11 | 1 << 13, 1 << 9 | 1 << 8, 1 << 7 | 1 << 6)
    >>> floor(hands, 0, 0, -1, True, -1), floor(hands, 0, 0, -1, False, -1)
    (1, 0)
    >>> floor((1 << 12 | 1 << 11, 1 << 10 | 1 << 9, 1 << 8 | 1 << 7, 1 << 6 | 1 << 5), 0, 0, -1, True, -1)
    2
    >>> floor((1 << 12 | 1 << 11, 1 << 10 | 1 << 9, 1 << 8 | 1 << 7, 1 << 6 | 1 << 5), 1, 0, 0, True, -1)
    2
    """
    run = counted(hands, leader, side, trump, tops, free)
    if run:
        return run
    if one_sure_trick(hands, leader, side, trump):
        return 1
    return masters_kept(hands, leader, side, trump, free)


def counted(
    hands: tuple[int, ...], leader: int, side: int, trump: int, tops: bool, free: int = -1
) -> int:
    """The tricks :func:`floor` counts before it argues for one.

    The most of :func:`cashed_run`, :func:`masters_hand`, :func:`led_into` (a defender
    with no trump on lead, when the hand on lead leads the top card of a suit, ``tops``)
    and the trump tricks: of each
    hand of the claimer's, :func:`placed_trumps` when it leads the top card of a suit
    (``tops``; ``free``, a defending claimer's free partner, 70D2, or -1, never), else
    :func:`sure_trumps`. When the hand on lead holds every trump above every other
    hand's, each of its trumps wins a trick, and its plain cards run as
    :func:`cashed_run` says of the hand without its trumps (a lead of one of its trumps
    is safe, so the first card it leads that may lose is a plain one): the tricks add up,
    a trick of each trump and those its plain cards win.

    >>> counted((1 << 12 | 1 << 11, 1 << 10 | 1 << 9, 1 << 8 | 1 << 7, 1 << 6 | 1 << 5), 1, 0, 0, True)
    2
    """
    run = max(
        cashed_run(hands, leader, side, trump, tops), masters_hand(hands, leader, side, trump)
    )
    if tops:
        into = led_into(hands, leader, side, trump, free)
        if into > run:
            run = into
    if trump >= 0:
        shift = 13 * trump
        theirs = (hands[1 - side] | hands[3 - side]) >> shift & 0x1FFF
        for seat in (side, side + 2):
            trumps = hands[seat] >> shift & 0x1FFF
            if not trumps:
                continue
            if tops and seat != free:
                left = hands[(seat + 1) % 4] >> shift & 0x1FFF
                right = hands[(seat + 3) % 4] >> shift & 0x1FFF
                won = placed_trumps(trumps, left, right)
            else:
                won = _sure(trumps, theirs)
            if seat == leader and not (theirs | hands[seat ^ 2] >> shift & 0x1FFF) >> (
                LENGTHS[trumps & -trumps] - 1
            ):
                # Every trump of the hand on lead above every other trump: each wins its
                # trick, and its plain cards run as cashed_run's (a lead of a trump is safe).
                plain = hands[seat] & ~SUIT_MASKS[trump]
                won = COUNTS[trumps] + cashed_run(
                    _without(hands, seat, plain), leader, side, trump, tops
                )
            if won > run:
                run = won
    return run

r"""The checks of a PBN game's play section (PBN 3.6) against the deal and the Laws.

:func:`check_play` follows the cards of a ``Play``: the opening lead from declarer's
left, each card in its player's hand and played once, suit followed unless the card
is marked ``^R`` (a revoke, Law 61), ``^L`` leads in their trick, no card after ``+``
in its trick, and, when all 13 tricks were played without a note or a revoke, the
``Result`` the play gives (Law 44).

>>> from arbitro.formats.pbn.model import PBNGame, PBNTag
>>> deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
>>> tags = (PBNTag("Deal", deal, (), 1), PBNTag("Declarer", "S", (), 2),
...         PBNTag("Contract", "1NT", (), 3))
>>> play = PBNTag("Play", "W", ("SA",), 4, (5,))
>>> errors: list[PBNSyntaxError] = []
>>> check_play(PBNGame((*tags, play)), play, set(), "a.pbn", errors)
>>> [str(error) for error in errors]
["a.pbn, line 5: SA: the card is not in W's hand"]
"""

from __future__ import annotations

from arbitro.core.contract import Contract
from arbitro.core.deal import Deal
from arbitro.core.errors import NotationError, PBNSyntaxError
from arbitro.core.seat import Seat, Side
from arbitro.core.suit import Strain
from arbitro.formats.pbn.auction_checks import check_references, missing_tags
from arbitro.formats.pbn.model import PBNGame, PBNTag
from arbitro.formats.pbn.sections import PlayItem, read_play, seats_from
from arbitro.formats.pbn.tag_values import SEATS, UNKNOWN, hand_cards
from arbitro.i18n import N_, NP_


def check_play(
    game: PBNGame, tag: PBNTag, notes: set[int], source: str, errors: list[PBNSyntaxError]
) -> None:
    """The tags a play needs, the cards in their hands, following suit unless ``^R``."""
    if tag.value in UNKNOWN:
        return
    errors.extend(missing_tags(game, tag, ("Deal", "Declarer", "Contract"), source))
    play = read_play(tag, source, errors)
    declarer = game.seat("Declarer")
    if declarer is not None and tag.value in SEATS and Seat.from_str(tag.value) != declarer.lho:
        errors.append(
            PBNSyntaxError.at(
                source,
                tag.line,
                f'[Play "{tag.value}"]',
                N_("the opening lead is {seat}'s"),
                seat=declarer.lho.name[0],
            )
        )
    deal = game.deal()
    contract = game.known("Contract")
    trumps: Strain | None = None
    if contract is not None and contract != "Pass":
        try:
            trumps = Contract.from_str(contract.replace("N", "NT").replace("NTT", "NT")).strain
        except NotationError:
            trumps = None
    played: set[str] = set()
    holder = (
        {}
        if deal is None
        else {card: seat for seat in Seat for card in hand_cards(deal.hands[seat].to_str())}
    )
    tricks: dict[int, list[PlayItem]] = {}
    for item in play.items:
        check_references(item, notes, source, errors)
        assert item.card is not None
        card = str(item.card)
        if card in played:
            errors.append(PBNSyntaxError.at(source, item.line, card, N_("a card played twice")))
            continue
        played.add(card)
        if deal is not None and holder.get(card) != item.seat:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    item.line,
                    card,
                    N_("the card is not in {seat}'s hand"),
                    seat=item.seat.name[0],
                )
            )
            continue
        tricks.setdefault(item.trick, []).append(item)
    leads: set[int] = set()
    for item in play.items:
        if item.mark != "^L":
            continue
        if item.trick in leads:
            errors.append(
                PBNSyntaxError.at(
                    source, item.line, str(item.card), N_("a second lead marked ^L in one trick")
                )
            )
        leads.add(item.trick)
    if deal is None:
        return
    won = _check_follow(deal, play.first, tricks, trumps, source, errors, play.plus)
    result = game.known("Result")
    if (
        won is None
        or declarer is None
        or result is None
        or not (result.isascii() and result.isdigit())
        or notes
    ):
        # A note may record a ruling that moves tricks (Laws 64, 67B1a, a director's
        # adjustment): only a game with none of them must score its play as played.
        return
    taken = won[declarer.side]
    if int(result) != taken:
        errors.append(
            PBNSyntaxError.at(
                source,
                game.line_of("Result"),
                f'[Result "{result}"]',
                NP_(
                    "the play gives declarer {count} trick",
                    "the play gives declarer {count} tricks",
                ),
                count=taken,
            )
        )


def _check_follow(
    deal: Deal,
    leader: Seat,
    tricks: dict[int, list[PlayItem]],
    trumps: Strain | None,
    source: str,
    errors: list[PBNSyntaxError],
    plus: tuple[int, Seat] | None = None,
) -> dict[Side, int] | None:
    """Follow the play trick by trick: revokes must be marked ``^R``, and only they.

    A card off the suit led while its holder still had that suit is a revoke. In the
    trick of a ``+`` (the next card to be played, PBN 3.6) no card may follow it in
    the order of play. The tricks each side won, when all 13 were played and no card
    is marked ``^R`` (after a revoke the result may carry Law 64's transfer); else None.
    """
    gone: set[str] = set()
    won = dict.fromkeys(Side, 0)
    revoked = False
    holdings = {seat: hand_cards(deal.hands[seat].to_str()) for seat in Seat}
    for number in sorted(tricks):
        items = tricks[number]
        if plus is not None and plus[0] == number:
            _check_plus(leader, items, plus[1], source, errors)
            return None
        if len(items) != 4:
            return None
        marked = next((item for item in items if item.mark == "^L"), None)
        if marked is not None and marked.seat == leader:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    marked.line,
                    str(marked.card),
                    N_("a lead marked ^L out of turn by {seat}, who was on lead"),
                    seat=leader.name[0],
                )
            )
        elif marked is not None:
            leader = marked.seat
        lead = next(item for item in items if item.seat == leader)
        assert lead.card is not None
        suit = lead.card.suit
        letter = str(lead.card)[0]
        for item in items:
            assert item.card is not None
            held = holdings[item.seat]
            revoke = item.card.suit != suit and any(
                card[0] == letter and card not in gone for card in held
            )
            revoked = revoked or item.mark == "^R"
            if item.mark == "^R" and not revoke:
                errors.append(
                    PBNSyntaxError.at(
                        source,
                        item.line,
                        str(item.card),
                        N_("a card marked ^R that is not a revoke"),
                    )
                )
            if item.card.suit == suit or item.mark == "^R":
                continue
            if revoke:
                errors.append(
                    PBNSyntaxError.at(
                        source,
                        item.line,
                        str(item.card),
                        N_("a revoke not marked ^R: {seat} holds {suit}"),
                        seat=item.seat.name[0],
                        suit=str(suit),
                    )
                )
        winner = lead
        for item in items:
            assert item.card is not None
            assert winner.card is not None
            if item.card.suit == winner.card.suit:
                if item.card.rank > winner.card.rank:
                    winner = item
            elif (
                trumps is not None
                and trumps != Strain.NOTRUMP
                and int(item.card.suit) == int(trumps)
            ):
                winner = item
        gone |= {str(item.card) for item in items}
        leader = winner.seat
        won[leader.side] += 1
    return won if len(tricks) == 13 and not revoked else None


def _check_plus(
    leader: Seat, items: list[PlayItem], plus: Seat, source: str, errors: list[PBNSyntaxError]
) -> None:
    """Report the cards of the ``+`` trick played after the ``+`` (from ``leader`` on).

    A card marked ``^L`` leads the trick in place of ``leader`` (PBN 3.9).
    """
    marked = next((item.seat for item in items if item.mark == "^L"), leader)
    order = seats_from(marked)
    for item in items:
        if order.index(item.seat) > order.index(plus):
            errors.append(
                PBNSyntaxError.at(source, item.line, str(item.card), N_("a card after '+'"))
            )

r"""The checks of a PBN game's auction section (PBN 3.5) against the Laws and its tags.

:func:`check_auction` follows the calls of an ``Auction`` from the dealer: each call
legal (a bid higher than the last, a double of an opponent's undoubled bid, a
redouble of an opponent's double) unless marked ``^I`` (insufficient) or ``^S``
(skipped), none after the auction ended or after ``+``, and the contract and declarer
it ends in agreeing with ``Contract`` and ``Declarer``. :func:`missing_tags` and
:func:`check_references`, the tags a section needs and its notes, serve the play
section's checks too.

>>> from arbitro.formats.pbn.model import PBNGame, PBNTag
>>> tag = PBNTag("Auction", "N", ("1S Pass X AP",), 2, (3,))
>>> errors: list[PBNSyntaxError] = []
>>> check_auction(PBNGame((PBNTag("Dealer", "N", (), 1), tag)), tag, set(), "a.pbn", errors)
>>> [str(error) for error in errors]
["a.pbn, line 3: X: a double needs an opponent's undoubled bid; a redouble, an opponent's double"]
"""

from __future__ import annotations

from arbitro.core.call import Bid, Call
from arbitro.core.errors import NotationError, PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.formats.pbn.model import PBNGame, PBNTag
from arbitro.formats.pbn.sections import AuctionItem, PlayItem, read_auction
from arbitro.formats.pbn.tag_values import CONTRACT_LENIENT, UNKNOWN
from arbitro.i18n import N_


def missing_tags(
    game: PBNGame, tag: PBNTag, names: tuple[str, ...], source: str
) -> list[PBNSyntaxError]:
    """An error on section ``tag`` for each tag of ``names`` that ``game`` does not know.

    ``Declarer`` is not needed when it is empty (all four passed) or when ``Contract``
    gives only a strain.

    >>> from arbitro.formats.pbn.model import PBNGame, PBNTag
    >>> play = PBNTag("Play", "W", (), 3)
    >>> [str(error) for error in missing_tags(PBNGame((play,)), play, ("Deal",), "a.pbn")]
    ['a.pbn, line 3: [Play "W"]: the section needs the tag Deal']
    """
    return [
        PBNSyntaxError.at(
            source,
            tag.line,
            f'[{tag.name} "{tag.value}"]',
            N_("the section needs the tag {name}"),
            name=name,
        )
        for name in names
        if game.known(name) is None
        and not (name == "Declarer" and game.get("Declarer") == "")
        and not (name == "Declarer" and game.get("Contract") in ("C", "D", "H", "S", "NT"))
    ]


def check_references(
    item: AuctionItem | PlayItem, notes: set[int], source: str, errors: list[PBNSyntaxError]
) -> None:
    """Each note reference of a call or card (``=1=``) has its ``Note`` tag in ``notes``."""
    for note in item.notes:
        if note not in notes:
            errors.append(
                PBNSyntaxError.at(
                    source, item.line, f"={note}=", N_("no note for ={note}="), note=note
                )
            )


def check_auction(
    game: PBNGame,
    tag: PBNTag,
    notes: set[int],
    source: str,
    errors: list[PBNSyntaxError],
    *,
    strict: bool = True,
) -> None:
    """Dealer, rotation, legal calls unless marked, notes, and the contract it gives.

    In strict mode a bid in notrump is written ``NT`` (PBN 3.5.1); lenient mode also
    reads ``1N``.
    """
    if tag.value in UNKNOWN:
        return
    errors.extend(missing_tags(game, tag, ("Dealer",), source))
    auction = read_auction(tag, source, errors)
    dealer = game.seat("Dealer")
    last_bid: Bid | None = None
    bidder: Seat | None = None
    doubling = ""
    passes = 0
    started = False
    ended = False
    plus = False
    declarers: dict[tuple[int, Strain], Seat] = {}
    for item in auction.items:
        check_references(item, notes, source, errors)
        token = item.token
        if token == "+":
            if plus:
                errors.append(PBNSyntaxError.at(source, item.line, token, N_("a call after '+'")))
            plus = True
            continue
        if plus:
            errors.append(PBNSyntaxError.at(source, item.line, token, N_("a call after '+'")))
            continue
        if token == "-" and not started:
            continue
        if token == "^S":
            started = True
            continue
        if ended:
            errors.append(
                PBNSyntaxError.at(source, item.line, token, N_("a call after the auction ended"))
            )
            continue
        if not started and dealer is not None and item.seat != dealer and item.mark != "^S":
            errors.append(
                PBNSyntaxError.at(
                    source,
                    item.line,
                    token,
                    N_("the dealer, {seat}, calls first"),
                    seat=dealer.name[0],
                )
            )
        started = True
        upper = token.upper()
        if upper == "AP":
            ended = True
            continue
        if upper in ("PASS", "P", "-"):
            passes += 1
            if (passes == 3 and last_bid is not None) or passes == 4:
                ended = True
            continue
        if strict and upper.endswith("N"):
            errors.append(
                PBNSyntaxError.at(
                    source,
                    item.line,
                    token,
                    N_("a bid in notrump is written NT, as in {example}"),
                    example=f"{upper}T",
                )
            )
        try:
            call = Call.from_str(upper + "T" if upper.endswith("N") else upper)
        except NotationError:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    item.line,
                    token,
                    N_("expected a call such as {example}"),
                    example="1NT, Pass, X, XX or AP",
                )
            )
            continue
        if isinstance(call, Bid):
            if last_bid is not None and call.index <= last_bid.index and item.mark != "^I":
                errors.append(
                    PBNSyntaxError.at(
                        source,
                        item.line,
                        token,
                        N_("a bid must be higher than the last bid, {bid}"),
                        bid=str(last_bid),
                    )
                )
            last_bid, bidder, doubling, passes = call, item.seat, "", 0
            declarers.setdefault((item.seat % 2, call.strain), item.seat)
            continue
        wanted = "" if upper == "X" else "X"
        if (
            bidder is None
            or (bidder.side == item.seat.side and upper == "X")
            or doubling != wanted
            or (upper == "XX" and bidder.side != item.seat.side)
        ):
            errors.append(
                PBNSyntaxError.at(
                    source,
                    item.line,
                    token,
                    N_(
                        "a double needs an opponent's undoubled bid; a redouble, an opponent's double"
                    ),
                )
            )
        doubling, passes = upper, 0
    if not ended or plus:
        return
    _check_contract(game, last_bid, bidder, doubling, declarers, source, errors)


def _check_contract(
    game: PBNGame,
    last_bid: Bid | None,
    bidder: Seat | None,
    doubling: str,
    declarers: dict[tuple[int, Strain], Seat],
    source: str,
    errors: list[PBNSyntaxError],
) -> None:
    """The ``Contract`` and ``Declarer`` tags against the contract the auction ended in."""
    written = game.known("Contract")
    if (written is not None and CONTRACT_LENIENT.fullmatch(written)) or written == "Pass":
        expected = "Pass" if last_bid is None else f"{last_bid}{doubling}"
        normal = (
            written.upper().replace("NT", "N").replace("N", "NT") if written != "Pass" else written
        )
        if normal != expected:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    game.line_of("Contract"),
                    f'[Contract "{written}"]',
                    N_("the auction ends in {contract}"),
                    contract=expected,
                )
            )
    declarer = game.get("Declarer")
    if declarer is None or declarer == "?":
        return
    if last_bid is None or bidder is None:
        expected_seat = ""
    else:
        expected_seat = declarers[(bidder % 2, last_bid.strain)].name[0]
    if (declarer.removeprefix("^") == expected_seat) == declarer.startswith("^"):
        errors.append(
            PBNSyntaxError.at(
                source,
                game.line_of("Declarer"),
                f'[Declarer "{declarer}"]',
                N_("the auction makes {seat} declarer"),
                seat=expected_seat or "-",
            )
        )

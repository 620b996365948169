r"""The checks of a PBN game against the standard: tag values, auction, play, notes.

:func:`validate` returns every problem of one game, each naming its line. The checks
are those of PBN 2.1 on the tags Árbitro models (identification, ``Deal``,
``Dealer``, ``Vulnerable``, ``Declarer``, ``Contract``, ``Result``, the scores,
``OptimumScore``, ``Note``) and on the sections: an auction whose calls are legal
except where marked ``^I`` or ``^S``, whose contract and declarer agree with the tags,
and whose notes exist; a play whose cards are in the right hands, follow suit unless
marked ``^R``, and are not played twice.

>>> from arbitro.formats.pbn.model import PBNGame, PBNNote, PBNTag
>>> game = PBNGame((PBNTag("Dealer", "N", (), 1), PBNTag("Auction", "N", ("1S 1H",), 2, (3,))))
>>> [str(error) for error in validate(game, "a.pbn")]
['a.pbn, line 3: 1H: a bid must be higher than the last bid, 1S']
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arbitro.core.call import Bid, Call
from arbitro.core.contract import Contract
from arbitro.core.deal import Deal
from arbitro.core.errors import NotationError, PBNSyntaxError
from arbitro.core.seat import Seat, Side
from arbitro.core.suit import Strain
from arbitro.formats.pbn.model import PBNGame, PBNNote, PBNTag
from arbitro.formats.pbn.sections import (
    AuctionItem,
    PlayItem,
    read_auction,
    read_play,
    seats_from,
)
from arbitro.formats.pbn.table_tags import read_table
from arbitro.i18n import N_, NP_

_DATE = re.compile(r"([0-9]{4}|\?{4})\.([0-9][0-9]|\?\?)\.([0-9][0-9]|\?\?)|\?")
_ROUND = re.compile(r"[0-9A-Za-z]+(?:[.:][0-9A-Za-z]+)*")
_WHOLE = re.compile(r"[0-9]{1,9}")
MAX_BOARD = 999_999_999
"""The largest board number a PBN file may give: nine digits."""
_BOARD = re.compile(r"[1-9][0-9]{0,8}")
_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT)(X|XX)?")
_CONTRACT_LENIENT = re.compile(r"([1-7])(C|D|H|S|NT|N)(X|XX)?", re.IGNORECASE)
_SCORE = re.compile(r"(?:(?:NS|EW) )?[+-]?[0-9]{1,9}(?: (?:NS|EW) [+-]?[0-9]{1,9})?")
_DECIMAL_SCORE = re.compile(
    r"(?:(?:NS|EW) )?[+-]?[0-9]{1,9}(?:\.[0-9]*)?(?: (?:NS|EW) [+-]?[0-9]{1,9}(?:\.[0-9]*)?)?"
)
_PERCENTAGE = re.compile(
    r"(?:(?:NS|EW) )?[0-9]{1,9}(?:\.[0-9]*)?(?: (?:NS|EW) [0-9]{1,9}(?:\.[0-9]*)?)?"
)
_OPTIMUM = re.compile(r"(?:NS|EW) [+-]?[0-9]{1,9}")
_RESULT_SIDES = re.compile(r"(NS|EW) ([0-9]{1,9})(?: (NS|EW) ([0-9]{1,9}))?")
_SCORING = re.compile(r"[A-Za-z0-9_-]+(?:;[A-Za-z0-9_-]+)*")
_NOTE = re.compile(r"([0-9]{1,9}):(.*)", re.DOTALL)
_HISTORY = r"([0-9]{1,9}) +[0-9]{1,9} */ *([0-9]{1,9}(?: +[0-9]{1,9}){0,2})"
_RUBBER_HISTORY = re.compile(rf"NS +{_HISTORY} +EW +{_HISTORY}")
_VULNERABLE = ("None", "Love", "-", "NS", "EW", "All", "Both")
_SEATS = ("N", "E", "S", "W")
_UNKNOWN = ("", "?")

Check = Callable[[str, bool], tuple[str, dict[str, object]] | None]


_RANK_ORDER = "AKQJT98765432"
_ANY_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT)(X|XX)?", re.IGNORECASE)
_LENIENT_NT = re.compile(r"([1-7])N(X|XX)?", re.IGNORECASE)


def canonical(name: str, value: str, *, lenient: bool = False) -> str:
    """``value`` of tag ``name`` as export format writes it, when import format allows it.

    PBN 3.11: import format may write in lower case the contract (``2Dx``, ``3nt``,
    ``pass``), the seats of ``Dealer``, ``Declarer`` and ``Deal`` and the ranks of
    ``Deal`` (``n``, ``akq``), and ``Vulnerable`` (``none``, ``both``); 3.4.11: the
    ranks of a suit in any order. Each comes back upper case, ranks from the ace down.
    ``lenient`` also writes ``4N`` as ``4NT``. A value import format does not allow
    is returned as it is (the checks report it).

    >>> [canonical("Contract", value) for value in ("2Dx", "3nt", "pass", "4N", "5Hearts")]
    ['2DX', '3NT', 'Pass', '4N', '5Hearts']
    >>> canonical("Contract", "4nxx", lenient=True), canonical("Declarer", "^s")
    ('4NTXX', '^S')
    >>> canonical("Vulnerable", "both"), canonical("Deal", "e:2AK.q.. - - -")
    ('Both', 'E:AK2.Q.. - - -')
    """
    if name == "Contract":
        if value.lower() == "pass":
            return "Pass"
        if value.upper() in ("C", "D", "H", "S", "NT") or _ANY_CONTRACT.fullmatch(value):
            return value.upper()
        nt = _LENIENT_NT.fullmatch(value) if lenient else None
        return value if nt is None else f"{nt.group(1)}NT{(nt.group(2) or '').upper()}"
    if name in ("Dealer", "Declarer"):
        upper = value.upper()
        return upper if upper.removeprefix("^" if name == "Declarer" else "") in _SEATS else value
    if name == "Vulnerable":
        spelled = {spelling.lower(): spelling for spelling in _VULNERABLE}
        return spelled.get(value.lower(), value)
    if name == "Deal":
        return _canonical_deal(value)
    return value


def _canonical_deal(value: str) -> str:
    """A ``Deal`` value upper case, each suit's ranks from the ace down (when it is a deal)."""
    upper = value.upper()
    if upper[:1] not in _SEATS or upper[1:2] != ":":
        return value
    hands = upper[2:].split(" ")
    written: list[str] = []
    for hand in hands:
        suits = hand.split(".")
        if hand == "-":
            written.append(hand)
            continue
        if len(suits) != 4 or any(
            len(set(suit)) != len(suit) or any(rank not in _RANK_ORDER for rank in suit)
            for suit in suits
        ):
            return value
        written.append(".".join("".join(sorted(suit, key=_RANK_ORDER.index)) for suit in suits))
    return f"{upper[:2]}{' '.join(written)}"


def _date(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    """A date ``YYYY.MM.DD``, ``?`` for an unknown part (PBN 3.4.3): month 01-12, day 01-31.

    >>> _date("1998.07.16", True), _date("1998.??.??", True), _date("1998.13.45", True)[1]
    (None, None, {'example': '1998.07.16'})
    """
    match = _DATE.fullmatch(value)
    if match is None:
        return N_("expected a date such as {example} (? where unknown)"), {"example": "1998.07.16"}
    month, day = match.group(2), match.group(3)
    if (month is not None and month.isdigit() and not 1 <= int(month) <= 12) or (
        day is not None and day.isdigit() and not 1 <= int(day) <= 31
    ):
        return N_("expected a month from 01 to 12 and a day from 01 to 31, as in {example}"), {
            "example": "1998.07.16"
        }
    return None


def _whole(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN or _WHOLE.fullmatch(value):
        return None
    return N_("expected a whole number from 0 up"), {}


def _board(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    """A board number from 1 to :data:`MAX_BOARD` (``?`` where unknown).

    >>> _board("12", True), _board("99999999999999999999", True)
    (None, ('expected a board number from 1 to {largest}', {'largest': 999999999}))
    """
    if value in _UNKNOWN or _BOARD.fullmatch(value):
        return None
    return N_("expected a board number from 1 to {largest}"), {"largest": MAX_BOARD}


def _round(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN or _ROUND.fullmatch(value):
        return None
    return N_("expected a round such as {example}"), {"example": "1.A.2"}


def _seat(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN or value in _SEATS:
        return None
    return N_("expected a seat: {choices}, or ? when unknown"), {"choices": "N, E, S, W"}


def _declarer(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN or value.removeprefix("^") in _SEATS:
        return None
    return N_("expected a seat: {choices}, or ? when unknown"), {"choices": "N, E, S, W, ^N…"}


def _vulnerable(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN or value in _VULNERABLE:
        return None
    return N_("expected one of {choices}"), {"choices": ", ".join(_VULNERABLE)}


def _contract(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    pattern = _CONTRACT if strict else _CONTRACT_LENIENT
    if value in _UNKNOWN or value in ("Pass", "C", "D", "H", "S", "NT") or pattern.fullmatch(value):
        return None
    return N_("expected a contract such as {example}, or Pass"), {"example": "4HX"}


def _result(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    written = value.removeprefix("^")
    if value in _UNKNOWN or (_WHOLE.fullmatch(written) and int(written) <= 13):
        return None
    sides = _RESULT_SIDES.fullmatch(value)
    if sides and sides.group(3) is None and int(sides.group(2)) <= 13:
        return None
    if sides and sides.group(3) not in (None, sides.group(1)):
        if int(sides.group(2)) + int(sides.group(4)) == 13:
            return None
        return N_("the tricks of the two sides must add up to 13"), {}
    return N_("expected the tricks won by declarer, 0 to 13, or {example}"), {
        "example": "NS 9 EW 4"
    }


def _pattern(pattern: re.Pattern[str], example: str) -> Check:
    def check(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
        if value in _UNKNOWN or pattern.fullmatch(value):
            return None
        return N_("expected a score such as {example}"), {"example": example}

    return check


def _percentage(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN:
        return None
    if _PERCENTAGE.fullmatch(value) and all(
        float(number) <= 100 for number in re.findall(r"[0-9]{1,9}(?:\.[0-9]*)?", value)
    ):
        return None
    return N_("expected a percentage from 0 to 100, such as {example}"), {"example": "NS 62.5"}


def _scoring(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN or _SCORING.fullmatch(value):
        return None
    return N_("expected scoring names separated by ';', such as {example}"), {"example": "IMP"}


def _note(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    match = _NOTE.fullmatch(value)
    if match and 1 <= int(match.group(1)) <= 32:
        return None
    return N_("expected a note number from 1 to 32, a colon and its text, as in {example}"), {
        "example": "1:strong"
    }


def _deal(value: str, strict: bool) -> tuple[str, dict[str, object]] | None:
    if value in _UNKNOWN:
        return None
    parts = value[2:].split(" ")
    if value[1:2] != ":" or value[:1] not in _SEATS or len(parts) != 4:
        return N_("expected a seat, a colon and four hands (or -), as in {example}"), {
            "example": "N:AKQJ.T98.765.432 - - -"
        }
    seen: set[str] = set()
    counts: list[int] = []
    for part in parts:
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4 or any(
            not re.fullmatch(r"A?K?Q?J?T?9?8?7?6?5?4?3?2?", suit) for suit in suits
        ):
            return N_("expected four suits of ranks AKQJT98765432, by dots, in {hand}"), {
                "hand": part
            }
        cards = {letter + rank for letter, suit in zip("SHDC", suits, strict=True) for rank in suit}
        if seen & cards:
            return N_("cards in two hands: {cards}"), {"cards": " ".join(sorted(seen & cards))}
        seen |= cards
        counts.append(len(cards))
    if not counts:
        return N_("the deal names no cards"), {}
    if len(set(counts)) > 1 or counts[0] > 13:
        return N_("every hand must hold the same number of cards, at most 13"), {}
    return None


_CHECKS: dict[str, Check] = {
    "Date": _date,
    "EventDate": _date,
    "Round": _round,
    "Board": _board,
    "Dealer": _seat,
    "Vulnerable": _vulnerable,
    "Deal": _deal,
    "Declarer": _declarer,
    "Contract": _contract,
    "Result": _result,
    "Scoring": _scoring,
    "Score": _pattern(_SCORE, "NS 620"),
    "ScoreIMP": _pattern(_DECIMAL_SCORE, "NS 6.5"),
    "ScoreMP": _pattern(_DECIMAL_SCORE, "NS 14.5"),
    "ScorePercentage": _percentage,
    "OptimumScore": _pattern(_OPTIMUM, "NS 620"),
    "Note": _note,
}


STANDARD_TAGS = frozenset(
    (
        # The mandatory tag set (the seven-tag roster and its bridge additions).
        *("Event", "Site", "Date", "Board", "West", "North", "East", "South"),
        *("Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"),
        # The sections and notes.
        *("Auction", "Play", "Note"),
        # The supplemental tags of PBN 1.0, 2.0 and 2.1.
        *("Annotator", "AnnotatorNA", "Application", "BidSystemEW", "BidSystemNS"),
        *("Competition", "DealId", "Description", "EastNA", "EastType", "EventDate"),
        *("EventSponsor", "FrenchMP", "Generator", "Hidden", "HomeTeam", "Mode"),
        *("NorthNA", "NorthType", "PairEW", "PairNS", "Room", "Round", "Score"),
        *("ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory"),
        *("Section", "SouthNA", "SouthType", "Stage", "Table", "Termination", "Time"),
        *("TimeCall", "TimeCard", "TimeControl", "UTCDate", "UTCTime", "VisitTeam"),
        *("WestNA", "WestType", "OptimumScore"),
        # The tables of PBN 2.0 and 2.1.
        *("ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable"),
        *("OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable"),
    )
)
"""The 71 tag names PBN 2.1 defines (checked against the list of an independent PBN
reader). Any other, except :data:`EXTENSION_TAGS`, is a program's own tag (PBN 2.1,
4.9, lets programs add tags): kept unread and written back, and reported as a
:class:`~arbitro.formats.pbn.model.PBNNote`, not an error.

>>> len(STANDARD_TAGS)
71
"""

EXTENSION_TAGS = frozenset({"ParContract"})
"""Tags outside PBN 2.1 that strict mode accepts: ``ParContract``, the par contracts
beside ``OptimumScore``, as hand-record programs write it (and Árbitro's hand records
do). PBN 2.1's expandability rule (4.9) asks readers to skip tags they do not know.

>>> "ParContract" in STANDARD_TAGS, "ParContract" in EXTENSION_TAGS
(False, True)
"""


def validate(game: PBNGame, source: str = "<text>", *, strict: bool = True) -> list[PBNSyntaxError]:
    """Every problem of ``game``, in the order of its lines.

    A tag PBN 2.1 does not define is a :class:`~arbitro.formats.pbn.model.PBNNote`
    among them (not an error: the callers set notes apart).

    >>> from arbitro.formats.pbn.model import PBNTag
    >>> [str(e) for e in validate(PBNGame((PBNTag("Contract", "5Hearts", (), 4),)), "a.pbn")]
    ['a.pbn, line 4: [Contract "5Hearts"]: expected a contract such as 4HX, or Pass']
    """
    errors: list[PBNSyntaxError] = []
    for tag in game.tags:
        if tag.name not in STANDARD_TAGS and tag.name not in EXTENSION_TAGS:
            # PBN 2.1, 4.9: a program may add tags of its own; a note, not an error.
            errors.append(
                PBNNote.at(
                    source,
                    tag.line,
                    f'[{tag.name} "{tag.value}"]',
                    N_("{name} is not a tag of PBN 2.1 (a program's own tag, kept as it is)"),
                    name=tag.name,
                )
            )
        check = _CHECKS.get(tag.name)
        if check is None:
            continue
        found = check(tag.value, strict)
        if found is not None:
            reason, details = found
            errors.append(
                PBNSyntaxError.at(
                    source, tag.line, f'[{tag.name} "{tag.value}"]', reason, **details
                )
            )
    notes = {
        int(match.group(1))
        for tag in game.tags
        if tag.name == "Note" and (match := _NOTE.fullmatch(tag.value))
    }
    result = game.known("Result")
    if result is not None and not game.known("Declarer") and not _RESULT_SIDES.fullmatch(result):
        errors.append(
            PBNSyntaxError.at(
                source,
                game.line_of("Result"),
                f'[Result "{result}"]',
                N_("the section needs the tag {name}"),
                name="Declarer",
            )
        )
    for tag in game.tags:
        if tag.name.endswith("Table") and tag.value not in _UNKNOWN:
            read_table(tag, source, errors)
    _check_notes_placed(game, source, errors)
    _check_rubber_history(game, source, errors)
    auction_tag = game.tag("Auction")
    if auction_tag is not None:
        _check_auction(game, auction_tag, notes, source, errors, strict=strict)
    play_tag = game.tag("Play")
    if play_tag is not None:
        _check_play(game, play_tag, notes, source, errors)
    errors.sort(key=lambda error: error.line)
    return errors


def _missing(
    game: PBNGame, tag: PBNTag, names: tuple[str, ...], source: str
) -> list[PBNSyntaxError]:
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


def _check_notes_placed(game: PBNGame, source: str, errors: list[PBNSyntaxError]) -> None:
    """Notes in the auction or the play section only (PBN 3.5.5 and 3.6.5).

    A note follows an ``Auction`` or ``Play`` tag, never the identification section.
    """
    in_section = False
    for tag in game.tags:
        if tag.name in ("Auction", "Play"):
            in_section = True
        elif tag.name == "Note" and not in_section:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    tag.line,
                    f'[Note "{tag.value}"]',
                    N_("a note outside the auction and play sections"),
                )
            )


def _rubber_games_won(history: str) -> tuple[int, int] | None:
    """The rubber games NS and EW have won by a ``ScoreRubberHistory`` value, or None.

    Each side's history holds the points above the line, a slash, then the points
    below the line of each game played: a game finished before the current one was
    won by the side that scored 100 below the line in it (PBN 4.2.6).

    >>> _rubber_games_won("NS 0 0 / 100 0 0 EW 0 0 / 0 100 0"), _rubber_games_won("NS 0")
    ((1, 1), None)
    """
    match = _RUBBER_HISTORY.fullmatch(history.strip())
    if match is None:
        return None
    belows = [[int(points) for points in match.group(side).split()] for side in (2, 4)]
    if len(belows[0]) != len(belows[1]):
        return None
    finished = len(belows[0]) - 1
    return (
        sum(1 for game in range(finished) if belows[0][game] >= 100),
        sum(1 for game in range(finished) if belows[1][game] >= 100),
    )


def _check_rubber_history(game: PBNGame, source: str, errors: list[PBNSyntaxError]) -> None:
    """``ScoreRubberHistory`` well formed and agreeing with ``Vulnerable`` (PBN 4.2.6).

    A side that has won a game of the rubber is vulnerable.
    """
    history = game.known("ScoreRubberHistory")
    if history is None:
        return
    written = f'[ScoreRubberHistory "{history}"]'
    line = game.line_of("ScoreRubberHistory")
    won = _rubber_games_won(history)
    if won is None:
        errors.append(
            PBNSyntaxError.at(
                source,
                line,
                written,
                N_("expected the history of both sides, such as {example}"),
                example="NS 0 0 / 100 0 EW 0 0 / 0 0",
            )
        )
        return
    vulnerable = game.known("Vulnerable")
    if vulnerable is None or vulnerable not in _VULNERABLE:
        return
    sides = {"NS": (True, False), "EW": (False, True), "All": (True, True), "Both": (True, True)}
    if sides.get(vulnerable, (False, False)) != (won[0] > 0, won[1] > 0):
        expected = {(False, False): "None", (True, False): "NS", (False, True): "EW"}
        if game.line_of("Vulnerable") > line:
            line, written = game.line_of("Vulnerable"), f'[Vulnerable "{vulnerable}"]'
        errors.append(
            PBNSyntaxError.at(
                source,
                line,
                written,
                N_("the games won make the vulnerability {expected}, not {written}"),
                expected=expected.get((won[0] > 0, won[1] > 0), "All"),
                written=vulnerable,
            )
        )


def _check_references(
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


def _check_auction(
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
    if tag.value in _UNKNOWN:
        return
    errors.extend(_missing(game, tag, ("Dealer",), source))
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
        _check_references(item, notes, source, errors)
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
    if (written is not None and _CONTRACT_LENIENT.fullmatch(written)) or written == "Pass":
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


def _check_play(
    game: PBNGame, tag: PBNTag, notes: set[int], source: str, errors: list[PBNSyntaxError]
) -> None:
    """The tags a play needs, the cards in their hands, following suit unless ``^R``."""
    if tag.value in _UNKNOWN:
        return
    errors.extend(_missing(game, tag, ("Deal", "Declarer", "Contract"), source))
    play = read_play(tag, source, errors)
    declarer = game.seat("Declarer")
    if declarer is not None and tag.value in _SEATS and Seat.from_str(tag.value) != declarer.lho:
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
        else {card: seat for seat in Seat for card in _hand_cards(deal.hands[seat].to_str())}
    )
    tricks: dict[int, list[PlayItem]] = {}
    for item in play.items:
        _check_references(item, notes, source, errors)
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
    holdings = {seat: _hand_cards(deal.hands[seat].to_str()) for seat in Seat}
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


def _hand_cards(hand: str) -> set[str]:
    """The cards of a hand written ``AKQ.JT9.876.5432``, as ``SA``, ``HJ``...

    >>> sorted(_hand_cards("A.K.Q.J"))
    ['CJ', 'DQ', 'HK', 'SA']
    """
    return {
        letter + rank for letter, suit in zip("SHDC", hand.split("."), strict=True) for rank in suit
    }

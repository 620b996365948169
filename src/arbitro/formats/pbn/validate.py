r"""The checks of a PBN game against the standard: tag values, auction, play, notes.

:func:`validate` returns every problem of one game, each naming its line. The checks
are those of PBN 2.1 on the tags Árbitro models (identification, ``Deal``,
``Dealer``, ``Vulnerable``, ``Declarer``, ``Contract``, ``Result``, the scores,
``OptimumScore``, ``Note``) and on the sections: an auction whose calls are legal
except where marked ``^I`` or ``^S``, whose contract and declarer agree with the tags,
and whose notes exist; a play whose cards are in the right hands, follow suit unless
marked ``^R``, and are not played twice.

Each tag's value is checked by :mod:`~arbitro.formats.pbn.tag_values`, the auction by
:mod:`~arbitro.formats.pbn.auction_checks`, the play by
:mod:`~arbitro.formats.pbn.play_checks`; this module gathers them, with the tag names
PBN 2.1 defines and the checks across tags: notes only in the sections, the rubber's
history against the vulnerability, a result by tricks only with a declarer.

>>> from arbitro.formats.pbn.model import PBNGame, PBNNote, PBNTag
>>> game = PBNGame((PBNTag("Dealer", "N", (), 1), PBNTag("Auction", "N", ("1S 1H",), 2, (3,))))
>>> [str(error) for error in validate(game, "a.pbn")]
['a.pbn, line 3: 1H: a bid must be higher than the last bid, 1S']
"""

from __future__ import annotations

import re

from arbitro.core.errors import PBNSyntaxError
from arbitro.formats.pbn.auction_checks import check_auction
from arbitro.formats.pbn.model import PBNGame, PBNNote
from arbitro.formats.pbn.play_checks import check_play
from arbitro.formats.pbn.table_tags import read_table
from arbitro.formats.pbn.tag_values import CHECKS, NOTE, RESULT_SIDES, UNKNOWN, VULNERABLE
from arbitro.i18n import N_

_HISTORY = r"([0-9]{1,9}) +[0-9]{1,9} */ *([0-9]{1,9}(?: +[0-9]{1,9}){0,2})"
_RUBBER_HISTORY = re.compile(rf"NS +{_HISTORY} +EW +{_HISTORY}")

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
        check = CHECKS.get(tag.name)
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
        if tag.name == "Note" and (match := NOTE.fullmatch(tag.value))
    }
    result = game.known("Result")
    if result is not None and not game.known("Declarer") and not RESULT_SIDES.fullmatch(result):
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
        if tag.name.endswith("Table") and tag.value not in UNKNOWN:
            read_table(tag, source, errors)
    _check_notes_placed(game, source, errors)
    _check_rubber_history(game, source, errors)
    auction_tag = game.tag("Auction")
    if auction_tag is not None:
        check_auction(game, auction_tag, notes, source, errors, strict=strict)
    play_tag = game.tag("Play")
    if play_tag is not None:
        check_play(game, play_tag, notes, source, errors)
    errors.sort(key=lambda error: error.line)
    return errors


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
    if vulnerable is None or vulnerable not in VULNERABLE:
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

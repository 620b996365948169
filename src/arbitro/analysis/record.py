"""Hand records: the page a club hands out after the session, as HTML and as PDF.

Each board shows the four hands in the usual compass layout (North at the top), the
dealer and vulnerability (Law 2, or the board's own markings), each hand's high-card
points, the double-dummy table (tricks for each declarer in each strain) and par. The
text is in the language asked for; cards use suit symbols and that language's ranks.

>>> from arbitro.analysis.solver import analyse
>>> from arbitro.dealing import Dealer, Seed
>>> record = HandRecord("Club pairs", tuple(analyse(Dealer(Seed.from_hex("00" * 32), "Club pairs").board_set([1]))))
>>> "Board 1" in record.html(lang="en"), "Estuche 1" in record.html(lang="es")
(True, True)
>>> record.pdf(lang="en").startswith(b"%PDF")
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import jinja2

from arbitro.analysis.stats import hcp, pattern_str
from arbitro.analysis.tables import BoardAnalysis
from arbitro.analysis.views import BoardView, HandView, SuitLine
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain, Suit
from arbitro.i18n import (
    N_,
    Language,
    get_language,
    gettext,
    ngettext,
    parse_language,
    use_language,
)

_SUITS_HIGH_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_STRAINS_SHOWN = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DECLARERS_SHOWN = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_RED = {Suit.HEARTS, Suit.DIAMONDS}
_RED_STRAINS = {Strain.HEARTS, Strain.DIAMONDS}
_TITLE = N_("Hand record")


def board_view(entry: BoardAnalysis) -> BoardView:
    """The printed form of one analysed board, in the active language.

    >>> from arbitro.analysis.solver import analyse
    >>> from arbitro.core import Board, Deal
    >>> from arbitro.dealing import DealtBoard
    >>> with use_language("es"):
    ...     view = board_view(analyse([DealtBoard(Board(3), Deal.from_number(0))])[0])
    >>> view.title, view.dealer, view.table[0]
    ('Estuche 3', 'Sur', ('N', ('0', '13', '0', '13', '0')))
    """
    dealt = entry.dealt
    language = get_language()
    hands: dict[str, HandView] = {}
    for seat in Seat:
        hand = dealt.deal[seat]
        hands[seat.name.lower()] = HandView(
            seat=seat.localized(),
            suits=tuple(
                SuitLine(
                    suit.to_str(symbols=True),
                    "".join(rank.printed(language) for rank in hand.ranks(suit)) or "—",
                    suit in _RED,
                )
                for suit in _SUITS_HIGH_FIRST
            ),
            hcp=hcp(hand),
            pattern=pattern_str(hand),
        )
    table = tuple(
        (
            declarer.to_str(language),
            tuple(str(entry.table[declarer, strain]) for strain in _STRAINS_SHOWN),
        )
        for declarer in _DECLARERS_SHOWN
    )
    score = entry.par.score
    return BoardView(
        title=gettext("Board {number}").format(number=dealt.board.number),
        section=dealt.section,
        dealer=dealt.board.dealer.localized(),
        vulnerability=dealt.board.vulnerability.localized(),
        hands=hands,
        strains=tuple(
            (strain.to_str(language, symbols=strain != Strain.NOTRUMP), strain in _RED_STRAINS)
            for strain in _STRAINS_SHOWN
        ),
        table=table,
        par_score=f"NS {score}" if score >= 0 else f"{_side_ew(language)} {-score}",
        par_contracts=entry.par.localized(),
    )


def _side_ew(language: Language) -> str:
    return "EO" if language == "es" else "EW"


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The analysed boards of an event, ready to print as HTML or PDF.

    >>> HandRecord("Club pairs", ()).html().count("<section")
    0
    """

    event: str
    entries: tuple[BoardAnalysis, ...]

    def html(self, lang: str = "en") -> str:
        """The hand record as one self-contained HTML page in ``lang``.

        >>> HandRecord("", ()).html(lang="es").count("<h1>Hoja de manos</h1>")
        1
        """
        with use_language(parse_language(lang)):
            boards = [board_view(entry) for entry in self.entries]
            return (
                _environment()
                .get_template("hand_record.html")
                .render(
                    title=gettext(_TITLE),
                    event=self.event,
                    boards=boards,
                    count=ngettext("{count} board", "{count} boards", len(boards)).format(
                        count=len(boards)
                    ),
                    lang=parse_language(lang),
                )
            )

    def pdf(self, lang: str = "en", boards_per_page: int = 2) -> bytes:
        """The hand record as a PDF in ``lang``, with 1, 2, 4 or 6 boards on each A4 page.

        >>> HandRecord("", ()).pdf(boards_per_page=3)
        Traceback (most recent call last):
        ...
        ValueError: boards_per_page must be 1, 2, 4 or 6, not 3
        """
        from arbitro.analysis.pdf import render_pdf

        if boards_per_page not in (1, 2, 4, 6):
            raise ValueError(f"boards_per_page must be 1, 2, 4 or 6, not {boards_per_page}")
        with use_language(parse_language(lang)):
            boards = [board_view(entry) for entry in self.entries]
            labels = _pdf_labels()
            output = io.BytesIO()
            render_pdf(output, gettext(_TITLE), self.event, boards, labels, boards_per_page)
            return output.getvalue()


def _pdf_labels() -> dict[str, str]:
    return {
        "dealer": gettext("Dealer"),
        "vulnerable": gettext("Vulnerable"),
        "par": gettext("Par"),
        "hcp": gettext("HCP"),
        "page": gettext("Page {number} of {count}"),
    }


_ENVIRONMENT: list[jinja2.Environment] = []


def _environment() -> jinja2.Environment:
    if not _ENVIRONMENT:
        environment = jinja2.Environment(
            loader=jinja2.PackageLoader("arbitro.analysis", "templates"),
            autoescape=jinja2.select_autoescape(["html"]),
            extensions=["jinja2.ext.i18n"],
            undefined=jinja2.StrictUndefined,
        )
        environment.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
        _ENVIRONMENT.append(environment)
    return _ENVIRONMENT[0]


def hand_record(event: str, entries: Sequence[BoardAnalysis]) -> HandRecord:
    """A hand record of ``entries`` for ``event``.

    >>> hand_record("Club", []).event
    'Club'
    """
    return HandRecord(event, tuple(entries))

"""The hand record as PDF, drawn with ReportLab on A4 pages.

Text is set in Helvetica and the suit symbols in ZapfDingbats, two of the fonts every
PDF reader has, so the file needs no embedded font and prints the same everywhere.
:meth:`HandRecord.pdf <arbitro.analysis.record.HandRecord.pdf>` is the way in.

>>> import io
>>> output = io.BytesIO()
>>> render_pdf(output, "Hand record", "", [], {"dealer": "Dealer", "vulnerable": "Vulnerable", "par": "Par", "hcp": "HCP", "page": "Page {number} of {count}"}, 2)
>>> output.getvalue()[:5]
b'%PDF-'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import BinaryIO

from reportlab.lib.colors import Color, black
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from arbitro.analysis.views import BoardView, HandView

_GRID = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
_MARGIN = 36.0
_HEADER = 28.0
_FOOTER = 18.0
_RED = Color(0.8, 0, 0)
_GREY = Color(0.45, 0.45, 0.45)
_TEXT = "Helvetica"
_BOLD = "Helvetica-Bold"
_SYMBOLS = "ZapfDingbats"


def render_pdf(
    output: BinaryIO,
    title: str,
    event: str,
    boards: Sequence[BoardView],
    labels: dict[str, str],
    boards_per_page: int,
) -> None:
    """Draw ``boards`` into ``output``, ``boards_per_page`` to an A4 page (1, 2, 4 or 6).

    ``labels`` are the words printed, already in the reader's language (see the module's
    example); an empty hand record still has its title page.
    """
    columns, rows = _GRID[boards_per_page]
    width, height = A4
    canvas = Canvas(output, pagesize=A4, pageCompression=1)
    canvas.setTitle(f"{title} · {event}" if event else title)
    canvas.setCreator("Árbitro")
    pages = max(1, -(-len(boards) // boards_per_page))
    cell_width = (width - 2 * _MARGIN) / columns
    cell_height = (height - 2 * _MARGIN - _HEADER - _FOOTER) / rows
    heading, size = fitted_heading(f"{title} · {event}" if event else title, width - 2 * _MARGIN)
    for page in range(pages):
        canvas.setFont(_BOLD, size)
        canvas.setFillColor(black)
        canvas.drawString(_MARGIN, height - _MARGIN - 14, heading)
        canvas.setFont(_TEXT, 8)
        canvas.setFillColor(_GREY)
        canvas.drawRightString(
            width - _MARGIN,
            _MARGIN - 4,
            labels["page"].format(number=page + 1, count=pages),
        )
        for slot, board in enumerate(boards[page * boards_per_page : (page + 1) * boards_per_page]):
            column, row = slot % columns, slot // columns
            left = _MARGIN + column * cell_width
            top = height - _MARGIN - _HEADER - row * cell_height
            _draw_board(canvas, board, labels, left, top, cell_width, cell_height)
        canvas.showPage()
    canvas.save()


def fitted_heading(
    text: str, room: float, size: float = 14, smallest: float = 9
) -> tuple[str, float]:
    """The page heading and its font size, to fit ``room`` points: smaller, then cut.

    A long event name is set smaller down to ``smallest`` points; if it still does not
    fit, it is cut and ends in an ellipsis, never running off the page.

    >>> fitted_heading("Hand record · Club pairs", 500)
    ('Hand record · Club pairs', 14)
    >>> text, size = fitted_heading("Hand record · " + "Campeonato " * 20, 500)
    >>> size, text.endswith("…"), stringWidth(text, "Helvetica-Bold", size) <= 500
    (9, True, True)
    """
    while size > smallest and stringWidth(text, _BOLD, size) > room:
        size -= 1
    if stringWidth(text, _BOLD, size) <= room:
        return text, size
    while text and stringWidth(text.rstrip() + "…", _BOLD, size) > room:
        text = text[:-1]
    return text.rstrip() + "…", size


def _draw_board(
    canvas: Canvas,
    board: BoardView,
    labels: dict[str, str],
    left: float,
    top: float,
    width: float,
    height: float,
) -> None:
    """One board in a cell whose top-left corner is (left, top).

    North is above the centre square, West and East beside it, South below it; the
    double-dummy table sits under West, beside South, and par closes the cell.
    """
    size = min(16.0, height / 27, width / 30)
    line = size * 1.3
    pad = size * 0.8
    half = size * 2.4
    canvas.setStrokeColor(_GREY)
    canvas.setLineWidth(0.5)
    canvas.rect(left + 2, top - height + 4, width - 4, height - 8)
    x, y = left + pad, top - pad - size
    canvas.setFillColor(black)
    canvas.setFont(_BOLD, size * 1.15)
    canvas.drawString(x, y, board.title + (f" · {board.section}" if board.section else ""))
    y -= line
    canvas.setFont(_TEXT, size * 0.9)
    canvas.drawString(x, y, f"{labels['dealer']}: {board.dealer} · {board.vulnerability}")
    y -= line * 1.4
    centre_x = left + width / 2
    _draw_hand(canvas, board.hands["north"], centre_x - half, y, size, line, labels)
    middle = y - 5 * line
    _draw_hand(canvas, board.hands["west"], x, middle, size, line, labels)
    _draw_hand(
        canvas, board.hands["east"], centre_x + half + size * 0.6, middle, size, line, labels
    )
    _draw_centre(canvas, board, centre_x, middle - 2 * line + size / 2, half, size)
    south_y = middle - 5 * line
    _draw_hand(canvas, board.hands["south"], centre_x - half, south_y, size, line, labels)
    _draw_table(canvas, board, x, south_y, size, line)
    par_y = south_y - 5.2 * line
    canvas.setFillColor(black)
    _draw_mixed(
        canvas, f"{labels['par']}: {board.par_score} · {board.par_contracts}", x, par_y, size * 0.9
    )


def _draw_hand(
    canvas: Canvas,
    hand: HandView,
    x: float,
    y: float,
    size: float,
    line: float,
    labels: dict[str, str],
) -> None:
    canvas.setFillColor(_GREY)
    canvas.setFont(_TEXT, size * 0.75)
    canvas.drawString(x, y, f"{hand.seat} · {labels['hcp']} {hand.hcp} · {hand.pattern}")
    for offset, suit in enumerate(hand.suits, start=1):
        _draw_suit(canvas, suit.symbol, suit.red, x, y - offset * line, size)
        canvas.setFillColor(black)
        canvas.setFont(_TEXT, size)
        canvas.drawString(x + size * 1.1, y - offset * line, suit.ranks)


def _draw_suit(canvas: Canvas, symbol: str, red: bool, x: float, y: float, size: float) -> None:
    canvas.setFillColor(_RED if red else black)
    canvas.setFont(_SYMBOLS, size * 0.85)
    canvas.drawString(x, y, symbol)


def _draw_centre(
    canvas: Canvas, board: BoardView, centre_x: float, centre_y: float, half: float, size: float
) -> None:
    """The square between the hands, with each hand's HCP on its side."""
    canvas.setStrokeColor(_GREY)
    canvas.rect(centre_x - half, centre_y - half, 2 * half, 2 * half)
    canvas.setFillColor(black)
    canvas.setFont(_TEXT, size * 0.85)
    places = {
        "north": (centre_x, centre_y + half - size),
        "south": (centre_x, centre_y - half + size * 0.35),
        "west": (centre_x - half + size * 0.8, centre_y - size * 0.3),
        "east": (centre_x + half - size * 0.8, centre_y - size * 0.3),
    }
    for place, (px, py) in places.items():
        canvas.drawCentredString(px, py, str(board.hands[place].hcp))


def _draw_table(
    canvas: Canvas, board: BoardView, x: float, y: float, size: float, line: float
) -> None:
    """The double-dummy table: strains across, declarers down."""
    cell = size * 1.9
    canvas.setFont(_TEXT, size * 0.85)
    for index, (strain, red) in enumerate(board.strains):
        cx = x + cell * (index + 1.5)
        if strain in "♠♥♦♣":
            _draw_suit(canvas, strain, red, cx - size * 0.35, y, size)
        else:
            canvas.setFillColor(black)
            canvas.setFont(_TEXT, size * 0.85)
            canvas.drawCentredString(cx, y, strain)
    canvas.setFillColor(black)
    canvas.setFont(_TEXT, size * 0.85)
    for row, (declarer, tricks) in enumerate(board.table, start=1):
        ry = y - row * line
        canvas.drawCentredString(x + cell * 0.5, ry, declarer)
        for index, value in enumerate(tricks):
            canvas.drawCentredString(x + cell * (index + 1.5), ry, value)
    canvas.setStrokeColor(_GREY)
    canvas.line(x, y - line * 0.35, x + cell * 6, y - line * 0.35)


def _draw_mixed(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """Draw ``text`` with its suit symbols in the symbol font, red for hearts and diamonds."""
    for piece in re.split("([♠♥♦♣])", text):
        if not piece:
            continue
        if piece in "♠♥♦♣":
            _draw_suit(canvas, piece, piece in "♥♦", x, y, size)
            x += float(stringWidth(piece, _SYMBOLS, size * 0.85))
        else:
            canvas.setFillColor(black)
            canvas.setFont(_TEXT, size)
            canvas.drawString(x, y, piece)
            x += text_width(piece, size)


def text_width(text: str, size: float) -> float:
    """The width of ``text`` in the body font at ``size`` points.

    >>> text_width("", 10)
    0.0
    """
    return float(stringWidth(text, _TEXT, size))

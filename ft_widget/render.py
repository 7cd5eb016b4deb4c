"""Static pictures of a position: a text board for terminals, HTML for notebooks.

These show the whole position a ``Game`` holds, as python-chess's board pictures do;
face-down cards are drawn as backs.
"""

from __future__ import annotations

import base64
import math
import pathlib
import re
from dataclasses import dataclass

from . import game as _game
from .cards import SUIT_SYMBOLS, card_name, card_symbol, is_red
from .game import Game
from .i18n import pgettext
from .moves import FOUNDATION, STOCK, WASTE, Move
from .rules import foundation_for
from .words import status_line

TEXT_BACK = "▒▒"  # the SVG part below has its own BACK colour


def text_board(game: Game) -> str:
    """A fixed-width picture: foundations, stock and waste, then the columns top-down."""
    found = " ".join(card_symbol(p[-1]).rjust(3) if p else "  ·" for p in game.foundations)
    waste = game.waste
    stock_line = f"Stock {len(game.stock):>2}   Waste {card_symbol(waste[-1]) if waste else '·'}"
    if waste:
        stock_line += f" ({len(waste)})"
    lines = [status_line(game), f"Foundations {found}", stock_line, ""]
    cols, down = game.tableau, game.face_down_counts
    lines.append(" ".join(f"{i + 1:>3}" for i in range(len(cols))))
    depth = max((len(c) for c in cols), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for col, d in zip(cols, down, strict=True):
            if row < len(col):
                cells.append((TEXT_BACK if row < d else card_symbol(col[row])).rjust(3))
            else:
                cells.append("  ·" if row == 0 else "   ")
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines)


# ---------------------------------------------------------------------- HTML / SVG
# One inline SVG with presentation attributes only: no <style>, no classes, no ids, no
# scripts, so GitHub's and nbviewer's sanitizers keep it and exported HTML shows it as is.

CARD_W, CARD_H, GAP = 50, 70, 8
PITCH = CARD_W + GAP
MARGIN = 12
FAN_UP, FAN_DOWN = 19, 10  # vertical offsets in a column: face-up cards, face-down cards
MAX_COLUMN_H = 420  # long columns compress their fan to stay within this height
WASTE_FAN = 28  # horizontal offset of the visible waste cards in three-card games

FELT, FELT_TEXT, FELT_DIM = "#1d6b40", "#ffffff", "#bfe3cc"
FACE, FACE_EDGE = "#ffffff", "#6b6b6b"
RED, BLACK = "#c62828", "#1a1a1a"
BACK, BACK_EDGE, BACK_LINE = "#27499b", "#ffffff", "#8fa8e8"
SOURCE, TARGET = "#ff9800", "#00e5ff"
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"


# Characters XML 1.0 forbids even escaped (C0 controls but tab and line ends, lone surrogates,
# U+FFFE/U+FFFF): a picture's text from a file or a caller shows them as U+FFFD, so the SVG stays
# well-formed whatever the text holds.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _esc(text: str) -> str:
    text = _NOT_XML.sub("\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _text(x: float, y: float, text: str, size: int, fill: str,
          anchor: str = "start", bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    # the font family is set once, on the <svg> element (see svg_board)
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}"{weight} '
            f'fill="{fill}" text-anchor="{anchor}">{_esc(text)}</text>')


def _face(x: float, y: float, card: int) -> str:
    colour = RED if is_red(card) else BLACK
    symbol = card_symbol(card)
    return (
        f'<g><title>{_esc(_card_title(card))}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" '
        f'fill="{FACE}" stroke="{FACE_EDGE}" stroke-width="1"/>'
        + _text(x + 4, y + 15, symbol, 14, colour, bold=True)
        + _text(x + CARD_W - 4, y + CARD_H - 6, SUIT_SYMBOLS[card // 13], 26, colour, anchor="end")
        + "</g>"
    )


def svg_card(x: float, y: float, card: int) -> str:
    """One face-up card at (x, y) as the board pictures draw it: for diagrams of a few cards
    (``ft_widget.teaching.build_picture``). Put it in an <svg> with ``font-family=FONT``."""
    return _face(x, y, card)


def svg_text(x: float, y: float, text: str, size: int, fill: str, anchor: str = "start",
             bold: bool = False) -> str:
    """A label in the pictures' style (the font family comes from the enclosing <svg>)."""
    return _text(x, y, text, size, fill, anchor, bold)


def _card_title(card: int) -> str:
    return card_name(card)


def _back(x: float, y: float) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" '
        f'fill="{BACK}" stroke="{BACK_EDGE}" stroke-width="1.5"/>'
        f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="3" '
        f'fill="none" stroke="{BACK_LINE}" stroke-width="1"/>'
        f'<path d="M{x + 4:g} {y + 4:g}L{x + CARD_W - 4:g} {y + CARD_H - 4:g}M{x + CARD_W - 4:g} {y + 4:g}'
        f'L{x + 4:g} {y + CARD_H - 4:g}" stroke="{BACK_LINE}" stroke-width="1"/>'
    )


# An SVG that is an image of its own (an <img> with a data URI) is read by no sanitizer and
# shares no ids with the page, so it may draw each shape once (<defs>, placed with <use>) and
# style its text with classes (_IMAGE_STYLE): a board is then about half the size, which matters
# in a notebook that saves one picture per board (Board._repr_mimebundle_). Card titles are left
# out: an image's inner titles reach neither a tooltip nor a screen reader (its alt text does).
_IMAGE_STYLE = (".i{font-size:14px;font-weight:bold}.s{font-size:26px;text-anchor:end}"
                f".r{{fill:{RED}}}.k{{fill:{BLACK}}}")


def _image_face(x: float, y: float, card: int, covered: bool) -> str:
    """A face in an image's SVG; a ``covered`` card (the next card of its fan lies on its lower
    half) leaves out the big suit sign, which would be drawn only to be hidden."""
    ink = "r" if is_red(card) else "k"
    out = (f'<use href="#f" x="{x:g}" y="{y:g}"/>'
           f'<text x="{x + 4:g}" y="{y + 15:g}" class="i {ink}">{card_symbol(card)}</text>')
    if not covered:
        out += (f'<text x="{x + CARD_W - 4:g}" y="{y + CARD_H - 6:g}" class="s {ink}">'
                f'{SUIT_SYMBOLS[card // 13]}</text>')
    return out


def _slot(x: float, y: float, label: str = "") -> str:
    out = (f'<rect x="{x + 1:g}" y="{y + 1:g}" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="5" '
           f'fill="none" stroke="{FELT_DIM}" stroke-width="1.5" stroke-dasharray="4 3"/>')
    if label:
        out += _text(x + CARD_W / 2, y + CARD_H / 2 + 6, label, 16, FELT_DIM, anchor="middle")
    return out


def _image_defs() -> str:
    """The shapes an image's SVG draws once: a face (f), a back (b), an empty place (e)."""
    return (f'<defs><style>{_IMAGE_STYLE}</style>'
            f'<rect id="f" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{FACE}" stroke="{FACE_EDGE}" '
            f'stroke-width="1"/><g id="b">{_back(0, 0)}</g><g id="e">{_slot(0, 0)}</g></defs>')


def _outline(x: float, y: float, w: float, h: float, colour: str) -> str:
    return (f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{w + 6:g}" height="{h + 6:g}" rx="7" '
            f'fill="none" stroke="{colour}" stroke-width="3"/>')


def _arrow(start: tuple[float, float], end: tuple[float, float]) -> str:
    """An arrow between two card centres, from edge to edge so it hides no card's index."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    # how far from a centre along the line the card's outline lies
    edge = min((CARD_W / 2 + 5) / abs(dx) if dx else math.inf, (CARD_H / 2 + 5) / abs(dy) if dy else math.inf)
    inset = edge * length if length else 0
    if length - 2 * inset < 14:  # neighbouring piles: the two outlines say enough
        return ""
    ux, uy = dx / length, dy / length
    x1, y1, x2, y2 = x1 + ux * inset, y1 + uy * inset, x2 - ux * inset, y2 - uy * inset
    bx, by = x2 - ux * 12, y2 - uy * 12  # base of the arrow head
    px, py = -uy * 6, ux * 6
    return (
        f'<g opacity="0.8"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
        f'stroke="{SOURCE}" stroke-width="3" stroke-linecap="round"/>'
        f'<polygon points="{x2:.1f},{y2:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}" '
        f'fill="{SOURCE}"/></g>'
    )


def _column_offsets(n: int, down: int) -> tuple[float, float]:
    """Fan offsets (face-down, face-up) so a column of ``n`` cards fits ``MAX_COLUMN_H``."""
    up = n - down
    height = CARD_H + down * FAN_DOWN + max(up - 1, 0) * FAN_UP
    if height <= MAX_COLUMN_H:
        return FAN_DOWN, FAN_UP
    scale = (MAX_COLUMN_H - CARD_H) / (height - CARD_H)
    return FAN_DOWN * scale, FAN_UP * scale


@dataclass
class _Layout:
    """Where a picture puts things: its size, the rows' heights and each column's fan."""

    game: Game
    slots: int  # card places across: the columns, or the top row's 11 if more
    width: float
    height: float
    top_y: float
    col_label_y: float
    col_y: float
    down: list[int]
    offsets: list[tuple[float, float]]  # per column: (face-down, face-up) fan offsets
    image: bool = False  # an <img>'s own SVG: shapes drawn once and used (see _IMAGE_DEFS)

    def face(self, x: float, y: float, card: int, covered: bool = False) -> str:
        return _image_face(x, y, card, covered) if self.image else _face(x, y, card)

    def back(self, x: float, y: float) -> str:
        return f'<use href="#b" x="{x:g}" y="{y:g}"/>' if self.image else _back(x, y)

    def slot(self, x: float, y: float, label: str = "") -> str:
        if not self.image:
            return _slot(x, y, label)
        out = f'<use href="#e" x="{x:g}" y="{y:g}"/>'
        return out + (_text(x + CARD_W / 2, y + CARD_H / 2 + 6, label, 16, FELT_DIM, anchor="middle")
                      if label else "")

    def slot_x(self, k: int) -> float:
        return MARGIN + k * PITCH

    def card_y(self, i: int, k: int) -> float:
        d = self.down[i]
        od, ou = self.offsets[i]
        return self.col_y + min(k, d) * od + max(k - d, 0) * ou

    @property
    def foundations_x(self) -> float:
        return self.slot_x(self.slots - 8)


def _layout(game: Game) -> _Layout:
    cols, down = game.tableau, game.face_down_counts
    slots = max(len(cols), 11)  # the top row needs stock, waste (with its fan) and 8 foundations
    top_y = 28
    col_label_y = top_y + CARD_H + 34
    col_y = col_label_y + 8
    offsets = [_column_offsets(len(c), d) for c, d in zip(cols, down, strict=True)]
    depth = max((CARD_H + d * od + max(len(c) - d - 1, 0) * ou
                 for c, d, (od, ou) in zip(cols, down, offsets, strict=True)), default=CARD_H)
    return _Layout(game, slots, 2 * MARGIN + slots * PITCH - GAP, col_y + max(depth, CARD_H) + MARGIN,
                   top_y, col_label_y, col_y, down, offsets)


def _draw_stock(at: _Layout, parts: list[str], anchors: dict) -> None:
    """A back with the count, or an empty slot; games with redeals show ↻ and how many are left."""
    game, sx, top_y = at.game, at.slot_x(0), at.top_y
    stock = game.stock
    if stock:
        parts.append(at.back(sx, top_y))
        parts.append(f'<rect x="{sx + 9:g}" y="{top_y + 24:g}" width="32" height="22" rx="4" fill="#ffffff" '
                     f'opacity="0.9"/>')
        parts.append(_text(sx + CARD_W / 2, top_y + 40, str(len(stock)), 14, BLACK,
                           anchor="middle", bold=True))
    else:
        parts.append(at.slot(sx, top_y))
    if game.variant.redeals:
        parts.append(_text(sx + CARD_W / 2, top_y + CARD_H - 7, f"↻{game.redeals_left}", 12,
                           FELT_TEXT if stock else FELT_DIM, anchor="middle", bold=True))
    label = pgettext("picture label", "stock {n}").format(n=len(stock))
    parts.append(_text(sx, top_y + CARD_H + 14, label, 11, FELT_DIM))
    anchors[STOCK] = (sx, top_y)


def _draw_waste(at: _Layout, parts: list[str], anchors: dict) -> None:
    """The cards of the last deal fanned (three-card games), the top one playable."""
    wx, top_y, waste = at.slot_x(1), at.top_y, at.game.waste
    shown = waste[-at.game.variant.stock_deal:] if waste else []
    if shown:
        for k, c in enumerate(shown):
            parts.append(at.face(wx + k * WASTE_FAN, top_y, c, covered=k < len(shown) - 1))
    else:
        parts.append(at.slot(wx, top_y))
    anchors[WASTE] = (wx + max(len(shown) - 1, 0) * WASTE_FAN, top_y)
    label = pgettext("picture label", "waste {n}").format(n=len(waste))
    parts.append(_text(wx, top_y + CARD_H + 14, label, 11, FELT_DIM))


def _draw_foundations(at: _Layout, parts: list[str]) -> None:
    """The top card of each of the eight piles, right-aligned."""
    fx0, top_y = at.foundations_x, at.top_y
    for k, pile in enumerate(at.game.foundations):
        x = fx0 + k * PITCH
        parts.append(at.face(x, top_y, pile[-1]) if pile else at.slot(x, top_y, "A"))
    parts.append(_text(fx0, top_y + CARD_H + 14, pgettext("picture label", "foundations {home}/104").format(
        home=at.game.cards_home), 11, FELT_DIM))


def _draw_tableau(at: _Layout, parts: list[str], anchors: dict) -> None:
    """Column numbers (the notation's pile names), then the fanned columns."""
    for i, col in enumerate(at.game.tableau):
        x = at.slot_x(i)
        parts.append(_text(x + CARD_W / 2, at.col_label_y, str(i + 1), 12, FELT_DIM, anchor="middle",
                           bold=True))
        if not col:
            parts.append(at.slot(x, at.col_y))
            anchors[i] = (x, at.col_y)
            continue
        for k, c in enumerate(col):
            y = at.card_y(i, k)
            parts.append(at.back(x, y) if k < at.down[i] else at.face(x, y, c, covered=k < len(col) - 1))
        anchors[i] = (x, at.card_y(i, len(col) - 1))


def svg_board(game: Game, highlight=None, caption: str | None = None, scale: float = 1.0,
              image: bool = False) -> str:
    """The position as one self-contained SVG element.

    ``highlight`` (a ``Move`` or its notation) outlines the cards that move and the pile
    they go to, with an arrow between them: use it to replay a line step by step.
    ``caption`` replaces the status line; ``scale`` resizes the picture. ``image=True`` draws
    the same picture at about half the size, for an SVG that is only ever an image of its
    own (an ``<img>``): it defines its shapes once, with ids, and a ``<style>``, which inline
    SVG must not have.
    """
    at = _layout(game)
    at.image = image
    status = status_line(game) if caption is None else caption
    parts = [_text(MARGIN, 18, status, 13, FELT_TEXT, bold=True)]
    # Where each pile's top card is drawn, for highlights: pile -> (x, y) of its top card.
    anchors: dict[int, tuple[float, float]] = {}
    _draw_stock(at, parts, anchors)
    _draw_waste(at, parts, anchors)
    _draw_foundations(at, parts)
    _draw_tableau(at, parts, anchors)
    if highlight is not None:
        parts.append(_highlight(game, Move.parse(highlight) if isinstance(highlight, str) else highlight,
                                anchors, at.slot_x, at.foundations_x, at.card_y))
    title = _esc(status)
    width, height = at.width, at.height
    w, h = width * scale, height * scale
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="{FONT}" role="img" aria-label="{title}">'
        f'<title>{title}</title>' + (_image_defs() if image else "")
        + f'<rect x="0" y="0" width="{width:g}" height="{height:g}" rx="8" fill="{FELT}"/>'
        + "".join(parts)
        + "</svg>"
    )


def _highlight(game: Game, move, anchors, slot_x, fx0, card_y) -> str:
    """Outline a move's cards (orange) and its destination (cyan), with an arrow."""
    src, dst, count = move
    ncols = len(game.tableau)
    for p in (src, dst):
        if not (0 <= p < ncols or p in (WASTE, STOCK, FOUNDATION)):
            raise ValueError(f"{game.variant.name} has {ncols} columns: there is no column {p + 1}")
    out = []
    if src < ncols:
        col = game.tableau[src]
        k = max(len(col) - count, 0)
        x, y0 = slot_x(src), card_y(src, k)
        y1 = anchors[src][1]
        out.append(_outline(x, y0, CARD_W, y1 - y0 + CARD_H, SOURCE))
        sx, sy = x, y0
        card = col[k] if col else None
    else:
        sx, sy = anchors[src]
        out.append(_outline(sx, sy, CARD_W, CARD_H, SOURCE))
        waste = game.waste
        card = waste[-1] if src == WASTE and waste else None
    if dst == FOUNDATION:
        # the pile the engine would choose
        k = (foundation_for(game.foundations, card) if card is not None else None) or 0
        tx, ty = fx0 + k * PITCH, anchors[STOCK][1]
    else:
        tx, ty = anchors[dst]
    out.append(_outline(tx, ty, CARD_W, CARD_H, TARGET))
    out.append(_arrow((sx + CARD_W / 2, sy + CARD_H / 2), (tx + CARD_W / 2, ty + CARD_H / 2)))
    return "".join(out)


def html_board(game: Game, highlight=None, caption: str | None = None, scale: float = 1.0) -> str:
    """The position as HTML for notebooks (``Game._repr_html_``): an inline SVG picture.

    It reads the same in JupyterLab, on GitHub, on nbviewer and in exported HTML, with no
    kernel, script or stylesheet. Face-down cards are drawn as backs; the stock shows its
    count. See :func:`svg_board` for ``highlight``, ``caption`` and ``scale``.
    """
    return f'<div style="overflow-x:auto;line-height:0">{svg_board(game, highlight, caption, scale)}</div>'


# A picture is an SVG (ft_widget.render's visual language) shown as an <img> with a data URI.
# Measured in JupyterLab 4 (tests/e2e/test_notebook_pictures.py): an untrusted notebook, which
# every cloned notebook is, strips inline <svg> from HTML output and does not render
# image/svg+xml output at all, but it shows an <img> whose source is a data URI. GitHub and
# nbviewer show such an image too (it is how they show PNG outputs).
class Picture:
    """A static picture for a notebook output: an image in HTML, a text fallback elsewhere."""

    def __init__(self, svg: str, text: str, alt: str = ""):
        self.svg, self.text, self.alt = svg, text, alt or text.splitlines()[0]

    def img(self) -> str:
        data = base64.b64encode(self.svg.encode()).decode("ascii")
        alt = self.alt.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
        return f'<img class="ft-picture" alt="{alt}" src="data:image/svg+xml;base64,{data}">'

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.img(), "text/plain": self.text}

    def save(self, path) -> None:
        """Write the SVG to ``path`` (for slides, or a Markdown image)."""
        pathlib.Path(path).write_text(self.svg)


_game.PICTURES.update(text=text_board, html=html_board)

"""Static pictures of a position: a text board for terminals, HTML for notebooks.

These show the whole position a ``Game`` holds, as python-chess's board pictures do;
face-down cards are drawn as backs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import card_symbol

if TYPE_CHECKING:
    from .game import Game

BACK = "▒▒"


def _status(game: "Game") -> str:
    parts = [game.variant.name]
    if game.deal is not None:
        parts.append(f"deal {game.deal}")
    parts.append(f"{len(game.history)} moves")
    parts.append(f"{game.cards_home}/104 home")
    if game.is_won:
        parts.append("won")
    elif game.is_stuck:
        parts.append("no moves left")
    return " · ".join(parts)


def text_board(game: "Game") -> str:
    """A fixed-width picture: foundations, stock and waste, then the columns top-down."""
    found = " ".join(card_symbol(p[-1]).rjust(3) if p else "  ·" for p in game.foundations)
    waste = game.waste
    stock_line = f"Stock {len(game.stock):>2}   Waste {card_symbol(waste[-1]) if waste else '·'}"
    if waste:
        stock_line += f" ({len(waste)})"
    if game.variant.redeals:
        stock_line += f"   redeals left {game.redeals_left}"
    lines = [_status(game), f"Foundations {found}", stock_line, ""]
    cols, down = game.tableau, game.face_down_counts
    lines.append(" ".join(f"{i + 1:>3}" for i in range(len(cols))))
    depth = max((len(c) for c in cols), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for col, d in zip(cols, down):
            if row < len(col):
                cells.append((BACK if row < d else card_symbol(col[row])).rjust(3))
            else:
                cells.append("  ·" if row == 0 else "   ")
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines)

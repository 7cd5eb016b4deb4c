"""The game: piles, legal moves, play / undo / redo, positions as JSON.

``Game`` is the single judge of what is legal. Everything else (the board widget, the
solver, the notebooks) asks it. The rules are read from the game's :class:`Variant`;
there are no per-game branches here.

Internally a card is an ``int`` (see :mod:`ft_widget.cards`), columns are lists from
bottom to top, and each column's face-down cards are its bottom ``down[i]`` cards.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .cards import (
    KING,
    RANK_NAMES,
    Card,
    card_str,
    card_symbol,
    is_red,
    rank_of,
    suit_of,
)
from .deal import check_deal_number, deal_layout
from .variants import Build, Variant, get_variant

# Internal pile numbers: tableau columns are 0 … 12; then these.
WASTE, STOCK, FOUNDATION = 13, 14, 15
_MAX_COLUMNS = 13


class IllegalMove(ValueError):
    """A move that the rules refuse, or text that is not a move. The game is unchanged."""


def _pile_name(p: int) -> str:
    return str(p + 1) if p < WASTE else {WASTE: "w", STOCK: "s", FOUNDATION: "f"}[p]


class Move(NamedTuple):
    """A move in RULES.md notation: ``3>f``, ``w>7``, ``4>9x3``, ``s>w``, ``w>s``.

    ``src`` and ``dst`` are internal pile numbers (0-based columns, or ``WASTE``,
    ``STOCK``, ``FOUNDATION``); ``count`` is how many cards move as a sequence.
    Build one from text with :meth:`Move.parse`, or compare with ``str(move)``.
    """

    src: int
    dst: int
    count: int = 1

    def __str__(self) -> str:
        text = f"{_pile_name(self.src)}>{_pile_name(self.dst)}"
        return text + (f"x{self.count}" if self.count > 1 else "")

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move notation; ``IllegalMove`` for anything that is not a move."""
        if not isinstance(text, str):
            raise IllegalMove(f"a move is text like '3>f', not {type(text).__name__}")
        m = _MOVE_RE.match(text.strip()) if len(text) <= 16 else None
        if not m:
            shown = text if len(text) <= 16 else text[:16] + "…"
            raise IllegalMove(
                f"{shown!r} is not a move: write moves like 3>f, w>7, 4>9x3, s>w or w>s"
            )
        src, dst, count = _PILES[m.group(1).lower()], _PILES[m.group(2).lower()], m.group(3)
        if src == FOUNDATION:
            raise IllegalMove("cards never leave the foundations")
        count = int(count) if count else 1
        if count < 1:
            raise IllegalMove(f"{text.strip()!r}: a move takes at least one card")
        return cls(src, dst, count)


_MOVE_RE = re.compile(r"^(1[0-3]|[1-9]|[wsfWSF])>(1[0-3]|[1-9]|[wsfWSF])(?:x(\d{1,3}))?$")
_PILES = {str(i + 1): i for i in range(_MAX_COLUMNS)}
_PILES.update(w=WASTE, s=STOCK, f=FOUNDATION)

# Prebuilt single-card moves, so listing legal moves allocates nothing.
_M = [[Move(s, d) for d in range(16)] for s in range(16)]
# … and run moves, _RUN[src][dst][n] for n ≥ 2 (a run never exceeds 13 cards).
_RUN = [[[None, None] + [Move(s, d, n) for n in range(2, 14)] for d in range(_MAX_COLUMNS)]
        for s in range(_MAX_COLUMNS)]
_DEAL, _REDEAL = Move(STOCK, WASTE), Move(WASTE, STOCK)


def _accepts_table(build: Build) -> list[tuple[Card, ...]]:
    """For each card, the tableau cards it may be placed on."""
    table = []
    for c in range(52):
        r, s = rank_of(c), suit_of(c)
        if r == KING:
            table.append(())
            continue
        ontos = []
        for s2 in range(4):
            onto = s2 * 13 + r  # rank r + 1 of suit s2
            if build is Build.SAME_SUIT:
                ok = s2 == s
            elif build is Build.OTHER_SUIT:
                ok = s2 != s
            else:
                ok = is_red(onto) != is_red(c)
            if ok:
                ontos.append(onto)
        table.append(tuple(ontos))
    return table


_ACCEPTS = {b: _accepts_table(b) for b in Build}
_BUILD_WORDS = {
    Build.SAME_SUIT: "you build down in the same suit",
    Build.OTHER_SUIT: "you build down in any suit but the card's own",
    Build.ALTERNATE_COLOUR: "you build down in alternate colours",
}


class _Undo(NamedTuple):
    move: Move
    flipped: bool = False  # a face-down card turned up in the source column
    pile: int = -1  # foundation pile that took the card
    dealt: int = 0  # cards turned from stock to waste


class Game:
    """One game of a Forty Thieves variant.

    >>> g = Game("forty_thieves", deal=1)
    >>> len(g.legal_moves()) > 0
    True
    """

    def __init__(self, variant: str | Variant = "forty_thieves", deal: int | None = None):
        self.variant = get_variant(variant)
        if deal is None:
            import random

            deal = random.randint(1, 32000)
        self.deal = check_deal_number(deal)
        tableau, stock, foundations = deal_layout(self.variant, self.deal)
        self._setup(tableau, [self.variant.face_down] * len(tableau), foundations, [], stock,
                    self.variant.redeals)

    def _setup(self, tableau, down, foundations, waste, stock, redeals_left) -> None:
        v = self.variant
        self._accepts = _ACCEPTS[v.build]
        self._tab: list[list[Card]] = tableau
        self._down: list[int] = down
        self._found: list[list[Card]] = foundations
        self._waste: list[Card] = waste
        self._stock: list[Card] = stock
        self._redeals_left = redeals_left
        # _wait[c]: how many foundation piles would take card c next (Aces always fit:
        # eight piles, eight Aces, so a pile is free whenever an Ace is not home).
        self._wait = [0] * 52
        for pile in foundations:
            if pile and rank_of(pile[-1]) < KING:
                self._wait[pile[-1] + 1] += 1
        self._home = sum(len(p) for p in foundations)
        self._undo: list[_Undo] = []
        self._redo: list[Move] = []

    # ------------------------------------------------------------------ reading
    @property
    def history(self) -> list[Move]:
        """The moves played so far, oldest first (a copy)."""
        return [u.move for u in self._undo]

    @property
    def cards_home(self) -> int:
        return self._home

    @property
    def is_won(self) -> bool:
        return self._home == 104

    @property
    def is_stuck(self) -> bool:
        """No legal move is left and the game is not won: a lost game."""
        return not self.is_won and not self.has_legal_moves()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redeals_left(self) -> int:
        return self._redeals_left

    @property
    def tableau(self) -> list[list[Card]]:
        """Columns bottom to top (copies); see :meth:`face_down_counts` for hidden cards."""
        return [list(c) for c in self._tab]

    @property
    def face_down_counts(self) -> list[int]:
        return list(self._down)

    @property
    def foundations(self) -> list[list[Card]]:
        return [list(p) for p in self._found]

    @property
    def waste(self) -> list[Card]:
        return list(self._waste)

    @property
    def stock(self) -> list[Card]:
        """Stock cards, bottom to top: the last is dealt next."""
        return list(self._stock)

    # ------------------------------------------------------------------ moves
    def _run_length(self, i: int) -> int:
        """Cards in the movable sequence at the top of column ``i`` (0 if empty)."""
        col = self._tab[i]
        n = len(col)
        if not n:
            return 0
        if not self.variant.sequences:
            return 1
        accepts, lo, k = self._accepts, self._down[i], 1
        while n - k - 1 >= lo and col[n - k - 1] in accepts[col[n - k]]:
            k += 1
        return k

    def legal_moves(self) -> list[Move]:
        """Every legal move, each once."""
        tab, accepts, wait, down = self._tab, self._accepts, self._wait, self._down
        sequences = self.variant.sequences
        tops: dict[Card, list[int]] = {}
        empties: list[int] = []
        top_ranks = 0  # bit r set: some column's top card has rank index r (0 = Ace)
        for j, col in enumerate(tab):
            if col:
                tops.setdefault(col[-1], []).append(j)
                top_ranks |= 1 << (col[-1] % 13)
            else:
                empties.append(j)
        moves: list[Move] = []
        add = moves.append
        for i, col in enumerate(tab):
            if not col:
                continue
            c = col[-1]
            row = _M[i]
            if c % 13 == 0 or wait[c]:
                add(row[FOUNDATION])
            for onto in accepts[c]:
                for j in tops.get(onto, ()):
                    add(row[j])
            for j in empties:
                add(row[j])
            if sequences:
                runs, lo, n = _RUN[i], down[i], 2
                while len(col) - n >= lo and col[-n] in accepts[col[1 - n]]:
                    deepest = col[-n]
                    if top_ranks >> (deepest % 13 + 1) & 1:  # skip lookups when no top is one higher
                        for onto in accepts[deepest]:
                            for j in tops.get(onto, ()):
                                add(runs[j][n])
                    for j in empties:
                        add(runs[j][n])
                    n += 1
        if self._waste:
            c = self._waste[-1]
            row = _M[WASTE]
            if c % 13 == 0 or wait[c]:
                add(row[FOUNDATION])
            for onto in accepts[c]:
                for j in tops.get(onto, ()):
                    add(row[j])
            for j in empties:
                add(row[j])
        if self._stock:
            add(_DEAL)
        elif self._waste and self._redeals_left:
            add(_REDEAL)
        return moves

    def has_legal_moves(self) -> bool:
        if self._stock or (self._waste and self._redeals_left):
            return True
        return bool(self.legal_moves())

    def is_legal(self, move: Move | str) -> bool:
        try:
            move = self._coerce(move)
        except IllegalMove:
            return False
        return self._why_illegal(move) is None

    def _coerce(self, move: Move | str) -> Move:
        if isinstance(move, Move):
            # a hand-made Move may hold anything; a count below 1 would slice the whole column
            src, dst, count = move
            if type(src) is int and type(dst) is int and type(count) is int and count >= 1:
                return move
            raise IllegalMove(f"{str(tuple(move))[:60]} is not a move: it needs pile numbers "
                              f"and a card count of at least 1")
        if isinstance(move, str):
            return Move.parse(move)
        raise IllegalMove(f"a move is a Move or text like '3>f', not {type(move).__name__}")

    def _why_illegal(self, move: Move) -> str | None:
        """``None`` if ``move`` is legal, else the reason in a player's words."""
        v = self.variant
        src, dst, count = move
        ncols = len(self._tab)
        for p in (src, dst):
            if not (0 <= p < ncols or p in (WASTE, STOCK, FOUNDATION)):
                return f"{v.name} has {ncols} columns: there is no column {p + 1}"
        if src == FOUNDATION:
            return "cards never leave the foundations"
        if src == STOCK:
            if dst != WASTE:
                return "stock cards are dealt to the waste first (s>w), then played from there"
            if count != 1:
                return "deal from the stock with s>w"
            return None if self._stock else "the stock is empty"
        if dst == STOCK:
            if src != WASTE or count != 1:
                return "only the waste can be turned back into the stock (w>s)"
            if self._stock:
                return "the waste can be turned over only when the stock is empty"
            if not self._waste:
                return "the waste is empty: there is nothing to redeal"
            if not self._redeals_left:
                return ("no redeals are left" if v.redeals
                        else f"{v.name} has no redeal: once the stock is empty it stays empty")
            return None
        if dst == WASTE:
            return "cards go to the waste only from the stock (s>w)"
        if src == dst:
            return "a card must move to a different pile"
        if src == WASTE:
            if not self._waste:
                return "the waste is empty"
            if count != 1:
                return "only the waste's top card can move"
            cards = [self._waste[-1]]
        else:
            col = self._tab[src]
            if not col:
                return f"column {src + 1} is empty"
            if count > 1:
                if not v.sequences:
                    return f"in {v.name} only one card moves at a time"
                if count > len(col) - self._down[src]:
                    return f"column {src + 1} has only {len(col) - self._down[src]} face-up cards"
                if count > self._run_length(src):
                    return (f"the top {count} cards of column {src + 1} are not a sequence: "
                            f"in {v.name} {_BUILD_WORDS[v.build]}")
            cards = col[-count:]
        deepest = cards[0]
        if dst == FOUNDATION:
            if count != 1:
                return "cards go to the foundations one at a time"
            if deepest % 13 == 0 or self._wait[deepest]:
                return None
            below = deepest - 1
            return (f"{card_symbol(deepest)} can't go to the foundations: "
                    f"it needs {card_symbol(below)} there first")
        target = self._tab[dst]
        if not target:
            return None
        onto = target[-1]
        if onto in self._accepts[deepest]:
            return None
        if rank_of(onto) != rank_of(deepest) + 1:
            why = ("only an empty column takes a King" if rank_of(deepest) == KING else
                   f"it needs a {RANK_NAMES[rank_of(deepest)]} (you build down one rank at a time)")
            return f"{card_symbol(deepest)} can't go on {card_symbol(onto)}: {why}"
        return f"{card_symbol(deepest)} can't go on {card_symbol(onto)}: in {v.name} {_BUILD_WORDS[v.build]}"

    def play(self, move: Move | str) -> Move:
        """Play a legal move (a ``Move`` or its notation) and return it.

        Raises ``IllegalMove`` saying why, and changes nothing, if the move is not legal.
        """
        move = self._coerce(move)
        reason = self._why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        self._undo.append(self._apply(move))
        self._redo.clear()
        return move

    def _apply(self, move: Move) -> _Undo:
        src, dst, count = move
        if src == STOCK:
            n = min(self.variant.stock_deal, len(self._stock))
            for _ in range(n):
                self._waste.append(self._stock.pop())
            return _Undo(move, dealt=n)
        if dst == STOCK:
            self._waste.reverse()
            self._stock, self._waste = self._waste, []
            self._redeals_left -= 1
            return _Undo(move)
        if src == WASTE:
            cards = [self._waste.pop()]
            flipped = False
        else:
            col = self._tab[src]
            cards = col[-count:]
            del col[-count:]
            flipped = bool(col) and len(col) == self._down[src]
            if flipped:
                self._down[src] -= 1
        if dst == FOUNDATION:
            c = cards[0]
            pile = self._foundation_for(c)
            self._found[pile].append(c)
            self._home += 1
            if c % 13:
                self._wait[c] -= 1
            if c % 13 != 12:
                self._wait[c + 1] += 1
            return _Undo(move, flipped, pile)
        self._tab[dst].extend(cards)
        return _Undo(move, flipped)

    def _foundation_for(self, c: Card) -> int:
        """The first foundation pile that accepts ``c`` (they are interchangeable)."""
        for k, pile in enumerate(self._found):
            if (pile[-1] + 1 == c and pile[-1] % 13 != 12) if pile else c % 13 == 0:
                return k
        raise AssertionError("no foundation accepts a card that was checked to fit")

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` if there is none."""
        if not self._undo:
            raise IndexError("there is no move to undo")
        u = self._undo.pop()
        self._unapply(u)
        self._redo.append(u.move)
        return u.move

    def _unapply(self, u: _Undo) -> None:
        src, dst, count = u.move
        if src == STOCK:
            for _ in range(u.dealt):
                self._stock.append(self._waste.pop())
            return
        if dst == STOCK:
            self._stock.reverse()
            self._waste, self._stock = self._stock, []
            self._redeals_left += 1
            return
        if dst == FOUNDATION:
            c = self._found[u.pile].pop()
            self._home -= 1
            if c % 13:
                self._wait[c] += 1
            if c % 13 != 12:
                self._wait[c + 1] -= 1
            cards = [c]
        else:
            target = self._tab[dst]
            cards = target[-count:]
            del target[-count:]
        if src == WASTE:
            self._waste.append(cards[0])
        else:
            if u.flipped:
                self._down[src] += 1
            self._tab[src].extend(cards)

    def redo(self) -> Move:
        """Play again the last move taken back; ``IndexError`` if there is none."""
        if not self._redo:
            raise IndexError("there is no move to redo")
        move = self._redo.pop()
        self._undo.append(self._apply(move))
        return move

    def restart(self) -> None:
        """Back to the position before the first move; ``redo()`` replays the moves again."""
        while self._undo:
            self.undo()

    def copy(self) -> Game:
        """An independent game in the same position, without history."""
        position = self.position()
        position["variant"] = self.variant  # the Variant itself: a custom variant has no id in VARIANTS
        return Game.from_position(position)

    # ------------------------------------------------------------------ positions
    def position(self) -> dict:
        """The RULES.md position JSON (a dict ready for ``json.dumps``)."""
        tableau = []
        for col, down in zip(self._tab, self._down, strict=True):
            tableau.append([f"<{card_str(c)}>" if k < down else card_str(c) for k, c in enumerate(col)])
        pos = {
            "variant": self.variant.id,
            "tableau": tableau,
            "foundations": [[card_str(c) for c in p] for p in self._found],
            "waste": [card_str(c) for c in self._waste],
            "stock": [card_str(c) for c in self._stock],
            "redeals_left": self._redeals_left,
        }
        if self.deal is not None:
            pos["deal"] = self.deal
        return pos

    @classmethod
    def from_position(cls, position: dict) -> Game:
        """A game from a RULES.md position; ``ValueError`` naming the problem if it is not valid."""
        from .position import read_position

        variant, tableau, down, foundations, waste, stock, redeals_left, deal = read_position(position)
        game = cls.__new__(cls)
        game.variant = variant
        game.deal = deal
        game._setup(tableau, down, foundations, waste, stock, redeals_left)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.position() == other.position()

    __hash__ = None  # a game changes; hash its position's JSON instead

    # ------------------------------------------------------------------ display
    def __str__(self) -> str:
        from .render import text_board

        return text_board(self)

    def __repr__(self) -> str:
        deal = f", deal={self.deal}" if self.deal is not None else ""
        return f"<Game {self.variant.id}{deal}: {len(self._undo)} moves, {self._home}/104 home>"

    def _repr_html_(self) -> str:
        from .render import html_board

        return html_board(self)

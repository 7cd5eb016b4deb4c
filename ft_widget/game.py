"""The game: piles, legal moves, play / undo / redo, positions as JSON.

``Game`` is the single judge of what is legal. Everything else (the board widget, the
solver, the notebooks) asks it. The rules are read from the game's :class:`Variant`;
there are no per-game branches here.

Internally a card is an ``int`` (see :mod:`ft_widget.cards`), columns are lists from
bottom to top, and each column's face-down cards are its bottom ``down[i]`` cards.

Reading a game never changes it, and a game may be read in one thread while another plays it:
every move (play, undo, redo, restart) and every read that needs the whole position at one
moment (a record, a position, a copy, the legal moves, a picture) holds the game's own lock.
"""

from __future__ import annotations

import enum
import functools
import random
import threading
from typing import NamedTuple

from . import rules
from .cards import KING, Card, card_str, card_symbol, rank_of
from .deal import check_deal_number, deal_layout
from .i18n import N_, ngettext
from .i18n import gettext as _
from .limits import check_count, shown
from .moves import FOUNDATION, MAX_COLUMNS, STOCK, WASTE, Choice, IllegalMove, InvalidMove, Move, Pile
from .position import check_piles, read_json, read_position
from .rules import rule_words
from .variants import Variant, get_variant, variant_from_json, variant_to_json

__all__ = ["FOUNDATION", "STOCK", "WASTE", "Choice", "Game", "HintKind", "HintSource", "IllegalMove",
           "InvalidMove", "LegalMoves", "Move", "Outcome", "Pile", "commitments", "reversible"]

class Term(enum.StrEnum):
    """A word of the API's vocabulary: a ``str`` (equal to its value, printed and sent as JSON as
    it), with a short repr like ``Outcome.WON``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Outcome(Term):
    """How a game, a search or a judged move ended: the one word for a result everywhere
    (``Game.outcome``, ``SolveResult.status``, ``PlayResult.status``, a puzzle's verdict, the
    board's ``state["status"]``). A plain string too, so JSON and saved data keep strings:
    ``Outcome.WON == "won"``.

    ``WON``: all 104 cards home (or, for a search, a winning line found). ``LOST``: no win exists
    (the solver proved it) or the player stopped. ``UNKNOWN``: a search's budget ran out first.
    ``STUCK``: a game with no legal move left, lost where it stands.
    """

    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"
    STUCK = "stuck"


class HintKind(Term):
    """How a hint was found: ``FAIR`` from what the player sees, ``PEEK`` by the solver, which saw
    every card. A plain string too (``HintKind.FAIR == "fair"``), as the board's state sends it."""

    FAIR = "fair"
    PEEK = "peek"


class HintSource(Term):
    """Who chose a hint's move: the fair ``EXPERT`` (it starts wins in sampled worlds), the
    ``SOLVER`` (it starts a winning line) or the cautious policy's ``HEURISTIC`` (no win found)."""

    EXPERT = "expert"
    SOLVER = "solver"
    HEURISTIC = "heuristic"


# Prebuilt single-card moves, so listing legal moves allocates nothing.
_M = [[Move(s, d) for d in range(16)] for s in range(16)]
# … and run moves, _RUN[src][dst][n] for n ≥ 2 (a run never exceeds 13 cards).
_RUN = [[[None, None] + [Move(s, d, n) for n in range(2, 14)] for d in range(MAX_COLUMNS)]
        for s in range(MAX_COLUMNS)]
_DEAL, _REDEAL = Move(STOCK, WASTE), Move(WASTE, STOCK)
#: Why a card can't go on a card of the wrong rank, by the card's rank (1 = Ace): the rank it needs,
#: as a whole phrase, since a catalogue may decline the rank's name.
_NEEDS_RANK = (None,
               N_("it needs a Two (you build down one rank at a time)"),
               N_("it needs a Three (you build down one rank at a time)"),
               N_("it needs a Four (you build down one rank at a time)"),
               N_("it needs a Five (you build down one rank at a time)"),
               N_("it needs a Six (you build down one rank at a time)"),
               N_("it needs a Seven (you build down one rank at a time)"),
               N_("it needs an Eight (you build down one rank at a time)"),
               N_("it needs a Nine (you build down one rank at a time)"),
               N_("it needs a Ten (you build down one rank at a time)"),
               N_("it needs a Jack (you build down one rank at a time)"),
               N_("it needs a Queen (you build down one rank at a time)"),
               N_("it needs a King (you build down one rank at a time)"),
               )


class LegalMoves(list):
    """The legal moves of a position: a list of :class:`Move`, each once. ``in`` takes notation
    too (``"3>f" in game.legal_moves()``), and is False for whatever :meth:`Game.play` would not
    take as a move (a bare tuple, a number), so ``m in game.legal_moves()`` and
    ``game.is_legal(m)`` agree."""

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = Move.parse(item)
            except IllegalMove:
                return False
        elif not isinstance(item, Move):
            return False
        return list.__contains__(self, item)


RECORD_FORMAT = "ft_widget.record"

#: How a game draws itself: ``"text"`` for ``str(game)``, ``"html"`` for a notebook. The pictures
#: live a layer above (:mod:`ft_widget.render`), which fills this in when it loads (importing
#: ``ft_widget`` loads it), so the engine needs no import of its own pictures.
PICTURES: dict = {}


def _opening(variant: Variant, deal: int) -> tuple:
    """The arguments of ``Game._setup`` for the opening of ``deal``."""
    tableau, stock, foundations = deal_layout(variant, deal)
    return tableau, [variant.face_down] * len(tableau), foundations, [], stock, variant.redeals


class _Undo(NamedTuple):
    move: Move
    flipped: bool = False  # a face-down card turned up in the source column
    pile: int = -1  # foundation pile that took the card
    dealt: int = 0  # cards turned from stock to waste


def _locked(method):
    """``method`` run holding the game's lock: a move in another thread waits until it is done,
    so it sees (or makes) the position at one moment, never one half-played.

    acquire/release, here and in the hot methods that take the lock inline: cheaper than ``with
    lock:`` (about 0.16 µs against 0.25 µs a call in CPython 3.11), paid on every move played."""
    @functools.wraps(method)
    def locked(self, *args, **kwargs):
        lock = self._lock
        lock.acquire()
        try:
            return method(self, *args, **kwargs)
        finally:
            lock.release()
    return locked


class Game:
    """One game of a Forty Thieves variant.

    >>> g = Game("forty_thieves", deal=1)
    >>> len(g.legal_moves()) > 0
    True
    """

    def __init__(self, variant: str | Variant = "forty_thieves", deal: int | None = None):
        self.variant = get_variant(variant)
        if deal is None:
            deal = random.randint(1, 32000)
        self.deal = check_deal_number(deal)
        self._setup(*_opening(self.variant, self.deal))

    def _setup(self, tableau, down, foundations, waste, stock, redeals_left) -> None:
        # reentrant: a locked read (a picture, a record) calls other locked reads of the game
        self._lock = threading.RLock()
        self._accepts = rules.onto_table(self.variant.build)
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
    @_locked
    def history(self) -> list[Move]:
        """The moves played so far, oldest first (a copy)."""
        return [u.move for u in self._undo]

    @property
    def moves_played(self) -> int:
        """``len(history)``, without copying the history: the same cost however long the game."""
        return len(self._undo)

    @property
    @_locked
    def last_move(self) -> Move | None:
        """``history[-1]`` (``None`` before the first move), without copying the history."""
        return self._undo[-1].move if self._undo else None

    @property
    def cards_home(self) -> int:
        return self._home

    @property
    def is_won(self) -> bool:
        return self._home == 104

    @property
    @_locked
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
    @_locked
    def undone(self) -> list[Move]:
        """The moves taken back that :meth:`redo` would play again, the next one first (a copy)."""
        return self._redo[::-1]

    @property
    def redeals_left(self) -> int:
        return self._redeals_left

    @property
    @_locked
    def tableau(self) -> list[list[Card]]:
        """Columns bottom to top (copies); see :meth:`face_down_counts` for hidden cards."""
        return [list(c) for c in self._tab]

    @property
    @_locked
    def face_down_counts(self) -> list[int]:
        """How many cards lie face down at the bottom of each column (``Variant.face_down`` is the
        one number every column starts with)."""
        return list(self._down)

    @property
    @_locked
    def foundations(self) -> list[list[Card]]:
        return [list(p) for p in self._found]

    @property
    @_locked
    def waste(self) -> list[Card]:
        return list(self._waste)

    @property
    @_locked
    def stock(self) -> list[Card]:
        """Stock cards, bottom to top: the last is dealt next."""
        return list(self._stock)

    # ------------------------------------------------------------------ moves
    def _run_length(self, i: int) -> int:
        """Cards in the movable sequence at the top of column ``i`` (0 if empty)."""
        v = self.variant
        return rules.run_length(self._tab[i], self._down[i], v.build, v.sequences)

    def legal_moves(self) -> LegalMoves:
        """Every legal move, each once (a list; ``"3>f" in game.legal_moves()`` works too)."""
        lock = self._lock  # inline, not @_locked: the hottest read, called for every move played
        lock.acquire()
        try:
            return self._legal_moves()
        finally:
            lock.release()

    def _legal_moves(self) -> LegalMoves:
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
        moves = LegalMoves()
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

    @_locked
    def run_moves(self) -> list[Move]:
        """In the one-card games, the run shortcuts: ``Move(src, dst, k)`` for a built run of ``k >= 2``
        cards that can travel to ``dst`` as ``k`` single-card moves through the empty columns
        (:func:`ft_widget.rules.run_capacity`). :meth:`expand` turns one into those moves.
        Empty in the sequence games, where such moves are themselves legal (``legal_moves``)."""
        if self.variant.sequences:
            return []
        tab, accepts = self._tab, self._accepts
        empties = [j for j, col in enumerate(tab) if not col]
        if not empties:
            return []
        cap_onto = rules.run_capacity(len(empties), to_empty=False)
        cap_empty = rules.run_capacity(len(empties), to_empty=True)
        tops: dict[Card, list[int]] = {}
        for j, col in enumerate(tab):
            if col:
                tops.setdefault(col[-1], []).append(j)
        out = []
        for i, col in enumerate(tab):
            n, lo, k = len(col), self._down[i], 2
            while k <= min(n - lo, cap_onto) and col[n - k] in accepts[col[n - k + 1]]:
                deepest = col[n - k]
                for onto in accepts[deepest]:
                    out += [_RUN[i][j][k] for j in tops.get(onto, ())]
                if k <= cap_empty:
                    out += [_RUN[i][j][k] for j in empties]
                k += 1
        return out

    @_locked
    def expand(self, move: Move | str) -> list[Move]:
        """The engine moves that make ``move``: a run shortcut of :meth:`run_moves` becomes its
        single-card moves through the empty columns; a legal move is itself. ``IllegalMove``
        (saying why) for anything else; the game is unchanged."""
        move = self._coerce(move)
        if move.count == 1 or self.variant.sequences or not (move.src < WASTE and move.dst < WASTE):
            reason = self._why_illegal(move)
            if reason is not None:
                raise IllegalMove(reason)
            return [move]
        v, col, src, count = self.variant, self._tab[move.src], move.src, move.count
        if src == move.dst:
            raise IllegalMove(_("a card must move to a different pile"))
        face_up = len(col) - self._down[src]
        if count > face_up:
            raise IllegalMove(ngettext("column {column} has only {n} face-up card",
                                       "column {column} has only {n} face-up cards", face_up).format(
                column=src + 1, n=face_up))
        if rules.run_length(col, self._down[src], v.build, sequences=True) < count:
            raise IllegalMove(_("the top {n} cards of column {column} are not a run: {rule}").format(
                n=count, column=src + 1, rule=rule_words(v.build, v.display_name)))
        reason = self._onto_refusal(col[-count], move.dst)
        if reason is not None:
            raise IllegalMove(reason)
        empty = sum(1 for j, c in enumerate(self._tab) if not c and j != move.dst)
        most = rules.run_capacity(empty, to_empty=False)
        if count > most:
            raise IllegalMove(_("in {variant} cards move one at a time, and {n} cards need more empty "
                                "columns to pass through: with {empty} free, at most {most} can go").format(
                variant=v.display_name, n=count, empty=empty, most=most))
        free = [j for j, col in enumerate(self._tab) if not col and j != move.dst]
        return [_M[a][b] for a, b, _ in rules.run_steps(move.src, move.dst, move.count, free)]

    @_locked
    def safe_move_home(self) -> Move | None:
        """A move to the foundations that can never spoil the game, or ``None``.

        It follows the two-deck safe-home rule :func:`ft_widget.rules.safe_home` (R4), the one the
        solver's sound search relies on: columns left to right, then the waste's top card when the
        stock deals one card at a time. The stock is never dealt.
        """
        heights = rules.foundation_heights(self._found)
        build = self.variant.build
        for i, col in enumerate(self._tab):
            if col and rules.safe_home(heights, col[-1], build):
                return _M[i][FOUNDATION]
        if self._waste and rules.safe_from_waste(self.variant.stock_deal) and \
                rules.safe_home(heights, self._waste[-1], build):
            return _M[WASTE][FOUNDATION]
        return None

    @property
    @_locked
    def outcome(self) -> Outcome | None:
        """``Outcome.WON``, ``Outcome.STUCK`` (no legal move left), or ``None`` while the game goes on."""
        if self.is_won:
            return Outcome.WON
        return Outcome.STUCK if self.is_stuck else None

    @_locked
    def has_legal_moves(self) -> bool:
        if self._stock or (self._waste and self._redeals_left):
            return True
        return bool(self._legal_moves())

    @_locked
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
            raise InvalidMove(f"{str(tuple(move))[:60]} is not a move: it needs pile numbers "
                              f"and a card count of at least 1")
        if isinstance(move, str):
            return Move.parse(move)
        raise InvalidMove(f"a move is a Move or text like '3>f', not {type(move).__name__}")

    def _why_illegal(self, move: Move) -> str | None:
        """``None`` if ``move`` is legal, else the reason in a player's words (the current language)."""
        v = self.variant
        src, dst, count = move
        ncols = len(self._tab)
        for p in (src, dst):
            if not (0 <= p < ncols or p in (WASTE, STOCK, FOUNDATION)):
                return _("{variant} has {columns} columns: there is no column {column}").format(
                    variant=v.display_name, columns=ncols, column=p + 1)
        if src == FOUNDATION:
            return _("cards never leave the foundations")
        if src == STOCK:
            if dst != WASTE:
                return _("stock cards are dealt to the waste first (s>w), then played from there")
            if count != 1:
                return _("deal from the stock with s>w")
            return None if self._stock else _("the stock is empty")
        if dst == STOCK:
            if src != WASTE or count != 1:
                return _("only the waste can be turned back into the stock (w>s)")
            if self._stock:
                return _("the waste can be turned over only when the stock is empty")
            if not self._waste:
                return _("the waste is empty: there is nothing to redeal")
            if not self._redeals_left:
                return (_("no redeals are left") if v.redeals
                        else _("{variant} has no redeal: once the stock is empty it stays empty").format(
                            variant=v.display_name))
            return None
        if dst == WASTE:
            return _("cards go to the waste only from the stock (s>w)")
        if src == dst:
            return _("a card must move to a different pile")
        if src == WASTE:
            if not self._waste:
                return _("the waste is empty")
            if count != 1:
                return _("only the waste's top card can move")
            cards = [self._waste[-1]]
        else:
            col = self._tab[src]
            if not col:
                return _("column {column} is empty").format(column=src + 1)
            if count > 1:
                if not v.sequences:
                    return _("in {variant} only one card moves at a time").format(variant=v.display_name)
                up = len(col) - self._down[src]
                if count > up:
                    return ngettext("column {column} has only {n} face-up card",
                                    "column {column} has only {n} face-up cards", up).format(
                        column=src + 1, n=up)
                if count > self._run_length(src):
                    return _("the top {n} cards of column {column} are not a sequence: {rule}").format(
                        n=count, column=src + 1, rule=rule_words(v.build, v.display_name))
            cards = col[-count:]
        deepest = cards[0]
        if dst == FOUNDATION:
            if count != 1:
                return _("cards go to the foundations one at a time")
            if deepest % 13 == 0 or self._wait[deepest]:
                return None
            return _("{card} can't go to the foundations: it needs {below} there first").format(
                card=card_symbol(deepest), below=card_symbol(deepest - 1))
        return self._onto_refusal(deepest, dst)

    def _onto_refusal(self, deepest: Card, dst: int) -> str | None:
        """``None`` if column ``dst`` takes ``deepest`` (empty, or its top accepts it), else why not."""
        v = self.variant
        target = self._tab[dst]
        if not target:
            return None
        onto = target[-1]
        if onto in self._accepts[deepest]:
            return None
        if rank_of(onto) != rank_of(deepest) + 1:
            if rank_of(deepest) == KING:
                why = _("only an empty column takes a King")
            else:
                why = _(_NEEDS_RANK[rank_of(deepest)])
        else:
            why = rule_words(v.build, v.display_name)
        return _("{card} can't go on {onto}: {why}").format(
            card=card_symbol(deepest), onto=card_symbol(onto), why=why)

    def play(self, move: Move | str) -> Move:
        """Play a legal move (a ``Move`` or its notation) and return it.

        Raises ``IllegalMove`` saying why, and changes nothing, if the move is not legal.
        """
        move = self._coerce(move)
        lock = self._lock  # inline, not @_locked: every move of a game, a playout, a study pays it
        lock.acquire()
        try:
            reason = self._why_illegal(move)
            if reason is not None:
                raise IllegalMove(reason)
            self._undo.append(self._apply(move))
            self._redo.clear()
        finally:
            lock.release()
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
            pile = rules.foundation_for(self._found, c)
            self._found[pile].append(c)
            self._home += 1
            if c % 13:
                self._wait[c] -= 1
            if c % 13 != 12:
                self._wait[c + 1] += 1
            return _Undo(move, flipped, pile)
        self._tab[dst].extend(cards)
        return _Undo(move, flipped)

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` if there is none."""
        lock = self._lock
        lock.acquire()
        try:
            if not self._undo:
                raise IndexError("there is no move to undo")
            u = self._undo.pop()
            self._unapply(u)
            self._redo.append(u.move)
        finally:
            lock.release()
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
        lock = self._lock
        lock.acquire()
        try:
            if not self._redo:
                raise IndexError("there is no move to redo")
            move = self._redo.pop()
            self._undo.append(self._apply(move))
        finally:
            lock.release()
        return move

    @_locked
    def restart(self) -> None:
        """Back to the position before the first move; ``redo()`` replays the moves again."""
        while self._undo:
            self.undo()

    @_locked
    def copy(self) -> Game:
        """An independent game in the same position, without history."""
        game = Game.__new__(Game)
        game.variant, game.deal = self.variant, self.deal
        game._setup([list(c) for c in self._tab], list(self._down), [list(p) for p in self._found],
                    list(self._waste), list(self._stock), self._redeals_left)
        return game

    @_locked
    def _private_copy(self) -> Game:
        """A copy with the history and the moves to redo too, for a read that must undo moves
        (:meth:`record`): undoing them on this game would change it under another thread."""
        game = self.copy()
        game._undo, game._redo = list(self._undo), list(self._redo)  # _Undo entries never change
        return game

    def __getstate__(self) -> dict:
        # a lock can't be serialised (to send a game to another process) nor deep-copied: the
        # state leaves without it, its piles copied under it, and gets a lock of its own on arrival
        with self._lock:
            state = {k: v for k, v in self.__dict__.items() if k != "_lock"}
            state.update(_tab=[list(c) for c in self._tab], _down=list(self._down),
                         _found=[list(p) for p in self._found], _waste=list(self._waste),
                         _stock=list(self._stock), _wait=list(self._wait), _undo=list(self._undo),
                         _redo=list(self._redo))
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ positions
    @_locked
    def position(self) -> dict:
        """The docs/rules.md position JSON (a dict ready for ``json.dumps``)."""
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
    def from_position(cls, position: dict, variant: Variant | None = None) -> Game:
        """A game from a position (``docs/rules.md``); ``ValueError`` naming the problem if it is
        not valid. ``variant`` gives the rules of a custom variant (one not in ``VARIANTS``)."""
        if isinstance(position, dict) and isinstance(position.get("variant"), Variant):
            variant = position["variant"]  # copy() passes the Variant itself
            position = dict(position, variant=variant.id)
        variant, tableau, down, foundations, waste, stock, redeals_left, deal = \
            read_position(position, variant)
        game = cls.__new__(cls)
        game.variant = variant
        game.deal = deal
        game._setup(tableau, down, foundations, waste, stock, redeals_left)
        return game

    @classmethod
    def from_piles(cls, variant: str | Variant, tableau, face_down_counts, foundations, waste, stock,
                   redeals_left: int) -> Game:
        """A game from piles of card ints, bottom to top (the engine's own form, as the properties
        return them); ``face_down_counts[i]`` cards lie face down at the bottom of column ``i`` (as
        :attr:`face_down_counts` gives them; ``Variant.face_down`` is the one number a deal starts
        with). Checked like a position (``ValueError`` naming the problem), without the round trip
        through text."""
        variant = get_variant(variant)
        tableau = [list(c) for c in tableau]
        down = [check_count("Game.from_piles", "face_down_counts", d, 0) for d in face_down_counts]
        foundations, waste, stock = [list(p) for p in foundations], list(waste), list(stock)
        check_piles(variant, tableau, foundations, waste, stock, redeals_left)
        if len(down) != len(tableau):
            raise ValueError(f"face_down_counts must give one count per column ({len(tableau)}), "
                             f"got {len(down)}")
        for i, (col, d) in enumerate(zip(tableau, down, strict=True)):
            if not 0 <= d < max(len(col), 1):
                raise ValueError(f"column {i + 1}: {d} face-down cards under {len(col)} cards "
                                 "(a top card is always turned up)")
        game = cls.__new__(cls)
        game.variant, game.deal = variant, None
        game._setup(tableau, down, foundations, waste, stock, redeals_left)
        return game

    # ------------------------------------------------------------------ saved games
    def record(self) -> dict:
        """The game with its history, ready for ``json.dumps``; :meth:`from_record` reads it back.

        ``{"format": "ft_widget.record", "version": 1, "variant": …, "deal": 7, "start": {…},
        "moves": ["8>2", …], "undone": ["3>f", …]}``: ``start`` is the position before the first
        move (left out when it is the deal's own opening), ``moves`` the moves played, oldest first,
        ``undone`` the moves taken back that :meth:`redo` would play again, next first. A custom
        variant is written out by its parameters.
        """
        # the start position from the moves undone on a private copy: this game is never
        # changed, so another thread may play it meanwhile (it waits for the copy only)
        game = self._private_copy()
        moves = [str(m) for m in game.history]
        undone = [str(m) for m in game.undone]
        game.restart()
        start = game.position()
        record = {"format": RECORD_FORMAT, "version": 1, "variant": variant_to_json(game.variant),
                  "deal": game.deal}
        opening = None
        if game.deal is not None:
            opening = Game.__new__(Game)
            opening.variant, opening.deal = game.variant, game.deal
            opening._setup(*_opening(game.variant, game.deal))
        if opening is None or opening.position() != start:
            record["start"] = start
        record["moves"] = moves
        record["undone"] = undone
        return record

    @classmethod
    def from_record(cls, record: object) -> Game:
        """The game a :meth:`record` describes, replayed through the engine, so ``undo`` and
        ``redo`` work as before it was saved. A damaged or edited record raises ``ValueError``
        naming the first thing that fails (the move, by its number, and why); nothing is half-made.
        Accepts the dict or its JSON text."""
        if isinstance(record, str | bytes):
            record = read_json(record, "the game record")
        if not isinstance(record, dict):
            raise ValueError(f"a game record is a JSON object, not {type(record).__name__}")
        if record.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a game record: its 'format' must be {RECORD_FORMAT!r}")
        if "version" not in record:
            raise ValueError("the game record does not say its version (1)")
        version = record["version"]
        if type(version) is not int:  # True == 1 and 1.0 == 1 in Python, but neither is a version
            raise ValueError(f"a game record's version is the whole number 1, not {shown(version, 20)}")
        if version != 1:
            known = str(version) if version.bit_length() <= 64 else version  # quoted as text
            raise ValueError(f"game record version {shown(known, 20)} is not known here (1 is)")
        allowed = {"format", "version", "variant", "deal", "start", "moves", "undone"}
        unknown = next((k for k in record if k not in allowed), None)
        if unknown is not None:
            raise ValueError(f"the game record has an unknown field {shown(unknown, 30)}")
        if "variant" not in record:
            raise ValueError("the game record does not say its variant")
        variant = variant_from_json(record["variant"])
        deal = record.get("deal")
        if "start" in record:
            game = cls.from_position(record["start"], variant)
            if deal is not None and check_deal_number(deal) != game.deal:
                raise ValueError(f"the record's deal {deal} differs from its start position's {game.deal}")
        elif deal is None:
            raise ValueError("the game record needs a deal number or a start position")
        else:
            game = cls(variant, deal)
        lists = {}
        for key in ("moves", "undone"):
            value = record.get(key, [])
            if not isinstance(value, list):
                raise ValueError(f"the record's {key!r} must be a list of moves like '3>f'")
            lists[key] = value
        for key in ("moves", "undone"):
            for k, text in enumerate(lists[key], 1):
                try:
                    game.play(text)
                except IllegalMove as error:
                    where = f"move {k}" if key == "moves" else f"undone move {k}"
                    text = text[:16] if isinstance(text, str) else shown(text, 16)
                    raise ValueError(f"the game record's {where} ({text}) can't be played: "
                                     f"{error}") from None
        for _step in lists["undone"]:
            game.undo()
        return game

    @_locked
    def position_key(self) -> tuple:
        """The position as a hashable key, as a player tells positions apart (``play_policy`` and
        the expert stop going round in circles with it): the cards in every place, and of the
        stock, whose order a player cannot see, its size only."""
        return (tuple(map(tuple, self._tab)), tuple(self._down), tuple(self._waste), len(self._stock),
                self._redeals_left, self._home)

    def __eq__(self, other: object) -> bool:
        """Games are equal when their positions are: the same rules and the same cards in the same
        places, whatever the moves that led there or the deal number (``from_piles`` has none)."""
        if not isinstance(other, Game):
            return NotImplemented
        mine, theirs = self.position(), other.position()
        mine.pop("deal", None)
        theirs.pop("deal", None)
        return self.variant == other.variant and mine == theirs

    __hash__ = None  # a game changes; hash its position's JSON instead

    # ------------------------------------------------------------------ display
    @_locked
    def __str__(self) -> str:
        return PICTURES["text"](self)

    @_locked
    def __repr__(self) -> str:
        deal = f", deal={self.deal}" if self.deal is not None else ""
        return f"<Game {self.variant.id}{deal}: {len(self._undo)} moves, {self._home}/104 home>"

    @_locked
    def _repr_html_(self) -> str:
        return PICTURES["html"](self)


# ---------------------------------------------------------------- moves that can be taken back
# Here, beside the engine that decides them: the fair expert chooses among commitments, and the
# puzzles are made of them (ft_widget.training.puzzles re-exports both).
def reversible(game: Game, move: Move | str) -> bool:
    """Can ``move`` be taken straight back? The engine decides: the position after it has a legal
    move leading back to exactly the position before (:meth:`Game.position_key`). Such a move
    can never turn a winnable position into a lost one, so it is a waiting move, not a decision."""
    if isinstance(move, str):
        move = Move.parse(move)
    before = game.position_key()
    after = game.copy()
    after.play(move)
    # the move's mirror image takes most column moves back: tried first, it spares the full scan
    if move.between_columns:
        mirror = Move(move.dst, move.src, move.count)
        if mirror in after.legal_moves():
            trial = after.copy()
            trial.play(mirror)
            if trial.position_key() == before:
                return True
    for back in after.legal_moves():
        trial = after.copy()
        trial.play(back)
        if trial.position_key() == before:
            return True
    return False


def commitments(game: Game) -> list[Move]:
    """The legal moves that cannot be taken back (a card home, the waste card placed, a deal, a
    card taken off a dealt stack where it cannot return): the only moves that can lose a deal."""
    return [m for m in game.legal_moves() if not reversible(game, m)]

"""The habits the experiments put to the test: per game, the cautious habit player with one habit
changed, and the questions asked of the solver's winning lines in Forty Thieves and Maria.

Every player here is fair: it sees what a player at the table sees (the face-down cards and the
stock's order stay hidden), through :class:`ft_widget.experiments.Filtered`. Each is a policy
``(game, rng) -> Move | None`` that :func:`ft_widget.play_policy` plays; a few return a run
shortcut of ``Game.run_moves`` (Limited's "carry built runs"), which it plays as single cards.
:mod:`ft_widget.experiments` plays them (``python -m ft_widget.experiments``).
"""

from __future__ import annotations

from . import rules
from .cards import card_symbol
from .game import WASTE, Game, Move
from .policies import _uncovers, cautious_choice

__all__ = ["Filtered", "HABITS", "player", "question_options"]


# ----------------------------------------------------------------------------- the filtered game
class Filtered:
    """A game as a player with a habit sees it: only the moves ``allow(game, move)`` lets through,
    and of the moves between columns only those ``rank(game, move)`` puts first (lower is better).
    Everything else is the game's own (it is read, never changed)."""

    def __init__(self, game: Game, allow=None, rank=None):
        self._game, self._allow, self._rank = game, allow, rank

    def __getattr__(self, name):
        return getattr(self._game, name)

    def legal_moves(self) -> list[Move]:
        g = self._game
        moves = [m for m in g.legal_moves() if self._allow is None or self._allow(g, m)]
        if self._rank is not None:
            ranked = [self._rank(g, m) for m in moves if m.between_columns]
            if ranked:
                top = min(ranked)
                moves = [m for m in moves if not m.between_columns or self._rank(g, m) == top]
        return moves

    def safe_move_home(self) -> Move | None:
        safe = self._game.safe_move_home()
        return safe if safe is None or self._allow is None or self._allow(self._game, safe) else None


def player(allow=None, rank=None, before=None):
    """The cautious habit (:func:`ft_widget.policies.cautious_choice`) changed: ``before(game)`` may
    name a move to play first; else the habit on the :class:`Filtered` game; where the filter
    leaves nothing, the plain habit."""
    def play(game: Game, rng) -> Move | None:
        if before is not None:
            first = before(game)
            if first is not None:
                return first
        choice = cautious_choice(Filtered(game, allow, rank), rng) or cautious_choice(game, rng)
        return choice.move if choice else None
    return play


# ----------------------------------------------------------------------------- what a move does
def _moving(game: Game, m: Move) -> int:
    return game.waste[-1] if m.src == WASTE else game.tableau[m.src][-m.count]


def _into_empty(game: Game, m: Move) -> bool:
    return m.dst < WASTE and not game.tableau[m.dst]


def _waste_to_column(game: Game, m: Move) -> bool:
    """The waste's card onto a card in a column while the stock lasts."""
    return m.from_waste and m.dst < WASTE and bool(game.tableau[m.dst]) and bool(game.stock)


def _unsafe_home(game: Game, m: Move) -> bool:
    return m.is_home and m != game.safe_move_home()


def _king_or_nothing(game: Game, m: Move) -> bool:
    return not _into_empty(game, m) or _moving(game, m) % 13 == 12


def _partial(game: Game, m: Move) -> bool:
    """Does a column move take only the upper part of the run at the top of its column?"""
    if not m.between_columns:
        return False
    col, down = game.tableau[m.src], game.face_down_counts[m.src]
    return m.count < rules.run_length(col, down, game.variant.build, sequences=True)


def _top_card_only(game: Game, m: Move) -> bool:
    return not m.between_columns or m.count == 1


def _waste_first(game: Game, m: Move) -> bool:
    """With the stock gone and the waste's top card able to go to a column: only that, or home."""
    if game.stock or m.is_home or m.from_waste:
        return True
    return not any(w.from_waste and w.dst < WASTE for w in game.legal_moves())


def _turns_up_into_empty(game: Game, m: Move) -> bool:
    """A whole run moved into an empty column, turning up the face-down card under it."""
    down = game.face_down_counts[m.src] if m.between_columns else 0
    return bool(down) and _into_empty(game, m) and len(game.tableau[m.src]) - m.count == down


def _empty_before_deal(game: Game, m: Move) -> bool:
    """Where a run can go into an empty column and turn up a card: no deal, no other move into an
    empty column."""
    if not (m.is_deal or _into_empty(game, m)) or _turns_up_into_empty(game, m):
        return True
    return not any(_turns_up_into_empty(game, x) for x in game.legal_moves())


def _next_home_depth(game: Game, m: Move) -> int:
    """How many cards lie over the shallowest card the foundations take next in the column a move
    comes from, once it is made (99 for other moves)."""
    if not m.between_columns:
        return 99
    heights = rules.foundation_heights(game.foundations)
    under = game.tableau[m.src][:-m.count]
    for depth, card in enumerate(reversed(under[game.face_down_counts[m.src]:])):
        if rules.fits_home(heights, card):
            return depth
    return 99


def _over_hidden(game: Game, m: Move) -> int:
    """Face-up cards left over the hidden card of the column a move comes from, once it is made: 0
    when it turns the hidden card up or empties the column, 50 when the column hides none."""
    left, down = len(game.tableau[m.src]) - m.count, game.face_down_counts[m.src]
    if left == down:
        return 0
    return left - down if down else 50


def _farthest(game: Game, m: Move) -> int:
    k = _over_hidden(game, m)
    return -k if k < 50 else k


def _hidden_under(game: Game, m: Move) -> int:
    """1 when the column a card is laid on still hides a face-down card, else 0."""
    return int(game.face_down_counts[m.dst] > 0)


def _suit_behind(game: Game, m: Move) -> int:
    """Minus the cards its suit's foundation needs before the parent can go home."""
    parent = game.tableau[m.dst][-1]
    heights = rules.foundation_heights(game.foundations)
    suit = parent // 13  # the two piles of a suit are 2*suit and 2*suit + 1
    return -(parent % 13 + 1 - max(heights[2 * suit], heights[2 * suit + 1]))


# ----------------------------------------------------------------------------- moves played first
def _waste_into_empty(game: Game) -> Move | None:
    """With a column empty and no safe move home: the waste's card into it."""
    if game.safe_move_home() is not None or not game.waste:
        return None
    return next((m for m in game.legal_moves() if m.from_waste and _into_empty(game, m)), None)


def _frees_home_card(game: Game) -> Move | None:
    """With a column empty: a column's top card into it when the card beneath goes home at once."""
    if game.safe_move_home() is not None or all(game.tableau):
        return None
    heights = rules.foundation_heights(game.foundations)
    for m in game.legal_moves():
        if m.between_columns and _into_empty(game, m) and m.count == 1 and len(game.tableau[m.src]) >= 2:
            if rules.fits_home(heights, game.tableau[m.src][-2]):
                return m
    return None


def _spend_space(game: Game) -> Move | None:
    """Limited's spender: an empty column takes a card off one the foundations take now, else the
    waste's card."""
    return _frees_home_card(game) or _waste_into_empty(game)


def _spend_early(game: Game) -> Move | None:
    """The spender, except while the stock lasts but less than half of it is left."""
    late = 0 < len(game.stock) < 34
    return _frees_home_card(game) if late else _spend_space(game)


def _dig_turning(order: str):
    """Where two or more moves onto a column would each turn up a face-down card, the one from the
    column with the ``"fewest"`` (or ``"most"``) face-down cards; else the habit's own choice."""
    def before(game: Game) -> Move | None:
        if game.safe_move_home() is not None or any(m.is_home for m in game.legal_moves()):
            return None
        tab, down = game.tableau, game.face_down_counts
        to_column = [m for m in game.legal_moves() if m.between_columns and tab[m.dst]]
        if any(len(tab[m.src]) == m.count for m in to_column):
            return None  # the habit empties a column first
        turning = [m for m in to_column if down[m.src] and len(tab[m.src]) - m.count == down[m.src]]
        key = {"fewest": lambda m: down[m.src], "most": lambda m: -down[m.src]}[order]
        if len({key(m) for m in turning}) < 2:
            return None
        return min(turning, key=key)
    return before


def _dig_lifting(key):
    """Where the habit would lift a card off one it is not built on and columns differ by ``key``,
    the column ``key`` puts first; else the habit's own choice."""
    def before(game: Game) -> Move | None:
        if game.safe_move_home() is not None or any(m.is_home for m in game.legal_moves()):
            return None
        tab = game.tableau
        onto = [m for m in game.legal_moves() if m.between_columns and tab[m.dst]]
        if any(len(tab[m.src]) == m.count for m in onto):
            return None
        lifts = [m for m in onto if _uncovers(game, m)]
        if len({key(game, m) for m in lifts}) < 2:
            return None
        return min(lifts, key=lambda m: key(game, m))
    return before


def _beneath_goes_home(game: Game, m: Move) -> int:
    heights = rules.foundation_heights(game.foundations)
    return 0 if rules.fits_home(heights, game.tableau[m.src][-2]) else 1


def _runs_at_most(k: int):
    def allow(game: Game, m: Move) -> bool:
        if m.is_home or m.dst >= WASTE or not game.tableau[m.dst]:
            return True
        return rules.run_length(game.tableau[m.dst], 0, game.variant.build, sequences=True) < k
    return allow


def _carry_runs(game: Game) -> Move | None:
    """A built run carried whole (a run shortcut) onto another column, where that empties its
    column or frees the card under it."""
    tab = game.tableau
    return next((m for m in game.run_moves()
                 if tab[m.dst] and (len(tab[m.src]) == m.count or _uncovers(game, m))), None)


def _first(*befores):
    def before(game: Game) -> Move | None:
        return next((m for b in befores if (m := b(game)) is not None), None)
    return before


def _digs(game: Game, m: Move) -> bool:
    """A move onto a card in another column that turns a hidden card up, empties its column, or
    takes cards off one they are not built on."""
    if not (m.between_columns and game.tableau[m.dst]):
        return False
    col, down = game.tableau[m.src], game.face_down_counts[m.src]
    return len(col) - m.count == down or not rules.can_build(col[-m.count], col[-m.count - 1],
                                                             game.variant.build)


def _dig_ranked(key):
    """Indian: of the moves that dig (``_digs``) only those ``key`` ranks first are seen."""
    def allow(game: Game, m: Move) -> bool:
        if not _digs(game, m):
            return True
        return key(game, m) == min(key(game, x) for x in game.legal_moves() if _digs(game, x))
    return player(allow=allow)


def _build_choice(key):
    """The habit, except that a card laid on a column goes to the parent ``key`` ranks first (a
    tie keeps the habit's own)."""
    def play(game: Game, rng) -> Move | None:
        choice = cautious_choice(game, rng)
        if choice is None:
            return None
        m, tab = choice.move, game.tableau
        if m.dst >= WASTE or not tab[m.dst]:
            return m
        same_card = [x for x in game.legal_moves()
                     if x.src == m.src and x.count == m.count and x.dst < WASTE and tab[x.dst]]
        return min(same_card, key=lambda x: (key(game, x), x != m))
    return play


HOME_ONLY_WHEN_SAFE = player(allow=lambda g, m: not _unsafe_home(g, m))
DEAL_PAST = player(allow=lambda g, m: not _waste_to_column(g, m))
WASTE_INTO_EMPTY = player(before=_waste_into_empty)

#: game -> habit -> player; "habit" (the first) is the cautious player as it is. Limited's players
#: are (base, player): each is measured against its base.
HABITS: dict[str, dict] = {
    "forty_thieves": {
        "cautious": player(),
        "waste into an empty column": WASTE_INTO_EMPTY,
        "no unsafe home move": HOME_ONLY_WHEN_SAFE,
        "deal past the waste card": DEAL_PAST,
    },
    "lucas": {
        "habit": player(),
        "kings_only_in_empty": player(allow=_king_or_nothing),
        "home_only_when_safe": HOME_ONLY_WHEN_SAFE,
        "dig_for_next_home": player(rank=_next_home_depth),
        "dig_the_waste": player(allow=_waste_first),
        "both_digs": player(allow=_waste_first, rank=_next_home_depth),
    },
    "little_forty": {
        "habit": player(),
        "waste_only_home": player(allow=lambda g, m: not (m.from_waste and m.dst < WASTE)),
        "one_redeal": player(allow=lambda g, m: not m.is_redeal or g.redeals_left >= 3),
        "whole_runs_only": player(allow=lambda g, m: not _partial(g, m)),
        "dig_the_waste": player(allow=lambda g, m: bool(g.redeals_left) or _waste_first(g, m)),
    },
    "rank_and_file": {
        "habit": player(),
        "dig_fewest_down": player(rank=lambda g, m: g.face_down_counts[m.src] or 50),
        "dig_most_down": player(rank=lambda g, m: -g.face_down_counts[m.src]),
        "whole_runs_only": player(allow=lambda g, m: not _partial(g, m)),
        "empty_column_before_deal": player(allow=_empty_before_deal),
    },
    "streets": {
        "habit": player(),
        "deal past the waste card": DEAL_PAST,
        "waste card into an empty column": WASTE_INTO_EMPTY,
        "empty column to free a home card": player(before=_frees_home_card),
        "only a King into an empty column": player(allow=_king_or_nothing),
    },
    "number_ten": {
        "habit": player(),
        "dig where fewest cards are face down": player(before=_dig_turning("fewest")),
        "dig where most cards are face down": player(before=_dig_turning("most")),
        "move runs whole": player(allow=lambda g, m: not _partial(g, m)),
        "move one card at a time": player(allow=_top_card_only),
    },
    "indian": {
        "habit": player(),
        "dig nearest a hidden card": _dig_ranked(_over_hidden),
        "dig farthest from a hidden card": _dig_ranked(_farthest),
        "build away from hidden cards": _build_choice(_hidden_under),
        "build onto hidden cards": _build_choice(lambda g, m: -_hidden_under(g, m)),
        "build on the suit furthest from home": _build_choice(_suit_behind),
        "build on the suit nearest home": _build_choice(lambda g, m: -_suit_behind(g, m)),
        "deal past the waste card": DEAL_PAST,
        "waste card into an empty column": WASTE_INTO_EMPTY,
        "only a King into an empty column": player(allow=_king_or_nothing),
        "home only when safe": HOME_ONLY_WHEN_SAFE,
    },
    "limited": {
        "habit": (None, player()),
        "waste card into an empty column": ("habit", WASTE_INTO_EMPTY),
        "empty column to free a home card": ("habit", player(before=_frees_home_card)),
        "spender": ("habit", player(before=_spend_space)),
        "no waste card into a space in the stock's second half": ("spender", player(before=_spend_early)),
        "dig the column with fewest cards": ("spender", player(before=_first(_spend_space, _dig_lifting(
            lambda g, m: len(g.tableau[m.src]))))),
        "dig the column with most cards": ("spender", player(before=_first(_spend_space, _dig_lifting(
            lambda g, m: -len(g.tableau[m.src]))))),
        "dig where the card beneath goes home": (
            "spender", player(before=_first(_spend_space, _dig_lifting(_beneath_goes_home)))),
        "deal past the waste card": ("spender", player(allow=lambda g, m: not _waste_to_column(g, m),
                                                       before=_spend_space)),
        "runs of at most three": ("spender", player(allow=_runs_at_most(3), before=_spend_space)),
        "carry built runs": ("spender", player(before=_first(_spend_space, _carry_runs))),
    },
}
HABITS["maria"] = HABITS["forty_thieves"]


# ----------------------------------------------------------------------------- questions of a position
def _needed_below(game: Game, column: int) -> int:
    """Cards under the top of ``column`` that are next, or next but one, for a foundation of their
    suit: what digging this column would bring within reach of home."""
    heights = rules.foundation_heights(game.foundations)
    n = 0
    for card in game.tableau[column][:-1]:
        r, s2 = card % 13, 2 * (card // 13)
        n += any(0 <= r - h <= 1 for h in heights[s2:s2 + 2])
    return n


def _unsafe_why(game: Game, card: int) -> str:
    """Which condition of the two-deck safe-home rule a fitting ``card`` fails."""
    heights = rules.foundation_heights(game.foundations)
    r, s2 = card % 13, 2 * (card // 13)
    twin_ok = r == 0 or heights[s2 + 1] >= r
    builders = rules.builders_table(game.variant.build)[card]
    builders_ok = all(heights[2 * (b // 13) + 1] > b % 13 for b in builders)
    return "both" if not (twin_ok or builders_ok) else "twin" if not twin_ok else "builder"


def question_options(game: Game) -> dict[str, list[tuple]]:
    """The questions a position raises (Forty Thieves, Maria): question -> [(option, engine moves,
    detail, needed_below or None)]. ``empty``: a column is empty (the waste's card, a lone card not
    built on the one under it, a built run, or keep it and deal); ``home``: a card could go home but
    is not safe there (send it, or hold and play what the cautious player would without home
    moves); ``waste``: the waste's card fits on a column while the stock lasts (each column, or deal)."""
    out: dict[str, list[tuple]] = {}
    tab, waste, legal = game.tableau, game.waste, game.legal_moves()
    empties = [j for j, col in enumerate(tab) if not col]
    if empties:
        e, build, opts = empties[0], game.variant.build, []
        if waste:
            opts.append(("waste", [f"w>{e + 1}"], card_symbol(waste[-1]), None))
        for j, col in enumerate(tab):
            if len(col) >= 2 and not rules.can_build(col[-1], col[-2], build):
                opts.append(("card", [f"{j + 1}>{e + 1}"], card_symbol(col[-1]), _needed_below(game, j)))
        for m in game.run_moves():
            col = tab[m.src]
            whole = len(col) == m.count or not rules.can_build(col[-m.count], col[-m.count - 1], build)
            if m.dst == e and whole and len(col) > m.count:
                opts.append(("run", [str(x) for x in game.expand(m)], f"{m.count} cards", None))
        if game.stock:
            opts.append(("keep", ["s>w"], "", None))
        if len({o[0] for o in opts}) >= 2:
            out["empty"] = opts
    safe = game.safe_move_home()
    unsafe = [m for m in legal if m.is_home and m != safe]
    if unsafe and safe is None:
        m = unsafe[0]
        card = _moving(game, m)
        hold = cautious_choice(Filtered(game, allow=lambda g, x: not x.is_home))
        if hold is not None:
            why = _unsafe_why(game, card)
            out["home"] = [("home", [str(m)], f"{card_symbol(card)} {why}", None),
                           ("hold", [str(hold.move)], why, None)]
    onto = [m for m in legal if m.from_waste and m.dst < WASTE and tab[m.dst]]
    if onto and game.stock:
        out["waste"] = [("onto", [str(m)], card_symbol(tab[m.dst][-1]), None) for m in onto]
        out["waste"].append(("deal", ["s>w"], "", None))
    return out

"""Indian: its strategic questions, put to a habit player and to the solver.

Each question is a *change* to the cautious habit player (``ft_widget.policies.cautious``, which
sees only what a player at the table sees; the face-down cards stay hidden from it). Two
measurements per change, on the same deals, as in ``_questions_streets_number_ten.py`` (whose
player, fork and verdict helpers this script reuses):

* ``indian_games.csv``: whole games of the habit player with and without the change (cards home, won);
* ``indian_forks.csv``: on each deal, the first position where the changed player and the plain habit
  choose differently; the solver (which sees every card, the face-down ones and the stock's order
  included) judges the position after each of the two moves within a budget of states.

Regenerate (one process; 491 s on a shared, busy 2-core machine)::

    nice -n 10 python notebooks/_questions_indian.py --deals 1-1000 --fork-deals 1-300 --max-states 50000

The run's command, machine and time go to ``data/notebooks/indian_run.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path

from ft_widget import VARIANTS, Game, Move, rules
from ft_widget.game import WASTE
from ft_widget.policies import cautious_choice
from ft_widget.studies import machine, parse_deals

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the shared helpers beside this script
from _questions_streets_number_ten import (  # noqa: E402
    _into_empty,
    _Seen,
    _waste_into_empty,
    _waste_to_column,
    play_out,
    player,
    write_forks,
)

GAME = "indian"
OUT = Path(__file__).resolve().parent.parent / "data" / "notebooks"


def _over_hidden(game: Game, m: Move) -> int:
    """Face-up cards left over the hidden card of the column a move comes from, once it is made: 0
    when the move turns the hidden card up or empties the column, 50 when the column has none."""
    left, down = len(game.tableau[m.src]) - m.count, game.face_down_counts[m.src]
    if left == down:
        return 0
    return left - down if down else 50


def _digs(game: Game, m: Move) -> bool:
    """A move onto a card in another column that uncovers something: it turns a hidden card up,
    empties its column, or takes the cards off one they are not built on."""
    if not (m.between_columns and game.tableau[m.dst]):
        return False
    col, down = game.tableau[m.src], game.face_down_counts[m.src]
    left = len(col) - m.count
    return left == down or not rules.can_build(col[-m.count], col[-m.count - 1], game.variant.build)


def _dig(key):
    """The habit player, except that of the moves that dig (``_digs``) it sees only those
    ``key(game, move)`` ranks first (lower is better); every other move is left as it is."""
    def play(game: Game, rng) -> Move | None:
        onto = [m for m in game.legal_moves() if _digs(game, m)]
        if onto:
            best = min(key(game, m) for m in onto)
            hidden = {m for m in onto if key(game, m) != best}
            allow = lambda g, m: m not in hidden  # noqa: E731
            choice = cautious_choice(_Seen(game, allow), rng) or cautious_choice(game, rng)
        else:
            choice = cautious_choice(game, rng)
        return choice.move if choice else None
    return play


def _farthest(game: Game, m: Move) -> int:
    """The other way round: the column with the most face-up cards over its hidden card first."""
    k = _over_hidden(game, m)
    return -k if k < 50 else k


def _build_choice(key):
    """The habit player, except that where its move lays a card on a column, the card goes to the
    parent (of up to six: three suits, two decks) that ``key(game, move)`` ranks first (lower is
    better; a tie keeps the habit's own parent)."""
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


def _hidden_under(game: Game, m: Move) -> int:
    """1 when the column a card is laid on still hides a face-down card, else 0."""
    return int(game.face_down_counts[m.dst] > 0)


def _suit_behind(game: Game, m: Move) -> int:
    """Minus the cards its suit's foundation still needs before the parent can go home: lowest for
    the parent the foundations will want last."""
    parent = game.tableau[m.dst][-1]
    heights = rules.foundation_heights(game.foundations)
    suit = parent // 13  # 0..3 (the two piles of a suit are 2*suit and 2*suit + 1)
    return -(parent % 13 + 1 - max(heights[2 * suit], heights[2 * suit + 1]))


#: change -> a player (game, rng) -> Move | None; "habit" is the cautious player as it is.
PLAYERS = {
    "habit": player(),
    # dig: of the moves from column to column, first those that leave the fewest face-up cards
    # over a hidden card (turn-ups and moves that empty a column count as 0)
    "dig nearest a hidden card": _dig(_over_hidden),
    "dig farthest from a hidden card": _dig(_farthest),
    # build: of a card's parents, one in a column with no hidden card left
    "build away from hidden cards": _build_choice(_hidden_under),
    "build onto hidden cards": _build_choice(lambda g, m: -_hidden_under(g, m)),
    # build: of a card's parents, the one whose own suit is furthest from home
    "build on the suit furthest from home": _build_choice(_suit_behind),
    "build on the suit nearest home": _build_choice(lambda g, m: -_suit_behind(g, m)),
    # the pass: deal rather than play the waste's card to a column while the stock lasts
    "deal past the waste card": player(allow=lambda g, m: not _waste_to_column(g, m)),
    # the empty column: the waste's card at once; or only a King
    "waste card into an empty column": player(before=_waste_into_empty),
    "only a King into an empty column": player(
        allow=lambda g, m: not _into_empty(g, m)
        or (g.waste[-1] if m.src == WASTE else g.tableau[m.src][-m.count]) % 13 == 12),
    # home: only the moves home that can never spoil a win, unless nothing else is left
    "home only when safe": player(allow=lambda g, m: not m.is_home or g.safe_move_home() == m),
}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", default="1-1000", help="deals for whole games")
    p.add_argument("--fork-deals", default="1-300", help="deals for the solver's verdicts")
    p.add_argument("--max-states", type=int, default=50_000)
    args = p.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    start = time.time()
    with open(OUT / f"{GAME}_games.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["player", "deal", "won", "cards_home", "turned_up", "moves"])
        for name, who in PLAYERS.items():
            for deal in parse_deals(args.deals):
                game, moves = play_out(Game(GAME, deal=deal), who, random.Random(deal))
                w.writerow([name, deal, int(game.is_won), game.cards_home,
                            sum(d == 0 for d in game.face_down_counts), len(moves)])
            print(f"{name}: games at {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    write_forks(OUT / f"{GAME}_forks.csv", GAME, PLAYERS, parse_deals(args.fork_deals), args.max_states,
                start)
    run = {"command": "nice -n 10 python notebooks/_questions_indian.py " + " ".join(argv or sys.argv[1:]),
           "machine": machine() + ", one process under nice on a shared 2-core machine",
           "seconds": round(time.time() - start), "max_states": args.max_states, "deals": args.deals,
           "fork_deals": args.fork_deals, "variant": VARIANTS[GAME].name,
           "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    (OUT / f"{GAME}_run.json").write_text(json.dumps(run, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

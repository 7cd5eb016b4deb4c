"""Limited: its strategic questions, put to a habit player and to the solver.

Limited is Forty Thieves dealt as twelve columns of three, so columns empty early and often. Each
question is a choice a player makes again and again, written as a change to a fair player (one that
sees only the table): the cautious habit player (``ft_widget.policies.cautious``) and the *spender*,
the same player with one habit changed (an empty column is used at once: first to lift a card off
one the foundations take now, else for the waste's card). Two measurements per change:

* ``limited_games.csv``: whole games of the base player with and without the change, same deals
  and seeds (cards home, won, and how many moves went into or out of empty columns);
* ``limited_forks.csv``: on each deal, the first position where the two choose differently; the
  solver (which sees every card, the stock's order too) judges the position after each choice
  within a budget of states, so each deal gives one pair of verdicts.

Regenerate (one process; nine minutes, four of them CPU, on a shared 2-core machine)::

    nice -n 10 python notebooks/_questions_limited.py --deals 1-1000 --fork-deals 1-300 \\
        --max-states 100000

The run's command, machine and time go to ``data/notebooks/limited_run.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path

from _questions_streets_number_ten import _frees_home_card, _waste_into_empty, player

from ft_widget import Game, Move, rules
from ft_widget.game import WASTE
from ft_widget.policies import _uncovers
from ft_widget.solver import solve
from ft_widget.studies import machine, parse_deals

OUT = Path(__file__).resolve().parent.parent / "data" / "notebooks"
GAME = "limited"


def spend_space(game: Game) -> Move | None:
    """With a column empty: a card off one the foundations take now, else the waste's card."""
    return _frees_home_card(game) or _waste_into_empty(game)


def spend_early(game: Game) -> Move | None:
    """As ``spend_space``, except while the stock lasts but less than half of it is left: then the
    waste's card does not go into an empty column (the player deals, and the column waits for a
    card off the table). Once the stock is gone the waste's card may go there again."""
    late = 0 < len(game.stock) < 34
    return _frees_home_card(game) if late else spend_space(game)


def dig(key):
    """Where the habit would take a card off a card it is not built on, and several columns offer
    one (it picks at random), the column ``key`` puts first; ``None`` leaves the habit's choice."""
    def before(game: Game) -> Move | None:
        if game.safe_move_home() is not None or any(m.is_home for m in game.legal_moves()):
            return None
        tab = game.tableau
        onto = [m for m in game.legal_moves() if m.between_columns and tab[m.dst]]
        if any(len(tab[m.src]) == m.count for m in onto):
            return None  # the habit empties a column first
        lifts = [m for m in onto if _uncovers(game, m)]
        if len({key(game, m) for m in lifts}) < 2:
            return None
        return min(lifts, key=lambda m: key(game, m))
    return before


def _fewest(game: Game, m: Move) -> int:
    return len(game.tableau[m.src])


def _most(game: Game, m: Move) -> int:
    return -len(game.tableau[m.src])


def _beneath_goes_home(game: Game, m: Move) -> int:
    """0 when the card under the lifted one goes home at once, else 1."""
    heights = rules.foundation_heights(game.foundations)
    return 0 if rules.fits_home(heights, game.tableau[m.src][-2]) else 1


def runs_at_most(k: int):
    """Build on a column only while its built run is shorter than ``k`` cards."""
    def allow(game: Game, m: Move) -> bool:
        if m.is_home or m.dst >= WASTE or not game.tableau[m.dst]:
            return True
        col = game.tableau[m.dst]
        return rules.run_length(col, 0, game.variant.build, sequences=True) < k
    return allow


def carry_runs(game: Game) -> Move | None:
    """A built run carried whole (as single cards through the empty columns, ``Game.run_moves``)
    onto another column, where that empties its column or frees the card under it."""
    tab = game.tableau
    for m in game.run_moves():
        if tab[m.dst] and (len(tab[m.src]) == m.count or _uncovers(game, m)):
            return m
    return None


def _deal_past(game: Game, m: Move) -> bool:
    return not (m.from_waste and m.dst < WASTE and game.tableau[m.dst] and game.stock)


def _first(*befores):
    def before(game: Game) -> Move | None:
        return next((m for b in befores if (m := b(game)) is not None), None)
    return before


#: change -> (base player, allow, rank, before); the bases are "habit" and "spender".
CHANGES = {
    "habit": (None, None, None, None),
    # 1. the empty column
    "waste card into an empty column": ("habit", None, None, _waste_into_empty),
    "empty column to free a home card": ("habit", None, None, _frees_home_card),
    "spender": ("habit", None, None, spend_space),
    "no waste card into a space in the stock's second half": ("spender", None, None, spend_early),
    # 2. which column to dig
    "dig the column with fewest cards": ("spender", None, None, _first(spend_space, dig(_fewest))),
    "dig the column with most cards": ("spender", None, None, _first(spend_space, dig(_most))),
    "dig where the card beneath goes home": ("spender", None, None,
                                             _first(spend_space, dig(_beneath_goes_home))),
    # 3. the waste or the stock
    "deal past the waste card": ("spender", _deal_past, None, spend_space),
    # 4. runs
    "runs of at most three": ("spender", runs_at_most(3), None, spend_space),
    "carry built runs": ("spender", None, None, _first(spend_space, carry_runs)),
}


def who(name: str):
    _, allow, rank, before = CHANGES[name]
    return player(allow, rank, before)


def step(game: Game, move: Move) -> None:
    """Play a move; a run shortcut (``carry_runs``) as its single-card moves."""
    for m in game.expand(move):
        game.play(m)


def play_out(game: Game, name: str, rng) -> tuple[Game, list[Move]]:
    """Play to a win, to no move, or to a position seen before (going round in circles)."""
    seen, moves, fn = {game.position_key()}, [], who(name)
    while not game.is_won and len(moves) < 2000:
        move = fn(game, rng)
        if move is None:
            break
        moves.append(move)
        step(game, move)
        if game.position_key() in seen:
            break
        seen.add(game.position_key())
    return game, moves


def fork(deal: int, a: str, b: str):
    """The single-card moves before the first position where ``a`` and ``b`` choose differently,
    and their two choices."""
    game, history = Game(GAME, deal=deal), []
    fa, fb, ra, rb = who(a), who(b), random.Random(deal), random.Random(deal)
    seen = {game.position_key()}
    while not game.is_won and len(history) < 2000:
        ma, mb = fa(game, ra), fb(game, rb)
        if ma is None or mb is None:
            return None
        if ma != mb:
            return game, history, ma, mb
        history += game.expand(ma)
        step(game, ma)
        if game.position_key() in seen:
            return None
        seen.add(game.position_key())
    return None


def judged(game: Game, move: Move, max_states: int) -> str:
    after = game.copy()
    step(after, move)
    return "won" if after.is_won else str(solve(after, time_limit=None, max_states=max_states).status)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", default="1-1000", help="deals for whole games")
    p.add_argument("--fork-deals", default="1-200", help="deals for the solver's verdicts")
    p.add_argument("--max-states", type=int, default=100_000)
    args = p.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    start = time.time()
    with open(OUT / "limited_games.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["player", "base", "deal", "won", "cards_home", "moves"])
        for name, spec in CHANGES.items():
            for deal in parse_deals(args.deals):
                game, moves = play_out(Game(GAME, deal=deal), name, random.Random(deal))
                w.writerow([name, spec[0] or "", deal, int(game.is_won), game.cards_home, len(moves)])
            print(f"{name}: games at {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    games_seconds = round(time.time() - start)
    with open(OUT / "limited_forks.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["player", "base", "deal", "before", "base_move", "changed_move", "base_verdict",
                    "changed_verdict"])
        for name, spec in CHANGES.items():
            base = spec[0]
            if base is None:
                continue
            for deal in parse_deals(args.fork_deals):
                found = fork(deal, base, name)
                if found is None:
                    continue
                game, history, mb, mc = found
                w.writerow([name, base, deal, " ".join(map(str, history)), mb, mc,
                            judged(game, mb, args.max_states), judged(game, mc, args.max_states)])
                f.flush()
            print(f"{name}: forks at {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    run = {"command": "nice -n 10 python notebooks/_questions_limited.py " + " ".join(argv or sys.argv[1:]),
           "machine": machine() + ", one process under nice on a shared 2-core machine",
           "seconds": round(time.time() - start), "games_seconds": games_seconds,
           "max_states": args.max_states, "deals": args.deals, "fork_deals": args.fork_deals,
           "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    (OUT / "limited_run.json").write_text(json.dumps(run, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

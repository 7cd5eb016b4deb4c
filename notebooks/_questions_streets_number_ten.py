"""Streets and Number Ten: each game's strategic questions, put to a habit player and to the solver.

A question is a *choice* a player makes again and again. Each choice is written as a change to the
cautious habit player (``ft_widget.policies.cautious``, which sees only what a player at the table
sees). Two measurements per choice, on the same deals:

* ``<game>_games.csv``: whole games of the habit player with and without the change (cards home, won);
* ``<game>_forks.csv``: on each deal, the first position where the changed player and the plain habit
  choose differently; the solver (which sees every card) judges the position after each of the two
  moves within a budget of states, so each deal gives one pair of verdicts.

Regenerate (one process, under twenty minutes on a shared 2-core machine)::

    nice -n 19 python notebooks/_questions_streets_number_ten.py --game streets \\
        --deals 1-400 --fork-deals 1-150 --max-states 20000

and the same with ``--game number_ten``; Number Ten's digging question was run on its own::

    nice -n 19 python notebooks/_questions_streets_number_ten.py --game number_ten --tag dig \
        --changes "dig where fewest cards are face down,dig where most cards are face down" \
        --deals 1-1000 --fork-deals 1-200 --max-states 100000

The run's command, machine and time go to ``data/notebooks/<game>[_<tag>]_questions_run.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path

from _questions import first_split  # whole games and forks are played the one way _questions.py plays them
from _questions import play as play_out

from ft_widget import VARIANTS, Game, Move, rules
from ft_widget.game import WASTE
from ft_widget.policies import cautious_choice
from ft_widget.solver import solve
from ft_widget.studies import machine, parse_deals

OUT = Path(__file__).resolve().parent.parent / "data" / "notebooks"


class _Seen:
    """The game as a player with a habit sees it: only the moves ``allow`` lets through, and of the
    moves between columns only those ``rank`` puts first (lower is better)."""

    def __init__(self, game: Game, allow=None, rank=None):
        self._game, self._allow, self._rank = game, allow, rank

    def __getattr__(self, name):
        return getattr(self._game, name)

    def legal_moves(self):
        g = self._game
        moves = [m for m in g.legal_moves() if self._allow is None or self._allow(g, m)]
        if self._rank is not None:
            ranked = [self._rank(g, m) for m in moves if m.between_columns]
            if ranked:
                top = min(ranked)
                moves = [m for m in moves if not m.between_columns or self._rank(g, m) == top]
        return moves

    def safe_move_home(self):
        safe = self._game.safe_move_home()
        return safe if safe is None or self._allow is None or self._allow(self._game, safe) else None


def player(allow=None, rank=None, before=None):
    """The cautious habit changed: ``before(game)`` may name a move to play first; otherwise the habit
    on the filtered game; where the filter leaves nothing, the plain habit."""
    def play(game: Game, rng) -> Move | None:
        if before is not None:
            first = before(game)
            if first is not None:
                return first
        choice = cautious_choice(_Seen(game, allow, rank), rng) or cautious_choice(game, rng)
        return choice.move if choice else None
    return play


def _empties(game: Game) -> list[int]:
    return [j for j, col in enumerate(game.tableau) if not col]


def _into_empty(game: Game, m: Move) -> bool:
    return m.dst < WASTE and not game.tableau[m.dst]


def _moving(game: Game, m: Move) -> int:
    return game.waste[-1] if m.src == WASTE else game.tableau[m.src][-m.count]


# ------------------------------------------------------------------------- Streets
def _waste_to_column(game: Game, m: Move) -> bool:
    return m.from_waste and m.dst < WASTE and bool(game.tableau[m.dst]) and bool(game.stock)


def _waste_into_empty(game: Game) -> Move | None:
    """With a column empty and no safe move home: the waste's card into it."""
    if game.safe_move_home() is not None or not game.waste:
        return None
    for m in game.legal_moves():
        if m.from_waste and _into_empty(game, m):
            return m
    return None


def _frees_home_card(game: Game) -> Move | None:
    """With a column empty: a column's top card into it when the card beneath goes home at once."""
    if game.safe_move_home() is not None or not _empties(game):
        return None
    heights = rules.foundation_heights(game.foundations)
    for m in game.legal_moves():
        if m.between_columns and _into_empty(game, m) and m.count == 1 and len(game.tableau[m.src]) >= 2:
            if rules.fits_home(heights, game.tableau[m.src][-2]):
                return m
    return None


def _king_or_nothing(game: Game, m: Move) -> bool:
    return not _into_empty(game, m) or _moving(game, m) % 13 == 12


# ------------------------------------------------------------------------- Number Ten
def _dig(order: str):
    """Where two or more moves would each turn up a face-down card (the habit takes the first it
    finds), choose by ``order`` between their columns: the one with the ``"fewest"`` (or ``"most"``)
    face-down cards. Where a move empties a column, or the columns on offer do not differ, the
    habit's own choice stands."""
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


def _whole_runs(game: Game, m: Move) -> bool:
    if not m.between_columns:
        return True
    col, down = game.tableau[m.src], game.face_down_counts[m.src]
    return m.count == rules.run_length(col, down, game.variant.build, sequences=True)


def _top_card_only(game: Game, m: Move) -> bool:
    return not m.between_columns or m.count == 1


#: game -> change -> (allow, rank, before); "habit" is the cautious player as it is.
CHANGES = {
    "streets": {
        "habit": (None, None, None),
        "deal past the waste card": (lambda g, m: not _waste_to_column(g, m), None, None),
        "waste card into an empty column": (None, None, _waste_into_empty),
        "empty column to free a home card": (None, None, _frees_home_card),
        "only a King into an empty column": (_king_or_nothing, None, None),
    },
    "number_ten": {
        "habit": (None, None, None),
        "dig where fewest cards are face down": (None, None, _dig("fewest")),
        "dig where most cards are face down": (None, None, _dig("most")),
        "move runs whole": (_whole_runs, None, None),
        "move one card at a time": (_top_card_only, None, None),
    },
}


def fork(variant: str, deal: int, a, b):
    """The moves before the first position where ``a`` and ``b`` choose differently, and their
    moves; both players' randomness seeded by the deal number."""
    return first_split(variant, deal, a, b, deal)


def judged(game: Game, move: Move, max_states: int) -> str:
    after = game.copy()
    after.play(move)
    return "won" if after.is_won else str(solve(after, time_limit=None, max_states=max_states).status)


def write_forks(path: Path, variant: str, players: dict, deals, max_states: int, start: float) -> None:
    """For each changed player (every one but ``players["habit"]``) and deal, the first position
    where it and the habit choose differently, and the solver's verdict after each of the two
    moves, one CSV row a fork (the notebooks read these)."""
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["player", "deal", "before", "habit_move", "changed_move", "habit_verdict",
                    "changed_verdict"])
        for name, who in players.items():
            if name == "habit":
                continue
            for deal in deals:
                found = fork(variant, deal, players["habit"], who)
                if found is None:
                    continue
                history, mh, mc = found
                game = Game(variant, deal=deal)
                for m in history:
                    game.play(m)
                w.writerow([name, deal, " ".join(map(str, history)), mh, mc,
                            judged(game, mh, max_states), judged(game, mc, max_states)])
                f.flush()
            print(f"{name}: forks at {time.time() - start:.0f} s", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=sorted(CHANGES), required=True)
    p.add_argument("--deals", default="1-400", help="deals for whole games")
    p.add_argument("--fork-deals", default="1-150", help="deals for the solver's verdicts")
    p.add_argument("--max-states", type=int, default=20_000)
    p.add_argument("--changes", default="", help="comma-separated changes to play (default: all)")
    p.add_argument("--tag", default="", help="written to data/notebooks/<game>[_<tag>]_*.csv")
    args = p.parse_args(argv)
    variant, changes = args.game, CHANGES[args.game]
    if args.changes:
        wanted = {"habit", *args.changes.split(",")}
        unknown = wanted - set(changes)
        if unknown:
            raise ValueError(f"--changes: no such change for {variant}: {sorted(unknown)}")
        changes = {k: v for k, v in changes.items() if k in wanted}
    stem = f"{variant}_{args.tag}" if args.tag else variant
    players = {name: player(*spec) for name, spec in changes.items()}
    OUT.mkdir(parents=True, exist_ok=True)
    start = time.time()
    with open(OUT / f"{stem}_games.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["player", "deal", "won", "cards_home", "moves"])
        for name, who in players.items():
            for deal in parse_deals(args.deals):
                game, moves = play_out(Game(variant, deal=deal), who, random.Random(deal))
                w.writerow([name, deal, int(game.is_won), game.cards_home, len(moves)])
            print(f"{name}: games at {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    write_forks(OUT / f"{stem}_forks.csv", variant, players, parse_deals(args.fork_deals), args.max_states,
                start)
    run = {"command": "python notebooks/_questions_streets_number_ten.py " + " ".join(argv or sys.argv[1:]),
           "machine": machine() + ", one process under nice on a shared 2-core machine",
           "seconds": round(time.time() - start), "max_states": args.max_states, "deals": args.deals,
           "fork_deals": args.fork_deals, "variant": VARIANTS[variant].name,
           "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    (OUT / f"{stem}_questions_run.json").write_text(json.dumps(run, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The strategic questions of Lucas, Little Forty and Rank and File, put to the test.

Each question is an *idea* a player may follow, written as a change to the cautious habit player
(``ft_widget.policies.cautious``, fair: it sees what a player sees). Two experiments per idea:

* whole games: the habit player with and without the idea on the same deals (cards home, wins);
* first split: on each deal, the first position where the two players choose differently; the
  solver (which sees every card) judges the position after each of the two moves, with a budget
  of states, so each deal gives one pair of verdicts (winnable, or not won within the budget).

A third, on the deals the solver wins from the start: where the habit player's game stops, is the
deal still winnable, and if not, which move lost it (found by halving the game).

Regenerate (one process each; 2 to 11 minutes on a busy 2-core machine)::

    nice -n 19 python notebooks/_questions.py --game lucas --deals 1-300 --split-deals 1-100 \
        --max-states 20000 --rules aces_in_deck,ten_columns
    nice -n 19 python notebooks/_questions.py --game little_forty --deals 1-300 --split-deals 1-100 \
        --max-states 20000
    nice -n 19 python notebooks/_questions.py --game rank_and_file --deals 1-300 --split-deals 1-100 \
        --max-states 20000

Each writes ``data/notebooks/<game>_games.csv`` (whole games), ``<game>_splits.csv`` (first
disagreements), ``<game>_fatal.csv`` (where the habit player's games stop or are lost) and the
run's command, machine, seconds and budget to ``<game>_run.json``.
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
from ft_widget.solver import solve
from ft_widget.studies import machine, parse_deals
from ft_widget.teaching import lesson_variant

OUT = Path(__file__).resolve().parent.parent / "data" / "notebooks"


class Filtered:
    """A game seen through an idea: ``legal_moves`` drops what the idea forbids and, of the moves
    between columns, keeps those the idea ranks best (``first``: lower is better)."""

    def __init__(self, game: Game, keep=None, first=None):
        self._game, self._keep, self._first = game, keep, first

    def legal_moves(self):
        g = self._game
        moves = [m for m in g.legal_moves() if self._keep is None or self._keep(g, m)]
        if self._first is not None:
            # among the moves between columns, only those the idea ranks best
            ranks = [self._first(g, m) for m in moves if m.between_columns]
            best = min(ranks, default=None)
            moves = [m for m in moves if not m.between_columns or self._first(g, m) == best]
        return moves

    def __getattr__(self, name):
        return getattr(self._game, name)


def idea_player(keep=None, first=None):
    """The cautious habit with an idea; where the idea leaves no move, the plain habit's move."""
    def play(game: Game, rng) -> Move | None:
        choice = cautious_choice(Filtered(game, keep, first), rng) or cautious_choice(game, rng)
        return choice.move if choice else None
    return play


def _top(game: Game, m: Move) -> int:
    return game.waste[-1] if m.src == WASTE else game.tableau[m.src][-m.count]


def _into_empty(game: Game, m: Move) -> bool:
    return m.dst < WASTE and not game.tableau[m.dst]


def _partial(game: Game, m: Move) -> bool:
    """Does a column move take only the upper part of the run at the top of its column?"""
    if not m.between_columns:
        return False
    col, down = game.tableau[m.src], game.face_down_counts[m.src]
    return m.count < rules.run_length(col, down, game.variant.build, sequences=True)


def _down_left(game: Game, m: Move) -> int:
    """Face-down cards under the column a move comes from; 50 when there are none (no digging)."""
    return game.face_down_counts[m.src] or 50


def _next_home_depth(game: Game, m: Move) -> int:
    """How many cards lie over the shallowest card the foundations would take next in the column
    a move comes from, once the move is made (a large number for other moves and other columns)."""
    if not m.between_columns:
        return 99
    heights = rules.foundation_heights(game.foundations)
    under = game.tableau[m.src][:-m.count]
    for depth, card in enumerate(reversed(under[game.face_down_counts[m.src]:])):
        if rules.fits_home(heights, card):
            return depth
    return 99


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
    """Where a run can go into an empty column and turn up a card, no deal and no other move into
    an empty column."""
    if not (m.is_deal or _into_empty(game, m)) or _turns_up_into_empty(game, m):
        return True
    return not any(_turns_up_into_empty(game, x) for x in game.legal_moves())


#: Per game: idea name -> (keep, first). ``None`` is the habit as it is.
IDEAS = {
    "lucas": {
        "habit": (None, None),
        # a column emptied is filled only by a King (a King can never be built on anything)
        "kings_only_in_empty": (lambda g, m: not _into_empty(g, m) or _top(g, m) % 13 == 12, None),
        # send a card home only when no card still in play will want to be built on it
        "home_only_when_safe": (lambda g, m: not m.is_home or g.safe_move_home() == m, None),
        # among the moves between columns, first those that dig towards a card the foundations take next
        "dig_for_next_home": (None, _next_home_depth),
        # once the stock is gone, dig the waste: its top card to a column (an empty one too) first
        "dig_the_waste": (_waste_first, None),
        "both_digs": (_waste_first, _next_home_depth),
    },
    "little_forty": {
        "habit": (None, None),
        # a waste card goes home, never onto a column (taking one shifts the next pass's threes)
        "waste_only_home": (lambda g, m: not (m.from_waste and m.dst < WASTE), None),
        # stop after one redeal: what the last two passes are worth to this player
        "one_redeal": (lambda g, m: not m.is_redeal or g.redeals_left >= 3, None),
        # never split a run: move runs whole
        "whole_runs_only": (lambda g, m: not _partial(g, m), None),
        # once the stock is gone (no redeal left), the waste's top card to a column first
        "dig_the_waste": (lambda g, m: bool(g.redeals_left) or _waste_first(g, m), None),
    },
    "rank_and_file": {
        "habit": (None, None),
        # dig first where the fewest face-down cards are left
        "dig_fewest_down": (None, _down_left),
        # dig first where the most face-down cards are left
        "dig_most_down": (None, lambda g, m: -g.face_down_counts[m.src]),
        # never split a run: move runs whole
        "whole_runs_only": (lambda g, m: not _partial(g, m), None),
        # before dealing, move a run into an empty column if that turns up a face-down card
        "empty_column_before_deal": (_empty_before_deal, None),
    },
}


def play(game: Game, player, rng) -> tuple[Game, list[Move]]:
    """Play to the end (a win, no move, or a position seen before, as ``play_policy`` does)."""
    seen, moves = {game.position_key()}, []
    while not game.is_won and len(moves) < 2000:
        move = player(game, rng)
        if move is None:
            break
        moves.append(game.play(move))
        if game.position_key() in seen:
            break
        seen.add(game.position_key())
    return game, moves


def first_split(variant: str, deal: int, a, b, rng_seed: int) -> tuple[list[Move], Move, Move] | None:
    """The moves up to the first position where players ``a`` and ``b`` choose differently."""
    game, history = Game(variant, deal=deal), []
    ra, rb = random.Random(rng_seed), random.Random(rng_seed)
    seen = {game.position_key()}
    while not game.is_won and len(history) < 2000:
        ma, mb = a(game, ra), b(game, rb)
        if ma is None or mb is None:
            return None
        if ma != mb:
            return history, ma, mb
        history.append(game.play(ma))
        if game.position_key() in seen:
            return None
        seen.add(game.position_key())
    return None


def kind(game: Game, m: Move) -> str:
    """A move's kind, in a player's words."""
    if m.is_deal:
        return "deal"
    if m.is_redeal:
        return "redeal"
    if m.is_home:
        return "home"
    if _into_empty(game, m):
        return "into an empty column"
    return "waste to a column" if m.from_waste else "column to column"


def fatal(variant, deal: int, player, max_states: int) -> dict | None:
    """On a deal the solver wins, the habit player's move after which the solver no longer wins
    (within ``max_states``): bisection over the game's positions, which assumes that once lost, a
    game stays lost (it does: no move is taken back)."""
    game, moves = play(Game(variant, deal=deal), player, random.Random(deal))
    if game.is_won:
        return None

    def status(k: int) -> str:
        g = Game(variant, deal=deal)
        for m in moves[:k]:
            g.play(m)
        return str(solve(g, time_limit=None, max_states=max_states).status)

    if status(0) != "won":
        return None
    end = status(len(moves))
    if end == "won":  # the habit stopped (no idea what to do, or round in circles) on a winnable deal
        return {"deal": deal, "ply": len(moves), "of": len(moves), "before": " ".join(map(str, moves)),
                "move": "", "kind": "stopped while winnable", "after": end,
                "cards_home": game.cards_home, "stock": len(game.stock)}
    lo, hi, last = 0, len(moves), end  # won after lo moves; not won after hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        got = status(mid)
        if got == "won":
            lo = mid
        else:
            hi, last = mid, got
    before = Game(variant, deal=deal)
    for m in moves[:lo]:
        before.play(m)
    return {"deal": deal, "ply": lo, "of": len(moves), "before": " ".join(map(str, moves[:lo])),
            "move": str(moves[lo]), "kind": kind(before, moves[lo]), "after": last,
            "cards_home": before.cards_home, "stock": len(before.stock)}


def verdict(game: Game, move: Move, max_states: int) -> str:
    after = game.copy()
    after.play(move)
    return "won" if after.is_won else str(solve(after, time_limit=None, max_states=max_states).status)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=sorted(IDEAS), required=True)
    p.add_argument("--deals", default="1-500")
    p.add_argument("--max-states", type=int, default=20_000)
    p.add_argument("--split-deals", default="1-150", help="deals for the solver's experiments")
    p.add_argument("--rules", default="", help="rule changes the habit also plays (teaching.LESSONS ids)")
    args = p.parse_args(argv)
    deals, ideas, variant = parse_deals(args.deals), IDEAS[args.game], args.game
    split_deals = parse_deals(args.split_deals)
    OUT.mkdir(parents=True, exist_ok=True)
    start = time.time()
    players = {name: idea_player(*spec) if name != "habit" else idea_player() for name, spec in ideas.items()}
    with open(OUT / f"{variant}_games.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["idea", "deal", "won", "cards_home", "moves"])
        for name, player in players.items():
            for deal in deals:
                game, moves = play(Game(variant, deal=deal), player, random.Random(deal))
                w.writerow([name, deal, int(game.is_won), game.cards_home, len(moves)])
            print(f"{name}: games done at {time.time() - start:.0f} s", file=sys.stderr, flush=True)
        for lesson in filter(None, args.rules.split(",")):
            changed = lesson_variant(variant, lesson)
            for deal in deals:
                game, moves = play(Game(changed, deal=deal), players["habit"], random.Random(deal))
                w.writerow([f"rule:{lesson}", deal, int(game.is_won), game.cards_home, len(moves)])
    with open(OUT / f"{variant}_splits.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["idea", "deal", "before", "habit_move", "idea_move", "habit_verdict", "idea_verdict"])
        for name, player in players.items():
            if name == "habit":
                continue
            for deal in split_deals:
                split = first_split(variant, deal, players["habit"], player, deal)
                if split is None:
                    continue
                history, mh, mi = split
                game = Game(variant, deal=deal)
                for m in history:
                    game.play(m)
                w.writerow([name, deal, " ".join(map(str, history)), mh, mi,
                            verdict(game, mh, args.max_states), verdict(game, mi, args.max_states)])
            print(f"{name}: splits done at {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    with open(OUT / f"{variant}_fatal.csv", "w", newline="") as f:
        w = None
        for lesson in [None, *filter(None, args.rules.split(","))]:
            for deal in split_deals:
                row = fatal(lesson_variant(variant, lesson), deal, players["habit"], args.max_states)
                if row is not None:
                    row = {"game": f"rule:{lesson}" if lesson else "as dealt", **row}
                    if w is None:
                        w = csv.DictWriter(f, fieldnames=list(row))
                        w.writeheader()
                    w.writerow(row)
        print(f"fatal moves done at {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    run = {"command": "python notebooks/_questions.py " + " ".join(argv or sys.argv[1:]),
           "machine": machine(), "seconds": round(time.time() - start), "max_states": args.max_states,
           "deals": args.deals, "split_deals": args.split_deals, "variant": VARIANTS[variant].name}
    (OUT / f"{variant}_run.json").write_text(json.dumps(run, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

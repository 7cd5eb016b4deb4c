"""Play the deep expert (``Expert(strength="deep")``) on deals and log every decision.

One CSV row a game (variant, deal, result, moves, cpu seconds, states, player, budget) and, with
``--decisions``, one row a decision that sampled worlds (candidates, samples, and for the measure of
strategy fusion: worlds compared, worlds won after some candidate compared, after the chosen one;
``overturned``: the guard took another commitment than the default strength's). Each deal's
generator is seeded as ``ft_widget.studies`` seeds the default expert's games
(``"<variant>/<deal>/0"``), so a guarded game no test overturned is the default's game, move for move.
One process, so the CPU seconds are the game's own; run it under ``nice``. It plays the guard, the
deep expert's rule. The first rule (the bandit alone) left the package in issue 41; commit 6545da7ff9
is the last with it, in the package and here (``--rule bandit``; ``data/deep_expert.md``). Example::

    nice -n 10 python -m tools.deep_expert --variants forty_thieves --deals 10001-10100 \\
        --out data/deep_runs/deep-forty_thieves-10001-10100.csv --decisions data/deep_runs/dec.csv
"""

from __future__ import annotations

import argparse
import csv
import random
import time
from pathlib import Path

from ft_widget import Game, play_policy
from ft_widget.expert import DEEP_CANDIDATES, DEEP_MIN_GAIN, DEEP_NODES, DEEP_Z, DeepChoice, Expert
from ft_widget.policies import cautious_choice


class Logged:
    """The expert, with each of its choices kept (``play_policy`` calls ``choose``)."""

    def __init__(self, expert: Expert):
        self.expert = expert
        self.choices: list = []

    def choose(self, game, rng):
        c = self.expert.choose(game, rng)
        self.choices.append(c)
        return c


def deals(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variants", required=True, help="comma-separated game ids")
    p.add_argument("--deals", required=True, help="a range like 10001-10100")
    p.add_argument("--sample-states", type=int, default=2_000)
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--test-worlds", type=int, default=16)
    p.add_argument("--test-states", type=int, default=10_000)
    p.add_argument("--game-states", type=int, default=4_000_000)
    p.add_argument("--out", required=True)
    p.add_argument("--decisions", help="a CSV for one row a decision that sampled worlds")
    a = p.parse_args(argv)
    # "rule=guard" first: data/deep_expert.py tells the guard's runs from the first rule's by it
    budget = (f"rule=guard sample_states={a.sample_states} batch={a.batch} test_worlds={a.test_worlds} "
              f"test_states={a.test_states} game_states={a.game_states} z={DEEP_Z} "
              f"min_gain={DEEP_MIN_GAIN} candidates={DEEP_CANDIDATES} nodes={DEEP_NODES}")
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    games = open(a.out, "w", newline="")
    gw = csv.writer(games)
    gw.writerow(["variant", "deal", "result", "moves", "seconds", "states", "player", "budget"])
    dw = None
    if a.decisions:
        dec = open(a.decisions, "w", newline="")
        dw = csv.writer(dec)
        dw.writerow(["variant", "deal", "move_number", "candidates", "samples", "states", "compared",
                     "any_won", "chosen_won", "nothing_won", "overturned"])
    for v in a.variants.split(","):
        for d in deals(a.deals):
            expert = Expert(strength="deep", fallback=cautious_choice, sample_states=a.sample_states,
                            batch=a.batch, deep_game_states=a.game_states, test_worlds=a.test_worlds,
                            test_states=a.test_states)
            logged = Logged(expert)
            t = time.process_time()
            r = play_policy(Game(v, deal=d), logged, random.Random(f"{v}/{d}/0"))
            cpu = time.process_time() - t
            gw.writerow([v, d, str(r.status), len(r.moves), f"{cpu:.3f}", expert.states, "deep_expert",
                         budget])
            games.flush()
            if dw is not None:
                for i, c in enumerate(logged.choices):
                    if isinstance(c, DeepChoice) and c.worlds_played:
                        dw.writerow([v, d, i, c.candidates, c.worlds_played, c.states, c.compared, c.any_won,
                                     c.chosen_won, int(c.any_won == 0), int(c.overturned)])
                dec.flush()
            print(v, d, r.status, len(r.moves), f"{cpu:.1f}s", flush=True)


if __name__ == "__main__":
    main()

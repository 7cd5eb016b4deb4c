"""The paired experiments behind each game's lessons: one rule of a game changed, same deals.

Each lesson asks "what does this rule of the game change?". It plays the game and the game
with that one rule changed (``dataclasses.replace``) on the same deal numbers (the same
shuffle of the 104 cards), twice:

* the solver, which sees every card (the *thoughtful* player: it knows the stock's order),
  with one budget in states for every deal, so the verdicts are the same on any machine;
* the strongest fair player the project has (``PLAYER`` below, the fair expert), which sees
  only what a player at the table sees.

The notebooks read ``data/lessons.json`` and compute the paired differences and their
intervals themselves (``ft_widget.teaching.paired``). Regenerate (about half an hour on two
cores)::

    python notebooks/_lessons.py --deals 1-30 --player-deals 1-100 --max-states 60000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from _lines import provenance  # run as a script: notebooks/ is on sys.path

from ft_widget import VARIANTS, Game, play_policy
from ft_widget.solver import solve
from ft_widget.studies import parse_deals
from ft_widget.teaching import LESSONS, lesson_variant

#: The fair player the lessons measure: the strongest the project has (``ft_widget.expert``).
PLAYER = "expert"


def _solve(job):
    variant_id, lesson, deal, max_states = job
    variant = lesson_variant(variant_id, lesson)
    result = solve(Game(variant, deal=deal), time_limit=600, max_states=max_states)
    return {"variant": variant_id, "lesson": lesson, "deal": deal, "status": str(result.status),
            "states": result.states}


def _play(job):
    variant_id, lesson, deal, player = job
    variant = lesson_variant(variant_id, lesson)
    result = play_policy(Game(variant, deal=deal), player, random.Random(f"{variant_id}/{deal}"))
    return {"variant": variant_id, "lesson": lesson, "deal": deal, "status": str(result.status),
            "cards_home": result.cards_home}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-30", help="deals the solver plays")
    parser.add_argument("--player-deals", default="1-100", help="deals the fair player plays")
    parser.add_argument("--max-states", type=int, default=60_000)
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds per deal, a safety net")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--out", default="data/lessons.json")
    args = parser.parse_args()
    variants = args.variants.split(",")
    configs = [(v, lesson) for v in variants for lesson in [None, *LESSONS[v]]]
    start = time.time()
    load = os.getloadavg()[0]
    with ProcessPoolExecutor(args.workers) as pool:
        played = list(pool.map(_play, [(v, lesson, d, PLAYER) for v, lesson in configs
                                       for d in parse_deals(args.player_deals)], chunksize=20))
        solved = list(pool.map(_solve, [(v, lesson, d, args.max_states) for v, lesson in configs
                                        for d in parse_deals(args.deals)]))
    data = provenance(f"python notebooks/_lessons.py --deals {args.deals} --player-deals "
                      f"{args.player_deals} --max-states {args.max_states}", args, start)
    data["machine"] += f", load average {load:.1f} at the start"
    data["player"] = PLAYER
    data["lessons"] = {v: {k: dict(fields) for k, fields in LESSONS[v].items()} for v in variants}
    data["solver"] = solved
    data["played"] = played
    with open(args.out, "w") as f:
        json.dump(data, f, separators=(",", ":"), default=str)
        f.write("\n")
    for v, lesson in configs:
        won = sum(r["status"] == "won" for r in solved if r["variant"] == v and r["lesson"] == lesson)
        home = [r["cards_home"] for r in played if r["variant"] == v and r["lesson"] == lesson]
        mean = sum(home) / len(home)
        print(f"{v:14} {lesson or '(as dealt)':28} solver won {won:3}   player home {mean:5.1f}")


if __name__ == "__main__":
    main()

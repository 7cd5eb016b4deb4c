"""Find, per game, real positions where the fair player's move loses and the solver's keeps the
deal winnable: the worked decisions and puzzles of the variant notebooks. A game where no
such position turns up within the time given gets one where both moves win (the row's
``player_verdict`` says which).

For each won deal in ``data/solver_lines.json``, walk the solver's winning line; at every
``--step``-th position ask the habit player (``PLAYER``) for its move. Where it differs from the
solver's, solve the position after it with ``--max-states``; a proved loss is a decision worth
teaching (the solver's move is proved good by the rest of its line). Regenerate::

    python notebooks/_decisions.py --max-states 20000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from _lines import provenance  # run as a script: notebooks/ is on sys.path

from ft_widget import POLICIES, VARIANTS, Game
from ft_widget.solver import solve

#: The player whose moves are put to the test: a habit player, cheap enough to ask at every
#: position of every winning line; the notebooks then ask the fair expert what it makes of both
#: moves (``Decision.expert_says``).
PLAYER = "foundations_first"


def _find(job):
    variant, lines, max_states, step, seconds, deals_too = job
    player = POLICIES[PLAYER]
    start = time.time()
    found, forgiving = [], []
    for deal, line in lines:
        game = Game(variant, deal=deal)
        for k, move in enumerate(line):
            if time.time() - start > seconds or len(found) >= 2:
                return variant, found or forgiving[:1]
            if k >= 6 and k % step == 0 and not game.is_won:
                choice = player(game, random.Random(f"{variant}/{deal}/{k}"))
                stock_choice = choice is not None and (choice.is_deal or choice.is_redeal)
                if choice is not None and str(choice) != move and (deals_too or not stock_choice):
                    trial = game.copy()
                    trial.play(choice)
                    result = solve(trial, time_limit=600, max_states=max_states)
                    row = {"variant": variant, "deal": deal, "moves": line[:k], "best": move,
                           "player": str(choice), "player_verdict": str(result.status),
                           "states": result.states, "line_left": len(line) - k}
                    if str(result.status) == "lost":
                        found.append(row)
                        break  # one decision per deal
                    if str(result.status) == "won" and not forgiving and k >= len(line) // 3:
                        forgiving.append(row)  # both moves win: kept in case no loss is found
            game.play(move)
    return variant, found or forgiving[:1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-states", type=int, default=20_000)
    parser.add_argument("--step", type=int, default=3, help="test every step-th position of a line")
    parser.add_argument("--seconds", type=float, default=90, help="give up on a game after this long")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--deals-too", action="store_true", help="test the player's deals (s>w) too")
    parser.add_argument("--out", default="data/decisions.json")
    args = parser.parse_args()
    lines = json.loads(open("data/solver_lines.json").read())
    start, load = time.time(), os.getloadavg()[0]
    won = {v: [(d["deal"], d["moves"]) for d in lines["deals"] if d["variant"] == v and d["status"] == "won"]
           for v in args.variants.split(",")}
    jobs = [(v, won[v], args.max_states, args.step, args.seconds, args.deals_too) for v in won]
    with ProcessPoolExecutor(args.workers) as pool:
        found = dict(pool.map(_find, jobs))
    command = (f"python notebooks/_decisions.py --max-states {args.max_states} --step {args.step} "
               f"--seconds {args.seconds:g} --variants {args.variants}"
               + (" --deals-too" if args.deals_too else ""))
    run = provenance(command, args, start)
    run["machine"] += f", load average {load:.1f} at the start"
    try:  # runs for some games add to the file
        data = json.loads(open(args.out).read())
    except FileNotFoundError:
        data = {"player": PLAYER, "lines_from": lines["command"], "max_states": args.max_states,
                "runs": [], "decisions": {}}
    assert data["player"] == PLAYER and data["max_states"] == args.max_states
    data["runs"].append(run)
    data["decisions"].update(found)
    with open(args.out, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    for v, rows in found.items():
        print(v, [(r["deal"], len(r["moves"]), r["best"], r["player"], r["player_verdict"]) for r in rows])


if __name__ == "__main__":
    main()

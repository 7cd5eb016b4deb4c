"""Issue 42, way 1: dead ends found by a relaxed game, measured on the positions of the world measure.

A relaxed game allows more than the real one, so a state it cannot win is lost. The solver has one
such check, R7 (``Model.blocked``, opt-in; its argument is in ``ft_widget/solver/model.py``): the
largest set of cards none of which could ever move while all of them stay in place, a card being
free to go home, onto any copy of a card it builds on that is in the stock or free of the set, or
into an empty column whenever some column holds no card of the set. It keeps the waste last in,
first out (a waste card under a card of the set never moves). It had been measured only on the
review's late positions, where it saved nothing (docs/solver.md); this measures it where most
worlds are left unknown, from the opening on.

*The empty column as a resource.* The issue asked for a relaxation that does not hand out empty
columns for free. Tightening the escape to "a column that is empty now, or one free of the set
whose bottom card can leave it home or onto a card" (the first column ever emptied is emptied that
way: there is no empty column yet for its bottom card to go to) is sound, but it is R7 already: R7
starts from every card in the set, with no column empty (else nothing is blocked), so until some
column is free of the set no card may use an empty column, and a column becomes free only when its
bottom card leaves the set by going home or onto a card, which is the tightened test. Counting
empty columns (several cards of the set each needing one at once) would go further; no sound form
of it was found here.

The measure, from the positions of ``data/world_reach.py`` (the cautious player's games on deals
``--deals``, 10 and 40 moves in):

1. *How often R7 fires*: the first ``--states`` states the sound search (pure path, R7 off)
   expands from world 0 of each position, and how many of them R7 calls blocked. A blocked state
   expanded is work a search with R7 would not do (its successors are blocked too: the set stays
   in place in them).
2. *What it settles*: worlds 0 to ``--worlds`` - 1 of each position of ``--settle`` games, solved
   to ``--max-states`` (no clock) three times: R7 off (the default), R7 on in the sound search,
   R7 on in every search of the budget's portfolio (a blocked state is lost, so a search for wins
   loses nothing by skipping it).

    nice -n 10 python data/dead_ends.py

writes data/dead_ends.csv (one row a game and part) and data/dead_ends.md.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import pathlib
import platform
import random
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's ft_widget

import ft_widget.solver.search as search  # noqa: E402
from ft_widget import VARIANTS, Game, solve  # noqa: E402
from ft_widget.expert import player_view  # noqa: E402
from ft_widget.policies import play_policy  # noqa: E402
from ft_widget.solver.model import Model  # noqa: E402

HERE = pathlib.Path(__file__).parent
FIELDS = ["part", "variant", "positions", "states", "r7", "mode", "won", "lost", "unknown", "cpu_seconds"]
MODES = ("off", "sound", "every")


def positions(variant: str, deals: range) -> list[Game]:
    """The world measure's positions: the cautious player's game 10 and 40 moves in."""
    out = []
    for deal in deals:
        played = play_policy(Game(variant, deal=deal), "cautious", rng=1)
        for k in (10, 40):
            if len(played.moves) >= k:
                game = Game(variant, deal=deal)
                for m in played.moves[:k]:
                    game.play(m)
                out.append(game)
    return out


def expanded(world: Game, limit: int) -> tuple[Model, list[tuple]]:
    """The first ``limit`` states the sound search (pure path, R7 off) expands from ``world``."""
    model = Model(world.variant)
    seen: list[tuple] = []
    moves = model.moves

    def recording(st: tuple) -> list:
        seen.append(st)
        return moves(st)

    model.moves = recording  # the search asks each state it expands for its moves, once
    run = search.PureSearch(model, Model.from_game(world))
    while run.status is search.RUNNING and len(seen) < limit:
        run.advance(1)
    return model, seen[:limit]


def with_dead_ends(mode: str):
    """``search.portfolio`` with R7 on in the sound search (``sound``) or in every search (``every``)."""
    plain = search.portfolio

    def portfolio(variant, prune=True, deal_and_play=False):
        members = plain(variant, prune, deal_and_play)
        for i, (model, _) in enumerate(members):
            if prune and (mode == "every" or mode == "sound" and i == 0):
                model.dead_ends = True  # sound anywhere: a blocked state holds no win
        return members
    return portfolio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1-3")
    parser.add_argument("--states", type=int, default=20_000, help="states expanded a position (part 1)")
    parser.add_argument("--settle", default="forty_thieves,maria,streets", help="games of part 2")
    parser.add_argument("--settle-deals", default="1-5")
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--max-states", type=int, default=1_000_000)
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    first, _, last = args.settle_deals.partition("-")
    settle_deals = range(int(first), int(last or first) + 1)
    started = time.process_time()
    rows = []
    for variant in VARIANTS:
        games = positions(variant, deals)
        count = r7 = 0
        t = time.process_time()
        for game in games:
            model, states = expanded(player_view(game).sample(random.Random(0)), args.states)
            count, r7 = count + len(states), r7 + sum(map(model.blocked, states))
        rows.append({"part": "fires", "variant": variant, "positions": len(games), "states": count, "r7": r7,
                     "cpu_seconds": round(time.process_time() - t, 1)})
        print(rows[-1], flush=True)
    plain = search.portfolio
    for variant in args.settle.split(","):
        worlds = [player_view(g).sample(random.Random(w)) for g in positions(variant, settle_deals)
                  for w in range(args.worlds)]
        for mode in MODES:
            search.portfolio = with_dead_ends(mode) if mode != "off" else plain
            try:
                t, counts = time.process_time(), {"won": 0, "lost": 0, "unknown": 0}
                for world in worlds:
                    status = str(solve(world, time_limit=None, max_states=args.max_states,
                                       shorten_line=False).status)
                    counts[status] += 1
            finally:
                search.portfolio = plain
            rows.append({"part": "settles", "variant": variant, "positions": len(worlds) // args.worlds,
                         "mode": mode, **counts, "cpu_seconds": round(time.process_time() - t, 1)})
            print(rows[-1], flush=True)
    with open(HERE / "dead_ends.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    write_md(rows, args, time.process_time() - started)


def write_md(rows: list[dict], args, cpu: float) -> None:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                            text=True).stdout.strip()
    command = "nice -n 10 python data/dead_ends.py " + " ".join(sys.argv[1:])
    lines = ["# Dead ends by a relaxed game (issue 42, way 1)", "",
             f"`{command.strip()}` ({datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, "
             f"commit {commit}, {platform.machine()}, {cpu:,.0f} CPU s). What R7 is, and why a "
             "tighter empty-column escape is R7 already: the script's docstring.", "",
             f"## How often each fires: the first {args.states:,} states the sound search expands from "
             f"each position (deals {args.deals}, 10 and 40 moves in, world 0)", "",
             "| game | positions | states | R7 calls blocked | share |", "|---|---:|---:|---:|---:|"]
    for r in (r for r in rows if r["part"] == "fires"):
        lines.append(f"| {VARIANTS[r['variant']].name} | {r['positions']} | {r['states']:,} | {r['r7']:,} | "
                     f"{r['r7'] / max(r['states'], 1):.0%} |")
    lines += ["", f"## What it settles: worlds 0-{args.worlds - 1} of each position "
              f"(deals {args.settle_deals}), {args.max_states:,} states a world", "",
              "| game | R7 | worlds | won | lost | unknown | CPU s |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in (r for r in rows if r["part"] == "settles"):
        n = r["won"] + r["lost"] + r["unknown"]
        lines.append(f"| {VARIANTS[r['variant']].name} | {r['mode']} | {n} | {r['won']} | {r['lost']} | "
                     f"{r['unknown']} | {r['cpu_seconds']} |")
    (HERE / "dead_ends.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""Would loss results that outlive one search pay? Issue 42's second way, measured.

The fair judge solves every commitment of a position in the same world, one search each, and
most of what those searches meet overlaps: the states after one commitment and a second are
reached from either. A search stopped by its budget has still proved many of its states lost,
and a *memo* of them could let the next commitment's search skip them. This measures both:

- the positions and worlds of ``data/world_reach.py`` (the cautious player's games, ``--at``
  moves in, ``--worlds`` worlds from ``PlayerView.sample(Random(w))``), in ``--games``;
- every commitment (``fair.moves_to_judge`` of the world: every legal move) searched by the
  sound search alone (``Model(variant)``: the pruning rules R1-R5, the first search of the
  budget's portfolio) up to ``--states`` states, once on its own and once with the memo of the
  states the searches of the earlier commitments in that world proved lost.

*Which states a stopped search has proved lost.* Record, for each state the search expanded,
the states its moves lead to (all of them: a state the memo holds is left out, being proved
lost). An expanded state from which no state met but not expanded can be reached along those
edges, and no win (a win ends the search), has every state reachable from it expanded: a sound
search started there would have met exactly those states and run dry, which proves it lost
(docs/solver.md, the pruning rules' arguments; none of them depends on where a search starts).
``closed_lost`` finds them by walking back from the states not expanded. The same holds with a
memo: the states it skips are lost already. ``tests/test_solver_pruning.py`` checks the claim
against exhaustive searches.

This is a pure-Python search (about 20 times slower than the compiled core), so the budget is
smaller than the fair judge's; the question it answers is whether the memo settles commitments
the search alone leaves open. One process; run it under ``nice``::

    nice -n 10 python data/loss_memo.py --games forty_thieves,maria,streets --deals 1-3 --states 200000

writes ``data/loss_memo.csv`` (a row a commitment) and ``data/loss_memo.md``.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import heapq
import pathlib
import platform
import random
import re
import subprocess
import sys
import time
from collections import defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's ft_widget

from ft_widget import VARIANTS, Game  # noqa: E402
from ft_widget.expert import moves_to_judge, player_view  # noqa: E402
from ft_widget.policies import play_policy  # noqa: E402
from ft_widget.solver.model import Model  # noqa: E402
from ft_widget.solver.search import evaluator  # noqa: E402

HERE = pathlib.Path(__file__).parent
FIELDS = ["variant", "deal", "at", "world", "move", "alone", "alone_states", "alone_proved_lost",
          "with_memo", "with_memo_states", "memo_size", "memo_hits"]


def sound_search(model: Model, start: tuple, max_states: int, memo: set,
                 states: list | None = None) -> tuple[str, list, dict, int]:
    """The sound best-first search of ``search.PureSearch`` (same order, same score), recording
    each expanded state's children and skipping the states of ``memo`` (proved lost). Returns the
    answer ("won", "lost" or "unknown"), the keys met (index = state number), the children of each
    expanded state, and how many children the memo skipped; ``states``, a list, gets the states
    met in the same order (for tests)."""
    value = evaluator(model)
    key, moves_of, apply, canonical = model.key, model.moves, model.apply, model.canonical
    start = canonical(start)
    keep = states.append if states is not None else (lambda st: None)
    keep(start)
    keys = [key(start)]
    index = {keys[0]: 0}
    children: dict[int, list[int]] = {}
    if sum(start[2]) == 104:
        return "won", keys, children, 0
    heap = [(-value(start), 0, start)]
    hits = 0
    while heap and len(keys) < max_states:
        _, idx, st = heapq.heappop(heap)
        kids = []
        for mv in moves_of(st):
            child = canonical(apply(st, mv))
            k = key(child)
            if k in memo:
                hits += 1
                continue
            if sum(child[2]) == 104:
                return "won", keys, children, hits
            j = index.get(k)
            if j is None:
                j = index[k] = len(keys)
                keys.append(k)
                keep(child)
                heapq.heappush(heap, (-value(child), -j, child))
            kids.append(j)
        children[-idx] = kids
    return ("lost" if not heap else "unknown"), keys, children, hits


def closed_lost(keys: list, children: dict[int, list[int]]) -> set:
    """The keys of the expanded states from which no state met but not expanded can be reached
    (see the module docstring: each is proved lost)."""
    parents = defaultdict(list)
    for p, kids in children.items():
        for c in kids:
            parents[c].append(p)
    open_ = [i for i in range(len(keys)) if i not in children]
    reach = set(open_)
    while open_:
        for p in parents[open_.pop()]:
            if p not in reach:
                reach.add(p)
                open_.append(p)
    return {keys[i] for i in children if i not in reach}


def proved_lost(answer: str, keys: list, children: dict) -> set:
    """What a search leaves proved lost: every state it met when it ran dry, else its closed part."""
    if answer == "won":
        return set()
    return set(keys) if answer == "lost" else closed_lost(keys, children)


def position(variant: str, deal: int, at: int) -> Game | None:
    played = play_policy(Game(variant, deal=deal), "cautious", rng=1)
    if len(played.moves) < at:
        return None
    game = Game(variant, deal=deal)
    for m in played.moves[:at]:
        game.play(m)
    return game


def measure(variant: str, deal: int, at: int, world_seed: int, max_states: int) -> list[dict]:
    game = position(variant, deal, at)
    if game is None:
        return []
    world = player_view(game).sample(random.Random(world_seed))
    model = Model(VARIANTS[variant])
    memo: set = set()
    rows = []
    for move in moves_to_judge(world):
        after = world.copy()
        after.play(move)
        start = Model.from_game(after)
        alone, keys, children, _ = sound_search(model, start, max_states, set())
        met, mine = len(keys), len(proved_lost(alone, keys, children))
        del keys, children
        shared, keys, children, hits = sound_search(model, start, max_states, memo)
        rows.append({"variant": variant, "deal": deal, "at": at, "world": world_seed, "move": str(move),
                     "alone": alone, "alone_states": met, "alone_proved_lost": mine, "with_memo": shared,
                     "with_memo_states": len(keys), "memo_size": len(memo), "memo_hits": hits})
        memo |= proved_lost(shared, keys, children)
        del keys, children
    return rows


def read(path: pathlib.Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def report(rows: list[dict], command: str, cpu: float | None) -> str:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=HERE).stdout.strip()
    lines = ["# A loss memo shared by the searches of one world (issue 42, way 2)", "",
             "Made by `data/loss_memo.py` (its docstring says what and why):", "", f"    {command}", "",
             f"Commit {commit}, {datetime.date.today()}, {platform.python_implementation()} "
             f"{platform.python_version()}" + (f", {cpu:,.0f} CPU s." if cpu is not None else "."), "",
             "| game | commitments | settled alone | settled with the memo | stopped searches: "
             "share of their states proved lost | searches with a memo | memo hits a search, mean |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for v in sorted({r["variant"] for r in rows}):
        mine = [r for r in rows if r["variant"] == v]
        alone = sum(r["alone"] != "unknown" for r in mine)
        shared = sum(r["with_memo"] != "unknown" for r in mine)
        stopped = [r for r in mine if r["alone"] == "unknown"]
        share = (sum(int(r["alone_proved_lost"]) for r in stopped)
                 / max(1, sum(int(r["alone_states"]) for r in stopped)))
        memo = [int(r["memo_hits"]) for r in mine if int(r["memo_size"])]
        lines.append(f"| {VARIANTS[v].name} | {len(mine)} | {alone} | {shared} | "
                     f"{share:.0%} | {len(memo)} | {sum(memo) / max(1, len(memo)):,.0f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="forty_thieves,maria,streets")
    parser.add_argument("--deals", default="1-3", help="a range, as 1-3")
    parser.add_argument("--at", default="10,40")
    parser.add_argument("--worlds", type=int, default=1)
    parser.add_argument("--states", type=int, default=200_000)
    parser.add_argument("--report-only", action="store_true", help="write the table from the CSV again")
    args = parser.parse_args()
    command = "nice -n 10 python data/loss_memo.py " + " ".join(sys.argv[1:])
    out = HERE / "loss_memo.csv"
    if args.report_only:  # the command and CPU time of the run that made the CSV stay
        made = (HERE / "loss_memo.md").read_text(encoding="utf-8").splitlines()
        found = re.search(r"([\d,.]+) CPU s", "\n".join(made))
        cpu = float(found.group(1).replace(",", "")) if found else None
        command = next((line.strip() for line in made if line.startswith("    nice")), command)
        (HERE / "loss_memo.md").write_text(report(read(out), command, cpu), encoding="utf-8")
        return
    first, last = (int(x) for x in args.deals.split("-"))
    started = time.process_time()
    rows = []
    for v in args.games.split(","):
        for deal in range(first, last + 1):
            for at in (int(a) for a in args.at.split(",")):
                for w in range(args.worlds):
                    found = measure(v, deal, at, w, args.states)
                    rows += found
                    for r in found:
                        print(" ".join(str(r[f]) for f in FIELDS), flush=True)
    with open(out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    (HERE / "loss_memo.md").write_text(report(rows, command, time.process_time() - started), encoding="utf-8")


if __name__ == "__main__":
    main()

"""Issue 21, research: what the fair expert plays when no sampled world is won, side by side.

Each candidate is an ``Expert`` configuration (``CANDIDATES``); each plays the same deals with the
same seed a deal as ``python -m ft_widget.bench expert`` does
(``play_policy(Game(v, deal=d), expert, random.Random(f"{v}/{d}/0"))``). One row per game goes
to ``data/expert_candidates.csv`` as soon as it is played (a rerun skips the games already there,
so an interrupted run resumes); the summary (wins with Wilson 95% intervals, cards home, wall and
CPU seconds a game, mean and worst) goes to ``data/expert_candidates.md``.

    nice -n 10 python data/expert_candidates.py --variants forty_thieves,maria --deals 20001-20040
    nice -n 10 python data/expert_candidates.py --deals 20001-20080 \
        --candidates "cautious (default),progress_plan,progress"
    nice -n 10 python data/expert_candidates.py --variants maria --deals 20001-20120 \
        --candidates "cautious (default),progress_plan"

The second run plays the default and the two likeliest candidates on 40 more deals, the third the
default and the best Maria candidate on 40 more Maria deals. The second round (the research options
``world_search``, ``cross_check``, ``max_wait`` and the no-win choice ``table_plan``), each command
run twice at once, on two halves of the deals::

    C="cautious (default),wait2,win_only,win_only+wait2,win_only+wait2+progress_plan"
    nice python data/expert_candidates.py --deals 20001-20030 --candidates "$C" --out a.csv
    nice python data/expert_candidates.py --deals 20031-20060 --candidates "$C" --out b.csv
    # the same with C="cross,cross+progress_plan,cross+win_only" and C="table_plan,table_plan relay0"
    C="cautious (default),progress_plan,table_plan 100"
    nice python data/expert_candidates.py --deals 20061-20110 --candidates "$C" --out e.csv
    nice python data/expert_candidates.py --variants maria,forty_thieves --deals 20111-20160 \
        --candidates "$C" --out f.csv
    C="cautious (default),progress_plan"
    nice python data/expert_candidates.py --variants indian,limited,little_forty,lucas \
        --deals 20001-20040 --candidates "$C" --out c.csv   # and number_ten,rank_and_file,streets

(some cut short when the choice was made), their rows then added to ``expert_candidates.csv``.
A third round (2026-12-04, idle machine) asked whether Maria's progress plan gains from a
larger search budget (on 80 deals: 20 won by the plan at the default budget, 18 with 8 worlds a
search, 19 with 50,000 states a world; no gain)::

    C="progress_plan 8 worlds a search,progress_plan 50000 states a world"
    python data/expert_candidates.py --variants maria --deals 20001-20040 --candidates "$C" --out a.csv
    python data/expert_candidates.py --variants maria --deals 20041-20080 --candidates "$C" --out b.csv
Deals 20001-20160 are a tuning range: the expert table's deals (10001-10100 and 50001-50100) are
kept out of it.
"""

from __future__ import annotations

import argparse
import csv
import random
import time
from pathlib import Path

from ft_widget import Game, play_policy
from ft_widget.expert import Expert
from ft_widget.policies import cautious_choice
from ft_widget.studies import machine, parse_deals, wilson

HERE = Path(__file__).resolve().parent
#: name -> Expert keyword arguments beyond the default budget (``fallback=cautious_choice`` always)
CANDIDATES = {
    "cautious (default)": {},
    "progress": dict(no_win="progress"),
    "progress_after_search": dict(no_win="progress_after_search"),
    "progress_plan": dict(no_win="progress_plan"),
    "progress_plan 5 worlds x 1000 states": dict(no_win="progress_plan", progress_worlds=5,
                                                  progress_states=1_000),
    "progress margin 3": dict(no_win="progress", progress_margin=3),
    "progress_plan margin 3": dict(no_win="progress_plan", progress_margin=3),
    "progress_after_search 5 worlds x 10000 states": dict(no_win="progress_after_search",
                                                           progress_worlds=5, progress_states=10_000),
    "progress_plan 3 worlds x 5000 states": dict(no_win="progress_plan", progress_states=5_000),
    "wait2": dict(max_wait=2),
    "cross": dict(cross_check=True),
    "table_plan": dict(no_win="table_plan"),
    "table_plan relay0": dict(no_win="table_plan", table_weights=(8, -2, -12, 3, -2, -1, 0)),
    "table_plan 50": dict(no_win="table_plan", table_expansions=50),
    "table_plan 100": dict(no_win="table_plan", table_expansions=100),
    "cross+progress_plan": dict(cross_check=True, no_win="progress_plan"),
    "cross+win_only": dict(cross_check=True, world_search="win_only"),
    "win_only": dict(world_search="win_only"),
    "win_only+wait2": dict(world_search="win_only", max_wait=2),
    "win_only+wait2+progress_plan": dict(world_search="win_only", max_wait=2, no_win="progress_plan"),
    "win_only+wait4": dict(world_search="win_only", max_wait=4),
    "win_only+wait2+4M": dict(world_search="win_only", max_wait=2, game_states=4_000_000),
    "progress_plan 8 worlds a search": dict(no_win="progress_plan", worlds=8, game_states=4_000_000),
    "progress_plan 50000 states a world": dict(no_win="progress_plan", max_states=50_000,
                                               game_states=5_000_000),
}
#: the deals every candidate played (the first table of the summary)
FIRST = (20001, 20040)
FIELDS = ["variant", "deal", "candidate", "result", "cards_home", "moves", "wall_s", "cpu_s", "states"]


def play(variant: str, deal: int, candidate: str) -> dict:
    # "cautious" unless the candidate says otherwise: the rows were made before Maria's default
    # became the progress plan ("cautious (default)" names the expert as it was then)
    expert = Expert(fallback=cautious_choice, **{"no_win": "cautious", **CANDIDATES[candidate]})
    t0, c0 = time.perf_counter(), time.process_time()
    result = play_policy(Game(variant, deal=deal), expert, random.Random(f"{variant}/{deal}/0"))
    return dict(variant=variant, deal=deal, candidate=candidate, result=str(result.status),
                cards_home=result.cards_home, moves=len(result.moves),
                wall_s=round(time.perf_counter() - t0, 3), cpu_s=round(time.process_time() - c0, 3),
                states=expert.states)


def summary(rows: list[dict]) -> str:
    lines = ["| game | candidate | deals | won | 95% CI | won, not by the default / by it, not here | "
             "cards home | wall s a game (mean / worst) | CPU s a game (mean / worst) | states a game |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    default = {(r["variant"], int(r["deal"])): r["result"] == "won" for r in rows
               if r["candidate"] == "cautious (default)"}
    keys = sorted({(r["variant"], r["candidate"]) for r in rows},
                  key=lambda k: (k[0], list(CANDIDATES).index(k[1]) if k[1] in CANDIDATES else 99))
    for v, c in keys:
        rs = [r for r in rows if (r["variant"], r["candidate"]) == (v, c)]
        n, won = len(rs), sum(r["result"] == "won" for r in rs)
        lo, hi = wilson(won, n)
        wall = [float(r["wall_s"]) for r in rs]
        cpu = [float(r["cpu_s"]) for r in rs]
        home = sum(int(r["cards_home"]) for r in rs) / n
        states = sum(int(r["states"]) for r in rs) / n
        paired = [(r["result"] == "won", default[(v, int(r["deal"]))]) for r in rs
                  if (v, int(r["deal"])) in default]
        gained = sum(mine and not theirs for mine, theirs in paired)
        lost = sum(theirs and not mine for mine, theirs in paired)
        lines.append(f"| {v} | {c} | {n} | {won} | {lo:.3f}–{hi:.3f} | {gained} / {lost} | {home:.1f} | "
                     f"{sum(wall) / n:.2f} / {max(wall):.2f} | {sum(cpu) / n:.2f} / {max(cpu):.2f} | "
                     f"{states:,.0f} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="forty_thieves,maria")
    ap.add_argument("--deals", default="20001-20040")
    ap.add_argument("--candidates", default=",".join(CANDIDATES))
    ap.add_argument("--out", type=Path, default=HERE / "expert_candidates.csv")
    args = ap.parse_args()
    candidates = args.candidates.split(",")
    for c in candidates:
        if c not in CANDIDATES:
            ap.error(f"unknown candidate {c!r}; known: {', '.join(CANDIDATES)}")
    done = []
    if args.out.exists():
        with args.out.open(encoding="utf-8") as f:
            done = list(csv.DictReader(f))
    have = {(r["variant"], int(r["deal"]), r["candidate"]) for r in done}
    new = not args.out.exists()
    with args.out.open("a", encoding="utf-8", newline="") as f:
        out = csv.DictWriter(f, FIELDS)
        if new:
            out.writeheader()
        for v in args.variants.split(","):
            for d in parse_deals(args.deals):
                for c in candidates:  # the candidates take turns deal by deal: a cut run stays comparable
                    if (v, d, c) in have:
                        continue
                    row = play(v, d, c)
                    out.writerow(row)
                    f.flush()
                    done.append(row)
                    print(row, flush=True)
    first = [r for r in done if FIRST[0] <= int(r["deal"]) <= FIRST[1]]
    text = ("# What the fair expert plays when no sampled world is won: candidates side by side\n\n"
            "Built by `data/expert_candidates.py` (issue 21, research); one row per game in "
            "`expert_candidates.csv`. Every candidate has the default budget (5 worlds a search, "
            "20,000 states a world, 2,000,000 a game) and plays the same deals with the same seed "
            "a deal; seconds are for one process (`nice -n 10`) on a 2-core machine shared with "
            "other jobs, so wall seconds run above CPU seconds (the second round of 2026-12-02 "
            "shared the 2 cores with up to four other processes: compare CPU seconds).\n\n"
            f"## Deals {FIRST[0]}-{FIRST[1]}, every candidate\n\n" + summary(first) + "\n")
    if len(first) < len(done):
        text += "\n## Every deal played (some candidates on more deals)\n\n" + summary(done) + "\n"
    text += f"\nMachine: {machine()}.\n"
    (args.out.with_suffix(".md")).write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()

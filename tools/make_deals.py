"""Make the graded deal catalogue shipped in ft_widget/data/deals/<variant>.json.

    nice -n 10 .venv/bin/python tools/make_deals.py              # run (resumable), then write the JSON
    .venv/bin/python tools/make_deals.py --measure              # time one deal of each game first
    .venv/bin/python tools/make_deals.py --write-only           # the JSON from the CSV files as they are

For every game and every deal of ``--deals`` (default 1-200: the first numbers a player types, and
the range of the committed solver study, data/solver_study_10s_compiled*.csv, to compare with):

* the solver, which sees every card, with a ``--solver-states`` budget (states, not seconds: the
  same verdict on any machine): "won" only with a line, which is replayed here through the engine
  and stored as notation; "lost" only when the search proved it; else "unknown";
* for the won deals, the fair expert (:class:`ft_widget.expert.Expert` with the cautious fallback,
  as ``policies.expert``, at the budget given by ``--expert-*``) plays the deal once per seed of
  ``--seeds``, a fresh expert each game. The grade is the share of those runs the expert won:
  every run won → "easy", some → "medium", none → "hard".

The expert is the default one (``Expert()``, the default strength, which the provenance's
``strength`` records: 5 worlds of 20,000 states a search, 2,000,000 a game; ``--expert-*`` change
it): 0.2-1.2 CPU s a game here (``--measure`` times one deal of each game). The first catalogue
used a lighter expert to save CPU; its 200,000-state game budget ran out early in the long games,
so it won almost none of Number Ten's or Rank and File's deals, and "hard" there meant hard for it,
not for a good player.

The solver's rows go to data/deals_solver.csv, then the expert's games, one row a game, to
data/deals_expert.csv: every won deal with the first seed, then all with the next. A rerun skips
the rows already made (the run can be stopped and started again), and the JSON files grade every
won deal over the same seeds: the most leading seeds every won deal has been played with.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

from ft_widget import VARIANTS, Game, solve
from ft_widget.expert import Expert
from ft_widget.game import Outcome
from ft_widget.policies import cautious_choice, play_policy

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "ft_widget" / "data" / "deals"
SOLVER_CSV = ROOT / "data" / "deals_solver.csv"
EXPERT_CSV = ROOT / "data" / "deals_expert.csv"
SOLVER_FIELDS = ["config", "variant", "deal", "verdict", "states", "line", "cpu_s"]
EXPERT_FIELDS = ["config", "variant", "deal", "seed", "won", "moves", "cpu_s"]
FORMAT = "ft_widget.deals"


def grade(wins: int, runs: int) -> str:
    """The grade of a winnable deal from the fair expert's results: the one rule, stated once."""
    if wins == runs:
        return "easy"
    return "medium" if wins else "hard"


def deal_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    lo, hi = int(first), int(last or first)
    if not 1 <= lo <= hi:
        raise argparse.ArgumentTypeError(f"--deals: a range like 1-200, not {text!r}")
    return list(range(lo, hi + 1))


def solver_config(args) -> str:
    return f"max_states {args.solver_states}"


def expert_config(args, variant: str) -> str:
    """The expert's budget, and its no-win choice where that is not the cautious move (Maria's,
    ``NO_WIN_BY_GAME``): rows of another budget or choice are never mixed in (the seed is per row)."""
    no_win = make_expert(args).no_win_in(variant)
    # "samples": the key the rows in data/deals_expert.csv were stored under (before the expert's
    # parameter was named worlds); kept, so rows already computed are found again
    return (f"samples {args.expert_worlds}, max_states {args.expert_states}, "
            f"game_states {args.expert_game_states}" + ("" if no_win == "cautious" else f", no_win {no_win}"))


def make_expert(args) -> Expert:
    return Expert(worlds=args.expert_worlds, max_states=args.expert_states,
                  game_states=args.expert_game_states, fallback=cautious_choice)


def solve_row(variant: str, deal: int, args) -> dict:
    """The solver's verdict on one deal, and its line (replayed here through the engine) if won."""
    cpu0 = time.process_time()
    game = Game(variant, deal)
    # time_limit far above any budget: the states budget alone decides, on any machine
    result = solve(game, time_limit=86_400.0, max_states=args.solver_states)
    line = ""
    if result.status == Outcome.WON:
        check = game.copy()
        for move in result.moves:
            check.play(move)
        if not check.is_won:
            raise AssertionError(f"{variant} deal {deal}: the solver's line does not win")
        line = " ".join(str(m) for m in result.moves)
    return {"config": solver_config(args), "variant": variant, "deal": deal,
            "verdict": str(result.status.value), "states": result.states, "line": line,
            "cpu_s": f"{time.process_time() - cpu0:.3f}"}


def expert_row(variant: str, deal: int, seed: int, args) -> dict:
    """One game of the fair expert (a fresh one, seeded) on a deal."""
    cpu0 = time.process_time()
    played = play_policy(Game(variant, deal), make_expert(args), rng=random.Random(seed))
    return {"config": expert_config(args, variant), "variant": variant, "deal": deal, "seed": seed,
            "won": int(played.status == Outcome.WON), "moves": len(played.moves),
            "cpu_s": f"{time.process_time() - cpu0:.3f}"}


def read_rows(path: Path, config, key) -> dict:
    """The rows already made (a rerun skips them); rows of another budget stop the run.
    ``config``: the rows' config, or a function of the variant giving it."""
    if not path.exists():
        return {}
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    want = config if callable(config) else (lambda variant: config)
    other = [(r["config"], want(r["variant"])) for r in rows if r["config"] != want(r["variant"])]
    if other:
        sys.exit(f"{path} holds rows made with {other[0][0]!r}, not {other[0][1]!r}: "
                 "use the same budgets or move the file away (or drop that game's rows)")
    return {key(r): r for r in rows}


def solver_key(r: dict) -> tuple:
    return r["variant"], int(r["deal"])


def expert_key(r: dict) -> tuple:
    return r["variant"], int(r["deal"]), int(r["seed"])


def append(path: Path, fields: list[str], todo: list, make, what: str) -> None:
    new = not path.exists()
    with path.open("a", newline="") as f:
        out = csv.DictWriter(f, fields)
        if new:
            out.writeheader()
        t0 = time.perf_counter()
        for i, item in enumerate(todo, 1):
            row = make(*item)
            out.writerow(row)
            f.flush()
            print(f"[{what} {i}/{len(todo)} {time.perf_counter() - t0:.0f}s] "
                  + " ".join(str(row[k]) for k in fields[1:] if k != "line"), flush=True)


def run(args) -> None:
    """First the solver on every deal (cheap), then the expert: every won deal with the first
    seed, then all with the next, so that a run stopped early leaves whole passes."""
    done = read_rows(args.solver_csv, solver_config(args), solver_key)
    todo = [(v, d) for d in args.deals for v in args.variants if (v, d) not in done]  # deal by deal
    print(f"solver: {len(done)} done, {len(todo)} to do", flush=True)
    append(args.solver_csv, SOLVER_FIELDS, todo, lambda v, d: solve_row(v, d, args), "solver")
    solved = read_rows(args.solver_csv, solver_config(args), solver_key)
    played = read_rows(args.expert_csv, lambda v: expert_config(args, v), expert_key)
    won = [(v, d) for d in args.deals for v in args.variants if solved[v, d]["verdict"] == "won"]
    todo = [(v, d, seed) for seed in args.seeds for v, d in won if (v, d, seed) not in played]
    print(f"expert: {len(played)} done, {len(todo)} to do", flush=True)
    append(args.expert_csv, EXPERT_FIELDS, todo, lambda v, d, s: expert_row(v, d, s, args), "expert")


def commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write(args) -> None:
    """The JSON files from the two CSV files. Every won deal is graded over the same runs: the
    first k seeds, k the most that every won deal of the range (all games) has."""
    solved = read_rows(args.solver_csv, solver_config(args), solver_key)
    played = read_rows(args.expert_csv, lambda v: expert_config(args, v), expert_key)
    won = [key for key, r in solved.items() if r["verdict"] == "won" and key[0] in args.variants
           and key[1] in args.deals]
    k = 0
    while k < len(args.seeds) and all((v, d, args.seeds[k]) in played for v, d in won):
        k += 1
    if not k:
        sys.exit("no seed has been played on every won deal yet: run the expert first")
    seeds = args.seeds[:k]
    OUT.mkdir(parents=True, exist_ok=True)
    for variant in args.variants:
        mine = [solved[variant, d] for d in args.deals if (variant, d) in solved]
        if not mine:
            continue
        out = []
        cpu = 0.0
        for r in mine:
            deal = int(r["deal"])
            cpu += float(r["cpu_s"])
            if r["verdict"] != "won":
                out.append({"deal": deal, "verdict": r["verdict"], "grade": None, "expert_wins": None,
                            "runs": None, "line": None})
                continue
            games = [played[variant, deal, seed] for seed in seeds]
            wins = sum(int(g["won"]) for g in games)
            cpu += sum(float(g["cpu_s"]) for g in games)
            out.append({"deal": deal, "verdict": "won", "grade": grade(wins, k), "expert_wins": wins,
                        "runs": k, "line": r["line"]})
        doc = {
            "format": FORMAT, "version": 1, "variant": variant,
            "provenance": {
                "command": args.command,
                "deals": f"{out[0]['deal']}-{out[-1]['deal']}",
                "solver": f"ft_widget.solve(Game(variant, deal), max_states={args.solver_states}): "
                          "the solver sees every card; 'won' only with a line replayed to a win "
                          "(stored as notation), 'lost' only when proved, else 'unknown'",
                "expert": f"Expert(worlds={args.expert_worlds}, max_states={args.expert_states}, "
                          f"game_states={args.expert_game_states}, fallback=cautious_choice), a fresh "
                          "one a game, played with play_policy(game, expert, rng=random.Random(seed))",
                "strength": make_expert(args).strength,  # the catalogue's loader reads it
                "no_win": make_expert(args).no_win_in(variant),
                "seeds": seeds,
                "grade": f"among the won deals, of {k} expert runs (one a seed): all won 'easy', "
                         "some won 'medium', none won 'hard'",
                "written": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
                "commit": args.commit,
                "cpu_seconds": round(cpu, 1),
                "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
                           f"Python {platform.python_version()}",
            },
            "rows": out,
        }
        path = OUT / f"{variant}.json"
        path.write_text(dumps(doc))
        print(f"wrote {path.relative_to(ROOT)}: {len(out)} deals, graded over seeds {seeds}", flush=True)


def dumps(doc: dict) -> str:
    """JSON with the provenance readable and one line a deal (a small file, a short diff)."""
    head = {k: v for k, v in doc.items() if k != "rows"}
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    rows = ",\n".join(json.dumps(r, ensure_ascii=False) for r in doc["rows"])
    return f'{text},\n "rows": [\n{rows}\n]\n}}\n'


def measure(args) -> None:
    """Time one deal of each game: the solver at its budget and one expert game."""
    deal = args.deals[0]
    for variant in args.variants:
        t0 = time.perf_counter()
        result = solve(Game(variant, deal), time_limit=86_400.0, max_states=args.solver_states)
        t1 = time.perf_counter()
        played = play_policy(Game(variant, deal), make_expert(args), rng=random.Random(args.seeds[0]))
        t2 = time.perf_counter()
        print(f"{variant} deal {deal}: solver {result.status.value} {result.states} states {t1 - t0:.2f}s;"
              f" expert {played.status.value} {len(played.moves)} moves {t2 - t1:.2f}s", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-200"))
    parser.add_argument("--solver-states", type=int, default=200_000)
    default = Expert()  # the expert a player meets: its budget is the catalogue's by default
    parser.add_argument("--expert-worlds", type=int, default=default.worlds)
    parser.add_argument("--expert-states", type=int, default=default.max_states)
    parser.add_argument("--expert-game-states", type=int, default=default.game_states)
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--solver-csv", type=Path, default=SOLVER_CSV)
    parser.add_argument("--expert-csv", type=Path, default=EXPERT_CSV)
    parser.add_argument("--measure", action="store_true")
    parser.add_argument("--write-only", action="store_true")
    args = parser.parse_args(argv)
    args.variants = [v for v in args.variants.split(",") if v]
    unknown = [v for v in args.variants if v not in VARIANTS]
    if unknown:
        parser.error(f"--variants: unknown {unknown[0]!r}: choose from {', '.join(VARIANTS)}")
    args.seeds = [int(s) for s in args.seeds.split(",")]
    # the command that makes these rows, whatever the defaults become
    args.command = (f"nice -n 10 python tools/make_deals.py --deals {args.deals[0]}-{args.deals[-1]} "
                    f"--solver-states {args.solver_states} --expert-worlds {args.expert_worlds} "
                    f"--expert-states {args.expert_states} --expert-game-states {args.expert_game_states} "
                    f"--seeds {','.join(map(str, args.seeds))}")
    args.commit = commit()
    if args.measure:
        return measure(args)
    if not args.write_only:
        run(args)
    write(args)


if __name__ == "__main__":
    main()

"""Judge the shipped puzzles fairly: each over the stock orders its player cannot see.

Every puzzle in ``ft_widget/data/puzzles/<variant>.json`` is judged by
:func:`ft_widget.training.fair.judge`: its commitments (answers and losing moves) over
``--worlds`` worlds of the unseen cards, the same worlds for every move, each solved to
``--max-states`` states, dealt by a seed made from the puzzle's id (so a run gives the same
figures on any machine). A puzzle is a fair decision when the fair verdict and the exact one
agree: the fair judge decides "answer", its answers are the puzzle's answers and its losing moves the puzzle's
losing moves. Every puzzle stores its figures in the row's ``fair`` (each move's results, one
letter a world: ``w`` won, ``l`` lost, ``u`` unknown); those that are not fair decisions are
named in the provenance's ``fair.not_fair`` with why. They stay shipped (the lessons show some of
them) and say their figures, but a training run serves only fair decisions. The file's lesson
positions (``lesson_positions``: fair decisions with more answers than a puzzle may have) are
judged the same way; a board lesson plays only those that stay fair decisions.

Resumable (``build/fair-work/<variant>.json`` keeps every verdict made), on the studies'
machinery (``ft_widget.studies.each_result``): local processes, or a Dask cluster::

    nice -n 10 python tools/fair_puzzles.py --workers 2
    python tools/fair_puzzles.py --scheduler tcp://10.0.0.5:8786

``--check`` judges nothing: it reads the data files, fails if a row lacks its figures, and
counts the fair decisions by today's rule.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's ft_widget

from ft_widget import VARIANTS, Game
from ft_widget.studies import each_result
from ft_widget.training.puzzles import (
    FAIR_STATES,
    FAIR_WORLDS,
    fair_disagreement,
    fair_figures,
    judge_puzzle,
    row_id,
    stored_verdict,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "ft_widget" / "data" / "puzzles"
WORK = ROOT / "build" / "fair-work"


def judge_row(job: tuple) -> tuple[str, dict, float]:
    """One puzzle judged: its id, its fair figures and the CPU seconds it took."""
    variant, row, worlds, max_states = job
    pid = row_id(variant, row['deal'], row['moves'])
    started = time.process_time()
    game = Game(variant, deal=row["deal"])
    for m in row["moves"]:
        game.play(m)
    verdict = judge_puzzle(game, pid, row["answers"], row["losing"], worlds, max_states)
    return pid, fair_figures(verdict, pid), time.process_time() - started


def with_figures(variant: str, rows: list[dict], judged: dict | None,
                 max_states: int) -> tuple[list[dict], list[dict]]:
    """``rows`` with their fair figures (this run's ``judged`` ones, or with None those stored), and
    those of them that are not fair decisions, with why."""
    out, unclear = [], []
    for row in rows:
        pid = row_id(variant, row['deal'], row['moves'])
        figures = row.get("fair") if judged is None else judged.get(pid)
        if figures is None:
            raise SystemExit(f"{pid}: no fair figures")
        why = fair_disagreement(stored_verdict(figures, max_states), list(row["answers"]), row["losing"])
        if why is not None:
            unclear.append({"id": pid, "why": why, "stock_left": row["stock_left"]})
        out.append({**row, "fair": figures})
    return out, unclear


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", type=int, default=FAIR_WORLDS)
    parser.add_argument("--max-states", type=int, default=FAIR_STATES)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--workers", type=int, default=1, help="local processes")
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address, instead")
    parser.add_argument("--check", action="store_true", help="judge nothing: check the stored figures")
    args = parser.parse_args()
    variants = args.variants.split(",")
    WORK.mkdir(parents=True, exist_ok=True)
    command = "python tools/fair_puzzles.py " + " ".join(sys.argv[1:])
    budget = {"worlds": args.worlds, "max_states": args.max_states}
    works = {}
    for v in variants:
        path = WORK / f"{v}.json"
        work = json.loads(path.read_text()) if path.exists() else {}
        if work.get("budget") != budget:
            work = {"budget": budget, "judged": {}, "cpu": {}, "commands": []}
        works[v] = work
    if not args.check:
        jobs = []
        for v in variants:
            data = json.loads((DATA / f"{v}.json").read_text())
            for row in [*data["puzzles"], *data.get("lesson_positions", [])]:
                if row_id(v, row['deal'], row['moves']) not in works[v]["judged"]:
                    jobs.append((v, row, args.worlds, args.max_states))
        jobs.sort(key=lambda j: -j[1]["stock_left"])  # the long ones first, so no worker ends alone
        print(f"{len(jobs)} puzzles to judge", flush=True)
        client = None
        if args.scheduler:  # a Dask cluster, as studies run on one
            from dask.distributed import Client

            client = Client(args.scheduler)
        done = each_result(judge_row, jobs, client=client, processes=args.workers)
        for n, (pid, figures, cpu) in enumerate(done, 1):
            v = pid.split("/")[0]
            works[v]["judged"][pid] = figures
            works[v]["cpu"][pid] = round(cpu, 2)
            (WORK / f"{v}.json").write_text(json.dumps(works[v]))  # resumable: each verdict kept
            print(f"{n}/{len(jobs)} {pid} {cpu:.1f} s", flush=True)
        for v in variants:
            works[v]["commands"].append(command)
            (WORK / f"{v}.json").write_text(json.dumps(works[v]))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    for v in variants:
        path = DATA / f"{v}.json"
        data = json.loads(path.read_text())
        judged = None if args.check else works[v]["judged"]
        rows, unclear = with_figures(v, data["puzzles"], judged, args.max_states)
        lessons, lessons_unclear = with_figures(v, data.get("lesson_positions", []), judged, args.max_states)
        print(f"{v}: {len(rows)} puzzles, {len(rows) - len(unclear)} fair decisions; "
              f"{len(lessons)} lesson positions, {len(lessons) - len(lessons_unclear)} fair decisions")
        if args.check:
            continue
        data["puzzles"] = rows
        if lessons:
            data["lesson_positions"] = lessons
        data["provenance"]["fair"] = {
            "definition": ("each puzzle judged by ft_widget.training.fair.judge over the worlds a player "
                           "cannot tell apart, the same for every move, each solved to max_states "
                           "(puzzles.judge_puzzle); a fair decision when the fair answers and losing "
                           "moves are the puzzle's"),
            **budget, "rng": "puzzles.fair_seed: the CRC-32 of the puzzle's id",
            "commands": works[v]["commands"], "cpu_seconds": round(sum(works[v]["cpu"].values())),
            "judged": len(rows), "fair_decisions": len(rows) - len(unclear), "not_fair": unclear,
            "lesson_positions_not_fair": [x["id"] for x in lessons_unclear],
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "commit": commit,
            "machine": f"{platform.machine()}, {args.workers} process(es), nice {os.nice(0)}"}
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()

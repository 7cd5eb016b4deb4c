"""Where the win was lost: how often ``review`` names the losing move of a lost game.

The cautious habit player (``policies.cautious_choice`` via ``play_policy``) plays deals of a range
nobody tuned on, per variant; a game counts when the player lost it from a deal the solver wins
(``solve`` within ``DEAL_STATES`` states). Each is reviewed with ``review``'s default solver
budgets and no time budget (the verdicts depend on the positions and those budgets alone, not on
the fair part's, which is cut to one world of one state here to save the hours it would cost).
A game in which the solver still finds a win after the last move lost nothing: it is counted
apart (games are taken until ``--per-variant`` of the others are found). Of those, the review
either names the losing move, confirmed here by a larger solve (the alternative line replayed
through the engine from the position before; the position after proved lost again by a solve
without a state budget, within ``CONFIRM_SECONDS``), or says how far it got.

    nice -n 10 python data/review_losing.py --per-variant 2

writes data/review_losing.csv (a row a game) and data/review_losing.md (the share named, with a
Wilson 95 % interval, the CPU seconds a game, and where the figures come from: the command, the
deals, the commit of the ft_widget reviewed). ``--deals 60001-60400`` is the range the review's
boundary search was tuned on; the default range, 70001-70400, is one nobody tuned on. ``--out``
writes elsewhere: the review of an older commit (its ``ft_widget`` first on ``PYTHONPATH``), say,
for a before-and-after (``data/review_losing_before.md`` is the review before the boundary search
used R6 loss proofs and the relay's win-only searches).
"""

from __future__ import annotations

import argparse
import csv
import importlib
import math
import os
import pathlib
import platform
import subprocess
import time

import ft_widget
from ft_widget import Game, solve
from ft_widget.policies import play_policy

review_module = importlib.import_module("ft_widget.training.review")  # the package's review is the function

VARIANTS = ["forty_thieves", "maria", "streets", "limited", "number_ten"]
DEALS = "70001-70400"
DEAL_STATES = 1_000_000
CONFIRM_SECONDS = 120.0
#: where the summary's seeing part (the solver's) begins
SEEING = "The solver, which sees every card"
HERE = pathlib.Path(__file__).parent


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def commit_of(path: pathlib.Path) -> str:
    """The git commit of the checkout holding ``path`` ("+ changes" when the files under ``path``
    differ from it)."""
    def git(*args):
        return subprocess.run(["git", *args], cwd=path, capture_output=True, text=True).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + (" + changes" if git("status", "--porcelain", "--untracked-files=no", ".") else "")


def lost_games(variant: str, deals: range):
    """(deal, moves) of the games the cautious player loses from deals the solver wins, in order."""
    for deal in deals:
        played = play_policy(Game(variant, deal=deal), "cautious", rng=1)
        if played.status == "won":
            continue
        if solve(Game(variant, deal=deal), time_limit=None, max_states=DEAL_STATES,
                 shorten_line=False).status != "won":
            continue
        yield deal, played.moves


def confirm(r) -> bool:
    """The named losing move checked by a larger solve: a win replayed from before, none after."""
    k = r.losing_move
    before = r.position(k)
    for move in r.alternative_line:
        if move not in before.legal_moves():
            return False
        before.play(move)
    # the solve without a budget: its sound search folds deals into play (R6), a search other than
    # the review's, and it may run to the memory bound; a clock only cuts it short ("unknown")
    after = solve(r.position(k + 1), time_limit=CONFIRM_SECONDS, shorten_line=False)
    return before.is_won and after.status == "lost"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-variant", type=int, default=2,
                        help="games per variant in which a win was lost (counted)")
    parser.add_argument("--deals", default=DEALS, help="the deals to take the games from, first-last")
    parser.add_argument("--out", default=str(HERE / "review_losing"),
                        help="the files to write: OUT.csv and OUT.md")
    parser.add_argument("--note", default="", help="a sentence for the provenance (say, which code)")
    args = parser.parse_args()
    deals = deal_range(args.deals)
    package = pathlib.Path(ft_widget.__file__).resolve().parent
    rows = []
    sources = {v: lost_games(v, deals) for v in VARIANTS}
    counted = dict.fromkeys(VARIANTS, 0)
    while min(counted.values()) < args.per_variant:  # round robin: a game of each variant in turn
        for variant in VARIANTS:
            if counted[variant] >= args.per_variant:
                continue
            deal, moves = next(sources[variant])
            game = Game(variant, deal=deal)
            for m in moves:
                game.play(m)
            t0 = time.process_time()
            r = review_module.review(game, rng=1, worlds=1, max_states=1, progress=False)
            cpu = time.process_time() - t0
            if r.steps[-1].verdict_after == "won":
                outcome = "win still there"
            elif r.losing_move is not None:
                outcome = "named" if confirm(r) else "named, not confirmed"
            else:
                outcome = "how far"
            row = {"variant": variant, "deal": deal, "moves": len(moves), "outcome": outcome,
                   "losing_move": None if r.losing_move is None else r.losing_move + 1,
                   "win_found_after": r.win_found_after, "no_win_found_after": r.no_win_found_after,
                   "lost_after": r.lost_after, "solver_searches": r.solver_searches,
                   # the seeing part of the summary (the fair part was cut to nothing above)
                   "cpu_seconds": round(cpu, 2), "summary": r.summary[r.summary.index(SEEING):]}
            rows.append(row)
            counted[variant] += outcome != "win still there"
            print({k: v for k, v in row.items() if k != "summary"}, flush=True)
    out = pathlib.Path(args.out)
    with open(out.with_suffix(".csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    counted = [r for r in rows if r["outcome"] != "win still there"]
    named = sum(r["outcome"] == "named" for r in counted)
    low, high = wilson(named, len(counted))
    cpus = sorted(r["cpu_seconds"] for r in counted)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = ["# Where the win was lost: losing moves named by the review", "",
             f"`nice -n 10 python data/review_losing.py --per-variant {args.per_variant} --deals "
             f"{args.deals}`: the cautious habit player on deals {args.deals} it loses though the solver "
             f"wins them ({DEAL_STATES:,} states), in which a win was lost: the first "
             f"{args.per_variant} per variant; review's default solver budgets.", "",
             f"ft_widget reviewed: {package} at commit {commit_of(package)}; Python "
             f"{platform.python_version()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
             f"load average at the end {load:.1f}.{' ' + args.note if args.note else ''}", "",
             f"named: {named} of {len(counted)} (Wilson 95 %: {low:.0%}-{high:.0%}); games where a win "
             f"was still there at the end, not counted: {len(rows) - len(counted)}", "",
             f"CPU seconds a game counted (the solver's part; the fair part cut to one world of one "
             f"state): median {cpus[len(cpus) // 2]:.1f}, most {cpus[-1]:.1f}", "",
             "| variant | games | named | how far | CPU s (median) |", "|---|---|---|---|---|"]
    for variant in VARIANTS:
        mine = [r for r in counted if r["variant"] == variant]
        cpus = sorted(r["cpu_seconds"] for r in mine)
        median = cpus[len(cpus) // 2] if cpus else 0
        lines.append(f"| {variant} | {len(mine)} | {sum(r['outcome'] == 'named' for r in mine)} | "
                     f"{sum(r['outcome'] == 'how far' for r in mine)} | {median:.1f} |")
    out.with_suffix(".md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

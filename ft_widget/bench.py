"""Benchmarks: ``python -m ft_widget.bench engine|candidates|solver|deal-and-play|memory|expert|review``.

``engine``  random playouts per variant; reports positions per second, where one position is
            ``legal_moves()`` + ``play()`` of a random legal move, with every playout taken back
            by ``undo()`` (counted in the time).
``candidates``  how the compiled core was chosen: states per CPU second on the same deals and
            state budget of (1) the pure-Python search, (2) the same source compiled by Cython
            (pure-Python mode: needs ``pip install cython``) and (3) the C core.
``solver``  first the speed of the solver's two paths per variant: states per CPU second of the
            compiled core and of the pure-Python search on the same deals and state budget (the
            two give identical answers there), the compiled core also over a larger budget, and
            its memory per state; then solves deals per variant and reports won, lost, unknown,
            median and worst time, and states per second (``--speed-only`` stops after the first
            table).
``deal-and-play``  what R6 (deal and play) changes: per variant with a one-card stock and no
            redeal, deals won by solve's portfolio under a state budget with R6 in the sound
            search and without, with the states met; and the states the sound search alone
            needs to exhaust the deals it proves lost (``--exhaust``).
``memory``  the peak memory of whole solves without a budget (``/usr/bin/time -v``, one process a
            solve): the worst deals at the default 10 s, and solves given time to fill the memory
            bound (``search.MAX_BYTES``), on the compiled and the pure path.
``expert``  plays the fair expert on deals per variant (wins, seconds and solver states a game),
            and times fair hints (the board's Hint) on positions of those deals.
``review``  reviews games of up to ``--moves`` moves (the fair expert's, on deals per variant) with
            ``ft_widget.review``'s default budgets: wall and CPU seconds a game (target: a
            150-move game within a minute on one core).
"""

from __future__ import annotations

import argparse
import csv
import gc
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

from .expert import Expert
from .game import Game, Outcome
from .hints import hint
from .limits import check_count, check_rng, check_time_limit
from .policies import cautious_choice, play_policy
from .solver.model import Model
from .solver.search import (
    COMPILED,
    RELAY,
    CompiledSearch,
    portfolio,
    relay_label,
    relay_search,
    search,
)
from .studies import machine, parse_deals, study, summarize
from .training import review
from .training.review import MAX_STATES, SOLVER_STATES, WORLDS
from .variants import VARIANTS


def bench_engine(variants: list[str], seconds: float = 2.0, depth: int = 200,
                 rng: random.Random | int | None = 1) -> list[dict]:
    """Per variant: random playouts of up to ``depth`` moves from successive deals, each undone
    (each variant's playouts draw from ``random.Random(rng)``, the same stream for every variant;
    a ``random.Random`` gives that stream's seed)."""
    seconds = check_time_limit("bench_engine", "seconds", seconds)
    depth = check_count("bench_engine", "depth", depth, 1)
    rng = check_rng("bench_engine", rng)
    if isinstance(rng, random.Random):  # Random(a Random) is a TypeError: take a seed from it
        rng = rng.getrandbits(64)

    rows = []
    for v in variants:
        moves_rng = random.Random(rng)
        positions = playouts = 0
        t0 = time.perf_counter()
        deal = 1
        while time.perf_counter() - t0 < seconds:
            g = Game(v, deal=deal)
            deal += 1
            for _ in range(depth):
                moves = g.legal_moves()
                if not moves:
                    break
                g.play(moves_rng.choice(moves))
                positions += 1
            while g.can_undo:
                g.undo()
            playouts += 1
        dt = time.perf_counter() - t0
        rows.append(dict(variant=v, playouts=playouts, positions=positions, seconds=round(dt, 2),
                         positions_per_s=int(positions / dt)))
    return rows


def bench_solver_speed(variants: list[str], deals: tuple[int, ...] = (1, 2), budget: int = 30_000,
                       large: int = 1_000_000) -> list[dict]:
    """Per variant: states per CPU second of solve's search on ``deals`` with ``max_states=budget``
    on the compiled and the pure path (their answers checked identical), and of the compiled core
    alone over ``large`` states of the sound search, from deal ``deals[0]`` on (the next deal when
    one is settled first), with the bytes it holds and the children it looks up per state."""
    budget = check_count("bench_solver_speed", "budget", budget, 1)
    large = check_count("bench_solver_speed", "large", large, 1)

    rows = []
    gc.disable()  # as solve does
    for v in variants:
        row: dict = dict(variant=v)
        answers = {}
        for core in (["compiled"] if COMPILED else []) + ["pure"]:
            states = 0
            t0 = time.process_time()
            for d in deals:
                # the search of solve(), without the line's shortening and replay (pure Python
                # on either path, and for a quick win most of the time)
                start = Model.from_game(Game(v, deal=d))
                answer = search(portfolio(VARIANTS[v]), start, None, budget, core)
                states += answer[2]
                answers.setdefault(d, []).append(answer)
            row[f"{core}_per_s"] = int(states / (time.process_time() - t0))
        if COMPILED:
            row["identical"] = all(a[0] == a[1] for a in answers.values())
            row["speedup"] = round(row["compiled_per_s"] / row["pure_per_s"], 1)
            # deal after deal from deals[0] until ``large`` states are met: a deal won (or lost)
            # early gives way to the next, so the figure is always over ``large`` states
            states = lookups = nbytes = 0
            dt = 0.0
            for d in range(deals[0], deals[0] + 10_000):
                # the sound search as a solve without a budget runs it (with R6)
                s = CompiledSearch(Model(VARIANTS[v], deal_and_play=True), Model.from_game(Game(v, deal=d)))
                t0 = time.process_time()
                while s.status is None and states + s.states < large:
                    s.advance(8)
                dt += time.process_time() - t0
                states += s.states
                nbytes += s.nbytes
                lookups += s._core.generated
                if states >= large:
                    break
            row[f"compiled_{large // 1000}k_per_s"] = int(states / dt)
            row["bytes_per_state"] = round(nbytes / states, 1)
            # each expansion looks up every child (most are states met before): this is the work
            # behind each state counted above
            row["lookups_per_state"] = round(lookups / states, 2)
        rows.append(row)
    gc.enable()
    return rows


_CANDIDATE_RUN = """
import sys, time
sys.path.insert(0, sys.argv[1])
from ft_widget import Game, solve
import ft_widget.solver.search as S
states = seconds = 0
for v in sys.argv[4].split(","):
    for d in (1, 4):
        t0 = time.process_time()
        result = solve(Game(v, deal=d), time_limit=None, max_states=int(sys.argv[3]), core=sys.argv[2])
        states += result.states
        seconds += time.process_time() - t0
print(int(states / seconds), S.__file__.rsplit("/", 1)[1])
"""


def bench_candidates(variants: list[str], budget: int = 60_000) -> list[dict]:
    """States per CPU second of the pure search, the same source compiled by Cython, and the C core,
    each on deals 1 and 4 of ``variants`` with ``max_states=budget``, each in its own process."""
    budget = check_count("bench_candidates", "budget", budget, 1)
    here = pathlib.Path(__file__).parent
    rows = []

    def run(root, core, label):
        out = subprocess.run([sys.executable, "-c", _CANDIDATE_RUN, str(root), core, str(budget),
                              ",".join(variants)], capture_output=True, text=True, check=True).stdout.split()
        rows.append(dict(candidate=label, states_per_cpu_s=int(out[0]), search_module=out[1]))

    run(here.parent, "pure", "pure Python")
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(here, pathlib.Path(tmp) / "ft_widget",
                        ignore=shutil.ignore_patterns("*.so", "__pycache__", "static"))
        solver = pathlib.Path(tmp) / "ft_widget" / "solver"
        made = subprocess.run([sys.executable, "-m", "Cython.Build.Cythonize", "-3", "-i", "-q",
                               str(solver / "model.py"), str(solver / "search.py")],
                              capture_output=True, text=True, cwd=tmp)
        if made.returncode == 0:
            run(tmp, "pure", "Cython (pure-Python mode, same source)")
        else:
            rows.append(dict(candidate="Cython", states_per_cpu_s=0,
                             search_module="not measured: pip install cython"))
    if COMPILED:
        run(here.parent, "compiled", "C core (_core.c)")
    return rows


def bench_solver(variants: list[str], deals: list[int], time_limit: float, processes: int = 1) -> list[dict]:
    time_limit = check_time_limit("bench_solver", "time_limit", time_limit)
    processes = check_count("bench_solver", "processes", processes, 1)
    df = study(variants, deals, time_limit=time_limit, processes=processes, progress=False)
    s = summarize(df)
    cols = ["variant", "deals", "won", "lost", "unknown", "median_s", "worst_s", "states_per_s"]
    return s[cols].to_dict("records")


def bench_deal_and_play(variants: list[str], deals: list[int], budget: int) -> list[dict]:
    """Per variant R6 applies to: deals won (and states met) by the portfolio under ``budget``
    states a deal, with R6 in the sound search and without. Budgeted, so the same on any machine."""
    budget = check_count("bench_deal_and_play", "budget", budget, 1)
    rows = []
    for v in variants:
        if not Model(VARIANTS[v], deal_and_play=True).deal_and_play:
            continue
        row: dict = dict(variant=v, deals=len(deals), budget=budget)
        for label, flag in (("without", False), ("with", True)):
            won = states = 0
            for d in deals:
                status, _, n = search(portfolio(VARIANTS[v], True, flag), Model.from_game(Game(v, deal=d)),
                                      None, budget)
                won += status == Outcome.WON
                states += n
            row[f"won_{label}"] = won
            row[f"states_{label}"] = states
        rows.append(row)
    return rows


def _relay_one(job: tuple) -> dict:
    v, d, budget, h1, weights = job
    model = relay_search(VARIANTS[v], h1, weights)
    status, _, n = search([(model, 1)], Model.from_game(Game(v, deal=d)), None, budget)
    return dict(variant=v, deal=d, search=relay_label(h1, weights), status=str(status), states=n)


def bench_relay(variants: list[str], deals: list[int], budget: int, processes: int = 1) -> list[dict]:
    """Each win-only search of the relay (``search.RELAY``, which holds the budgeted portfolio's
    H1+H2 and H2 with the default weights too) alone on each deal, up to ``budget`` states: one row
    a deal and search, with its status and the states it met. Budgeted, so the same on any machine."""
    budget = check_count("bench_relay", "budget", budget, 1)
    processes = check_count("bench_relay", "processes", processes, 1)
    jobs = [(v, d, budget, h1, w) for v in variants for h1, w in RELAY for d in deals]
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            return list(pool.map(_relay_one, jobs, chunksize=4))
    return [_relay_one(j) for j in jobs]


def relay_summary(rows: list[dict]) -> list[dict]:
    """Per variant and search: deals won; and the deals won by some search of the relay."""
    by: dict[tuple, list[dict]] = {}
    for r in rows:
        by.setdefault((r["variant"], r["search"]), []).append(r)
    out = [dict(variant=v, search=name, deals=len(rs), won=sum(r["status"] == Outcome.WON for r in rs))
           for (v, name), rs in by.items()]
    for v in dict.fromkeys(r["variant"] for r in rows):
        mine = [r for r in rows if r["variant"] == v]
        out.append(dict(variant=v, search="any of them", deals=len({r["deal"] for r in mine}),
                        won=len({r["deal"] for r in mine if r["status"] == Outcome.WON})))
    return out


def bench_exhaust(variant: str, deals: list[int], cap: int) -> list[dict]:
    """The sound search alone, with R6 and without, on each deal up to ``cap`` states: its status
    and the states it met (a proof of loss when it ran dry)."""
    cap = check_count("bench_exhaust", "cap", cap, 1)
    rows = []
    for d in deals:
        row: dict = dict(variant=variant, deal=d)
        for label, flag in (("without", False), ("with", True)):
            model = Model(VARIANTS[variant], deal_and_play=flag)
            s = CompiledSearch(model, Model.from_game(Game(variant, deal=d)))
            while s.status is None and s.states < cap:
                s.advance(8)
            row[f"{label}_status"] = str(s.status or Outcome.UNKNOWN)
            row[f"{label}_states"] = s.states
        rows.append(row)
    return rows


def bench_expert(variants: list[str], deals: list[int], hints: int = 5) -> tuple[list[dict], list[dict]]:
    """Per variant: the expert plays each deal (wins, wall seconds a game on average and at worst,
    CPU seconds and solver states a game); then a fair hint is timed on ``hints`` positions (the
    start and positions the expert reached in those games)."""
    hints = check_count("bench_expert", "hints", hints, 0)
    games, timed = [], []
    for v in variants:
        won = states = 0
        wall = cpu = worst = 0.0
        reached: list[Game] = []
        for d in deals:
            expert = Expert(fallback=cautious_choice)
            t0, c0 = time.perf_counter(), time.process_time()
            result = play_policy(Game(v, deal=d), expert, random.Random(f"{v}/{d}/0"))
            took = time.perf_counter() - t0
            wall += took
            worst = max(worst, took)
            cpu += time.process_time() - c0
            won += result.status == Outcome.WON
            states += expert.states
            replay = Game(v, deal=d)
            for m in result.moves[: len(result.moves) // 2]:
                replay.play(m)
            reached += [Game(v, deal=d), replay]
        n = len(deals)
        games.append(dict(variant=v, deals=n, won=won, s_per_game=round(wall / n, 2),
                          worst_s=round(worst, 2), cpu_s_per_game=round(cpu / n, 2),
                          states_per_game=int(states / n)))
        times = []
        for g in reached[:hints]:
            t0 = time.perf_counter()
            hint(g)
            times.append(time.perf_counter() - t0)
        times.sort()
        timed.append(dict(variant=v, hints=len(times), median_s=round(times[len(times) // 2], 2),
                          worst_s=round(times[-1], 2)))
    return games, timed


def bench_review(variants: list[str], deals: list[int], moves: int = 150) -> list[dict]:
    """Per variant and deal: the fair expert plays up to ``moves`` moves (seeded), and
    ``review`` (default budgets, ``rng=1``) reviews them; wall and CPU seconds."""
    moves = check_count("bench_review", "moves", moves, 1)
    rows = []
    for v in variants:
        for d in deals:
            played = play_policy(Game(v, deal=d), Expert(fallback=cautious_choice),
                                 random.Random(f"{v}/{d}/0"), max_moves=moves)
            game = Game(v, deal=d)
            for m in played.moves:
                game.play(m)
            t0, c0 = time.perf_counter(), time.process_time()
            r = review(game, rng=1, progress=False)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            rows.append(dict(variant=v, deal=d, moves=len(r.steps), s=round(wall, 1), cpu_s=round(cpu, 1),
                             mistakes=r.count("mistake"), inaccuracies=r.count("inaccuracy"),
                             losing_move=r.losing_move, solver_searches=r.solver_searches,
                             end=str(r.steps[-1].verdict_after) if r.steps else ""))
    return rows


#: (path, variant, deal, time limit) of ``memory``: the issue's worst deals at the default 10 s
#: (Forty Thieves 1 at 40 s), then solves with time to reach the memory bound on both paths
MEMORY_CASES = (
    ("compiled", "little_forty", 158, 10.0),
    ("compiled", "little_forty", 166, 10.0),
    ("compiled", "forty_thieves", 1, 40.0),
    ("compiled", "forty_thieves", 1, 120.0),
    ("compiled", "little_forty", 166, 60.0),
    ("pure", "little_forty", 166, 600.0),
)

_MEMORY_CHILD = """
import sys
from ft_widget import Game, solve
r = solve(Game(sys.argv[2], deal=int(sys.argv[3])), time_limit=float(sys.argv[4]), core=sys.argv[1])
print(r.status, r.states, round(r.seconds, 1))
"""


def bench_memory(cases=MEMORY_CASES) -> list[dict]:
    """Each case solved in a process of its own under ``/usr/bin/time -v`` (Debian's ``time``
    package): status, states, seconds, and the process's peak resident memory in MB."""
    if not os.path.exists("/usr/bin/time"):
        raise SystemExit("needs /usr/bin/time (apt-get install time)")
    rows = []
    for core, variant, deal, limit in cases:
        cmd = ["/usr/bin/time", "-v", sys.executable, "-c", _MEMORY_CHILD,
               core, variant, str(deal), str(limit)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        status, states, seconds = done.stdout.split()
        kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))
        rows.append(dict(path=core, variant=variant, deal=deal, time_limit=limit, status=status,
                         states=int(states), seconds=float(seconds), peak_mb=round(kb * 1024 / 1e6)))
        print(rows[-1], flush=True)
    return rows


def _markdown(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table: ``header`` and one list of cells a row."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(cells) + " |" for cells in rows])


def memory_markdown(rows: list[dict]) -> str:
    """The README's and docs/solver.md's table of ``memory`` (rows as read back from its CSV)."""
    return _markdown(
        ["path", "game", "deal", "time limit", "result", "states", "seconds", "peak memory"],
        [[r["path"], VARIANTS[r["variant"]].name, str(r["deal"]), f"{float(r['time_limit']):g} s",
          r["status"], f"{int(r['states']):,}", f"{float(r['seconds']):g}", f"{r['peak_mb']} MB"]
         for r in rows])


def speed_markdown(rows: list[dict]) -> str:
    """A Markdown table of :func:`bench_solver_speed`'s rows (or its CSV, read back as dicts): the
    README shows it, and its test checks it against the committed CSV."""
    return _markdown(
        ["variant", "compiled", "pure", "speed-up", "compiled, 1M states", "bytes/state", "lookups/state"],
        [[r["variant"], f"{int(r['compiled_per_s']):,}", f"{int(r['pure_per_s']):,}",
          f"{float(r['speedup']):.1f}", f"{int(r['compiled_1000k_per_s']):,}",
          f"{float(r['bytes_per_state']):.1f}", f"{float(r['lookups_per_state']):.2f}"] for r in rows])


def _table(rows: list[dict]) -> str:
    keys = list(rows[0])
    widths = [max(len(k), *(len(str(r[k])) for r in rows)) for k in keys]
    lines = ["  ".join(k.rjust(w) for k, w in zip(keys, widths, strict=True))]
    lines += ["  ".join(str(r[k]).rjust(w) for k, w in zip(keys, widths, strict=True)) for r in rows]
    return "\n".join(lines)


def _write_csv(path: str, rows: list[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m ft_widget.bench", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    e = sub.add_parser("engine", help="random playouts: positions per second")
    e.add_argument("--variants", default="all")
    e.add_argument("--seconds", type=float, default=2.0, help="per variant")
    c = sub.add_parser("candidates", help="the compiled-core candidates side by side")
    c.add_argument("--variants", default="forty_thieves,maria,number_ten,indian")
    c.add_argument("--max-states", type=int, default=60_000)
    s = sub.add_parser("solver", help="solve deals: won / lost / unknown, times, states per second")
    s.add_argument("--variants", default="all")
    s.add_argument("--deals", default="1-50")
    s.add_argument("--time-limit", type=float, default=10.0)
    s.add_argument("--processes", type=int, default=1, help="deals solved in parallel (default 1)")
    s.add_argument("--speed-only", action="store_true", help="only the compiled / pure speed table")
    s.add_argument("--out", help="also write the speed table to this CSV file")
    r = sub.add_parser("deal-and-play", help="R6 against none: deals won at a budget, states to exhaust")
    r.add_argument("--variants", default="all")
    r.add_argument("--deals", default="1-100")
    r.add_argument("--max-states", type=int, default=20_000, help="the portfolio's budget a deal")
    r.add_argument("--exhaust", help="instead: the sound search alone on these deals of --variants "
                   "(one variant) up to --max-states states, with R6 and without")
    r.add_argument("--out", help="also write the table to this CSV file")
    y = sub.add_parser("relay", help="each win-only search of the relay alone: deals won at a budget")
    y.add_argument("--variants", default="forty_thieves,maria,streets")
    y.add_argument("--deals", default="1-100")
    y.add_argument("--max-states", type=int, default=1_000_000, help="each search's budget a deal")
    y.add_argument("--processes", type=int, default=1, help="searches run in parallel (default 1)")
    y.add_argument("--out", help="also write one row a deal and search to this CSV file")
    m = sub.add_parser("memory", help="peak memory of whole solves (/usr/bin/time -v), both paths")
    m.add_argument("--out", help="also write the table to this CSV file")
    x = sub.add_parser("expert", help="the fair expert's games (wins, time) and fair hint times")
    x.add_argument("--variants", default="forty_thieves,lucas,number_ten")
    x.add_argument("--deals", default="1-3")
    x.add_argument("--hints", type=int, default=5, help="fair hints timed per variant")
    w = sub.add_parser("review", help="ft_widget.review of expert games: seconds a game")
    w.add_argument("--variants", default="forty_thieves,maria,lucas,streets")
    w.add_argument("--deals", default="1")
    w.add_argument("--moves", type=int, default=150, help="moves played (at most) before the review")
    return ap


def _load_line(when: str) -> str:
    return f"load average at the {when}: {os.getloadavg()[0]:.2f}"


def _run_memory(args) -> None:
    print(_load_line("start"))
    rows = bench_memory()
    print(_table(rows))
    print(_load_line("end"))
    if args.out:
        _write_csv(args.out, rows)


def _run_candidates(args, variants: list[str], t0: float) -> bool:
    print(_load_line("start"))
    print(_table(bench_candidates(variants, args.max_states)))
    print(_load_line("end"))
    return True


def _run_expert(args, variants: list[str], t0: float) -> bool:
    games, timed = bench_expert(variants, parse_deals(args.deals), args.hints)
    print(_table(games))
    print(_table(timed))
    print(f"fair hint: median {sorted(r['median_s'] for r in timed)[len(timed) // 2]} s, "
          f"worst {max(r['worst_s'] for r in timed)} s (target 1 s); expert game: "
          f"{sum(r['s_per_game'] * r['deals'] for r in games) / sum(r['deals'] for r in games):.1f} s "
          f"on average (target 3 s), {max(r['worst_s'] for r in games)} s at worst (target 10 s)")
    return True


def _run_review(args, variants: list[str], t0: float) -> bool:
    print(f"review budgets: {WORLDS} worlds x {MAX_STATES:,} states, solver {SOLVER_STATES:,} states")
    rows = bench_review(variants, parse_deals(args.deals), args.moves)
    print(_table(rows))
    per = max(r["cpu_s"] * 150 / r["moves"] for r in rows)
    print(f"slowest: {per:.1f} CPU s per 150 moves (target 60 s on one core)")
    return True


def _run_deal_and_play(args, variants: list[str], t0: float) -> bool:
    if args.exhaust:
        if not COMPILED:
            raise SystemExit("--exhaust needs the compiled core")
        rows = bench_exhaust(variants[0], parse_deals(args.exhaust), args.max_states)
    else:
        rows = bench_deal_and_play(variants, parse_deals(args.deals), args.max_states)
    print(_table(rows))
    if args.out:
        _write_csv(args.out, rows)
    return True


def _run_relay(args, variants: list[str], t0: float) -> bool:
    rows = bench_relay(variants, parse_deals(args.deals), args.max_states, args.processes)
    print(_table(relay_summary(rows)))
    if args.out:
        _write_csv(args.out, rows)
    return True


def _run_engine(args, variants: list[str], t0: float) -> bool:
    rows = bench_engine(variants, args.seconds)
    total = sum(r["positions"] for r in rows) / sum(r["seconds"] for r in rows)
    print(_table(rows))
    print(f"all variants: {total:,.0f} positions/s (target 30,000/s)")
    return True


def _run_solver(args, variants: list[str], t0: float) -> bool:
    """The speed table, then (unless ``--speed-only``) the deals solved; False when it has said
    its own last line."""
    print(_load_line("start"))
    speed = bench_solver_speed(variants)
    print("states per CPU second of solve's search (portfolio), same deals (1, 2) and budget "
          "(30,000 states) on both paths; the sound search alone over 1,000,000 states:")
    print(_table(speed))
    if args.out:
        _write_csv(args.out, speed)
    if not COMPILED:
        print("the compiled core is not built here: only the pure path ran")
    print(_load_line("end"))
    if args.speed_only:
        print(f"{time.time() - t0:.0f} s on {machine()}")
        return False
    rows = bench_solver(variants, parse_deals(args.deals), args.time_limit, args.processes)
    print(_table(rows))
    settled = [(r["won"] + r["lost"]) / r["deals"] for r in rows]
    print(f"settled within {args.time_limit:g} s: "
          + ", ".join(f"{r['variant']} {p:.0%}" for r, p in zip(rows, settled, strict=True)))
    return True


#: ``python -m ft_widget.bench WHAT``: what runs for each WHAT (``memory`` takes no variants).
_RUNS = {"candidates": _run_candidates, "expert": _run_expert, "deal-and-play": _run_deal_and_play,
         "review": _run_review, "relay": _run_relay, "engine": _run_engine, "solver": _run_solver}


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.what == "memory":
        _run_memory(args)
        return 0
    variants = list(VARIANTS) if args.variants == "all" else args.variants.split(",")
    t0 = time.time()
    load = os.getloadavg()[0]
    if _RUNS[args.what](args, variants, t0):
        print(f"{time.time() - t0:.0f} s on {machine()}; load average {load:.1f} at the start")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Studies: solve (or play a policy on) many deals, on local processes or a Dask cluster.

>>> from ft_widget import study
>>> df = study(["lucas"], range(1, 3), time_limit=2, processes=1, progress=False)
>>> list(df.columns)
['variant', 'deal', 'result', 'moves', 'seconds', 'states']

From the shell (writes CSV, prints the per-variant summary)::

    python -m ft_widget.studies --variants all --deals 1-100 --time-limit 10 --out data/study.csv
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence

from .deal import check_deal_number
from .game import Game, Outcome
from .limits import check_count, check_rng, check_time_limit
from .policies import play_policy, policy_named
from .solver import solve
from .tables import pandas
from .training.fair import wilson  # one interval for the studies and the fair judge
from .variants import VARIANTS, Variant, get_variant

COLUMNS = ["variant", "deal", "result", "moves", "seconds", "states"]


def run_deal(variant, deal: int, time_limit: float = 10.0, policy=None, rng: random.Random | int | None = 0,
             max_states: int | None = None) -> dict:
    """One row of a study: solve deal ``deal`` of ``variant`` (or play ``policy`` on it).

    ``result`` is the solver's status (``won``/``lost``/``unknown``) or the policy's
    (``won``/``stuck``/``lost``, as :class:`~ft_widget.policies.PlayResult` says);
    ``moves`` the length of the winning line (solver) or of the game played (policy), else 0;
    ``states`` the states the solver met (for a policy: the moves it played). ``rng`` seeds the
    policy's generator with the variant and deal: an int, a ``random.Random`` that gives one, or
    ``None`` for a fresh one.
    """
    time_limit = check_time_limit("run_deal", "time_limit", time_limit)
    max_states = check_count("run_deal", "max_states", max_states, 1, optional=True)
    rng = _seed(check_rng("run_deal", rng))

    game = Game(variant, deal=deal)
    t0 = time.perf_counter()
    if policy is None:
        r = solve(game, time_limit=time_limit, max_states=max_states)
        return dict(variant=game.variant.id, deal=deal, result=str(r.status),
                    moves=len(r.moves) if r.status == Outcome.WON else 0,
                    seconds=round(r.seconds, 3), states=r.states)
    policy = _load_policy(policy)
    r = play_policy(game, policy, random.Random(f"{game.variant.id}/{deal}/{rng}"))
    return dict(variant=game.variant.id, deal=deal, result=str(r.status), moves=len(r.moves),
                seconds=round(time.perf_counter() - t0, 3), states=len(r.moves))


def _seed(rng: random.Random | int | None) -> int:
    """A checked ``rng`` as the int that seeds each deal's generator (the text of a Random would
    hold its memory address: a different seed on every run)."""
    if isinstance(rng, random.Random):
        return rng.getrandbits(64)
    return random.getrandbits(64) if rng is None else rng


def _load_policy(policy):
    """A policy from its name, itself, or cloudpickled bytes (how a notebook's function travels)."""
    if isinstance(policy, str):
        return policy_named(policy, "study")
    if isinstance(policy, bytes):
        import cloudpickle  # ships with dask (the dask extra), needed only for bytes

        return cloudpickle.loads(policy)
    return policy


def _run_packed(args: tuple) -> dict:
    return run_deal(*args)


def each_result(func: Callable, tasks: Sequence, *, client=None, processes: int | None = None):
    """``func(task)`` for each of ``tasks``, yielded as each is done (in no set order): in
    ``processes`` local processes (default: the machine's cores; 1 runs here, in this process), or
    on a Dask cluster when ``client`` is a ``dask.distributed.Client``. ``func`` must be importable
    by name (a module's function) for local processes; Dask also takes a notebook's own. What
    :func:`study` and ``tools/fair_puzzles.py`` run their work on."""
    processes = check_count("each_result", "processes", processes, 1, optional=True)
    if client is not None:
        from dask.distributed import as_completed

        for fut in as_completed(client.map(func, list(tasks), pure=False)):
            yield fut.result()
        return
    processes = processes or os.cpu_count() or 1
    if processes == 1:
        for task in tasks:
            yield func(task)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(processes) as pool:
        for fut in as_completed([pool.submit(func, task) for task in tasks]):
            yield fut.result()


def study(variants: str | Iterable[str] = "all", deals: Iterable[int] = range(1, 11),
          time_limit: float = 10.0, policy: str | Callable | None = None, client=None,
          processes: int | None = None, progress: bool = True, rng: random.Random | int | None = 0,
          max_states: int | None = None):
    """Solve every deal of every variant (or play ``policy`` on it); one DataFrame row per deal.

    ``variants`` is ``"all"``, one variant or a list of them, each an id or a
    :class:`~ft_widget.variants.Variant` (so a variant of your own can be studied); ``deals`` deal
    numbers. Without ``policy``
    each deal is solved with ``time_limit`` seconds (and at most ``max_states`` states, which makes
    a study repeatable on any machine); with a policy (a name from ``ft_widget.POLICIES`` or your
    own function ``policy(game, rng)``) the policy plays each deal once, with a random generator
    seeded from the variant, deal and ``rng`` (an int, a ``random.Random`` that gives one, or ``None``
    for a fresh one).

    Work runs in ``processes`` local processes (default: the machine's cores; 1 runs here, in
    this process), or on a Dask cluster when ``client`` is a ``dask.distributed.Client``. The
    rows, sorted by variant and deal, are the same either way. A tqdm bar shows progress.
    """
    pd = pandas("study()")
    from tqdm.auto import tqdm

    time_limit = check_time_limit("study", "time_limit", time_limit)
    max_states = check_count("study", "max_states", max_states, 1, optional=True)
    processes = check_count("study", "processes", processes, 1, optional=True)
    rng = _seed(check_rng("study", rng))
    if isinstance(variants, str) and variants == "all":
        chosen = list(VARIANTS.values())
    elif isinstance(variants, str | Variant):
        chosen = [get_variant(variants)]
    else:
        chosen = [get_variant(v) for v in variants]
    ids = [v.id for v in chosen]
    if len(set(ids)) != len(ids):
        raise ValueError("each variant of a study needs its own id")
    deals = [check_deal_number(d) for d in deals]  # a bad one fails here, not in a worker
    packed_policy = policy
    if policy is not None and not isinstance(policy, str):
        try:
            import cloudpickle  # ships with dask; pickles functions defined in a notebook
        except ImportError:  # without it, module-level functions still travel by name
            pass
        else:
            packed_policy = cloudpickle.dumps(policy)
    elif isinstance(policy, str):
        _load_policy(policy)  # fail early on an unknown name
    tasks = [(v, d, time_limit, packed_policy, rng, max_states) for v in chosen for d in deals]
    bar = tqdm(total=len(tasks), desc="study", unit="deal", disable=not progress)
    rows = []
    for row in each_result(_run_packed, tasks, client=client, processes=processes):
        rows.append(row)
        bar.update()
    bar.close()
    order = {v: k for k, v in enumerate(ids)}
    rows.sort(key=lambda r: (order[r["variant"]], r["deal"]))
    return pd.DataFrame(rows, columns=COLUMNS)


def summarize(df):
    """Per variant: deals, counts and shares of each result with Wilson 95% intervals, times.

    Always won, lost and unknown; stuck too (a policy's game with no legal move left) when some
    game of ``df`` ended so. Studies written before policies said "stuck" store such games as
    "lost", and are summarized as they stand."""
    pd = pandas("summarize()")

    statuses = [Outcome.WON.value, Outcome.LOST.value, Outcome.UNKNOWN.value]
    if (df["result"] == Outcome.STUCK.value).any():
        statuses.insert(2, Outcome.STUCK.value)
    out = []
    for v, g in df.groupby("variant", sort=False):
        n = len(g)
        row = {"variant": v, "deals": n}
        for status in statuses:
            k = int((g["result"] == status).sum())
            lo, hi = wilson(k, n)
            row[status] = k
            row[f"{status}_share"] = round(k / n, 3)
            row[f"{status}_ci95"] = f"{lo:.3f}–{hi:.3f}"
        row["median_s"] = round(float(g["seconds"].median()), 3)
        row["worst_s"] = round(float(g["seconds"].max()), 3)
        secs = float(g["seconds"].sum())
        row["states_per_s"] = int(g["states"].sum() / secs) if secs else 0
        out.append(row)
    return pd.DataFrame(out)


def settled_markdown(summary) -> str:
    """A Markdown table of a :func:`summarize` result (or its CSV, read back): per game the deals
    won, proved lost and unknown, and the share settled (won or lost) with its Wilson interval.
    The README shows it for the solver studies, and its test checks it against the CSV."""
    lines = ["| game | deals | won | proved lost | unknown | settled | settled 95% CI |",
             "|---|---|---|---|---|---|---|"]
    for r in summary.to_dict("records"):
        n, settled = int(r["deals"]), int(r["won"]) + int(r["lost"])
        lo, hi = wilson(settled, n)
        name = VARIANTS[r["variant"]].name if r["variant"] in VARIANTS else r["variant"]
        lines.append(f"| {name} | {n} | {int(r['won'])} | {int(r['lost'])} | {int(r['unknown'])} | "
                     f"{settled / n:.0%} | {lo:.3f}–{hi:.3f} |")
    return "\n".join(lines)


def side_by_side(frames: dict):
    """Players side by side on the same deals: ``frames`` maps a player's name to its study rows.

    One row per variant: the deals, and per player the deals won, the share and its Wilson 95%
    interval. Raises ``ValueError`` if the players did not play the same deals.
    """
    pd = pandas("side_by_side()")

    names = list(frames)
    first = frames[names[0]]
    out = []
    for v, g in first.groupby("variant", sort=False):
        deals = sorted(g["deal"])
        row = {"variant": v, "deals": len(deals)}
        for name in names:
            other = frames[name][frames[name]["variant"] == v]
            if sorted(other["deal"]) != deals:
                raise ValueError(f"{name} did not play the same {v} deals as {names[0]}")
            k = int((other["result"] == Outcome.WON.value).sum())
            lo, hi = wilson(k, len(deals))
            row[f"{name}_won"] = k
            row[f"{name}_share"] = round(k / len(deals), 3)
            row[f"{name}_ci95"] = f"{lo:.3f}–{hi:.3f}"
            row[f"{name}_mean_s"] = round(float(other["seconds"].mean()), 2)
            row[f"{name}_worst_s"] = round(float(other["seconds"].max()), 2)
        out.append(row)
    return pd.DataFrame(out)


def machine() -> str:
    """A one-line description of this machine, for the record."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.system()})"


def parse_deals(text: str) -> list[int]:
    """``"1-100"``, ``"5"`` or ``"1-10,20,30-32"`` → deal numbers."""
    deals: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-", 1)
            deals.extend(range(int(a), int(b) + 1))
        elif part:
            deals.append(int(part))
    if not deals:
        raise ValueError(f"no deals in {text!r}")
    return deals


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ft_widget.studies", description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default="all", help="comma-separated ids, or 'all' (default)")
    ap.add_argument("--deals", default="1-10", help="e.g. 1-100 or 1-10,42 (default 1-10)")
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal for the solver")
    ap.add_argument("--max-states", type=int, default=None, help="states per deal (repeatable runs)")
    ap.add_argument("--policy", default=None, help="play a named policy instead of solving")
    ap.add_argument("--processes", type=int, default=None, help="local worker processes")
    ap.add_argument("--scheduler", default=None, help="address of a Dask scheduler to run on")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=None, help="CSV file for the rows (default: print them)")
    ap.add_argument("--summary", default=None, help="also write the per-variant summary CSV here")
    args = ap.parse_args(argv)
    variants = "all" if args.variants == "all" else [v.strip() for v in args.variants.split(",")]
    client = None
    if args.scheduler:
        from dask.distributed import Client

        client = Client(args.scheduler)
    t0 = time.time()
    df = study(variants, parse_deals(args.deals), time_limit=args.time_limit, policy=args.policy,
               client=client, processes=args.processes, rng=args.seed, max_states=args.max_states)
    wall = time.time() - t0
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        df.to_csv(args.out, index=False)
    else:
        df.to_csv(sys.stdout, index=False)
    summary = summarize(df)
    if args.summary:
        summary.to_csv(args.summary, index=False)
    cols = ["variant", "deals", "won", "lost", "unknown", "won_ci95", "median_s", "worst_s", "states_per_s"]
    print(summary[cols].to_string(index=False), file=sys.stderr)
    print(f"{len(df)} deals in {wall:.0f} s wall time on {machine()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

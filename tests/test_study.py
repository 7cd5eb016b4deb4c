"""study(): one row per deal, the same rows on one process, several processes and a Dask cluster."""

from __future__ import annotations

import pandas as pd
import pytest

from ft_widget import study
from ft_widget.studies import main, parse_deals, summarize, wilson

# a state budget (not a time limit) makes the solver's rows identical on any machine and load
SMALL = dict(variants=["lucas", "rank_and_file"], deals=range(1, 4), time_limit=120, max_states=4000)


def _same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    cols = ["variant", "deal", "result", "moves", "states"]
    pd.testing.assert_frame_equal(a[cols].reset_index(drop=True), b[cols].reset_index(drop=True))


def test_rows_and_columns():
    df = study(**SMALL, processes=1, progress=False)
    assert list(df.columns) == ["variant", "deal", "result", "moves", "seconds", "states"]
    assert len(df) == 6 and set(df["result"]) <= {"won", "lost", "unknown"}
    assert list(df["deal"]) == [1, 2, 3, 1, 2, 3]
    won = df[df["result"] == "won"]
    assert len(won) and (won["moves"] > 0).all()


@pytest.mark.slow
def test_local_processes_and_a_dask_cluster_give_the_same_rows():
    distributed = pytest.importorskip("dask.distributed")
    one = study(**SMALL, processes=1, progress=False)
    two = study(**SMALL, processes=2, progress=False)
    _same(one, two)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = study(**SMALL, client=client, progress=False)
        policy_dask = study(["maria"], range(1, 5), policy="cautious", client=client, progress=False)

        def my_policy(game, rng):  # a notebook's own function travels to the workers
            moves = game.legal_moves()
            return rng.choice(moves) if moves else None

        mine_dask = study(["streets"], range(1, 4), policy=my_policy, client=client, progress=False)
    _same(one, on_dask)
    _same(policy_dask, study(["maria"], range(1, 5), policy="cautious", processes=2, progress=False))
    _same(mine_dask, study(["streets"], range(1, 4), policy=my_policy, processes=1, progress=False))


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_summary_counts_and_shares():
    df = pd.DataFrame({"variant": ["a"] * 4, "deal": [1, 2, 3, 4],
                       "result": ["won", "won", "lost", "unknown"], "moves": [9, 9, 0, 0],
                       "seconds": [1.0, 2.0, 3.0, 4.0], "states": [10, 20, 30, 40]})
    row = summarize(df).iloc[0]
    assert (row["won"], row["lost"], row["unknown"]) == (2, 1, 1)
    assert row["won_share"] == 0.5 and row["median_s"] == 2.5 and row["worst_s"] == 4.0
    assert row["states_per_s"] == 10


def test_parse_deals():
    assert parse_deals("1-3,7") == [1, 2, 3, 7]
    with pytest.raises(ValueError):
        parse_deals(",")


def test_command_line_writes_csv(tmp_path):
    out, summary = tmp_path / "x.csv", tmp_path / "s.csv"
    assert main(["--variants", "lucas", "--deals", "1-2", "--max-states", "3000", "--time-limit", "60",
                 "--processes", "1", "--out", str(out), "--summary", str(summary)]) == 0
    df = pd.read_csv(out)
    assert list(df["deal"]) == [1, 2] and set(df["variant"]) == {"lucas"}
    assert pd.read_csv(summary)["deals"].tolist() == [2]


def test_side_by_side_counts_each_players_wins_on_the_same_deals():
    from ft_widget.studies import side_by_side

    a = pd.DataFrame({"variant": ["x"] * 4, "deal": [1, 2, 3, 4], "result": ["won", "lost", "won", "won"],
                      "moves": [1] * 4, "seconds": [1.0, 2.0, 3.0, 2.0], "states": [1] * 4})
    b = a.assign(result=["lost", "lost", "won", "unknown"])
    row = side_by_side({"expert": a, "solver": b}).iloc[0]
    assert (row["deals"], row["expert_won"], row["solver_won"]) == (4, 3, 1)
    assert row["expert_share"] == 0.75 and row["expert_mean_s"] == 2.0
    lo, hi = wilson(1, 4)
    assert row["solver_ci95"] == f"{lo:.3f}–{hi:.3f}"
    with pytest.raises(ValueError, match="same"):
        side_by_side({"expert": a, "solver": b.iloc[:3]})


def _square(n: int) -> int:
    return n * n


def test_each_result_gives_every_result_here_in_processes_and_on_dask():
    """The studies' runner (study() and tools/fair_puzzles.py run on it): the same results, in
    whatever order they come, whether here, in local processes or on a Dask cluster."""
    from ft_widget.studies import each_result

    tasks = list(range(12))
    want = sorted(n * n for n in tasks)
    assert sorted(each_result(_square, tasks, processes=1)) == want
    assert sorted(each_result(_square, tasks, processes=2)) == want
    with pytest.raises(ValueError, match="processes"):
        list(each_result(_square, tasks, processes=0))
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert sorted(each_result(_square, tasks, client=client)) == want

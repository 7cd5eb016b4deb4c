"""The pure wheel (issue 24): ``FT_WIDGET_PURE=1`` builds ``py3-none-any`` without the compiled core,
and the solver in it gives the same answers; a plain build keeps the core (a platform wheel)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import ft_widget
from ft_widget import VARIANTS, Game, hint, solve
from ft_widget.experiments import compare_players, rows
from ft_widget.solver.search import COMPILED
from ft_widget.teaching import Decision

REPO = Path(__file__).resolve().parent.parent
DEALS = [("lucas", 3), ("maria", 5), ("limited", 9)]
BUDGET = 20_000

ANSWERS = """
import json, sys
import ft_widget
from ft_widget import Game, hint, solve
from ft_widget.solver.search import COMPILED
out = {"file": ft_widget.__file__, "compiled": COMPILED, "answers": []}
for variant, deal in json.loads(sys.argv[1]):
    r = solve(Game(variant, deal), max_states=int(sys.argv[2]))
    h = hint(Game(variant, deal), max_states=5_000)
    out["answers"].append([str(r.status), [str(m) for m in r.moves], str(h.move)])
out["puzzles"] = len(ft_widget.puzzles("forty_thieves"))  # read from the installed package's data
with ft_widget.i18n.using("lt"):  # the catalogue read from the installed package too
    out["undo"] = ft_widget.words.change_words(-1, 3)
from ft_widget import experiments, teaching
games = experiments.rows("indian", "games")
out["effect"] = str(experiments.compare_players(games, "habit", "home only when safe"))
decision = teaching.Decision("maria")  # its data (decisions.json) ships in the package too
out["decision"] = [decision.deal, str(decision.best), str(decision.player_move)]
print(json.dumps(out))
"""


def _wheel(tmp: Path, pure: bool) -> Path:
    env = {**os.environ, "FT_WIDGET_PURE": "1" if pure else ""}
    out = tmp / ("pure" if pure else "plain")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    str(REPO), "-w", str(out)], check=True, env=env, capture_output=True)
    (wheel,) = out.glob("ft_widget-*.whl")
    return wheel


@pytest.mark.slow
def test_pure_wheel_gives_the_same_answers(tmp_path):
    wheel = _wheel(tmp_path, pure=True)
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd"))], names
    assert {f"ft_widget/data/puzzles/{v}.json" for v in VARIANTS} <= set(names)  # the puzzles ship
    # the player's words in each language ship compiled (ft_widget.i18n reads the .mo)
    assert {f"ft_widget/locale/{lang}/LC_MESSAGES/ft_widget.mo" for lang in ("fr", "lt", "sk", "ka")} \
        <= set(names)
    assert {f"ft_widget/data/experiments/{v}_games.csv" for v in VARIANTS} <= set(names)  # the results too
    assert "ft_widget/data/teaching/decisions.json" in names
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
                    str(wheel)], check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run([sys.executable, "-c", ANSWERS, json.dumps(DEALS), str(BUDGET)], cwd=tmp_path,
                         env=env, capture_output=True, text=True, check=True)
    pure = json.loads(run.stdout)
    assert pure["file"].startswith(str(target)) and pure["compiled"] is False, pure
    here = []
    for variant, deal in DEALS:
        r = solve(Game(variant, deal), max_states=BUDGET)
        h = hint(Game(variant, deal), max_states=5_000)
        here.append([str(r.status), [str(m) for m in r.moves], str(h.move)])
    assert pure["answers"] == here
    assert pure["puzzles"] == len(ft_widget.puzzles("forty_thieves"))
    assert pure["undo"] == "Ėjimas atšauktas"
    assert pure["effect"] == str(compare_players(rows("indian", "games"), "habit", "home only when safe"))
    decision = Decision("maria")
    assert pure["decision"] == [decision.deal, str(decision.best), str(decision.player_move)]


@pytest.mark.slow
def test_plain_wheel_keeps_the_compiled_core(tmp_path):
    if not COMPILED:
        pytest.skip("the compiled core is not built here (it is optional)")
    wheel = _wheel(tmp_path, pure=False)
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    assert [n for n in zipfile.ZipFile(wheel).namelist() if "/_core." in n and n.endswith(".so")]


@pytest.mark.slow
def test_builds_at_once_each_make_their_wheel(tmp_path):
    """pip builds this checkout in place (build/), and the suite's wheel tests and the offline
    site's build run side by side: without setup.py's build lock the second build stopped on
    "File exists: build/bdist.../ft_widget-0.1.0.dist-info" (and left it there for every build
    after). Three pure builds started together must each make a wheel."""
    env = {**os.environ, "FT_WIDGET_PURE": "1"}
    builds = [subprocess.Popen([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(REPO), "-w",
                                str(tmp_path / str(k))], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True) for k in range(3)]
    for k, build in enumerate(builds):
        said, _ = build.communicate()
        assert build.returncode == 0, said[-2_000:]
        assert len(list((tmp_path / str(k)).glob("ft_widget-*-py3-none-any.whl"))) == 1

"""The teaching notebooks: one per variant, committed with outputs, each paired with its text source.

The notebooks' own outputs are checked by nbval (see the README's test command); these tests
check what nbval does not: that every game has its notebook, that the committed files were run
and saved without errors, and that the solver data they teach from is sound.
"""

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from ft_widget import VARIANTS, Game
from ft_widget.teaching import data_path

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
REPO = NOTEBOOKS.parent
FIXED = ["00_start_here", "10_rule_differences", "11_working_from_code"]
#: the first lesson in the other languages (tests/test_translated_lessons.py holds them to the English one)
TRANSLATED = [f"{lang}/00_start_here" for lang in ("fr", "lt", "sk", "ka")]
ALL = FIXED + list(VARIANTS) + TRANSLATED
#: what a cell shows that changes every run (a live board's model id, a progress bar, a cluster)
CHANGING = ("Board(", "Board.puzzle(", "Board.training(", "Board.lesson(", "tqdm(", "Client(")


def load(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


@pytest.mark.parametrize("name", [*VARIANTS, "00_start_here", *TRANSLATED])
def test_a_lesson_a_learner_reads(name):
    """Issue 44: no helper definitions, no code cell over 6 lines, the board lesson embedded where
    the game has steps, and every theme of the game's puzzles named in the lesson."""
    from ft_widget import lesson_steps, puzzles
    from ft_widget.training.themes import theme_name

    nb = load(name)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    for source in code:
        assert len(source.splitlines()) <= 6, f"a cell of {len(source.splitlines())} lines: {source[:80]}"
        assert not re.search(r"^\s*(async\s+)?def |\blambda\b|^\s*class ", source, re.M), source[:80]
    if name not in VARIANTS:
        return
    if lesson_steps(name):
        assert any("Board.lesson(GAME)" in c or f'Board.lesson("{name}")' in c for c in code)
    shown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown") + "\n".join(
        o.get("data", {}).get("text/markdown", "") + o.get("data", {}).get("text/plain", "")
        for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    missing = {p.theme for p in puzzles(name) if theme_name(p.theme) not in shown}
    assert not missing, f"themes not named in the lesson: {sorted(missing)}"


def test_every_variant_has_its_notebook():
    missing = [v for v in VARIANTS if not (NOTEBOOKS / f"{v}.ipynb").is_file()]
    assert not missing, f"no notebook for {missing}"
    for name in FIXED:
        assert (NOTEBOOKS / f"{name}.ipynb").is_file()


@pytest.mark.parametrize("name", ALL)
def test_committed_with_outputs_and_no_errors(name):
    nb = load(name)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), "run it top to bottom"
    for cell in code:
        assert not any(o.output_type == "error" for o in cell.outputs), cell.source[:80]
        text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
        assert "Traceback" not in text and "Error" not in text, cell.source[:80]


@pytest.mark.parametrize("name", ALL)
def test_boards_and_progress_bars_are_not_compared(name):
    """Widget model ids and progress bars change every run: those cells must be marked."""
    for cell in load(name).cells:
        if cell.cell_type != "code":
            continue
        changes = any(k in cell.source for k in CHANGING) or (
            "study(" in cell.source and "progress=False" not in cell.source)
        if changes:
            assert cell.source.startswith("# NBVAL_IGNORE_OUTPUT"), cell.source[:80]


@pytest.mark.parametrize("name", ALL)
def test_only_output_that_changes_is_ignored(name):
    """Teaching numbers stay checked: a marked cell shows a board, a bar or a cluster, nothing else."""
    for cell in load(name).cells:
        if cell.cell_type == "code" and cell.source.startswith("# NBVAL_IGNORE_OUTPUT"):
            assert any(k in cell.source for k in (*CHANGING, "study(")), (
                cell.source[:80])


def test_each_notebook_is_its_own_text_source():
    """Each .ipynb is paired with a hand-written py:percent source (jupytext) and matches it."""
    import jupytext

    assert not (NOTEBOOKS / "_build.py").exists(), "the generator is gone: edit each notebook's .py"
    for name in ALL + [f"lab/{v}" for v in VARIANTS]:  # the labs too: one once kept text its .py lacked
        nb = load(name)
        assert nb.metadata.get("jupytext", {}).get("formats") == "ipynb,py:percent", name
        text = jupytext.read(NOTEBOOKS / f"{name}.py")
        committed = [(c.cell_type, c.source) for c in nb.cells]
        assert committed == [(c.cell_type, c.source) for c in text.cells], (
            f"{name}.ipynb differs from {name}.py: run jupytext --sync notebooks/{name}.py")


@pytest.mark.parametrize("name", ALL)
def test_small_pictures_that_show_untrusted(name):
    """No saved widget state (it carries the whole JS bundle), no inline <svg> (JupyterLab strips
    it from an untrusted notebook): pictures are <img> data URIs (tests/e2e/test_notebook_pictures.py)."""
    nb = load(name)
    assert "widgets" not in nb.metadata, "strip metadata.widgets: it embeds the widget bundle"
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            html = "".join(out.get("data", {}).get("text/html", ""))
            assert "<svg" not in html, cell.source[:80]
            assert "image/svg+xml" not in out.get("data", {}), cell.source[:80]
    size = (NOTEBOOKS / f"{name}.ipynb").stat().st_size
    assert size < 400_000, f"{name}.ipynb is {size:,} bytes"  # a saved widget bundle is megabytes


#: the lessons that show boards: each board saves its picture (Board._repr_mimebundle_)
LESSONS = ["00_start_here", *TRANSLATED, *VARIANTS]
#: lessons saved before boards carried their picture: re-executing one adds them (notebooks/README.md);
#: then take it off this list (strict: the test says so when it passes)
BOARDS_WITHOUT_PICTURES: set[str] = set()


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.xfail(
        strict=True, reason="saved before boards carried their picture: re-execute the lesson"))
    if name in BOARDS_WITHOUT_PICTURES else name
    for name in LESSONS])
def test_saved_boards_show_their_picture_unrun(name):
    """Where no kernel runs (GitHub, nbviewer, the docs site, an unrun notebook opened untrusted)
    a board's widget view draws nothing: each saved board carries its picture, an <img>."""
    boards = 0
    for cell in load(name).cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                boards += 1
                html = "".join(data.get("text/html", ""))
                assert html.startswith('<img class="ft-picture" alt="') and (
                    'src="data:image/svg+xml;base64,' in html), cell.source[:80]
    assert boards, f"{name} shows no board"


def test_prose_numbers_are_not_raw_cards():
    """Cards are shown as cards (9♥), never as the engine's ints ([41, 8, 19])."""
    import re

    for name in ALL:
        for cell in load(name).cells:
            for out in cell.get("outputs", []):
                text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
                assert not re.search(r"waste.{0,20}\[\d+, \d+", text), (name, text[:80])


def test_solver_lines_replay_to_wins():
    data = json.loads(data_path("solver_lines.json").read_text())
    assert data["command"].startswith("python notebooks/_lines.py")
    wins = [d for d in data["deals"] if d["status"] == "won"]
    assert {d["variant"] for d in wins} == set(VARIANTS), "every variant needs a won deal to show"
    for d in wins:
        game = Game(d["variant"], deal=d["deal"])
        for move in d["moves"]:
            game.play(move)
        assert game.is_won, (d["variant"], d["deal"])


def test_single_rule_data_names_its_changes():
    data = json.loads(data_path("single_rule.json").read_text())
    assert data["command"].startswith("python notebooks/_single_rule.py")
    changes = {row["change"] for row in data["deals"]}
    assert changes == set(data["changes"])
    assert all(row["status"] in ("won", "lost", "unknown") for row in data["deals"])


def test_lessons_data_is_paired_and_named():
    from ft_widget.teaching import LESSONS, lesson_results

    data = json.loads(data_path("lessons.json").read_text())
    assert data["command"].startswith("python notebooks/_lessons.py")
    assert data["lessons"] == {v: {k: dict(c) for k, c in ls.items()} for v, ls in LESSONS.items()}
    for variant in VARIANTS:
        for lesson, measures in lesson_results(variant, data).items():
            solver, home = measures["solver wins"], measures["player cards home"]
            assert solver.n == len({r["deal"] for r in data["solver"]}), (variant, lesson)
            assert home.n == len({r["deal"] for r in data["played"]}), (variant, lesson)
            assert solver.low <= solver.diff <= solver.high


def test_decisions_are_real_positions():
    """Each worked decision replays through the engine, and both of its moves are legal there."""
    data = json.loads(data_path("decisions.json").read_text())
    assert all(run["command"].startswith("python notebooks/_decisions.py") for run in data["runs"])
    assert set(data["decisions"]) == set(VARIANTS)
    for variant, rows in data["decisions"].items():
        for row in rows:
            game = Game(variant, deal=row["deal"])
            for move in row["moves"]:
                game.play(move)
            assert game.is_legal(row["best"]) and game.is_legal(row["player"]), (variant, row["deal"])
            assert row["best"] != row["player"]


def test_the_offline_site_carries_the_data_the_notebooks_read():
    """lite/build.py copies into the JupyterLite site every data file a notebook reads by name
    (``load``, ``data_path``, ``../data/``), but for those that are the package's own
    (ft_widget/data/experiments/ and teaching/): the site installs the package."""
    sys.path.insert(0, str(REPO / "lite"))
    try:
        import build
    finally:
        sys.path.pop(0)
    shipped = set(build.data_files())
    def names(sources):
        found = set()
        for source in sources:
            text = source.read_text(encoding="utf-8")
            found |= set(re.findall(r'(?:load|data_path|read_csv)\("([^"{]+)"\)', text))
        return found

    teaching = REPO / "ft_widget" / "teaching.py"
    everywhere = names([*NOTEBOOKS.rglob("*.py"), teaching])  # the labs too (they read the package's data)
    in_package = {n for n in everywhere if {"experiments", "teaching"} & set(data_path(n).parts[-3:])}
    assert in_package and all(data_path(n).exists() for n in in_package)
    assert {"notebooks/indian_games.csv", "decisions.json", "lessons.json"} <= in_package
    # the site carries the top-level notebooks (the labs need a full install): what they read
    read = names([*NOTEBOOKS.glob("*.py"), teaching]) - in_package
    read = {n for n in read if not (REPO / "data" / n).is_dir()}  # a folder's files: below
    assert read and read <= shipped, sorted(read - shipped)
    assert all((REPO / "data" / name).is_file() for name in shipped)

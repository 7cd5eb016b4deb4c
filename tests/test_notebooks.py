"""The teaching notebooks: one per variant, committed with outputs, in sync with their generator.

The notebooks' own outputs are checked by nbval (see the README's test command); these tests
check what nbval does not: that every game has its notebook, that the committed files were run
and saved without errors, and that the solver data they teach from is sound.
"""

import json
import sys
from pathlib import Path

import nbformat
import pytest

from ft_widget import VARIANTS, Game

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
FIXED = ["00_start_here", "10_rule_differences", "11_working_from_code"]
ALL = FIXED + list(VARIANTS)


def load(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


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
        changes = "Board(" in cell.source or "tqdm(" in cell.source or "Client(" in cell.source or (
            "study(" in cell.source and "progress=False" not in cell.source)
        if changes:
            assert cell.source.startswith("# NBVAL_IGNORE_OUTPUT"), cell.source[:80]


@pytest.mark.parametrize("name", ALL)
def test_only_output_that_changes_is_ignored(name):
    """Teaching numbers stay checked: a marked cell shows a board, a bar or a cluster, nothing else."""
    for cell in load(name).cells:
        if cell.cell_type == "code" and cell.source.startswith("# NBVAL_IGNORE_OUTPUT"):
            assert any(k in cell.source for k in ("Board(", "tqdm(", "Client(", "study(")), cell.source[:80]


def test_notebooks_match_their_generator():
    sys.path.insert(0, str(NOTEBOOKS))
    try:
        import _build
    finally:
        sys.path.pop(0)
    books = _build.build_all()
    assert sorted(books) == sorted(ALL)
    for name, cells in books.items():
        committed = [c.source for c in load(name).cells]
        assert committed == [c.source for c in cells], f"{name}.ipynb differs from notebooks/_build.py"


def test_solver_lines_replay_to_wins():
    data = json.loads((NOTEBOOKS.parent / "data" / "solver_lines.json").read_text())
    assert data["command"].startswith("python notebooks/_lines.py")
    wins = [d for d in data["deals"] if d["status"] == "won"]
    assert {d["variant"] for d in wins} == set(VARIANTS), "every variant needs a won deal to show"
    for d in wins:
        game = Game(d["variant"], deal=d["deal"])
        for move in d["moves"]:
            game.play(move)
        assert game.is_won, (d["variant"], d["deal"])


def test_single_rule_data_names_its_changes():
    data = json.loads((NOTEBOOKS.parent / "data" / "single_rule.json").read_text())
    assert data["command"].startswith("python notebooks/_single_rule.py")
    changes = {row["change"] for row in data["deals"]}
    assert changes == set(data["changes"])
    assert all(row["status"] in ("won", "lost", "unknown") for row in data["deals"])

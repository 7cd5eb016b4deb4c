"""Checks of the end-to-end harness that need no browser (they run in every test run)."""

from __future__ import annotations

import json

import pytest

from ft_widget import Game

from .harness import NOTEBOOKS, expected_piles


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_test_notebooks_name_their_kernel_and_hold_no_outputs(path):
    """A kernelspec, or JupyterLab asks which kernel to use and the test waits forever."""
    nb = json.loads(path.read_text())
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["outputs"] == [] and c["execution_count"] is None for c in code)


def test_expected_piles_draw_what_a_player_sees():
    game = Game("little_forty", deal=2)
    for _ in range(2):
        game.play("s>w")
    pos = game.position()
    piles = expected_piles(pos, game.variant.stock_deal)
    assert piles["w"] == pos["waste"][-3:] and piles["s"] == ["#"]
    assert piles["1"] == pos["tableau"][0] and all(piles[f"f{k}"] == [] for k in range(1, 9))
    game = Game("rank_and_file", deal=3)
    piles = expected_piles(game.position(), 1)
    assert piles["1"][:3] == ["#", "#", "#"] and "#" not in piles["1"][3:]
    assert piles["w"] == []

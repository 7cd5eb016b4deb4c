"""pandas is optional for playing (issue 24): with pandas unimportable, ft_widget imports, plays,
solves, hints, runs the expert and builds a Board whose scoreboard is drawn; what returns tables
says what to install. Run in a subprocess whose import system refuses pandas, as Pyodide offline does."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from ft_widget.tables import INSTALL

SCRIPT = textwrap.dedent(
    """
    import importlib.abc, sys

    class NoPandas(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "pandas" or name.startswith("pandas."):
                raise ImportError("No module named 'pandas' (blocked by the test)", name=name)
            return None

    sys.meta_path.insert(0, NoPandas())
    for name in [m for m in sys.modules if m == "pandas" or m.startswith("pandas.")]:
        del sys.modules[name]

    import ft_widget
    from ft_widget import Board, Game, Outcome, hint, play_policy, solve
    from ft_widget.expert import Expert

    game = Game("lucas", 3)
    result = solve(game, max_states=20_000)
    assert result.status is Outcome.WON, result.status
    for move in result.moves:
        game.play(move)
    assert game.outcome is Outcome.WON

    played = play_policy(Game("maria", 5), "foundations_first", rng=1)
    assert played.status in (Outcome.WON, Outcome.LOST) and played.moves

    fair = hint(Game("maria", 5), max_states=5_000)
    assert fair is not None and fair.move in Game("maria", 5).legal_moves(), fair
    choice = Expert(worlds=2, max_states=2_000).choose(Game("maria", 5), rng=1)
    assert choice is not None and choice.move in Game("maria", 5).legal_moves()

    board = Board("maria", 5)
    board.play(board.game.legal_moves()[0])
    board.undo()
    board.play(board.game.legal_moves()[0])
    state = board.state
    assert state["moves"] == 1, state["moves"]
    assert state["session"] == [
        {"variant": "maria", "name": board.game.variant.name, "played": 1, "won": 0, "best": None}
    ], state["session"]

    # the lessons' tables need no pandas either
    from ft_widget.teaching import table
    shown = table([{"game": "Maria", "deals": 5}], caption="a table")._repr_mimebundle_()
    assert "<caption" in shown["text/html"] and shown["text/plain"].startswith("a table"), shown

    for what, call in [("board.stats", lambda: board.stats),
                       ("study()", lambda: ft_widget.study("maria", [1], max_states=10)),
                       ("lesson_table()", lambda: __import__("ft_widget.teaching").teaching
                        .lesson_table("maria"))]:
        try:
            call()
        except ImportError as e:
            assert what in str(e) and e.name == "pandas", str(e)
            print("REFUSED", what, "|", e)
        else:
            raise AssertionError(f"{what} worked without pandas")
    assert "pandas" not in sys.modules
    print("OK")
    """
)


def test_playing_needs_no_pandas():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines()[-1] == "OK"
    refused = [line for line in out.stdout.splitlines() if line.startswith("REFUSED")]
    assert len(refused) == 3 and all(INSTALL in line for line in refused), refused


def test_tables_are_dataframes_with_pandas():
    pd = pytest.importorskip("pandas")
    from ft_widget import Board

    board = Board("maria", 5)
    board.play(board.game.legal_moves()[0])
    stats = board.stats
    assert isinstance(stats, pd.DataFrame)
    # then the puzzles' score
    assert list(stats.columns)[:5] == ["variant", "name", "played", "won", "best_moves"]
    row = stats.iloc[0]
    assert (row["variant"], row["played"], row["won"]) == ("maria", 1, 0) and pd.isna(row["best_moves"])

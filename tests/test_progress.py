"""Progress that lasts (issue 35, item 5): tries kept in SQLite, Glicko-2 ratings, the next puzzle
chosen near the rating with missed ones back later, foreign files refused untouched, two writers."""

from __future__ import annotations

import math
import random
import sqlite3
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET

import pytest

import ft_widget
from ft_widget import VARIANTS, Board, puzzles
from ft_widget.training import progress as prog
from ft_widget.training.progress import (
    FIRST_TRY,
    GIVEN_UP,
    LEARNER_START,
    REVIEW_GAPS,
    SOLVED,
    WINDOW,
    Progress,
    Rating,
    after_try,
    choose,
    glicko2,
    progress_chart,
    puzzle_id,
)

SVG = "{http://www.w3.org/2000/svg}"


# ------------------------------------------------------------------------------------ Glicko-2
def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100 and
    1700/300, scoring 1, 0, 0, ends at about 1464.06/151.52/0.05999 (the paper rounds its steps)."""
    after = glicko2(Rating(1500, 200, 0.06), [(Rating(1400, 30, 0.06), 1.0), (Rating(1550, 100, 0.06), 0.0),
                                               (Rating(1700, 300, 0.06), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    idle = glicko2(Rating(1500, 200, 0.06), [])  # no games: only the deviation grows (step 6)
    assert idle.rating == 1500
    assert idle.deviation == pytest.approx(math.hypot(200 / 173.7178, 0.06) * 173.7178)


def test_the_ratings_move_the_right_way():
    learner, puzzle = Rating(1600, 120, 0.06), Rating(1600, 120, 0.06)
    up, beaten = after_try(learner, puzzle, FIRST_TRY)
    down, held = after_try(learner, puzzle, GIVEN_UP)
    even, _ = after_try(learner, puzzle, SOLVED)
    assert up.rating > 1600 > down.rating and beaten.rating < 1600 < held.rating
    assert even.rating == pytest.approx(1600, abs=0.01)  # a solve with help is a draw: equal sides stay
    hard_win, _ = after_try(learner, Rating(1900, 120, 0.06), FIRST_TRY)
    assert hard_win.rating - 1600 > up.rating - 1600  # beating a harder puzzle gains more
    assert up.deviation < 120 and down.deviation < 120  # every try is evidence
    floor, _ = after_try(Rating(1600, 30, 0.01), puzzle, FIRST_TRY)  # sure of itself: held at the floor
    assert floor.deviation == prog.MIN_DEVIATION


def test_a_puzzle_starts_from_its_grade_unless_its_data_rates_it():
    run = puzzles("maria")
    for p in run:  # the shipped puzzles carry ratings from the fair expert's and sampled players' runs
        assert prog.start_rating(p).rating == p.rating

    class Graded:
        difficulty, rating = "hard", None
    assert prog.start_rating(Graded()).rating == prog.GRADE_RATINGS["hard"]

    class Rated:
        difficulty, rating = "hard", 1234
    assert prog.start_rating(Rated()).rating == 1234.0
    every = [p for v in VARIANTS for p in puzzles(v)]
    assert len({puzzle_id(p) for p in every}) == len(every)  # one id a shipped puzzle, in every game
    assert puzzle_id(run[0]) == f"maria/{run[0].deal}-{len(run[0].moves)}"  # the position, not a file index


# ------------------------------------------------------------------------------------ choosing
RATINGS = {f"maria/{i}": 1300.0 + 50 * i for i in range(20)}  # 1300 … 2250


def test_the_next_puzzle_is_near_the_rating_and_deterministic():
    for rating in (1300, 1500, 1777, 2200):
        picks = {choose(RATINGS, [], rating, random.Random(seed)) for seed in range(40)}
        assert all(abs(RATINGS[p] - rating) <= WINDOW for p in picks) and len(picks) > 1
    again = [choose(RATINGS, [], 1600, random.Random(7)) for _ in range(5)]
    assert len(set(again)) == 1  # the same seed, history and rating choose alike
    shuffled = dict(reversed(list(RATINGS.items())))
    assert choose(shuffled, [], 1600, random.Random(7)) == again[0]  # whatever the dict's order


def _serve(history: list, ratings: dict, rating: float, seed: int, misses: set) -> str:
    chosen = choose(ratings, history, rating, random.Random(seed))
    history.append((chosen, GIVEN_UP if chosen in misses else FIRST_TRY))
    return chosen


def test_a_missed_puzzle_comes_back_at_growing_gaps():
    history = [("maria/5", GIVEN_UP)]
    served = [_serve(history, RATINGS, 1550, seed, set()) for seed in range(REVIEW_GAPS[0])]
    assert "maria/5" not in served  # not before a few others …
    assert _serve(history, RATINGS, 1550, 99, set()) == "maria/5"  # … then due, now solved first try
    served = [_serve(history, RATINGS, 1550, seed, set()) for seed in range(REVIEW_GAPS[1])]
    assert "maria/5" not in served
    assert _serve(history, RATINGS, 1550, 5, set()) == "maria/5"  # after a longer gap
    # missed again: back to the first gap
    history[-1] = ("maria/5", SOLVED)
    assert prog.review_state(history)["maria/5"] == (0, REVIEW_GAPS[0])


def test_a_solved_puzzle_waits_until_the_unseen_near_the_rating_run_out():
    near = [p for p, r in RATINGS.items() if abs(r - 1500) <= WINDOW]
    history, served = [], []
    for seed in range(len(near)):
        served.append(_serve(history, RATINGS, 1500, seed, set()))
    assert sorted(served) == sorted(near)  # every unseen one near the rating first, each once
    nxt = _serve(history, RATINGS, 1500, 0, set())
    assert nxt != served[-1]  # then the nearest (a solved one again), never the one just served
    assert abs(RATINGS[nxt] - 1500) <= WINDOW
    assert choose({"maria/0": 1500.0}, [("maria/0", FIRST_TRY)], 1500, random.Random(0)) == "maria/0"


# ------------------------------------------------------------------------------------ the file
def test_a_try_is_kept_and_both_ratings_move(tmp_path):
    path = tmp_path / "p.sqlite"
    progress = Progress(path)
    assert not path.exists()  # opening and reading make no file
    assert progress.history() == [] and progress.rating("maria") == LEARNER_START
    row = progress.record("maria/3", "maria", FIRST_TRY, seconds=12.5, theme="free a column",
                          start=Rating(1700, 200, 0.06))
    assert row["rating"] > 1500 and row["puzzle_rating"] == 1700
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert con.execute("PRAGMA application_id").fetchone()[0] == prog.APPLICATION_ID
    con.close()
    (kept,) = Progress(path).history("maria")
    assert {k: kept[k] for k in ("puzzle", "variant", "theme", "outcome", "wrong", "clues", "seconds")} == {
        "puzzle": "maria/3", "variant": "maria", "theme": "free a column", "outcome": FIRST_TRY,
        "wrong": 0, "clues": 0, "seconds": 12.5}
    assert Progress(path).rating("maria").rating == pytest.approx(row["rating"])
    assert Progress(path).ratings("puzzle")["maria/3"].rating < 1700
    assert Progress(path).history("lucas") == [] and Progress(path).rating("lucas") == LEARNER_START


@pytest.mark.parametrize(("field", "change"), [
    ("seconds", {"seconds": math.nan}), ("seconds", {"seconds": -1}), ("seconds", {"seconds": math.inf}),
    ("wrong", {"wrong": -1}), ("clues", {"clues": -2}), ("clues", {"clues": 1.0}),
    ("variant", {"variant": "chess"}), ("puzzle", {"puzzle": "lucas/1"}), ("outcome", {"outcome": "won"}),
    ("outcome", {"outcome": FIRST_TRY, "wrong": 1}), ("theme", {"theme": 3}),
])
def test_bad_input_is_refused_naming_the_field_and_changes_nothing(tmp_path, field, change):
    path = tmp_path / "p.sqlite"
    progress = Progress(path)
    progress.record("maria/1", "maria", SOLVED, wrong=1)
    before = path.read_bytes()
    args = {"puzzle": "maria/2", "variant": "maria", "outcome": SOLVED, **change}
    with pytest.raises(ValueError, match=field):
        progress.record(args.pop("puzzle"), args.pop("variant"), args.pop("outcome"), **args)
    assert path.read_bytes() == before and len(progress.history()) == 1


def _foreign(path):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (body TEXT)")
    con.execute("INSERT INTO notes VALUES ('mine')")
    con.commit()
    con.close()


def _ours_altered(version: int | None = None, drop_column: bool = False):
    def make(path):
        Progress(path).record("maria/1", "maria", GIVEN_UP)
        con = sqlite3.connect(path)
        if version is not None:
            con.execute(f"PRAGMA user_version = {version}")
        if drop_column:
            con.execute("ALTER TABLE tries DROP COLUMN theme")
        con.commit()
        con.close()
    return make


NOT_OURS = "not an ft_widget progress file"


@pytest.mark.parametrize(("make", "says"), [
    (lambda p: p.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20), NOT_OURS),
    (lambda p: p.write_bytes(b"a notebook's notes, not a database\n" * 50), NOT_OURS),
    (_foreign, "application_id is 0"),
    (_ours_altered(version=7), "layout 7"),
    (_ours_altered(drop_column=True), "table 'tries'"),
], ids=["corrupt", "text", "foreign", "newer", "altered"])
def test_a_file_not_ours_is_refused_and_left_untouched(tmp_path, make, says):
    path = tmp_path / "p.sqlite"
    make(path)
    before = path.read_bytes()
    for attempt in (lambda: Progress(path), lambda: ft_widget.progress(path),
                    lambda: progress_chart(path), lambda: Board.training("maria", progress=path)):
        with pytest.raises(ValueError, match=says) as error:
            attempt()
        assert str(path) in str(error.value) and "untouched" in str(error.value)
    assert path.read_bytes() == before
    assert sorted(f.name for f in tmp_path.iterdir()) == ["p.sqlite"]  # no side file either


WRITER = textwrap.dedent("""
    import pathlib, sys, time
    from ft_widget.training.progress import FIRST_TRY, GIVEN_UP, Progress
    path, who, n, folder = sys.argv[1], sys.argv[2], int(sys.argv[3]), pathlib.Path(sys.argv[4])
    (folder / f"ready-{who}").touch()
    while not (folder / "go").exists():  # both begin together, once both are loaded
        time.sleep(0.001)
    progress = Progress(path)
    for i in range(n):
        progress.record(f"maria/{i % 7}", "maria", FIRST_TRY if i % 2 else GIVEN_UP, theme=who, seconds=i)
        time.sleep(0.005)  # a learner's tries come apart: without a pause one writer takes every turn
""")


def test_two_kernels_writing_one_file_lose_nothing(tmp_path):
    import time

    path, n = tmp_path / "shared.sqlite", 100
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), who, str(n), str(tmp_path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for who in "ab"]
    deadline = time.monotonic() + 120
    while not all((tmp_path / f"ready-{who}").exists() for who in "ab") and time.monotonic() < deadline:
        time.sleep(0.01)
    (tmp_path / "go").touch()
    for w in writers:
        _, err = w.communicate(timeout=240)
        assert w.returncode == 0, err
    rows = Progress(path).history()
    assert len(rows) == 2 * n
    expected = sorted((who, float(i)) for who in "ab" for i in range(n))
    assert sorted((r["theme"], r["seconds"]) for r in rows) == expected
    writers_in_turn = [r["theme"] for r in rows]
    switches = sum(a != b for a, b in zip(writers_in_turn, writers_in_turn[1:], strict=False))
    assert switches >= 2, "the two writers did not overlap: this test tested nothing"
    ratings = Progress(path).ratings("puzzle")
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as con:
        counts = dict(con.execute("SELECT kind, sum(tries) FROM ratings GROUP BY kind").fetchall())
    con.close()
    assert counts == {"learner": 2 * n, "puzzle": 2 * n} and len(ratings) == 7  # every update kept


# ------------------------------------------------------------------------------------ reading back
def _some_tries(path):
    progress = Progress(path)
    for i, (theme, outcome) in enumerate([("columns", FIRST_TRY), ("columns", GIVEN_UP), ("stock", FIRST_TRY),
                                          (None, SOLVED)]):
        progress.record(f"maria/{i}", "maria", outcome, theme=theme, seconds=3, clues=int(outcome == SOLVED))
    progress.record("lucas/0", "lucas", FIRST_TRY, theme="columns")


def test_progress_is_rows_without_pandas(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite"
    _some_tries(path)
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas fails, as where it is not installed
    rows = ft_widget.progress(path)
    assert isinstance(rows, list) and len(rows) == 5 and list(rows[0]) == list(prog.COLUMNS)
    assert [r["outcome"] for r in rows] == [FIRST_TRY, GIVEN_UP, FIRST_TRY, SOLVED, FIRST_TRY]
    assert ft_widget.progress(tmp_path / "none.sqlite") == [] and not (tmp_path / "none.sqlite").exists()


def test_progress_is_a_dataframe_with_pandas(tmp_path):
    pd = pytest.importorskip("pandas")
    path = tmp_path / "p.sqlite"
    _some_tries(path)
    frame = ft_widget.progress(path)
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == list(prog.COLUMNS)
    assert list(frame.variant) == ["maria"] * 4 + ["lucas"] and frame.rating.iloc[0] > 1500
    assert list(ft_widget.progress(tmp_path / "none.sqlite").columns) == list(prog.COLUMNS)


def test_the_chart_has_one_bar_per_theme_and_game(tmp_path):
    path = tmp_path / "p.sqlite"
    _some_tries(path)
    picture = progress_chart(path)
    svg = ET.fromstring(picture.svg)
    bars = [r for r in svg.iter(f"{SVG}rect") if r.get("fill") == prog.BAR]
    assert len(bars) == 4  # Lucas: columns; Maria: columns, no theme, stock (games in VARIANTS order)
    widths = [float(b.get("width")) for b in bars]
    assert widths == [260.0, 130.0, 0.0, 260.0]  # Lucas 1 of 1; Maria 1 of 2, 0 of 1, 1 of 1 (of 260 px)
    words = [t.text for t in svg.iter(f"{SVG}text")]
    assert "1 of 2 (50%)" in words and prog.NO_THEME in words and "Lucas" in words
    assert "data:image/svg+xml;base64," in picture._repr_mimebundle_()["text/html"]  # shows unrun
    maria = ET.fromstring(progress_chart(path, variant="maria").svg)
    assert len([r for r in maria.iter(f"{SVG}rect") if r.get("fill") == prog.BAR]) == 3
    empty = progress_chart(tmp_path / "none.sqlite")
    assert "No puzzle tries recorded yet." in empty.text and not (tmp_path / "none.sqlite").exists()
    with pytest.raises(ValueError, match="variant"):
        progress_chart(path, variant="chess")


def test_the_chart_names_each_theme_in_the_players_language(tmp_path):
    """A learner reads "Keep an empty column", not the data's key, and in French reads French."""
    from ft_widget import i18n
    from ft_widget.training.themes import theme_name

    path = tmp_path / "p.sqlite"
    Progress(path).record("maria/0", "maria", FIRST_TRY, theme="keep_an_empty_column")
    Progress(path).record("maria/1", "maria", SOLVED)

    def words(**kwargs):
        return [t.text for t in ET.fromstring(progress_chart(path, **kwargs).svg).iter(f"{SVG}text")]

    english = words()
    assert "Keep an empty column" in english and "keep_an_empty_column" not in english
    assert english[0] == "Puzzles solved first try, by theme" and "1 of 1 (100%)" in english
    with i18n.using("fr"):
        french, name = words(variant="maria"), theme_name("keep_an_empty_column")
        assert name != "Keep an empty column" and name in french
        assert french[0] != "Puzzles solved first try, by theme: Maria" and "Maria" in french[0]
        assert i18n.gettext(prog.NO_THEME) in french and not set(french) & set(english) - {"Maria"}


# ------------------------------------------------------------------------------------ the board
def test_a_training_board_records_and_a_restart_continues(tmp_path):
    path = tmp_path / "p.sqlite"
    board = Board.training("maria", progress=path)
    puzzle = board.current_puzzle
    assert board.state["puzzle"]["progress"] == "puzzle 1 · your Maria rating 1500"
    # a new learner (1500) meets an unseen puzzle near that rating first (the data's rating, which
    # counts the sampled players too, so a puzzle graded hard by the experts alone can be one)
    assert abs(prog.start_rating(puzzle.training).rating - 1500) <= WINDOW
    board.play(puzzle.answers[0])
    (row,) = Progress(path).history()
    assert row["puzzle"] == puzzle_id(puzzle.training) and row["outcome"] == FIRST_TRY
    assert row["wrong"] == 0 and row["clues"] == 0 and row["seconds"] >= 0 and row["rating"] > 1500
    state = board.state
    assert state["puzzle"]["solved"] and state["puzzle"]["next"] is True
    assert state["puzzle"]["progress"] == f"puzzle 1 · your Maria rating {row['rating']:.0f}"
    assert state["message"].startswith("Solved")  # the verdict stays on the message line
    second = board.next_puzzle()
    assert second.training is not puzzle.training  # a solved puzzle is not served straight again
    board.clue()
    board.next_puzzle()  # left with a clue and no move: given up
    rows = Progress(path).history()
    assert [(r["outcome"], r["clues"]) for r in rows] == [(FIRST_TRY, 0), (GIVEN_UP, 1)]
    assert rows[1]["rating"] < rows[0]["rating"]
    # a restart (a new kernel's board on the same file) continues: the rating and history are there
    again = Board.training("maria", progress=path)
    assert again.state["puzzle"]["progress"] == f"puzzle 1 · your Maria rating {rows[1]['rating']:.0f}"
    assert again.current_puzzle.training not in (puzzle.training, second.training)
    assert len(Progress(path).history()) == 2  # serving records nothing until solved or left


def test_the_default_file_is_in_the_data_directory_and_false_keeps_none(tmp_path, monkeypatch):
    monkeypatch.setenv("FT_WIDGET_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("FT_WIDGET_PROGRESS")
    board = Board.training("maria", progress=False)
    board.play(board.current_puzzle.answers[0])
    board.next_puzzle()
    assert not (tmp_path / "data").exists() and board.state["puzzle"]["progress"].startswith("puzzle 2 of ")
    board = Board.training("maria")
    board.play(board.current_puzzle.answers[0])
    assert len(ft_widget.progress()) == 1 and (tmp_path / "data" / prog.FILE_NAME).is_file()
    with pytest.raises(ValueError, match="progress must be a file path"):
        Board.training("maria", progress=3)
    monkeypatch.setenv("FT_WIDGET_PROGRESS", "off")
    board = Board.training("maria")
    board.next_puzzle()
    assert len(ft_widget.progress()) == 1  # switched off: kept nowhere


def test_the_docs_say_the_modules_figures():
    """docs/training.md's "Your progress" states the constants the module uses."""
    import pathlib

    page = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "training.md").read_text(encoding="utf-8")
    text = " ".join(page.split("## Your progress", 1)[1].split("\n## ", 1)[0].split())
    grades = prog.GRADE_RATINGS
    assert (f"A new learner starts at {LEARNER_START.rating:.0f}; a puzzle at {grades['easy']:.0f} (easy), "
            f"{grades['medium']:.0f} (medium) or {grades['hard']:.0f} (hard)") in text
    gaps = REVIEW_GAPS
    assert (f"({gaps[0]} tries after the miss, then {', '.join(map(str, gaps[1:-1]))} and {gaps[-1]} after "
            f"each first try of it), else an unseen one within {WINDOW:.0f} points") in text
    assert (prog.SCORES[FIRST_TRY], prog.SCORES[SOLVED], prog.SCORES[GIVEN_UP]) == (1, 0.5, 0)
    assert "a first try scoring 1, a solve with help ½, giving up 0" in text
    assert f"{prog.ENV_SWITCH}=off" in text and prog.ENV_DIR in text


def test_a_try_that_cannot_be_written_is_said_and_the_run_stays(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite"
    board = Board.training("maria", progress=path)
    Progress(path).record("maria/0", "maria", GIVEN_UP)  # the file exists
    puzzle = board.current_puzzle
    monkeypatch.setattr(prog, "BUSY_SECONDS", 0.1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another kernel holding the file too long
    try:
        with pytest.raises(ValueError, match="could not be recorded in .*p.sqlite"):
            board.next_puzzle()
        assert board.current_puzzle is puzzle and board.state["puzzle"]["progress"].startswith("puzzle 1 ·")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    board.next_puzzle()
    assert [r["outcome"] for r in Progress(path).history()] == [GIVEN_UP, GIVEN_UP]
    assert board.state["puzzle"]["progress"].startswith("puzzle 2 ·")


def test_the_switch_to_wal_waits_for_another_kernels_write(tmp_path):
    # The window two kernels met in CI: one made the file and, before it switched the file to WAL,
    # the other began writing. SQLite refuses that switch at once ("database is locked"), without
    # the busy handler; the switch must wait for the write, as every other statement does.
    import threading

    from ft_widget.training.progress import _to_wal

    path = tmp_path / "p.sqlite"
    maker = sqlite3.connect(path, isolation_level=None, timeout=30)
    maker.execute("CREATE TABLE t (x)")
    other = sqlite3.connect(path, isolation_level=None, timeout=30, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(sqlite3.OperationalError, match="locked"):  # the trap, as SQLite sets it
        maker.execute("PRAGMA journal_mode = WAL")
    threading.Timer(0.2, lambda: other.execute("COMMIT")).start()
    _to_wal(maker)
    assert maker.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert maker.execute("SELECT x FROM t").fetchall() == [(1,)]  # the other kernel's write kept
    other.close()
    blocked = sqlite3.connect(path, isolation_level=None, timeout=30)
    maker.execute("PRAGMA journal_mode = DELETE")
    blocked.execute("BEGIN IMMEDIATE")
    with pytest.raises(sqlite3.OperationalError, match="WAL"):  # a lock never let go: a clear error
        _to_wal(maker, seconds=0.2)
    blocked.execute("ROLLBACK")
    maker.close()
    blocked.close()

"""Progress that lasts (issue 35, item 5): tries kept in SQLite, Glicko-2 ratings, the next puzzle
chosen near the rating with missed ones back later, foreign files refused untouched, two writers."""

from __future__ import annotations

import math
import random
import re
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
    rated = round(prog.start_rating(puzzle.training).rating)  # the puzzle's own rating, shown too
    assert board.state["puzzle"]["progress"] == f"puzzle 1, rated {rated} · your Maria rating 1500"
    # a new learner (1500) meets an unseen puzzle near that rating first (the data's rating, which
    # counts the sampled players too, so a puzzle graded hard by the experts alone can be one)
    assert abs(prog.start_rating(puzzle.training).rating - 1500) <= WINDOW
    board.play(puzzle.answers[0])
    (row,) = Progress(path).history()
    assert row["puzzle"] == puzzle_id(puzzle.training) and row["outcome"] == FIRST_TRY
    assert row["wrong"] == 0 and row["clues"] == 0 and row["seconds"] >= 0 and row["rating"] > 1500
    state = board.state
    assert state["puzzle"]["solved"] and state["puzzle"]["next"] is True
    change = round(row["rating"] - 1500)  # what this puzzle moved the rating by, signed
    assert state["puzzle"]["progress"] == (f"puzzle 1, rated {rated} · your Maria rating {row['rating']:.0f} "
                                           f"(+{change} after the last puzzle)") and change > 0
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
    assert again.state["puzzle"]["progress"].endswith(f" · your Maria rating {rows[1]['rating']:.0f}")
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
    low, high = prog.RATING_BOUNDS
    assert f"ratings stay between {low:.0f} and {high:.0f}" in text


# ------------------------------------------------------------------------------------ the file under attack
def test_a_file_held_by_another_program_never_holds_the_boards(tmp_path, monkeypatch):
    """A file held by another program (an SQLite browser with unsaved edits): solving and Next go
    on at once, the tries wait in line (said on the panel) and are written, in order, once the
    file is free; the lock every board changes under is never held while waiting."""
    import threading

    from ft_widget.board import shared

    path = tmp_path / "p.sqlite"
    Progress(path).record("maria/0", "maria", GIVEN_UP)  # the file exists, in WAL
    board = Board.training("maria", progress=path)
    first = board.current_puzzle
    monkeypatch.setattr(prog, "BUSY_SECONDS", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program's unsaved edits: it holds the write lock
    try:
        board.play(first.answers[0])
        assert board.state["puzzle"]["solved"] and board.state["message"].startswith("Solved")
        assert board.state["puzzle"]["progress"].endswith("1 try waits to be recorded")
        free = []  # while the writer waits for the file, another board may change

        def another_board():
            free.append(shared.CHANGES.acquire(timeout=5))
            if free[-1]:
                shared.CHANGES.release()

        waiter = threading.Thread(target=another_board)
        waiter.start()
        waiter.join()
        assert free == [True]
        second = board.next_puzzle()  # Next is not held up either
        assert board.current_puzzle is second
        assert board.state["puzzle"]["progress"].startswith("puzzle 2, rated ")
        board.next_puzzle()  # the second, left: given up, behind the first in line
        assert board.state["puzzle"]["progress"].endswith("2 tries wait to be recorded")
        assert [r["outcome"] for r in Progress(path).history()] == [GIVEN_UP]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert board._puzzles.writer.flush(30)
    rows = Progress(path).history()
    assert [(r["puzzle"], r["outcome"]) for r in rows] == [
        ("maria/0", GIVEN_UP), (puzzle_id(first.training), FIRST_TRY), (puzzle_id(second.training), GIVEN_UP)]
    assert "wait" not in board.state["puzzle"]["progress"]  # the panel's count went


def test_a_file_being_written_is_read_as_it_was_never_refused(tmp_path):
    """Opening the file while another kernel writes it: the reader waits for SQLite's lock and
    reads the file whole, never half-written (which it then called "not a progress file")."""
    import threading

    path = tmp_path / "p.sqlite"
    Progress(path).record("maria/0", "maria", GIVEN_UP)
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("PRAGMA journal_mode = DELETE")  # a file written in place (WAL reads never wait)
    writer.execute("PRAGMA cache_size = 1")  # pages spill into the file before the commit
    writer.execute("BEGIN IMMEDIATE")
    for i in range(300):
        writer.execute("INSERT INTO tries (at, variant, puzzle, theme, outcome, wrong, clues, seconds, "
                       "rating, puzzle_rating) VALUES ('2026-01-01', 'maria', ?, ?, 'given up', 0, 0, 0, "
                       "1500, 1500)", (f"maria/{i}", "x" * 500))
    threading.Timer(0.5, lambda: writer.execute("COMMIT")).start()
    assert len(Progress(path).history()) == 301  # waited for the commit, and read it whole
    writer.close()


def test_a_live_file_is_checked_with_what_it_holds_not_its_disk_image(tmp_path):
    """Another program keeps the file open (so the WAL is not merged back): what was committed is
    still in the ``-wal`` file. A check that reads the main file alone (an immutable read, as
    before) saw no tables there and refused the learner's file as "not ours"."""
    path = tmp_path / "p.sqlite"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("PRAGMA wal_autocheckpoint = 0")
    Progress(path).record("maria/0", "maria", GIVEN_UP)  # made while the other program holds it open
    try:
        assert [r["puzzle"] for r in Progress(path).history()] == ["maria/0"]
        board = Board.training("maria", progress=path)
        board.play(board.current_puzzle.answers[0])
        assert len(Progress(path).history()) == 2
    finally:
        other.close()


KILLED_WRITING = textwrap.dedent("""
    import os, sqlite3, sys
    con = sqlite3.connect(sys.argv[1], isolation_level=None)
    con.execute("PRAGMA journal_mode = DELETE")  # as a kernel killed before its switch to WAL left it
    con.execute("PRAGMA cache_size = 1")
    con.execute("BEGIN IMMEDIATE")
    for i in range(300):
        con.execute("INSERT INTO tries (at, variant, puzzle, theme, outcome, wrong, clues, seconds, rating, "
                    "puzzle_rating) VALUES ('2026-01-01', 'maria', 'maria/1', ?, 'given up', 0, 0, 0, 1, 1)",
                    ("x" * 500,))
    os._exit(9)  # killed mid-write: a hot journal beside a half-written file
""")


def test_a_kernel_killed_while_writing_leaves_a_file_the_next_one_mends(tmp_path):
    path = tmp_path / "p.sqlite"
    Progress(path).record("maria/0", "maria", GIVEN_UP)
    subprocess.run([sys.executable, "-c", KILLED_WRITING, str(path)], check=False)
    assert (tmp_path / "p.sqlite-journal").stat().st_size > 0  # the kill left its journal (hot)
    board = Board.training("maria", progress=path)  # reads first: rolls the journal back
    assert [r["puzzle"] for r in Progress(path).history()] == ["maria/0"]
    board.play(board.current_puzzle.answers[0])
    assert [r["outcome"] for r in Progress(path).history()] == [GIVEN_UP, FIRST_TRY]
    with sqlite3.connect(path) as con:  # the switch the killed kernel never made is made
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_reading_leaves_no_file_beside_it(tmp_path):
    path = tmp_path / "p.sqlite"
    _some_tries(path)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["p.sqlite"]
    Progress(path).history(), ft_widget.progress(path), progress_chart(path), Progress(path).standing("maria")
    Board.training("maria", progress=path)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["p.sqlite"]  # no -wal, no -shm


READ_ONLY = textwrap.dedent("""
    import json, sys, pathlib
    import ft_widget
    from ft_widget import Board
    path = pathlib.Path(sys.argv[1])
    said = {}
    try:
        said["rows"] = len(ft_widget.progress(path))
        board = Board.training("maria", progress=path)
        said["rating"] = board.state["puzzle"]["progress"]
        board.play(board.current_puzzle.answers[0])  # cannot be written here: said, the run goes on
        said["message"] = board.state["message"]
        said["next"] = board.next_puzzle() is board.current_puzzle
    except Exception as e:
        said["error"] = f"{type(e).__name__}: {e}"
    print(json.dumps(said))
""")


def _read_only(folder, script, path):
    """Run ``script`` on ``path`` with ``folder`` read-only: a read-only bind mount in a mount
    namespace of its own as root (for whom permissions are no bar), the folder's mode otherwise."""
    import json
    import os
    import shutil

    if os.geteuid() == 0:
        if not shutil.which("unshare") or subprocess.run(["unshare", "-m", "true"]).returncode:
            pytest.skip("as root, a read-only folder needs a mount namespace (unshare -m)")
        cmd = ["unshare", "-m", "sh", "-c", 'mount --bind -o ro "$1" "$1" && shift && exec "$@"', "sh",
               str(folder), sys.executable, "-c", script, str(path)]
    else:
        folder.chmod(0o555)
        cmd = [sys.executable, "-c", script, str(path)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "FT_WIDGET_PROGRESS": "on"})
    finally:
        folder.chmod(0o755)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_read_only_place_is_read_and_a_try_there_is_said_not_raised(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "p.sqlite"
    _some_tries(path)
    said = _read_only(folder, READ_ONLY, path)
    assert "error" not in said, said["error"]
    assert said["rows"] == 5 and said["rating"].startswith("puzzle 1, rated ")
    assert "cannot be written here" in said["message"] and said["next"] is True
    assert sorted(f.name for f in folder.iterdir()) == ["p.sqlite"] and len(Progress(path).history()) == 5


def test_a_half_made_change_in_a_read_only_place_is_refused_in_words(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "p.sqlite"
    Progress(path).record("maria/0", "maria", GIVEN_UP)
    subprocess.run([sys.executable, "-c", KILLED_WRITING, str(path)], check=False)
    said = _read_only(folder, READ_ONLY, path)
    assert said["error"].startswith("ValueError: ") and "half-made" in said["error"], said
    assert "untouched" in said["error"] and (folder / "p.sqlite-journal").exists()


def test_ratings_far_apart_stay_numbers(tmp_path):
    path = tmp_path / "p.sqlite"
    with pytest.raises(ValueError, match="start: a rating must be a Rating from 100 to 4000"):
        Progress(path).record("maria/1", "maria", FIRST_TRY, start=Rating(1e6, 200, 0.06))
    assert not path.exists()
    with pytest.raises(ValueError, match="glicko2: a rating must be"):
        glicko2(Rating(1500, 200, 0.06), [(Rating(math.inf, 200, 0.06), 1.0)])
    # the bounds themselves, as far apart as they go: finite, inside
    for outcome in (FIRST_TRY, GIVEN_UP):
        for a, b in ((100, 4000), (4000, 100)):
            after = after_try(Rating(a, 350, 0.06), Rating(b, 50, 0.06), outcome)
            assert all(math.isfinite(x) for r in after for x in (r.rating, r.deviation, r.volatility))
            assert all(100 <= r.rating <= 4000 and 50 <= r.deviation <= 350 for r in after)
    # a file edited to hold inf (and not a number): read as the nearest bound, training goes on
    Progress(path).record("maria/1", "maria", FIRST_TRY)
    with sqlite3.connect(path) as con:
        con.execute("UPDATE ratings SET rating = 9e999 WHERE kind = 'learner'")
        con.execute("UPDATE ratings SET deviation = -9e999, volatility = -1 WHERE kind = 'puzzle'")
    con.close()
    assert Progress(path).rating("maria").rating == 4000
    board = Board.training("maria", progress=path)
    assert board.state["puzzle"]["progress"].endswith("rating 4000")
    board.play(board.current_puzzle.answers[0])
    board.next_puzzle()
    rows = Progress(path).history()
    assert len(rows) == 2 and all(100 <= r["rating"] <= 4000 for r in rows)


def test_a_full_disk_is_said_as_a_full_disk(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite"
    Progress(path).record("maria/0", "maria", GIVEN_UP)
    before = path.read_bytes()
    connect = sqlite3.connect

    def full(*args, **kwargs):  # SQLite's own "database or disk is full" (SQLITE_FULL), as on a full disk
        con = connect(*args, **kwargs)
        pages = con.execute("PRAGMA page_count").fetchone()[0]
        con.execute(f"PRAGMA max_page_count = {pages}")
        return con

    monkeypatch.setattr(sqlite3, "connect", full)
    for written in range(1, 200):  # the file's free room first, then its pages are full  # noqa: B007
        before = path.read_bytes()
        try:
            Progress(path).record("maria/1", "maria", FIRST_TRY, theme="x" * 100)
        except ValueError as error:
            assert re.search(r"the disk holding .*p.sqlite is full: the try could not be recorded",
                             str(error))
            break
    else:
        pytest.fail("the file never filled")
    monkeypatch.undo()
    assert len(Progress(path).history()) == written and path.read_bytes() == before  # nothing half-written


def test_a_puzzle_is_judged_on_whichever_board_of_its_game_the_move_is_made(tmp_path):
    path = tmp_path / "p.sqlite"
    board = Board.training("maria", progress=path)
    puzzle = board.current_puzzle
    other = Board(board.game)  # a second board on the same Game (a documented use)
    other.play(puzzle.answers[0])
    assert puzzle.solved and board.state["puzzle"]["solved"]
    board.next_puzzle()
    assert [r["outcome"] for r in Progress(path).history()] == [FIRST_TRY]  # not "given up"


def test_the_chart_stays_well_formed_whatever_a_theme_holds(tmp_path):
    path = tmp_path / "p.sqlite"
    for k, theme in enumerate(("bell\x07and\x00nul", "<b>&amp;</b>", "fine")):
        Progress(path).record(f"maria/{k}", "maria", FIRST_TRY, theme=theme)
    with pytest.raises(ValueError, match="theme must be"):  # a lone surrogate cannot be stored at all
        Progress(path).record("maria/1", "maria", FIRST_TRY, theme="\ud800 lone")
    chart = progress_chart(path)
    texts = [t.text for t in ET.fromstring(chart.svg).iter(f"{SVG}text")]
    assert "bell\ufffdand\ufffdnul" in texts and "<b>&amp;</b>" in texts


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


def test_the_chart_and_the_table_count_each_puzzle_once_and_say_names(tmp_path):
    """A puzzle served again after a miss is practice: the chart counts it once, by its first try;
    progress() names the theme in words and rounds the ratings to whole points."""
    path = tmp_path / "p.sqlite"
    Progress(path).record("maria/1-100", "maria", GIVEN_UP, theme="keep_an_empty_column")
    Progress(path).record("maria/1-100", "maria", FIRST_TRY, theme="keep_an_empty_column")
    Progress(path).record("maria/2-100", "maria", FIRST_TRY, theme="keep_an_empty_column")
    assert prog.by_theme(Progress(path).history()) == [("maria", "keep_an_empty_column", 1, 2)]
    rows = prog.progress(path)
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    assert {r["theme"] for r in rows} == {prog.theme_name("keep_an_empty_column")}
    assert all(isinstance(r["rating"], int) and isinstance(r["puzzle_rating"], int) for r in rows)
    raw = Progress(path).history()
    assert [r["rating"] for r in rows] == [round(r["rating"]) for r in raw]


def test_a_training_run_of_one_theme(tmp_path):
    from ft_widget.training.themes import THEMES

    fair = [p for p in puzzles("maria") if p.fair_decision]
    theme = max(THEMES, key=lambda t: sum(p.theme == t for p in fair))
    board = Board.training("maria", progress=False, theme=theme)
    served = board._puzzles.run
    assert served and {p.theme for p in served} == {theme}
    assert len(served) == sum(p.theme == theme for p in fair)
    with pytest.raises(ValueError, match="theme must be one of"):
        Board.training("maria", progress=False, theme="no_such_theme")
    missing = next(t for t in THEMES if not any(p.theme == t for p in fair))
    with pytest.raises(ValueError, match="its puzzles train"):
        Board.training("maria", progress=False, theme=missing)


def test_switching_game_on_a_training_board_stays_in_training(tmp_path, monkeypatch):
    """The board's game menu (the browser sets ``variant``): a training board trains the new game,
    with the same progress file; the puzzle left is recorded first, as Next records it."""
    path = tmp_path / "p.sqlite"
    board = Board.training("maria", progress=path)
    left = board.current_puzzle.training
    board.set_state({"variant": "streets"})
    puzzle = board.current_puzzle
    assert board.game.variant.id == "streets" and puzzle is not None and puzzle.training.fair_decision
    assert board.state["puzzle"]["progress"].startswith("puzzle 1, rated ")
    assert [(r["puzzle"], r["outcome"]) for r in Progress(path).history()] == [(left.id, GIVEN_UP)]
    board.play(puzzle.answers[0])
    assert Progress(path).history()[-1]["variant"] == "streets"
    import ft_widget.board.puzzle_runs as runs

    real = runs.training_run

    def none_fair(variant, theme=None):  # a game with no fair puzzle yet (Rank and File had none)
        if variant == "rank_and_file":
            raise ValueError("none is a fair decision yet")
        return real(variant, theme)

    monkeypatch.setattr(runs, "training_run", none_fair)
    board.set_state({"variant": "rank_and_file"})  # no fair puzzle: a game, and why
    assert board.current_puzzle is None and board.game.variant.id == "rank_and_file"
    assert board.state["message"].startswith("No Rank and File puzzle is a fair decision yet")
    free = Board("maria")  # a board that runs no training deals a game, as before
    free.set_state({"variant": "streets"})
    assert free.current_puzzle is None and free.game.variant.id == "streets"


def test_the_panel_offers_the_themes_and_the_browser_chooses_one():
    """state["puzzle"]["themes"]: [theme, name, puzzles] of the game's fair puzzles; the browser's
    {"action": "theme"} trains one (or every theme with null); a bad one is refused, nothing
    changed."""
    board = Board.training("maria", progress=False)
    offered = board.state["puzzle"]["themes"]
    fair = [p for p in puzzles("maria") if p.fair_decision]
    assert [t for t, _, _ in offered] == [t for t in prog.THEMES if any(p.theme == t for p in fair)]
    assert all(n == sum(p.theme == t for p in fair) and name == prog.theme_name(t) for t, name, n in offered)
    assert board.state["puzzle"]["theme"] is None
    theme = offered[-1][0]
    board.set_state({"request": {"id": 1, "action": "theme", "theme": theme}})
    assert board.state["puzzle"]["theme"] == theme and board.current_puzzle.training.theme == theme
    assert board._puzzles.run and all(p.theme == theme for p in board._puzzles.run)
    shown = board.current_puzzle
    for k, bad in enumerate(("no_such_theme", 7, ["x"]), 2):
        board.set_state({"request": {"id": k, "action": "theme", "theme": bad}})
        assert board.state["message_kind"] == "error" and board.current_puzzle is shown
    board.set_state({"request": {"id": 9, "action": "theme", "theme": None}})
    assert board.state["puzzle"]["theme"] is None and len(board._puzzles.run) == len(fair)
    with pytest.raises(ValueError, match="runs no training"):
        Board("maria").train_theme("deal_on")

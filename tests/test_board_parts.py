"""The board's parts, each on its own: saving (lock, temporary files, the records kept), the games
left behind, review mode (off the shared lock, stoppable, refusing alike) and training runs.

Each test here reproduces an attack that lost or corrupted a player's game before the board was
split into parts (issue 30); the comment says what happened then.
"""

from __future__ import annotations

import errno
import json
import os
import threading

import pytest
from test_widget import Browser, quiet, saved_game  # noqa: F401 (quiet: the fixture every test uses)

from ft_widget import Board, Game
from ft_widget.board import MAX_LEFT_BEHIND, SaveFileInUse, reviewing
from ft_widget.board.games import LeftBehind
from ft_widget.board.protocol import REVIEW_COMPUTING
from ft_widget.training import ReviewStopped

pytestmark = pytest.mark.usefixtures("quiet")  # nothing reaches the kernel's log


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


# --------------------------------------------------------------------------- the lock
def test_a_lock_file_that_cannot_be_opened_in_a_writable_folder_is_someone_elses(tmp_path, monkeypatch):
    # Before: a lock owned by another user (EACCES) was read as "read-only folder", locking was
    # skipped, two processes both resumed and one player's move was lost.
    path = tmp_path / "game.json"
    Board("maria", deal=5, autosave=path).close()
    real_open = os.open

    def not_ours(name, flags, *args, **kwargs):
        if str(name).endswith(".game.json.lock"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", not_ours)
    with pytest.raises(SaveFileInUse, match=r"lock .game.json.lock can't be opened: Permission denied"):
        Board.resume(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_at_the_lock_name_is_refused_in_words_and_leaks_no_descriptor(tmp_path):
    # Before: a raw OSError, and a file descriptor leaked on every try.
    path = tmp_path / "game.json"
    Board("maria", deal=5, autosave=path).close()
    os.mkfifo(tmp_path / ".game.json.lock")
    before = open_descriptors()
    for _ in range(20):
        with pytest.raises(SaveFileInUse, match="is not a regular file"):
            Board.resume(path)
    assert open_descriptors() == before


def test_the_next_save_removes_the_temporary_files_a_killed_save_left(tmp_path):
    # Before: 109 .NAME.*.tmp files after 200 kills mid-save, and nothing cleaned them.
    path = tmp_path / "game.json"
    orphans = [tmp_path / f".game.json.{name}.tmp" for name in ("abcd1234", "zz_9yy8x")]
    names = (".game.json.x.abcd1234.tmp", "notes.tmp", ".other.json.abcd1234.tmp")
    others = [tmp_path / name for name in names]
    for f in orphans + others:
        f.write_text("{")
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    assert not any(f.exists() for f in orphans)
    assert all(f.exists() for f in others)  # only the temporary files of this save's own name
    assert len(saved_game(path).history) == 1
    board.close()


@pytest.mark.parametrize("version", ["true", "1.0", '"1"'])
def test_a_save_whose_version_is_not_the_int_1_is_refused(tmp_path, version):
    path = tmp_path / "game.json"
    Board("maria", deal=5, autosave=path).close()
    text = path.read_text().replace('"version": 1,', f'"version": {version},', 1)
    path.write_text(text)
    with pytest.raises(ValueError, match="save version"):
        Board.resume(path)
    assert path.read_text() == text  # only read


def test_a_save_with_a_key_twice_is_refused(tmp_path):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    board.close()
    document = path.read_text()
    path.write_text(document.replace('"previous": []', '"previous": [], "previous": []'))
    with pytest.raises(ValueError, match="previous"):
        Board.resume(path)


# --------------------------------------------------------------------------- the records kept
def test_a_game_left_behind_and_played_on_another_board_is_saved_as_it_is(tmp_path):
    # Before: the left game's record was kept by its length, so after an undo and a different
    # move the autosave kept the old moves.
    path = tmp_path / "game.json"
    left = Game("maria", deal=5)
    saver = Board(left, autosave=path)
    saver.play("8>2")
    saver.new_game(deal=6)  # `left` is left behind (and saved with the new game)
    other = Board(left)  # a second board on the same Game (a documented use)
    other.undo()
    other.play("s>w")  # as many moves as before, different ones
    saver.play("s>w")  # the saver saves again
    previous = json.loads(path.read_text())["previous"]
    assert previous[0]["moves"] == ["s>w"]
    saver.close()


# --------------------------------------------------------------------------- the games left behind
def test_a_board_keeps_the_last_games_left_behind_and_says_which_it_let_go(tmp_path):
    # Before: every game was kept (and saved): after 5,000 New deals each action took 23 ms, not 2.
    path = tmp_path / "game.json"
    board = Board("maria", deal=1, autosave=path)
    for deal in range(2, MAX_LEFT_BEHIND + 4):
        board.play("s>w")
        board.new_game(deal=deal)
    assert len(board._left.games) == MAX_LEFT_BEHIND
    assert "is no longer kept" in board.state["message"] and "last 20 games" in board.state["message"]
    assert len(json.loads(path.read_text())["previous"]) == MAX_LEFT_BEHIND
    assert board.state["session"][0]["played"] == MAX_LEFT_BEHIND + 2  # the counts keep every game
    board.close()


def test_left_behind_keeps_only_games_played_and_not_won():
    left = LeftBehind(2)
    untouched, a, b, c = (Game("maria", deal=d) for d in range(1, 5))
    for g in (a, b, c):
        g.play("s>w")
    left.keep(untouched)
    assert left.games == []
    for g in (a, b, c):
        left.keep(g)
    assert left.games == [b, c] and "Maria game (deal 2, 1 move) is no longer kept" in left.words("", a)
    left.take(b)
    assert left.games == [c]


def test_a_bad_rng_is_refused_at_the_door():
    # Before: Board(..., rng=[1]) raised a TypeError from inside random.
    with pytest.raises(ValueError, match="Board: rng must be"):
        Board("maria", difficulty="easy", rng=[1])


# --------------------------------------------------------------------------- review mode
@pytest.fixture
def held_review(monkeypatch):
    """A review that waits for ``release`` (or its stop event) before it answers, as a long one does."""
    release, started = threading.Event(), threading.Event()
    real = reviewing.review_game

    def slow_review(game, *, stop, progress, **options):
        started.set()
        while not release.wait(0.01):
            if stop.is_set():
                raise ReviewStopped(0, len(game.history))
        return real(game, progress=progress, stop=stop, worlds=2, max_states=500, solver_states=5_000)

    monkeypatch.setattr(reviewing, "review_game", slow_review)
    return release, started


def test_a_review_in_progress_blocks_no_other_board(held_review):
    # Before: a review held the lock every board shares: a move on another board waited 19 s.
    release, started = held_review
    board, other = Board("maria", deal=5), Board("maria", deal=6)
    board.play("8>2")
    worker = threading.Thread(target=board.review)
    worker.start()
    assert started.wait(30)
    mover = threading.Thread(target=other.play, args=("s>w",))
    mover.start()
    mover.join(30)
    assert not mover.is_alive() and len(other.game.history) == 1  # played while the review thinks
    release.set()
    worker.join(60)
    assert board.review_open


def test_every_request_during_a_review_is_refused_alike_and_stop_ends_it(held_review, monkeypatch):
    # Before: auto_home switched on during a review played a move and closed it; a review of a long
    # game ran in the message handler for minutes and could not be stopped.
    release, started = held_review
    board = Board("maria", deal=5)
    board.play("8>2")
    browser = Browser(board, monkeypatch)
    browser.update(request={"id": 0, "action": "review", "step": 1})  # answered at once …
    assert started.wait(30) and board.review_computing
    assert board.state["reviewing"] == {"percent": 0}  # … the browser shows how far, and Stop
    for k, (action, fields) in enumerate([("move", {"move": "s>w"}), ("undo", {}), ("new", {}),
                                          ("hint", {}), ("review", {"step": 0}), ("autoplay", {})], 1):
        browser.update(request={"id": k, "action": action, **fields})
        assert board.state["message"] == REVIEW_COMPUTING and board.state["ack"] == k
    browser.update(auto_home=True)
    assert not board.auto_home and len(board.game.history) == 1
    browser.update(request={"id": 10, "action": "review_stop"})
    assert board.wait_for_review(30)
    assert board.state["message"] == "Review stopped." and board.state["reviewing"] is None
    assert not board.review_open and len(board.game.history) == 1
    browser.update(request={"id": 11, "action": "move", "move": "s>w"})  # playing again
    assert len(board.game.history) == 2


def test_a_review_of_a_game_changed_meanwhile_is_returned_not_shown(held_review):
    release, started = held_review
    board = Board("maria", deal=5)
    board.play("8>2")
    result = []
    worker = threading.Thread(target=lambda: result.append(board.review()))
    worker.start()
    assert started.wait(30)
    board.play("s>w")  # from code, while the review thinks
    release.set()
    worker.join(60)
    assert len(result[0].steps) == 1 and not board.review_open
    assert "changed while it was reviewed" in board.state["message"]


def test_cancel_stops_a_review_called_from_code(held_review):
    release, started = held_review
    board = Board("maria", deal=5)
    board.play("8>2")
    errors = []

    def run():
        try:
            board.review()
        except ReviewStopped as error:
            errors.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    assert started.wait(30)
    assert board.cancel() and not Board("maria", deal=1).cancel()
    worker.join(30)
    assert errors and not board.review_computing and board.state["message"] == "Review stopped."


# --------------------------------------------------------------------------- training runs
def test_a_training_board_keeps_the_game_left_for_the_next_puzzle():
    # Before: New deal, 3 moves, Next puzzle, Undo said "There is no move to undo": the game was gone.
    board = Board.training("maria")
    board.new_game(deal=5)
    for move in ("8>2", "s>w", "s>w"):
        board.play(move)
    dealt = board.game
    board.next_puzzle()
    assert board.current_puzzle is not None and "Undo brings back your Maria game" in board.state["message"]
    board.undo()
    assert board.game is dealt and len(dealt.history) == 3 and board.current_puzzle is None


def test_a_new_deal_on_a_training_board_leaves_the_puzzle(monkeypatch):
    # Before: after New deal the board still showed "Maria puzzle 1", the Hint gave its clue and
    # s>w on the new deal said "Solved".
    board = Board.training("maria")
    puzzle = board.current_puzzle
    browser = Browser(board, monkeypatch)
    browser.send("move", move=str(puzzle.start.legal_moves()[0]))  # a try: the puzzle's game is kept
    tries = puzzle.tries
    state = browser.send("new", deal=5)
    assert state["puzzle"] is None and board.current_puzzle is None
    state = browser.send("move", move="s>w")
    assert "Solved" not in state["message"] and puzzle.tries == tries and puzzle.clues == 0
    state = browser.send("hint")
    assert puzzle.clues == 0 and state["puzzle"] is None  # a hint, not the puzzle's clue
    browser.send("undo")
    browser.send("undo")  # back to the puzzle's game: the puzzle comes back with it
    assert board.current_puzzle is puzzle and board.state["puzzle"]["title"] == puzzle.title


def test_a_puzzle_judges_waiting_moves_from_its_line_not_by_replaying_the_game():
    # Before: each move replayed the whole history (0.7 ms a move became 15 ms); the line kept now
    # must judge exactly as a replay does, after undos too.
    board = Board.training("forty_thieves")
    puzzle = board.current_puzzle
    start = puzzle.start.copy()
    waiting = [m for m in start.legal_moves() if str(m) in puzzle.waiting]
    if not waiting:
        pytest.skip("this puzzle's start has no waiting move")
    move = waiting[0]
    for _ in range(30):  # shuffle a waiting move back and forth
        board.play(move)
        board.undo()
    board.play(move)
    line = puzzle._before(board.game, board.game.moves_played)
    replay = puzzle.start.copy()
    replay.play(move)
    assert line is not None and line.position() == replay.position()
    assert len(puzzle._line_moves) == 1


def test_a_review_cut_short_by_its_time_budget_opens_at_its_last_step(monkeypatch):
    board = Board("maria", deal=5)
    for move in ("8>2", "s>w", "s>w"):
        board.play(move)
    monkeypatch.setattr(board, "review_options", {"worlds": 2, "max_states": 500, "solver_states": 5_000,
                                                  "time_budget": 1e-9})
    browser = Browser(board, monkeypatch)
    state = browser.send("review", step=3)  # the end of the game, past what the budget reviewed
    assert state["review"] is not None and state["review"]["at"] == len(board.current_review.steps) < 3
    assert "within the time budget" in state["message"]

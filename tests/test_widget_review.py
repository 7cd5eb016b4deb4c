"""The board's review, driven as the browser drives it: requests in, published state out.

``{"action": "review", "step": k}`` opens the review (computing it, with progress messages) and
shows step ``k``: the position before its move, where the move played and the expert's are
drawn as arrows; ``review_close`` leaves it; ``play_from_here`` starts a new
line from the shown position, keeping the reviewed game as New deal keeps one. While the review
is open, moves are refused in words and nothing changes.
"""

from __future__ import annotations

import json

import pytest
from test_safe_home import maria_trap
from test_widget import Browser

from ft_widget import Board, Game, i18n
from ft_widget.board import public_state
from ft_widget.board.protocol import ACTION_KEYS as _ACTION_KEYS
from ft_widget.training.review import SEEING_NOTE
from ft_widget.words import move_words, played_move_words

FAST = {"worlds": 2, "max_states": 1000, "solver_states": 20_000}


@pytest.fixture
def trap_board(monkeypatch):
    """The Maria trap with its losing move played (1>f, then 3>f): a board and its browser."""
    game = maria_trap()
    game.play("1>f")
    game.play("3>f")
    board = Board(game)
    monkeypatch.setattr(board, "review_options", FAST)
    return board, Browser(board, monkeypatch)


def piles(state: dict) -> tuple:
    return json.dumps(state["tableau"]), json.dumps(state["foundations"]), state["moves"]


def test_opening_the_review_shows_the_steps_with_their_words(trap_board):
    board, browser = trap_board
    state = browser.send("review", step=0)
    messages = [s["message"] for s in browser.states()]
    assert any(m.startswith("Reviewing the 2 moves:") for m in messages)  # progress on the board
    review = state["review"]
    assert review["at"] == 0 and review["losing_move"] == 0 and review["alternative"] == "2>f"
    assert review["seeing_note"] == SEEING_NOTE and "sees every card" in review["summary"]
    assert review["strength"] == "default" and "(default strength)" in review["summary"]
    first, second = review["steps"]
    assert first["played"] == "1>f"
    assert first["played_words"] == played_move_words(maria_trap(), board.game.history[0])
    assert first["played_words"] == "5♥ home from column 1"  # a fact, not the advice "put 5♥ home …"
    assert first["expert"] == "2>f" and first["expert_words"] == "put 5♥ home from column 2"
    assert first["mark"] == "losing" and first["verdict_before"] == "won" and first["verdict_after"] == "lost"
    assert first["estimate_played"] == "a win in 0 of 2 worlds"
    assert first["estimate_best"] == "a win in 2 of 2 worlds"
    assert (first["from"], first["to"], first["expert_from"]) == ("1", "f1", "2")  # 5♥ lands on the 4♥
    assert second["verdict_before"] == "lost" and second["index"] == 1
    start = public_state(maria_trap())
    # the piles show the position at "at": the start, with nothing playable
    assert piles(state) == piles(start) and state["legal"] == [] and not state["can_undo"]
    assert [str(m) for m in board.game.history] == ["1>f", "3>f"]  # the game itself is untouched


@pytest.mark.parametrize(("lang", "played", "spoken"), [
    ("lt", "Sužaista:", "Ėjimas 1 iš 2: širdžių penketas iš 1 stulpelio į bazę. Pralaimintis ėjimas."),
    ("sk", "Zahrané:", "Ťah 1 z 2: srdcová päťka zo stĺpca 1 na základňu. Prehrávajúci ťah."),
])
def test_a_review_in_another_language_says_the_played_move_as_a_fact(trap_board, lang, played, spoken):
    """"Played:" is followed by what was played, not by advice ("Sužaista: padėkite …" read as an
    order after the fact); the screen reader says the card's name where the nominative is right."""
    board, browser = trap_board
    board.language = lang
    state = browser.send("review", step=1)
    first = state["review"]["steps"][0]
    assert board.ui["played"] == played
    with i18n.using(lang):
        assert first["played_words"] == played_move_words(maria_trap(), "1>f")
        advice = move_words(maria_trap(), "1>f")
    assert first["played_words"] != advice and advice.split()[0] not in first["played_words"].split()
    assert first["expert_words"] == advice.replace("1", "2")  # the expert's move stays advice
    assert state["spoken"]["review"] == spoken


def test_stepping_moves_the_shown_position_and_bad_steps_change_nothing(trap_board):
    board, browser = trap_board
    browser.send("review", step=0)
    game = maria_trap()
    for k, (move, before) in enumerate([("1>f", None), ("3>f", "1>f")], 1):
        state = browser.send("review", step=k)  # step k: the position before move k
        assert state["review"]["at"] == k and piles(state) == piles(public_state(game))
        assert state["last_move"] == before and state["review"]["steps"][k - 1]["played"] == move
        game.play(move)
    shown = board.state
    for bad in (3, -1, 1.5, "1", True, None, [1]):
        state = browser.send("review", step=bad)
        assert state["message_kind"] == "error"
        assert "'step' must be a whole number from 0 to 2" in state["message"]
        assert state["review"]["at"] == 2 and piles(state) == piles(shown)
    state = browser.send("review")  # no step: stays where it is
    assert state["review"]["at"] == 2


def test_moves_are_refused_in_words_while_reviewing(trap_board):
    board, browser = trap_board
    browser.send("review", step=1)
    record = board.game.record()
    for action, fields in [("move", {"move": "2>f"}), ("moves", {"moves": ["2>3"]}), ("undo", {}),
                           ("redo", {}), ("restart", {}), ("hint", {}), ("autoplay", {})]:
        state = browser.send(action, **fields)
        assert state["message_kind"] == "error" and "Play from here" in state["message"], action
        assert state["review"]["at"] == 1
    assert board.game.record() == record
    state = browser.send("review", step=1, extra=1)
    assert "has no 'extra' field" in state["message"]


def test_closing_the_review_shows_the_game_again(trap_board):
    board, browser = trap_board
    assert browser.send("review_close")["message"] == "No review is open."
    browser.send("review", step=0)
    kept = board.current_review
    state = browser.send("review_close")
    assert state["review"] is None and piles(state) == piles(public_state(board.game))
    assert state["legal"] == public_state(board.game)["legal"] != [] and board.current_review is None
    # the review is kept for the same game: opening it again computes nothing new
    browser.states()
    again = browser.send("review", step=2)
    assert again["review"]["at"] == 2 and board.current_review is kept
    assert not any(s["message"].startswith("Reviewing") for s in browser.states())


def test_play_from_here_starts_a_new_line_and_keeps_the_reviewed_game(trap_board, tmp_path, monkeypatch):
    board, browser = trap_board
    assert "No review is open" in browser.send("play_from_here")["message"]
    original = board.game
    browser.send("review", step=0)
    state = browser.send("play_from_here")
    assert state["review"] is None and board.game is not original and board.game.history == []
    assert board._left.games[-1] is original and [str(m) for m in original.history] == ["1>f", "3>f"]
    state = browser.send("move", move="2>f")  # the winning line, now
    assert state["message_kind"] != "error" and [str(m) for m in board.game.history] == ["2>f"]
    browser.send("undo")
    state = browser.send("undo")  # at the new line's start: back to the reviewed game
    assert board.game is original and "Back to your" in state["message"]


def test_play_from_here_keeps_the_moves_up_to_the_shown_position(monkeypatch, tmp_path):
    game = Game("lucas", deal=3)
    for move in ["s>w", "s>w", "s>w"]:
        game.play(move)
    board = Board(game, autosave=tmp_path / "game.json")
    monkeypatch.setattr(board, "review_options", FAST)
    browser = Browser(board, monkeypatch)
    browser.send("review", step=3)  # the position before the third move
    state = browser.send("play_from_here")
    assert [str(m) for m in board.game.history] == ["s>w", "s>w"] and board.game.can_undo
    assert state["message"].startswith("A new line from move 3.")
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["game"]["moves"] == ["s>w", "s>w"] and saved["previous"][0]["moves"] == ["s>w"] * 3
    board.close()


def test_a_game_without_moves_has_nothing_to_review(monkeypatch):
    board = Board("maria", deal=5)
    browser = Browser(board, monkeypatch)
    state = browser.send("review")
    assert state["review"] is None and state["message"] == "There is no move to review yet."
    with pytest.raises(ValueError, match="no move"):
        board.review()


def test_the_python_api_and_a_change_from_code_closes_the_review(trap_board):
    board, _ = trap_board
    found = board.review()
    assert board.state["review"]["at"] == 2 and found.losing_move == 0
    board.review_step(1)
    assert board.state["review"]["at"] == 1
    with pytest.raises(ValueError, match="k"):
        board.review_step(7)
    assert board.state["review"]["at"] == 1
    assert board.review() is found  # the same game: not computed again
    board.undo()  # code changes the game: the review no longer applies
    assert board.state["review"] is None
    with pytest.raises(RuntimeError, match="no review"):
        board.play_from_here()
    with pytest.raises(TypeError, match="progress"):
        board.review(progress=False)


def test_the_review_actions_are_listed_with_their_fields():
    assert _ACTION_KEYS["review"] == {"step"}
    assert _ACTION_KEYS["review_close"] == set() and _ACTION_KEYS["play_from_here"] == set()


def test_the_board_marks_the_turning_point_and_says_it():
    """The review's state carries the turning point; its step is marked "turning" (the solver's
    losing move keeps "losing" where they are one), and a screen reader hears it."""
    import random

    from ft_widget.policies import cautious_choice
    from ft_widget.training.puzzles import shipped_puzzle

    p = shipped_puzzle("forty_thieves/85-115")
    game = Game.from_position(p.game.position())
    game.play(p.habit)
    for seed in range(4):
        game.play(cautious_choice(game, random.Random(seed)).move)
    board = Board(game)
    board.review()
    review = board.state["review"]
    assert review["turning_point"] == 0 == review["losing_move"]  # one move: "losing" first
    assert review["steps"][0]["mark"] == "losing"
    assert board.state["message"].startswith("The turning point is move 1.")

"""Board puzzles from any position (ft_widget/puzzle.py, the one judge): each legal move judged once."""

import json

import pytest

from ft_widget import Board, Game
from ft_widget.training.puzzles import Puzzle

# Forty Thieves deal 2 after 177 moves of the solver's winning line (max_states=20000). Here
# the line goes on with 10>4; w>4 instead puts the waste's card where it is needed and the
# solver proves the deal lost (found by trying every other legal move of the line's positions).
LINE = ("8>7 s>w s>w s>w w>7 s>w s>w w>8 5>8 5>4 1>5 2>5 2>f s>w s>w s>w s>w w>9 s>w w>f s>w s>w w>5 "
        "s>w s>w s>w w>f 6>f s>w s>w w>9 s>w w>f s>w w>f 7>f 7>f 7>f 7>1 s>w s>w w>2 s>w w>f s>w s>w "
        "w>f s>w s>w s>w w>f s>w w>f 3>f 6>3 6>f 9>f 9>f 9>f 9>5 s>w s>w w>f 4>f 4>f 7>f 7>8 3>7 3>10 "
        "7>10 s>w w>10 9>7 6>9 1>6 1>7 6>7 1>6 1>3 2>1 2>6 1>6 s>w s>w s>w s>w s>w s>w s>w w>f s>w w>f "
        "s>w w>f s>w w>f s>w w>f s>w s>w w>4 s>w s>w s>w w>3 s>w w>f 9>f 9>f s>w w>f 4>f 4>f 4>6 s>w "
        "w>f 4>f 8>9 8>4 9>4 8>9 8>1 9>1 4>9 4>1 9>1 w>8 w>4 w>9 w>f s>w w>f s>w s>w w>f 2>f s>w w>f "
        "4>f 5>4 5>2 4>2 5>f 5>f 5>f s>w s>w w>2 9>2 w>4 s>w s>w w>9 4>9 w>9 s>w s>w w>f 8>f 8>f w>4 "
        "w>f s>w s>w w>6 s>w w>f 2>f 2>f 2>f 2>f w>2 4>2 s>w w>f 5>f 10>5").split()
RECORD = {"format": "ft_widget.record", "version": 1, "variant": "forty_thieves", "deal": 2,
          "moves": LINE, "undone": []}
BEST, LOSES = "10>4", "w>4"


@pytest.fixture(scope="module")
def puzzle():
    return Board.puzzle(RECORD, goal="keep_winnable", max_states=20_000)


def test_the_judge_tells_winnable_from_lost(puzzle):
    good, bad = puzzle.check(BEST), puzzle.check(LOSES)
    assert (good.verdict, good.solved) == ("winnable", True)
    assert (bad.verdict, bad.solved) == ("lost", False)
    assert "gives up the win" in bad.message and "Undo" in bad.message and LOSES not in bad.message
    assert bad.cards_home is not None and bad.cards_home < 104  # the figure the message says
    assert f"more than {bad.cards_home} of the 104 cards home" in bad.message
    assert puzzle.start.cards_home == Game.from_record(RECORD).cards_home  # check changes nothing


def test_an_illegal_move_is_refused_and_changes_nothing(puzzle):
    before = puzzle.board.game.position()
    verdict = puzzle.check("1>f")
    assert verdict.verdict == "illegal" and verdict.message
    puzzle.board.set_state({"request": {"id": 1, "action": "move", "move": "1>f"}})
    assert puzzle.board.state["message_kind"] == "error"
    assert puzzle.board.game.position() == before and not puzzle.verdicts


def test_moves_on_the_board_get_feedback(puzzle):
    board = puzzle.board
    puzzle.reset()
    assert board.state["puzzle"]["prompt"].startswith("Puzzle: 11 moves are legal; find one that keeps")
    assert board.state["message"] == ""  # the prompt shows once: in the puzzle panel
    assert board.game.history == []  # the puzzle starts fresh: Restart comes back here
    board.set_state({"request": {"id": 2, "action": "move", "move": LOSES}})
    assert board.state["message_kind"] == "error" and "gives up the win" in board.state["message"]
    assert not puzzle.solved
    board.set_state({"request": {"id": 3, "action": "undo"}})
    board.set_state({"request": {"id": 4, "action": "move", "move": BEST}})
    assert board.state["message"].startswith("Solved:") and puzzle.solved
    assert [v.verdict for v in puzzle.verdicts] == ["lost", "winnable"]
    puzzle.reset()
    assert board.game.history == [] and not puzzle.solved and not puzzle.verdicts


def test_show_answer(puzzle):
    """Every winning move is an answer: here (an empty column) every move but the waste's keeps
    the win, so this position is a judged position, not a shipped puzzle."""
    answers = puzzle.show_answer()
    assert BEST in answers and LOSES not in answers and LOSES in puzzle.losing
    state = puzzle.board.state  # the last clue names every answer, in the puzzle panel only
    assert all(a in state["puzzle"]["clue"] for a in answers) and not state["message"]
    assert all(puzzle.check(a).verdict == "winnable" for a in answers)
    game = puzzle.start.copy()
    for move in puzzle.answer():
        game.play(move)
    assert game.is_won  # the answer is a real win, replayed through the engine


def test_win_goal_plays_to_the_end():
    game = Game.from_record(RECORD)
    puzzle = Board.puzzle(game, goal="win", max_states=20_000)
    for move in puzzle.answer():
        puzzle.board.play(move)
    assert puzzle.board.game.is_won and puzzle.solved
    assert puzzle.verdicts[-1].verdict == "won"
    assert all(v.verdict in ("winnable", "won") for v in puzzle.verdicts)


def test_unknown_within_the_budget_is_said_so(puzzle):
    tight = Puzzle(puzzle.start, goal="keep_winnable", max_states=20_000)
    tight.max_states = 1
    verdict = tight.check("s>w", game=Game("forty_thieves", deal=2))  # from the opening deal
    assert verdict.verdict == "unknown" and "could not tell" in verdict.message
    assert verdict.max_states == 1 and "states" not in verdict.message  # the budget is data, not words


def test_bad_puzzles_are_refused():
    with pytest.raises(ValueError, match="unknown goal"):
        Puzzle(RECORD, goal="lose")
    with pytest.raises(ValueError, match="max_states"):
        Puzzle(RECORD, max_states=0)
    with pytest.raises(ValueError, match="Game, a position or a record"):
        Puzzle(42)
    with pytest.raises(ValueError):
        Puzzle("{not json")
    lost = Game.from_record(RECORD)
    lost.play(LOSES)
    with pytest.raises(ValueError, match="not a fair puzzle"):
        Puzzle(lost)


def test_position_json_is_a_start():
    game = Game.from_record(RECORD)
    puzzle = Puzzle(json.dumps(game.position()), goal="keep_winnable")
    assert puzzle.start.position() == Game.from_position(game.position()).position()

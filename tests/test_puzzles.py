"""The shipped puzzles (ft_widget.puzzles) keep issue 22's conditions, and the board serves them.

Every condition is recounted here from the replayed position with the engine: the cards not
home, the legal moves, every legal move judged (an answer or a loss), at most a third winning,
each answer's stored solver line replayed to a win, the habit move among the losses. The proofs
of loss are asked of the solver again, with the file's budget, in the slow test.
"""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from ft_widget import VARIANTS, Board, Game, puzzles
from ft_widget.policies import foundations_first
from ft_widget.solver import solve
from ft_widget.training.puzzles import DIFFICULTIES, MIN_LEGAL, MIN_NOT_HOME, Puzzle, grade, provenance

SHIPPED = {v: puzzles(v) for v in VARIANTS}
ALL = [(v, p) for v, ps in SHIPPED.items() for p in ps]
IDS = [f"{v}-{p.number}" for v, p in ALL]


def test_every_file_has_its_provenance():
    for variant in VARIANTS:
        text = (resources.files("ft_widget") / "data" / "puzzles" / f"{variant}.json").read_text("utf-8")
        data = json.loads(text)
        assert data["format"] == "ft_widget.puzzles" and data["variant"] == variant
        run = provenance(variant)
        assert {"command", "max_states", "date", "commit", "expert_runs", "habit_player"} <= set(run)
        assert run["command"].startswith("nice -n 10 python tools/make_puzzles.py")
        assert run["habit_player"] == "foundations_first"


@pytest.mark.parametrize(("variant", "puzzle"), ALL, ids=IDS)
def test_the_conditions_hold(variant, puzzle):
    game = puzzle.game
    assert game.variant.id == variant and game.deal == puzzle.deal
    assert [str(m) for m in game.history] == list(puzzle.moves)  # a real game, replayed from the deal
    legal = [str(m) for m in game.legal_moves()]
    assert 104 - game.cards_home >= MIN_NOT_HOME
    assert len(legal) >= MIN_LEGAL
    assert sorted(puzzle.answers + puzzle.losing) == sorted(legal)  # every legal move judged
    assert 1 <= len(puzzle.answers) <= len(legal) // 3
    assert puzzle.habit in puzzle.losing
    for answer in puzzle.answers:  # each answer wins: its stored line replays to a win
        trial = game.copy()
        trial.play(answer)
        for move in puzzle.lines[answer]:
            trial.play(move)
        assert trial.is_won, answer


@pytest.mark.parametrize(("variant", "puzzle"), ALL, ids=IDS)
def test_the_habit_player_makes_the_losing_move(variant, puzzle):
    """foundations_first picks among its candidates at random: the habit move is one it makes."""
    game = puzzle.game
    choices = {str(foundations_first(game, random.Random(seed))) for seed in range(64)}
    assert puzzle.habit in choices


@pytest.mark.parametrize("variant", VARIANTS)
def test_easiest_first_and_graded(variant):
    shipped = SHIPPED[variant]
    rank = [DIFFICULTIES.index(p.difficulty) for p in shipped]
    assert rank == sorted(rank)
    for p in shipped:
        assert p.difficulty == grade(p.expert_hits, p.expert_runs)
        assert p.explanation and p.answers[0] in " ".join(p.answers) and p.prompt
        assert [p.number for p in shipped] == list(range(1, len(shipped) + 1))


def test_the_figures_of_the_readme():
    """The README's puzzle counts are these."""
    counts = {v: len(ps) for v, ps in SHIPPED.items()}
    assert sum(counts.values()) == sum(len(puzzles(v)) for v in VARIANTS)


def test_bad_variant_names_the_choices():
    with pytest.raises(ValueError, match="forty_thieves"):
        puzzles("solitaire")
    with pytest.raises(ValueError, match="variant must be one of"):
        puzzles(7)
    with pytest.raises(ValueError, match="variant must be one of"):
        Board.training("chess")


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "puzzle"), ALL, ids=IDS)
def test_losing_moves_are_proved_lost_again(variant, puzzle):
    game = puzzle.game
    for move in puzzle.losing:
        trial = game.copy()
        trial.play(move)
        assert solve(trial, time_limit=3600.0, max_states=puzzle.max_states).status == "lost", move


# ---------------------------------------------------------------------------------- the board
def _first() -> tuple[str, object]:
    variant, puzzle = next((v, p) for v, p in ALL)
    return variant, puzzle


def _request(board, rid, action, **fields):
    board.set_state({"request": {"id": rid, "action": action, **fields}})
    return board.state


def test_the_board_judges_clues_and_solves():
    variant, shipped = _first()
    judge = Board.puzzle(shipped)
    board = judge.board
    state = board.state
    assert state["puzzle"]["prompt"] == shipped.prompt and not state["puzzle"]["solved"]
    assert state["message"] == shipped.prompt
    assert board.game.history == [] and not board.game.can_undo  # undo stops at the puzzle's start
    state = _request(board, 1, "hint")  # the Hint button shows a clue, counted
    assert state["puzzle"]["clues"] == 1 and state["puzzle"]["clue"].startswith("Clue:")
    assert state["hint"] is None and shipped.answers[0] not in state["puzzle"]["clue"]
    state = _request(board, 2, "move", move=shipped.habit)  # the habit move: told it loses
    assert state["message_kind"] == "error" and "loses" in state["message"] and "Undo" in state["message"]
    assert not state["puzzle"]["solved"]
    _request(board, 3, "undo")
    state = _request(board, 4, "hint")  # the second clue names every answer
    assert state["puzzle"]["clues"] == 2 and all(a in state["puzzle"]["clue"] for a in shipped.answers)
    state = _request(board, 5, "move", move=shipped.answers[-1])  # any answer solves it
    assert state["puzzle"]["solved"] and state["message"].startswith("Solved:")
    assert judge.tries == 2 and judge.clues == 2
    stats = board.stats
    row = stats[stats.variant == variant].iloc[0]
    assert (row.puzzles, row.puzzles_solved, row.clues, row.tries) == (1, 1, 2, 2)
    assert {"variant", "name", "played", "won", "best_moves"} <= set(stats.columns)  # the old columns stay


def test_show_answer_agrees_with_the_shipped_answers(capsys):
    _, shipped = _first()
    judge = Board.puzzle(shipped)
    assert judge.show_answer() == list(shipped.answers) == shipped.show_answer()
    assert all(a in judge.board.state["message"] for a in shipped.answers)
    assert all(judge.check(a).verdict == "winnable" for a in shipped.answers)
    assert all(judge.check(m).verdict == "lost" for m in shipped.losing)


def test_a_training_run_serves_the_puzzles_easiest_first():
    variant = next(v for v, ps in SHIPPED.items() if len(ps) >= 2)
    run = SHIPPED[variant]
    board = Board.training(variant)
    state = board.state
    assert state["puzzle"]["progress"] == f"puzzle 1 of {len(run)} · score 0"
    assert state["puzzle"]["next"] is False
    state = _request(board, 1, "next_puzzle")  # allowed before solving: skipping is a choice
    assert state["puzzle"]["prompt"] == run[1].prompt
    assert state["puzzle"]["progress"] == f"puzzle 2 of {len(run)} · score 0"
    state = _request(board, 2, "move", move=run[1].answers[0])
    assert state["puzzle"]["solved"] and state["puzzle"]["progress"].endswith("score 1")
    assert state["puzzle"]["next"] is (len(run) > 2)
    frame = board.training_stats
    assert list(frame.solved) == [False, True] and list(frame.tries) == [0, 1]
    state = _request(board, 3, "next_puzzle", deal=3)  # unknown fields are refused
    assert state["message_kind"] == "error" and "no 'deal' field" in state["message"]


def test_next_puzzle_is_refused_outside_a_run_and_after_the_last():
    _, shipped = _first()
    board = Board.puzzle(shipped).board
    state = _request(board, 1, "next_puzzle")
    assert state["message_kind"] == "error" and "runs no training" in state["message"]
    with pytest.raises(ValueError, match="runs no training"):
        board.next_puzzle()
    variant = ALL[0][0]
    run = Board.training(variant)
    for _ in range(len(SHIPPED[variant]) - 1):
        run.next_puzzle()
    with pytest.raises(ValueError, match="the last of the"):
        run.next_puzzle()


def test_a_position_is_judged_by_the_same_rule():
    """Any position goes through the one judge: each legal move solved once."""
    _, shipped = _first()
    judge = Puzzle(shipped.game, max_states=shipped.max_states)
    assert sorted(judge.answers) == sorted(shipped.answers)
    assert sorted(judge.losing) == sorted(shipped.losing)


def test_a_clue_needs_a_puzzle():
    board = Board(Game("maria", deal=5))
    assert board.state["puzzle"] is None
    with pytest.raises(ValueError, match="no puzzle"):
        board.clue()

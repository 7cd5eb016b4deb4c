"""Show me (issue 43, item 3): a puzzle verdict's line stepped through on the board, the cards its
facts name marked; reading never writes (ft_widget/board/showing.py)."""

import copy

import pytest

from ft_widget import Board, Game, i18n, puzzles
from ft_widget.board import view
from ft_widget.board.showing import IN_SHOW, IN_SHOW_REVIEW, NOTHING_TO_SHOW, NOTHING_TO_SHOW_REVIEW
from ft_widget.cards import card_str
from ft_widget.training.puzzles import Puzzle

# Forty Thieves puzzle 1 (deal 140 after 105 moves): w>1 loses, s>w keeps a win (the answer's
# facts speak of its first 7 moves; the line deals from the stock)
SHIPPED = 0
LOSES, ANSWER = "w>1", "s>w"
#: the board's fields that say what it did last, not what it shows
NEWS = {"version", "ack", "message", "message_kind", "spoken", "last_move_text"}


@pytest.fixture
def board():
    i18n.set_language("en")
    shipped = puzzles("forty_thieves")[SHIPPED]
    assert LOSES in shipped.losing and ANSWER in shipped.answers
    yield Board.puzzle(shipped).board
    i18n.set_language(None)


def ask(board, **request):
    ask.n = getattr(ask, "n", 0) + 1
    board.set_state({"request": {"id": ask.n + board.state["ack"] + 1, **request}})
    return board.state


def replayed(board, moves) -> Game:
    """The engine's own replay: the puzzle's start, then ``moves``."""
    game = board.current_puzzle.start.copy()
    for m in moves:
        game.play(m)
    return game


def piles(state) -> dict:
    return {k: state[k] for k in ("tableau", "foundations", "waste", "stock", "moves", "home", "status")}


def holds_there(game: Game, mark: dict) -> bool:
    """The marked card is face up at the mark's place in ``game`` (the check of its own)."""
    pile, k = mark["pile"], mark["index"]
    if mark["card"] is None:
        return mark["kind"] == "empties" and not game.tableau[int(pile) - 1]
    if pile.startswith("f"):
        cards = game.foundations[int(pile[1:]) - 1]
        return k == len(cards) - 1 and card_str(cards[k]) == mark["card"]
    if pile == "w":
        return card_str(game.waste[k]) == mark["card"]
    col = int(pile) - 1
    return game.face_down_counts[col] <= k < len(game.tableau[col]) and \
        card_str(game.tableau[col][k]) == mark["card"]


def check_the_line(board, move: str):
    """Step the line shown from its start to its end and back: each ply's piles are the engine's
    replay of the judged move and the verdict's line, its marks exactly the facts of that ply,
    each at the fact's pile; moves are never offered."""
    puzzle = board.current_puzzle
    verdict = puzzle.verdicts[-1]
    before = list(map(str, board.game.history[:-1]))
    line = [move, *verdict.line]
    shown = board.state["show"]
    n = shown["count"]
    assert shown["at"] == 1 and 1 <= n <= len(line)
    assert n == max(f.ply for f in verdict.facts) or not puzzle.solved
    for k in [*range(n + 1), *range(n, -1, -1)]:
        state = ask(board, action="show", step=k)
        show = state["show"]
        assert show["at"] == k and show["count"] == n
        game = replayed(board, before + line[:k])
        assert piles(state) == piles(view.public_state(game))
        assert state["legal"] == [] and not state["can_undo"] and not state["can_redo"]
        assert state["stock"] == {"count": len(game.stock)}  # the stock as a count only
        assert show["move"] == (line[k - 1] if k else None)
        assert show["where"] == (f"Move {k} of {n}" if k else "Before your move")
        facts = [f for f in verdict.facts if f.ply == k]
        assert sorted((m["kind"], m["card"], m["pile"][0] if m["pile"][0] == "f" else m["pile"])
                      for m in show["marks"]) == sorted((f.kind, f.card, f.pile) for f in facts)
        assert all(holds_there(game, m) for m in show["marks"])
    return n


def test_show_me_steps_the_lost_moves_line_and_marks_its_facts(board):
    board.play(LOSES)
    assert board.state["puzzle"]["show"] is True
    state = ask(board, action="show")
    assert state["show"]["count"] == 1
    assert state["show"]["move_words"] == "6♠ from the waste into empty column 1"
    assert {m["card"] for m in state["show"]["marks"]} == {"6S", "9C"}
    check_the_line(board, LOSES)


def test_show_me_steps_the_answers_line_and_marks_its_facts(board):
    board.play(ANSWER)
    assert board.current_puzzle.solved
    ask(board, action="show")
    assert check_the_line(board, ANSWER) == 7
    ask(board, action="show", step=7)
    assert board.state["show"]["marks"] == [{"kind": "empties", "card": None, "pile": "9", "index": None}]
    assert (board.state["show"]["from"], board.state["show"]["to"]) == ("9", "1")


def test_back_to_the_puzzle_restores_it_and_nothing_was_written(board, tmp_path):
    board.play(LOSES)
    puzzle = board.current_puzzle
    before = copy.deepcopy(board.state)
    record = board.game.record()
    kept = (puzzle.tries, puzzle.wrong_tries, list(puzzle.verdicts), puzzle.solved, puzzle.clues)
    ask(board, action="show")
    for k in (0, 1, 0):
        ask(board, action="show", step=k)
    assert board.game.record() == record  # reading never writes
    state = ask(board, action="show_close")
    assert state["show"] is None
    def kept_fields(s):
        return {k: v for k, v in s.items() if k not in NEWS}

    assert kept_fields(state) == kept_fields(before)
    assert (puzzle.tries, puzzle.wrong_tries, list(puzzle.verdicts), puzzle.solved, puzzle.clues) == kept
    assert board.game.record() == record
    ask(board, action="undo")  # Undo and the rest work as before
    assert board.game.moves_played == 0 and board.state["legal"]


def test_a_training_run_records_nothing_while_showing(tmp_path):
    file = tmp_path / "progress.sqlite"
    board = Board.training("forty_thieves", progress=file)
    puzzle = board.current_puzzle
    wrong = next(m for m in puzzle.losing)
    board.play(wrong)
    stamp = file.read_bytes() if file.exists() else None
    board.show_me()
    for k in range(board._shows.line.count + 1):
        board.show_step(k)
    board.close_show()
    assert (file.read_bytes() if file.exists() else None) == stamp
    assert puzzle.tries == 1 and not puzzle.solved


@pytest.mark.parametrize("request_", [
    {"action": "move", "move": "s>w"}, {"action": "moves", "moves": ["1>2"]}, {"action": "undo"},
    {"action": "redo"}, {"action": "restart"}, {"action": "hint"}, {"action": "autoplay"},
    {"action": "review", "step": 0}, {"action": "play_from_here"},
])
def test_moves_are_refused_while_showing(board, request_):
    board.play(LOSES)
    ask(board, action="show")
    record, shown = board.game.record(), board.state["show"]
    state = ask(board, **request_)
    assert state["message"] == IN_SHOW and state["message_kind"] == "error"
    assert board.game.record() == record and state["show"] == shown and not board.review_open


def test_auto_home_is_refused_while_showing(board):
    board.play(LOSES)
    board.show_me()
    record = board.game.record()
    board.auto_home = True
    assert board.auto_home is False and board.state["message"] == IN_SHOW
    board.set_state({"auto_home": True})  # the browser's switch
    assert board.auto_home is False and board.state["message"] == IN_SHOW
    assert board.game.record() == record and board.showing


@pytest.mark.parametrize(("request_", "said"), [
    ({"action": "show", "step": 2}, "'step' must be a whole number from 0 to 1"),
    ({"action": "show", "step": -1}, "'step' must be a whole number from 0 to 1"),
    ({"action": "show", "step": True}, "'step' must be a whole number from 0 to 1"),
    ({"action": "show", "step": "1"}, "'step' must be a whole number from 0 to 1"),
    ({"action": "show", "step": None}, "'step' must be a whole number from 0 to 1"),
    ({"action": "show", "at": 1}, "a 'show' request has no 'at' field"),
    ({"action": "show_close", "step": 0}, "a 'show_close' request has no 'step' field"),
])
def test_bad_show_requests_are_refused_and_change_nothing(board, request_, said):
    board.play(LOSES)
    ask(board, action="show")
    record, shown = board.game.record(), board.state["show"]
    state = ask(board, **request_)
    assert said in state["message"] and state["message_kind"] == "error"
    assert board.game.record() == record and state["show"] == shown


def test_show_requests_without_a_line_are_refused(board):
    state = ask(board, action="show")  # no move judged yet
    assert state["message"] == NOTHING_TO_SHOW and state["show"] is None
    assert state["puzzle"]["show"] is False
    assert "no line is shown" in ask(board, action="show_close")["message"]
    board.play(LOSES)
    state = ask(board, action="show", step=0)  # a step opens nothing
    assert "Show me (no 'step') opens one" in state["message"] and state["show"] is None
    with pytest.raises(ValueError, match="no line is shown"):
        board.show_step(0)
    plain = Board("maria", deal=5)
    assert ask(plain, action="show")["message"] == NOTHING_TO_SHOW
    with pytest.raises(ValueError, match="nothing to show"):
        plain.show_me()


def test_a_change_of_the_game_ends_the_showing(board):
    board.play(LOSES)
    board.show_me()
    board.undo()  # from code: the line shown was of the game before
    assert not board.showing and board.state["show"] is None and board.game.moves_played == 0


def test_an_open_puzzle_shows_no_card_the_player_has_not_seen():
    """A line shown while the puzzle is open stops before its first deal: the solver's line was
    played with the real stock."""
    shipped = puzzles("forty_thieves")[SHIPPED]
    board = Puzzle(shipped, goal="win").attach(Board(shipped.game.copy())).board
    board.play(ANSWER)
    assert not board.current_puzzle.solved and "s>w" in board.current_puzzle.verdicts[-1].line[:6]
    line = board.show_me()
    assert line.count == 1  # the answer alone: the line's next move deals
    board.show_step(1)
    game = replayed(board, [ANSWER])
    assert board.state["waste"] == view.public_state(game)["waste"]


def test_show_me_speaks_the_boards_language():
    shipped = puzzles("forty_thieves")[SHIPPED]
    board = Board.puzzle(shipped).board
    board.language = "fr"
    board.play(LOSES)
    board.show_me()
    assert board.state["show"]["where"] == "Coup 1 sur 1"
    ask(board, action="move", move="s>w")
    with i18n.using("fr"):
        assert board.state["message"] == i18n.gettext(IN_SHOW) != IN_SHOW


def test_show_me_at_a_review_step_steps_its_line_and_returns_to_the_review():
    """Issue 43 item 3: at a review step, Show me shows the move played (before it, after it, the
    cards its facts name marked) or, at the losing move, the solver's better move and its line, with
    the same code as after a puzzle verdict; Back returns to the review at that step."""
    from test_safe_home import maria_trap

    game = maria_trap()
    for m in ("1>f", "3>f"):
        game.play(m)
    board = Board(game)
    r = board.review(rng=1, worlds=3, max_states=1500, solver_states=20_000)
    record = board.game.record()
    state = ask(board, action="review", step=0)
    assert ask(board, action="show")["message"] == NOTHING_TO_SHOW_REVIEW and state["show"] is None
    for at in (2, 1):  # the second move played, then the losing move (its better line)
        ask(board, action="review", step=at)
        step = r.steps[at - 1]
        assert board.state["review"]["steps"][at - 1]["show"] is True
        state = ask(board, action="show")
        show = state["show"]
        assert show["back"] == "review" and state["review"] is None  # the review's bar waits
        shown = step.shown
        line = [str(shown.move), *shown.line]
        assert show["move"] == line[0] and (shown is step) == (at == 2)
        for k in range(show["count"] + 1):
            state = ask(board, action="show", step=k)
            there = r.position(step.index)
            for m in line[:k]:
                there.play(m)
            assert piles(state) == piles(view.public_state(there)) and state["legal"] == []
            facts = [f for f in shown.facts if f.ply == k]
            assert sorted((m["kind"], m["card"]) for m in state["show"]["marks"]) == \
                sorted((f.kind, f.card) for f in facts)
            assert all(holds_there(there, m) for m in state["show"]["marks"])
        assert ask(board, action="review", step=0)["message"] == IN_SHOW_REVIEW  # Back first
        state = ask(board, action="show_close")
        assert state["show"] is None and state["review"]["at"] == at  # the review where it was
    assert board.game.record() == record  # reading never writes
    board.show_me()
    board.close_review()  # leaving the review ends a line shown over it
    assert not board.showing and board.state["review"] is None

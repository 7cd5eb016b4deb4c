"""A game's lesson on the board (``Board.lesson``, ``lesson_steps``): rules with the case where
they bend, each shown on a fair decision, checked here against the position itself."""

import pytest

from ft_widget import VARIANTS, Board, Move, lesson_rules, lesson_steps, puzzles
from ft_widget.game import FOUNDATION, WASTE
from ft_widget.rules import can_build
from ft_widget.training.lessons import LESSONS, TESTS, LessonRule
from ft_widget.training.themes import THEMES

#: The games whose fair puzzles hold a lesson of at least 6 steps of at least 3 rules (issue 44);
#: the others are short of fair positions (issue 45's generator) and say so.
FULL = ("forty_thieves", "indian", "limited", "lucas", "maria", "number_ten", "rank_and_file", "streets")
SHORT = {"little_forty": 1}


def _follows(test: str, game, move: Move) -> bool:
    """The tests of ``TESTS`` said again from the table, independently of the module."""
    empty_dst = move.dst < WASTE and not move.is_deal and not move.is_redeal and not game.tableau[move.dst]
    if test == "home":
        return move.dst == FOUNDATION
    if test == "deal":
        return move.is_deal
    if test == "redeal":
        return move.is_redeal
    if test == "place":
        return move.src == WASTE and move.dst < WASTE and len(game.tableau[move.dst]) > 0
    if test in ("fill", "keep_empty"):
        return empty_dst == (test == "fill")
    if test == "waste_fill":
        return empty_dst and move.src == WASTE
    if test == "play_waste":
        return move.src == WASTE and move.dst < WASTE
    if test == "split":  # one card lifted off the face-up card it is built on
        if not (move.src < WASTE and move.dst < WASTE and move.count == 1):
            return False
        column = game.tableau[move.src]
        return len(column) - 2 >= game.face_down_counts[move.src] and len(column) >= 2 and can_build(
            column[-1], column[-2], game.variant.build)
    if test == "space_dig":  # into an empty column, and the card under the lifted ones lies face down
        column = game.tableau[move.src] if move.src < WASTE else []
        return (move.src < WASTE and empty_dst and len(column) > move.count
                and game.face_down_counts[move.src] >= len(column) - move.count)
    if test == "run":
        return move.src < WASTE and move.dst < WASTE and move.count > 1
    if test == "dig":
        if not (move.src < WASTE and move.dst < WASTE):
            return False
        column, left = game.tableau[move.src], len(game.tableau[move.src]) - move.count
        if left == 0:
            return False
        # a face-down card turned up, or the card left on top is not the base the moved card sat on
        return left <= game.face_down_counts[move.src] or not can_build(column[left], column[left - 1],
                                                                          game.variant.build)
    raise AssertionError(test)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_step_shows_its_rule_or_its_bend_on_the_position(variant):
    for step in lesson_steps(variant):
        game, rule, p = step.puzzle.game, step.rule, step.puzzle
        def against(m, rule=rule, game=game):
            move = Move(m)
            if rule.breaks:
                return _follows(rule.breaks, game, move)
            return not _follows(rule.follows, game, move)

        follows = [_follows(rule.follows, game, Move(m)) for m in p.answers]
        # a bend's answers make the rule's own bend test where it has one (the N10 runs: a split)
        breaks = [_follows(rule.bend, game, Move(m)) if rule.bend else against(m) for m in p.answers]
        # a bend's losing move follows the rule, or makes the bend's own mistake where it names one
        lost_follow = [_follows(rule.bend_loses or rule.follows, game, Move(m)) for m in p.losing]
        lost_break = [against(m) for m in p.losing]
        if step.role == "rule":
            assert all(follows) and any(lost_break), step
        else:
            assert step.role == "bend" and all(breaks) and any(lost_follow), step
        assert p.fair_decision, f"{step}: the verdict must hold over the cards the learner cannot see"


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_steps_in_rule_order_each_puzzle_once(variant):
    steps = lesson_steps(variant)
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    assert all(s.of == len(steps) for s in steps)
    assert len({s.puzzle.id for s in steps}) == len(steps)
    order = [s.rule_number for s in steps]
    assert order == sorted(order)
    for s in steps:
        assert lesson_rules(variant)[s.rule_number - 1] is s.rule
    # a rule's step comes before its bend
    for k in range(1, len(steps)):
        if steps[k].rule is steps[k - 1].rule:
            assert (steps[k - 1].role, steps[k].role) == ("rule", "bend")


@pytest.mark.parametrize("variant", FULL)
def test_six_games_have_six_steps_of_three_rules(variant):
    steps = lesson_steps(variant)
    assert len(steps) >= 6 and len({s.rule.key for s in steps}) >= 3
    assert {"rule", "bend"} <= {s.role for s in steps}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_bend_for_a_place_a_card_on_the_table_needs_shows_one(variant):
    """Where a deal rule bends "when the stock is nearly out and the card would take the place a
    card on the table needs", its bend's position has at most 3 cards in the stock and a losing
    waste card placed where a card of another column could go too."""
    shown = [s for s in lesson_steps(variant)
             if s.role == "bend" and "the place a card on the table needs" in s.rule.bends_id]
    assert bool(shown) == (variant in ("number_ten", "rank_and_file"))  # the bends shipped today
    for step in shown:
        game = step.puzzle.game
        legal = list(game.legal_moves())
        assert len(game.stock) <= 3
        assert any(Move(m).src == WASTE and any(o.src < WASTE and o.dst == Move(m).dst for o in legal)
                   for m in step.puzzle.losing), step


@pytest.mark.parametrize("variant", sorted(SHORT))
def test_the_games_short_of_fair_positions_say_how_short(variant):
    assert len(lesson_steps(variant)) == SHORT[variant]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_theme_of_the_games_puzzles_is_taught_by_a_rule(variant):
    taught = {t for rule in LESSONS[variant] for t in rule.themes}
    assert {p.theme for p in puzzles(variant)} <= taught
    assert len(LESSONS[variant]) >= 3


def test_rules_are_checked_data():
    assert set(LESSONS) == set(VARIANTS)
    with pytest.raises(ValueError, match="a test must be one of"):
        LessonRule("x", "t", "s", "b", "nonsense", ())
    with pytest.raises(ValueError, match="unknown themes"):
        LessonRule("x", "t", "s", "b", "home", ("not_a_theme",))
    assert all(t in THEMES for rules in LESSONS.values() for r in rules for t in r.themes)
    assert set(TESTS) >= {r.follows for rules in LESSONS.values() for r in rules}
    with pytest.raises(ValueError, match="must be one of"):
        lesson_steps("klondike")


def test_a_lesson_on_the_board_judges_says_and_goes_on():
    board = Board.lesson("maria", progress=False)
    steps = lesson_steps("maria")
    first = board.lesson_step
    assert first.number == 1 and first.puzzle.id == steps[0].puzzle.id
    panel = board.state["puzzle"]
    assert panel["lesson"]["heading"] == first.heading and panel["lesson"]["role"] == first.role
    assert panel["lesson"]["words"] == first.rule.says
    assert panel["title"] == "Maria lesson, step 1 of 8" and not panel["next"]
    board.play(first.puzzle.losing[0])
    said = board.state["message"]
    assert "16" in said or "certain" in said, said  # the fair figures, or a position with nothing hidden
    board.undo()
    board.play(first.puzzle.answers[0])
    assert board.state["puzzle"]["solved"] and board.state["puzzle"]["next"]
    board.next_puzzle()
    assert board.lesson_step.number == 2 and board.state["puzzle"]["lesson"]["words"] == steps[1].rule.bends
    for _ in steps[2:]:
        board.play(step_answer := board.lesson_step.puzzle.answers[0])
        assert board.current_puzzle.solved, step_answer
        board.next_puzzle()
    board.play(board.lesson_step.puzzle.answers[0])
    assert not board.state["puzzle"]["next"]
    with pytest.raises(ValueError, match="last of the lesson's 8 steps"):
        board.next_puzzle()


def test_a_lesson_is_kept_with_the_puzzle_progress(tmp_path):
    path = tmp_path / "progress.sqlite"
    board = Board.lesson("lucas", progress=path)
    step = board.lesson_step
    board.play(step.puzzle.answers[0])
    board._puzzles.writer.flush()
    again = Board.lesson("lucas", progress=path)
    assert again.lesson_step.number == 2, "begun again, the lesson goes on where it was left"
    from ft_widget.training.progress import Progress
    assert [row["puzzle"] for row in Progress(path).history("lucas")] == [step.puzzle.id]
    assert "rating" in again.state["puzzle"]["progress"]


def _no_steps_for(monkeypatch, variant: str) -> None:
    """Every game has a step today: a game with none is made by hiding ``variant``'s."""
    import ft_widget.board.puzzle_runs as runs

    real = runs.lesson_steps
    monkeypatch.setattr(runs, "lesson_steps", lambda v: [] if v == variant else real(v))


def test_a_lesson_refuses_what_it_cannot_teach_and_changes_nothing(tmp_path, monkeypatch):
    assert Board.lesson("rank_and_file", progress=False).lesson_step.variant == "rank_and_file"
    _no_steps_for(monkeypatch, "rank_and_file")
    with pytest.raises(ValueError, match="none of the fair puzzles of 'rank_and_file'"):
        Board.lesson("rank_and_file", progress=False)
    with pytest.raises(ValueError, match="Board.lesson: progress must be"):
        Board.lesson("lucas", progress=3)
    with pytest.raises(ValueError, match="must be one of"):
        Board.lesson("nope", progress=False)


def test_the_game_menu_keeps_a_lesson_a_lesson(monkeypatch):
    board = Board.lesson("lucas", progress=False)
    board.set_state({"variant": "streets"})
    assert board.lesson_step is not None and board.lesson_step.variant == "streets"
    board.set_state({"variant": "rank_and_file"})
    assert board.lesson_step is not None and board.lesson_step.variant == "rank_and_file"
    board.set_state({"variant": "streets"})
    _no_steps_for(monkeypatch, "rank_and_file")  # a game whose lesson has no step: a game of it, and why
    board.set_state({"variant": "rank_and_file"})
    assert board.lesson_step is None and board.game.variant.id == "rank_and_file"
    assert "Rank and File" in board.state["message"]

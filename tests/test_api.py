"""The public API's promises: pile names, Move values everywhere, outcomes as strings, the same
argument names and order for Game, Board and new_game, variants checked when made."""

from __future__ import annotations

import inspect
from dataclasses import replace

import pytest

import ft_widget
from ft_widget import (
    FOUNDATION,
    STOCK,
    VARIANTS,
    WASTE,
    Board,
    Build,
    Game,
    Move,
    Outcome,
    Pile,
    play_policy,
    solve,
    study,
)
from ft_widget.rules import BUILDS, get_build


def test_piles_have_names():
    assert (Pile.WASTE, Pile.STOCK, Pile.FOUNDATION) == (WASTE, STOCK, FOUNDATION)
    move = Move.parse("w>f")
    assert move.src == Pile.WASTE and move.dst == Pile.FOUNDATION and move.is_home and move.from_waste
    assert Move.parse("s>w").is_deal and not Move.parse("w>s").is_deal and not Move.parse("3>f").is_deal
    assert Move.parse("w>s").is_redeal and not Move.parse("s>w").is_redeal
    assert Move.parse("3>4").between_columns and not Move.parse("w>4").between_columns


def test_outcomes_are_strings():
    assert Outcome.WON == "won" and str(Outcome.LOST) == "lost" and f"{Outcome.UNKNOWN}" == "unknown"
    game = Game("lucas", 3)
    assert game.outcome is None
    result = solve(game, max_states=20_000)
    assert result.status is Outcome.WON and all(isinstance(m, Move) for m in result.moves)
    for move in result.moves:
        game.play(move)
    assert game.outcome is Outcome.WON


def test_policies_return_moves():
    result = play_policy(Game("maria", 5), "foundations_first", rng=1)
    assert result.status in (Outcome.WON, Outcome.STUCK, Outcome.LOST) and result.moves
    assert all(isinstance(m, Move) for m in result.moves)


def test_game_board_and_new_game_take_variant_then_deal():
    for fn in (Game.__init__, Board.__init__, Board.new_game):
        names = list(inspect.signature(fn).parameters)[1:3]
        assert names == ["variant", "deal"], fn
    board = Board("maria", 5)
    board.new_game("limited", 9)
    assert (board.game.variant.id, board.game.deal) == ("limited", 9)


@pytest.mark.parametrize("change, words", [
    ({"columns": 0}, "columns must be a whole number from 1 to 13"),
    ({"columns": 14}, "columns must be a whole number from 1 to 13"),
    ({"cards_per_column": 11}, "cards_per_column must be a whole number from 1 to 10"),
    ({"face_down": 4}, "face_down must be a whole number from 0 to 3"),
    ({"stock_deal": 0}, "stock_deal must be a whole number from 1 to 104"),
    ({"redeals": -1}, "redeals must be a whole number from 0 to 255"),
    ({"build": "any colour"}, "unknown building rule 'any colour'"),
    ({"sequences": "yes"}, "sequences must be True or False"),
    ({"id": "two words"}, "a variant's id is a name"),
    ({"columns": 2.5}, "columns must be a whole number"),
])
def test_a_variant_checks_its_parameters(change, words):
    with pytest.raises(ValueError, match=words):
        replace(VARIANTS["forty_thieves"], **change)


def test_a_building_rule_is_one_value():
    """A new rule is one Build value: the engine's moves and refusals follow it."""
    from conftest import make_position

    def same_colour(card, onto):
        return (card // 13 in (1, 2)) == (onto // 13 in (1, 2))

    rule = BUILDS.get("same_colour") or Build("same_colour", "same colour",
                                               "you build down in the same colour", same_colour)
    assert get_build("same_colour") is rule and get_build("same colour") is rule
    variant = replace(VARIANTS["streets"], id="same_colour_streets", name="Same-colour Streets",
                      build="same_colour")
    assert variant.build is rule and str(variant.build) == "same colour"
    position = make_position("streets", ["KS 9H", "KS 8D", "KC 8S"])
    game = Game.from_position(position | {"variant": variant.id}, variant)
    assert "2>1" in map(str, game.legal_moves()) and "3>1" not in map(str, game.legal_moves())
    with pytest.raises(ft_widget.IllegalMove, match="Same-colour Streets you build down in the same colour"):
        game.play("3>1")


def test_study_takes_a_variant_of_ones_own():
    wide = replace(VARIANTS["streets"], id="wide_streets", name="Wide Streets", columns=12,
                   cards_per_column=3)
    df = study([wide, "maria"], [1, 2], max_states=2_000, processes=1, progress=False)
    assert list(df.variant) == ["wide_streets"] * 2 + ["maria"] * 2
    assert set(df.result) <= {"won", "lost", "unknown"} and (df.states > 0).all()


def test_the_package_exports_what_the_readme_uses():
    for name in ("Game", "Board", "Move", "Pile", "Outcome", "Variant", "VARIANTS", "Build", "rules",
                 "solve", "hint", "study", "play_policy", "POLICIES"):
        assert hasattr(ft_widget, name), name


def test_a_game_from_piles_of_card_ints_is_checked_like_a_position():
    g = Game("number_ten", deal=4)
    same = Game.from_piles(g.variant, g.tableau, g.face_down_counts, g.foundations, g.waste, g.stock,
                           g.redeals_left)
    assert same.position() == {k: v for k, v in g.position().items() if k != "deal"}
    bad_piles = [
        (dict(tableau=g.tableau[:-1]), "columns"),
        (dict(stock=g.stock[:-1]), "exactly twice"),
        (dict(stock=g.stock[:-1] + [52]), "ints 0–51"),
        (dict(face_down_counts=[4] * 10), "face-down"),
        (dict(redeals_left=1), "redeals_left"),
    ]
    for change, words in bad_piles:
        parts = dict(tableau=g.tableau, face_down_counts=g.face_down_counts, foundations=g.foundations,
                     waste=g.waste, stock=g.stock, redeals_left=g.redeals_left) | change
        with pytest.raises(ValueError, match=words):
            Game.from_piles(g.variant, **parts)


def test_a_copy_is_independent_and_keeps_the_deal():
    g = Game("indian", deal=9)
    c = g.copy()
    assert c.position() == g.position() and c.deal == 9 and c.history == []
    c.play(c.legal_moves()[0])
    assert c.position() != g.position() and g.history == []


# ------------------------------------------------------------------ surprises at the prompt (issue 20)
def test_a_move_is_made_from_its_notation_and_its_repr_makes_it_again():
    move = Move("4>9x3")
    assert move == Move(3, 8, 3) == Move.parse("4>9x3") and isinstance(move, Move)
    assert eval(repr(move), {"Move": Move}) == move
    assert repr(Move(99, 1)) == "Move(99, 1, 1)"  # a hand-made Move of no pile still shows itself
    with pytest.raises(ft_widget.InvalidMove):
        Move(5)


def test_bad_notation_is_an_invalid_move_and_a_refused_one_an_illegal_move():
    game = Game("maria", deal=5)
    with pytest.raises(ft_widget.InvalidMove, match="is not a move"):
        game.play("8>>2")
    with pytest.raises(ft_widget.IllegalMove) as refused:
        game.play("3>8")
    assert not isinstance(refused.value, ft_widget.InvalidMove)
    assert issubclass(ft_widget.InvalidMove, ft_widget.IllegalMove)  # one except catches both


def test_in_legal_moves_takes_notation_and_moves_and_agrees_with_is_legal():
    game = Game("maria", deal=5)
    legal = game.legal_moves()
    assert "8>2" in legal and Move("8>2") in legal and "3>8" not in legal and "nonsense" not in legal
    bare = tuple(Move("8>2"))
    assert bare not in legal and not game.is_legal(bare)  # play refuses a bare tuple: so does `in`
    for m in [*legal, "8>2", "3>8", bare, 42, None]:
        assert (m in legal) == game.is_legal(m)


def test_a_card_outside_0_to_51_has_no_name():
    for bad in (-1, 52, True, 3.0):
        for name in (ft_widget.card_str, ft_widget.card_symbol, ft_widget.card_name):
            with pytest.raises(ValueError, match="is not a card"):
                name(bad)


def test_games_are_equal_by_position():
    game = Game("maria", deal=5)
    game.play("8>2")
    same = Game.from_piles(game.variant, game.tableau, game.face_down_counts, game.foundations,
                           game.waste, game.stock, game.redeals_left)
    assert same == game and same.deal is None
    assert Game("maria", deal=5) != game and Game("maria", deal=5) != Game("streets", deal=5)


def test_a_mistyped_board_argument_is_a_type_error():
    with pytest.raises(TypeError, match="auto_hme"):
        Board("maria", 5, auto_hme=True)


def test_results_have_short_reprs():
    result = solve(Game("lucas", deal=3), max_states=20_000)
    assert repr(result).startswith("<SolveResult won, ") and len(repr(result)) < 80
    played = play_policy(Game("lucas", deal=3), "foundations_first", rng=1)
    assert repr(played).startswith("<PlayResult ") and len(repr(played)) < 120


def test_the_hints_module_is_a_module():
    import importlib

    assert inspect.ismodule(importlib.import_module("ft_widget.hints"))
    assert ft_widget.hint is importlib.import_module("ft_widget.hints").hint


# --------------------------------------------------------------------------- the vocabulary
# The README's vocabulary table ("The API in a few lines") says what each word means; these hold it.

def _public_callables():
    """Every public function, class and method of the package's public modules."""
    import importlib
    import pkgutil

    for info in pkgutil.walk_packages(ft_widget.__path__, "ft_widget."):
        if info.name.split(".")[-1].startswith("_") or info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj):
                yield f"{info.name}.{name}", obj
            elif inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if inspect.isfunction(member) and (attr == "__init__" or not attr.startswith("_")):
                        yield f"{info.name}.{name}.{attr}", member


def test_randomness_is_called_rng_everywhere():
    takes_seed = [where for where, fn in _public_callables() if "seed" in inspect.signature(fn).parameters]
    assert not takes_seed, f"name the randomness rng: {takes_seed}"
    takes_rng = {where for where, fn in _public_callables() if "rng" in inspect.signature(fn).parameters}
    assert {"ft_widget.expert.estimate", "ft_widget.policies.play_policy", "ft_widget.studies.study",
            "ft_widget.expert.Expert.choose"} <= takes_rng


def test_every_outcome_is_an_outcome():
    from ft_widget.training.puzzles import Judgement, Puzzle

    game = Game("lucas", 3)
    assert isinstance(solve(game, max_states=2_000).status, Outcome)
    assert isinstance(play_policy(game, "cautious", rng=1, max_moves=5).status, Outcome)
    verdict = Puzzle(game, goal="keep_winnable", max_states=20_000).check("s>w")
    assert isinstance(verdict.verdict, Judgement)
    assert {Judgement.WON, Judgement.LOST, Judgement.UNKNOWN} == \
        {Outcome.WON, Outcome.LOST, Outcome.UNKNOWN}
    state = Board(game.copy()).state
    assert state["status"] in {"playing", *map(str, Outcome)} and type(state["status"]) is str


def test_a_move_and_its_reason_are_one_type():
    from ft_widget import Choice, Hint, hint
    from ft_widget.expert import Expert, ExpertChoice
    from ft_widget.policies import cautious_choice
    from ft_widget.training.puzzles import Puzzle, Verdict

    game = Game("lucas", 3)
    expert = Expert(worlds=2, max_states=1_500, fallback=cautious_choice)
    answers = [cautious_choice(game), expert.choose(game, 1), hint(game, max_states=3_000),
               Puzzle(game, max_states=20_000).check("s>w")]
    assert [type(a) for a in answers] == [Choice, ExpertChoice, Hint, Verdict]
    assert all(isinstance(a, Choice) and a.reason for a in answers)
    assert str(answers[0]) == f"{answers[0].move}: {answers[0].reason}"


def test_counts_are_named_as_counts_and_booleans_as_booleans():
    """An int field of a public result names what it counts with a plural noun (``worlds_won``,
    ``cards_home``, ``states``); ``won`` and ``lost`` are never counts."""
    import dataclasses

    from ft_widget.expert import Estimate, ExpertChoice
    from ft_widget.policies import PlayResult
    from ft_widget.solver import SolveResult

    for cls in (SolveResult, PlayResult, ExpertChoice, Estimate):
        for f in dataclasses.fields(cls):
            if f.type in ("int", int):
                assert any(word.endswith("s") for word in f.name.split("_")), (cls.__name__, f.name)
            assert f.name not in ("won", "lost", "sampled"), (cls.__name__, f.name)
    assert isinstance(solve(Game("lucas", 3), max_states=2_000).won, bool)


def _text_constants(source: str) -> list[str]:
    """The string constants of a module's code that can reach a player (docstrings left out)."""
    import ast

    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


#: phrases ft_widget/words.py writes; no other module of the package builds them
WORDS_PHRASES = ["turn the waste over into", "Dealt from the stock", "Turned the waste over",
                 "All 104 cards are home", "no moves left", "No moves left", "Back to your",
                 "Hint (the solver", "turning up a face-down", "into empty column", "} game (",
                 " and the card on it"]


def test_move_words_have_one_owner():
    """Each phrase about a move, a hint, a status or an ending is written in ft_widget/words.py alone."""
    import pathlib

    root = pathlib.Path(ft_widget.__file__).parent
    owners = {phrase: [] for phrase in WORDS_PHRASES}
    for path in sorted(root.rglob("*.py")):
        for text in _text_constants(path.read_text()):
            for phrase in WORDS_PHRASES:
                if phrase in text:
                    owners[phrase].append(path.name)
    assert {phrase: sorted(set(found)) for phrase, found in owners.items()} == \
        {phrase: ["words.py"] for phrase in WORDS_PHRASES}


# ------------------------------------------------------------------ one behaviour for one idea (issue 31)
def test_a_policy_game_with_no_move_left_is_stuck_as_the_game_says():
    from ft_widget.studies import run_deal, summarize

    stuck = play_policy(Game("forty_thieves", 1), "foundations_first", rng=1)
    assert stuck.why == "no legal move left" and stuck.game.outcome is Outcome.STUCK
    assert stuck.status is Outcome.STUCK  # was Outcome.LOST, while the game said "stuck"
    gave_up = play_policy(Game("forty_thieves", 5), "foundations_first", rng=1)
    assert gave_up.why == "the policy gave up" and gave_up.game.outcome is None
    assert gave_up.status is Outcome.LOST  # the policy stopped with moves left
    pd = pytest.importorskip("pandas")
    rows = pd.DataFrame([run_deal("forty_thieves", d, policy="foundations_first", rng=1)
                         for d in (1, 5)])
    assert sorted(rows.result) == ["lost", "stuck"]
    summary = summarize(rows).iloc[0]
    assert (summary["won"], summary["stuck"], summary["lost"]) == (0, 1, 1)
    old = rows.assign(result=["lost", "lost"])  # a study written before: its stuck games say "lost"
    assert "stuck" not in summarize(old) and summarize(old).iloc[0]["lost"] == 2


def test_sampled_worlds_are_called_worlds_everywhere():
    from ft_widget.expert import Expert, estimate
    from ft_widget.hints import FAIR_WORLDS
    from ft_widget.teaching import Decision
    from ft_widget.training import review

    takes_samples = [where for where, fn in _public_callables()
                     if "samples" in inspect.signature(fn).parameters]
    assert not takes_samples, f"name sampled worlds worlds: {takes_samples}"
    for fn in (Expert, estimate, review, Decision.expert_says):
        assert "worlds" in inspect.signature(fn).parameters, fn
    expert = Expert(worlds=3)
    assert expert.worlds == 3 and not hasattr(expert, "samples")
    assert repr(expert).startswith("Expert(worlds=3,")
    assert FAIR_WORLDS >= 1  # the hint's constant is named for worlds too
    with pytest.raises(TypeError):
        Expert(samples=3)  # no alias kept


def test_no_clock_is_none():
    from pathlib import Path

    from ft_widget.expert import Expert
    from ft_widget.solver.model import Model
    from ft_widget.solver.search import portfolio, search

    game = Game("lucas", 3)
    assert solve(game, time_limit=None, max_states=20_000).won  # was refused: a number was needed
    status, line, states = search(portfolio(game.variant), Model.from_game(game), None, 20_000)
    assert status == Outcome.WON and line and states > 0
    assert Expert(time_limit=None).time_limit is None
    package = Path(ft_widget.__file__).parent
    spelled = [str(p.relative_to(package)) for p in package.rglob("*.py") if "3600" in p.read_text("utf-8")]
    assert not spelled, f"an hour spelled as 'no clock' in {spelled}"


def test_the_old_puzzle_import_path_is_gone():
    from pathlib import Path

    from ft_widget.teaching import Puzzle
    from ft_widget.training.puzzles import Puzzle as TrainingPuzzle

    # (a file check: an editable install elsewhere may put another copy of the package on the path)
    assert not (Path(ft_widget.__file__).parent / "puzzle.py").exists()
    assert Puzzle is TrainingPuzzle


def test_a_solver_line_that_does_not_win_names_its_moves(monkeypatch):
    """The check after a search joined Move values as text: a TypeError hid the real error."""
    from ft_widget.solver import search as search_module

    game = Game("lucas", 3)
    first = game.legal_moves()[0]
    monkeypatch.setattr(search_module, "search", lambda *args, **kwargs: (Outcome.WON, [tuple(first)], 1))
    with pytest.raises(AssertionError, match=f"solver line does not win .*: {first}$"):
        solve(game, max_states=1_000, shorten_line=False)


def test_board_undo_at_a_new_games_start_does_what_the_undo_button_does():
    # Before: board.undo() raised IndexError where the Undo button brought the game back.
    board = Board("maria", deal=5)
    board.play("8>2")
    first = board.game
    board.new_game(deal=6)
    assert board.undo() is None and board.game is first
    assert board.undo() is not None and board.game.history == []
    with pytest.raises(IndexError):
        board.undo()

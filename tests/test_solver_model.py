"""The solver's model of the game against the engine: the same successors, every move, none extra.

A move missing from ``Model.moves`` would let an exhaustive search call a won deal "lost"; an extra
one would let it "win" with a line the engine refuses. So on random positions of every variant the
plain model's successor states must equal, as a set, those of ``Game.legal_moves()`` + ``play``;
the pruned model's may only be fewer (R2-R4 leave moves out, never add one); and every run shortcut
the win-only searches use must expand into single-card moves the engine plays to the same state.
"""

from __future__ import annotations

import random

import pytest
from conftest import VARIANT_IDS, random_position

from ft_widget import Game, Move
from ft_widget.solver.model import Model


def engine_successors(game: Game) -> set[tuple]:
    out = set()
    for move in game.legal_moves():
        game.play(move)
        out.add((tuple(move), Model.from_game(game)))
        game.undo()
    return out


def model_successors(model: Model, state: tuple) -> set[tuple]:
    return {(move, model.apply(state, move)) for move in model.moves(state)}


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_plain_model_has_exactly_the_engines_moves(variant):
    rng = random.Random(f"model-{variant}")
    moves_seen = 0
    for _ in range(250):
        game = Game.from_position(random_position(variant, rng))
        model = Model(game.variant, prune=False)
        state = Model.from_game(game)
        expected = engine_successors(game)
        got = model_successors(model, state)
        assert got == expected, (game.position(), sorted(got ^ expected)[:4])
        moves_seen += len(expected)
    assert moves_seen > 2000


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_pruned_model_only_leaves_moves_out(variant):
    rng = random.Random(f"pruned-{variant}")
    left_out = 0
    for _ in range(250):
        game = Game.from_position(random_position(variant, rng))
        state = Model.from_game(game)
        plain = model_successors(Model(game.variant, prune=False), state)
        pruned = model_successors(Model(game.variant), state)
        assert pruned <= plain and (pruned or not plain), game.position()
        left_out += len(plain) - len(pruned)
    assert left_out > 0


@pytest.mark.parametrize("variant", [v for v in VARIANT_IDS if not Game(v, 1).variant.sequences])
def test_run_shortcuts_are_the_engines_run_moves_and_expand_to_its_moves(variant):
    """The model's run moves (win-only searches) are exactly ``Game.run_moves()``, and both expand
    into single-card moves that the engine plays to the model's successor."""
    rng = random.Random(f"runs-{variant}")
    model = Model(Game(variant, 1).variant, prune=False, run_moves=True)
    expanded = 0
    for _ in range(150):
        position = random_position(variant, rng)
        game = Game.from_position(position)
        state = Model.from_game(game)
        runs = {m for m in model.moves(state) if m[2] > 1}
        assert runs == {tuple(m) for m in game.run_moves()}, position
        for move in runs:
            steps = game.expand(Move(*move))
            assert [tuple(s) for s in steps] == model.expand(state, move)
            g = game.copy()
            for step in steps:
                g.play(step)
            assert Model.from_game(g) == model.apply(state, move)
            expanded += 1
    assert expanded > 20


def test_a_shortcut_that_cannot_be_made_says_why():
    from conftest import make_game

    from ft_widget import IllegalMove

    game = make_game("streets", ["KS QH JS TH", "", "", "KC", "KD", "QC", "QD", "QC", "QD", "KH"])
    assert [str(m) for m in game.expand("1>4x3")] == ["1>2", "1>3", "1>4", "3>4", "2>4"]
    for text, words in [("1>4x4", "only an empty column takes a King"),
                        ("1>5x3", "in Streets you build down in alternate colours"),
                        ("1>2x5", "column 1 has only 4 face-up cards"),
                        ("1>2x4", "with 1 free, at most 2 can go")]:
        before = game.position()
        with pytest.raises(IllegalMove, match=words):
            game.expand(text)
        assert game.position() == before

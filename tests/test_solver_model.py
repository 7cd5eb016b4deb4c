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


@pytest.mark.parametrize("variant", [v for v in VARIANT_IDS
                                     if Model(Game(v, 1).variant, deal_and_play=True).deal_and_play])
def test_deal_and_play_moves_are_every_deal_then_play_the_engine_allows(variant):
    """R6 replaces the deal by "deal i cards and play the i-th": for every i, exactly the engine's
    moves of the card then on the waste (the first empty column only, R2; only home, and no deeper
    deal, once R4 calls that card safe), each expanding into engine moves that reach the model's
    successor."""
    from ft_widget.game import FOUNDATION, STOCK, WASTE

    rng = random.Random(f"deal-and-play-{variant}")
    model = Model(Game(variant, 1).variant, deal_and_play=True)
    checked = deep = 0
    for _ in range(250):
        game = Game.from_position(random_position(variant, rng))
        state = Model.from_game(game)
        moves = model.moves(state)
        if not state[4] or (len(moves) == 1 and moves[0][1] == FOUNDATION and moves[0][0] != STOCK):
            continue  # no stock, or R4 forces a column's or the waste's card home first
        got = {m for m in moves if m[0] == STOCK}
        assert (STOCK, WASTE, 1) not in got
        expected = set()
        dealt = game.copy()
        for i in range(1, len(state[4]) + 1):
            dealt.play(Move(STOCK, WASTE, 1))
            top = dealt.waste[-1]
            if top in model.home_sets(Model.from_game(dealt)[2])[1]:
                expected.add((STOCK, FOUNDATION, i))
                break
            empties = [j for j, col in enumerate(dealt.tableau) if not col][:1]
            expected |= {(STOCK, m.dst, i) for m in dealt.legal_moves() if m.src == WASTE
                         and (m.dst == FOUNDATION or dealt.tableau[m.dst] or m.dst in empties)}
        assert got == expected, game.position()
        for move in got:
            g = game.copy()
            for step in model.expand(state, move):
                g.play(Move(*step))
            assert Model.from_game(g) == model.apply(state, move)
            checked += 1
            deep += move[2] > 1
    assert checked > 50 and deep > 25, (checked, deep)

"""Properties of the engine over random games of every variant (hypothesis).

Games are random deals (both of PySolFC's generators) played by random legal moves, and
random positions built by ``conftest.random_position``. Settings are derandomized so CI
sees the same examples every run; the whole file runs in a few seconds.
"""

import json
import random

from conftest import (
    ALL_CARDS,
    RULES,
    VARIANT_IDS,
    card_counts,
    random_position,
    reference_moves,
    reference_play,
    same_position,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ft_widget import Game, IllegalMove, Move
from ft_widget.game import STOCK

PROPERTY = settings(derandomize=True, database=None, deadline=None, max_examples=100,
                    suppress_health_check=[HealthCheck.too_slow])

variants = st.sampled_from(VARIANT_IDS)
deals = st.one_of(st.integers(1, 32000), st.integers(32001, 10**20))
# a playout: the seed of the random player and how many moves it plays
choices = st.tuples(st.integers(0, 2**32), st.integers(0, 300))
positions = st.builds(random_position, variants, st.integers(0, 2**32).map(random.Random))


def playout(game: Game, picks: tuple[int, int]):
    """Play random legal moves, yielding after each; stop early when none is left."""
    seed, steps = picks
    rng = random.Random(seed)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            return
        # mostly tableau and waste moves, so games get past the stock into columns and runs
        board = [m for m in moves if m.src != STOCK and m.dst != STOCK]
        move = rng.choice(board if board and rng.random() < 0.8 else moves)
        down = sum(game.face_down_counts)
        game.play(move)
        if sum(game.face_down_counts) < down:
            event("a face-down card turned up")
        if move.count > 1:
            event("a sequence moved")
        if str(move) == "w>s":
            event("a redeal")
        yield


def piles_text(pos: dict) -> list[str]:
    return [c for pile in (*pos["tableau"], *pos["foundations"], pos["waste"], pos["stock"]) for c in pile]


@PROPERTY
@given(variants, deals, choices)
def test_playouts_keep_all_104_cards(vid, deal, picks):
    game = Game(vid, deal=deal)
    for _ in playout(game, picks):
        pos = game.position()
        assert len(piles_text(pos)) == 104
        assert card_counts(pos) == {c: 2 for c in ALL_CARDS}
        assert game.cards_home == sum(len(p) for p in pos["foundations"])
        assert all(not col or not col[-1].startswith("<") for col in pos["tableau"])  # tops are face up
        assert game.is_won == (game.cards_home == 104)


@PROPERTY
@given(variants, deals, choices)
def test_undo_and_redo_restore_positions_exactly(vid, deal, picks):
    game = Game(vid, deal=deal)
    seen = [game.position()]
    for _ in playout(game, picks):
        seen.append(game.position())
    played = game.history
    assert len(played) == len(seen) - 1
    for k in range(len(played), 0, -1):  # back to the deal: face-down cards turn down again
        assert game.undo() == played[k - 1]
        assert game.position() == seen[k - 1]
    assert not game.can_undo
    for k in range(1, len(played) + 1):  # and forward again
        assert game.redo() == played[k - 1]
        assert game.position() == seen[k]
    assert not game.can_redo and game.history == played


@PROPERTY
@given(variants, deals, choices)
def test_position_json_round_trips_along_a_game(vid, deal, picks):
    game = Game(vid, deal=deal)
    for step, _ in enumerate(playout(game, picks)):
        if step % 10:
            continue
        pos = game.position()
        text = json.dumps(pos)
        again = Game.from_position(json.loads(text))
        assert again.position() == pos and json.dumps(again.position()) == text
        assert again.legal_moves() == game.legal_moves()
        assert (again.is_won, again.is_stuck) == (game.is_won, game.is_stuck)


@PROPERTY
@given(positions)
def test_random_positions_round_trip(pos):
    game = Game.from_position(json.loads(json.dumps(pos)))
    assert game.position() == pos


def move_texts(columns: int):
    piles = st.sampled_from([str(i + 1) for i in range(columns)] + ["w", "s", "f"])
    count = st.one_of(st.just(""), st.integers(2, 14).map(lambda n: f"x{n}"))
    return st.tuples(piles, piles, count).map(lambda t: f"{t[0]}>{t[1]}{t[2]}")


@PROPERTY
@given(variants, deals, choices, st.data())
def test_an_illegal_move_changes_nothing(vid, deal, picks, data):
    game = Game(vid, deal=deal)
    list(playout(game, picks))
    if game.can_undo:
        game.undo()  # a refused move must not forget the move waiting to be redone either
    before, history, can_redo = game.position(), game.history, game.can_redo
    legal = {str(m) for m in game.legal_moves()}
    tried = data.draw(st.lists(move_texts(RULES[vid].columns), min_size=1, max_size=30))
    for text in tried:
        if text in legal:
            continue
        try:
            game.play(text)
        except IllegalMove as err:
            assert str(err)  # a reason is given
        else:
            raise AssertionError(f"{text} was played but is not listed in {sorted(legal)}")
        assert game.position() == before
        assert game.history == history and game.can_redo == can_redo


@PROPERTY
@given(variants, deals, choices)
def test_listed_moves_are_unique_and_playable(vid, deal, picks):
    game = Game(vid, deal=deal)
    for step, _ in enumerate(playout(game, picks)):
        if step % 5:
            continue
        listed = game.legal_moves()
        texts = [str(m) for m in listed]
        assert len(set(texts)) == len(texts)
        assert set(texts) == reference_moves(game.position())
        before = game.position()
        for move in listed:
            assert Move.parse(str(move)) == move
            assert game.play(move) == move
            game.undo()
            assert game.position() == before
        assert game.is_stuck == (not listed and not game.is_won)


@PROPERTY
@given(positions)
def test_random_positions_list_exactly_the_reference_moves(pos):
    game = Game.from_position(pos)
    listed = [str(m) for m in game.legal_moves()]
    assert len(set(listed)) == len(listed)
    assert set(listed) == reference_moves(pos)
    for move in game.legal_moves():
        game.play(move)
        after = game.position()
        assert same_position(after, reference_play(pos, str(move)))
        assert card_counts(after) == card_counts(pos)
        Game.from_position(after)  # every move leads to a valid position
        game.undo()
        assert game.position() == pos

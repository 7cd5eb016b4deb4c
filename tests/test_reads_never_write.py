"""Reading a game never changes it, and reads in one thread while another plays stay whole.

``record()`` used to replay the game on the game itself (restart, then redo every move): a board's
autosave thread reading ``board.game.record()`` while the player moved broke the game
("IndexError: there is no move to redo", histories that no longer replayed)."""

from __future__ import annotations

import copy
import json
import pickle
import random
import sys
import threading
import time

import pytest
from test_records import played

from ft_widget import Game

SECONDS = 1.5  # how long the threads hammer a game (each loop is bounded by a count too)


@pytest.fixture
def switch_often():
    """Threads take turns every microsecond (not every 5 ms): a read that is not whole is caught
    within the test's seconds, not once a week on a player's board."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def run_threads(*targets) -> list[BaseException]:
    """Run each target in its thread until all end; the exceptions they raised."""
    errors: list[BaseException] = []

    def guarded(target):
        try:
            target()
        except BaseException as error:  # noqa: BLE001 - every failure in a thread fails the test
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(t,)) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    return errors


def key(game_or_record) -> tuple:
    if isinstance(game_or_record, Game):
        record = game_or_record.record()
    else:
        record = game_or_record
    return tuple(record["moves"]), tuple(record["undone"])


@pytest.mark.parametrize("variant, deal", [("little_forty", 3), ("forty_thieves", 7)])
def test_records_read_while_another_thread_plays_are_whole(switch_often, variant, deal):
    game = played(variant, deal, 50, undo=3)
    # what the game was after each of the writer's moves: (moves, undone) -> position
    states = {key(game): json.dumps(game.position(), sort_keys=True)}
    expected_history, expected_redo = game.history, []
    while game.can_redo:  # the writer's own account of the moves to redo, next last
        expected_redo.insert(0, game.redo())
    for _ in expected_redo:
        game.undo()
    done = threading.Event()

    def writer():
        rng = random.Random(1)
        end = time.monotonic() + SECONDS
        try:
            for _ in range(20_000):
                if time.monotonic() > end:
                    break
                roll, moves = rng.random(), game.legal_moves()
                if roll < 0.3 and expected_history:
                    expected_redo.append(game.undo())
                    expected_history.pop()
                elif roll < 0.45 and expected_redo:
                    expected_history.append(game.redo())
                    assert expected_history[-1] == expected_redo.pop()
                elif moves:
                    expected_history.append(game.play(rng.choice(moves)))
                    expected_redo.clear()
                elif expected_history:
                    expected_redo.append(game.undo())
                    expected_history.pop()
                # only this thread moves: what it reads now is the game after its move
                states[key(game)] = json.dumps(game.position(), sort_keys=True)
        finally:
            done.set()

    records: list[dict] = []
    positions: list[str] = []

    def reader():
        for _ in range(5_000):
            if done.is_set():
                break
            records.append(game.record())
            positions.append(json.dumps(game.position(), sort_keys=True))

    errors = run_threads(writer, reader, reader)
    assert not errors, errors
    assert len(records) > 10 and len(states) > 10
    for record in records[:: max(1, len(records) // 200)]:
        assert key(record) in states, "a record of a state the game was never in"
        back = Game.from_record(record)
        assert json.dumps(back.position(), sort_keys=True) == states[key(record)]
    assert set(positions) <= set(states.values()), "a position the game was never in"
    # the game itself is intact: its history and redo stack are the writer's, and it replays
    assert game.history == expected_history
    assert key(game) == (tuple(map(str, expected_history)), tuple(map(str, reversed(expected_redo))))
    assert Game.from_record(game.record()) == game
    replay = Game(variant, deal)
    for move in expected_history:
        replay.play(move)
    assert replay == game


def test_two_readers_of_one_game_never_raise_and_leave_it_as_it_was(switch_often):
    game = played("little_forty", 3, 80, undo=5)
    before = (json.dumps(game.position()), game.history, game.record())
    results: list[tuple] = []

    def reader():
        end = time.monotonic() + SECONDS / 2
        for _ in range(3_000):
            if time.monotonic() > end:
                break
            results.append((game.record()["moves"], json.dumps(game.position()), game.copy() == game,
                            len(game.legal_moves()), str(game), repr(game), game.history,
                            [str(m) for m in game.undone]))

    errors = run_threads(reader, reader)
    assert not errors, errors
    assert results
    for moves, position, same, _, _, _, history, undone in results:
        assert (position, history, moves, undone) == (before[0], before[1], before[2]["moves"],
                                                      before[2]["undone"]) and same
    assert (json.dumps(game.position()), game.history, game.record()) == before
    redone = [str(game.redo()) for _ in range(5)]
    assert redone == before[2]["undone"] and not game.can_redo


def refuse(*args, **kwargs):
    raise AssertionError("a read changed the game")


@pytest.mark.parametrize("variant, deal, undo", [("little_forty", 3, 4), ("maria", 5, 0), ("lucas", 2, 9)])
def test_reads_call_nothing_that_changes_the_game(variant, deal, undo):
    game = played(variant, deal, 70, undo=undo)
    history, position = game.history, game.position()
    record = game.record()
    # a read that moved the game, even to move it back, would call one of these on it
    for name in ("play", "undo", "redo", "restart", "_apply", "_unapply", "_setup"):
        setattr(game, name, refuse)
    assert game.record() == record and len(record["undone"]) == undo
    assert game.position() == position and game.history == history
    assert [str(m) for m in game.undone] == record["undone"]
    assert game.copy() == game and str(game) and repr(game) and game._repr_html_()
    assert game.legal_moves() is not None and game.position_key() and game.outcome is None
    for name in ("play", "undo", "redo", "restart", "_apply", "_unapply", "_setup"):
        delattr(game, name)
    # the moves to redo are the same, in the same order
    assert [str(game.redo()) for _ in range(undo)] == record["undone"] and not game.can_redo


def test_a_game_travels_to_another_process_and_copies_with_its_history():
    game = played("little_forty", 3, 60, undo=4)
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert twin == game and twin.record() == game.record()
        twin.redo()  # it plays on its own: the original keeps its moves
        assert twin.history != game.history and game.can_redo
        assert twin._lock is not game._lock

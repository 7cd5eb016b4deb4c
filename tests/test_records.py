"""Saved games: ``game.record()`` keeps the history, ``Game.from_record`` replays it, and a damaged
or tampered record is refused with the first thing that fails, nothing half-loaded."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from conftest import VARIANT_IDS, make_game

from ft_widget import VARIANTS, Game


def played(variant: str, deal: int, n: int, undo: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    game = Game(variant, deal)
    for _ in range(n):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    for _ in range(min(undo, len(game.history))):
        game.undo()
    return game


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_a_record_round_trips_with_undo_and_redo(variant):
    game = played(variant, 7, 40, undo=5)
    record = game.record()
    assert json.loads(json.dumps(record)) == record  # JSON-ready
    assert record["variant"] == variant and record["deal"] == 7 and "start" not in record
    assert len(record["moves"]) == len(game.history) and len(record["undone"]) == 5
    back = Game.from_record(json.dumps(record))
    assert back == game and back.history == game.history
    assert back.redo() == game.redo()  # the undone moves come back in the same order
    assert back == game
    while game.can_undo:
        assert back.undo() == game.undo()
    assert back == game == Game(variant, 7)


def test_record_leaves_the_game_as_it_was():
    game = played("little_forty", 3, 60, undo=4)
    before = (game.position(), game.history, game.can_redo)
    game.record()
    assert (game.position(), game.history, game.can_redo) == before
    assert [game.redo() for _ in range(4)]


def test_a_game_from_a_position_records_its_start():
    game = make_game("maria", ["KH KH 5H", "4H 5H"])
    game.play("2>f")
    record = game.record()
    assert record["deal"] is None and record["start"]["tableau"][1] == ["4H", "5H"]
    assert Game.from_record(record) == game


def test_a_custom_variant_is_written_by_its_parameters():
    wide = replace(VARIANTS["streets"], id="wide_streets", name="Wide Streets", columns=12,
                   cards_per_column=3)
    game = Game(wide, 11)
    game.play(game.legal_moves()[0])
    record = game.record()
    assert record["variant"]["columns"] == 12 and record["variant"]["build"] == "alternate_colour"
    back = Game.from_record(json.loads(json.dumps(record)))
    assert back.variant == wide and back == game


@pytest.mark.parametrize("damage, words", [
    (lambda r: r["moves"].__setitem__(3, "9>f"), "move 4 (9>f) can't be played"),
    (lambda r: r["moves"].__setitem__(0, "3>>f"), "move 1 (3>>f)"),
    (lambda r: r["undone"].insert(0, "s>f"), "undone move 1 (s>f)"),
    (lambda r: r.__setitem__("variant", "klondike"), "unknown variant 'klondike'"),
    (lambda r: r.__setitem__("deal", 0), "deal number 0 is out of range"),
    (lambda r: r.__setitem__("moves", "3>f"), "'moves' must be a list"),
    (lambda r: r.__setitem__("format", "pickle"), "not a game record"),
    (lambda r: r.__setitem__("version", 9), "version '9' is not known"),
    (lambda r: r.__setitem__("cheat", True), "unknown field 'cheat'"),
    (lambda r: r.pop("variant"), "does not say its variant"),
    (lambda r: r.__setitem__("start", {"variant": "maria"}), "position is missing"),
])
def test_a_damaged_record_is_refused_naming_what_fails(damage, words):
    record = played("maria", 5, 20, undo=2).record()
    damage(record)
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Game.from_record(record)


def test_text_that_is_not_json_is_refused():
    with pytest.raises(ValueError, match="not valid JSON"):
        Game.from_record('{"format": "ft_widget.record", ')
    with pytest.raises(ValueError, match="JSON object"):
        Game.from_record([1, 2])

"""Saved games: ``game.record()`` keeps the history, ``Game.from_record`` replays it, and a damaged
or tampered record is refused with the first thing that fails, nothing half-loaded."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from conftest import VARIANT_IDS, make_game

from ft_widget import VARIANTS, Game
from ft_widget.limits import QUOTE
from ft_widget.training.puzzles import Puzzle


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


# Hostile and unlucky input: whatever a record or a position holds, however deep or large, loading
# it is a ValueError with a short message (nothing half-made: a failed load returns no game).
MESSAGE_MAX = 300


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


PAYLOADS = {
    "nested 100,000 deep": nested(100_000),
    "a megabyte of text": "x" * 1_000_000,
    "a megabyte in a list": ["x" * 1_000_000],
    "a megabyte as a key": {"x" * 1_000_000: 1},
    "a 5,000-digit number": 10**5000,
    "nan": float("nan"),
}
VARIANT_FIELDS = ("id", "name", "columns", "cards_per_column", "face_down", "build", "sequences",
                  "stock_deal", "redeals", "aces_start", "aliases")
PLACES = ([("record", k) for k in ("format", "version", "variant", "deal", "start", "moves", "undone")]
          + [("start", k) for k in ("variant", "tableau", "foundations", "waste", "stock", "redeals_left",
                                    "deal")]
          + [("variant", k) for k in VARIANT_FIELDS] + [("moves", 0), ("start tableau", 0)])


def hostile_record(place: str, key, payload) -> dict:
    record = played("streets", 4, 10, undo=1).record()
    record |= {"start": Game("streets", 4).position(), "deal": None}
    record["start"].pop("deal")  # a record of every part: a custom variant, a start, moves
    record["variant"] = {k: getattr(VARIANTS["streets"], k) for k in VARIANT_FIELDS} | {
        "id": "my_streets", "build": "alternate_colour", "aliases": []}
    record["start"]["variant"] = "my_streets"
    target = {"record": record, "start": record["start"], "variant": record["variant"],
              "moves": record["moves"], "start tableau": record["start"]["tableau"]}[place]
    target[key] = payload
    return record


def test_the_hostile_record_is_a_record():
    assert Game.from_record(hostile_record("record", "undone", [])).variant.id == "my_streets"


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("place, key", PLACES)
def test_any_malformed_record_is_a_short_value_error(place, key, payload):
    record = hostile_record(place, key, PAYLOADS[payload])
    with pytest.raises(ValueError) as error:
        Game.from_record(record)
    assert len(str(error.value)) <= MESSAGE_MAX


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("key", ["variant", "tableau", "foundations", "waste", "stock", "redeals_left",
                                 "deal"])
def test_any_malformed_position_is_a_short_value_error(key, payload):
    position = Game("maria", 5).position() | {key: PAYLOADS[payload]}
    with pytest.raises(ValueError) as error:
        Game.from_position(position)
    assert len(str(error.value)) <= MESSAGE_MAX


def test_a_deeply_nested_record_is_a_value_error_not_a_recursion_error():
    text = '{"format": "ft_widget.record", "version": 1, "variant": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(ValueError, match="nested too deeply"):
        Game.from_record(text)
    with pytest.raises(ValueError, match="a puzzle's position .* is not valid JSON: it is nested too deeply"):
        Puzzle(text)
    record = played("maria", 5, 20, undo=2).record()
    for key in ("version", "deal", "moves"):
        with pytest.raises(ValueError, match=r"\[\[\[\[…\]\]\]\]"):
            Game.from_record(record | {key: nested(100_000) if key != "moves" else [nested(100_000)]})


def test_a_megabyte_bad_field_gives_a_short_message_quoting_its_start():
    record = played("maria", 5, 20, undo=2).record()
    with pytest.raises(ValueError, match="^a deal number must be a whole number, not 'xxx+…$") as error:
        Game.from_record(record | {"deal": "x" * 1_000_000})
    assert len(str(error.value)) == len("a deal number must be a whole number, not ") + QUOTE
    with pytest.raises(ValueError, match="^variant 'wide': columns must be a whole number from 1 to 13, "
                                         "not 'xxx+…$"):
        Game.from_record(record | {"variant": {k: getattr(VARIANTS["maria"], k) for k in VARIANT_FIELDS}
                                   | {"id": "wide", "build": "alternate_colour", "columns": "x" * 10**6}})
    position = Game("maria", 5).position()
    with pytest.raises(ValueError, match="^redeals_left must be .*, got 'xxx+…$"):
        Game.from_position(position | {"redeals_left": "x" * 1_000_000})
    with pytest.raises(ValueError, match="^position has unknown key.* and 9 more$"):
        Game.from_position(position | {f"k{i}" * 100_000: i for i in range(12)})


def test_a_custom_variant_out_of_the_cores_range_is_refused_in_a_record():
    """A record's variant with stock_deal 2**40 was accepted; solve and hint then raised OverflowError."""
    game = Game(replace(VARIANTS["streets"], id="wide_streets", name="Wide Streets"), 11)
    record = game.record()
    record["variant"]["stock_deal"] = 2**40
    with pytest.raises(ValueError, match="variant 'wide_streets': stock_deal must be a whole number "
                                         "from 1 to 104, not 1099511627776"):
        Game.from_record(record)
    record["variant"] |= {"stock_deal": 1, "redeals": 256}
    with pytest.raises(ValueError, match="redeals must be a whole number from 0 to 255, not 256"):
        Game.from_record(record)

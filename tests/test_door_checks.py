"""Checked at the door: what a caller hands in is refused before anything runs, in words naming
the function and the parameter (random generators here; records, notation and variant names too)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from ft_widget import VARIANTS, Game, IllegalMove, Move, parse_card, study
from ft_widget.bench import bench_engine
from ft_widget.limits import check_rng, shown
from ft_widget.position import read_json
from ft_widget.studies import run_deal
from ft_widget.teaching import Paired
from ft_widget.training.puzzles import Puzzle

RNG_BAD = [[1], 1.5, "x", True, False, b"7", {"seed": 1}, object()]


def game() -> Game:
    return Game("lucas", deal=3)


RNG_ENTRIES = [
    ("run_deal", lambda v: run_deal("lucas", 3, max_states=2_000, rng=v)),
    ("run_deal", lambda v: run_deal("lucas", 3, policy="cautious", rng=v)),
    ("study", lambda v: study("lucas", [3], max_states=2_000, processes=1, progress=False, rng=v)),
    ("Paired", lambda v: Paired([1, 2], [2, 3], resamples=10, rng=v)),
    ("bench_engine", lambda v: bench_engine([], rng=v)),
]


@pytest.mark.parametrize("where, call, bad", [
    pytest.param(where, call, bad, id=f"{where}-{k}-{bad!r:.12}")
    for k, (where, call) in enumerate(RNG_ENTRIES) for bad in RNG_BAD])
def test_a_bad_rng_is_refused_naming_the_function(where, call, bad):
    with pytest.raises(ValueError, match=f"^{where}: rng must be None, a whole number") as error:
        call(bad)
    assert str(error.value).endswith(f", not {shown(bad)}")


def test_check_rng_returns_what_it_accepts():
    numpy = pytest.importorskip("numpy")
    r = random.Random(4)
    assert check_rng("f", None) is None and check_rng("f", r) is r and check_rng("f", -3) == -3
    assert type(check_rng("f", numpy.int64(7))) is int and check_rng("f", numpy.int64(7)) == 7
    assert check_rng("f", random.SystemRandom()) is not None
    with pytest.raises(ValueError, match=r"^f: rng must be None, a whole number \(a seed\) or a "
                                         r"random.Random, not 1.5$"):
        check_rng("f", 1.5)


def test_good_rngs_still_work():
    rows = [run_deal("lucas", 3, policy="cautious", rng=rng) for rng in (5, random.Random(5), None)]
    assert all(row["result"] in ("won", "lost") for row in rows)
    # a Random gives its seed: two equal generators, the same game
    same = [run_deal("lucas", 3, policy="random", rng=random.Random(9))["moves"] for _ in range(2)]
    assert same[0] == same[1]
    assert Paired([1, 2, 3], [2, 3, 5], resamples=50, rng=random.Random(1)).diff == pytest.approx(4 / 3)
    assert Paired([1, 2, 3], [2, 3, 5], resamples=50, rng=None).n == 3
    with pytest.raises(ValueError, match="^Paired: rng must be None, a whole number >= 0"):
        Paired([1, 2], [2, 3], rng=-1)
    assert bench_engine(["lucas"], seconds=0.05, depth=5, rng=random.Random(2))[0]["variant"] == "lucas"


# ------------------------------------------------------------------ records
def a_record() -> dict:
    game = Game("maria", 5)
    for move in (game.legal_moves()[0], "s>w", "s>w"):
        game.play(move)
    game.undo()  # a move to redo too
    return game.record()


@pytest.mark.parametrize("version", [True, 1.0, "1", [1], None])
def test_a_record_version_is_the_int_1_exactly(version):
    # True == 1 and 1.0 == 1 in Python: both passed as version 1
    for record in (a_record() | {"version": version}, json.dumps(a_record() | {"version": version})):
        with pytest.raises(ValueError, match="^" + re.escape(f"a game record's version is the whole "
                                                             f"number 1, not {shown(version, 20)}") + "$"):
            Game.from_record(record)
    record = a_record()
    del record["version"]
    with pytest.raises(ValueError, match="does not say its version"):
        Game.from_record(record)
    assert Game.from_record(a_record() | {"version": 1}) == Game.from_record(a_record())


def repeat_key(text: str, key: str, value: str) -> str:
    """``text`` with ``"key": value`` written again right after the first ``"key": …``'s key."""
    at = text.index(f'"{key}": ')
    return text[:at] + f'"{key}": {value}, ' + text[at:]


@pytest.mark.parametrize("key, value, where", [
    ("deal", "6", "record"),  # a different value: which deal did the player mean?
    ("moves", "[]", "record"),
    ("version", "1", "record"),  # the same value twice is refused too: a key is given once
    ("redeals_left", "0", "start"),
    ("columns", "9", "variant"),
])
def test_a_key_given_twice_in_a_record_is_refused_naming_it(key, value, where):
    record = a_record()
    if where != "record":  # a record of every part: a custom variant, a start position
        record |= {"start": Game("maria", 5).position(), "deal": None}
        record["start"].pop("deal")
        record["variant"] = {"id": "my_maria", "name": "My Maria", "columns": 9, "cards_per_column": 4,
                             "face_down": 0, "build": "alternate_colour", "sequences": False}
        record["start"]["variant"] = "my_maria"
        assert Game.from_record(json.dumps(record)).variant.id == "my_maria"
    text = repeat_key(json.dumps(record), key, value)
    assert json.loads(text)  # plain json reads it, keeping the last value silently
    with pytest.raises(ValueError, match=f"^the game record gives the key '{key}' twice in one object"):
        Game.from_record(text)


def test_read_json_refuses_a_repeated_key_everywhere_it_reads():
    with pytest.raises(ValueError, match="^the thing gives the key 'a' twice in one object"):
        read_json('[{"b": {"a": 1, "a": 1}}]', "the thing")
    assert read_json(b'{"a": {"a": 1}, "b": [{"a": 2}]}', "the thing") == {"a": {"a": 1}, "b": [{"a": 2}]}
    position = repeat_key(json.dumps(Game("maria", 5).position()), "waste", "[]")
    with pytest.raises(ValueError, match="^a puzzle's position .* gives the key 'waste' twice"):
        Puzzle(position)


# ------------------------------------------------------------------ notation
@pytest.mark.parametrize("text", ["4>9x\u0663", "4>9x\uff13", "4>9x\U0001d7db", "4>9x1\u0660", "\u0663>f"])
def test_move_notation_takes_ascii_digits_only(text):
    # int() and \d read any script's digits: "4>9x٣" was the move 4>9x3
    with pytest.raises(IllegalMove, match="is not a move: write moves like 3>f"):
        Move.parse(text)
    game = Game("number_ten", 4)
    before = game.record()
    assert not game.is_legal(text) and text not in game.legal_moves()
    with pytest.raises(IllegalMove, match="is not a move"):
        game.play(text)
    assert game.record() == before
    assert Move.parse("4>9x3") == Move(3, 8, 3) and Move.parse("10>f") == Move(9, 15)


@pytest.mark.parametrize("text", ["\u212aH", "Q\u017f", "10\u017f", "\u0130S"])
def test_card_notation_takes_ascii_letters_only(text):
    # Unicode case folding read the Kelvin sign as K (then failed: "substring not found") and
    # the long s as S
    with pytest.raises(ValueError, match="^unknown card"):
        parse_card(text)
    assert parse_card("ks") == parse_card("K♠")


# ------------------------------------------------------------------ variant names
MARIA = VARIANTS["maria"]


@pytest.mark.parametrize("vid", ["m\u0430ria", "mar\u0131a", "\u0445_variant", "maria\u200b", "\u00e9toile"])
def test_a_variant_id_is_ascii(vid):
    # isidentifier() takes any script's letters: a Cyrillic "а" made an id that reads "maria"
    with pytest.raises(ValueError, match="^a variant's id is a name like .* in ASCII letters"):
        replace(MARIA, id=vid)
    record = a_record() | {"variant": {"id": vid, "name": "Maria", "columns": 9, "cards_per_column": 4,
                                       "face_down": 0, "build": "alternate_colour", "sequences": False}}
    with pytest.raises(ValueError, match="^a variant's id is a name like"):
        Game.from_record(json.dumps(record))


@pytest.mark.parametrize("name, code", [
    ("Maria\u200b", "U\\+200B \\(ZERO WIDTH SPACE\\)"),
    ("Ma\u200dria", "U\\+200D"),
    ("\u202eairaM", "U\\+202E \\(RIGHT-TO-LEFT OVERRIDE\\)"),
    ("Maria \u2066x\u2069", "U\\+2066"),
    ("\ufeffMaria", "U\\+FEFF"),
    ("Ma\u2060ria", "U\\+2060"),
    ("Maria\x00", "U\\+0000"),
    ("Maria\n2", "U\\+000A"),
    ("Maria\u2028", "U\\+2028"),
])
def test_a_variant_name_has_no_control_or_invisible_characters(name, code):
    with pytest.raises(ValueError, match=f"^variant 'my_maria': name .* holds {code}"):
        replace(MARIA, id="my_maria", name=name)
    with pytest.raises(ValueError, match=f"^variant 'my_maria': aliases .* holds {code}"):
        replace(MARIA, id="my_maria", aliases=("Mary", name))
    record = a_record() | {"variant": {"id": "my_maria", "name": name, "columns": 9, "cards_per_column": 4,
                                       "face_down": 0, "build": "alternate_colour", "sequences": False}}
    with pytest.raises(ValueError, match=f"holds {code}"):
        Game.from_record(record)


def test_names_in_any_script_with_symbols_still_work():
    named = replace(MARIA, id="maria_2", name="María à l'Étoile ♥ Мария 玛丽亚", aliases=("Marie\u00a0II",))
    assert Game(named, 3).variant.name.startswith("María")

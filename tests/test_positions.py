"""Position JSON (docs/rules.md "Notation"): round trips, and every way a position can be wrong.

``from_position`` must refuse a bad position with a ``ValueError`` that names the problem,
and loading is plain data checking: nothing in a position is ever executed.
"""

import builtins
import copy
import inspect
import json
import random
import re

import pytest
from conftest import RULES, VARIANT_IDS, card_counts, make_position, random_position

import ft_widget.cards
import ft_widget.deal
import ft_widget.game
import ft_widget.position
from ft_widget import Game


def load_json(position: dict) -> Game:
    return Game.from_position(json.loads(json.dumps(position)))


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_round_trip_through_json_along_a_game(vid):
    rng = random.Random(vid)
    game = Game(vid, deal=606)
    for _ in range(60):
        pos = game.position()
        again = load_json(pos)
        assert again.position() == pos and again == game
        assert again.legal_moves() == game.legal_moves()
        assert again.face_down_counts == game.face_down_counts
        if not game.legal_moves():
            break
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_round_trip_of_random_positions(vid):
    rng = random.Random("json " + vid)
    for _ in range(30):
        pos = random_position(vid, rng)
        assert load_json(pos).position() == pos


def test_position_format_is_as_documented():
    game = Game("indian", deal=3)
    pos = game.position()
    assert set(pos) == {"variant", "tableau", "foundations", "waste", "stock", "redeals_left", "deal"}
    assert pos["variant"] == "indian" and pos["deal"] == 3 and pos["redeals_left"] == 0
    assert len(pos["tableau"]) == 10 and len(pos["foundations"]) == 8
    assert all(col[0].startswith("<") and col[0].endswith(">") for col in pos["tableau"])
    assert pos["stock"][-1] == ft_widget.card_str(game.stock[-1])  # the last item is dealt next
    game.play("s>w")
    assert game.position()["waste"] == [pos["stock"][-1]]
    assert json.loads(json.dumps(pos)) == pos  # plain JSON types only


def test_a_position_without_a_deal_number():
    pos = make_position("maria", ["KS QH"], foundations=[])
    game = Game.from_position(pos)
    assert game.deal is None and "deal" not in game.position()
    assert game.position() == pos
    assert "deal" not in str(game).splitlines()[0]


def test_loading_copies_the_input():
    pos = make_position("streets", ["KS QH", "JS"], foundations=[])
    kept = copy.deepcopy(pos)
    game = Game.from_position(pos)
    assert pos == kept  # not changed by loading
    pos["tableau"][0].append("JD")
    pos["waste"].append("AS")
    assert game.position() == kept  # and not shared with the game
    game.play("2>1")
    assert pos["tableau"][1] == ["JS"]


# --------------------------------------------------------------------------- validation
def base() -> dict:
    return Game("little_forty", deal=5).position()


def changed(**parts) -> dict:
    pos = base()
    pos.update(parts)
    return pos


def swap_first_card(pile: str, new: str) -> dict:
    pos = base()
    pos[pile][0] = new
    return pos


def tableau_with(column: list) -> dict:
    pos = base()
    pos["tableau"][0] = column
    return pos


CASES = {
    # unknown variant
    "unknown variant": (changed(variant="klondike"), "unknown variant"),
    "variant not text": (changed(variant=["maria"]), "unknown variant"),
    # wrong types and shapes
    "not a dict": (["little_forty"], "JSON object"),
    "text, not a dict": ('{"variant": "maria"}', "JSON object"),
    "missing key": ({k: v for k, v in base().items() if k != "stock"}, "missing 'stock'"),
    "unknown key": (changed(score=10), "unknown key(s) 'score'"),
    "python-looking key": (changed(__class__="x"), "unknown key(s) '__class__'"),
    "tableau not a list": (changed(tableau={"1": ["AS"]}), "tableau must be a list of 10 columns"),
    "too few columns": (changed(tableau=base()["tableau"][:9]), "tableau must be a list of 10 columns"),
    "too many columns": (changed(tableau=base()["tableau"] + [[]]), "got 11"),
    "column is text": (tableau_with("AS KS QS"), "column 1 must be a list"),
    "card is a number": (tableau_with([12]), "column 1, card 1: expected text"),
    "card is a list": (tableau_with([["AS"]]), "column 1, card 1: expected text"),
    "card is null": (tableau_with([None]), "column 1, card 1: expected text"),
    "waste not a list": (changed(waste="AS"), "waste must be a list"),
    "stock null": (changed(stock=None), "stock must be a list"),
    # unknown card text
    "unknown card in a column": (tableau_with(["ZZ"]), "unknown card"),
    "unknown card in the stock": (swap_first_card("stock", "1H"), "stock, card 1: unknown card"),
    "empty card text": (swap_first_card("stock", ""), "unknown card"),
    "face-down marks around nothing": (tableau_with(["<>", "AS"]), "unknown card"),
    # every card exactly twice
    "a card three times": (swap_first_card("stock", "QH"), "exactly twice"),
    "a card missing": (changed(stock=base()["stock"][1:]), "exactly twice"),
    "a card once too often": (changed(waste=["KS"]), "KS ×3"),
    "no cards at all": (changed(tableau=[[]] * 10, stock=[]), "and 44 more"),
    # foundations
    "seven foundations": (changed(foundations=[[]] * 7), "exactly 8"),
    "nine foundations": (changed(foundations=[[]] * 9), "exactly 8"),
    "foundations not a list": (changed(foundations={"AS": 1}), "exactly 8"),
    "foundation without its Ace": (changed(foundations=[["2S"]] + [[]] * 7), "foundation 1 must be built up"),
    "foundation skips a rank": (changed(foundations=[[]] * 3 + [["AS", "3S"]] + [[]] * 4), "foundation 4"),
    "foundation changes suit": (changed(foundations=[["AS", "2H"]] + [[]] * 7), "one suit"),
    "face-down on a foundation": (changed(foundations=[["<AS>"]] + [[]] * 7), "only in tableau"),
    # redeals
    "redeals above the variant's": (changed(redeals_left=4), "a whole number from 0 to 3"),
    "negative redeals": (changed(redeals_left=-1), "redeals_left"),
    "redeals as text": (changed(redeals_left="3"), "redeals_left"),
    "redeals as a float": (changed(redeals_left=2.0), "redeals_left"),
    "redeals as a boolean": (changed(redeals_left=True), "redeals_left"),
    # face-down cards
    "face-down above face-up": (tableau_with(["AS", "<KD>", "QH"]), "lies above a face-up card"),
    "face-down top card": (tableau_with(["<AS>", "<KD>"]), "top card is face down"),
    "face-down in the waste": (changed(waste=["<KD>"]), "only in tableau"),
    "face-down in the stock": (swap_first_card("stock", "<QH>"), "only in tableau"),
    # deal number
    "deal not a number": (changed(deal="5"), "deal number"),
    "deal zero": (changed(deal=0), "deal number"),
}


@pytest.mark.parametrize("case", CASES)
def test_bad_positions_are_refused_naming_the_problem(case):
    position, problem = CASES[case]
    with pytest.raises(ValueError) as err:
        Game.from_position(position)
    assert problem in str(err.value)


def test_the_reference_position_is_valid():
    assert Game.from_position(base()).position() == base()


def test_redeals_out_of_range_for_a_game_without_redeals():
    pos = Game("forty_thieves", deal=5).position()
    pos["redeals_left"] = 1
    with pytest.raises(ValueError, match="from 0 to 0 for Forty Thieves"):
        Game.from_position(pos)


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_the_tableau_must_have_the_variant_columns(vid):
    pos = Game(vid, deal=1).position()
    pos["tableau"].append([])
    with pytest.raises(ValueError, match=f"{RULES[vid].columns} columns"):
        Game.from_position(pos)


def test_huge_inputs_give_short_messages():
    for pos in (tableau_with(["Q" * 100_000]), changed(**{"k" * 100_000: 1}), changed(variant="v" * 100_000),
                tableau_with(["<" + "Q" * 100_000 + ">", "AS"])):
        with pytest.raises(ValueError) as err:
            Game.from_position(pos)
        assert len(str(err.value)) < 300


def test_counts_list_every_wrong_card_briefly():
    pos = changed(stock=[], waste=[])
    with pytest.raises(ValueError) as err:
        Game.from_position(pos)
    message = str(err.value)
    missing = [c for c, n in card_counts(base()).items() if card_counts(pos)[c] != n]
    assert missing and len(message) < 300
    assert f"and {len(missing) - 8} more" in message


# --------------------------------------------------------------------------- nothing is executed
CODE = "__import__('builtins').__setattr__('FT_WIDGET_PWNED', 1)"


@pytest.mark.parametrize("where", ["variant", "card", "stock", "key", "deal"])
def test_code_in_a_position_is_data_not_instructions(where):
    pos = {
        "variant": changed(variant=CODE),
        "card": tableau_with([CODE]),
        "stock": swap_first_card("stock", CODE),
        "key": changed(**{CODE: CODE}),
        "deal": changed(deal=CODE),
    }[where]
    with pytest.raises(ValueError):
        Game.from_position(pos)
    assert not hasattr(builtins, "FT_WIDGET_PWNED")


def test_loading_code_uses_no_eval_exec_or_pickle():
    for module in (ft_widget.position, ft_widget.game, ft_widget.cards, ft_widget.deal):
        source = inspect.getsource(module)
        assert not re.search(r"(?<![.\w])(eval|exec|compile|__import__)\(", source), module.__name__
        for word in ("pickle", "marshal", "yaml", "shelve"):
            assert word not in source, (module.__name__, word)

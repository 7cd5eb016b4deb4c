"""Deals (docs/rules.md points 3 and 7): deal N is PySolFC game #N, laid out row by row.

Two independent witnesses of PySolFC's order: ``pysol_cards.random.shuffle`` called
directly, and ``pysol_cards.deal_game`` (its own dealer for PySolFC games) dealing
Gypsy, a two-deck game with the same deck, whose printed layout we read back as text.
"""

import pytest
from conftest import RULES
from pysol_cards.cards import CardRenderer, createCards
from pysol_cards.deal_game import Game as PysolDealer
from pysol_cards.random import shuffle
from pysol_cards.random_base import RandomBase

from ft_widget import VARIANTS, Game, card_str

# deals on both of PySolFC's generators: Microsoft's LCG (N ≤ 32000), Mersenne Twister above
DEALS = [1, 617, 11982, 32000, 32001, 123456, 10**12, 10**20]


def pysol_order(deal: int, drop_aces: bool = False) -> list[str]:
    """PySolFC's talon for game ``deal``, top (first dealt) first, as card text."""
    deck = createCards(2)
    if drop_aces:
        deck = [c for c in deck if c.rank != 1]
    cards = shuffle(deck, deal, RandomBase.DEALS_PYSOLFC)
    cards.reverse()
    renderer = CardRenderer(print_ts=True)
    return [renderer.to_s(c) for c in cards]


def layout(game: Game) -> tuple[list[list[str]], list[str]]:
    """The game's columns (bottom to top, face-down included) and stock as dealt (next first)."""
    cols = [[card_str(c) for c in col] for col in game.tableau]
    return cols, [card_str(c) for c in reversed(game.stock)]


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("vid", RULES)
def test_deal_is_pysolfc_shuffle_dealt_row_by_row(vid, deal):
    r = RULES[vid]
    order = pysol_order(deal, drop_aces=r.aces_start)
    cols, stock = layout(Game(vid, deal=deal))
    n = r.columns * r.cards_per_column
    expected = [[order[row * r.columns + c] for row in range(r.cards_per_column)] for c in range(r.columns)]
    assert cols == expected
    assert stock == order[n:]  # the stock's top is the card PySolFC turns onto its waste first


@pytest.mark.parametrize("deal", [1, 5, 24000, 32001, 99999999])
def test_deal_matches_pysol_cards_own_dealer(deal):
    # Gypsy: 8 columns, 2 rows face down + 1 face up, the rest to the talon, same two decks
    text = PysolDealer("gypsy", deal, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    lines = text.splitlines()
    talon = lines[0].removeprefix("Talon: ").split()
    rows = list(zip(*[line.replace("<", "").replace(">", "").split() for line in lines[1:9]], strict=True))
    order = [c for row in rows for c in row] + talon
    assert len(order) == 104
    cols, stock = layout(Game("forty_thieves", deal=deal))
    assert cols == [[order[row * 10 + c] for row in range(4)] for c in range(10)]
    assert stock == order[40:]


def test_known_opening_of_forty_thieves_game_1():
    # written down once from pysol_cards 0.24's Gypsy game #1 listing, so a change of generator shows
    cols, stock = layout(Game("forty_thieves", deal=1))
    assert cols[0] == ["3D", "AS", "KD", "7D"]
    assert cols[1] == ["5H", "8C", "2H", "9S"]
    assert cols[2] == ["JC", "6C", "TD", "8H"]
    assert stock[:5] == ["3S", "9C", "7D", "4S", "8H"]


@pytest.mark.parametrize("vid", RULES)
def test_same_number_same_deal_different_number_different_deal(vid):
    assert Game(vid, deal=77).position() == Game(vid, deal=77).position()
    assert Game(vid, deal=77).position() != Game(vid, deal=78).position()
    assert Game(vid, deal=40000).position() == Game(vid, deal=40000).position()


@pytest.mark.parametrize("vid", RULES)
def test_deal_sizes_and_starting_piles(vid):
    r = RULES[vid]
    game = Game(vid, deal=3)
    assert [len(c) for c in game.tableau] == [r.cards_per_column] * r.columns
    assert len(game.stock) == r.stock_size
    assert game.waste == []
    assert game.redeals_left == r.redeals
    assert game.history == [] and not game.can_undo and not game.can_redo
    assert sum(len(c) for c in game.tableau) + len(game.stock) + game.cards_home == 104


@pytest.mark.parametrize("vid", RULES)
def test_bottom_cards_dealt_face_down(vid):
    r = RULES[vid]
    game = Game(vid, deal=11)
    assert game.face_down_counts == [r.face_down] * r.columns
    for col in game.position()["tableau"]:
        assert [c.startswith("<") for c in col] == [True] * r.face_down + [False] * (len(col) - r.face_down)


@pytest.mark.parametrize("deal", [2, 32001])
def test_lucas_aces_start_on_the_foundations(deal):
    game = Game("lucas", deal=deal)
    assert sorted(p[0] for p in game.position()["foundations"]) == sorted(["AC", "AD", "AH", "AS"] * 2)
    assert all(len(p) == 1 for p in game.foundations)
    assert game.cards_home == 8
    dealt = [c for col in layout(game)[0] for c in col] + layout(game)[1]
    assert len(dealt) == 96 and not any(c.startswith("A") for c in dealt)
    assert [len(c) for c in game.tableau] == [3] * 13 and len(game.stock) == 57


@pytest.mark.parametrize("vid", RULES)
def test_dealt_game_holds_every_card_twice(vid):
    pos = Game(vid, deal=32002).position()
    piles = [*pos["tableau"], *pos["foundations"], pos["waste"], pos["stock"]]
    texts = [c.strip("<>") for p in piles for c in p]
    assert len(texts) == 104 and all(texts.count(t) == 2 for t in set(texts))


def test_a_position_remembers_its_deal_number():
    game = Game("maria", deal=4242)
    assert game.deal == 4242 and game.position()["deal"] == 4242
    assert Game.from_position(game.position()).deal == 4242


def test_game_without_a_deal_number_picks_one():
    game = Game("streets")
    assert isinstance(game.deal, int) and 1 <= game.deal
    assert game.position() == Game("streets", deal=game.deal).position()


@pytest.mark.parametrize("bad", [0, -1, 10**20 + 1, 1.0, "5", True, [5]])
def test_bad_deal_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="deal number"):
        Game("forty_thieves", deal=bad)


def test_largest_pysolfc_number_deals():
    game = Game("forty_thieves", deal=10**20)
    assert layout(game)[0][0] == pysol_order(10**20)[0::10][:4]


def test_variant_values_deal_like_their_ids():
    assert Game(VARIANTS["indian"], deal=9).position() == Game("indian", deal=9).position()

"""Card notation (docs/rules.md "Notation"): rank A 2-9 T J Q K (10 on input) + suit C D H S."""

import pytest
from conftest import ALL_CARDS, RANKS, SUITS

from ft_widget import card_name, card_str, card_symbol, parse_card
from ft_widget.cards import is_red, make_card, rank_of, suit_of, two_decks


def test_every_card_round_trips_through_its_notation():
    cards = [parse_card(text) for text in ALL_CARDS]
    assert sorted(cards) == list(range(52))  # 52 different ints
    assert [card_str(c) for c in cards] == ALL_CARDS


@pytest.mark.parametrize("text, rank, suit", [
    ("AC", 1, "C"), ("2D", 2, "D"), ("TH", 10, "H"), ("JS", 11, "S"), ("QH", 12, "H"), ("KD", 13, "D"),
])
def test_rank_and_suit_read_from_text(text, rank, suit):
    card = parse_card(text)
    assert rank_of(card) == rank
    assert SUITS[suit_of(card)] == suit
    assert card == make_card(rank, SUITS.index(suit))


@pytest.mark.parametrize("text", ["10H", "10h", "Th", "th", "T♥", "10♥", " TH ", "T♡"])
def test_input_accepts_ten_lowercase_and_unicode_suits(text):
    assert card_str(parse_card(text)) == "TH"


@pytest.mark.parametrize("text", [
    "", "Q", "H", "1H", "11H", "0S", "QX", "QHH", "<QH>", "Queen of Hearts", "1 0H", "Q-H", "x" * 10_000,
])
def test_unknown_card_text_is_refused_with_a_hint(text):
    with pytest.raises(ValueError, match="unknown card"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 12, 1.5, ["QH"], b"QH"])
def test_non_text_is_refused(value):
    with pytest.raises(ValueError, match="text"):
        parse_card(value)


def test_huge_card_text_gives_a_short_message():
    with pytest.raises(ValueError) as err:
        parse_card("Q" * 100_000)
    assert len(str(err.value)) < 200


def test_display_uses_unicode_suits_and_spells_ten():
    assert card_symbol(parse_card("QH")) == "Q♥"
    assert card_symbol(parse_card("TS")) == "10♠"
    assert card_symbol(parse_card("AC")) == "A♣"
    assert card_symbol(parse_card("7D")) == "7♦"


def test_names_for_screen_readers():
    assert card_name(parse_card("QH")) == "Queen of Hearts"
    assert card_name(parse_card("AS")) == "Ace of Spades"
    assert card_name(parse_card("TD")) == "Ten of Diamonds"
    assert card_name(parse_card("2C")) == "Two of Clubs"


def test_colours_hearts_and_diamonds_are_red():
    for text in ALL_CARDS:
        assert is_red(parse_card(text)) == (text[1] in "HD"), text


def test_ace_is_low_king_is_high():
    ranks = [rank_of(parse_card(r + "S")) for r in RANKS]
    assert ranks == list(range(1, 14))


def test_two_decks_hold_every_card_exactly_twice():
    deck = two_decks()
    assert len(deck) == 104
    assert all(deck.count(c) == 2 for c in range(52))

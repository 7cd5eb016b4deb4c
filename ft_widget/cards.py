"""Cards and their notation.

A card is a plain ``int`` (like a square in python-chess): ``suit * 13 + rank - 1``
with suits in notation order ``C D H S`` and ranks 1 (Ace) … 13 (King). Ints keep the
engine and the solver fast; the functions here turn them into text and back.

Notation (docs/rules.md): rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` accepted on input)
plus suit ``C D H S``, e.g. ``QH``. Displays may use Unicode suits, ``Q♥``.
"""

from __future__ import annotations

import re

from .i18n import N_, gettext
from .limits import shown

Card = int

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
RANKS = "A23456789TJQK"
RANK_NAMES = (
    "Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
    "Eight", "Nine", "Ten", "Jack", "Queen", "King",
)
RED_SUITS = frozenset({1, 2})  # Diamonds, Hearts
#: Each card's name, whole: a rank and a suit are not joined in English word order, since the
#: languages differ in both order and agreement (Slovak "srdcová dáma" but "srdcové eso").
CARD_NAMES = (
    N_("Ace of Clubs"), N_("Two of Clubs"), N_("Three of Clubs"), N_("Four of Clubs"),
    N_("Five of Clubs"), N_("Six of Clubs"), N_("Seven of Clubs"), N_("Eight of Clubs"),
    N_("Nine of Clubs"), N_("Ten of Clubs"), N_("Jack of Clubs"), N_("Queen of Clubs"),
    N_("King of Clubs"),
    N_("Ace of Diamonds"), N_("Two of Diamonds"), N_("Three of Diamonds"), N_("Four of Diamonds"),
    N_("Five of Diamonds"), N_("Six of Diamonds"), N_("Seven of Diamonds"), N_("Eight of Diamonds"),
    N_("Nine of Diamonds"), N_("Ten of Diamonds"), N_("Jack of Diamonds"), N_("Queen of Diamonds"),
    N_("King of Diamonds"),
    N_("Ace of Hearts"), N_("Two of Hearts"), N_("Three of Hearts"), N_("Four of Hearts"),
    N_("Five of Hearts"), N_("Six of Hearts"), N_("Seven of Hearts"), N_("Eight of Hearts"),
    N_("Nine of Hearts"), N_("Ten of Hearts"), N_("Jack of Hearts"), N_("Queen of Hearts"),
    N_("King of Hearts"),
    N_("Ace of Spades"), N_("Two of Spades"), N_("Three of Spades"), N_("Four of Spades"),
    N_("Five of Spades"), N_("Six of Spades"), N_("Seven of Spades"), N_("Eight of Spades"),
    N_("Nine of Spades"), N_("Ten of Spades"), N_("Jack of Spades"), N_("Queen of Spades"),
    N_("King of Spades"),
)

ACE, KING = 1, 13


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1 = Ace … 13 = King) and ``suit`` (index into ``SUITS``)."""
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    return card % 13 + 1


def suit_of(card: Card) -> int:
    return card // 13


def is_red(card: Card) -> bool:
    return card // 13 in RED_SUITS


def _check(card: object) -> None:
    # -1 // 13 is -1, and SUITS[-1] a suit: without this, card_str(-1) was "KS"
    if not (isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52):
        raise ValueError(f"{card!r:.20} is not a card: a card is an int from 0 to 51")


def card_str(card: Card) -> str:
    """Notation text: ``QH``."""
    _check(card)
    return RANKS[card % 13] + SUITS[card // 13]


def card_symbol(card: Card) -> str:
    """Display text with a Unicode suit and ``10`` spelled out: ``Q♥``, ``10♠``."""
    _check(card)
    rank = card % 13 + 1
    return ("10" if rank == 10 else RANKS[rank - 1]) + SUIT_SYMBOLS[card // 13]


def card_name(card: Card) -> str:
    """Words for screen readers and messages, in the current language: ``Queen of Hearts``
    (``ft_widget.set_language``)."""
    _check(card)
    return gettext(CARD_NAMES[card])


_SYMBOL_TO_SUIT = {s: i for i, s in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♤": 3, "♡": 2, "♢": 1, "♧": 0})
# re.ASCII: Unicode case folding matched the long s "ſ" as S and the Kelvin sign "K" as K
_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([CDHS♣♦♥♠♤♡♢♧])$", re.IGNORECASE | re.ASCII)


def parse_card(text: str) -> Card:
    """Read ``QH``, ``qh``, ``10h``, ``Th`` or ``Q♥``; raise ``ValueError`` on anything else."""
    if not isinstance(text, str):
        raise ValueError(f"a card must be written as text like 'QH', not {shown(text, 20)}")
    m = _CARD_RE.match(text.strip())
    if not m:
        raise ValueError(
            f"unknown card {shown(text, 20)}: write a rank (A 2-9 T J Q K) and a suit (C D H S), like 'QH'"
        )
    rank_text, suit_text = m.group(1).upper(), m.group(2).upper()
    rank = 10 if rank_text == "10" else RANKS.index(rank_text) + 1
    suit = SUITS.index(suit_text) if suit_text in SUITS else _SYMBOL_TO_SUIT[suit_text]
    return make_card(rank, suit)


def two_decks() -> list[Card]:
    """All 104 cards, each of the 52 twice."""
    return list(range(52)) * 2

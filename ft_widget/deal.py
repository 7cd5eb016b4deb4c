"""Deal number → opening layout, exactly as PySolFC deals game #N.

PySolFC's shuffle comes from the ``pysol_cards`` package (PySolFC's published random
number generators: Microsoft's LCG for N ≤ 32000, Mersenne Twister above). Its deck
order is two decks of Clubs, Spades, Hearts, Diamonds, Ace…King each. PySolFC puts the
shuffled cards into its talon (top = last) and deals row by row, left to right, face-down
rows first; its first card after the tableau goes to the waste, which is our stock's top.
"""

from __future__ import annotations

from pysol_cards.cards import createCards
from pysol_cards.random import shuffle
from pysol_cards.random_base import RandomBase

from .cards import ACE, Card, make_card
from .limits import shown
from .variants import Variant

# pysol_cards' suit index (C S H D) → ours (C D H S)
_PYSOL_SUIT = (0, 3, 2, 1)

#: PySolFC accepts game numbers up to this bound.
MAX_DEAL = RandomBase.MAX_SEED


def check_deal_number(deal: object) -> int:
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise ValueError(f"a deal number must be a whole number, not {shown(deal)}")
    if not 1 <= deal <= MAX_DEAL:  # PySolFC's game numbers start at 1 (its LCG refuses 0)
        raise ValueError(f"deal number {shown(deal)} is out of range: use 1 … {MAX_DEAL}")
    return deal


def shuffled_deck(variant: Variant, deal: int) -> list[Card]:
    """The cards in the order they leave PySolFC's talon (first dealt first)."""
    check_deal_number(deal)
    deck = createCards(2)
    if variant.aces_start:  # docs/rules.md point 7: Aces out before the shuffle
        deck = [c for c in deck if c.rank != ACE]
    cards = shuffle(deck, deal, RandomBase.DEALS_PYSOLFC)
    cards.reverse()  # PySolFC's talon top is the end of the shuffled list
    return [make_card(c.rank, _PYSOL_SUIT[c.suit]) for c in cards]


def deal_layout(variant: Variant, deal: int) -> tuple[list[list[Card]], list[Card], list[list[Card]]]:
    """``(tableau, stock, foundations)``, every list bottom to top (stock top = last)."""
    cards = shuffled_deck(variant, deal)
    n = variant.columns
    tableau: list[list[Card]] = [[] for _ in range(n)]
    for i in range(variant.tableau_cards):
        tableau[i % n].append(cards[i])
    stock = cards[variant.tableau_cards:]
    stock.reverse()
    if variant.aces_start:
        # pairs in PySolFC's suit order, as its foundations are laid out
        foundations = [[make_card(ACE, _PYSOL_SUIT[i // 2])] for i in range(8)]
    else:
        foundations = [[] for _ in range(8)]
    return tableau, stock, foundations

"""Reading and checking a docs/rules.md position.

Loading is plain data checking: JSON in, lists of ints out, nothing executed. Every
problem raises ``ValueError`` naming the pile and the card, so a hand-edited or
corrupted file says what is wrong with it.
"""

from __future__ import annotations

import json
from collections import Counter

from .cards import Card, card_str, parse_card, rank_of, suit_of
from .deal import check_deal_number
from .limits import shown
from .variants import Variant, get_variant

REQUIRED = ("variant", "tableau", "foundations", "waste", "stock", "redeals_left")
OPTIONAL = ("deal",)


class _RepeatedKey(ValueError):
    """A key given twice in one JSON object."""


def _no_repeated_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object's dict; ``_RepeatedKey`` for a key given twice (``json`` keeps the last one
    silently: a record edited by hand could show one value to its reader and load another)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(key)
            seen.add(key)
    return obj


def read_json(text: str | bytes, what: str) -> object:
    """The value JSON ``text`` holds; ``ValueError`` saying ``what`` is not valid JSON (a nesting
    too deep for the parser too, which Python reports as a RecursionError), or naming a key
    given twice in one object."""
    try:
        return json.loads(text, object_pairs_hook=_no_repeated_keys)
    except _RepeatedKey as error:
        raise ValueError(f"{what} gives the key {shown(error.args[0], 30)} twice in one object: "
                         "a key may appear only once") from None
    except ValueError as error:
        raise ValueError(f"{what} is not valid JSON: {error}") from None
    except RecursionError:
        raise ValueError(f"{what} is not valid JSON: it is nested too deeply") from None


def _card_list(value: object, where: str, allow_face_down: bool = False) -> tuple[list[Card], int]:
    """Parse a pile; return its cards and how many of them are face down (at the bottom)."""
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of cards, not {type(value).__name__}")
    cards, down, seen_up = [], 0, False
    for k, text in enumerate(value):
        if not isinstance(text, str):
            raise ValueError(f"{where}, card {k + 1}: expected text like 'QH', got {type(text).__name__}")
        hidden = text.startswith("<") and text.endswith(">") and len(text) > 2
        if hidden:
            if not allow_face_down:
                raise ValueError(f"{where}: face-down cards ({text[:20]}) belong only in tableau columns")
            if seen_up:
                raise ValueError(f"{where}: face-down card {text[:20]} lies above a face-up card")
            text = text[1:-1]
            down += 1
        else:
            seen_up = True
        try:
            cards.append(parse_card(text))
        except ValueError as e:
            raise ValueError(f"{where}, card {k + 1}: {e}") from None
    return cards, down


def read_position(position: object, variant: Variant | None = None):
    """Check a position dict and return its parts as the engine keeps them.

    ``variant`` is the game's rules when they are not one of ``VARIANTS`` (a custom variant):
    the position's ``"variant"`` must then be its id."""
    if not isinstance(position, dict):
        raise ValueError(f"a position must be a JSON object (dict), not {type(position).__name__}")
    missing = [k for k in REQUIRED if k not in position]
    if missing:
        raise ValueError(f"position is missing {', '.join(repr(k) for k in missing)}")
    unknown = [k for k in position if k not in REQUIRED + OPTIONAL]
    if unknown:
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        raise ValueError(f"position has unknown key(s) {', '.join(shown(k, 30) for k in unknown[:3])}{more}")
    if variant is None:
        variant = get_variant(position["variant"])
    elif position["variant"] != variant.id:
        raise ValueError(f"the position is of variant {shown(position['variant'], 40)}, not {variant.id!r}")

    raw = position["tableau"]
    if not isinstance(raw, list) or len(raw) != variant.columns:
        n = len(raw) if isinstance(raw, list) else type(raw).__name__
        raise ValueError(f"tableau must be a list of {variant.columns} columns for {variant.name}, got {n}")
    tableau, down = [], []
    for i, col in enumerate(raw):
        cards, d = _card_list(col, f"column {i + 1}", allow_face_down=True)
        if cards and d == len(cards):
            raise ValueError(f"column {i + 1}: its top card is face down, but a top card is always turned up")
        tableau.append(cards)
        down.append(d)

    raw = position["foundations"]
    if not isinstance(raw, list) or len(raw) != 8:
        n = len(raw) if isinstance(raw, list) else type(raw).__name__
        raise ValueError(f"foundations must be a list of exactly 8 piles, got {n}")
    foundations = []
    for i, pile in enumerate(raw):
        cards, _ = _card_list(pile, f"foundation {i + 1}")
        for k, c in enumerate(cards):
            if rank_of(c) != k + 1 or suit_of(c) != suit_of(cards[0]):
                raise ValueError(
                    f"foundation {i + 1} must be built up from the Ace in one suit, "
                    f"but card {k + 1} is {card_str(c)}"
                )
        foundations.append(cards)

    waste, _ = _card_list(position["waste"], "waste")
    stock, _ = _card_list(position["stock"], "stock")
    check_piles(variant, tableau, foundations, waste, stock, position["redeals_left"], checked=True)

    deal = position.get("deal")
    if deal is not None:
        deal = check_deal_number(deal)
    return variant, tableau, down, foundations, waste, stock, position["redeals_left"], deal


def check_piles(variant: Variant, tableau, foundations, waste, stock, redeals, checked: bool = False) -> None:
    """Check a position given as piles of card ints (the engine's own form); ``ValueError`` naming
    the problem. ``checked``: the foundations' order was already checked (by ``read_position``)."""
    if len(tableau) != variant.columns or len(foundations) != 8:
        raise ValueError(f"{variant.name} has {variant.columns} columns and 8 foundations, "
                         f"got {len(tableau)} and {len(foundations)}")
    if not checked:
        for i, pile in enumerate(foundations):
            for k, c in enumerate(pile):
                if rank_of(c) != k + 1 or suit_of(c) != suit_of(pile[0]):
                    raise ValueError(f"foundation {i + 1} must be built up from the Ace in one suit, "
                                     f"but card {k + 1} is {card_str(c)}")
    if isinstance(redeals, bool) or not isinstance(redeals, int) or not 0 <= redeals <= variant.redeals:
        raise ValueError(f"redeals_left must be a whole number from 0 to {variant.redeals} "
                         f"for {variant.name}, "
                         f"got {shown(redeals)}")
    counts = Counter(c for pile in (*tableau, *foundations, waste, stock) for c in pile)
    if not checked and any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52 for c in counts):
        bad = next(c for c in counts if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52)
        raise ValueError(f"cards are ints 0–51, got {shown(bad)}")
    wrong = sorted((c for c in range(52) if counts[c] != 2), key=lambda c: (suit_of(c), rank_of(c)))
    if wrong:
        listed = ", ".join(f"{card_str(c)} ×{counts[c]}" for c in wrong[:8])
        more = f" and {len(wrong) - 8} more" if len(wrong) > 8 else ""
        raise ValueError(f"every card must appear exactly twice across all piles: {listed}{more}")

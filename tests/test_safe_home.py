"""Auto-play sends a card home only when that can never spoil the game (the two-deck rule R4).

The board's Auto-play, ``auto_home`` and the cautious policy all use ``Game.safe_move_home``, which
asks ``ft_widget.rules.safe_home``; the solver's sound search forces the same moves. These tests
hold the position that the old single-deck rule lost, judge the rule from docs/rules.md alone, and
check on random late positions of every variant that Auto-play never turns a won position lost.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import RANKS, VARIANT_IDS, builds_on, make_game, random_position, rank, suit
from test_solver_pruning import exhaustive, small_position

from ft_widget import Board, Game

FULL = [[r + s for r in RANKS] for s in "CDS" for _ in range(2)]


def maria_trap() -> Game:
    """Hearts at 4 and 3; the second 5♥ sits on the missing 4♥. Sending the first 5♥ home makes
    both piles climb on one side, and 4♥ is buried for good (no empty column ever comes)."""
    return make_game("maria", ["KH KH 5H", "4H 5H", "6H 6H", "7H 7H", "8H 8H", "9H 9H", "TH TH",
                               "JH JH", "QH QH"],
                     foundations=["AH 2H 3H 4H", "AH 2H 3H", *FULL], stock="")


def single_deck_safe(game: Game):
    """The rule the board used before: safe when every card that could be built on it is home
    (both copies), Aces and Twos always. Kept here to show what the test positions catch."""
    home = Counter(c for pile in game.foundations for c in pile)
    for move in game.legal_moves():
        if not move.is_home:
            continue
        card = game.waste[-1] if move.from_waste else game.tableau[move.src][-1]
        r = card % 13 + 1
        lower = [s * 13 + r - 2 for s in range(4)]
        if r <= 2 or all(home[x] == 2 for x in lower if builds_on_int(x, card, game)):
            return move
    return None


def builds_on_int(card: int, onto: int, game: Game) -> bool:
    from ft_widget.rules import can_build

    return can_build(card, onto, game.variant.build)


def autoplay(game: Game, rule=Game.safe_move_home) -> Game:
    g = game.copy()
    while (move := rule(g)) is not None:
        g.play(move)
    return g


def test_the_maria_trap_is_won_and_autoplay_keeps_it_won():
    game = maria_trap()
    assert exhaustive(game, prune=False, max_states=50_000) == "won"
    assert game.safe_move_home() is None  # neither 5♥ is safe: the other copy needs the 4♥ first
    board = Board(game)
    assert board.autoplay() == [] and board.game.history == []
    board.play("2>f")  # the winning start: the 5♥ off the 4♥, then the 4♥ fits the other pile
    assert str(board.game.safe_move_home()) == "2>f"
    assert exhaustive(board.game, prune=False, max_states=50_000) == "won"


def test_the_single_deck_rule_loses_the_maria_trap():
    """The old rule sends 5♥, 6♥ … K♥ up one pile and leaves 4♥ under 5♥: lost."""
    spoiled = autoplay(maria_trap(), single_deck_safe)
    assert [str(m) for m in spoiled.history][:2] == ["1>f", "3>f"]
    assert spoiled.is_stuck and exhaustive(spoiled, prune=False) == "lost"


def test_aces_always_and_twos_once_both_aces_are_home():
    game = make_game("forty_thieves", ["2H", "AD", "KS KS"], foundations=["AH"], stock=None)
    assert str(game.safe_move_home()) == "2>f"  # an Ace: eight piles for eight Aces
    game.play("2>f")
    assert game.safe_move_home() is None  # 2♥ fits, but the other 2♥ would need the other A♥ first
    game = make_game("forty_thieves", ["2H", "KS KS"], foundations=["AH", "AH"], stock=None)
    assert str(game.safe_move_home()) == "1>f"


def test_from_the_waste_only_when_the_stock_deals_one_card():
    for variant, expected in (("streets", "w>f"), ("little_forty", None)):
        game = make_game(variant, ["KS KS"], waste="AH", stock=None)
        assert (str(m) if (m := game.safe_move_home()) else None) == expected, variant


def reference_safe(position: dict, card: str, stock_deal_one: bool, from_waste: bool) -> bool:
    """docs/rules.md's safe-home rule, from the position JSON and the rules table alone."""
    from conftest import RULES

    build = RULES[position["variant"]].build
    home = Counter(c for pile in position["foundations"] for c in pile)
    r, s = rank(card), suit(card)
    if from_waste and not stock_deal_one:
        return False
    fits = any((not p and r == 1) or (p and p[-1] == RANKS[r - 2] + s) for p in position["foundations"])
    if not fits:
        return False
    if r == 1:
        return True
    lower_home = home[RANKS[r - 2] + s] == 2 or home[card] >= 1
    builders_home = all(home[RANKS[r - 2] + t] == 2 for t in "CDHS"
                        if builds_on(RANKS[r - 2] + t, card, build))
    return lower_home and builders_home


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_safe_move_home_agrees_with_the_reference(variant, rng):
    from conftest import RULES

    checked = safe = 0
    for _ in range(300):
        position = random_position(variant, rng)
        game = Game.from_position(position)
        tops = [(f"{i + 1}>f", col[-1], False) for i, col in enumerate(position["tableau"]) if col]
        if position["waste"]:
            tops.append(("w>f", position["waste"][-1], True))
        one = RULES[variant].stock_deal == 1
        expected = next((m for m, card, w in tops if reference_safe(position, card, one, w)), None)
        got = game.safe_move_home()
        assert (str(got) if got else None) == expected, position
        checked += 1
        safe += expected is not None
    assert safe >= 10 and checked - safe >= 10  # both answers were really tested


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_autoplay_never_turns_a_won_position_lost(variant):
    """Random late positions: when the plain exhaustive search wins, it still wins after Auto-play."""
    rng = random.Random(f"autoplay-{variant}")
    tried = played = 0
    while tried < 30:
        game = small_position(variant, rng, rng.randint(6, 12))
        if game.safe_move_home() is None:
            continue
        if exhaustive(game, prune=False, max_states=15_000) != "won":
            continue
        after = autoplay(game)
        tried += 1
        played += len(after.history)
        assert exhaustive(after, prune=False, max_states=30_000) == "won", game.position()
    assert played >= tried  # every sample sent at least one card home

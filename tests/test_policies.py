"""Playing policies: legal moves only, repeatable, each game ends, and a notebook can write one."""

from __future__ import annotations

import random

import pytest

from ft_widget import POLICIES, VARIANTS, Choice, Game, play_policy
from ft_widget.expert import Expert
from ft_widget.policies import cautious_choice, quick

# the expert solves sampled worlds as it plays: its games are the heavy ones. The policies that are
# not quick (the deep expert: whole games of 10 CPU s on average and up to 45, over a minute in
# Little Forty even at test budgets) are measured by tools/deep_expert.py, and tests/test_expert.py
# plays the deep expert through games with small budgets.
WHOLE_GAMES = [n for n in POLICIES if quick(n)]


def test_the_policies_say_whether_their_games_are_quick():
    """The one place that knows which policies play whole games in seconds (tests and notebooks ask)."""
    assert [n for n in POLICIES if not quick(n)] == ["deep_expert"]
    assert quick(POLICIES["expert"]) and not quick(POLICIES["deep_expert"])
    assert not quick(Expert(strength="deep")) and quick(Expert())
    assert quick(lambda game, rng: None)  # one of yours
    with pytest.raises(ValueError, match="quick: unknown policy 'deeper'"):
        quick("deeper")


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "expert" else n
                                  for n in WHOLE_GAMES])
@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_policies_play_legal_moves_to_an_end(name, variant_id):
    game = Game(variant_id, deal=7)
    before = game.position()
    result = play_policy(game, name, rng=3, max_moves=400)
    assert game.position() == before  # plays on a copy
    assert result.status in ("won", "stuck", "lost") and result.why
    replay = game.copy()
    for m in result.moves:
        replay.play(m)  # every move was legal
    assert replay.cards_home == result.cards_home == result.game.cards_home
    assert len(result.moves) <= 400
    again = play_policy(game, POLICIES[name], rng=3, max_moves=400)
    assert again.moves == result.moves  # the same seed plays the same game


def test_a_three_line_policy_from_a_notebook():
    def home_or_deal(game, rng):
        moves = game.legal_moves()
        return next((m for m in moves if str(m).endswith(">f")), moves[-1] if moves else None)

    result = play_policy(Game("maria", deal=7), home_or_deal)
    assert result.status in ("won", "stuck", "lost") and result.moves


def test_cautious_wins_more_than_random():
    deals = range(1, 31)
    wins = {name: sum(play_policy(Game("lucas", deal=d), name, rng=d).status == "won" for d in deals)
            for name in ("random", "cautious")}
    homes = {name: sum(play_policy(Game("lucas", deal=d), name, rng=d).cards_home for d in deals)
             for name in ("random", "cautious")}
    assert wins["cautious"] >= wins["random"]
    assert homes["cautious"] > homes["random"]


def test_cautious_choice_explains_itself():
    game = Game("forty_thieves", deal=1)
    choice = cautious_choice(game, random.Random(0))
    assert isinstance(choice, Choice) and choice.move in game.legal_moves() and len(choice.reason) > 10


def test_a_policy_that_returns_to_a_position_is_stopped():
    def back_and_forth(game, rng):
        moves = [m for m in game.legal_moves() if m.src < 13 and m.dst < 13]
        return moves[0] if moves else None

    result = play_policy(Game("number_ten", deal=2), back_and_forth)
    assert result.status == "lost"

# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Number Ten: how to play it
#
# Number Ten hides twenty cards: each of its ten columns of four has its **two bottom cards face
# down**. You build down in **alternate colours**, and a run in order may be moved **whole or in
# part** in one go. The stock of 64 is turned one card at a time, once through
# ([the rules](../docs/rules.md)). So a Number Ten game is spent digging, and runs are the
# spade.
#
# **Rules of thumb**
#
# 1. **Move runs, not single cards.** A run carried in one move clears a column down to what it
#    covers; card by card, the same clearing needs spaces you rarely have.
# 2. **Into an empty column, move a run whole,** not just its top card: the whole run clears its
#    column down to a hidden card or one the foundations want.
# 3. **When two columns can each be dug down to a hidden card, dig the one with more hidden.**
#    The choice is rare and worth little; when it comes, this is the better side.
#
# Below, each rule gets a real position, the figures behind it, and a puzzle.

# %%
from IPython.display import display

from ft_widget import Board, Game, Move, puzzles
from ft_widget.experiments import compare_choices, compare_players, effects_table, rows
from ft_widget.teaching import (
    PuzzleCard,
    fork_row,
    habit_game_reviewed,
    losing_move_row,
    losing_move_text,
    picture,
    turns_up_card,
)

GAME = "number_ten"
picture(Game(GAME, deal=2), caption="Number Ten, deal 2: the bottom two cards of each column face down")

# %% [markdown]
# ## Where the figures come from
#
# The evidence has two parts. Whole games: a rule-bound player with no look-ahead, seeing only
# what you see, played deals 1 to 1,000 once as it is and once for each habit changed. It has not
# won a single Number Ten deal, so the measure is how many cards it gets home. Single decisions:
# on deals 1 to 200, the first moment the two versions chose differently went to the solver,
# which also sees the face-down cards, to say whether a win was still there after each choice.
# For no change did those decisions show a measurable difference: two orders of much the same
# moves seldom settle a deal ([reading the figures](10_rule_differences.ipynb#How-the-lessons-measure)).

# %%
games, dig_games = rows(GAME, "games"), rows(GAME, "dig_games")  # the second run: the digging changes
forks = rows(GAME, "forks") + rows(GAME, "dig_forks")


# %% [markdown]
# ## 1. Move runs, not single cards
#
# Deal 118, five moves in: the plain player carries a two-card run across; a player who moves
# one card at a time deals instead.

# %%
def effects(change, table=games):
    """The change in whole games (cards home) and at the first positions where it matters (the solver)."""
    return {f"{change} (whole games)": compare_players(table, "habit", change),
            f"{change} (first positions)": compare_choices(forks, change, "habit", "changed")}


display(fork_row(GAME, forks, "move one card at a time", 118))
effects_table(effects("move one card at a time"), caption="Number Ten: one card at a time instead of runs")

# %% [markdown]
# No other habit costs as much. **Practice.** Most Number Ten puzzles have the theme *dig out a
# buried card*, and in each of those the answer moves a run. This one carries the longest:

# %%
digging = [p for p in puzzles(GAME) if p.theme == "dig_out_a_card"]
longest = max(digging, key=lambda p: max(Move(a).count for a in p.answers))
PuzzleCard(longest)

# %% [markdown]
# On a live board, once the notebook runs (the Hint button gives clues):

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(longest)

# %% [markdown]
# ## 2. Into an empty column, move a run whole
#
# The plain player fills a space only when nothing else is left, with the first thing it finds,
# often the top card of a run. Deal 32: the top card alone into the space, or the whole run of
# ten.

# %%
display(fork_row(GAME, forks, "move runs whole", 32))
effects_table(effects("move runs whole"), caption="Number Ten: a whole run into an empty column")

# %% [markdown]
# The top card alone leaves the rest of the run covering everything under it, and the space is
# gone. In every *dig out a buried card* puzzle, the losing move spends the empty column on the
# waste's card. **Practice.** One whose answer puts a whole run into the space and turns up a
# hidden card:

# %%
p = next(p for p in digging if p is not longest and turns_up_card(p.game, p.answers[0]))
PuzzleCard(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## 3. Dig where more is hidden
#
# Sometimes two columns can each be cleared down to a hidden card at the same moment. Klondike
# players turn up the bigger pile of unknowns first; others take the column nearest to empty.
# Deal 39: the plain player takes the first it finds, the changed one the column with more
# hidden cards.

# %%
display(fork_row(GAME, forks, "dig where most cards are face down", 39))
most, fewest = "dig where most cards are face down", "dig where fewest cards are face down"
effects_table({**effects(most, dig_games), **effects(fewest, dig_games),
               "most rather than fewest (whole games)": compare_players(dig_games, fewest, most)},
              caption="Number Ten: which column to dig first")

# %% [markdown]
# Against taking the first column that comes, neither choice made a measurable difference: the
# choice changes the game in few deals. Set against each other, digging where more is hidden
# sends a little more home (the interval's low end is above zero, though it rounds to 0.0). A
# small rule, then: when you have the choice, go for the bigger pile of unknowns.
#
# **Practice.** A puzzle of another theme, *deal on*: the waste's card fits on a column, yet
# playing it there loses. Look at what it would cover.

# %%
p = next(p for p in puzzles(GAME) if p.theme == "deal_rather_than_place")
PuzzleCard(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## A game reviewed
#
# One game, read back. `foundations_first` never looks past its next move: home if possible,
# else the waste's card, else whatever uncovers a card, else the stock. It loses deal 40, which
# the solver wins. `review` marks each move twice: by the fair expert, from the cards in view,
# and by the solver, from all of them. The position before the losing move is hard to prove
# won, so the solver's budget here is 1,000,000 positions a move, ten times the default.

# %%
reviewed = habit_game_reviewed(GAME, 40, rng=1, solver_states=1_000_000)
reviewed.plot()

# %%
print(losing_move_text(reviewed))
losing_move_row(reviewed)

# %% [markdown]
# Sending a card home looks like pure gain, but this 10♦ was the only red ten in reach, and
# column 8's last hidden card lies under a run headed by the 9♣, which can move only onto a red
# ten. Sent home, the 10♦ takes that run's one seat with it. With alternate colours, a card left
# on the table is a seat for the next card down: digging, seen from the other side. All of
# Number Ten's puzzles come one after another on `Board.training("number_ten")`.
#
# Every experiment above, with its command and budget, is in
# [Number Ten: the lab behind the lesson](lab/number_ten.ipynb).

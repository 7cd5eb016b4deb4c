# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.7
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Number Ten
#
# Number Ten deals ten columns of four, and the **bottom two cards of each column lie face
# down**: a game begins with half the table hidden. You build down in **alternate
# colours**, red on black and black on red, and a run in order moves **whole or in part** in one
# go. The stock of 64 is turned one card at a time, once ([the rules](../docs/rules.md); the
# family side by side in [10_rule_differences](10_rule_differences.ipynb)). So a Number Ten game is
# spent digging, and runs are the spade: a long run moved in one go uncovers what a player who
# moves single cards never reaches.
#
# Four rules of thumb follow, each with the case where it bends. The positions that show them are
# real ones from the shipped puzzles, chosen because their verdict holds over every way the hidden
# cards could lie. The figures come from a rule-bound *habit player*, with no look-ahead, playing
# the same thousand deals with and without one habit changed. It never won a Number Ten deal, so
# it is measured by the cards it gets home
# ([reading the figures](10_rule_differences.ipynb#How-the-lessons-measure)).

# %%
from ft_widget import Board, Game
from ft_widget.experiments import compare_players, rows
from ft_widget.teaching import fork_row, lesson_rules_list, picture, rule_steps

GAME, games, dig_games = "number_ten", rows("number_ten", "games"), rows("number_ten", "dig_games")
picture(Game(GAME, deal=2), caption="Number Ten, deal 2: the bottom two cards of each column face down")

# %% [markdown]
# The rules as the board states them, each with its bend and the puzzle themes it trains:

# %%
lesson_rules_list(GAME)

# %% [markdown]
# ## Carry a run whole
#
# With alternate colours a run grows long: a red eight takes any black seven, and so on
# down. The card that matters is the one under the run, a hidden card or one the foundations
# want, and only moving the run off it brings it up. Carried in one move the run clears its column
# at once; taken apart card by card it needs places for every piece. Deal 32 shows the choice at
# an empty column: the top card alone, or the whole run of ten, with the solver's verdict after
# each.

# %%
fork_row(GAME, rows(GAME, "forks"), "move runs whole", 32)

# %% [markdown]
# No other habit measured in Number Ten costs as much as giving up runs:

# %%
compare_players(games, "habit", "move one card at a time",
                name="Moving one card at a time instead of runs")

# %% [markdown]
# The bend: a single card, split off a run, is the right move when the card it frees goes home
# or onto a column at once. No fair position shows that bend yet; the rule's own position does.
# An empty column waits, and the waste card, a whole run or a part of another run could go into
# it. Only one keeps the win.

# %%
rule_steps(GAME, "runs")

# %% [markdown]
# ## Dig down to the hidden cards
#
# Each column hides two cards, and a hidden card is one you cannot plan with: it may be the very
# card a stuck run needs. So the runs are carried off the hidden cards whenever there is room.
# When two columns can each be dug down to a hidden card at once, take the one with more hidden.
# The choice is rare and the gain small, but the interval stays above zero:

# %%
compare_players(dig_games, "dig where fewest cards are face down", "dig where most cards are face down",
                name="More hidden first, against fewer hidden first")

# %% [markdown]
# More of Number Ten's puzzles have the theme *Dig out a buried card* than any other: in 11 of
# those 12 the answer moves a run, and the losing habit spends the empty column on the waste card.
# In the position below, several columns could each be dug into the empty column, each freeing a
# card for home above the hidden ones; only one of those digs keeps the win. The rule's bend
# (leave the column when a card home or the waste card cannot wait) is the second position: the
# stock is spent, the waste card takes the empty column, and every card or run lifted into it from
# a column keeps a win in far fewer deals of the face-down cards.

# %%
rule_steps(GAME, "dig")

# %% [markdown]
# ## Send cards home as they fit
#
# A card home is a card less to place, and the theme *Send it home now* trains exactly that. But
# under alternate colours a card on the table is also a seat: a black six takes any red five,
# and a red five any black four. Sending the six home takes that seat away. So the bend, the
# theme *Hold a card back from home*: keep a card on the table while a card of the other colour,
# one rank below, needs it as its place. The rule's position is the plainest: two cards are left
# in the stock, the waste's Ace of spades goes home, and dealing past it keeps a win in far fewer
# deals of the cards you cannot see. In the bend's, a card of the table and the waste card both
# fit home, and either going home loses:

# %%
rule_steps(GAME, "home")

# %% [markdown]
# ## Play the waste card before you deal
#
# The stock goes round once, and the waste is last in, first out: a card dealt over is buried
# under every card after it. Place the waste card where it fits before dealing on. In the rule's
# position two cards are left in the stock and the waste's Seven of hearts fits on the Eight of
# clubs: placing it there keeps the win, while dealing past it, or sending it home, gives up
# wins. The bend is the theme *Deal on*: when the stock is nearly out, a card that fits may take
# the place a card on the table needs. In the bend's position one card is left in the stock, and
# the waste's Five of hearts fits on the Six of clubs, the place the Five of diamonds at the top of
# column 6 needs to free the Six of spades under it for home. Dealing keeps the win there, and
# placing the Five keeps none:

# %%
rule_steps(GAME, "deal")

# %% [markdown]
# ## Play it on the board
#
# The lesson board below plays the positions above, rule by rule: each rule's own position, then
# its bend where one is shipped (the list above says how many each rule has). Play each
# position; the board judges your move, says why, and **Next** goes on. **Show a clue** helps
# when stuck. All of Number Ten's puzzles come one after another on `Board.training(GAME)`.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# ## A whole game
#
# The README's [Review a game](../README.md#review-a-game) shows how to read a game back, move by
# move, with the fair expert's estimate and the solver's verdicts. The lab notebook
# [Number Ten: the lab behind the lesson](lab/number_ten.ipynb) holds every experiment above, with
# its command and budget (it needs a full install, for pandas).

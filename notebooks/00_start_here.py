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
# # Start here: a first game of Forty Thieves
#
# **Forty Thieves** is patience with two decks: 104 cards, eight foundations to build up from
# Ace to King in suit, ten columns of four cards dealt **face up**, and a stock of 64 cards you
# turn one at a time onto a waste pile, **once**. On the columns a card goes on the card one
# rank higher of its own suit, and only the top card of a column (or of the waste) moves.
# Nothing comes back from the foundations.
#
# Eight relatives change a few of those rules: how many columns, how many cards face down,
# which suits build on which, whether a run moves as one, how the stock is dealt. The table at
# the end has all nine games, and each has a lesson of its own.
#
# **How to play on the board** (run the notebook in JupyterLab):
#
# * **Drag** a card onto a column or a foundation, or **click** it and then click where it
#   should go; **double-click** sends it home. **Click the stock** to deal.
# * **Keys**: click the board once, then the arrows move between piles, Enter or Space picks up
#   and puts down, Esc cancels, `d` deals, `f` sends a card home, `u`/`z` undo, `r`/`y` redo,
#   `h` hint, `?` shows them all.
# * **Buttons**: Hint (a good move, from the cards *you* can see), Undo and Redo (as often as
#   you like), Restart, New deal, Auto-play (safe moves home).
# * **The game menu** (the game's name, with ▾, at the top) switches to another game of the
#   family, starts a deal by number, and offers **"A winnable deal: easy / medium / hard"**.
#
# A move the rules forbid is refused, and the board says why.

# %%
from ft_widget import Board, Game, deals, hint, puzzles
from ft_widget.teaching import PuzzleCard, picture, replayed, rules_table
from ft_widget.training.catalogue import catalogue, summary
from ft_widget.words import graded_line, hint_line, move_line, status_line

# %% [markdown]
# ## An easy deal
#
# Few Forty Thieves deals are easy, so for a first game we ask the project's catalogue of
# graded deals for one that is. Two players stand behind a grade. The **solver**, which sees
# every card (the stock's order included), tried each deal: only a deal it won is called
# *winnable*. The **fair expert**, which sees only what you see, then played each winnable deal
# through a few times: *easy* means it won every time, *medium* some of the times, *hard* never.

# %%
GAME = "forty_thieves"
graded = catalogue(GAME)
print(summary(GAME))

# %% [markdown]
# The first easy deal, and what the catalogue says about it:

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(row for row in graded if row.deal == DEAL)
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# Here it is on a board; play it. Undo is free, and if the deal is lost the board says so when
# no move is left. `Board(GAME, difficulty="easy")` would pick an easy deal at random instead,
# as the menu's "A winnable deal" does.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL)
board

# %% [markdown]
# The board and your code share one game: a move made with the mouse is in `board.game` at
# once, and `board.play("s>w")` shows on the board. A position can also be drawn as a picture,
# which shows wherever the notebook is read, even unrun:

# %%
picture(game, caption=status_line(game), scale=1.0)

# %% [markdown]
# ## Moves, and the Hint
#
# Moves are written `SRC>DST`: columns `1` to `10`, `w` the waste, `s` the stock, `f` the
# foundations (`s>w` deals a card). At the start the rules allow these:

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Which one? The Hint button asks the fair expert. It cannot see the stock, so it *guesses*:
# it deals the unseen cards at random into the places you cannot see (one guess is a *world*),
# does that six times, gives each world a short search for a win, and suggests the move that
# starts a win in most of them. From code, `hint(game)` gives the same hint; here with the
# board's budget counted in positions rather than seconds, so the page is the same on any
# machine:

# %%
from ft_widget.hints import FAIR_STATES_PER_SECOND
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's second, as positions
advice = hint(game, max_states=budget)
print(hint_line(game, advice))

# %% [markdown]
# On a deal called easy, why a win in so few worlds (on a slower clock, perhaps none)? Because
# at the first move a win is the whole game away, and a short search in a world nobody has
# seen mostly runs out before it finds a win *or* proves there is none. "Not won" means *not
# found in time*, not *lost*. The grade was measured another way: the expert played the whole
# deal, guessing afresh at every move as the stock's cards turned up, and won every time.
#
# So at the opening, read the Hint as a move that throws nothing away. It grows surer as the
# stock thins: the same deal later on, played as the solver's winning line played it, and the
# Hint there:

# %%
later = replayed(GAME, DEAL, entry.line[:104])  # the solver's line, until 17 stock cards are left
advice = hint(later, max_states=budget)
print(status_line(later))
print(hint_line(later, advice))
picture(later, highlight=advice.move, caption=move_line(later, advice.move), scale=0.8)

# %% [markdown]
# `ft_widget.expert.estimate(game)` goes one step further and plays *every* legal move in the
# same worlds, counting the wins of each: [11_working_from_code](11_working_from_code.ipynb)
# drives it, with the rest of the engine, from Python.
#
# ## After a game: review it, then train
#
# * **Review.** The menu's "Review this game" (or `board.review()`) goes through your moves as
#   a chess site's analysis does: the expert's move beside yours, each marked when it threw
#   away many of the sampled wins, and the move after which the solver found no win left. Each
#   game's lesson reviews one game this way.
# * **Puzzles.** Most games ship puzzles cut from real deals: a position, one question, answers
#   the solver checked. Each puzzle trains one idea. `Board.training("forty_thieves")` serves
#   them one after another, easiest first, and keeps your score. Here is one, with its answer
#   folded away; try it before you open the fold.

# %%
from ft_widget.training.themes import theme_name
first = next(p for p in puzzles(GAME) if p.theme == "keep_an_empty_column")
print(f"“{theme_name(first.theme)}”: {first.idea}")
PuzzleCard(first)

# %% [markdown]
# The same puzzle on a live board (when the notebook runs): play your answer, and the board
# judges it; while a puzzle is on, the Hint button reads *Show a clue* and gives one.

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(first)

# %% [markdown]
# ## The nine games, and where to read next

# %%
rules_table()

# %% [markdown]
# Each game's lesson opens with a few rules of thumb for its table, shows each on a real
# position with the measured effect, and gives you a puzzle to try after each:
#
# | lesson | what it is about |
# |---|---|
# | [forty_thieves](forty_thieves.ipynb) | what to put in an empty column; which column to dig; when a card that could go home should wait |
# | [indian](indian.ipynb) | which column to dig towards its hidden card; which parent to give a card; whether to fill an empty column |
# | [limited](limited.ipynb) | keep an empty column or spend it; which of twelve short columns to clear first; the waste card or a deal |
# | [little_forty](little_forty.ipynb) | what to remember of a three-card waste; when to take a waste card; what a redeal is worth |
# | [lucas](lucas.ipynb) | why Lucas forgives; what still loses it; whether an empty column should wait for a King |
# | [maria](maria.ipynb) | when sending a card home is a trap; play the waste card or deal past it; an empty column with only nine |
# | [number_ten](number_ten.ipynb) | which face-down column to dig; whether to split a run; what moving runs is worth |
# | [rank_and_file](rank_and_file.ipynb) | which face-down pile to dig first; when to spend an empty column; whether to move part of a run |
# | [streets](streets.ipynb) | what an emptied column is for; play the waste card or deal past it |
#
# Two more: [10_rule_differences](10_rule_differences.ipynb) is the family overview (the rules
# in pictures, how winnable each game is, and how the solver and the fair expert judge and the
# lessons measure), and [11_working_from_code](11_working_from_code.ipynb) drives the engine
# from Python: positions, moves, saved games, reviews, graded deals, puzzles, your own policy.

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
# # Maria
#
# Maria deals **nine** columns of four instead of ten, and builds in **alternate colours**:
# a red card on a black one and a black on a red, so each card has four places to go in the
# tableau (both copies of the two cards of the other colour one rank higher) instead of
# Forty Thieves' two. Everything else is Forty Thieves: one card at a time, 68 cards in the
# stock, one pass. This notebook separates the two changes, works through a decision where
# the natural move loses, and leaves you a puzzle. Rules: [docs/rules.md](../docs/rules.md).

# %%
from ft_widget import VARIANTS, Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, near_the_end, picture
from ft_widget.words import move_line

GAME = "maria"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")
assert VARIANTS[GAME].columns == 9 and VARIANTS[GAME].stock_cards == 68

# %% [markdown]
# ## The deal

# %%
game = Game(GAME, deal=1)
picture(game)

# %% [markdown]
# ## Lesson 1: what building in alternate colours gives
#
# Twice the places for each card should make blocking rarer. Maria with building in suit
# instead, same deals (so the only difference is the building rule):

# %%
print(lesson_words(GAME, "same_suit", LESSONS))

# %% [markdown]
# ## Lesson 2: what the ninth column costs
#
# One column fewer means four fewer cards visible at the start, four more in the stock, and
# one place fewer to dig from. Maria with ten columns is Streets; same deals:

# %%
print(lesson_words(GAME, "ten_columns", LESSONS))

# %%
lesson_table(GAME, LESSONS)

# %% [markdown]
# How the intervals are made and what they do not prove:
# [10_rule_differences](10_rule_differences.ipynb#How-the-lessons-measure).
#
# ## A worked decision
#
# Deal 10, late in the game: three cards left in the stock and column 9 just emptied. **A**
# moves a card from column 1 into the empty column; **B** plays the waste's top card there,
# the habit player's move.

# %%
decision = Decision(GAME)
g = decision.game
assert len(g.stock) == 3 and not g.tableau[8]  # as the text says
print(move_line(g, decision.best), "\n" + move_line(g, decision.player_move))
print(f"the habit player ({decision.player}) plays {decision.player_move}")
decision.boards()

# %% [markdown]
# Which would you play? Under B, what becomes of the waste card beneath it?
#
# <details><summary>Show the answer</summary>
#
# **A.** The solver (which sees every card) wins after A and proves no win is left after B.
# In a one-pass game an empty column is the only place a buried card can be moved to; B
# fills it with a card that was already playable, and the solver shows that this costs the
# game. The cell below asks the solver again.
#
# </details>

# %%
verdicts = decision.check()
assert verdicts == {decision.best: "winnable", decision.player_move: "lost"}, verdicts
verdicts

# %% [markdown]
# The solver's verdicts rest on cards you cannot see. What the fair expert, which sees only
# what you see, makes of A and B ([how it judges](10_rule_differences.ipynb#The-fair-expert)):

# %%
decision.expert_says()

# %% [markdown]
# ## Puzzle: win from here
#
# The same deal 10, twelve moves before the solver's win. Play it out on the board; after each
# move the solver tells you whether the deal is still winnable. `puzzle.show_answer()` shows
# the solver's line.

# %%
# NBVAL_IGNORE_OUTPUT
puzzle = Board.puzzle(near_the_end(GAME, decision.deal, moves_left=12), goal="win")
puzzle

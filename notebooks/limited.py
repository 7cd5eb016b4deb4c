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
# # Limited
#
# Limited is Forty Thieves' rules on a different deal: **twelve** columns of **three**.
# Thirty-six cards dealt instead of forty, 68 left in the stock, and two more columns to
# work with; every card is face up, you build in suit, one card at a time, one pass. Two
# changes at once, then: more columns, and shorter ones. This notebook pulls them apart.
# Rules: [docs/rules.md](../docs/rules.md).

# %%
from ft_widget import VARIANTS, Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, near_the_end, picture
from ft_widget.words import move_line

GAME = "limited"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")
assert (VARIANTS[GAME].columns, VARIANTS[GAME].cards_per_column, VARIANTS[GAME].stock_cards) == (12, 3, 68)

# %% [markdown]
# ## The deal

# %%
picture(Game(GAME, deal=1))

# %% [markdown]
# ## Lesson 1: what the two extra columns give
#
# Limited with ten columns of three (thirty cards dealt, so six more in the stock), same
# deals:

# %%
print(lesson_words(GAME, "ten_columns", LESSONS))

# %% [markdown]
# ## Lesson 2: what the short columns give
#
# Limited with twelve columns of *four* (48 dealt, 56 in the stock): the same number of
# columns, each one card deeper to dig. Same deals:

# %%
print(lesson_words(GAME, "four_deep", LESSONS))

# %%
lesson_table(GAME, LESSONS)

# %% [markdown]
# How the intervals are made and what they do not prove:
# [10_rule_differences](10_rule_differences.ipynb#How-the-lessons-measure).
#
# ## A worked decision
#
# Deal 6: the stock is used up and column 2 has just been emptied. **A** moves the 8♠ of
# column 6 into it; **B** plays the waste's 8♦ there, the habit player's move. Twelve columns
# are a lot of room, but in a one-pass game the empty one is still the only place a buried
# card can go.

# %%
decision = Decision(GAME)
g = decision.game
assert not g.stock and [i + 1 for i, c in enumerate(g.tableau) if not c] == [2]  # as the text says
print(move_line(g, decision.best), "\n" + move_line(g, decision.player_move))
print(f"{g.cards_home} cards home; the habit player ({decision.player}) plays {decision.player_move}")
decision.boards()

# %% [markdown]
# Which would you play? What is under the 8♠, and what will the waste give up after B?
#
# <details><summary>Show the answer</summary>
#
# **A.** The solver (which sees every card) wins after A and proves no win is left after B.
# With the stock empty, the waste gives up its cards top first; B uses the empty column on
# the waste instead of the column, and the solver proves the cards the foundations need can
# no longer all be reached. The cell below asks the solver again.
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
# ## Puzzle: win deal 6 from here
#
# The same deal, twelve moves before the solver's win. Play it out on the board; after each
# move the solver says whether the deal is still winnable. `puzzle.show_answer()` shows the
# solver's line.

# %%
# NBVAL_IGNORE_OUTPUT
puzzle = Board.puzzle(near_the_end(GAME, decision.deal, moves_left=12), goal="win")
puzzle

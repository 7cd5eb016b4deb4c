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
# # Lucas
#
# Lucas takes the eight **Aces out** before the shuffle and starts the foundations with
# them, then deals **thirteen** columns of **three** (39 cards) and leaves 57 in the stock.
# Otherwise it is Forty Thieves: build in suit, one card at a time, one pass. Two changes,
# two lessons. Rules: [docs/rules.md](../docs/rules.md); PySolFC's different Lucas:
# [10_rule_differences](10_rule_differences.ipynb#Where-PySolFC-plays-differently).

# %%
from ft_widget import VARIANTS, Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, near_the_end, picture
from ft_widget.words import move_line

GAME = "lucas"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")
assert Game(GAME, deal=1).cards_home == 8 and VARIANTS[GAME].stock_cards == 57

# %% [markdown]
# ## The deal

# %%
picture(Game(GAME, deal=1))

# %% [markdown]
# ## Lesson 1: what the Aces at home give
#
# An Ace dealt into a column blocks the cards above it until it is dug out; an Ace in the
# stock waits for its turn. Lucas with the Aces shuffled in (thirteen columns of three, so 65
# cards in the stock), same deals:

# %%
print(lesson_words(GAME, "aces_in_deck", LESSONS))

# %% [markdown]
# ## Lesson 2: what thirteen columns give
#
# Lucas with ten columns of three (the Aces still home; 66 in the stock), same deals:

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
# The search for a move of the habit player's that loses a winnable deal found none in this game
# ([how decisions and puzzles are found](10_rule_differences.ipynb#How-the-worked-decisions-and-puzzles-are-found)).
# Thirteen columns and the Aces already home leave many ways round a mistake: a plausible reason, which the lessons above put numbers to. So here the
# question is only *whether* B, the habit player's move, is as good as A, the solver's.

# %%
decision = Decision(GAME)
g = decision.game
print(move_line(g, decision.best), "\n" + move_line(g, decision.player_move))
print(f"deal {decision.deal}, {len(g.history)} moves played, {g.cards_home} cards home, {len(g.stock)} in the stock")
decision.boards()

# %% [markdown]
# Does B lose the deal?
#
# <details><summary>Show the answer</summary>
#
# **No.** The solver (which sees every card) wins after A and after B: here the natural move
# is not a mistake. The cell below asks the solver again, with the puzzle's budget.
#
# </details>

# %%
verdicts = decision.check()
assert decision.player_verdict == "winnable"
assert verdicts == {decision.best: "winnable", decision.player_move: "winnable"}, verdicts
verdicts

# %% [markdown]
# The solver's verdicts rest on cards you cannot see. What the fair expert, which sees only
# what you see, makes of A and B ([how it judges](10_rule_differences.ipynb#The-fair-expert)):

# %%
decision.expert_says()

# %% [markdown]
# ## Puzzle: win from here
#
# The same deal, twelve moves before the solver's win: play it out on the board.

# %%
# NBVAL_IGNORE_OUTPUT
puzzle = Board.puzzle(near_the_end(GAME, decision.deal, moves_left=12), goal="win")
puzzle

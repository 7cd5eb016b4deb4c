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
# # Rank and File
#
# Rank and File is Number Ten with **three** face-down cards under each column's one face-up
# card: at the start you see ten cards of the forty dealt. Alternate colours, runs move,
# one pass through 64 cards. Its own question: how much does the third hidden row cost, and
# how much do all of them? Rules: [docs/rules.md](../docs/rules.md); a face-down card
# turning up: [10_rule_differences](10_rule_differences.ipynb#Face-down-cards-turning-up).

# %%
from ft_widget import VARIANTS, Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, near_the_end, picture
from ft_widget.words import move_line

GAME = "rank_and_file"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")
assert VARIANTS[GAME].face_down == 3

# %% [markdown]
# ## The deal

# %%
game = Game(GAME, deal=1)
assert game.face_down_counts == [3] * 10
picture(game)

# %% [markdown]
# ## Lesson 1: what the third face-down row costs
#
# Rank and File with two face-down cards a column is Number Ten; same deals:

# %%
print(lesson_words(GAME, "two_down", LESSONS))

# %% [markdown]
# ## Lesson 2: what all the face-down cards cost
#
# Rank and File dealt all face up, same deals:

# %%
print(lesson_words(GAME, "face_up", LESSONS))

# %% [markdown]
# Read the solver's line with care. It sees the face-down cards either way, so hiding them
# cannot help it; if it wins *fewer* deals face up, a likely reason is its budget: face-up
# cards can move, so there are more positions to search within the same number of states.
# The measure is "won within this budget", not "winnable".

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
# Runs that move as a unit undo many a bad placement, even with cards hidden: a plausible reason, which the lessons above put numbers to. So here the
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

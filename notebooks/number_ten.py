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
# # Number Ten
#
# Number Ten deals ten columns of four with the **bottom two face down**, builds in
# **alternate colours**, and lets **runs move** as a unit (whole or in part). The stock, 64
# cards, is turned one at a time, once. Two rules to weigh: the hidden cards, and moving runs.
# Rules: [docs/rules.md](../docs/rules.md); a face-down card turning up, in pictures:
# [10_rule_differences](10_rule_differences.ipynb#Face-down-cards-turning-up).

# %%
from ft_widget import VARIANTS, Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, near_the_end, picture
from ft_widget.words import move_line

GAME = "number_ten"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")
assert VARIANTS[GAME].face_down == 2 and VARIANTS[GAME].sequences

# %% [markdown]
# ## The deal

# %%
game = Game(GAME, deal=1)
assert game.face_down_counts == [2] * 10
picture(game)

# %% [markdown]
# ## Lesson 1: what the face-down cards cost
#
# The solver sees them (so for it this is only a matter of which cards can move), the fair
# player does not. Number Ten dealt all face up, same deals:

# %%
print(lesson_words(GAME, "face_up", LESSONS))

# %% [markdown]
# Read the solver's line with care. It sees the face-down cards either way, so hiding them
# cannot help it; if it wins *fewer* deals face up, a likely reason is its budget: face-up
# cards can move, so there are more positions to search within the same number of states.
# The measure is "won within this budget", not "winnable".

# %% [markdown]
# ## Lesson 2: what moving runs gives
#
# Number Ten moving one card at a time, same deals:

# %%
print(lesson_words(GAME, "one_card", LESSONS))

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
# Runs that move as a unit undo many a bad placement: a plausible reason, which the lessons above put numbers to. So here the
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

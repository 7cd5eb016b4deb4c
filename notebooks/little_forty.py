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
# # Little Forty
#
# Little Forty changes the most rules of the family at once: you build in **any suit but its
# own**, **runs move** as a unit (whole or in part), and the stock is turned **three cards at
# a time** with **three redeals** (four passes in all). Ten columns of four face up, as in
# Forty Thieves. Three changes, three lessons: which of them matters? Rules:
# [docs/rules.md](../docs/rules.md); the three-card waste and a redeal in pictures:
# [10_rule_differences](10_rule_differences.ipynb#The-three-card-waste-and-a-redeal-(Little-Forty)).

# %%
from ft_widget import VARIANTS, Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, near_the_end, picture
from ft_widget.words import move_line

GAME = "little_forty"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")
assert (VARIANTS[GAME].stock_deal, VARIANTS[GAME].redeals, VARIANTS[GAME].sequences) == (3, 3, True)

# %% [markdown]
# ## The deal, and one turn of the stock
#
# A deal turns three cards; only the last of them is playable. The waste is shown as cards.

# %%
from ft_widget.teaching import cards

game = Game(GAME, deal=1)
game.play("s>w")
print("turned:", cards(game.waste[-3:]), "| playable:", cards(game.waste[-1:]),
      f"| {len(game.stock)} left in the stock, {game.redeals_left} redeals left")
picture(game)

# %% [markdown]
# ## Lesson 1: what the redeals give
#
# Without a redeal, a card turned under two others may never come back. Little Forty with no
# redeal, same deals:

# %%
print(lesson_words(GAME, "no_redeal", LESSONS))

# %% [markdown]
# ## Lesson 2: what turning three at a time costs
#
# Three at a time hides two of every three cards under the third, but the redeals bring them
# round again. Little Forty turning one at a time, with its three redeals kept:

# %%
print(lesson_words(GAME, "one_at_a_time", LESSONS))

# %% [markdown]
# ## Lesson 3: what moving runs gives
#
# Little Forty moving one card at a time (runs only through empty columns), same deals:

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
# Runs that move, three suits to build on and four passes through the stock leave many ways round a mistake: a plausible reason, which the lessons above put numbers to. So here the
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

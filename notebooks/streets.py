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
# # Streets
#
# Streets is Forty Thieves with one rule changed: you build in **alternate colours**
# (red on black, black on red) instead of in suit. Same ten columns of four, one card at a
# time, one pass through a stock of 64. So Streets is the cleanest place to see what the
# building rule alone does, and to compare the two looser rules the family uses: alternate
# colours (Streets, Maria, Number Ten, Rank and File) and any suit but its own (Indian,
# Little Forty). Rules: [docs/rules.md](../docs/rules.md); the rules in pictures:
# [10_rule_differences](10_rule_differences.ipynb#Three-building-rules).

# %%
from ft_widget import VARIANTS, Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, near_the_end, picture
from ft_widget.words import move_line

GAME = "streets"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")
assert Game(GAME, deal=1).tableau == Game("forty_thieves", deal=1).tableau  # the same layout

# %% [markdown]
# ## The deal
#
# Deal 1 is dealt exactly as Forty Thieves' deal 1: only what may go where differs.

# %%
picture(Game(GAME, deal=1))

# %% [markdown]
# ## Lesson 1: alternate colours against building in suit
#
# Streets with building in suit *is* Forty Thieves. Same deals:

# %%
print(lesson_words(GAME, "same_suit", LESSONS))

# %% [markdown]
# ## Lesson 2: alternate colours against any suit but its own
#
# "Any suit but its own" gives a card three places of each copy's rank above instead of two;
# but alternate colour runs are what Number Ten and Rank and File move as units. With one
# card at a time, which rule helps more? Same deals:

# %%
print(lesson_words(GAME, "other_suit", LESSONS))

# %%
lesson_table(GAME, LESSONS)

# %% [markdown]
# How the intervals are made and what they do not prove:
# [10_rule_differences](10_rule_differences.ipynb#How-the-lessons-measure).
#
# ## A worked decision
#
# Deal 3, thirteen cards left in the stock, no empty column. **A** deals the next stock card;
# **B** plays the waste's J♥ onto the Q♠ of column 1 (a legal alternate-colour build, and the
# fair player's habit: play the waste first).

# %%
decision = Decision(GAME)
g = decision.game
assert len(g.stock) == 13 and all(g.tableau) and decision.best == "s>w"  # as the text says
print(move_line(g, decision.best), "\n" + move_line(g, decision.player_move))
decision.boards()

# %% [markdown]
# Which would you play?
#
# <details><summary>Show the answer</summary>
#
# **A, deal.** The solver (which sees every card, the stock's order too) wins after A and
# proves no win is left after B. B is legal and looks harmless, and a fair player cannot
# see the stock to know better: "play the waste first" is a habit, not a law, and here it
# costs the game.
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
# ## Puzzle: win deal 3 from here
#
# The same deal, twelve moves before the solver's win. Play it out on the board; after each
# move the solver says whether the deal is still winnable. `puzzle.show_answer()` shows the
# solver's line.

# %%
# NBVAL_IGNORE_OUTPUT
puzzle = Board.puzzle(near_the_end(GAME, decision.deal, moves_left=12), goal="win")
puzzle

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
# # Little Forty
#
# Little Forty is Forty Thieves with three screws loosened. A card goes on any card one rank
# higher **of another suit**, so most cards have several places to go; a **run** moves as a
# unit, whole or its upper part; and the stock is turned **three cards at a time** with **three
# redeals**, four passes in all. Only the waste's top card can be played, and a redeal brings
# the cards round in the same order, less the ones you took out. The deal is ten
# columns of four, all face up, and 64 cards in the stock. ([docs/rules.md](../docs/rules.md)
# has every rule.)
#
# A forgiving game is hard to set puzzles in: a puzzle needs a move that loses a winnable deal.
# While the puzzle maker searched, its players (the habit, cautious and random players and the
# fair expert) played 2,778 games of Little Forty on deals the solver wins, and 13 ended with
# the win gone; in every other game of the family a fifth of them or more did, in Forty Thieves
# over four fifths. Little Forty has one shipped puzzle so far, so its board lesson has a single
# step, on the first rule's bend. The other
# rules are taught here by what was measured: a *habit player* that sees only what you see
# played 300 deals as it is and again with one idea changed, and each result is one sentence
# with its interval.

# %%
from ft_widget import Board, Game
from ft_widget.experiments import compare_players, rows
from ft_widget.teaching import Row, lesson_rules_list, picture, replayed, rule_steps
from ft_widget.words import move_line
GAME = "little_forty"
games, splits, ends = rows(GAME, "games"), rows(GAME, "splits"), rows(GAME, "fatal")

# %%
lesson_rules_list(GAME)

# %%
picture(Game(GAME, deal=3), caption="Little Forty, deal 3: ten columns of four, 64 in the stock")

# %% [markdown]
# ## 1. Take waste cards onto the columns
#
# Why: the waste is a queue. Only its top card plays, and every card you leave in it stands
# between you and the cards under it, pass after pass. With "any other suit" building, the
# waste card usually has somewhere to go on the table, not only home; each card taken out of
# the queue also shifts the groups of three, so the next pass shows you different cards.
#
# When it bends: a card placed on a column covers that column's top card. When that top card is
# one the foundations will soon want, *Deal on*: the waste card is not lost, since with a
# redeal left it comes round again. That is the lesson's one step, below: the Three of spades
# fits on either Four of clubs, and both placements lose, while the clubs foundation waits for
# its Three and then a Four. (The other deal themes of the family, *Place before dealing* and
# *Where the waste card goes*, have no Little Forty puzzle yet.)

# %%
rule_steps(GAME, "waste")

# %% [markdown]
# Bends are exceptions. The first place of deal 1 where the habit player (it takes the waste
# card whenever it fits) and a player that sends waste cards only home part ways, the habit's
# move highlighted; then the two over whole games:

# %%
first = next(r for r in splits if r["idea"] == "waste_only_home")
before = replayed(GAME, first["deal"], first["before"])
picture(before, highlight=first["habit_move"], scale=0.7, caption=f"deal 1: {move_line(before, first['habit_move'])}")

# %%
compare_players(games, "habit", "waste_only_home", by="idea", name="waste cards only home")

# %% [markdown]
# ## 2. Use every pass
#
# Why: a redeal turns the waste over as it is, so the next pass deals the same cards in the same
# order, except that every card you took out has moved the groups of three along. A card that
# was buried in the middle of a group can come up on top. Each pass is a new look at the cards
# you could not reach.
#
# When it bends: a redeal is a decision too (*When to redeal*). Before you turn the waste over,
# play what its top card allows: the order the cards come round in depends on what you took.
# No fair puzzle shows this rule yet, so it has no step on the board. The measured cost of
# giving passes away, a player that stops after one redeal (two passes instead of four):

# %%
compare_players(games, "habit", "one_redeal", by="idea", name="one redeal only")

# %% [markdown]
# And when the passes are spent, the game is not over. On most deals that the solver wins, the
# habit player stops after its last pass with a win still on the table. Here is where it
# stopped on deal 3, the stock and the redeals gone and thirty cards in the waste:

# %%
stop = next(r["before"] for r in ends if r["deal"] == 3 and r["kind"] == "stopped while winnable")
picture(replayed(GAME, 3, stop), scale=0.7, caption="deal 3, where the habit player stopped")

# %% [markdown]
# The waste still plays from the top, one card at a time, onto other suits and into empty
# columns. A player that, once the stock and redeals are spent, plays the waste's top card to
# a column first wins games the habit player never won:

# %%
compare_players(games, "habit", "dig_the_waste", measure="won", by="idea", name="digging the waste at the end")

# %% [markdown]
# ## 3. Move runs whole
#
# Why: a run carried in one move takes its whole column down to the card it covered, often to an
# empty column, the one place that takes any card (*Empty a column*); a King-headed run is the
# natural tenant of one. Splitting a run leaves its lower part where it was, covering the same
# cards.
#
# When it bends: split it when the card you reach goes home, or frees another card at once
# (*Split a run*, *Dig out a buried card*). No fair puzzle shows this rule or its bend yet. The
# first place of deal 1 where the habit (which may split) and a player that moves runs only
# whole part, the two moves side by side; then whole games:

# %%
first = next(r for r in splits if r["idea"] == "whole_runs_only")
before = replayed(GAME, first["deal"], first["before"])
Row(*(picture(before, highlight=m, scale=0.6, caption=move_line(before, m))
      for m in (first["habit_move"], first["idea_move"])))

# %%
compare_players(games, "habit", "whole_runs_only", by="idea", name="runs moved whole only")

# %% [markdown]
# A small gain, but a clear one: splitting is the exception, not the habit.
#
# ## Play it on the board
#
# The lesson's one step on a board: the bend in words, the position, your move judged. "Show a
# clue" gives the puzzle's clue.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# `Board.training("little_forty")` serves the game's shipped puzzles; today that is the same
# single position, and more will come as the puzzle maker finds fair ones. For a whole game,
# `Board("little_forty")` deals one.
#
# **A whole game reviewed.** The README's [Review a game](../README.md#review-a-game) says how to
# read a game back move by move; the experiments behind this lesson, with their commands and
# budgets, are in [Little Forty: the lab behind the lesson](lab/little_forty.ipynb).

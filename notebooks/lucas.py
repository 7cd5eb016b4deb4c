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
# # Lucas
#
# Lucas hands you the eight Aces before the first move: they start on the foundations, so the
# Twos can climb home at once. The other 96 cards lie in **thirteen** columns of **three** and a
# stock of 57 that you turn once, one card at a time. You build down **in suit** and move one
# card at a time: a card on the table can go only onto a card of its own suit one rank up (two
# decks, so two such cards) or into an empty column. ([docs/rules.md](../docs/rules.md) has every rule.)
#
# So the game turns on two scarce things: the empty columns, the only places that take any
# card, and the waste, which gives up only its top card. The rules of thumb below come from
# Lucas' shipped puzzles, each shown on a real position, and from a *habit player* (it sees only
# what you see) that played 300 deals as it is and again with one idea changed; each measured
# result is one sentence with its interval.

# %%
from ft_widget import Board, Game
from ft_widget.experiments import compare_choices, compare_players, rows
from ft_widget.teaching import Row, lesson_rules_list, picture, replayed, rule_steps
from ft_widget.words import move_line
GAME = "lucas"
games, splits, ends = rows(GAME, "games"), rows(GAME, "splits"), rows(GAME, "fatal")

# %%
lesson_rules_list(GAME)

# %%
picture(Game(GAME, deal=1), caption="Lucas, deal 1: Aces home, thirteen columns of three")

# %% [markdown]
# ## 1. Send a card home as soon as it can go
#
# Why: with the Aces already up, a card that fits home has nothing left to wait for, and in a
# one-card, same-suit game a card on the table is a card in somebody's way. Sending it home
# uncovers the card beneath; sending the last card of a column home gives you an empty column.
# So when two cards can go, the one that empties a column goes first: that is the rule step
# below, a *Send it home now* puzzle. Twins (two identical cards, from two decks) are the same
# choice: of two free twins send the one whose going empties a column, the *Which twin goes
# home* puzzle that comes under rule 2.
#
# When it bends: a card is also a *place*. A Ten of spades at home cannot take the Nine of
# spades that is waiting on the table for it. Hold the card back while such a card needs it:
# the bend step is a *Hold a card back from home* puzzle, the only one in Lucas' set.

# %%
rule_steps(GAME, "home")

# %% [markdown]
# A bend is not a habit, though. A player that holds **every** card back until no card on the
# table could still want it brings far fewer cards home than the habit player:

# %%
compare_players(games, "habit", "home_only_when_safe", by="idea", name="holding a card back from home")

# %% [markdown]
# ## 2. Give an empty column to the card that frees the next card home
#
# Why: in Lucas the empty column is the only place a card can go other than onto a card of its
# suit one rank up. Give it to the waste's top card and the space is gone for a card that frees
# nothing on the table; a column card lifted there uncovers the card beneath it. The rule step is
# that choice on a twin position (*Which twin goes home*): the waste's King parked in the space
# loses, the King from a column sent home keeps the win.
#
# When it bends: keeping the space is not the same as waiting. When a column's top card, lifted
# into it, uncovers a card the foundations take, fill it at once: dealing first, or giving the
# space to the waste card, loses. Both steps are *Keep an empty column* decisions.

# %%
rule_steps(GAME, "empty")

# %% [markdown]
# Measured: a player that, once the stock is spent, plays the waste's top card first, into an
# empty column too. At the first position of each deal where it and the habit part, the solver
# (which sees every card) says whether the deal can still be won after each move:

# %%
compare_choices(splits, "dig_the_waste", "habit", "idea", name="the waste-first move, where it first differs")

# %% [markdown]
# Winnable deals thrown away and none saved. One of those partings, where the habit's move
# keeps the win and the waste-first move loses it: on the left the habit lifts a column card
# into the space, on the right the waste-first player gives the space to the waste's card.

# %%
spoiled = next(r for r in splits if r["idea"] == "dig_the_waste"
               and (r["habit_verdict"], r["idea_verdict"]) == ("won", "lost"))
before = replayed(GAME, spoiled["deal"], spoiled["before"])
Row(*(picture(before, highlight=m, scale=0.6, caption=move_line(before, m))
      for m in (spoiled["habit_move"], spoiled["idea_move"])))

# %% [markdown]
# ## 3. Dig out the next card home
#
# Why: in Lucas a buried card has one way out, the card on top of it leaving, and the top card
# has only two places to go (its own suit one rank up, or a space). So dig with a purpose: lift
# the card that sits on the card the foundations want next, into the empty column if nothing
# else takes it. The rule step is a *Dig out a buried card* puzzle: the waste card or a King in
# the space loses, the card off the next card home keeps the win.
#
# When it bends: a card sent home is a dig too. When the card home uncovers the next card home,
# play it first and keep the empty column for later (the bend step, a *Keep an empty column*
# puzzle where filling the space in either way loses).

# %%
rule_steps(GAME, "dig")

# %% [markdown]
# The habit player with one change, among its moves between columns it prefers the one that
# uncovers a card the foundations take next, against the habit:

# %%
compare_players(games, "habit", "dig_for_next_home", by="idea", name="digging for the next card home")

# %% [markdown]
# ## 4. Play the waste card before you deal
#
# Why: the stock goes round once. A card you deal past is buried under every card dealt after
# it, and comes back only when they have all been played, from the top of the waste. So place
# the waste card where it fits before you deal. Once the stock is spent the waste is all that
# is left to dig, one top card at a time, and the question is *Where the waste card goes*:
# Lucas ships three puzzles of that theme, on `Board.training("lucas")`.
#
# When it bends: near the end of the stock, the waste card's places may be an empty column or a
# column where it only piles up. Then *Deal on* and see the last cards before spending the
# place. No fair puzzle of Lucas yet shows the rule itself (*Place before dealing*) as a
# decision, so this rule has only its bend on the board.

# %%
rule_steps(GAME, "deal")

# %% [markdown]
# The end is where Lucas is decided. Here is where the habit player stopped on deal 2: the stock
# spent, most columns empty, and the cards the foundations still need in the waste.

# %%
stop = next(r for r in ends if r["game"] == "as dealt" and r["deal"] == 2)
picture(replayed(GAME, 2, stop["before"]), scale=0.7, caption="deal 2, where the habit player stopped")

# %% [markdown]
# A player that, once the stock is spent, digs the waste (its top card to a column, an empty one
# too) wins games the habit player never won:

# %%
compare_players(games, "habit", "dig_the_waste", measure="won", by="idea", name="digging the waste once the stock is spent")

# %% [markdown]
# Rules 2 and 4 together: dig the waste at the end, but an empty column goes first to the column
# card that frees a card home.
#
# ## Play it on the board
#
# The lesson's steps, one after another on a board: the rule (or its bend) in words, the
# position, your move judged. "Show a clue" gives the puzzle's clue; Next goes on.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# All of Lucas' puzzles, easiest first and then near your rating, are on
# `Board.training("lucas")`.
#
# **A whole game reviewed.** To see one game read back move by move, with where the win slipped
# away, run the lab notebook [Lucas: the lab behind the lesson](lab/lucas.ipynb) or follow the
# README's [Review a game](../README.md#review-a-game); the lab also has the experiments'
# commands and budgets.

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
# # Streets: how to play it
#
# Streets is dealt exactly like Forty Thieves: ten columns of four, all face up, and a stock of 64
# turned over once, a card at a time. Only the building rule differs: a card goes on the next
# rank up **of the other colour**, so a red eight takes either black seven
# ([the rules](../docs/rules.md); what that change is worth beside the other building rules:
# [10_rule_differences](10_rule_differences.ipynb#Three-building-rules)). Seats are easier to find
# than in Forty Thieves, yet cards still move singly, so a deep column is still slow to open, and
# the empty column stays the one square that takes anything. Nearly every hard decision is about
# that square and about the card on the waste.
#
# The board's rules for Streets, each with its bend and the puzzle themes it trains:

# %%
from ft_widget import Board, Move, puzzles
from ft_widget.experiments import compare_players, rows
from ft_widget.teaching import fork_row, into_empty_column, lesson_rules_list, rule_steps

GAME = "streets"
games, forks = rows(GAME, "games"), rows(GAME, "forks")

# %%
lesson_rules_list(GAME)

# %% [markdown]
# Where a rule has a measured effect, it comes from a cautious player with fixed priorities,
# blind to the cards you cannot see, which played the same deals as it is and with one habit
# changed. It never wins Streets, so its games are compared by cards home. The solver looked at
# the first position where the changed player parts from the plain one; one early move seldom
# decides a deal, and most changes made no measurable difference there
# ([how the lessons measure](10_rule_differences.ipynb#How-the-lessons-measure)). Each rule's
# positions are shipped puzzles whose answer holds over the hidden cards: the rule first, then its
# bend, the answer folded away.
#
# ## Use an empty column to free a card that can move at once
#
# A card in Streets waits under whatever was built on it; the empty column lets you lift that
# cover off in one move. Deal 1 shows the idea: column 5 has just emptied, the plain player deals,
# and the changed one lifts the 4♦ of column 3 into the space so that the 5♣ it covered goes
# home.

# %%
fork_row(GAME, forks, "empty column to free a home card", 1)

# %% [markdown]
# The freed card need not go home: a seat on a column is as good, and if its own column then
# empties, you have the space back. That is what happens in the first position below (the theme
# *Dig out a buried card*): the 8♦ goes into column 8, and the 5♣ under it goes onto the 6♥ of
# column 7, leaving column 1 empty.
#
# The rule bends when the card you would bare has nowhere to go. In the second position the J♥
# could go into the space, but the 2♦ under it has no pile (the second diamond pile still needs
# its ace) and no black three to sit on; the 9♠ home is what keeps the win.

# %%
rule_steps(GAME, "dig")

# %% [markdown]
# Of all the habits changed, using a space to free a card for home gained the most cards home in
# whole games, since the chance comes back each time a column empties:

# %%
compare_players(games, "habit", "empty column to free a home card", name="An empty column used to free a home card")

# %% [markdown]
# ## Play the waste card when it fits on a column
#
# Dealing covers the waste card, and with one pass through the stock it stays covered until the
# cards over it are played. A seat on a column keeps it in play. In the first position the 8♠ from
# the waste goes onto the 9♦ of column 9, and the lone 7♥ of column 1 follows it there. Sending
# the 8♠ home loses, which also makes this a puzzle of *Hold a card back from home*.
#
# The rule bends when the seat is wanted by a card of the table. In the second position the 7♥
# fits on the 8♣ of column 10, but that 8♣ is the one free seat of the 7♦ on top of column 5; the
# 7♥ in the empty column loses too, and the deal keeps the win. Streets' puzzles have no theme
# *Place before dealing*: here the waste card is the rule's business.

# %%
rule_steps(GAME, "deal")

# %%
compare_players(games, "habit", "deal past the waste card", name="Dealing past a waste card that fits")

# %% [markdown]
# ## Keep an empty column for the table
#
# Early on, a waste card dropped into an idle column is one more card in play, and the plain
# player, which otherwise leaves the column empty until nothing else is left, gains a little from
# it in whole games. Late in the stock the sum changes: the few cards still to come cannot repay
# the column, and the cards of the table need it. In the first position one card is left to deal;
# the 2♥ from the waste in either empty column loses, and the deal keeps the win. The theme is *Keep an
# empty column*, and the puzzles say how often that late mistake decides a deal:

# %%
late = [p for p in puzzles(GAME) if Move(p.habit).from_waste and into_empty_column(p.game, p.habit)
        and len(p.game.stock) < 10]
print(f"In {len(late)} of Streets' {len(puzzles(GAME))} puzzles, the losing move drops the waste card "
      "into an empty column with fewer than ten cards to come.")

# %% [markdown]
# The rule bends for a card of the table that frees another at once: in the second position the
# Q♥ goes into the empty column 7 and the A♥ under it goes home. A Klondike habit, by contrast,
# does not carry over: allowing only a King into an empty column changed nothing in whole games.

# %%
rule_steps(GAME, "empty")

# %% [markdown]
# ## Send cards home as they fit
#
# A card home is a card you no longer have to seat, and Streets' foundations climb fast once the
# low cards are out. Sometimes the home move is the one that matters: the theme *Send it home
# now*. In the first position the 10♥ of column 2 goes home; the 8♥ could go too, but it is the
# only red eight on the table and the waste's 7♣ has no other seat, so it stays and later moves
# onto the 9♣.
#
# That is the bend as well: in Streets a card is a seat for both suits of the other colour one
# rank below, so before sending it home, look for a card that needs it. In the second position
# the Q♠ from the waste goes onto the K♦ of column 5 instead of home, and the lone J♥ of column 6
# follows it, emptying the column: the theme *Hold a card back from home*.

# %%
rule_steps(GAME, "home")

# %% [markdown]
# ## Play it on the board
#
# The board plays the lesson's positions one after another, the rule or its bend above each, and
# judges your first move. **Show a clue** gives the puzzle's clue.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# All of Streets' puzzles come one after another on `Board.training("streets")`.
#
# For the experiments, their commands, budgets and every table, see
# [Streets: the lab behind the lesson](lab/streets.ipynb); for a game of your own read back move
# by move, see "Review a game" in the [README](../README.md#review-a-game).

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
# # Rank and File
#
# Rank and File is the blind one of the family. Each of the ten columns is four cards deep and
# shows only its top card: the three under it lie face down and turn over as the cards above
# them leave. You build down in **alternate colours**, a run of face-up cards moves as a unit,
# whole or its upper part, and the 64 other cards are dealt one at a time, once.
# ([docs/rules.md](../docs/rules.md) has every rule.)
#
# Thirty hidden cards decide this game, and every rule of thumb is about reaching them. They
# also make fair puzzles scarce: a position is a fair lesson step only when, over the ways the
# hidden cards could lie, its answer keeps a win clearly more often than the losing moves, and
# few Rank and File positions pass that test. The lesson has **six steps on the board**: each
# rule on a position of its own, then the case where it bends. A *habit player* that sees only
# what you see played 300 deals as it is and again with one idea changed; each result is one
# sentence with its interval.

# %%
from ft_widget import Board, Game
from ft_widget.experiments import compare_players, rows
from ft_widget.teaching import Row, lesson_rules_list, picture, replayed, rule_steps
from ft_widget.words import move_line
GAME = "rank_and_file"
games, splits = rows(GAME, "games"), rows(GAME, "splits")

# %%
lesson_rules_list(GAME)

# %%
picture(Game(GAME, deal=1), caption="Rank and File, deal 1: ten cards showing, thirty face down")

# %% [markdown]
# ## 1. Spend an empty column on a run that covers a face-down card
#
# Why: a face-down card turns over only when every card above it has left, and a long run
# often has nowhere to go but an empty column. Moving the run whole into the space turns the
# card under it over: a card you learn about now, which the stock could never show you. This is the
# game's *Dig out a buried card*: in all three shipped puzzles of that theme the habit player
# gives the space to the waste card and loses, while a run that turns a card over keeps the win.
# Moving the run whole matters (*Split a run* is for putting its upper part on another column,
# not into the space), and so does emptying a column to get the space (*Empty a column*).
#
# When it bends: when no run covers a face-down card, keep the column (*Keep an empty column*). A
# card parked there blocks it for the run that will need it.
#
# Measured: the habit player keeps the space for emergencies. The first place of deal 1 where
# it and a player that moves such a run into the space before dealing part, then whole games:

# %%
r = next(r for r in splits if r["idea"] == "empty_column_before_deal")
before = replayed(GAME, r["deal"], r["before"] or "")
Row(*(picture(before, highlight=m, scale=0.6, caption=move_line(before, m))
      for m in (r["habit_move"], r["idea_move"])))

# %%
compare_players(games, "habit", "empty_column_before_deal", by="idea", name="a run into the empty column before dealing")

# %% [markdown]
# The biggest gain of any idea tried on this game. On the board: the stock is out and column 1
# is empty. Three runs could each go there and turn a face-down card over, and each keeps a win in
# most deals of the hidden cards; the waste card put there keeps none. The bend comes late in a
# game, with no card face down and the stock out: column 6 is empty and the waste's Ten of
# diamonds could go there. Sending the Six of spades home keeps the win; parking the Ten in the
# space loses it, and with nothing hidden that is certain:

# %%
rule_steps(GAME, "space")

# %% [markdown]
# ## 2. Send cards home as they fit
#
# Why: a card home is a card less to place, and with the colours alternating the table holds
# few places for any one card. So send cards home as they fit.
#
# When it bends: a card is also a place. A red Seven is where a black Six goes; send the Seven
# home and that Six has one place fewer. Hold a card back while a card of the other colour, one
# rank below, needs it. Rank and File ships two *Hold a card back from home* puzzles, both of
# this kind: the waste's card could go home, and the solver (which sees the hidden cards) keeps
# the win only by putting it on a column instead. From what you can see their answers are not
# clearly better, so you are not served them.
#
# On the board, the rule: one card is left in the stock and the waste's Five of diamonds fits
# home. Sent home, it keeps a win in every deal of the hidden cards; dealt past, in fewer. Then
# the bend: the stock is out and the waste's Ten of clubs fits home and on the Jack of diamonds
# at the top of column 4. The Nine of diamonds in column 7, under the Eight of clubs, covers a
# face-down card and needs a black Ten, and no other black Ten lies free. Put on the Jack, the Ten
# keeps a win in every deal of the hidden cards; sent home, in none.

# %%
rule_steps(GAME, "home")

# %% [markdown]
# ## 3. Play the waste card before you deal
#
# Why: the stock goes round once. A card dealt past is buried in the waste under every card
# that comes after it, so place the waste card where it fits before you deal (*Place before
# dealing*, *Where the waste card goes*). The board's step: two cards are left in the stock, the
# waste card fits into an empty column, and dealing past it keeps a win in none of the deals of
# the hidden cards.
#
# When it bends (*Deal on*): when the stock is nearly out and the card would take the place a
# card on the table needs. The board's bend: one card is left in the stock, and the waste's Four of
# spades fits on the Five of hearts, the place the other Four of spades, at the top of column 8,
# needs too. Dealing keeps a win in every deal of the hidden cards, placing it in a few:

# %%
rule_steps(GAME, "deal")

# %% [markdown]
# Digging matters in the bend too: the shipped *Deal on* puzzle has a waste card that fits on two
# runs covering face-down cards, and dealing is the move that keeps the win. From what you can
# see that is no clear decision, so it is not a step.
#
# Which column is "the one you are digging"? Not one chosen by how much it hides. A player that
# only ever digs the column with the most face-down cards brings fewer cards home than the
# habit player, which takes any move that frees a card:

# %%
compare_players(games, "habit", "dig_most_down", by="idea", name="most face down first")

# %% [markdown]
# Freeing a card at all matters more than which pile it comes from.
#
# ## Play it on the board
#
# `Board.lesson(GAME)` below plays the six steps; `Board.training(GAME)` serves the few Rank and
# File puzzles that are fair decisions. Then play a whole game and keep the three rules in mind:
# a run into the space before you deal, a card held back while a card of the other colour needs
# it, and a look at what a placement covers.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# **A whole game reviewed.** The README's [Review a game](../README.md#review-a-game) says how to
# read a game back move by move, with where the win slipped away; the experiments behind this
# lesson, their commands and budgets, are in
# [Rank and File: the lab behind the lesson](lab/rank_and_file.ipynb).

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
# # Maria: how to play it
#
# Maria lays out **nine** columns of four and keeps the other 68 cards in the stock, which comes
# round only once. You build down in **alternate colours**, one card at a time: a black six sits
# on either red seven ([the rules](../docs/rules.md)). With two decks, that gives every card four
# seats on the table, twice what Forty Thieves allows, so the layout feels generous. The danger
# is elsewhere: in the card at the top of the waste, which you lose for a long while once you
# deal over it, and in an empty column, which is easy to fill and hard to get back.
#
# These are the rules the board teaches for Maria, each with the case where it bends and the
# puzzle themes it trains:

# %%
from ft_widget import Board
from ft_widget.experiments import compare_choices, compare_players, rows
from ft_widget.teaching import lesson_rules_list, rule_steps

GAME = "maria"
choices, games = rows(GAME, "questions"), rows(GAME, "games")

# %%
lesson_rules_list(GAME)

# %% [markdown]
# Each section shows the rule on positions of real deals, drawn from the shipped puzzles: one
# where the rule holds, one where it bends. The verdict of each holds whatever the hidden cards
# are, so you can judge it from what you see; the answer waits under a fold.
#
# The sentences with a figure come from the solver's won deals. Wherever one of these decisions
# came up along a winning line, each choice was played out and the solver asked whether the deal
# could still be won; a deal counts once, and verdicts it left open are left out (the
# [lab](lab/maria.ipynb) also counts them as lost, and the rules hold both ways). A careful
# rule-bound player, `cautious`, that sees only the table adds whole games; it rarely wins Maria,
# so those count cards home ([how the lessons measure](10_rule_differences.ipynb#How-the-lessons-measure)).
#
# ## Play the waste card when it has a place
#
# The waste card is the only stock card you can reach, and the deal buries it under the next
# one; since the stock never comes round again, it waits until everything on top of it has been
# played. Placing it, on the other hand, takes one of four seats for a card that wants it, rarely
# a loss. So place it. In the first position the 3♠ goes onto the 4♥ of column 5; sending it home
# loses, and so does the deal. That makes it a puzzle of *Hold a card back from home* as well.
#
# The rule bends when the card you would cover is almost ready to go home: the theme *Deal on*.
# In the second position the 6♦ fits on both black sevens, and each of them is one card short of
# its foundation. Covering either one loses; deal, and the solver's line sends the 7♠ home as
# soon as the 6♠ turns up. The theme *Place before dealing* is the rule's own case in the training puzzles.

# %%
rule_steps(GAME, "deal")

# %% [markdown]
# Over the solver's deals, playing the waste card keeps more wins than dealing past it. Where it
# had two or more seats, which of them it took decided none of those deals: the question is
# whether to place it, seldom where.

# %%
compare_choices(choices, "waste", "deal", "onto", name="The waste card placed rather than dealt past")

# %% [markdown]
# ## Keep an empty column for the cards on the table
#
# Cards of the table find seats easily in Maria, but only in alternate colours and one at a time;
# a King, or a card whose seats are all buried, can go nowhere but an empty column, and a column
# only empties by being cleared card by card. Give that space to the waste card and you trade a
# column for one card. In the first position, with a single card left in the stock, the 9♥ from
# the waste into column 8 loses; the deal loses too, and the 4♠ home keeps the win. This is the
# theme *Keep an empty column*.
#
# It bends when the card that goes in frees the card under it or takes the next card at once. In
# the second position the K♣ lifted from column 5 bares the 7♠; the lone 6♥ of column 7 goes
# onto it, so a column empties again, and the K♣ can take the Q♥ from the waste.

# %%
rule_steps(GAME, "empty")

# %%
compare_choices(choices, "empty", "keep", "waste", name="The waste card into an empty column rather than a deal")

# %% [markdown]
# ## Send cards home as they come
#
# A card home needs no seat any more. A player who sends home only the cards that are certainly
# safe strands many: the whole games below show what holding back costs. With two decks there
# is a finer point, the theme *Which twin goes home*. In the first position only one clubs pile
# is ready for a nine, and two are free to go: the 9♣ at the top of column 2 goes home and begins
# to clear that column, while its twin from the waste loses.
#
# It bends when the twin that must go home is still buried: the theme *Hold a card back from
# home*. In the second position the waste 5♠ could go home, but the only spade pile ready for a
# five is the one its twin in column 3 needs, and that twin stands above the A♥ at the foot of
# the column. Deal: the 5♠ waits in the waste, and the column's 5♠ goes home once the cards over
# it have moved.

# %%
rule_steps(GAME, "home")

# %%
compare_players(games, "cautious", "no unsafe home move", name="Holding back every card not certainly safe")

# %% [markdown]
# ## Dig out a buried card
#
# A column in Maria is a pile of short runs in mixed suits, and the card you want is seldom on
# top. Moving the top card, onto a seat or into the space, reaches the one under it: the theme
# *Dig out a buried card*. In the first position the 5♦ goes into the empty column 9; the 10♠ it
# covered goes onto the J♦ of column 2, and column 8 is empty again, so the space paid for
# itself at once.
#
# It bends when the card you would bare has nowhere to go and something else cannot wait. In the
# second position the 7♦ lifted into an empty column would bare a J♠ with no red queen in reach;
# the 7♠ home is the move.

# %%
rule_steps(GAME, "dig")

# %% [markdown]
# ## Play it on the board
#
# The board below takes you through the same positions in order, the rule or its bend above
# each, and judges your move. **Show a clue** gives the puzzle's clue when you are stuck.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# Every Maria puzzle, several of them on digging out a buried card and on holding a card back,
# comes one after another on `Board.training("maria")`.
#
# The experiments behind these figures, with their commands and budgets, are in
# [Maria: the lab behind the lesson](lab/maria.ipynb). To have a game of your own read back
# move by move, see "Review a game" in the [README](../README.md#review-a-game).

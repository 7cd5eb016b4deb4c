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
# # Indian
#
# Indian looks like Forty Thieves cut short: ten columns of only three cards, and a
# stock of 74 turned one card at a time, once. Two rules change how it plays. The bottom card of
# each column lies **face down** and turns over by itself when the cards above it are gone. And a
# card goes on the next rank up of **any suit but its own**: a nine of spades may sit on the ten of
# hearts, diamonds or clubs, never on a ten of spades. So a card on the table has many possible
# places, and the question in Indian is less *where can this go* than *what does going there
# cost*. The full rules are in [docs/rules.md](../docs/rules.md); the other eight games sit beside
# Indian in the table of [10_rule_differences](10_rule_differences.ipynb).
#
# The lesson has four rules of thumb. Each says what to do most of the time and when it bends, and
# each is shown on real positions from the shipped puzzles, positions where the verdict holds over
# every way the hidden cards could lie. The figure under a rule comes from a fair *habit player*
# (it sees what you see and plays by fixed priorities), run over the same thousand deals with and
# without one habit changed. The habit player never wins Indian, so it is measured by the cards it
# gets home ([how to read the interval](10_rule_differences.ipynb#How-the-lessons-measure)).

# %%
from ft_widget import Board, Game
from ft_widget.experiments import compare_players, rows
from ft_widget.teaching import lesson_rules_list, picture, rule_steps

GAME, games = "indian", rows("indian", "games")
picture(Game(GAME, deal=1), caption="Indian, deal 1: ten columns of three, each bottom card face down")

# %% [markdown]
# The four rules, each with its bend and the puzzle themes it teaches, as the board will show them:

# %%
lesson_rules_list(GAME)

# %% [markdown]
# ## Send a card home when it fits
#
# A card is *safe* at home when no card still out could ever want to sit on it. With six possible
# parents for every card, that moment comes late in Indian: the 7♥ is safe only once both 6♥ and
# both copies of each other six are home. A player who waits for safety keeps a card on the table
# that has already done its work, and the card under it stays buried. Of all the habits measured
# here, waiting costs the most:

# %%
compare_players(games, "habit", "home only when safe", by="player",
                name="Holding each card back until it is safe home")

# %% [markdown]
# The bend comes at the very end of the stock, where every card counts. A card that fits home
# may be the only seat left for a card of another suit that is still on the table: send it home
# and that card has nowhere to go. That is the theme *Hold a card back from home*. In the first
# position below, sending the column's top card home frees the card under it; in the second, the
# waste card should wait. Open each answer only after you have chosen.

# %%
rule_steps(GAME, "home")

# %% [markdown]
# ## Play the waste card where it fits
#
# Indian's stock goes round once, and the waste is last in, first out: a card you deal past is
# covered by every card dealt after it, and it comes back into play only when all of those have
# gone. So a waste card that fits onto a column goes there. Dealing past it costs many cards:

# %%
compare_players(games, "habit", "deal past the waste card", by="player",
                name="Dealing past a waste card that fits")

# %% [markdown]
# Its bend is the theme *Deal on*. With the stock nearly out, look at the places the
# waste card fits. If one of them is a column that still hides a card, or a short column you
# mean to clear, the card would block what you need, and a deal costs nothing more. The first
# position here is one where placing the card is right (and where sending it home instead is the
# hold-back mistake of the last rule); the second is the bend.

# %%
rule_steps(GAME, "deal")

# %% [markdown]
# ## Fill an empty column with the waste card
#
# Players of Klondike keep an empty column for a King. Indian has no such need: any card can start
# a column, and while the stock is long an empty column left empty does nothing. Put the waste
# card in it and the stock moves on. This was the best change of all those measured: it even wins
# a few deals, where the plain habit wins none.

# %%
compare_players(games, "habit", "waste card into an empty column", by="player",
                name="The waste card into an empty column at once")

# %% [markdown]
# Late in the stock the same column is worth more empty. Cards of the table use it as a
# stepping stone: one steps in, the card it sat on moves away, it steps back, and a whole column
# empties. That is the theme *Keep an empty column*. In this position the waste card could go
# into the space, and so could a card whose lift turns up a hidden card: each loses the win.

# %%
rule_steps(GAME, "fill")

# %% [markdown]
# ## Dig where the freed card can move
#
# Only a card on top can move, so the cards under it, and the face-down card at the bottom, come
# up only when the cards above them go. A lift is worth making when the card it bares can move at
# once: onto a column, home, or out of the way of a hidden card. In whole games, choosing among
# several such digs the column whose hidden card lies deepest gained a little:

# %%
compare_players(games, "habit", "dig farthest from a hidden card", by="player",
                name="Digging first where a hidden card lies deepest")

# %% [markdown]
# A lift that frees a card with nowhere to go only spends the empty column, and late in the
# stock that column is the one place left for anything. Then leave the column alone and deal.
# The first position below is a *Dig out a buried card* puzzle, where the right lift frees a
# card that moves next; the second, a *Keep an empty column* one, where no lift is worth the
# space.

# %%
rule_steps(GAME, "dig")

# %% [markdown]
# ## Play it on the board
#
# The board below plays the lesson: each position in turn, the rule or its bend above it. Make
# your move; the board says whether it keeps the win and why, and **Next** goes on. Stuck, press
# **Show a clue**. The rest of Indian's puzzles, from easy to hard, are on
# `Board.training(GAME)`, every puzzle set in the last few cards of the stock.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# ## A game read back
#
# To see these rules decide a whole game, read one back with `review`: the README's
# [Review a game](../README.md#review-a-game) says how. The lab notebook
# [Indian: the lab behind the lesson](lab/indian.ipynb) reviews a habit player's lost game and
# holds every experiment above with its command and budget (it needs a full install: it reads
# them with pandas).

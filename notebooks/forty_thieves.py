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
# # Forty Thieves: how to play it
#
# Two decks are dealt into ten columns of four cards, every card face up, and the rest wait in a
# stock that you turn over once, one card at a time ([the rules](../docs/rules.md)). Three
# things make the game tight. A card is built only onto the card one rank higher **of its own
# suit**, so it has just two seats on the whole table: the two copies of that card. Only one card
# moves at a time, so a long column is taken apart card by card. And the waste is a pile you
# can only take from the top: a card you deal over comes back only once every card dealt after
# it has been played. The one place that takes any card at all is an empty column.
#
# The rules of thumb below are the ones the board teaches; each one says when it bends, and
# names the puzzle themes it trains:

# %%
from ft_widget import Board
from ft_widget.experiments import compare_choices, compare_players, rows
from ft_widget.teaching import lesson_rules_list, rule_steps

GAME = "forty_thieves"
choices, games = rows(GAME, "questions"), rows(GAME, "games")

# %%
lesson_rules_list(GAME)

# %% [markdown]
# Under each rule you find its positions from real deals: first one where the rule is right, then
# one where it bends. Each is a shipped puzzle whose answer holds over the cards you cannot see;
# try it before you open the answer. Where a rule has a measured effect, one line prints it. The
# measure: on deals the solver won (it sees every card), at each point of its winning line where
# the rule's question came up, every choice was played and the solver asked again whether a win
# was left; each deal counts once, and a choice that keeps fewer wins has cost games. Verdicts the
# solver could not settle are left out; counted as lost, every difference grows and none turns
# round ([how the lessons measure](10_rule_differences.ipynb#How-the-lessons-measure)).
#
# ## Keep an empty column
#
# Since each card has two seats and nothing more, most cards on the table wait for one
# particular card to come free. The empty column is the exception: it takes a card that has no
# seat at all, and that is what lets you dig. A card dropped there that nothing can go onto turns
# the best square on the table into the worst, and it stays until its own suit climbs to it or
# one of its two seats opens. So deal on, and keep the column.
#
# It bends when the card you put in starts something at once: a lift that frees the card beneath
# it for its seat or for home, or a waste card that the next card goes onto. Then the column is
# working, not parked. The puzzles of the theme *Keep an empty column* train the rule; in the
# first position below the waste 9♦ has nothing to take it, and in the second, with the stock
# gone, the lift of the 5♥ frees the 10♥ for the J♥ of column 8 while the obvious 10♣ home
# loses.

# %%
rule_steps(GAME, "empty")

# %% [markdown]
# Measured over the solver's won deals, dropping the waste card into the empty column, instead of
# dealing on, keeps fewer wins:

# %%
compare_choices(choices, "empty", "keep", "waste", name="The waste card into an empty column rather than a deal")

# %% [markdown]
# ## Dig out a buried card
#
# The cards the foundations want next are often under others, and with one card moving at a time
# the only way down is to take the top card somewhere: onto its seat, or into the empty column.
# The dig is worth it when the card you uncover moves next, home or onto its own seat, because
# then one move has freed two cards. This is the theme *Dig out a buried card*.
#
# It bends when the uncovered card has nowhere to go. The lifted card now blocks the empty
# column and the card beneath is no better off: the move that matters is elsewhere, often a
# deal. In the first position the K♥ goes into the empty column and the 2♣ under it goes home; in
# the second the lift of the 8♥ would bare a 3♠ with no seat and no pile, so you deal.

# %%
rule_steps(GAME, "dig")

# %% [markdown]
# Over all the solver's positions, lifting a lone card into the empty column instead of dealing
# costs wins on average. Split those positions by whether the uncovered card could move at once
# and the cost falls entirely on the lifts where it could not; where it could, the lift made no
# measurable difference. That split is the rule and its bend.

# %%
compare_choices(choices, "empty", "keep", "card", name="A lone card lifted into an empty column rather than a deal")

# %% [markdown]
# ## Play before you deal
#
# The stock goes round once and the waste gives back only its top card, so a card you deal past
# is buried under everything that comes after it. When the waste card has a seat on a column,
# playing it costs you nothing you can see and saves the card. This is the theme *Place before
# dealing*. It bends when the card you could place would block the cards still to come, for
# instance by taking the seat a card of the table is waiting for: then the theme is *Deal on*.
# With both copies of its seat open, choosing between them is the theme *Where the waste card
# goes*. No fair puzzle of this game yet shows the
# rule as a clean step, so the line below says so; both themes come up in the training puzzles.

# %%
rule_steps(GAME, "deal")

# %%
compare_choices(choices, "waste", "deal", "onto", name="The waste card onto a column rather than a deal")

# %% [markdown]
# ## Send cards home as they fit
#
# Auto-play sends a card home only when that can never cost the game. Every other card home is a
# small bet, and a player who waits until each card is certainly safe deals through the stock with
# cards stuck on the table that could have gone. A card home is one card fewer to find a seat
# for. With two decks there is a twist: two copies of a card may both be free to go, and only
# one can, because the other pile of that suit is not ready for it. Send the one whose going
# uncovers something. That is the theme *Which twin goes home*: in the first position below, the
# 8♠ of column 9 goes home and bares the 9♠ to follow it, while the 8♠ from the waste loses.
#
# It bends when a card of the table needs the card as its seat and the other copy is out of
# reach: the theme *Hold a card back from home*. In the second position the 9♦ could go home,
# but the 8♦ at the foot of column 9 cannot (the second diamond pile still waits for its ace), and
# the other 9♦ is buried in column 6. So you deal, and the 8♦ later comes up onto the 9♦.

# %%
rule_steps(GAME, "home")

# %% [markdown]
# A fair rule-bound player, `cautious`, seldom wins Forty Thieves, so its whole games count cards
# home. Played again on the same deals, holding back every card that is not certainly safe, it
# gets fewer cards home:

# %%
compare_players(games, "cautious", "no unsafe home move", name="Holding back every card not certainly safe")

# %% [markdown]
# ## Play it on the board
#
# The board below plays the lesson: each position in turn, the rule or its bend above it, your
# move judged at once. The **Show a clue** button gives the puzzle's clue, and the next step
# follows when you have solved one.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# The rest of the game's puzzles come one after another on `Board.training("forty_thieves")`,
# among them the themes *Place before dealing* and *Where the waste card goes*. Some are
# exceptions to these rules of thumb (a waste card laid in an empty column that takes a card at
# once and still loses the deal): a puzzle's answer is the solver's verdict, not a rule.
#
# The experiments behind the figures, with their commands and budgets, are in
# [the lab](lab/forty_thieves.ipynb). To have a whole game read back move by move, with the move
# where the win slipped away, see "Review a game" in the [README](../README.md#review-a-game).

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
# # Limited
#
# Limited plays by the Forty Thieves rules: two decks, columns built down in suit, one card moved
# at a time, a stock turned once. What changes is the layout: **twelve** columns of **three** cards,
# with 68 cards left in the stock. A column of three clears quickly, so a Limited player holds an
# empty column, a *space*, early and often. Deciding what goes into it is most of the game; a space
# is the only place on the table that takes any card, and it is gone the moment a card you cannot
# move again sits in it. All the rules are in [docs/rules.md](../docs/rules.md), and the table of
# [10_rule_differences](10_rule_differences.ipynb) sets Limited beside its cousins.
#
# Four rules of thumb follow, each with the case where it bends, each shown on real positions
# from the shipped puzzles where the verdict holds whatever the hidden cards are. Their figures
# come from a fair *habit player*, which sees what you see and plays by fixed priorities, set
# against the same player with one habit changed over the same thousand deals
# ([reading an interval](10_rule_differences.ipynb#How-the-lessons-measure)).

# %%
from ft_widget import Board, Game
from ft_widget.experiments import compare_players, rows
from ft_widget.teaching import lesson_rules_list, picture, replayed, rule_steps

GAME, games, forks = "limited", rows("limited", "games"), rows("limited", "forks")
picture(Game(GAME, deal=1), caption="Limited, deal 1: twelve columns of three, 68 cards in the stock")

# %% [markdown]
# The rules as the board states them, with their bends and the puzzle themes each one trains:

# %%
lesson_rules_list(GAME)

# %% [markdown]
# ## Spend a space to free a card for home
#
# Left to itself, the habit player keeps a space empty until it has nothing else to do. The
# *spender* uses it at once: it lifts into the space a card that sits on a card ready to go home,
# and otherwise, while the stock is long, lays the waste card there. This is the largest gain
# measured in Limited: the habit player wins no deal of the thousand, the spender wins some.

# %%
compare_players(games, "habit", "spender", by="player", name="The spender against the habit player")

# %% [markdown]
# On deal 1 a space opens after eight moves. The spender lifts the 10♦ into it, and the A♠ that
# lay beneath goes home:

# %%
row = next(r for r in forks if r["player"] == "spender")
picture(replayed(GAME, row["deal"], row["before"]), highlight=row["changed_move"], scale=0.7,
        caption=f"Limited, deal {row['deal']}: the spender's move")

# %% [markdown]
# The waste card's half of the habit is the one that turns round late. In the lab, the waste card
# parked in the space once half the stock is gone throws wins away, while early it made no
# measurable difference; yet a flat ban on parking late cost whole games too. So keep the space for
# a reason, not by rule. The bend: when nothing you could put there frees a card that can move
# next, deal, and keep the space as a stepping stone for the cards to come. That is the theme *Keep
# an empty column*, and most of Limited's puzzles are set at this moment: a space, a waste card that
# fits only there, and less than half the stock left.

# %%
rule_steps(GAME, "space")

# %% [markdown]
# ## Do not deal past a waste card that fits
#
# With one pass through the stock, the waste is a pile you can only take from the top: a card you
# deal past is covered by every card after it. A waste card that fits on a column should go there
# before the next deal. No habit measured in this game costs more than dealing past it:

# %%
compare_players(games, "spender", "deal past the waste card", by="player",
                name="Dealing past a waste card that fits")

# %% [markdown]
# The themes *Place before dealing* and *Where the waste card goes* train this rule: which column
# takes the card, and whether to place it at all. Its bend, to deal on when the card would bury a
# card you need, has no fair position among Limited's puzzles yet. The position below also hides a
# second lesson: the waste card fits home too, and home is the losing choice.

# %%
rule_steps(GAME, "deal")

# %% [markdown]
# ## Dig out the card the foundations want
#
# In suit, a card has few places on the table: the next card up of its own suit, from either
# deck, besides home and a space. A card buried under others waits until they move, so the dig
# that pays is the one whose freed card can go home or onto a column at once. Which column to
# clear, the shortest or the longest, made no measurable difference; clearing where the card
# beneath goes home gained a little:

# %%
compare_players(games, "spender", "dig where the card beneath goes home", by="player",
                name="Digging where the card beneath goes home")

# %% [markdown]
# Carrying a run whole through a space (the board offers the card-by-card trip as one move) is
# digging too, and a habit of carrying runs to uncover a card gained games in the lab. The theme is
# *Dig out a buried card*. Its bend: when the card you would free has nowhere to go yet, a lift
# into the space only fills it, and a deal is better.

# %%
rule_steps(GAME, "dig")

# %% [markdown]
# ## Send cards home, but not blindly
#
# A card home is a card less to place, and in suit the foundations take cards in a fixed order, so
# most cards that fit there should go. The exception is the theme *Hold a card back from home*: a
# card of the same suit one rank down, still on the table, may need the card as its only place.
# With twins free, both copies of one card, the theme *Which twin goes home* asks which one's going
# frees something. This rule shows only its bend here:

# %%
rule_steps(GAME, "home")

# %% [markdown]
# ## Play it on the board
#
# The board below walks through the lesson's positions, one rule or bend at a time. Make your
# move: the board judges it against every way the hidden cards could lie, says why, and **Next**
# brings the following step. **Show a clue** helps when you are stuck. For the rest of Limited's
# puzzles, open `Board.training(GAME)`.

# %%
# NBVAL_IGNORE_OUTPUT
Board.lesson(GAME)

# %% [markdown]
# ## A whole game
#
# A game read back move by move shows these choices in their place: the README's section
# [Review a game](../README.md#review-a-game) explains `review`. The lab notebook
# [Limited: the lab behind the lesson](lab/limited.ipynb) reviews a habit player's lost game, and
# keeps every experiment above with its command and budget (it needs a full install, for pandas).

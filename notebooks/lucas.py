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
# # Lucas
#
# Lucas starts you off with the eight Aces already home. The other 96 cards lie in **thirteen**
# columns of **three** and a stock of 57 that you go through once; you build down in suit and
# move one card at a time. ([docs/rules.md](../docs/rules.md) has every rule.)
#
# Three rules of thumb, each measured below:
#
# 1. **Send a card home as soon as it can go.**
# 2. **When the stock runs out, dig the waste.** The cards you still need are in it: lay its
#    top card on a column, an empty one too, to reach the card beneath.
# 3. **Give an empty column to the card whose move frees the next card home.** When a column's
#    top card and the waste's card both want the space, the column card comes first if the card
#    under it goes home. While the stock lasts and no such card exists, deal rather than park
#    the waste's card there.
#
# How they were measured. A *habit player* that sees only what you see (home when it can, free
# cards, deal when stuck) played deals 1 to 300 as it is and again with one idea changed. Each
# result below is one sentence: the change, its 95 % interval over the deals, and how many
# deals. After each rule comes a puzzle from a real deal: its picture, its answer folded away,
# and (when you run the notebook) a board to try it on.

# %%
from IPython.display import display

from ft_widget import Board, Game, play_policy, puzzles, review
from ft_widget.experiments import compare_choices, compare_players, rows
from ft_widget.teaching import PuzzleCard, Row, losing_move_row, picture, replayed
from ft_widget.words import move_line

GAME = "lucas"
games, splits, ends = rows(GAME, "games"), rows(GAME, "splits"), rows(GAME, "fatal")
themed = {}  # the shipped puzzles by theme (ft_widget.training.themes.THEMES), in the shipped order
for p in puzzles(GAME):
    themed.setdefault(p.theme, []).append(p)

# %%
picture(Game(GAME, deal=1), caption="Lucas, deal 1: Aces home, thirteen columns of three")

# %% [markdown]
# ## 1. Send a card home as soon as it can go
#
# Some players hold a card back from home in case a card on the table wants it. In Lucas that
# caution costs: the Aces are waiting from the first move, and a card sent home frees the one
# under it. Below, the first position of deal 1 where the two players part: the habit sends
# the highlighted card home, the cautious player deals instead. Then the whole games, the
# player that sends a card home only when no card in play could want it against the habit:

# %%
first = next(r for r in splits if r["idea"] == "home_only_when_safe")
before = replayed(GAME, first["deal"], first["before"])
display(picture(before, highlight=first["habit_move"], scale=0.7,
                caption=f"deal {first['deal']}: {move_line(before, first['habit_move'])}"))
compare_players(games, "habit", "home_only_when_safe", by="idea", name="holding a card back from home")

# %% [markdown]
# Far fewer cards home. One of Lucas' thirty puzzles is about holding a card back from home (it
# comes on `Board.training("lucas")`): the player the puzzles catch out sends every card it can,
# and nearly always loses elsewhere. This one trains rule 3 instead, while the stock lasts: the
# waste's card is there to be placed, and one card is left to deal.

# %%
# NBVAL_IGNORE_OUTPUT
p = themed["keep_an_empty_column"][0]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 2. When the stock runs out, dig the waste
#
# Lucas is seldom lost in the first pass: on most deals the solver wins, the habit player's
# whole game still leaves a win where it stops (the lab counts them). It is lost at the end:
# the stock is spent, and the cards the foundations still need lie in a long waste that gives
# up only its top card. Here is where the habit player stopped on deal 2, with most columns
# empty and nothing left to deal: it moved cards between columns until it came back to a
# position it had already seen.
#
# The idea tried: once the stock is gone, play the waste's top card to a column, an empty one
# too, before anything else. Against the habit, whole games, in cards home and in games won:

# %%
stop = next(r for r in ends if r["game"] == "as dealt" and r["deal"] == 2)
display(picture(replayed(GAME, 2, stop["before"]), scale=0.7,
                caption="deal 2, where the habit player stopped: the stock is spent"))
dig = "digging the waste once the stock is spent"
display(compare_players(games, "habit", "dig_the_waste", by="idea", name=dig))
compare_players(games, "habit", "dig_the_waste", measure="won", by="idea", name=dig)

# %% [markdown]
# More cards home, and games won where the habit won none. The ending is where Lucas is
# decided, and the waste is where its cards are. A puzzle of this theme: the stock is spent, the
# waste's card and a column's card both fit the empty column, and the waste's card is the one
# that keeps the deal winnable.

# %%
# NBVAL_IGNORE_OUTPUT
p = themed["where_the_waste_card_goes"][0]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 3. Give an empty column to the card that frees the next card home
#
# Digging the waste is not the whole plan. Among the moves between columns, a second idea
# prefers the one that uncovers a card the foundations take next. Against the habit, whole
# games. Then the sharper test for "waste first": at the first position of each deal where the
# waste-first player and the habit choose differently, the solver, which sees every card, says
# whether the deal can still be won after each move (a position it could not settle within
# its budget is left out).

# %%
display(compare_players(games, "habit", "dig_for_next_home", by="idea", name="digging for the next card home"))
compare_choices(splits, "dig_the_waste", "habit", "idea", name="the waste-first move, where it first differs")

# %% [markdown]
# Digging toward the next card home brings more cards home. And where waste-first first changes
# the move, it throws winnable deals away and saves none. Each of those losses is the same
# choice: a waste card and a column card both fit an empty column. One of them, with the
# habit's move (it wins) and the waste-first move (it loses):

# %%
spoiled = next(r for r in splits if r["idea"] == "dig_the_waste"
               and (r["habit_verdict"], r["idea_verdict"]) == ("won", "lost"))
before = replayed(GAME, spoiled["deal"], spoiled["before"])
Row(*(picture(before, highlight=m, scale=0.6, caption=move_line(before, m))
      for m in (spoiled["habit_move"], spoiled["idea_move"])))

# %% [markdown]
# Rule 2 and rule 3 meet here: dig the waste, but a space is worth most to the card whose move
# lets a card go home. Try it: the habit player fills the space with the waste's card, and the
# deal is lost.

# %%
# NBVAL_IGNORE_OUTPUT
p = themed["dig_out_a_card"][0]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# A rule that did not make the list: keep an empty column for a King, a habit from Klondike. The
# habit player that lets only a King into an empty column, against the habit:

# %%
compare_players(games, "habit", "kings_only_in_empty", by="idea", name="only a King into an empty column")

# %% [markdown]
# The gain is a fraction of one card over a whole game: too small to steer by. What matters is
# which card goes into the space, and rule 3 says which.
#
# ## A game reviewed
#
# One whole game, read back move by move. The player is `foundations_first` (home, then the
# waste, then uncover, then deal). On deal 1, which the solver wins from the start, it loses.
# `ft_widget.review` marks each move with the fair expert's estimate (from the table alone) and
# the solver's verdict (seeing every card); the [README](../README.md#review-a-game) says how.

# %%
played = play_policy(Game(GAME, deal=1), "foundations_first", rng=1)
reviewed = review(replayed(GAME, 1, list(played.moves)), rng=1, progress=False)
print(reviewed.summary)
reviewed.plot()

# %% [markdown]
# The win slips away in one move near the end. The position before it, with the move played and
# the solver's move:

# %%
k = reviewed.losing_move
before, step = reviewed.position(k), reviewed.steps[k]
print(f"Move {k + 1}, played: {move_line(before, step.move)}. The fair expert calls it a {step.mark}.")
print(f"The solver's: {move_line(before, reviewed.alternative)}.")
losing_move_row(reviewed)

# %% [markdown]
# Rule 3 in one move. The solver lifts a column's top card into the empty column, and the card
# under it, which a diamond foundation is waiting for, goes home. The player gives the space to
# the waste's card: the column card has nowhere to go, and that foundation stops.
#
# The other Lucas puzzles are on a board with `Board.training("lucas")`. The experiments, their
# commands and budgets: [Lucas: the lab behind the lesson](lab/lucas.ipynb).

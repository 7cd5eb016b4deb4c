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
# # Little Forty
#
# Little Forty loosens three screws of Forty Thieves. A card goes on any card one rank higher
# **of another suit**; a **run** moves as a unit, whole or its upper part; and the stock is
# turned **three cards at a time** with **three redeals**, so you go through it four times. Only
# the top card of each group of three can be played, and a redeal brings the cards round again
# in the same order, unless you took one. The deal is ten columns of four, face up, and 64
# cards in the stock. ([docs/rules.md](../docs/rules.md) has every rule.)
#
# Four rules of thumb, each measured below:
#
# 1. **Take waste cards onto the columns.** Not only home: a waste card on a column is a card
#    out of the three-card queue.
# 2. **Use every pass.** Three redeals are three more chances at the cards you could not reach.
# 3. **Move runs whole.** Splitting a run rarely helps here.
# 4. **When the passes are spent, keep digging the waste.** The game is not over: the waste
#    still plays from the top, one card at a time, into empty columns and onto other suits.
#
# How they were measured. A *habit player* that sees only what you see (home when it can, free
# cards, use the waste, deal when nothing is left) played deals 1 to 300 as it is and again
# with one idea changed. Each result is one sentence: the change, its 95 % interval over the
# deals, and how many deals.
#
# Little Forty has one shipped puzzle so far (`Board.training("little_forty")`): the puzzle maker
# looks for positions where most moves lose a winnable deal, and this forgiving game offers
# almost none. Its practice here is positions where a player stopped, each with
# its answer folded away and checked by the solver, which sees every card; run the notebook for
# a board to try it on.

# %%
from IPython.display import Markdown, display

from ft_widget import Board, Game, play_policy, review
from ft_widget.experiments import compare_choices, compare_players, rows
from ft_widget.teaching import Fold, Row, picture, replayed
from ft_widget.words import move_line

GAME = "little_forty"
games, splits, ends = rows(GAME, "games"), rows(GAME, "splits"), rows(GAME, "fatal")
stops = {r["deal"]: r["before"] for r in ends if r["kind"] == "stopped while winnable"}


# %%
def practice(judged, caption):
    """A position judged on a board (every move that cannot be taken back, solved with 20,000
    positions each): its picture and prompt, the answer behind a fold, then the board."""
    display(picture(judged.start, scale=0.7, caption=caption), Markdown(judged.prompt),
            Fold("Answer", judged.explanation))
    return judged


picture(Game(GAME, deal=3), caption="Little Forty, deal 3: ten columns of four, 64 in the stock")

# %% [markdown]
# ## 1. Take waste cards onto the columns
#
# The habit player takes a waste card onto a column whenever one fits. The idea tried: a player
# that only ever sends a waste card home. Below, the first place of deal 1 where the two part:
# the habit takes the card, the other deals on. Then whole games, and the solver's verdict after
# each move at the first parting place of each deal (a position it could not settle is left out):

# %%
first = next(r for r in splits if r["idea"] == "waste_only_home")
before = replayed(GAME, first["deal"], first["before"])
display(picture(before, highlight=first["habit_move"], scale=0.7,
                caption=f"deal {first['deal']}: {move_line(before, first['habit_move'])}"))
display(compare_players(games, "habit", "waste_only_home", by="idea", name="waste cards only home"))
compare_choices(splits, "waste_only_home", "habit", "idea", name="dealing on, at the first parting place")

# %% [markdown]
# Over whole games, refusing the waste costs a great many cards. At a single early decision it
# makes no measurable difference: wherever the solver settled both moves, both kept the win.
# With redeals ahead, a card you leave comes round again. What matters is the habit of taking,
# pass after pass, not any one card.
#
# ## 2. Use every pass
#
# The idea tried: the habit player that stops after one redeal, two passes instead of four:

# %%
compare_players(games, "habit", "one_redeal", by="idea", name="one redeal only")

# %% [markdown]
# The later passes are worth many cards. A pass can also be lost by stopping. Here another
# habit player (`foundations_first`: home, then the waste, then uncover, then deal) stopped on
# deal 6 with cards still in the stock and redeals left: it carried a long run from one column
# to another and back, and came round to a position it had already played. Find a move that
# keeps the deal winnable.

# %%
# NBVAL_IGNORE_OUTPUT
played = play_policy(Game(GAME, deal=6), "foundations_first", rng=1)
practice(Board.puzzle(played.game), f"deal 6, where the player stopped: {len(played.game.stock)} cards in the stock")

# %% [markdown]
# ## 3. Move runs whole
#
# The rules let you move the upper part of a run. The idea tried forbids it: runs move whole or
# not at all. The first place on deal 1 where the two part, and whole games:

# %%
first = next(r for r in splits if r["idea"] == "whole_runs_only")
before = replayed(GAME, first["deal"], first["before"])
display(Row(*(picture(before, highlight=m, scale=0.6, caption=move_line(before, m))
              for m in (first["habit_move"], first["idea_move"]))))
compare_players(games, "habit", "whole_runs_only", by="idea", name="runs moved whole only")

# %% [markdown]
# A small gain, about a card a game, but a clear one. A whole run headed by a King is the
# natural tenant of an empty column. Practice: where the habit player stopped on deal 1, with
# the stock and the redeals spent.

# %%
# NBVAL_IGNORE_OUTPUT
practice(Board.puzzle(replayed(GAME, 1, stops[1])), "deal 1, where the habit player stopped")

# %% [markdown]
# ## 4. When the passes are spent, keep digging the waste
#
# On most deals the solver wins, the habit player is stopped with the last pass done and a
# win still on the table (the lab counts them). The idea tried: once the stock and the redeals
# are spent, play the waste's top card to a column, an empty one too, before anything else.
# Against the habit, whole games, in cards home and in games won:

# %%
dig = "digging the waste at the end"
display(compare_players(games, "habit", "dig_the_waste", by="idea", name=dig))
compare_players(games, "habit", "dig_the_waste", measure="won", by="idea", name=dig)

# %% [markdown]
# Many more cards home, and a few games won where the habit won none. Practice: where the habit
# player stopped on deal 3, with thirty cards in the waste.

# %%
# NBVAL_IGNORE_OUTPUT
practice(Board.puzzle(replayed(GAME, 3, stops[3])), "deal 3, where the habit player stopped")

# %% [markdown]
# ## A game reviewed
#
# The game of rule 2's practice, read back move by move: `foundations_first` on deal 6.
# `ft_widget.review` marks each move with the fair expert's estimate (from the table alone) and
# the solver's verdict (seeing every card); the [README](../README.md#review-a-game) says how.

# %%
reviewed = review(replayed(GAME, 6, list(played.moves)), rng=1, progress=False)
print(reviewed.summary)
reviewed.plot()

# %% [markdown]
# No move in this game throws the win away: the solver still has one where the player stopped.
# The fair expert marked moves where, in its sampled stocks, the move played found fewer wins
# than its own. The first of them:

# %%
i = next(s.index for s in reviewed.steps if s.mark == "mistake")
before, step = reviewed.position(i), reviewed.steps[i]
print(f"Move {i + 1}, played: {move_line(before, step.move)}. The solver after it: {step.verdict_after}.")
Row(picture(before, highlight=step.move, scale=0.6, caption=f"played: {step.move}"),
    picture(before, highlight=step.expert_move, scale=0.6, caption=move_line(before, step.expert_move)))

# %% [markdown]
# The expert would empty a column; the player moves a card to uncover another, and the solver,
# which sees the real stock, still wins after it. Little Forty forgives such moves. It punishes
# stopping: this player ran out of ideas with the stock and three redeals in hand. Spend the
# passes, then dig.
#
# The experiments, their commands and budgets:
# [Little Forty: the lab behind the lesson](lab/little_forty.ipynb).

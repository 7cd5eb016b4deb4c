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
# # Rank and File
#
# In Rank and File you start nearly blind. Each of the ten columns is four cards deep, and
# only its top card shows: the three under it lie face down and turn over as the cards above
# them leave. You build down in **alternate colours**; a run of face-up cards moves as a unit,
# whole or its upper part; the 64 other cards are dealt one at a time, once.
# ([docs/rules.md](../docs/rules.md) has every rule.)
#
# Thirty hidden cards decide this game, and the rules of thumb are about reaching them:
#
# 1. **Before you deal, spend an empty column on a run that covers a face-down card.** Move the
#    whole run into it: the card under the run turns over.
# 2. **Into an empty column, move a run whole.** Half a run turns nothing over and uses up the
#    space.
# 3. **Do not choose a column by how many cards it hides.** Take the move that frees a card,
#    wherever it is.
#
# How they were measured. A *habit player* that sees only what you see (home first, then turn
# up and free cards, then the waste, then deal; an empty column only as a last resort) played
# deals 1 to 300 as it is and again with one idea changed. Each result is one sentence: the
# change, its 95 % interval over the deals, and how many deals. After each rule comes a puzzle
# from a real deal: its picture, its answer folded away, and a board when you run the notebook.

# %%
from IPython.display import display

from ft_widget import Board, Game, play_policy, puzzles, review
from ft_widget.experiments import compare_players, rows
from ft_widget.teaching import PuzzleCard, Row, losing_move_row, picture, replayed
from ft_widget.words import move_line

GAME = "rank_and_file"
games, splits = rows(GAME, "games"), rows(GAME, "splits")
themed = {}  # the shipped puzzles by theme (ft_widget.training.themes.THEMES), easiest first
for p in puzzles(GAME):
    themed.setdefault(p.theme, []).append(p)


# %%
def parting(idea, label):
    """The first position where the habit and the habit with ``idea`` choose differently, both moves."""
    r = next(r for r in splits if r["idea"] == idea)
    before = replayed(GAME, r["deal"], r["before"] or "")
    return Row(*(picture(before, highlight=m, scale=0.6, caption=f"{who}: {move_line(before, m)}")
                 for who, m in (("habit", r["habit_move"]), (label, r["idea_move"]))))


picture(Game(GAME, deal=1), caption="Rank and File, deal 1: ten cards showing, thirty face down")

# %% [markdown]
# ## 1. Before you deal, spend an empty column on a run that covers a face-down card
#
# The habit player keeps an empty column for emergencies and deals when nothing else helps.
# The idea tried: before dealing, if a whole run can go into an empty column and a face-down
# card lies under it, move the run. The first place on deal 1 where the two part, then whole
# games, cards home:

# %%
display(parting("empty_column_before_deal", "the run first"))
compare_players(games, "habit", "empty_column_before_deal", by="idea",
                name="a run into the empty column before dealing")

# %% [markdown]
# The biggest gain of any idea tried here. The card that turns over is information the stock
# cannot give you. In the puzzle below the habit player gives the empty column to the waste's
# card instead, and the deal is lost.

# %%
# NBVAL_IGNORE_OUTPUT
p = themed["dig_out_a_card"][0]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 2. Into an empty column, move a run whole
#
# The rules let you move the upper part of a run. The habit player does so only into an empty
# column, as a last resort. The idea tried forbids it: runs move whole or not at all. Where the
# two first part on deal 1, and whole games:

# %%
display(parting("whole_runs_only", "runs whole only"))
compare_players(games, "habit", "whole_runs_only", by="idea", name="runs moved whole only")

# %% [markdown]
# Half a run in the empty column leaves the other half, and the hidden card under it, where
# they were; the whole run turns that card up. Splitting a run is for putting its upper part on
# a card of the other colour elsewhere, where it costs no space. A second puzzle of the same
# kind: which run goes into the space?

# %%
# NBVAL_IGNORE_OUTPUT
p = themed["dig_out_a_card"][1]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 3. Do not choose a column by how many cards it hides
#
# Two tempting plans: dig the column with the **fewest** face-down cards (finish it and a space
# is near), or the one with the **most** (the deepest pile hides the most). Two habit players,
# each moving cards only off the columns its plan ranks first, against the habit, which takes
# any move that frees a card; then the two plans against each other:

# %%
display(parting("dig_fewest_down", "fewest face down first"))
display(compare_players(games, "habit", "dig_fewest_down", by="idea", name="fewest face down first"))
display(compare_players(games, "habit", "dig_most_down", by="idea", name="most face down first"))
compare_players(games, "dig_fewest_down", "dig_most_down", by="idea", name="most first, against fewest first")

# %% [markdown]
# Both plans cost cards against the habit, and between them the choice makes no measurable
# difference. Which pile matters less than freeing a card at all.
#
# Rank and File has no puzzle of this theme. The next one trains another idea of this game,
# from the puzzles' list: a waste card that fits now can block the cards still to come, and
# here dealing on is the move that keeps the deal winnable.

# %%
# NBVAL_IGNORE_OUTPUT
p = themed["deal_rather_than_place"][0]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## A game reviewed
#
# One whole game, read back move by move. The player is `foundations_first` (home, then the
# waste, then uncover, then deal). On deal 26, which the solver wins from the start, it loses.
# `ft_widget.review` marks each move with the fair expert's estimate and the solver's verdict
# (the [README](../README.md#review-a-game) says how). Hidden cards make the solver's work
# harder here, so it gets 300,000 positions a move, three times the review's default.

# %%
played = play_policy(Game(GAME, deal=26), "foundations_first", rng=1)
reviewed = review(replayed(GAME, 26, list(played.moves)), rng=1, progress=False, solver_states=300_000)
print(reviewed.summary)
reviewed.plot()

# %%
k = reviewed.losing_move
before, step = reviewed.position(k), reviewed.steps[k]
print(f"Move {k + 1}, played: {move_line(before, step.move)}.")
print(f"The solver's: {move_line(before, reviewed.alternative)}.")
losing_move_row(reviewed)

# %% [markdown]
# Two black Queens want the one red King on top of a column: the Queen on the waste, and the
# Queen that, with the Jack on it, is all that is left of column 2. The player gives the King to
# the waste's card. The solver gives it to the column: column 2 empties, and next a run headed
# by a King goes into it off a face-down card, which turns over. That is rule 1 in two moves.
#
# Two more puzzles, where a card that could go home is better kept on the table, are on the
# board with `Board.training("rank_and_file")`. The experiments, their commands and budgets:
# [Rank and File: the lab behind the lesson](lab/rank_and_file.ipynb).

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
# # Streets: how to play it
#
# Streets deals like Forty Thieves: ten columns of four, all face up, and a stock of 64 turned
# once, one card at a time. One rule changes: a card goes on the next rank up **of the other
# colour**, so a black nine takes either red eight ([the rules](../docs/rules.md); what the change
# is worth against the other building rules:
# [10_rule_differences](10_rule_differences.ipynb#Three-building-rules)). The decisions that
# matter are about empty columns and the waste's card.
#
# **Rules of thumb**
#
# 1. **Use an empty column at once to dig out a card the foundations want:** lift the card that
#    covers it into the space, and send the freed card home.
# 2. **Play the waste's card when it fits on a column,** rather than deal past it.
# 3. **When nothing on the table needs an empty column, the waste's card may go there, but not
#    late in the stock:** with fewer than ten cards to come, deal on and keep the column.
#
# And leave a Klondike habit behind: "only a King into an empty column" changed nothing over
# whole games, and where it decided what filled a space, it cost wins.
#
# For each rule: a position from a real deal, the measured effect, then a puzzle to solve.

# %%
from IPython.display import display

from ft_widget import Board, Game, Move, puzzles
from ft_widget.experiments import compare_choices, compare_players, effects_table, rows
from ft_widget.teaching import (
    PuzzleCard,
    fork_row,
    habit_game_reviewed,
    into_empty_column,
    losing_move_row,
    losing_move_text,
    picture,
    replayed,
)

GAME = "streets"
picture(Game(GAME, deal=4), caption="Streets, deal 4: ten columns of four, 64 cards to come")

# %% [markdown]
# ## Where the figures come from
#
# A cautious player with fixed priorities, blind to everything you cannot see, played deals 1
# to 1,000 in several versions: as it is, and with one habit changed. None of its games is won,
# so whole games are compared by **cards home**. Then, on deals 1 to 200, the solver, with every
# card in view, took the first position where a version parts from the plain player and said
# whether a win remained after either move. One early move seldom
# decides a Streets deal: at those positions most changes made no measurable difference, and
# the tables show that too ([how the lessons measure](10_rule_differences.ipynb#How-the-lessons-measure)).

# %%
games, forks = rows(GAME, "games"), rows(GAME, "forks")


# %% [markdown]
# ## 1. An empty column digs out a card the foundations want
#
# Deal 1: column 5 has just emptied. The plain player deals a card; the changed one lifts the
# 4♦ of column 3 into the space, and the 5♣ it covered goes home.

# %%
def effects(change):
    """The change in whole games (cards home) and at the first position where it matters (the solver)."""
    return {f"{change} (whole games)": compare_players(games, "habit", change),
            f"{change} (first positions)": compare_choices(forks, change, "habit", "changed")}


display(fork_row(GAME, forks, "empty column to free a home card", 1))
effects_table(effects("empty column to free a home card"), caption="Streets: an empty column used to free a home card")

# %% [markdown]
# The gain in whole games is the largest of any change: the choice comes back each time a column
# empties. **Practice.** A puzzle of the theme *dig out a buried card*, where the space takes a
# card from the table:

# %%
p = next(p for p in puzzles(GAME) if p.theme == "dig_out_a_card")
PuzzleCard(p)

# %% [markdown]
# Run the notebook and the same position comes up on a live board; your first move is judged:

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## 2. Play the waste's card when it fits
#
# Deal 8, early: the waste's Q♦ fits on the K♠ of column 5. A player who deals past it buries
# it under the next card, and the stock does not come round again.

# %%
display(fork_row(GAME, forks, "deal past the waste card", 8))
effects_table(effects("deal past the waste card"), caption="Streets: the waste's card dealt past instead of played")

# %% [markdown]
# **Practice.** No Streets puzzle has the theme *place before dealing*. This one trains *hold a
# card back from home*: the waste's card could go home, and the answer plays it on a column.

# %%
p = next(p for p in puzzles(GAME) if p.theme == "hold_back_from_home" and p.answers[0].startswith("w>"))
PuzzleCard(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## 3. The waste's card and an empty column
#
# The plain player leaves an empty column idle until nothing else is left. Dropping the waste's
# card into it at once gains a card in whole games: the next card of the stock comes into play.
# But late in the stock the column is worth more than one more card. Deal 98, six cards to come:
# the waste's card in the space loses, dealing on keeps the win.

# %%
display(fork_row(GAME, forks, "waste card into an empty column", 98))
late = [r for r in forks if len(replayed(GAME, r["deal"], r["before"]).stock) < 10]
effects_table({**effects("waste card into an empty column"),
               "the same, fewer than ten cards to come (first positions)":
                   compare_choices(late, "waste card into an empty column", "habit", "changed"),
               **effects("only a King into an empty column")},
              caption="Streets: what goes into an empty column")

# %% [markdown]
# The first positions late in the stock are too few to measure (the table says how many), so
# the limit of the rule comes from the puzzles:

# %%
late_space = [p for p in puzzles(GAME) if Move(p.habit).from_waste
              and into_empty_column(p.game, p.habit) and len(p.game.stock) < 10]
print(f"In {len(late_space)} of Streets' {len(puzzles(GAME))} puzzles, the losing move drops the "
      "waste's card into an empty column with fewer than ten cards to come.")

# %% [markdown]
# The King rule changed nothing in whole games; at the first positions where it decided what
# filled a space, fewer deals could still be won after the King.
#
# **Practice** (theme: *keep an empty column*):

# %%
p = next(p for p in puzzles(GAME) if p.theme == "keep_an_empty_column")
PuzzleCard(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## A game reviewed
#
# `foundations_first` is a habit player: a card goes home whenever it can; failing that, the
# waste's card is played, or a card that uncovers another, or a card dealt. It loses deal 11,
# which the solver wins. `review` goes back over the game, the fair expert judging each move by
# what was in view, the solver (with 300,000 positions a move, three times the default) by
# every card.

# %%
reviewed = habit_game_reviewed(GAME, 11, rng=11, solver_states=300_000)
reviewed.plot()

# %%
print(losing_move_text(reviewed))
losing_move_row(reviewed)

# %% [markdown]
# The habit player sent the 3♣ home the moment it could. That 3♣ was the one black three in
# reach of the lone 2♦ of column 4: laid on it, the 2♦ would have emptied the column. In Streets
# a low card on the table is a seat for two suits; before it goes home, look for the card that
# needs it. Streets' puzzles of the theme *hold a card back from home* train that idea; all of
# them come one after another on `Board.training("streets")`.
#
# For the experiments themselves, their commands, budgets and every table:
# [Streets: the lab behind the lesson](lab/streets.ipynb).

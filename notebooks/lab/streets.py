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
# # Streets: the lab behind the lesson
#
# The experiments behind [the Streets lesson](../streets.ipynb), each with its command and budget.
#
# Streets deals exactly like Forty Thieves (ten columns of four, all face up, a stock of 64
# turned once, one card at a time), and changes a single rule: a card goes on the next rank
# up **of the other colour**. A black nine may take either red eight, so each card has four
# possible parents on the table instead of two. The full rules are in
# [docs/rules.md](../../docs/rules.md); what that one change is worth against the other building
# rules is measured once in [10_rule_differences](../10_rule_differences.ipynb#Three-building-rules).
#
# Here the subject is how to *play* Streets. Three questions:
#
# 1. **What should a freshly emptied column be spent on?** On the waste's card, on a card
#    whose removal lets another go home, on a King only, or kept open?
# 2. **The waste card fits somewhere: play it, or deal past it?** Some players keep the
#    columns clean and let the stock run.
# 3. **Does the Klondike rule "only a King in an empty space" carry over?**
#
# Each is asked of a *habit player*: the project's cautious policy, which sees only what you
# see and always plays by the same priorities (a move home, a move that empties a column or
# frees a card, the waste's card, a deal; a space is filled only when nothing else is left). We
# change one habit at a time and play a thousand deals with and without the change. Then, on
# each of the first two hundred deals, we stop at the first moment the two players disagree
# and ask the solver (which sees every card, the stock's order included) whether the deal is
# still winnable after each move.

# %%
import pandas as pd

from ft_widget import Game
from ft_widget.cards import card_symbol
from ft_widget.teaching import (
    Paired,
    bars,
    data_path,
    load,
    paired_games,
    picture,
    replayed,
)
from ft_widget.words import move_line

GAME = "streets"
games = pd.read_csv(data_path("notebooks/streets_games.csv"))
forks = pd.read_csv(data_path("notebooks/streets_forks.csv"))
run = load("notebooks/streets_questions_run.json")


def position(deal, moves):
    """Deal ``deal`` of Streets with the space-separated ``moves`` played."""
    return replayed(GAME, deal, moves)


def against_habit(change, measure="cards_home"):
    """The changed player against the plain habit, deal by deal."""
    return paired_games(games, change, measure)


# %% [markdown]
# ## A Streets deal
#
# Deal 4 as it comes. A top card here accepts four cards (both copies of two suits of the rank
# below) where Forty Thieves offers two; even so this deal opens with few builds, and the
# stock soon has to be used:

# %%
deal = Game(GAME, deal=4)
assert [len(c) for c in deal.tableau] == [4] * 10 and len(deal.stock) == 64
opening = [m for m in deal.legal_moves() if m.between_columns]
print(f"moves between columns at the start of deal 4: {len(opening)}")
picture(deal, caption="Streets, deal 4: ten columns of four, 64 cards in the stock")

# %% [markdown]
# ## How far the habit player gets
#
# Before changing anything: the habit player does not win Streets. On deals 1 to 1,000 it
# wins none and stops, out of moves, with about a fifth of the pack home. So the whole-game
# figures below count **cards home**, not wins; the solver's verdicts at the forks speak
# about winning.

# %%
habit = games[games.player == "habit"]
assert habit.won.sum() == 0 and len(habit) == 1000
print(f"habit player: {habit.won.sum()} wins in {len(habit)} deals, "
      f"{habit.cards_home.mean():.1f} of 104 cards home on average")

# %% [markdown]
# ## 1. What an empty column is for
#
# The habit player holds an empty column back until it has nothing else to do. Two changes:
#
# * **waste card into an empty column**: as soon as a column is empty (and nothing can go
#   home safely), put the waste's card in it, so the next card of the stock becomes playable;
# * **empty column to free a home card**: as soon as a column is empty, move into it a top
#   card that sits on a card the foundations want *now*, and send that card home.
#
# Same thousand deals, same seeds:

# %%
changes = ["waste card into an empty column", "empty column to free a home card",
           "only a King into an empty column", "deal past the waste card"]
short = dict(zip(changes, ["waste card to space", "space frees home card", "King only in space",
                           "deal past waste card"], strict=True))  # labels for the charts
table = pd.DataFrame({c: vars(against_habit(c)) for c in changes}).T
table = table[["a", "b", "diff", "low", "high", "better", "worse"]].rename(
    columns={"a": "habit", "b": "changed", "diff": "change", "low": "95% low", "high": "95% high",
             "better": "deals better", "worse": "deals worse"})
table.round(2).astype({"deals better": int, "deals worse": int})

# %%
bars([(short[c], table.loc[c, "change"], table.loc[c, "95% low"], table.loc[c, "95% high"]) for c in changes],
     "cards home, changed minus habit", digits=1)

# %%
assert table["change"].idxmax() == "empty column to free a home card" and table["95% low"].max() > 4
assert table["change"].idxmin() == "deal past the waste card"
assert table.loc["deal past the waste card", "95% high"] < 0
assert table.loc["waste card into an empty column", "95% low"] > 0

# %% [markdown]
# Spending the empty column at once pays in both forms, and the second clearly more: using the
# space to uncover a card the foundations are waiting for sends about five more cards home a game.
# Here is the first deal on which the two players part, the position where the changed
# player uses the space and the habit player does something else:

# %%
free = forks[forks.player == "empty column to free a home card"]
first = free.iloc[0]
g = position(first.deal, first.before)
print(f"deal {first.deal}, after {len(str(first.before).split())} moves")
print("habit:  ", move_line(g, first.habit_move), "->", first.habit_verdict)
print("changed:", move_line(g, first.changed_move), "->", first.changed_verdict)
picture(g, highlight=first.changed_move, caption=f"Streets, deal {first.deal}: the changed player's move")

# %% [markdown]
# The habit player deals a card; the changed player lifts the 4♦ into the empty fifth column,
# and the 5♣ it covered goes straight onto the clubs' 4♣. The solver finds a win after
# the second move and none, within its budget, after the deal:

# %%
after = g.copy()
after.play(first.changed_move)
freed = after.tableau[2][-1]
home = [m for m in after.legal_moves() if m.is_home and m.src == 2]
assert card_symbol(freed) == "5♣" and home
print(f"under the 4♦: {card_symbol(freed)}; next:", move_line(after, home[0]))

# %% [markdown]
#
# One position proves little. For each deal where the two players part, a row counts as
# *winnable* if the solver (at most 100,000 positions a question) finds a win after that
# player's move. The paired difference is the changed player's share minus the habit's:


# %%
def verdicts(change):
    part = forks[forks.player == change]
    return Paired((part.habit_verdict == "won").astype(int), (part.changed_verdict == "won").astype(int))


fork_table = pd.DataFrame({c: vars(verdicts(c)) for c in changes if (forks.player == c).any()}).T
fork_table = fork_table[["n", "a", "b", "diff", "low", "high"]].rename(
    columns={"n": "forks", "a": "habit winnable", "b": "changed winnable", "diff": "change",
             "low": "95% low", "high": "95% high"})
fork_table.astype({"forks": int}).round(2)

# %%
bars([(short[c], 100 * r["change"], 100 * r["95% low"], 100 * r["95% high"])
      for c, r in fork_table.iterrows()],
     "winnable after the move: changed minus habit", unit=" pt")

# %%
assert all(fork_table.loc[c, "95% low"] < 0 < fork_table.loc[c, "95% high"]
           for c in ("waste card into an empty column", "empty column to free a home card"))

# %% [markdown]
# At the first fork the solver sees only a slight edge for spending the space (a few points,
# with intervals that include zero): one early choice rarely settles a Streets deal. The
# cards-home figures add the same choice up over a whole game, where it recurs every time a
# column empties, and there the gain is plain.

# %% [markdown]
# ## 2. Play the waste card, or deal past it?
#
# "Deal past the waste card" forbids playing the waste's card onto a column while the stock
# lasts. Over whole games it is the worst of the four changes (the table above): the card you
# pass is covered by the next one dealt, and with no redeal it comes back only after every card
# dealt on top of it has been played. Here is a fork of that pair, the habit's move drawn:

# %%
past = forks[forks.player == "deal past the waste card"]
shown = past[(past.habit_verdict == "won") & (past.changed_verdict != "won")].iloc[0]
g = position(shown.deal, shown.before)
print(f"deal {shown.deal}: habit", move_line(g, shown.habit_move), "->", shown.habit_verdict,
      "| changed", move_line(g, shown.changed_move), "->", shown.changed_verdict)
picture(g, highlight=shown.habit_move, caption=f"Streets, deal {shown.deal}: the waste card played")

# %% [markdown]
# The solver is less one-sided than the whole games: at the first fork the deal is often still
# winnable either way, because one waste card is rarely the whole story. Still, dealing past
# never comes out clearly ahead:

# %%
p = verdicts("deal past the waste card")
print(f"winnable after dealing past: {p.b:.0%}, after playing the card: {p.a:.0%}, "
      f"difference {p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}] on {p.n} forks")
assert not p.diff > 0 or not p.clear

# %% [markdown]
# ## 3. A King for the empty column?
#
# In Klondike only a King may fill a space, and players carry the habit over. Streets lets any
# card into an empty column, and a King there only looks tidy because nothing can ever be
# built *under* it. The habit player told to put nothing but a King into an empty column:

# %%
k = against_habit("only a King into an empty column")
print(f"cards home: {k.b:.2f} with the King rule, {k.a:.2f} without, "
      f"change {k.diff:+.2f} [{k.low:+.2f}, {k.high:+.2f}]")
assert k.low < 0 < k.high

# %% [markdown]
# Over whole games, nothing. The two players part only when a column must be filled because
# nothing else is left: the habit player then moves the first card it finds, the King player a
# King. At those forks the solver's verdict goes the other way from the advice:

# %%
p = verdicts("only a King into an empty column")
print(f"winnable after a King: {p.b:.0%}; after the other card: {p.a:.0%}; "
      f"difference {p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}] on {p.n} forks")
assert p.diff < 0 and p.high <= 0.005 and p.n == 41

# %% [markdown]
# Forty-one forks is a small sample and the interval reaches zero, but it does not reach the
# side the advice promises. A King in an empty column is dead weight until its Queens come:
# a lower card there can be moved on when its parent shows up.
#
# The rules of thumb, the reviewed game and the puzzles are in [the lesson](../streets.ipynb).


# %% [markdown]
# ## How the data were made
#
# `notebooks/_questions_streets_number_ten.py` plays the habit player and its changes, finds
# the forks and asks the solver; the notebook only reads its CSV files. The run:

# %%
print(run["command"], f"\n  {run['machine']}; {run['seconds']} s; finished {run['finished']}")

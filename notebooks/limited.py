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
# # Limited
#
# Limited keeps the Forty Thieves rules (two decks, build down in suit, one card moves at a time,
# the stock is turned once) and changes the table: **twelve** columns of **three** cards, with 68
# cards left in the stock. A column of three is soon cleared, so a Limited player holds an empty
# column, a *space*, early and often, and what to do with it is the question this lesson keeps
# coming back to. Every rule is in [docs/rules.md](../docs/rules.md), and the whole family side by
# side in the one table of [10_rule_differences](10_rule_differences.ipynb).
#
# ## Four rules of thumb
#
# 1. **While the stock is long, spend a space.** Lift into it a card that covers a card ready
#    to go home; failing that, lay the waste's card in it.
# 2. **Once half the stock is dealt, look before you park.** Deal rather than put the waste's
#    card into the space when a card on the table will want it.
# 3. **Never deal past a waste card that fits on a column.**
# 4. **Let runs grow, and carry them whole through a space** when that uncovers a card.
#
# Each rule was measured on a fair *habit player* (it sees only what you see, and always plays
# by the same priorities) and on the same player with one habit changed, over the same thousand
# deals; the sentences under each rule give the difference with its 95% interval
# ([how to read it](10_rule_differences.ipynb#How-the-lessons-measure)). Rule 2 was also put to
# the solver, which sees every card: at the first position where two players part, it judged
# whether each move keeps the deal winnable.

# %%
from IPython.display import Markdown, display

from ft_widget import VARIANTS, Board, Game, play_policy, puzzles, review
from ft_widget.experiments import compare_choices, compare_players, effects_table, rows
from ft_widget.teaching import PuzzleCard, first_puzzles, losing_move_row, picture, replayed
from ft_widget.words import count, move_line

GAME = "limited"
games, forks = rows(GAME, "games"), rows(GAME, "forks")
HALF = VARIANTS[GAME].stock_cards // 2  # "half the stock": the forks are split here
WHO = {"habit": "The habit player", "spender": "The spender"}
picture(Game(GAME, deal=1), caption="Limited, deal 1: twelve columns of three, 68 cards in the stock")


# %%
def effect(change, measure="cards_home", base="spender", name=None):  # deal by deal, on the same deals
    return compare_players(games, base, change, measure=measure, by="player", name=name or change)

def parting(change, where=lambda row: True):  # a position where the changed player parts from its base
    row = next(r for r in forks if r["player"] == change and where(r))
    game = replayed(GAME, row["deal"], row["before"] or "")
    display(Markdown(f"Deal {row['deal']}, {count(len(game.stock), 'card')} in the stock. {WHO[row['base']]}: "
                     f"{move_line(game, row['base_move'])}. The change: {move_line(game, row['changed_move'])}."))
    return picture(game, highlight=row["changed_move"], scale=0.7, caption=f"deal {row['deal']}: {change}")


# %% [markdown]
# ## 1. While the stock is long, spend a space
#
# Left to itself, the habit player keeps a space empty until it has nothing else to do. The
# *spender* uses it at once: it lifts a card into the space when that lets the card beneath go
# home, and otherwise lays the waste's card there. On deal 1 a space opens after eight moves;
# the spender lifts the 10♦ into it, and the A♠ under it goes home.

# %%
display(effect("spender", base="habit", name="The spender against the habit player"),
        effect("spender", "won", base="habit", name="The same, in games won"),
        effect("empty column to free a home card", base="habit", name="Only lifting a card"),
        effect("waste card into an empty column", base="habit", name="Only laying the waste's card"))
parting("spender")

# %% [markdown]
# Spending the space is the largest gain in this game: the habit player wins no deal of the
# thousand, the spender wins some, and each half of the habit helps on its own. From here on the
# spender is the player each change is measured against.
#
# **Practice.** Most Limited puzzles are set at the moment rule 2 is about: a space, the waste's
# card fitting only there, and less than half the stock left. This one has the most stock left
# of them all: is it still early enough to spend the space?

# %%
# NBVAL_IGNORE_OUTPUT
p = max(puzzles(GAME), key=lambda p: len(p.game.stock))
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 2. Once half the stock is dealt, look before you park
#
# Late in the stock the space is the only landing place left for a card lifted off a column, and
# a waste card parked there may never leave. On deal 46, with four cards left in the stock, the
# solver finds a win after the deal and none after the 6♣ goes into the space. Over all the
# forks, the waste's card in the space against a deal, before and after half the stock is gone:

# %%
def late(row):  # fewer than half the stock's cards left at the fork
    return VARIANTS[GAME].stock_cards - (row["before"] or "").split().count("s>w") < HALF

waste = "waste card into an empty column"
display(compare_choices(forks, waste, "base", "changed", where=late, name="Parking, half the stock gone"),
        compare_choices(forks, waste, "base", "changed", where=lambda r: not late(r),
                        name="Parking, the stock still long"),
        effect("no waste card into a space in the stock's second half", "won",
               name="Never parking late, in whole games won"))
parting(waste, lambda r: late(r) and (r["base_verdict"], r["changed_verdict"]) == ("won", "lost"))

# %% [markdown]
# Early on, parking the waste's card makes no measurable difference at the fork; late, it throws
# wins away. But turned into a blanket ban, never parking once half the stock is gone, the rule
# cost the spender whole games: the space is to be kept for a card on the table that needs it,
# not by rule. That is what the puzzles train.

# %%
# NBVAL_IGNORE_OUTPUT
p = first_puzzles(GAME, 3)[0]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 3. Never deal past a waste card that fits
#
# With a single pass through the stock, a card you deal past is covered by every card after it.
# On deal 1 the waste's 10♥ fits on the J♥ of column 10; the change deals instead:

# %%
display(effect("deal past the waste card", name="Dealing past a waste card that fits"),
        effect("deal past the waste card", "won", name="The same, in games won"))
parting("deal past the waste card")

# %% [markdown]
# No habit measured here costs more. The rule covers a card that fits on a column; a waste card
# that fits only the space is rule 2's question, as in this puzzle:

# %%
# NBVAL_IGNORE_OUTPUT
p = first_puzzles(GAME, 3)[1]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 4. Let runs grow, and carry them
#
# Only one card moves at a time, but a run can still travel card by card through a space (the
# board offers the whole trip as one move). Two changes: cap every run at three cards, since a
# long run is hard to move; or carry a run whole onto its next card when that uncovers something.
# On deal 1, late in the game, the carrying player moves 9♦ 8♦ onto the 10♦ through the space and
# empties column 12:

# %%
display(effect("runs of at most three", "won", name="Runs capped at three, in games won"),
        effect("carry built runs", "won", name="Runs carried through a space, in games won"))
parting("carry built runs", lambda r: "x" in r["changed_move"])

# %% [markdown]
# A cap costs wins; carrying gains them, and the space comes back empty after the carry. In the
# game reviewed below, the solver's winning line does exactly that, twice.
#
# **Practice.** One more space, to keep or to spend:

# %%
# NBVAL_IGNORE_OUTPUT
p = first_puzzles(GAME, 3)[2]
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## What made little or no difference
#
# "Clear the shortest column first" sounds obvious. With twelve columns of three, nearly every
# column is short, and the choice of which to clear made no measurable difference; digging where
# the uncovered card goes home straight away gained a little.

# %%
effects_table({c: effect(c) for c in ("dig the column with fewest cards", "dig the column with most cards",
                                      "dig where the card beneath goes home")},
              caption="Limited: which column to clear, cards home against the spender (same 1,000 deals)")

# %% [markdown]
# ## A game reviewed
#
# The `foundations_first` habit player sends a card home whenever one fits, then plays the
# waste's card (a space counts as a place for it), then a card that uncovers another, then deals.
# On deal 3, which the solver wins, `review` reads its game back: the fair expert's estimate of
# each move from what the player saw (upper chart), and the verdicts of the solver (lower chart).

# %%
played = play_policy(Game(GAME, deal=3), "foundations_first", rng=1)
reviewed = review(played.game, rng=1, progress=False)
display(Markdown(reviewed.summary))
reviewed.plot()

# %%
losing_move_row(reviewed)

# %% [markdown]
# With one card left in the stock, the habit player parked the waste's 2♥ in the only space:
# rule 2's late mistake. The solver keeps the space as a stepping stone (rule 4): it carries the
# 8♣ and 7♣ onto the 9♣ through it, then the 8♥ and 7♥ onto the 9♥, and the 2♣ they covered goes
# home. Soon three columns stand empty where there was one. With the 2♥ in the space, none of
# this can start.
#
# The experiments, their commands and budgets: [Limited: the lab behind the lesson](lab/limited.ipynb) (for a full install: it reads them with pandas).

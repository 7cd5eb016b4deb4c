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
# # Indian
#
# Indian is Forty Thieves with three changes. Ten columns of **three** cards, the bottom one of
# each **face down** (it turns over by itself when the cards above it have gone). A card goes on
# the next rank up of **any suit but its own**: 9♠ on 10♥, 10♦ or 10♣, never on 10♠. And a
# **74-card stock**, turned one card at a time, once. The full rules are in
# [docs/rules.md](../docs/rules.md); how Indian compares with its eight cousins is in the one
# table of [10_rule_differences](10_rule_differences.ipynb).
#
# ## Four rules of thumb
#
# 1. **Send a card home when it fits.** Do not wait until it is safe there.
# 2. **Play the waste's card where it fits.** Do not deal past it.
# 3. **Fill an empty column with the waste's card.** Do not keep it empty, nor save it for a King.
# 4. **Dig where a hidden card lies deepest**, even before a move that would turn one up at once.
#
# The first three hold until the stock is nearly out. There, every waste card is a decision of
# its own: all of this game's puzzles are set in the last six cards of the stock, and nearly every
# one is an exception to one of these rules.
#
# Each rule was measured on a fair *habit player*: it sees only what you see and always plays by
# the same priorities. It played a thousand deals with and without the change, the same deals on
# both sides; the sentence under each rule is the difference, with its 95% interval
# ([how to read it](10_rule_differences.ipynb#How-the-lessons-measure)). The habit player never
# wins Indian on its own, so the measure is the number of cards it gets home.

# %%
from IPython.display import Markdown, display

from ft_widget import Board, Game, play_policy, puzzles, review
from ft_widget.experiments import compare_players, effects_table, rows
from ft_widget.teaching import PuzzleCard, losing_move_row, picture, replayed
from ft_widget.words import move_line

GAME = "indian"
games, forks = rows(GAME, "games"), rows(GAME, "forks")
picture(Game(GAME, deal=1), caption="Indian, deal 1: ten columns of three, each bottom card face down")


# %%
def effect(change, measure="cards_home", name=None):  # the change against the habit player, deal by deal
    return compare_players(games, "habit", change, measure=measure, by="player", name=name or change)

def parting(change):  # where the changed player first parts from the habit player, and the two moves
    row = next(r for r in forks if r["player"] == change)
    game = replayed(GAME, row["deal"], row["before"] or "")
    display(Markdown(f"Deal {row['deal']}, move {len(game.history) + 1}. The habit player: "
                     f"{move_line(game, row['habit_move'])}. The change: {move_line(game, row['changed_move'])}."))
    return picture(game, highlight=row["changed_move"], scale=0.7, caption=f"deal {row['deal']}: {change}")

def puzzle(theme):  # this game's first shipped puzzle of a theme
    return next(p for p in puzzles(GAME) if p.theme == theme)


# %% [markdown]
# ## 1. Send a card home when it fits
#
# A card is *safe* at home when no card left out could ever want to sit on it. Under Indian's
# building rule that takes long: before the 7♥ is safe, both 6♥ and both copies of the three
# other sixes must be home. The change below holds each card back until it is safe (unless
# nothing else is left). Early on deal 1, the waste's 2♦ fits home; the careful player deals
# instead:

# %%
display(effect("home only when safe", name="Holding each card back until it is safe home"))
parting("home only when safe")

# %% [markdown]
# Of all the changes measured here, waiting costs the most: send cards home.
#
# **The exception, late.** With the stock almost gone, a card that could go home may be the only
# place left for a card still buried in a column. In this puzzle the waste's 6♦ fits home and on
# a 7♣; only one of the two keeps the deal winnable. The game reviewed at the end was lost on
# the same kind of move.

# %%
# NBVAL_IGNORE_OUTPUT
p = puzzle("hold_back_from_home")
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 2 and 3. The waste's card: on a column, into a space, or past?
#
# Seven moves into deal 1, the waste shows 7♦. It fits on the 8♠ of column 4, and column 9 is
# empty. The habit player lays it on the 8♠. Three changes of habit give three other answers:
# deal past it while the stock lasts; put it into the empty column; keep the empty column for
# a King.

# %%
display(effect("deal past the waste card", name="Dealing past a waste card that fits"),
        effect("waste card into an empty column", name="The waste's card into an empty column at once"),
        effect("waste card into an empty column", "won", name="The same, in games won"),
        effect("only a King into an empty column", name="Only a King into an empty column"))
parting("waste card into an empty column")

# %% [markdown]
# Dealing past a card that fits costs dearly: with a single pass, a card left in the waste is
# covered by every card dealt after it. Putting it into the
# empty column at once is the best change of all; it even wins a few deals, where the plain
# habit wins none. Keeping the space for a King costs a little.
#
# **The exceptions, late.** In the last cards of the stock, the card you could place now may
# block the ones still to come. Here the waste's 5♦ fits on a 6♣; is that the move?

# %%
# NBVAL_IGNORE_OUTPUT
p = puzzle("deal_rather_than_place")
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# And the empty column, once the stock is nearly out, is the one place that takes any card: a
# waste card you can do without should not take it. Column 2 is empty and the waste shows 9♦:

# %%
# NBVAL_IGNORE_OUTPUT
p = puzzle("keep_an_empty_column")
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## 4. Dig where a hidden card lies deepest
#
# The usual advice for games with face-down cards is to dig nearest a hidden card, so that it
# turns up soon. The habit player already turns a card up whenever one move does it. The change
# below puts that off: among the moves that free a card, it first takes one from the column
# whose hidden card lies under the most face-up cards. On deal 1 the habit player turns up the
# card under the 10♣ of column 5; the change moves 8♠ onto 9♥ instead, baring the 6♥ that lies
# over the hidden card of column 4.

# %%
display(effect("dig farthest from a hidden card", name="Digging first where a hidden card lies deepest"))
parting("dig farthest from a hidden card")

# %% [markdown]
# Putting the turn-up off gains cards. The experiment does not say why; it says that hurrying
# the hidden cards up is no rule to play by here.
#
# **Practice.** This puzzle is about digging itself: at the very end of the stock, a card lifted
# into the empty column frees a buried card that the waste's card, put there instead, would not.

# %%
# NBVAL_IGNORE_OUTPUT
p = puzzle("dig_out_a_card")
display(PuzzleCard(p))
Board.puzzle(p)

# %% [markdown]
# ## What made too little difference to be a rule
#
# A card in Indian can have six parents. Choosing one in a column that hides nothing, or on the
# suit the foundations want last, gains a fraction of a card a game, and the mirror images lose
# about as much: real, perhaps, but not worth a thought at the table. "Dig nearest a hidden card"
# changes nothing at all: that player plays the very same games as the habit player.

# %%
effects_table({c: effect(c) for c in ("build away from hidden cards", "build onto hidden cards",
                                      "build on the suit furthest from home", "build on the suit nearest home",
                                      "dig nearest a hidden card")},
              caption="Indian: smaller choices, cards home against the habit player (same 1,000 deals)")

# %% [markdown]
# ## A game reviewed
#
# The `foundations_first` habit player sends a card home whenever one fits, then plays the
# waste's card, then a card that uncovers another, then deals. On deal 10, which the solver wins,
# `review` reads its game back: the fair expert's estimate of each move from what the player
# saw (upper chart) and the verdicts of the solver, which sees every card (lower chart).

# %%
played = play_policy(Game(GAME, deal=10), "foundations_first", rng=1)
reviewed = review(played.game, rng=1, progress=False)
display(Markdown(reviewed.summary))
reviewed.plot()

# %% [markdown]
# The losing move, beside the move that kept the win:

# %%
losing_move_row(reviewed)

# %% [markdown]
# The waste's 3♦ went home. Column 10 holds the last A♠ under 4♣, 3♦ and 2♠, and the 2♠ cannot go
# home before its Ace: it has to move to a column, onto a three of another suit. Laid on the 4♠
# of column 2, the waste's 3♦ would have been that three. Sent home, it left the 2♠ nowhere to go,
# and the Ace stayed buried. Rule 1 still holds; its exception came, as it does, in the last
# cards of the stock.
#
# The experiments, their commands and budgets: [Indian: the lab behind the lesson](lab/indian.ipynb) (for a full install: it reads them with pandas).

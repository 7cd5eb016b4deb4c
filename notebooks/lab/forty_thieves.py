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
# # Forty Thieves: the lab behind the lesson
#
# The experiments behind [the Forty Thieves lesson](../forty_thieves.ipynb), in full: every
# comparison, both ways of counting the unsettled verdicts, and the commands and budgets that
# made the data.
#
# Two decks, ten columns of four, a stock of 64 cards you see once. A card goes onto the card
# one rank above it *in its own suit*, one card moves at a time, and nothing comes back from
# the foundations. So a card has only two places to go on the table (the two copies of the card
# above it), and a column you empty is the one place that takes anything. That scarcity is the
# game. Three questions a Forty Thieves player faces every deal:
#
# 1. **A column is empty. What goes in it?** The waste's card, a card off another column, a
#    whole built run, or nothing yet?
# 2. **Which column do you dig?** When you move a card off a column, does it pay to take it from
#    the column that hides the cards the foundations want next?
# 3. **A card could go home, but it is not certain to be harmless. Send it, or hold it?**
#
# Each is answered the same way: take real positions from won games, play each choice, and ask
# the solver (which sees every card) whether the game can still be won; then let a rule-bound
# player play whole games with and without the habit. How the solver and the
# fair expert work, and why differences come with intervals, is said once in
# [10_rule_differences](../10_rule_differences.ipynb#How-the-lessons-measure); the rules in full are
# in [docs/rules.md](../../docs/rules.md).

# %%
import pandas as pd

from ft_widget import Game, parse_card, rules
from ft_widget.expert import estimate
from ft_widget.teaching import (
    Paired,
    Row,
    cards,
    data_path,
    interval_chart,
    load,
    picture,
    replayed,
)
from ft_widget.words import move_line

GAME = "forty_thieves"
game = Game(GAME, deal=1)
picture(game, caption="Forty Thieves, deal 1: every card face up, 64 in the stock")

# %% [markdown]
# The opening is narrow (deal 1's legal moves are printed below). And every move onto a column
# has a price: the card it covers was one of the only two places its twin could have gone.

# %%
print(len(game.legal_moves()), "legal moves:", " ".join(map(str, game.legal_moves())))

# %% [markdown]
# ## Where the positions come from
#
# The solver played deals of this game with a fixed budget of positions; on the deals it won,
# every position along its line is a winnable one. Wherever one of the three questions came up
# on such a line, each choice was played and the solver asked again, from scratch, whether a win
# is still there. A position on a winning line is winnable, so a choice that loses it has cost the
# game. One row of the table is one choice at one position:

# %%
rows = pd.read_csv(data_path("notebooks/forty_thieves_questions.csv"))
rows["won"] = rows["verdict"] == "won"
lines = {d["deal"]: d["moves"] for d in load("notebooks/forty_thieves_lines.json")["deals"]
         if d["status"] == "won"}
print(f"{len(lines)} won deals; {rows.groupby(['deal', 'ply']).ngroups} positions; "
      f"{len(rows)} choices judged")
rows.groupby("question").agg(deals=("deal", "nunique"), choices=("option", "size"),
                             unsettled=("verdict", lambda v: (v == "unknown").mean())).round(3)

# %% [markdown]
# The *unsettled* column is the share of verdicts where the solver's budget ran out before it
# found a win or proved there was none. They do not fall evenly. The move the solver's own line
# played next is won again by the same search in a few steps, while another move needs a fresh
# search, and proving a loss early in a game takes far more positions than finding a win. So
# every comparison below is made twice: with the unsettled verdicts counted as lost (which
# favours whatever the solver happened to play) and left out (which drops mostly losses early in
# the game). A conclusion stands only where both agree.
#
# Three helpers: one rebuilds a position from its deal and move number, one gives each position
# and choice the share of its moves that keep the win, one compares two choices at the positions
# that offer both. Positions from one deal are alike, so each deal counts once, and the interval
# is [`Paired`](../10_rule_differences.ipynb#How-the-lessons-measure)'s bootstrap over deals.

# %%
settled = rows[rows["verdict"] != "unknown"]
COUNTS = {"unsettled left out": settled, "unsettled as lost": rows}


def position(deal, ply):
    """Deal ``deal`` after the first ``ply`` moves of the solver's winning line."""
    return replayed(GAME, deal, lines[int(deal)][:ply])


def kept(question, table):
    """Per position (deal, ply) and choice: the share of the choice's moves that keep the win."""
    return table[table["question"] == question].groupby(["deal", "ply", "option"])["won"].mean().unstack()


def compare(positions, a, b):
    """Choice b against choice a where a position offers both; each deal weighted once."""
    per_deal = positions[[a, b]].dropna().groupby(level="deal").mean()
    return Paired(per_deal[a], per_deal[b])


def table(results):
    return pd.DataFrame({k: {"deals": p.n, "without": p.a, "with": p.b, "difference": p.diff,
                             "95% low": p.low, "95% high": p.high}
                         for k, p in results.items()}).T.round(3).astype({"deals": int})


# %% [markdown]
# ## 1. The empty column
#
# An empty column is the game's only free space. Four things can be done with it: put the
# waste's top card there, move a lone card from another column into it (to get at what is
# underneath), carry a whole built run there one card at a time, or leave it empty and deal on.
# Here is a position where the choice decides the game: the waste card going into the empty
# column loses a won game, and dealing on keeps it.

# %%
empty = settled[settled["question"] == "empty"]
by_choice = kept("empty", settled)
lost_waste = empty[(empty["option"] == "waste") & (empty["verdict"] == "lost")]
example = next((d, p) for d, p in zip(lost_waste["deal"], lost_waste["ply"], strict=True)
               if by_choice.loc[(d, p), "keep"] == 1)
ex = empty.set_index(["deal", "ply"]).loc[[example]]
waste_move = ex.loc[ex["option"] == "waste", "move"].iloc[0]
g = position(*example)
print(f"deal {example[0]}, after {example[1]} moves: {len(g.stock)} cards in the stock, {g.cards_home} home")
ex[["option", "move", "detail", "verdict"]].fillna("").reset_index(drop=True).rename_axis("choice")

# %%
picture(g, highlight=waste_move, scale=0.7,
        caption=f"{waste_move}, the waste card into the empty column: lost (s>w, dealing on: still won)")

# %% [markdown]
# The solver's verdicts use the stock's order. Could a player at the table, who cannot see it,
# have told the two apart? The fair expert deals the unseen cards at random into many possible
# worlds and counts in how many each move still wins:

# %%
fair = estimate(g, [waste_move, "s>w"], worlds=8, max_states=20_000)
for e in fair:
    print(e)
print("the fair expert tells them apart:", fair[0].worlds_won != fair[1].worlds_won)

# %% [markdown]
# From one position a player often cannot tell: what the next stock cards are decides it, and
# those are hidden. That is exactly when a habit earns its keep, and the next cells measure which
# habit is the better bet over many positions.

# %% [markdown]
# Now over every position. Against dealing on and keeping the column, how much of a win is kept
# by filling it with each of the other three (positions that offer both, each deal once)? And
# does the answer change as the stock runs down? The positions are split at 20 cards left in
# the stock. In the table *without* is dealing on, *with* is the filling.

# %%
FILLINGS = {"the waste card": "waste", "a lone column card": "card", "a built run": "run"}
stock = rows.groupby(["deal", "ply"])["stock"].first()
late = set(stock[stock < 20].index)
filling = {}
for count, source in COUNTS.items():
    positions = kept("empty", source)
    is_late = [i in late for i in positions.index]
    for name, option in FILLINGS.items():
        filling[name, "any time", count] = compare(positions, "keep", option)
        filling[name, "stock under 20", count] = compare(positions[is_late], "keep", option)
        early = positions[[not x for x in is_late]]
        filling[name, "stock 20 or more", count] = compare(early, "keep", option)
table(filling)

# %%
interval_chart([(f"{name} ({count})", p) for (name, when, count), p in filling.items() if when == "any time"],
               "Filling the empty column instead of dealing on: change in wins kept", lo=-0.3, hi=0.1)

# %% [markdown]
# The cell below reads the table for you: which fillings cost wins clearly under both counts,
# and when.

# %%
for when in ("any time", "stock 20 or more", "stock under 20"):
    clear = [name for name in FILLINGS if all(filling[name, when, c].high < 0 for c in COUNTS)]
    print(f"{when:17} clearly worse than dealing on, both counts: {', '.join(clear) or 'none'}")
assert all(filling[name, "any time", c].high < 0 for name in ("the waste card", "a lone column card")
           for c in COUNTS)
assert all(filling[name, "stock under 20", c].high < 0 for name in FILLINGS if name != "a built run"
           for c in COUNTS)

# %% [markdown]
# **Conclusion.** An empty column is worth more empty than filled with whatever is handy. Both
# the habit "there is room, so play the waste card there" and lifting a lone card across for a
# look underneath cost wins against simply dealing on, under either count. The cost is clearest
# once the stock runs low: then no new card is coming to rescue a column filled too soon, and the
# empty one is the last place that takes anything. With a thick stock the figures shrink and
# depend on how the unsettled verdicts are counted, so the early cost is not pinned down here. A
# built run carried across changes the most on the table and, on these figures, costs less than
# a lone card, though its interval touches zero when the unsettled are left out. Fill the column
# when the move that fills it leads somewhere; otherwise deal on.
#
# ## 2. Which column to dig
#
# When a card is moved into an empty column, the column it leaves shows its next card. Count
# how many cards under the top of that column are the next or next-but-one card of a foundation
# of their suit: the cards that digging would bring within reach. Is the lone card best taken
# from the column with the most of them?

# %%
def dig_table(source):
    """Per position with a choice of columns: wins kept by the lone card from the column hiding
    the most wanted cards, and from the one hiding the fewest."""
    lone = source[(source["question"] == "empty") & (source["option"] == "card")]
    at = lone.groupby(["deal", "ply"])["needed_below"]
    lone = lone.assign(most=at.transform("max"), least=at.transform("min"))
    lone = lone[lone["most"] > lone["least"]]
    by = ["deal", "ply"]
    return pd.DataFrame({"most": lone[lone["needed_below"] == lone["most"]].groupby(by)["won"].mean(),
                         "fewest": lone[lone["needed_below"] == lone["least"]].groupby(by)["won"].mean()})


digging = {count: compare(dig_table(source), "fewest", "most") for count, source in COUNTS.items()}
dig = dig_table(settled)
print(f"{len(dig)} positions where the columns differ (unsettled left out)")
table(digging)

# %% [markdown]
# A position where the two columns part ways: the column hiding more wanted cards is the wrong
# one to dig here (the move marked is the right one; the caption names both). The cell after
# it counts the cases each way.

# %%
lone = empty[empty["option"] == "card"]
split = lone.assign(most=lone.groupby(["deal", "ply"])["needed_below"].transform("max"),
                    least=lone.groupby(["deal", "ply"])["needed_below"].transform("min"))
split = split[(split["most"] > split["least"])]
d, p = dig[(dig["most"] == 0) & (dig["fewest"] > 0)].index[0]
here = split[(split["deal"] == d) & (split["ply"] == p)]
deep = here[here["needed_below"] == here["most"]].iloc[0]
shallow = here[(here["needed_below"] == here["least"]) & here["won"]].iloc[0]
g = position(d, p)
print(move_line(g, deep["move"]), "\n" + move_line(g, shallow["move"]))
picture(g, highlight=shallow["move"], scale=0.7,
        caption=f"{shallow['move']} ({int(shallow['needed_below'])} wanted cards beneath): "
                f"{shallow['verdict']}; "
                f"{deep['move']} ({int(deep['needed_below'])} beneath): {deep['verdict']}")

# %%
print("positions where only the column with most wanted cards keeps the win:",
      int((dig["most"] > dig["fewest"]).sum()), "| only the one with fewest:",
      int((dig["most"] < dig["fewest"]).sum()))
assert all(p.high > 0 for p in digging.values())  # no clear gain from digging for the wanted cards
assert (dig["most"] > dig["fewest"]).sum() < (dig["most"] < dig["fewest"]).sum()
interval_chart([(f"dig for the wanted cards ({count})", p) for count, p in digging.items()],
               "Lone card from the column hiding most wanted cards vs fewest", lo=-0.3, hi=0.3)

# %% [markdown]
# **Conclusion.** "Dig the column with the most cards the foundations need" is common advice,
# and here it does not hold up: both intervals reach across zero, and the positions where only
# the deep dig keeps the win are fewer than those where only the other column does. A count of
# wanted cards says nothing about how deep they lie or what lies on them. Before digging, ask
# where the lifted card will go next (this notebook did not measure that; it is the next
# question to put to the data).
#
# ## 3. Sending a card home early
#
# Auto-play sends a card home without asking only when that can never turn a won game into a
# lost one (the rule is `ft_widget.rules.safe_home`). It has two conditions, one about the cards
# that could still be laid on it and one about its twin following it home. Under same-suit
# building the two are about the same cards (the two copies of the card below it in its suit),
# so in Forty Thieves a card is safe home exactly when both of those are home:

# %%
build = rules.get_build("same_suit")
card = parse_card("7H")
assert set(rules.builders_table(build)[card]) == {parse_card("6H")}  # only 6♥ goes on 7♥
print("what may go on 7♥:", cards(rules.builders_table(build)[card]))
home = settled[settled["question"] == "home"]
print("which condition failed, over all positions:",
      home[home["option"] == "home"]["detail"].str.split().str[-1].value_counts().to_dict())

# %% [markdown]
# So the question is only this: a copy of the card below is still out, and it might want to sit
# on this card. Send the card home now, or hold it and play what a careful player would play if
# no card could go home (`ft_widget.policies.cautious`, with the home moves taken away)?

# %%
sending = {count: compare(kept("home", source), "hold", "home") for count, source in COUNTS.items()}
both = kept("home", settled)[["hold", "home"]].dropna()
only_home, only_hold = int(((both["home"] == 1) & (both["hold"] == 0)).sum()), \
    int(((both["home"] == 0) & (both["hold"] == 1)).sum())
print(f"of {len(both)} positions: only sending home keeps the win in {only_home}, "
      f"only holding in {only_hold}")
table(sending)

# %% [markdown]
# One of the positions where sending the card home is what loses:

# %%
d, p = both[(both["home"] == 0) & (both["hold"] == 1)].index[0]
here = home[(home["deal"] == d) & (home["ply"] == p)].set_index("option")
g = position(d, p)
print(f"deal {d}, after {p} moves.", "Home now:", move_line(g, here.loc["home", "move"]))
print("Hold it:", move_line(g, here.loc["hold", "move"]))
Row(picture(g, highlight=here.loc["home", "move"], scale=0.75,
            caption=f"{here.loc['home', 'move']}: home now — {here.loc['home', 'verdict']}"),
    picture(g, highlight=here.loc["hold", "move"], scale=0.75,
            caption=f"{here.loc['hold', 'move']}: hold it — {here.loc['hold', 'verdict']}"))

# %%
interval_chart([(f"send it home ({count})", p) for count, p in sending.items()],
               "Unsafe card home now vs hold it: change in wins kept", lo=-0.2, hi=0.2)

# %% [markdown]
# **Conclusion.** The trap is real: the picture is a won game lost by one card sent home. But
# it is rare, and rarer than its opposite: the positions where only sending the card home keeps
# the win outnumber those where only holding it does. Holding has its own cost, since the
# careful alternative is often a deal, and in a one-pass game a dealt card may be buried for
# good. So the old advice "never send a card home before you must" finds no support here: with
# the unsettled verdicts left out, sending and holding made no measurable difference (the
# interval reaches across zero); counted as lost, sending did better. Let Auto-play send the safe
# ones, and before sending any other, look for the two copies of the card below it.

# %%
assert sending["unsettled left out"].low < 0 < sending["unsettled left out"].high  # no measurable difference
assert sending["unsettled as lost"].low > 0 and only_home > only_hold
print({count: f"{p.diff:+.1%}" for count, p in sending.items()})

# %% [markdown]
# ## The same habits in whole games
#
# The positions above come from won games, played with foresight. How do the same habits fare
# in the hands of a player who sees only the table and plays by rule? `ft_widget.policies.cautious`
# is such a player: it sends safe cards home, frees cards, plays the waste onto columns, deals,
# and puts a card into an empty column only when nothing else is left. Three versions of it,
# each with one habit changed, played the same deals with the same seeds:
#
# * *waste into an empty column*: whenever a column is empty, the waste's card goes there;
# * *no unsafe home move*: a card goes home only when safe, unless nothing else is left;
# * *deal past the waste card*: while the stock lasts, deal rather than play the waste's card
#   onto a column.
#
# This player almost never wins Forty Thieves, so the measure is cards home, per deal, paired.

# %%
played = pd.read_csv(data_path("notebooks/forty_thieves_games.csv"))
home_cards = played.pivot(index="deal", columns="policy", values="cards_home")
habits = {name: Paired(home_cards["cautious"], home_cards[name])
          for name in home_cards.columns if name != "cautious"}
won = played[played["status"] == "won"].groupby("policy").size()
print(f"{len(home_cards)} deals; games won:", won.to_dict())
assert won.sum() < 0.01 * len(played)  # almost never: cards home is the measure
pd.DataFrame({k: {"deals": p.n, "cautious": p.a, "with the habit": p.b, "difference": p.diff,
                  "95% low": p.low, "95% high": p.high}
              for k, p in habits.items()}).T.round(2).astype({"deals": int})

# %%
interval_chart(list(habits.items()), "Cards home in whole games: one habit changed vs the cautious player",
               lo=-15, hi=5, percent=False)

# %% [markdown]
# Two of the three agree with the positions. Holding back every card that is not safe home is
# ruinous in whole games: a player who waits for certainty deals through the stock with cards
# stuck that could have gone. Dealing past a waste card that fits loses cards too.
#
# The empty column disagrees, and the disagreement is the lesson. For this player, filling the
# column with the waste card gets about one card *more* home, because otherwise it leaves the
# column idle until it is stuck. On the winning lines, where every other move is played well,
# the same habit was the one that lost games. An empty column is worth keeping only if you use
# it well later; kept for nothing, it is worth less than the waste card. The lesson measures what
# "well" means: a filling that pays at once (a card goes onto it, or the card it uncovers moves).

# %%
assert habits["no unsafe home move"].high < 0 and habits["deal past the waste card"].high < 0
assert habits["waste into an empty column"].low > 0 and 0.5 <= habits["waste into an empty column"].diff < 1.5

# %% [markdown]
# What a player takes from these experiments, with the reviewed game and puzzles to practise on,
# is [the lesson](../forty_thieves.ipynb).

# %% [markdown]
# ## Where the numbers come from
#
# The positions, the verdicts and the whole games were made by one script,
# [`notebooks/_questions_forty_thieves_maria.py`](../_questions_forty_thieves_maria.py), in two runs
# (the whole games were added after the positions):

# %%
note = load("notebooks/forty_thieves_questions.json")
print(note["command"])
print(f"machine: {note['machine']}; finished {note['finished']}; "
      f"lines {note['lines_seconds']} s, questions {note['questions_seconds']} s")
print(f"budget: {note['line_states']:,} positions a deal for the solver's lines, "
      f"{note['verdict_states']:,} for each verdict; at most {note['per_deal']} positions of each "
      "question from a deal")
games_note = load("notebooks/forty_thieves_games.json")
print(games_note["command"])
print(f"whole games: deals {games_note['game_deals']}, {games_note['seconds']} s, "
      f"finished {games_note['finished']}")

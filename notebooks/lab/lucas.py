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
# # Lucas: the lab behind the lesson
#
# The experiments behind the lesson [Lucas](../lucas.ipynb), with their commands and budgets.
#
# Lucas starts you off with a present: the eight Aces are already on their foundations, and
# the other 96 cards are shuffled into **thirteen** columns of **three** plus a stock of 57.
# The rest is strict: build down in suit, move one card at a time, go through the stock once.
# ([docs/rules.md](../../docs/rules.md) has every rule; PySolFC deals a different Lucas, see
# [10_rule_differences](../10_rule_differences.ipynb#Where-PySolFC-plays-differently).)
#
# Lucas has a name for being kind. This notebook asks three questions about playing it and
# answers each by experiment:
#
# 1. **Why does Lucas forgive?** Is it the Aces at home, the thirteen short columns, or both?
# 2. **What still loses it?** If careless play does not ruin a deal, what does?
# 3. **Should an empty column wait for a King?** A rule of thumb from Klondike, tested here.
#
# The tool for all three is a *habit player*: the cautious policy of `ft_widget.policies`,
# which sees only what you see and plays by fixed rules (home when it can, free cards, deal
# when stuck). We give it one idea at a time and play it with and without the idea on the same
# deals; then the solver, which sees every card, says whether the deal could still be won.

# %%
import pandas as pd

from ft_widget import VARIANTS, Game, deals, parse_card, play_policy, review, rules, solve
from ft_widget.studies import wilson
from ft_widget.teaching import (
    Paired,
    Row,
    bars,
    cards,
    data_path,
    into_empty_column,
    load,
    losing_move_row,
    paired_games,
    picture,
    replayed,
)
from ft_widget.words import move_line

GAME = "lucas"
games = pd.read_csv(data_path("notebooks/lucas_games.csv"))
splits = pd.read_csv(data_path("notebooks/lucas_splits.csv"))
ends = pd.read_csv(data_path("notebooks/lucas_fatal.csv"))
run = load("notebooks/lucas_run.json")


def replay(moves, variant=GAME, deal=1):
    """Deal ``deal`` with the moves of a space-separated string played."""
    return replayed(variant, deal, moves)


def paired(idea, measure="cards_home", base="habit"):
    """The habit with ``idea`` against the habit alone, deal by deal."""
    return paired_games(games, idea, measure, base, by="idea")


# %% [markdown]
# ## The deal
#
# Deal 1: the foundations already hold eight Aces, and each of the thirteen columns has three
# cards, so no card is more than two deep.

# %%
deal = Game(GAME, deal=1)
assert deal.cards_home == 8 and len(deal.tableau) == 13 and {len(c) for c in deal.tableau} == {3}
assert len(deal.stock) == VARIANTS[GAME].stock_cards == 57
picture(deal, caption="Lucas, deal 1: Aces home, 13 columns of 3, 57 in the stock")

# %% [markdown]
# ## 1. Why does Lucas forgive?
#
# A way to see how forgiving a game is: let a player with no plan at all go through the whole
# stock, then ask the solver whether the deal could *still* be won from where that player
# stopped. The habit player never wins a game of Lucas on its own:

# %%
habit = games[games.idea == "habit"]
print(f"habit player, deals {run['deals']}: {habit.won.sum()} won, "
      f"{habit.cards_home.mean():.1f} cards home on average")

# %% [markdown]
# Yet it rarely *spoils* a deal. For each of deals 1–100 that the solver wins from the start,
# the script played the habit player to its end and asked the solver (at most
# 20,000 positions per question) about its last position; where that was no longer won, it
# found the move that lost the deal by halving the game. The same deals were then played with
# the Aces shuffled into the pack (thirteen columns of three, 65 cards in the stock) and with
# the Aces home but ten columns (66 in the stock):

# %%
names = {"as dealt": "Lucas", "rule:aces_in_deck": "Aces shuffled in", "rule:ten_columns": "ten columns"}
ends["still winnable"] = ends.kind == "stopped while winnable"
forgiving = ends.groupby("game")["still winnable"].agg(["size", "sum"]).rename(index=names)
forgiving.columns = ["winnable deals", "still winnable at the end"]
forgiving["share"] = forgiving["still winnable at the end"] / forgiving["winnable deals"]
forgiving[["95% low", "95% high"]] = [wilson(k, n) for k, n in
                                      zip(forgiving.iloc[:, 1], forgiving.iloc[:, 0], strict=True)]
forgiving.round(2)

# %%
bars([(game, 100 * r.share, 100 * r["95% low"], 100 * r["95% high"]) for game, r in forgiving.iterrows()],
     "deals still winnable where the habit player stopped (%)", unit="%")

# %% [markdown]
# Compared deal by deal (the deals winnable from the start under both rules), each change
# alone takes away much of that safety:

# %%
flag = ends.pivot(index="deal", columns="game", values="still winnable")
for change in ("rule:aces_in_deck", "rule:ten_columns"):
    both = flag[["as dealt", change]].dropna().astype(int)
    p = Paired(both["as dealt"], both[change])
    print(f"{names[change]:17} still winnable {p.b:.0%} vs {p.a:.0%} as dealt, "
          f"change {p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}] on {p.n} deals")
    assert p.clear and p.diff < 0

# %% [markdown]
# So both gifts count, and the thirteen columns count more. With the Aces home, every two
# can go up at once and no column hides an Ace under two cards; with thirteen columns of
# three, a column is emptied by moving two or three cards, and the habit player ends its games
# with several empty columns in hand. The fair expert of the project
# ([how it plays](../10_rule_differences.ipynb#The-fair-expert)) shows the same on deals 1–100
# (`data/lessons.json`):

# %%
lessons = pd.DataFrame(load("lessons.json")["played"]).query("variant == @GAME")
lessons["won"] = lessons.status == "won"
expert = lessons.pivot(index="deal", columns="lesson", values="won").rename(columns={None: "as dealt"})
expert.columns = [c if isinstance(c, str) else "as dealt" for c in expert.columns]
for change in ("aces_in_deck", "ten_columns"):
    p = Paired(expert["as dealt"], expert[change])
    print(f"expert wins, {change.replace('_', ' ')}: {p.b:.0%} against {p.a:.0%} as dealt, "
          f"change {p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}]")

# %% [markdown]
# **Answer.** Lucas forgives because a planless player almost always reaches the end of the
# stock with the deal still winnable: in the table above, most deals survive the habit
# player's whole game. Shuffle the Aces back in or take three columns away and that safety
# shrinks, the thirteen columns mattering most. You can afford to play the first pass loosely.

# %% [markdown]
# ## 2. What still loses it?
#
# If the deal is usually still winnable when the habit player stops, why does it win none?
# Look at where it stopped, on deal 2:

# %%
end = ends[(ends.game == "as dealt") & (ends.deal == 2)].iloc[0]
stopped = replay(end.before, deal=2)
empty = sum(not col for col in stopped.tableau)
print(f"after {len(stopped.history)} moves: {stopped.cards_home} cards home, "
      f"{len(stopped.stock)} in the stock, "
      f"{len(stopped.waste)} in the waste, {empty} empty columns")
picture(stopped, caption=f"deal 2, where the habit player stopped: {len(stopped.waste)} cards in the waste")

# %% [markdown]
# The stock is gone, most columns are empty, and the cards that are missing from the
# foundations lie in the **waste**, which only gives up its top card. Nothing is hidden any
# more: every card has been seen. The habit player shuffles cards between columns until it
# comes back to a position it has already seen, and stops. The solver finds a win from here:

# %%
rescue = solve(stopped, max_states=20_000)
assert rescue.status == "won"
print(f"the solver wins from here in {len(rescue.moves)} moves; its first five:")
g = stopped.copy()
for move in rescue.moves[:5]:
    print(" ", move_line(g, move))
    g.play(move)

# %% [markdown]
# It does what the habit player would not: it lays waste cards into the empty columns to dig
# down to the ones the foundations want. How typical is deal 2? The waste the habit player left
# behind on every deal that was still winnable when it stopped:

# %%
left = ends[(ends.game == "as dealt") & ends["still winnable"]].copy()
left["waste"] = [len(replay(r.before, deal=r.deal).waste) for r in left.itertuples()]
left["empty columns"] = [sum(not c for c in replay(r.before, deal=r.deal).tableau) for r in left.itertuples()]
left[["cards_home", "waste", "empty columns"]].describe().loc[["count", "mean", "min", "max"]].round(1)

# %% [markdown]
# Two ideas a player might bring to that ending, each tried as a change to the habit player on
# the same 300 deals: **dig the waste** (once the stock is gone, play the waste's top card to a
# column, an empty one too, before anything else) and **dig for the next card home** (of the
# moves between columns, prefer one that uncovers a card the foundations take next); then both.

# %%
ideas = {"dig_the_waste": "dig the waste", "dig_for_next_home": "dig for the next card home",
         "both_digs": "both"}
effect = {label: paired(idea) for idea, label in ideas.items()}
wins = {label: paired(idea, "won") for idea, label in ideas.items()}
pd.DataFrame({"cards home": {k: f"{p.b:.1f} vs {p.a:.1f}" for k, p in effect.items()},
              "change [95%]": {k: f"{p.diff:+.1f} [{p.low:+.1f}, {p.high:+.1f}]" for k, p in effect.items()},
              "wins": {k: f"{round(p.b * p.n)} vs {round(p.a * p.n)} of {p.n}" for k, p in wins.items()}})

# %%
bars([(k, p.diff, p.low, p.high) for k, p in effect.items()],
     "cards home gained over the habit player, same deals", digits=1)

# %% [markdown]
# **Answer.** What loses Lucas is the end, not the beginning: the stock is spent, the cards
# still needed are buried in a long waste, and only patient digging with the empty columns
# gets them out. Both ideas bring more cards home; digging the waste is the one that turns lost
# deals into wins, and with both the habit player wins about one deal in six, from none. That
# last stretch wants a real plan: count how many waste cards stand over the next card a
# foundation needs, and how many empty columns you hold, before you start. The fair expert,
# which searches that ending, won 99 of deals 1–100 above; on the project's table of unseen
# deals 10001–10100 it wins 95:

# %%
table = pd.read_csv(data_path("expert_table_summary.csv")).set_index("variant")
print(f"fair expert: {table.loc[GAME, 'expert_won']} of {table.loc[GAME, 'deals']} Lucas deals "
      f"(the solver, seeing every card: {table.loc[GAME, 'solver_won']})")
assert table.loc[GAME, "expert_won"] == 95 and expert["as dealt"].sum() == 99
assert 0 == wins["dig for the next card home"].b and 1 / 8 < wins["both"].b < 1 / 5

# %% [markdown]
# ## 3. Should an empty column wait for a King?
#
# In Klondike only a King may go into an empty column, and players carry the habit over: keep
# a free column for a King. In Lucas any card may go there. The habit player with the rule
# "only a King into an empty column", against the habit player as it is:

# %%
kings = paired("kings_only_in_empty")
kings_won = paired("kings_only_in_empty", "won")
print(f"cards home {kings.b:.1f} vs {kings.a:.1f}: "
      f"change {kings.diff:+.2f} [{kings.low:+.2f}, {kings.high:+.2f}] "
      f"on {kings.n} deals; better on {kings.better}, worse on {kings.worse}")

# %% [markdown]
# Whole games hardly tell the two apart, because the two players rarely disagree. The sharper
# test is the first position of each deal where they *do* disagree: the solver judges the
# position after each player's move (won, proved lost, or unknown within its budget).

# %%
k = splits[splits.idea == "kings_only_in_empty"]
pd.crosstab(k.habit_verdict.rename("after the habit's move"),
            k.idea_verdict.rename("after the King rule's move"))

# %%
spoiled = k[(k.habit_verdict == "won") & (k.idea_verdict == "lost")]
won = lambda s: (s == "won").astype(int)  # noqa: E731
p = Paired(won(k.habit_verdict), won(k.idea_verdict))
print(f"{len(k)} deals where they first disagree; the King rule's move spoils a winnable deal on "
      f"{len(spoiled)}, rescues {p.better}; paired change {p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}]")
assert p.better == 0 and len(spoiled) >= 1

# %% [markdown]
# One of those positions. Neither player sees anything better to do than fill the empty
# column 7. Above, the habit player moves the 9♣ there, which empties column 1 in turn;
# below, the player who saves empty columns for Kings lays the K♠ from the waste there,
# a card nothing can be moved off, and the deal is gone:

# %%
case = spoiled.iloc[0]
before = replay(case.before, deal=case.deal)
assert (case.deal, case.habit_move, case.idea_move, cards(before.waste[-1:])) == (20, "1>7", "w>7", "K♠")
print(move_line(before, case.habit_move), "— the solver then wins")
print(move_line(before, case.idea_move), "— the solver then proves the deal lost")
Row(picture(before, highlight=case.habit_move, scale=0.75,
            caption=f"deal {case.deal}: the habit plays {case.habit_move}"),
    picture(before, highlight=case.idea_move, scale=0.75, caption=f"waiting for a King: {case.idea_move}"))

# %% [markdown]
# **Answer.** No. Over whole games, keeping an empty column for a King gains about a tenth of a
# card; at the first point where it changes the move, it threw a winnable deal away on two of
# these deals and saved none. An empty column is for digging: in a game where cards move one
# at a time, it is the room you move cards into to reach the one under them.
#
# A second borrowed rule, "do not hurry cards home", fares no better here. The habit player
# that sends a card home only when no card in play could want it:

# %%
late = paired("home_only_when_safe")
h = splits[splits.idea == "home_only_when_safe"]
ph = Paired(won(h.habit_verdict), won(h.idea_verdict))
print(f"cards home {late.b:.1f} vs {late.a:.1f}, change {late.diff:+.1f} [{late.low:+.1f}, {late.high:+.1f}]")
print(f"first disagreements: still winnable after sending home {ph.a:.0%}, after holding back {ph.b:.0%} "
      f"({ph.n} deals)")
assert late.clear and late.diff < 0

# %% [markdown]
# At the first disagreement both moves almost always keep the deal winnable, and over whole
# games the player who holds cards back gets far fewer home. In Lucas the twos can always go up
# (the Aces are waiting), and a card sent home frees the one under it: send cards home.
#
# ## In short
#
# * The first pass is forgiving: thanks to the Aces at home and the thirteen short columns,
#   a planless game usually leaves the deal winnable when the stock runs out.
# * The game is won or lost at the end, digging the waste with empty columns toward the next
#   cards the foundations need. Count before you dig.
# * An empty column is a tool for digging, not a seat kept for a King; and cards may go home
#   as soon as they can.


# %% [markdown]
# ## A game reviewed
#
# Question 2 said Lucas is lost in its ending. Here is one game where that happens, read back
# move by move. The player is `foundations_first`, blunter than the cautious habit used above:
# its rules, in order, are home, waste, uncover, deal. On deal 1, which the solver wins from
# the start, it loses. `ft_widget.review` reads the game back (what its
# marks and verdicts mean is in the [README](../../README.md#review-a-game)): the fair expert's
# estimate of each move along the chart, and the solver's verdict under it.

# %%
DEAL = 1
assert DEAL in deals(GAME, winnable=True)  # the catalogue's deals the solver won
played = play_policy(Game(GAME, deal=DEAL), "foundations_first", rng=1)
reviewed = review(replayed(GAME, DEAL, list(played.moves)), rng=1, progress=False)
assert played.status != "won" and reviewed.losing_move is not None
print(f"deal {DEAL}: {played.status} after {len(played.moves)} moves, {played.cards_home} cards home")
print(reviewed.summary)
reviewed.plot()

# %% [markdown]
# For almost the whole game the solver still has a win; it slips away in a single move near the
# end. The position before it, with the move played above and the solver's below:

# %%
k = reviewed.losing_move
before, step = reviewed.position(k), reviewed.steps[k]
assert k > 0.9 * len(reviewed.steps)  # near the end
print(f"move {k + 1} of {len(reviewed.steps)}:", move_line(before, step.move))
print("the solver's:", move_line(before, reviewed.alternative))
print("the fair expert:", step.estimate_played, "after the move played;", step.estimate_best,
      f"after its own ({step.expert_move})")
losing_move_row(reviewed)

# %% [markdown]
# Why it lost. Two cards are left in the stock and one column is empty. In column 3 the 7♣ sits
# on the 2♦, the very card one diamond foundation is waiting for, and the 8♣ that could take
# the 7♣ is buried in the waste. The solver lifts the 7♣ into the empty column, and the 2♦ can
# go home. The habit player fills the column with the waste's 10♦ instead: now the 7♣ cannot
# move, the 2♦ stays under it, and that diamond pile stops at its Ace. This is question 2's
# ending in small: the empty column was the tool for digging, and it went to the waste's top
# card. No look at hidden cards was needed to see it: the fair expert, from the table alone,
# marks the move a mistake.

# %%
seven, two = parse_card("7C"), parse_card("2D")
heights = rules.foundation_heights(before.foundations)
assert len(before.stock) == 2 and sum(not col for col in before.tableau) == 1
assert step.move.from_waste and into_empty_column(before, step.move)  # the waste's card into the space
assert step.mark == "mistake"
assert before.tableau[reviewed.alternative.src] == [two, seven] and rules.fits_home(heights, two)
assert parse_card("8C") in before.waste[:-1]  # the 7♣'s only places are buried in the waste
after = before.copy()
after.play(step.move)
assert all(after.tableau) and not any(m.src == reviewed.alternative.src for m in after.legal_moves())
print(f"{cards([two])} under {cards([seven])} in column {reviewed.alternative.src + 1}; "
      f"after {step.move}, no legal move takes {cards([seven])} off it")

# %% [markdown]
# The puzzles, with a board to try them, are in the lesson: [Lucas](../lucas.ipynb).

# %% [markdown]
# ---
# *How these figures were made.* The habit player's games, the first disagreements and the
# ends were computed by `notebooks/_questions.py`; the run's command, machine, time and solver
# budget:

# %%
for key, value in run.items():
    print(f"{key}: {value}")

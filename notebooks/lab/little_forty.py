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
# # Little Forty: the lab behind the lesson
#
# The experiments behind the lesson [Little Forty](../little_forty.ipynb), with their commands and budgets.
#
# Little Forty loosens three screws of Forty Thieves at once. A card goes on any card one rank
# higher **of another suit**; a **run** moves as a unit, all of it or its upper part; and the
# stock is turned **three cards at a time**, with **three redeals**, so you go through it four
# times. The deal is the familiar one: ten columns of four, face up, 64 cards in the stock.
# (Every rule: [docs/rules.md](../../docs/rules.md); PySolFC plays it differently, see
# [10_rule_differences](../10_rule_differences.ipynb#Where-PySolFC-plays-differently).)
#
# The three-card stock is what makes this game its own. Questions for a player:
#
# 1. **What is worth remembering about the waste?** Only every third card comes within reach,
#    and a redeal brings the cards back in the same order. What changes that order?
# 2. **Take a card from the waste, or let it go by?** Taking one moves every later card of the
#    pass into a different group of three.
# 3. **What is a redeal worth, and what loses the game at the end?**
#
# The answers come from a fair *habit player* (the cautious policy: home when it can, free
# cards, use the waste, deal when nothing is left) given one idea at a time and played with and
# without it on the same deals, and from the solver, which sees every card and says whether a
# position can still be won.

# %%
import pandas as pd

from ft_widget import VARIANTS, Game, deals, play_policy, review, solve
from ft_widget.expert import estimate
from ft_widget.studies import wilson
from ft_widget.teaching import (
    Paired,
    Row,
    bars,
    cards,
    data_path,
    load,
    paired_games,
    picture,
    replayed,
)
from ft_widget.training.review import SOLVER_STATES
from ft_widget.words import move_line

GAME = "little_forty"
games = pd.read_csv(data_path("notebooks/little_forty_games.csv"))
splits = pd.read_csv(data_path("notebooks/little_forty_splits.csv"))
ends = pd.read_csv(data_path("notebooks/little_forty_fatal.csv"))
run = load("notebooks/little_forty_run.json")
rules = VARIANTS[GAME]
assert (rules.stock_deal, rules.redeals, rules.sequences, rules.stock_cards) == (3, 3, True, 64)


def replay(moves, deal):
    """Deal ``deal`` with the moves of a space-separated string played."""
    return replayed(GAME, deal, moves)


def paired(idea, measure="cards_home"):
    """The habit with ``idea`` against the habit alone, deal by deal."""
    return paired_games(games, idea, measure, by="idea")


# %% [markdown]
# ## The deal

# %%
picture(Game(GAME, deal=3), caption="Little Forty, deal 3: ten columns of four, 64 in the stock")

# %% [markdown]
# ## 1. What is worth remembering about the waste?
#
# Turn the whole stock of deal 3 without playing a card. Each turn lays three cards on the
# waste and only the last of them can be played, so of the 64 cards a pass offers only the
# third, sixth, ninth… and, since 64 = 3 × 21 + 1, the lone last card:

# %%
def offered(order):
    """The cards a pass through ``order`` (the stock, top first) lets you play, taking none."""
    return [order[i] for i in range(2, len(order), 3)] + ([order[-1]] if len(order) % 3 else [])


game = Game(GAME, deal=3)
order = list(reversed(game.stock))  # the stock's top card is its last
while game.stock:
    game.play("s>w")
assert game.waste == order
first_pass = offered(order)
print(f"{len(first_pass)} of {len(order)} cards can be played in the first pass:", cards(first_pass[:8]), "…")
picture(game, caption="deal 3 after one pass: the waste is fanned three deep; only its top card plays")

# %% [markdown]
# A redeal (`w>s`) turns the waste over, so the next pass comes in the *same* order: if you
# take nothing, you are offered the same 22 cards again, and the other 42 stay out of reach.
# Everything changes when you take one. Say we play the fifth card offered: the card under it
# becomes playable at once, every later card moves up one place, and on the next pass the
# groups of three after that point are new:

# %%
place = 3 * 4 + 2  # the fifth card offered
taken, after = order[place], order[:place] + order[place + 1:]
assert taken == first_pass[4] and len(first_pass) == 22
second_pass = offered(after)
new = [c for c in second_pass if c not in first_pass]
print(f"take {cards([taken])}; next pass offers {len(second_pass)} cards, "
      f"{len(new)} of them never offered before:",
      cards(new[:8]), "…")
assert len(new) > 10

# %% [markdown]
# So what is worth remembering is short: **which cards sit just after a card you might
# take**, because taking it is what brings them within reach on the next pass. A card left
# alone keeps the order as it was; a taken card reshuffles the reachable cards from that point
# on. (The fair expert of the project remembers the whole order after a redeal, since the
# player watched every card go by: [how it plays](../10_rule_differences.ipynb#The-fair-expert).)

# %% [markdown]
# ## 2. Take a card from the waste, or let it go by?
#
# Two habit players: one takes waste cards onto columns whenever it can (the habit as it is),
# the other only ever sends a waste card home. On the same 300 deals:

# %%
keep_out = paired("waste_only_home")
print(f"cards home {keep_out.b:.1f} (only home) vs {keep_out.a:.1f} (habit): "
      f"{keep_out.diff:+.1f} [{keep_out.low:+.1f}, {keep_out.high:+.1f}]")
assert keep_out.clear and 0.35 < -keep_out.diff / keep_out.a < 0.45

# %% [markdown]
# Over whole games, refusing the waste is ruinous: two cards in five fewer reach home. But
# that player refuses *every* waste card. At a single decision the picture is different. The
# first position of each deal where the two disagree is a waste card the habit player takes
# and the other lets go by, dealing on; the solver judged the position after each:

# %%
w = splits[splits.idea == "waste_only_home"]
assert w.habit_move.str.startswith("w>").all() and (w.idea_move == "s>w").all()
won = lambda s: (s == "won").astype(int)  # noqa: E731
pd.crosstab(w.habit_verdict.rename("after taking it"), w.idea_verdict.rename("after dealing on"))

# %%
p = Paired(won(w.habit_verdict), won(w.idea_verdict))
print(f"{p.n} deals: won after taking {p.a:.0%}, after dealing on {p.b:.0%}; "
      f"change {p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}] "
      f"(the solver at most {run['max_states']:,} positions)")

# %% [markdown]
# At that single moment, letting the card go by did no worse: the solver (at most 20,000
# positions a question; "unknown" means only that the budget ran out) found a few more wins
# after dealing on than after taking the card, though the interval includes zero. One position
# where taking it was the weaker move, the card taken above and the deal below:

# %%
case = w[(w.habit_verdict != "won") & (w.idea_verdict == "won")].iloc[0]
before = replay(case.before, case.deal)
print(move_line(before, case.habit_move), f"— solver: {case.habit_verdict}")
print(move_line(before, case.idea_move), f"— solver: {case.idea_verdict}")
Row(picture(before, highlight=case.habit_move, scale=0.75,
            caption=f"deal {case.deal}: take it ({case.habit_move})"),
    picture(before, highlight=case.idea_move, scale=0.75, caption=f"or deal on ({case.idea_move})"))

# %% [markdown]
# The solver saw the stock. The fair expert sees only what a player has seen: it deals the unseen
# cards at random into eight possible stocks and solves each, after each move
# ([how it judges](../10_rule_differences.ipynb#The-fair-expert)). It agrees:

# %%
take, let_go = estimate(before, [case.habit_move, case.idea_move], worlds=8, rng=0)
print(take, "\n" + str(let_go))
assert let_go.worlds_won > take.worlds_won

# %% [markdown]
# **Answer.** Take waste cards: a player who never does gets two cards in five fewer
# home. But a card that merely fits need not be taken at once. With redeals left, a card let go
# by comes back in the same place next pass, while a card taken moves all later groups of
# three. Take the ones that free something now, or that you will not see again (on the last
# pass), and note what you leave.

# %% [markdown]
# ## 3. What is a redeal worth, and what loses the game at the end?
#
# The habit player that stops after one redeal (two passes instead of four), and the habit
# player that never splits a run (moves runs whole), each against the habit player as it is:

# %%
labels = {"one_redeal": "one redeal only", "whole_runs_only": "runs moved whole only",
          "waste_only_home": "waste cards only home", "dig_the_waste": "dig the waste at the end"}
effect = {label: paired(idea) for idea, label in labels.items()}
bars([(k, p.diff, p.low, p.high) for k, p in effect.items()],
     "cards home, change against the habit player (same 300 deals)", digits=1)

# %%
wins = {label: paired(idea, "won") for idea, label in labels.items()}
pd.DataFrame({"cards home": {k: f"{p.b:.1f} vs {p.a:.1f}" for k, p in effect.items()},
              "change [95%]": {k: f"{p.diff:+.1f} [{p.low:+.1f}, {p.high:+.1f}]" for k, p in effect.items()},
              "wins": {k: f"{round(p.b * p.n)} vs {round(p.a * p.n)} of {p.n}" for k, p in wins.items()}})

# %% [markdown]
# The later passes are worth a great deal to this player: with only two, it ends with far fewer
# cards home. Never splitting a run gains it about one card. And where does the habit player
# stop? Of deals 1–100, the script took those the solver wins from the start within its budget
# (a Little Forty deal often needs more than 20,000 positions, so not all of them), played the
# habit player out and asked the solver about its last position:

# %%
ends["still winnable"] = ends.kind == "stopped while winnable"
n, k = len(ends), int(ends["still winnable"].sum())
low, high = wilson(k, n)
last = [replay(r.before, r.deal) for r in ends[ends["still winnable"]].itertuples()]
assert effect["dig the waste at the end"].clear and wins["dig the waste at the end"].b > 0
print(f"{k} of {n} deals still winnable where the habit player stopped ({low:.0%}–{high:.0%}); "
      f"there, on average {sum(len(g.waste) for g in last) / k:.1f} cards in the waste, "
      f"{sum(g.redeals_left for g in last)} redeals left in all, "
      f"{sum(sum(not c for c in g.tableau) for g in last) / k:.1f} empty columns")

# %%
stop = last[1]
rescue = solve(stop, max_states=20_000)
assert rescue.status == "won"
print(f"deal {ends[ends['still winnable']].deal.iloc[1]}: "
      f"the solver wins from here in {len(rescue.moves)} moves, "
      "starting", ", ".join(str(m) for m in rescue.moves[:6]))
picture(stop, caption=f"where the habit player stopped: stock and redeals spent, "
                      f"{len(stop.waste)} cards in the waste")

# %% [markdown]
# Like the player who stops here, a learner tends to think the game is over when the last
# redeal is spent. It is not: the waste is a pile you can still dig from the top, one card at a
# time, into empty columns and onto other suits. The habit player told to do that at the end
# ("dig the waste", in the chart above) brings more cards home, and wins a few deals.
#
# **Answer.** The redeals are the game's reserve: a player who gives up the last two gets far
# fewer cards home. Almost every deal is still winnable when the last pass is done, so the
# game is lost in the ending, by not digging the long waste with the empty columns.
#
# ## In short
#
# * Only every third card of a pass can be played; a redeal repeats the order; a card taken
#   from the waste shifts every later group of three. Remember what follows the cards you take.
# * Use the waste, but with redeals left a card you leave comes back; take what frees cards now.
# * Spend the passes, then dig: the last waste is still playable, card by card.


# %% [markdown]
# ## A game reviewed
#
# A different habit player this time, `foundations_first`, whose whole plan is a list of
# preferences: a card home, else the waste's card onto the table, else a card moved to show the
# one beneath, else the stock. How does it end on the catalogue's winnable deals among
# the first forty? The solver (100,000 states a position, the review's default) judges where
# each game stopped:

# %%
habit_ends = {}
for deal in (d for d in deals(GAME, winnable=True) if d <= 40):
    result = play_policy(Game(GAME, deal=deal), "foundations_first", rng=1)
    end = "won by the player" if result.status == "won" else \
        f"stopped; the solver: {solve(result.game, max_states=SOLVER_STATES).status}"
    habit_ends[deal] = (result, end)
verdicts = pd.Series({d: end for d, (_, end) in habit_ends.items()})
print(verdicts.value_counts().rename("deals").to_string())
print("how the other games stopped:", sorted({r.why for r, end in habit_ends.values() if r.status != "won"}))
assert SOLVER_STATES == 100_000

# %% [markdown]
# It throws no winnable deal away: wherever it stops, the solver still has a win. So a review
# of one of these games has no losing move to show. What it can show is what the player missed,
# and how the game ended. Here is the first of these deals whose game runs to between 100 and
# 150 moves, long enough to hold decisions and short enough to review quickly (the review takes
# longer the longer the game):

# %%
assert set(verdicts) <= {"won by the player", "stopped; the solver: won"}
DEAL = next(d for d, (r, _) in habit_ends.items() if 100 <= len(r.moves) < 150)
played = habit_ends[DEAL][0]
reviewed = review(replayed(GAME, DEAL, list(played.moves)), rng=1, progress=False)
assert reviewed.losing_move is None and reviewed.steps[-1].verdict_after == "won"
print(f"deal {DEAL}, {len(played.moves)} moves, {played.cards_home} cards home")
print(reviewed.summary)
reviewed.plot()

# %% [markdown]
# The fair expert marks a move only where, in its six sampled stocks, the move played keeps a win
# in fewer of them than its own even with every stock the solver could not settle counted as a
# win for the move played. It marks none here. The widest gap it saw, the move played above and
# the expert's below:

# %%
gap, first = max(((s.worlds_won_best or 0) - s.worlds_won_played, -s.index) for s in reviewed.steps)
before, step = reviewed.position(-first), reviewed.steps[-first]
assert reviewed.count("mistake") == reviewed.count("inaccuracy") == 0 and step.mark is None
i = step.index
print(f"move {i + 1}:", move_line(before, step.move), f"({step.estimate_played})")
print("the fair expert's:", move_line(before, step.expert_move), f"({step.estimate_best})")
print("the solver, after the move played:", step.verdict_after)
Row(picture(before, highlight=step.move, scale=0.75, caption=f"played {step.move}"),
    picture(before, highlight=step.expert_move, scale=0.75, caption=f"the fair expert: {step.expert_move}"))

# %% [markdown]
# The expert would empty a column; the habit player, which has no rule for making space, moves a
# card between columns to uncover another. The expert's own move wins in all six stocks, but the
# move played is left unsettled in all six: each world is solved with 8,000 states, little for a
# deal with the passes still ahead. So the gap is no mark, and rightly: the solver, which sees
# the real stock, still finds a win after the move played. Little Forty forgives such moves.
#
# Then why did the game stop? Not from a move that lost it. The player carried a long run from
# one column to another and back, came round to a position it had already played through, and
# the game ended there (`play_policy` stops a player going in circles), with cards still in the
# stock and redeals left. The solver, from that very position:

# %%
assert "emptying" in move_line(before, step.expert_move) and step.verdict_after == "won"
assert gap == step.worlds_won_best == step.worlds_unsettled_played == 6 and step.worlds_won_played == 0
assert reviewed.budgets["max_states"] == 8_000 and step.move.between_columns
stopped = played.game
there, back = played.moves[-2], played.moves[-1]  # a run carried across and straight back
assert played.why.startswith("it came back")
assert (back.src, back.dst, back.count) == (there.dst, there.src, there.count) and back.count > 5
assert stopped.stock and stopped.redeals_left > 0
print(f"stopped: {len(stopped.stock)} cards in the stock, {stopped.redeals_left} redeals left, "
      f"{len(stopped.legal_moves())} legal moves, {stopped.cards_home} cards home")
print("its last moves:", " ".join(map(str, played.moves[-4:])))
finish = solve(stopped, max_states=SOLVER_STATES)
assert finish.status == "won"
print(f"the solver wins from here in {len(finish.moves)} moves")

# %% [markdown]
# What the review teaches is the game's own kind of loss. Nothing this player did on the
# table was fatal; it ran out of *ideas*. A player who only sends cards home, plays the waste
# and uncovers cards has nothing to do with a table full of runs but shuffle them. The next
# step is what question 3 found: spend the passes, and use the empty columns to dig.


# %% [markdown]
# The puzzles, with a board to try them, are in the lesson: [Little Forty](../little_forty.ipynb).

# %% [markdown]
# ---
# *How these figures were made.* `notebooks/_questions.py` played the habit player with and
# without each idea, found the first disagreements and the ends, and asked the solver; the
# run's command, machine, time and solver budget:

# %%
for key, value in run.items():
    print(f"{key}: {value}")

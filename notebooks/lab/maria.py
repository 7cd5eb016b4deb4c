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
# # Maria: the lab behind the lesson
#
# The experiments behind [the Maria lesson](../maria.ipynb), each with its command and budget.
#
# Maria is dealt into **nine** columns of four, with 68 cards left in the stock, and builds
# down in **alternate colours**: a black six on either red seven, a red six on either black
# seven. Cards still move one at a time and the stock comes round once. Looser building sounds
# like an easier game; how it compares with the other games is
# [one table](../10_rule_differences.ipynb#The-fair-expert). Three questions decide a Maria game:
#
# 1. **When is sending a card home a trap?** With two decks, a card on the foundations can
#    strand a card still on the table. Which ones?
# 2. **The waste card fits on a column. Play it, or deal past it?** And when it fits in more
#    than one place, does the place matter?
# 3. **With only nine columns, what is an empty one for?**
#
# The method: positions from games the solver won, each choice played, and the solver asked
# again whether the deal can still be won; then whole games of a rule-bound player with and
# without each habit (how such comparisons are read:
# [10_rule_differences](../10_rule_differences.ipynb#How-the-lessons-measure); rules:
# [docs/rules.md](../../docs/rules.md)).

# %%
import pandas as pd

from ft_widget import VARIANTS, Game, experiments, parse_card, rules
from ft_widget.expert import estimate
from ft_widget.teaching import (
    Paired,
    Row,
    build_picture,
    cards,
    interval_chart,
    picture,
    replayed,
)
from ft_widget.words import move_line

GAME = "maria"
maria = VARIANTS[GAME]
assert (maria.columns, maria.cards_per_column, maria.stock_cards) == (9, 4, 68)
picture(Game(GAME, deal=1), caption="Maria, deal 1: nine columns, 68 cards to come")

# %% [markdown]
# Where can a card go? Under alternate colours a seven of hearts has two black eights above it,
# and each exists twice: four places on the table where Forty Thieves offers two. The rules
# module is the one that says so:

# %%
seven = parse_card("7H")
places = [c for c in range(52) if rules.can_build(seven, c, maria.build)]
print("7♥ may go on", cards(places), "— each of them twice in the two decks")
assert len(places) == 2
five = parse_card("5C")
print("cards that may go on 5♣:", cards(rules.builders_table(maria.build)[five]), "in Maria;",
      cards(rules.builders_table(rules.get_build("same_suit"))[five]), "in Forty Thieves")
assert len(rules.builders_table(maria.build)[five]) == 2
Row(*(build_picture(parse_card(eight), maria.build, scale=0.8) for eight in ("8S", "8H")))

# %% [markdown]
# ## The positions
#
# The solver (which sees every card) played a run of Maria deals with a fixed budget; along each
# line it won, every position can still be won. At each position where one of the three
# questions arises, every choice was played and the solver judged the position after it again.
# A choice that is not judged "won" has lost a game that was there to be won, or put it beyond
# the budget; the table below says how often that happened.

# %%
rows = pd.DataFrame(experiments.rows(GAME, "questions"))
rows["won"] = rows["verdict"] == "won"
lines = experiments.lines(GAME)
print(f"{len(lines)} deals won by the solver, {rows.groupby(['deal', 'ply']).ngroups} positions, "
      f"{len(rows)} choices judged")
rows.groupby("question").agg(deals=("deal", "nunique"), choices=("option", "size"),
                             unsettled=("verdict", lambda v: (v == "unknown").mean())).round(3)

# %% [markdown]
# *Unsettled* verdicts are those where the budget ran out before a win was found or ruled out.
# Counting them as losses tilts a comparison towards the move the solver's own line made (its
# win is found again at once); leaving them out drops mostly real losses, which are slow to prove
# early in a game. Every comparison is therefore shown both ways, and only what holds both ways
# is called an answer. Each deal counts once (positions of one deal are alike); the interval is
# the bootstrap over deals of [`Paired`](../10_rule_differences.ipynb#How-the-lessons-measure).

# %%
COUNTS = {"unsettled left out": rows[rows["verdict"] != "unknown"], "unsettled as lost": rows}


def position(deal, ply):
    """Deal ``deal`` after the first ``ply`` moves of the solver's winning line."""
    return replayed(GAME, deal, lines[int(deal)][:ply])


def kept(question, source):
    """For each position (deal, ply) and choice, the share of the choice's moves that keep the win."""
    return source[source["question"] == question].groupby(["deal", "ply", "option"])["won"].mean().unstack()


def compare(positions, a, b):
    """Choice b against choice a at the positions offering both, each deal weighted once."""
    per_deal = positions[[a, b]].dropna().groupby(level="deal").mean()
    return Paired(per_deal[a], per_deal[b])


def table(results):
    return pd.DataFrame({k: {"deals": p.n, "without": p.a, "with": p.b, "difference": p.diff,
                             "95% low": p.low, "95% high": p.high}
                         for k, p in results.items()}).T.round(3).astype({"deals": int})


# %% [markdown]
# ## 1. When sending a card home is a trap
#
# Auto-play in this project sends a card home only when that can never turn a won game into a
# lost one (`ft_widget.rules.safe_home`). With two decks that takes two things, and in Maria
# they are different cards:
#
# * **builders**: every card that could still be laid on it is home (for 5♥: both 4♠ and both
#   4♣);
# * **twin**: its twin can still follow it (for 5♥: both 4♥ are home).
#
# The twin condition is the two-deck trap. Hearts stand at 3 on one pile and 4 on the other; one
# 5♥ is free, the other 5♥ lies on top of the missing 4♥. Send the free 5♥ onto the 4: the piles
# are now at 5 and 3, the second 5♥ has no pile at 4 to go to, and the 4♥ the 3-pile needs lies
# under it. Unless a black six turns up to take that 5♥, both hearts are stuck.

# %%
heights = [0] * 8
heights[2 * (parse_card("5H") // 13)], heights[2 * (parse_card("5H") // 13) + 1] = 4, 3
print("5♥ fits home:", rules.fits_home(heights, parse_card("5H")),
      "| safe with hearts at 4 and 3:", rules.safe_home(heights, parse_card("5H"), maria.build))
assert not rules.safe_home(heights, parse_card("5H"), maria.build)

# %% [markdown]
# On the solver's lines, how often was each condition the one that failed, and what did sending
# the card home cost against holding it (playing what a careful player would if no card could go
# home)?

# %%
why = rows[(rows["question"] == "home") & (rows["option"] == "home")].set_index(["deal", "ply"])["detail"]
why = why.str.split().str[-1]
print("why a home move was not safe:", why.value_counts().to_dict())
sending = {}
for count, source in COUNTS.items():
    positions = kept("home", source)
    sending["any reason", count] = compare(positions, "hold", "home")
    for reason in ("builder", "both"):
        sending[reason, count] = compare(positions[why.reindex(positions.index) == reason], "hold", "home")
table(sending)

# %%
interval_chart([(f"{reason} ({count})", p) for (reason, count), p in sending.items()],
               "Maria: unsafe card home now vs hold it (change in wins kept)", lo=-0.2, hi=0.2)

# %% [markdown]
# A real position where sending the card home loses the game and holding keeps it, and the
# count of such positions against the reverse:

# %%
pairs = kept("home", COUNTS["unsettled left out"])[["hold", "home"]].dropna()
trap = pairs[(pairs["home"] == 0) & (pairs["hold"] == 1)]
print(f"of {len(pairs)} positions: only holding keeps the win in {len(trap)}, only sending home in "
      f"{int(((pairs['home'] == 1) & (pairs['hold'] == 0)).sum())}")
d, p = trap.index[0]
here = rows[(rows["question"] == "home") & (rows["deal"] == d) & (rows["ply"] == p)].set_index("option")
g = position(d, p)
print(f"deal {d}, after {p} moves. Home now:", move_line(g, here.loc["home", "move"]))
print("Hold it:", move_line(g, here.loc["hold", "move"]))
assert here.loc["hold", "move"].split(">")[1] == here.loc["home", "move"].split(">")[0]  # onto that card
Row(picture(g, highlight=here.loc["home", "move"], scale=0.75,
            caption=f"{here.loc['home', 'move']}: home — {here.loc['home', 'verdict']}"),
    picture(g, highlight=here.loc["hold", "move"], scale=0.75,
            caption=f"{here.loc['hold', 'move']}: hold — {here.loc['hold', 'verdict']}"))

# %% [markdown]
# The careful move lays a card of the other colour on the very card that sending home would
# take away: that card was a place the table still needed. What the fair expert, seeing only the
# table, makes of the two moves there:

# %%
fair = estimate(g, [here.loc["home", "move"], here.loc["hold", "move"]], worlds=8, max_states=20_000)
for e in fair:
    print(e)
assert fair[0].worlds_won == 0 and fair[1].worlds_won == fair[1].worlds

# %% [markdown]
# Which condition was it, in the positions where the choice decided the game?

# %%
pairs["why"] = why.reindex(pairs.index)
deciding = pairs.groupby("why").apply(lambda t: pd.Series({
    "positions": len(t), "only holding wins": int(((t["hold"] == 1) & (t["home"] == 0)).sum()),
    "only sending home wins": int(((t["hold"] == 0) & (t["home"] == 1)).sum())}))
assert deciding.loc["builder", "only holding wins"] > deciding.loc["builder", "only sending home wins"]
assert deciding.loc["twin", ["only holding wins", "only sending home wins"]].sum() == 0
assert sending["any reason", "unsettled left out"].diff < 0 < sending["any reason", "unsettled as lost"].diff
deciding.astype(int)

# %% [markdown]
# **Conclusion.** Most of the time it does not matter: both moves keep the win, and over all
# unsafe home moves the two counts disagree on the sign of a small difference. Where it does
# matter, the trap is the one of the *builders*: a black five sent home while a red four that
# could have gone on it is still out. With alternate colours four cards (both copies of two
# fours) could want that five, against one pair in Forty Thieves, so that condition can fail on
# its own, which in Forty Thieves it never does. The twin condition, the two-deck trap proper,
# turned up seldom on these lines and never decided a game. The example shows the builders' trap
# is one you can see: the fair expert, looking only at the table, finds no win after sending the
# card home and wins every world after holding it. So before a card goes home early, look for
# the cards of the other colour one rank below it that are still out, and where they lie.
#
# ## 2. The waste card: onto a column, or deal past it?
#
# In Maria the waste's card has four places it could go on the table. Playing it keeps
# it from being buried under the next deal; dealing past it keeps the column's top card free for
# something else.

# %%
playing = {count: compare(kept("waste", source), "deal", "onto") for count, source in COUNTS.items()}
table(playing)

# %%
onto = COUNTS["unsettled left out"].query("question == 'waste' and option == 'onto'")
targets = onto.groupby(["deal", "ply"])["won"].agg(["size", "min", "max"])
choice = targets[targets["size"] >= 2]
print(f"positions where the waste card fitted two or more places: {len(choice)}; "
      f"where the place decided the game: {int((choice['min'] != choice['max']).sum())}")

# %%
interval_chart([(f"play it ({count})", p) for count, p in playing.items()],
               "Maria: waste card onto a column vs deal past it", lo=-0.2, hi=0.2)

# %% [markdown]
# **Conclusion.** Play it. Dealing past a card that fits buries it under the next one, in a
# stock that comes round only once. Playing it covers a column's top card, and in Maria that
# costs little: any card that might have wanted that spot has three other places. Playing it
# kept more wins under both counts. And when it fits in more than one place, the choice among
# them never decided a game here.

# %%
assert all(p.low > 0 for p in playing.values()) and (choice["min"] == choice["max"]).all()

# %% [markdown]
# ## 3. The ninth column and the empty column
#
# One column fewer than Forty Thieves sounds like less room. Yet the alternate-colour rule
# clears columns fast: on the solver's won lines, how many cards were still in the stock when a
# column first went empty, in Maria and in Forty Thieves (each game's own won deals)?

# %%
def stock_at_first_empty(game_id):
    """For each of the solver's won lines: the stock's size when a column first goes empty."""
    out = []
    for deal, moves in experiments.lines(game_id).items():
        game = Game(game_id, deal=deal)
        for move in moves:
            game.play(move)
            if not all(game.tableau):
                out.append(len(game.stock))
                break
    return pd.Series(out)


QUARTILES = ["count", "25%", "50%", "75%"]
first_empty = pd.DataFrame({VARIANTS[v].name: stock_at_first_empty(v).describe()[QUARTILES]
                            for v in ("maria", "forty_thieves")}).T
assert first_empty.loc["Maria", "50%"] > first_empty.loc["Forty Thieves", "50%"]
assert first_empty.loc["Maria", "50%"] >= maria.stock_cards - 6  # half the games: within six cards
first_empty.round(1).astype({"count": int})

# %% [markdown]
# So in Maria an empty column comes early: in half the solver's games, before the seventh card
# of the stock. The question is what to do with it for most of the game. Against dealing on and keeping it,
# the same three fillings as in Forty Thieves:

# %%
FILLINGS = {"the waste card": "waste", "a lone column card": "card", "a built run": "run"}
filling = {(name, count): compare(kept("empty", source), "keep", option)
           for count, source in COUNTS.items() for name, option in FILLINGS.items()}
table(filling)

# %%
interval_chart([(f"{name} ({count})", p) for (name, count), p in filling.items()],
               "Maria: filling the empty column instead of dealing on", lo=-0.3, hi=0.1)

# %% [markdown]
# **Conclusion.** Keep it. The waste card dropped into the empty column costs wins clearly under
# both counts, and so does a lone card lifted across; a built run moved there cost nothing that
# these positions could measure. In Maria the empty column comes early, which makes it
# tempting to spend; the figures say to spend it on a run that frees something, and otherwise to
# deal on and let the four places per card absorb the stock.

# %%
assert all(filling[name, count].high < 0 for name in ("the waste card", "a lone column card")
           for count in COUNTS)

# %% [markdown]
# ## A rule-bound player with one habit changed
#
# The answers above come from positions of won games. Do they survive in the hands of a player
# who sees only the table and never looks ahead? The cautious policy (`ft_widget.policies.cautious`)
# is that player. Three copies of it, each changed in one habit, played the same thousand deals
# with the same seeds: one drops the waste's card into any empty column, one holds every card
# that is not safe home until nothing else is left, one deals rather than lay the waste's card
# on a column. Maria is hard on such a player, so the measure is cards home, deal by deal.

# %%
played = pd.DataFrame(experiments.rows(GAME, "games"))
home_cards = played.pivot(index="deal", columns="policy", values="cards_home")
habits = {name: Paired(home_cards["cautious"], home_cards[name])
          for name in home_cards.columns if name != "cautious"}
won = played[played["status"] == "won"].groupby("policy").size()
print(f"{len(home_cards)} deals; games won: {won.to_dict() or 'none'}")
assert won.sum() < 0.01 * len(played)
interval_chart(list(habits.items()), "Maria, whole games: cards home with one habit changed",
               lo=-15, hi=5, percent=False)

# %%
assert habits["no unsafe home move"].high < 0 and habits["deal past the waste card"].high < 0
assert habits["waste into an empty column"].low > 0
pd.DataFrame({k: {"deals": p.n, "cautious": p.a, "changed": p.b, "difference": p.diff,
                  "95% low": p.low, "95% high": p.high}
              for k, p in habits.items()}).T.round(2).astype({"deals": int})

# %% [markdown]
# Holding back unsafe cards costs this player most of all: the traps of the first question are
# real but narrow, and a rule that fears them everywhere strands far more cards than it saves.
# Dealing past a waste card that fits costs cards home too, as the positions said. The empty
# column is the one habit that turns round: for a player who would otherwise leave it idle, the
# waste's card in it is a small gain. Keeping the column pays only when you then use it.

# %% [markdown]
# ## What to take to the table
#
# * Send cards home; before an early one, look for the other-colour cards one rank below that
#   are still out and could want it.
# * Play a waste card that fits rather than deal past it; which of its places matters little.
# * The empty column comes early: keep it for a run or a buried card you mean to reach, not for
#   the waste's card, and use it.

# %% [markdown]
# The reviewed game and the puzzles are in [the lesson](../maria.ipynb).

# %% [markdown]
# ## Where the numbers come from
#
# Made by [`notebooks/_questions_forty_thieves_maria.py`](../_questions_forty_thieves_maria.py),
# the same script as for Forty Thieves: one run for the positions, one for the whole games.

# %%
note = experiments.runs(GAME)["questions"]
print(note["command"])
print(f"machine: {note['machine']}; finished {note['finished']}; "
      f"lines {note['lines_seconds']} s, questions {note['questions_seconds']} s")
print(f"budget: {note['line_states']:,} positions a deal for the lines, {note['verdict_states']:,} a verdict")
games_note = experiments.runs(GAME)["games"]
print(games_note["command"])
print(f"whole games: deals {games_note['game_deals']}, {games_note['seconds']} s, "
      f"finished {games_note['finished']}")

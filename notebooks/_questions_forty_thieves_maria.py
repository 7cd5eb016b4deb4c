"""The strategic questions of Forty Thieves and Maria, asked of real positions.

Three stages, one process (the machine is shared):

1. *lines*: the solver (which sees every card) plays deals ``--deals`` with ``--line-states``
   positions each; its winning lines are kept (``data/notebooks/<game>_lines.json``).
2. *questions*: along each winning line, every position is winnable (the line wins from it).
   Where a question arises, each of its options is played and the position after it is solved
   again with ``--verdict-states`` positions (``data/notebooks/<game>_questions.csv``). Each row
   is one option at one position; the notebooks compare options *at the same positions*.

The questions (a position may raise several; at most ``--per-deal`` positions of each question
are taken from a deal, spread evenly along its line):

* ``empty``: a column is empty. Options: the waste's card into it (``waste``), a lone top card
  from a column, one not built on the card under it (``card``), a whole built run through the
  empty columns (``run``, the engine's run shortcut expanded into single-card moves), or leave it
  empty and deal (``keep``).
* ``home``: a card could go home but the two-deck safe-home rule (``ft_widget.rules.safe_home``)
  does not allow it without asking. Options: send it home (``home``), or play what the cautious
  policy would play if no card could go home (``hold``). ``detail`` ends with the condition that
  failed:
  ``builder`` (a card that could be built on it is still in play), ``twin`` (its twin could be
  stranded), or ``both``.
* ``waste``: the waste's card fits on a column and the stock is not empty. Options: each column
  it fits on (``onto``, the target's card in ``detail``), or deal past it (``deal``).

3. *whole games* (``data/notebooks/<game>_games.csv``): the cautious policy and three copies of it
   with one habit changed (``GAME_POLICIES``), on the deals ``--game-deals``, same seeds.

Regenerate (the data were made by these two runs, a few minutes each on a shared machine; the
second adds the whole games without redoing the positions)::

    nice -n 19 python notebooks/_questions_forty_thieves_maria.py --games forty_thieves maria \
        --deals 1-200 --line-states 300000 --verdict-states 150000 --per-deal 12
    nice -n 19 python notebooks/_questions_forty_thieves_maria.py --games forty_thieves maria \
        --game-deals 1-1000 --games-only
"""

from __future__ import annotations

import argparse
import csv
import json
import platform
import sys
import time
from pathlib import Path

from ft_widget import Game, rules
from ft_widget.cards import card_symbol
from ft_widget.game import WASTE
from ft_widget.policies import cautious_choice, play_policy
from ft_widget.solver import solve
from ft_widget.studies import parse_deals

OUT = Path(__file__).resolve().parent.parent / "data" / "notebooks"
FIELDS = ["game", "deal", "ply", "question", "option", "move", "detail", "needed_below", "verdict", "states",
          "line_move", "stock", "cards_home", "empty_columns"]


class _Without:
    """A game seen with some legal moves taken away (by default every move home): what the
    cautious policy plays then."""

    def __init__(self, game: Game, drop=lambda game, move: move.is_home):
        self._game, self._drop = game, drop

    def __getattr__(self, name):
        return getattr(self._game, name)

    def legal_moves(self):
        return [m for m in self._game.legal_moves() if not self._drop(self._game, m)]

    def safe_move_home(self):
        safe = self._game.safe_move_home()
        return None if safe is None or self._drop(self._game, safe) else safe



# ---------------------------------------------------------------------------- whole games
# The cautious policy (ft_widget.policies.cautious) with one habit changed; each sees only the
# table, as a player does. Played on the same deals with the same seeds, paired by deal.

def _unsafe_home(game: Game, move) -> bool:
    return move.is_home and move != game.safe_move_home()


def _waste_onto_column(game: Game, move) -> bool:
    return move.from_waste and move.dst < WASTE and bool(game.tableau[move.dst]) and bool(game.stock)


def _filtered(drop):
    """The cautious policy that plays a move ``drop`` names only when nothing else is left."""
    def policy(game: Game, rng):
        choice = cautious_choice(_Without(game, drop), rng) or cautious_choice(game, rng)
        return choice.move if choice else None
    return policy


def _waste_to_empty(game: Game, rng):
    """The cautious policy that, after a safe move home, fills an empty column with the waste's card."""
    safe = game.safe_move_home()
    empties = [j for j, col in enumerate(game.tableau) if not col]
    if safe is None and empties and game.waste:
        return game.legal_moves()[[str(m) for m in game.legal_moves()].index(f"w>{empties[0] + 1}")]
    choice = cautious_choice(game, rng)
    return choice.move if choice else None


def _cautious(game: Game, rng):
    choice = cautious_choice(game, rng)
    return choice.move if choice else None


GAME_POLICIES = {
    "cautious": _cautious,
    "waste into an empty column": _waste_to_empty,
    "no unsafe home move": _filtered(_unsafe_home),
    "deal past the waste card": _filtered(_waste_onto_column),
}


def games_stage(game_id: str, deals, writer) -> None:
    for deal in deals:
        for name, policy in GAME_POLICIES.items():
            r = play_policy(Game(game_id, deal=deal), policy, rng=deal)
            writer.writerow({"game": game_id, "deal": deal, "policy": name, "status": str(r.status),
                             "cards_home": r.cards_home, "moves": len(r.moves)})


def unsafe_why(game: Game, card: int) -> str:
    """Which condition of the two-deck safe-home rule a fitting ``card`` fails."""
    heights = rules.foundation_heights(game.foundations)
    r, s2 = card % 13, 2 * (card // 13)
    twin_ok = r == 0 or heights[s2 + 1] >= r
    builders_ok = all(heights[2 * (b // 13) + 1] > b % 13
                      for b in rules.builders_table(game.variant.build)[card])
    return "both" if not (twin_ok or builders_ok) else "twin" if not twin_ok else "builder"


def needed_below(game: Game, column: int) -> int:
    """How many cards under the top of ``column`` are next, or next but one, for a foundation of
    their suit: the cards that digging this column would bring within reach of home."""
    heights = rules.foundation_heights(game.foundations)
    n = 0
    for card in game.tableau[column][:-1]:
        r, s2 = card % 13, 2 * (card // 13)
        n += any(0 <= r - h <= 1 for h in heights[s2:s2 + 2])
    return n


def options(game: Game) -> dict[str, list[tuple]]:
    """The questions this position raises: question -> [(option, engine moves, detail[, needed])]."""
    out: dict[str, list[tuple]] = {}
    tab, waste, legal = game.tableau, game.waste, game.legal_moves()
    empties = [j for j, col in enumerate(tab) if not col]
    if empties:
        e = empties[0]
        opts = []
        if waste:
            opts.append(("waste", [f"w>{e + 1}"], card_symbol(waste[-1])))
        build = game.variant.build
        for j, col in enumerate(tab):
            if len(col) >= 2 and not rules.can_build(col[-1], col[-2], build):
                opts.append(("card", [f"{j + 1}>{e + 1}"], card_symbol(col[-1]), needed_below(game, j)))
        for m in game.run_moves():
            col = tab[m.src]
            whole = len(col) == m.count or not rules.can_build(col[-m.count], col[-m.count - 1], build)
            if m.dst == e and whole and len(col) > m.count:
                opts.append(("run", [str(x) for x in game.expand(m)], f"{m.count} cards"))
        if game.stock:
            opts.append(("keep", ["s>w"], ""))
        if len({o[0] for o in opts}) >= 2:
            out["empty"] = opts
    safe = game.safe_move_home()
    unsafe = [m for m in legal if m.is_home and m != safe]
    if unsafe and safe is None:
        m = unsafe[0]
        card = waste[-1] if m.src == WASTE else tab[m.src][-1]
        hold = cautious_choice(_Without(game))
        if hold is not None:
            why = unsafe_why(game, card)
            out["home"] = [("home", [str(m)], f"{card_symbol(card)} {why}"),
                           ("hold", [str(hold.move)], why)]
    onto = [m for m in legal if m.from_waste and m.dst < WASTE and tab[m.dst]]
    if onto and game.stock:
        out["waste"] = [("onto", [str(m)], card_symbol(tab[m.dst][-1])) for m in onto]
        out["waste"].append(("deal", ["s>w"], ""))
    return out


def verdict(game: Game, moves: list[str], max_states: int) -> tuple[str, int]:
    g = game.copy()
    for m in moves:
        g.play(m)
    if g.is_won:
        return "won", 0
    r = solve(g, time_limit=None, max_states=max_states, shorten_line=False)
    return str(r.status), r.states


def spread(items: list, k: int) -> list:
    """At most ``k`` of ``items``, evenly spaced, first and last included."""
    if len(items) <= k:
        return items
    return [items[round(i * (len(items) - 1) / (k - 1))] for i in range(k)] if k > 1 else items[:1]


def lines_stage(game_id: str, deals, max_states: int) -> dict:
    rows = []
    for deal in deals:
        r = solve(Game(game_id, deal=deal), time_limit=None, max_states=max_states)
        row = {"deal": deal, "status": str(r.status), "states": r.states}
        if r.won:
            row["moves"] = [str(m) for m in r.moves]
        rows.append(row)
        print(game_id, deal, r.status, r.states, flush=True)
    return {"game": game_id, "max_states": max_states, "deals": rows}


def questions_stage(game_id: str, lines: dict, max_states: int, per_deal: int, writer) -> None:
    for row in lines["deals"]:
        if row["status"] != "won":
            continue
        g = Game(game_id, deal=row["deal"])
        found: dict[str, list] = {}
        for ply, move in enumerate(row["moves"]):
            for q, opts in options(g).items():
                found.setdefault(q, []).append((ply, opts))
            g.play(move)
        for q, where in found.items():
            for ply, opts in spread(where, per_deal):
                pos = Game(game_id, deal=row["deal"])
                for m in row["moves"][:ply]:
                    pos.play(m)
                for option, moves, detail, *needed in opts:
                    status, states = verdict(pos, moves, max_states)
                    writer.writerow({"game": game_id, "deal": row["deal"], "ply": ply, "question": q,
                                     "option": option, "move": " ".join(moves), "detail": detail,
                                     "needed_below": needed[0] if needed else "",
                                     "verdict": status, "states": states, "line_move": row["moves"][ply],
                                     "stock": len(pos.stock), "cards_home": pos.cards_home,
                                     "empty_columns": sum(1 for c in pos.tableau if not c)})
        print(game_id, row["deal"], {q: len(w) for q, w in found.items()}, flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", nargs="+", default=["forty_thieves", "maria"])
    p.add_argument("--deals", default="1-100")
    p.add_argument("--line-states", type=int, default=150_000)
    p.add_argument("--verdict-states", type=int, default=50_000)
    p.add_argument("--per-deal", type=int, default=10)
    p.add_argument("--game-deals", default="1-500", help="deals for the whole games of the cautious policy")
    p.add_argument("--reuse-lines", action="store_true", help="keep lines already computed")
    p.add_argument("--games-only", action="store_true", help="only play the whole games")
    args = p.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for game_id in args.games:
        start = time.time()
        with open(OUT / f"{game_id}_games.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, ["game", "deal", "policy", "status", "cards_home", "moves"])
            writer.writeheader()
            games_stage(game_id, parse_deals(args.game_deals), writer)
        command = "python notebooks/_questions_forty_thieves_maria.py " + " ".join(sys.argv[1:])
        games_note = {"command": command,
                      "machine": f"{platform.machine()}, one process under nice on a shared 2-core machine",
                      "game_deals": args.game_deals, "seconds": round(time.time() - start),
                      "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
        (OUT / f"{game_id}_games.json").write_text(json.dumps(games_note, indent=1) + "\n")
        if args.games_only:
            continue
        start = time.time()
        lines_file = OUT / f"{game_id}_lines.json"
        if args.reuse_lines and lines_file.exists():
            lines = json.loads(lines_file.read_text())
        else:
            lines = lines_stage(game_id, parse_deals(args.deals), args.line_states)
            lines_file.write_text(json.dumps(lines, separators=(",", ":")))
        lines_time = time.time() - start
        with open(OUT / f"{game_id}_questions.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, FIELDS)
            writer.writeheader()
            questions_stage(game_id, lines, args.verdict_states, args.per_deal, writer)
        note = {"command": command,
                "machine": f"{platform.machine()}, one process under nice on a shared 2-core machine",
                "line_states": lines["max_states"], "verdict_states": args.verdict_states,
                "per_deal": args.per_deal, "lines_seconds": round(lines_time),
                "questions_seconds": round(time.time() - start - lines_time),
                "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
        (OUT / f"{game_id}_questions.json").write_text(json.dumps(note, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""Where the review's loss proofs spend their states: the sound search at the positions it left open.

For each game of a ``data/review_losing.py`` CSV that the review could not name (outcome "how far"),
the position after the moves given (by default the first move after which no win was found, the one
whose proof would name the losing move) is searched by the sound search alone as the review's loss
proofs run it (R6; with ``--dead-ends`` R7 too) up to ``--states`` states. One line a search: the
answer, states met, states expanded, children looked up, CPU seconds, states a CPU second, the
core's bytes in use and reserved a state, and what the position holds. One process; run it under
``nice``. Example::

    nice -n 10 python -m tools.loss_proofs data/review_losing.csv --states 8000000
    nice -n 10 python -m tools.loss_proofs data/review_losing.csv --games forty_thieves:70002 \\
        --after 108,109 --dead-ends both
"""

from __future__ import annotations

import argparse
import csv
import gc
import time

from ft_widget import Game
from ft_widget.policies import play_policy
from ft_widget.solver.model import Model
from ft_widget.solver.search import CompiledSearch


def position(variant: str, deal: int, moves: int) -> Game:
    """The cautious habit player's game of ``deal`` (as data/review_losing.py plays it), ``moves`` in."""
    played = play_policy(Game(variant, deal=deal), "cautious", rng=1)
    game = Game(variant, deal=deal)
    for m in played.moves[:moves]:
        game.play(m)
    return game


def profile(game: Game, states: int, dead_ends: bool) -> dict:
    """The sound search (R6, R7 with ``dead_ends``) from ``game`` until it settles it or meets ``states``."""
    start = Model.from_game(game)
    search = CompiledSearch(Model(game.variant, deal_and_play=True, dead_ends=dead_ends), start)
    t0 = time.process_time()
    status = search.status
    while status is None and search.states < states:
        status = search.advance(16)
    cpu = time.process_time() - t0
    tab, down, found, waste, stock, _ = start
    core = search._core
    return dict(status=str(status or "unknown"), states=search.states, expanded=core.expanded,
                generated=core.generated, cpu=round(cpu, 2), per_second=round(search.states / max(cpu, 1e-9)),
                bytes_per_state=round(search.nbytes / search.states, 1),
                reserved_per_state=round(search.held_bytes / search.states, 1),
                home=sum(found), stock=len(stock), waste=len(waste), face_down=sum(down),
                empty_columns=sum(not c for c in tab), column_cards=sum(map(len, tab)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", help="a CSV written by data/review_losing.py")
    parser.add_argument("--states", type=int, default=4_000_000, help="states a search may meet")
    parser.add_argument("--games", default="", help="variant:deal,... (default: every 'how far' game)")
    parser.add_argument("--after", default="", help="moves played, k,... (default: the first move "
                        "after which the review found no win)")
    parser.add_argument("--dead-ends", choices=["no", "yes", "both"], default="no", help="R7 in the search")
    args = parser.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    gc.disable()  # millions of states, no cycles: as solve runs its searches
    with open(args.csv, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["outcome"] == "how far"]
    for r in rows:
        tag = f"{r['variant']}:{r['deal']}"
        if wanted and tag not in wanted:
            continue
        afters = [int(k) for k in args.after.split(",")] if args.after else [int(r["no_win_found_after"])]
        for k in afters:
            game = position(r["variant"], int(r["deal"]), k)
            for dead in {"no": [False], "yes": [True], "both": [False, True]}[args.dead_ends]:
                print({"game": tag, "after": k, "dead_ends": dead, **profile(game, args.states, dead)},
                      flush=True)


if __name__ == "__main__":
    main()

"""Engine side of js/test/engine.test.js: the real ft_widget engine checks the frontend.

    python engine_check.py positions SEED N   -> JSON list of {position, state}: random
        one-card positions with empty columns and runs built by each variant's rule
    python engine_check.py replay < cases.json -> JSON list of verdicts, one per case
        {position, moves, dst, run}: play the single-card moves in order; each must be
        legal, and the run must end on column dst in order.
"""

from __future__ import annotations

import json
import random
import sys

from ft_widget import VARIANTS, Game
from ft_widget.cards import card_str, is_red, rank_of, suit_of
from ft_widget.widget import public_state

ONE_CARD = [v for v in VARIANTS.values() if not v.sequences]


def fits(card: int, onto: int, build: str) -> bool:
    if rank_of(onto) != rank_of(card) + 1:
        return False
    if build == "same suit":
        return suit_of(card) == suit_of(onto)
    if build == "any suit but its own":
        return suit_of(card) != suit_of(onto)
    return is_red(card) != is_red(onto)


def random_position(rng: random.Random) -> dict:
    v = rng.choice(ONE_CARD)
    pool = list(range(52)) * 2
    rng.shuffle(pool)
    empties = rng.sample(range(v.columns), rng.randint(0, 3))
    tableau = []
    for i in range(v.columns):
        if i in empties:
            tableau.append([])
            continue
        col = [f"<{card_str(pool.pop())}>" for _ in range(rng.choice([0, 0, 1]))]
        col.append(card_str(pool.pop()))
        card = pool[-1]
        # a run on top, built by the variant's rule, from cards still in the pool
        for _ in range(rng.randint(0, 5)):
            nxt = [c for c in pool if fits(c, card, str(v.build))]
            if not nxt:
                break
            card = rng.choice(nxt)
            pool.remove(card)
            col.append(card_str(card))
        tableau.append(col)
    # Lucas' Aces start home; otherwise the foundations are empty.
    foundations = [[] for _ in range(8)]
    if v.aces_start:
        for k, suit in enumerate([0, 0, 1, 1, 2, 2, 3, 3]):
            ace = suit * 13
            if ace in pool:
                pool.remove(ace)
                foundations[k] = ["A" + "CDHS"[suit]]
    return {"variant": v.id, "tableau": tableau, "foundations": foundations, "waste": [],
            "stock": [card_str(c) for c in pool], "redeals_left": 0}


def positions(seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = random_position(rng)
        try:
            game = Game.from_position(pos)
        except ValueError:
            continue  # e.g. Lucas without both Aces of a suit in the pool: draw again
        out.append({"position": pos, "state": public_state(game)})
    return out


def replay(case: dict) -> dict:
    game = Game.from_position(case["position"])
    for k, move in enumerate(case["moves"]):
        if not game.is_legal(move):
            return {"ok": False, "why": f"move {k + 1} {move} is illegal"}
        game.play(move)
    top = game.position()["tableau"][int(case["dst"]) - 1][-len(case["run"]):]
    if top != case["run"]:
        return {"ok": False, "why": f"column {case['dst']} ends {top}, not {case['run']}"}
    return {"ok": True}


if __name__ == "__main__":
    if sys.argv[1] == "positions":
        print(json.dumps(positions(int(sys.argv[2]), int(sys.argv[3]))))
    else:
        print(json.dumps([replay(c) for c in json.load(sys.stdin)]))

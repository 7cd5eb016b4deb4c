"""Drive the compiled core's ``Search`` with one malformed argument (or a hostile callback), for
``tests/test_solver_core_defends.py``, which runs each case in its own process: a core that
writes past a buffer kills the interpreter with a signal, and that must never happen.

    python tests/core_abuse.py CASE

prints ``refused <ExceptionName>: <message>`` for each refusal and ``ok`` at the end (or the status
the search reported); the test reads that and the exit code."""

from __future__ import annotations

import sys

from ft_widget import Game
from ft_widget.game import FOUNDATION, STOCK, WASTE
from ft_widget.solver import search as search_module
from ft_widget.solver.model import Model

_core = search_module._core
PILES = (WASTE, STOCK, FOUNDATION)


def args(variant_id="forty_thieves", deal=1, **model_kw):
    """The arguments ``CompiledSearch`` gives the core, as a dict of lists to spoil."""
    model = Model(Game(variant_id, deal=deal).variant, **model_kw)
    flags = [int(model.sequences), model.stock_deal, int(model.prune), int(model.run_moves),
             int(model.keep_built), int(model.home_first), int(model.stock_by_length),
             search_module.TURN, int(model.key_has_down), int(model.waste_safe), int(model.deal_and_play)]
    return dict(onto=[list(r) for r in model.accepts], home_sets=model.home_sets, flags=flags,
                weights=list(model.weights), piles=list(PILES),
                start=list(Model.from_game(Game(variant_id, deal=deal))))


def build(a):
    return _core.Search(a["onto"], a["home_sets"], tuple(a["flags"]), tuple(a["weights"]),
                        tuple(a["piles"]), tuple(a["start"]))


def attempt(what, fn):
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - the point is to print what was raised
        print(f"refused {type(e).__name__}: {e}", flush=True)
        return None
    print(f"{what}: {r}", flush=True)
    return r


def run(a, states=20_000):
    """Build, then advance until ``states`` or the end; the status the search reports."""
    s = build(a)
    while s.status == 0 and s.states < states:
        s.advance(1)
    return s.status


def long_runs(a):
    """A bad building table (a card goes on the next card and on card 51, three times over) and
    columns that are long runs under it: eight lone 51s and eight runs of 49 cards. Every card of
    a run may go on each 51 three times: some 9,400 moves in a state, past the core's buffer."""
    a["onto"] = [[c + 1, 51, 51, 51] if c < 50 else [] for c in range(52)]
    tab = [(51,)] * 8 + [tuple(range(49, 0, -1))] * 8
    a["start"][0:3] = [tuple(tab), (0,) * 16, (0,) * 8]
    a["start"][3:5] = [(), ()]
    a["piles"] = [20, 21, 22]  # room for 16 columns
    return a


def thirteen_long_columns(a):
    """13 columns of 50 cards each, every card the same 13-card run over and over (far more than
    the two copies of a card that two decks hold)."""
    run13 = tuple(13 * (k % 4) + 12 - k % 13 for k in range(50))
    a["start"][0:3] = [(run13,) * 13, (0,) * 13, (0,) * 8]
    return a


CASES = {
    "table_not_down_one_rank": lambda: run(long_runs(args("streets"))),
    "table_same_rank": lambda: run(dict(args(), onto=[[13 * s + c % 13 for s in range(4)]
                                                      for c in range(52)])),
    "pile_ids_over_255": lambda: run(dict(args(), piles=[300, 301, 302])),
    "pile_ids_equal": lambda: run(dict(args(), piles=[WASTE, WASTE, FOUNDATION])),
    "pile_id_is_a_column": lambda: run(dict(args(), piles=[3, STOCK, FOUNDATION])),
    "thirteen_long_columns": lambda: run(thirteen_long_columns(args("streets"))),
    "weights_out_of_range": lambda: run(dict(args(), weights=[65, -2, -4, 6, -2, -1, 0])),
    "weights_huge": lambda: run(dict(args(), weights=[2**40, -2, -4, 6, -2, -1, 0])),
    "stock_deal_huge": lambda: run(dict(args(), flags=[0, 2**40] + args()["flags"][2:])),
    "redeals_huge": lambda: run(dict(args("little_forty"),
                                     start=args("little_forty")["start"][:5] + [2**40])),
    "down_counts_short": lambda: run(dict(args(),
                                          start=[args()["start"][0], (0,) * 3] + args()["start"][2:])),
}


def reentrant():
    """A home_sets callback that calls advance on its own search: refused, and the search, which
    popped a state it did not expand, never goes on (today it reported "lost" after 3 states)."""
    a = args()
    box = []
    inner = a["home_sets"]

    def home_sets(found):
        box[0].advance(1)
        return inner(found)

    a["home_sets"] = home_sets
    box.append(build(a))
    attempt("advance", lambda: box[0].advance(1))
    attempt("advance again", lambda: box[0].advance(1))


def allocation_fails():
    """Real allocations failing (an address-space limit a little above what the process holds):
    the core raises MemoryError, and the search, which may have stored a state it did not queue,
    never goes on to report "lost"."""
    import resource

    with open("/proc/self/statm") as f:
        size = int(f.read().split()[0]) * resource.getpagesize()
    a = args("little_forty", 1, deal_and_play=False)
    s = build(a)
    resource.setrlimit(resource.RLIMIT_AS, (size + (48 << 20), resource.RLIM_INFINITY))
    r = None
    while r in (None, 0):
        r = attempt("advance", lambda: s.advance(16))
        if r is None:
            break
    if r is None:
        for _ in range(3):
            attempt("advance after the failure", lambda: s.advance(16))


def uninitialised():
    s = _core.Search.__new__(_core.Search)
    attempt("advance", lambda: s.advance(1))


def init_twice():
    a = args()
    s = build(a)
    attempt("init again", lambda: s.__init__(a["onto"], a["home_sets"], tuple(a["flags"]),
                                             tuple(a["weights"]), tuple(a["piles"]), tuple(a["start"])))


SPECIAL = {"reentrant": reentrant, "allocation_fails": allocation_fails, "uninitialised": uninitialised,
           "init_twice": init_twice}


if __name__ == "__main__":
    case = sys.argv[1]
    if case in SPECIAL:
        SPECIAL[case]()
    else:
        attempt("status", CASES[case])
    print("ok", flush=True)

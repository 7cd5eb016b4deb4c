"""Drive the compiled core's ``Search`` with one malformed argument (or a hostile callback or card), for
``tests/test_solver_core_defends.py`` and ``tests/test_solver_core.py`` (the HOSTILE cards), which run
each case in its own process: a core that writes past a buffer, or reads an item freed under it, kills
the interpreter with a signal, and that must never happen.

    python tests/core_abuse.py CASE

prints ``refused <ExceptionName>: <message>`` for each refusal and ``ok`` at the end (or the status
the search reported); the test reads that and the exit code."""

from __future__ import annotations

import gc
import sys
import weakref

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
             search_module.TURN, int(model.key_has_down), int(model.waste_safe), int(model.deal_and_play),
             int(model.dead_ends)]
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
    "dead_ends_not_a_flag": lambda: run(dict(args(), flags=args()["flags"][:11] + [2])),
    "flags_one_short": lambda: run(dict(args(), flags=args()["flags"][:11])),
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


class Card:
    """A card (an int to the core through ``__index__``) whose conversion cuts ``victim``, a list
    the core is reading, down to its first ``keep`` items: what the core took from that list before
    must not be freed under it."""

    alive = weakref.WeakSet()  # every Card not yet freed: the core must not keep one

    def __init__(self, value, victim, keep=0):
        self.value, self.victim, self.keep = value, victim, keep
        Card.alive.add(self)

    def __index__(self):
        del self.victim[self.keep:]
        return self.value


def answer(a, states=3_000):
    s = build(a)
    while s.status == 0 and s.states < states:
        s.advance(1)
    return s.status, s.states, s.expanded, s.line()


def with_waste(a):
    """The position with the stock's last five cards moved to the waste."""
    stock = a["start"][4]
    a["start"][3:5] = [tuple(stock[-5:]), tuple(stock[:-5])]
    return a


def column(a, keep=0):
    """The first card of the first column cuts that column down to ``keep`` cards. The cards past
    them are Cards too (that cut nothing): freed when cut, unless the core holds them."""
    tab = [list(c) for c in a["start"][0]]
    tab[0] = [Card(v, [], keep) for v in tab[0]]
    tab[0][0].victim = tab[0]
    a["start"][0] = tab
    return a


def column_with_a_bad_card(a):
    """As ``column``, and the second card is out of range: refused, and nothing kept on the way out."""
    a = column(a)
    a["start"][0][0][1].value = 52
    return a


def tableau(a):
    """The second card of the third column empties the list of columns."""
    tab = [list(c) for c in a["start"][0]]
    tab[2][1] = Card(tab[2][1], tab)
    a["start"][0] = tab
    return a


def onto_table(a):
    """A card of the first non-empty row empties the building table."""
    c = next(c for c, row in enumerate(a["onto"]) if row)
    a["onto"][c][0] = Card(a["onto"][c][0], a["onto"])
    return a


def onto_row(a):
    """The first card of a row of two or more empties that row."""
    c = next(c for c, row in enumerate(a["onto"]) if len(row) > 1)
    a["onto"][c][0] = Card(a["onto"][c][0], a["onto"][c])
    return a


def pile(a, i):
    """The first item of ``start[i]`` empties that list: the face-down counts (i = 1, read as a
    card is), the foundation heights (2: no int, but converts), the waste (3) or the stock (4)."""
    items = list(a["start"][i])
    items[0] = Card(items[0], items)
    a["start"][i] = items
    return a


def home_sets(a):
    """home_sets returns lists whose first card empties them (read by the search, not __init__)."""
    inner = a["home_sets"]

    def hostile(heights):
        fit, safe = (list(x) for x in inner(heights))
        if fit:
            fit[0] = Card(fit[0], fit)
        return fit, safe

    a["home_sets"] = hostile
    return a


HOSTILE = {
    "column_emptied": lambda: column(args()),
    "column_shortened": lambda: column(args(), keep=1),
    "column_emptied_bad_card": lambda: column_with_a_bad_card(args()),
    "tableau_emptied": lambda: tableau(args()),
    "down_emptied": lambda: pile(args("number_ten"), 1),
    "onto_emptied": lambda: onto_table(args()),
    "onto_row_emptied": lambda: onto_row(args("maria")),  # Forty Thieves' rows hold one card
    "waste_emptied": lambda: pile(with_waste(args()), 3),
    "stock_emptied": lambda: pile(args(), 4),
    "found_emptied": lambda: pile(args(), 2),
    "home_sets_emptied": lambda: home_sets(args()),
}
CLEAN = {"waste_emptied": lambda: with_waste(args()), "down_emptied": lambda: args("number_ten"),
         "onto_row_emptied": lambda: args("maria")}


def hostile(case):
    """The search given cards that cut the list they are read from: a refusal or the answer the
    same arguments give as plain ints, then how many Cards outlive it (a reference the core kept)."""
    clean = answer(CLEAN.get(case, args)())

    def same():
        got = answer(HOSTILE[case]())
        return "the plain answer" if got == clean else f"{got[:3]}, not {clean[:3]}"

    attempt("answer", same)
    gc.collect()
    print(f"cards alive: {len(Card.alive)}", flush=True)


SPECIAL = {"reentrant": reentrant, "allocation_fails": allocation_fails, "uninitialised": uninitialised,
           "init_twice": init_twice}


if __name__ == "__main__":
    case = sys.argv[1]
    if case in SPECIAL:
        SPECIAL[case]()
    elif case in HOSTILE:
        hostile(case)
    else:
        attempt("status", CASES[case])
    print("ok", flush=True)
